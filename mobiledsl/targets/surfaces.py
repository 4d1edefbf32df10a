"""How the robot touches the floor, the same in every target: one source for the friction a
tyre, a roller or a road wheel grips with, and the none a caster ball or a moulded contact
slides with. Parts state no friction of their own (a foot's is the part's), so these are the
target's."""

from __future__ import annotations

TYRE_FRICTION = 1.2  # rubber on a hard floor; MuJoCo takes the larger of the two surfaces'
SLIDER_FRICTION = 0.0  # a caster ball turns freely, a skid slides

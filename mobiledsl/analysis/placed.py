"""The robot as placed, once for the whole analysis: ``place(robot) -> Placed``.

Every rule judges the same frames and solids: each component's frame, each link's where its
servo holds it, the bodies with their collision solids, the wheels, the tracks and the feet
the robot stands on. ``place`` works them out from the assembled robot once (with
``placement``'s builders) and the rules read them from the record instead of placing the
robot again. The record is the phase's own: the analysis it writes holds none of it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cached_property
from types import MappingProxyType

import numpy as np

from ..library.model import Contact, Foot, Part
from ..model.frames import Transform as Frame
from ..model.robot import Component, Robot
from ..recordtype import record
from .geometry import Solid
from .placement import (
    Body,
    Track,
    Wheel,
    frame_of,
    link_body,
    own_body,
    placed_frame,
    track_at,
    wheel_at,
)


@record(eq=False)
class Foothold:
    """A foot the robot stands on, with the solid of the shape it names, as placed."""

    component: Component
    part: Part
    foot: Foot
    solid: Solid


@record(eq=False)
class Placed:
    """The robot's frames and solids in base_link, as every rule of the analysis reads them."""

    bodies: tuple[Body, ...]  # the parts' own bodies and their links', in placement order
    frames: Mapping[str, Frame]  # each component's frame, by its name
    link_frames: Mapping[tuple[str, str], Frame]  # (component, link): where it is held
    solids: Mapping[tuple[str, str | None, int], Solid]  # (component, link, shape index)
    wheels: tuple[Wheel, ...]  # wheels and casters, in the components' order
    tracks: tuple[Track, ...]
    feet: tuple[Foothold, ...]  # the feet it stands on whose shape is placed

    def frame(self, c: Component) -> Frame:
        return self.frames[c.name]

    def link_frame(self, c: Component, link: str) -> Frame | None:
        return self.link_frames.get((c.name, link))

    def solid(self, c: Component, link: str | None, index: int) -> Solid | None:
        return self.solids.get((c.name, link, index))

    def wheel(self, c: Component) -> Wheel | None:
        return self._wheels.get(c.name)

    def track(self, c: Component) -> Track | None:
        return self._tracks.get(c.name)

    @cached_property
    def _wheels(self) -> dict[str, Wheel]:
        return {w.component.name: w for w in self.wheels}

    @cached_property
    def _tracks(self) -> dict[str, Track]:
        return {t.component.name: t for t in self.tracks}


def placed_contacts(
    robot: Robot, placed: Placed
) -> Iterator[tuple[Component, int, Contact, np.ndarray]]:
    """Each contact a part states, with its index in the part and its centre in base_link,
    in the components' order."""
    for c in robot.components:
        part = robot.parts.get(c.part)
        if part is None:
            continue
        f = placed.frame(c)
        for i, k in enumerate(part.contacts):
            yield c, i, k, f.point(k.xyz)


def place(robot: Robot) -> Placed:
    frames: dict[str, Frame] = {}
    link_frames: dict[tuple[str, str], Frame] = {}
    bodies: list[Body] = []
    wheels: list[Wheel] = []
    tracks: list[Track] = []
    for c in robot.components:
        f = frames[c.name] = _read_only(frame_of(c))
        part = robot.parts.get(c.part)
        if part is None:
            continue
        bodies.append(own_body(c, part, f))
        links = {l.name: l for l in part.links}
        for pl in c.links:
            lf = _read_only(placed_frame(pl))
            # a link named twice is found by its first placing (as placement.link_frame)
            link_frames.setdefault((c.name, pl.name), lf)
            if pl.name in links:
                bodies.append(link_body(c, part, links[pl.name], lf))
        w = wheel_at(c, part, f) if part.wheel is not None else None
        if w is not None:
            wheels.append(w)
        t = track_at(c, part, f) if part.track is not None else None
        if t is not None:
            tracks.append(t)
    solids: dict[tuple[str, str | None, int], Solid] = {}
    for b in bodies:
        for s in b.shapes:
            solids.setdefault((s.component, s.link, s.index), s.solid)
    feet = tuple(_footholds(robot, solids))
    return Placed(
        tuple(bodies),
        MappingProxyType(frames),
        MappingProxyType(link_frames),
        MappingProxyType(solids),
        tuple(wheels),
        tuple(tracks),
        feet,
    )


def _read_only(f: Frame) -> Frame:
    """A frame every rule reads (a wheel's centre is its frame's origin): none may change it
    for the next."""
    f.translation.flags.writeable = False
    return f


def _footholds(
    robot: Robot, solids: Mapping[tuple[str, str | None, int], Solid]
) -> Iterator[Foothold]:
    for c, part, foot in standing_feet(robot):
        solid = solids.get((c.name, foot.link, foot.shape))
        if solid is not None:
            yield Foothold(c, part, foot, solid)


def standing_feet(robot: Robot) -> list[tuple[Component, Part, Foot]]:
    """The feet the robot stands on: a Legged chassis's own, or, when it has none, the feet
    of the legs (components of type Leg) placed on it. A chassis used as another type stands
    on its wheels or tracks (its feet are shapes of its links like the rest), and a leg on it,
    or on a chassis with legs of its own, hangs (validation.assembly.legs_on_a_legged_chassis)."""
    if robot.chassis_type != "Legged":
        return []
    try:
        chassis = robot.component(robot.chassis)
    except KeyError:
        return []
    cpart = robot.parts.get(chassis.part)
    if cpart is None:
        return []
    if cpart.feet:
        return [(chassis, cpart, f) for f in cpart.feet]
    out: list[tuple[Component, Part, Foot]] = []
    for c in robot.components:
        part = robot.parts.get(c.part)
        if c.type == "Leg" and part is not None:
            out.extend((c, part, f) for f in part.feet)
    return out

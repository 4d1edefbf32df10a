"""Where a walker's limbs stand on its body, worked out when the walker loads.

Each limb is placed by its glue as the assembly places a program's leg: the glue names the
body's connector it matches (within 1 mm and 0.01 in direction), and the leg's own ``Leg``
mount mates onto it, turned by the glue's roll. The walker record keeps each limb's frame
(``Limb.frame``), so the analysis, which asks whether a robot is a walker's robot, compares
the robot's placed legs with placed limbs and runs no assembly of its own.

Why at the walker's load and not in the assembly phase: the walker's body and legs are the
library's parts, known when the walker loads (its task reads their records already), and a
limb's frame is a fact about the walker alone, the same for every program. The assembly
phase would have to be handed every walker of the libraries and place each walker's limbs
for every robot it assembles, to give the analysis the same numbers.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping

from .model import Limb, LimbFrame, Part


def placed_limbs(
    body: Part | None, limbs: Iterable[Limb], parts: Mapping[str, Part]
) -> tuple[Limb, ...]:
    """``limbs`` each with its frame on ``body`` (None where it cannot be placed)."""
    return tuple(
        dataclasses.replace(limb, frame=limb_frame(body, parts.get(limb.part), limb.glue))
        for limb in limbs
    )


def limb_frame(body: Part | None, leg: Part | None, glue: tuple[float, ...]) -> LimbFrame | None:
    """Where a limb of part ``leg`` glued by ``glue`` onto ``body`` (at base_link) stands,
    or None when the glue names no single connector of the body or the leg has no Leg
    mount."""
    from ..model import connectors as g
    from ..model.frames import Transform
    from ..model.mating import mate

    if body is None or leg is None or len(glue) < 6 or not g.is_unit(glue):
        return None
    hosts = g.connectors_in_chassis_frame("body", body, Transform.identity())
    found = g.matching(glue, hosts)
    if len(found) != 1:
        return None
    hc = found[0]
    own = leg.connectors.get(leg.profiles.get("Leg", {}).get("default", ""))
    if own is None:
        return None
    roll = glue[6] if len(glue) > 6 else 0.0
    t = mate(own.pos, own.dir, own.up, hc.pos, hc.dir, hc.up, roll)
    x, y, z = (float(v) for v in t.translation)
    rx, ry, rz = ((float(a), float(b), float(c)) for a, b, c in t.rotation)
    return LimbFrame((x, y, z), (rx, ry, rz))

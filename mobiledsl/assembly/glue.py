"""Glue matching (docs/assembly.md): which connector of the chassis or of a placed part a glue
names, and the glue error with its nearest-connector help.

A glue ``(x, y, z, nx, ny, nz[, roll])`` is a point and a direction in the chassis frame. The
rule of which connector it names lives in ``mobiledsl.model.connectors`` (the walker loader
places limbs by it too); the assembly reads it through this module, which adds the glue
errors and their help.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from decimal import ROUND_HALF_UP, Context, Decimal

import numpy as np

from ..diagnostics import Diagnostic, Fix, Span, error
from ..model.connectors import (  # noqa: F401  (read as g.<name> by the assembly)
    _SLACK,
    DIRECTION_TOLERANCE,
    POINT_TOLERANCE,
    UNIT_TOLERANCE,
    ConnectorIndex,
    HostConnector,
    _unit,
    connectors_in_chassis_frame,
    direction_cosine,
    direction_distance,
    direction_length,
    is_unit,
    matches,
    matching,
    nearest,
    point_distance,
)

GLUE_CODE = "validation.assembly.glue_on_connector"
# A glue this near its nearest free connector is taken for a slip of the pen: ``mobiledsl fix``
# writes that connector's glue. One farther off may mean another place, so it is only helped.
FIX_DISTANCE = 0.05  # m


# -- numbers as the help writes them -------------------------------------------------------

_WIDE = Context(prec=400)  # every float, written out in full with its decimals


def fixed(x: float, places: int) -> str:
    """``x`` rounded half-up to ``places`` decimals as a person reads it (the float's
    rounding dust below 1e-9 ignored), all places kept."""
    d = Decimal(repr(round(float(x), 9))).quantize(
        Decimal(1).scaleb(-places), rounding=ROUND_HALF_UP, context=_WIDE
    )
    text = f"{d:f}"
    if text.startswith("-") and Decimal(text) == 0:
        text = text[1:]
    return text


def short(x: float, places: int = 4) -> str:
    """``x`` at ``places`` decimals with trailing zeros (and a bare point) dropped."""
    text = fixed(x, places)
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text in ("", "-0") else text


def as_written(x: float) -> str:
    """A number the user gave, in its shortest exact form (a roll kept as it was)."""
    if float(x) == int(x) and abs(x) < 1e15:
        return str(int(x))
    return repr(float(x))


def glue_text(hc: HostConnector, roll: float | None = None) -> str:
    values = [short(c) for c in (*hc.pos, *hc.dir)]
    if roll is not None:
        values.append(as_written(roll))
    return "(" + ", ".join(values) + ")"


# -- the diagnostics -------------------------------------------------------------------------


def no_match(
    component: str, glue: Sequence[float], span: Span | None, free: Sequence[HostConnector]
) -> Diagnostic:
    """The glue error docs/assembly.md shows: the nearest free connector, the exact glue to write
    for it (keeping a given roll) and the list of the free connectors."""
    roll = glue[6] if len(glue) > 6 else None
    best = nearest(glue, free)
    if best is None:
        return error(
            GLUE_CODE,
            f"the glue of '{component}' matches no connector of the chassis or of a "
            f"placed part, and no connector is free",
            span,
            label="matches no connector",
            help=(
                "every connector of the chassis and of the placed parts holds a part; "
                "declare a part with a free connector, or a chassis with more"
            ),
        )
    message = (
        f"the glue of '{component}' matches no connector of the chassis or of a placed "
        f"part; the nearest is '{best.label}', {fixed(point_distance(glue, best), 3)} m "
        f"away with direction cosine {fixed(direction_cosine(glue, best), 2)}"
    )
    helps = (
        f"to mount on '{best.label}' write glue = {glue_text(best, roll)}",
        "the free connectors are: " + ", ".join(sorted(hc.label for hc in free)),
    )
    near = point_distance(glue, best) <= FIX_DISTANCE and direction_cosine(glue, best) > 0.9
    return error(
        GLUE_CODE,
        message,
        span,
        label="matches no connector",
        help=helps,
        fixes=_glue_fix(span, best, roll) if near else (),
    )


def _glue_fix(span: Span | None, hc: HostConnector, roll: float | None) -> tuple[Fix, ...]:
    """The fix that writes the glue of ``hc`` over the glue tuple at ``span``."""
    return (Fix(span, glue_text(hc, roll)),) if span is not None and span.line else ()


def not_unit(
    component: str, glue: Sequence[float], span: Span | None, named: Sequence[HostConnector] = ()
) -> Diagnostic:
    """``named``: the free connectors the glue names all the same (by its point, and by its
    direction normalised when it has one); the help gives the exact glue for each."""
    length = direction_length(glue)
    roll = glue[6] if len(glue) > 6 else None
    helps = [
        f"to mount on '{hc.label}' write glue = {glue_text(hc, roll)}"
        for hc in sorted(named, key=lambda h: h.label)
    ]
    if not helps and length > 0:
        n = np.asarray(glue[3:6], dtype=float) / length
        helps.append(
            f"the unit direction along it is ({', '.join(short(c) for c in n)}); "
            "better, copy the direction of the connector you mean"
        )
    if not helps:
        helps.append(
            "write the direction (nx, ny, nz) as a unit vector: the outward "
            "direction of the connector the part mates onto, in the chassis frame, "
            "such as (0, 0, 1) for one that faces up"
        )
    # one connector named: its glue is the fix; two are a choice left to the user
    fixes = _glue_fix(span, named[0], roll) if len(named) == 1 else ()
    return error(
        GLUE_CODE,
        f"the direction of the glue of '{component}' is not of unit length "
        f"(its length is {short(length, 4)}; allowed 1 ± {UNIT_TOLERANCE})",
        span,
        label="not a unit direction",
        help=tuple(helps),
        fixes=fixes,
    )


def ambiguous(component: str, span: Span | None, candidates: Sequence[HostConnector]) -> Diagnostic:
    labels = sorted(hc.label for hc in candidates)
    helps = tuple(
        f"to mount on '{hc.label}' write glue = {glue_text(hc)}"
        for hc in sorted(candidates, key=lambda h: h.label)
    )
    return error(
        GLUE_CODE,
        f"the glue of '{component}' matches {len(labels)} connectors: "
        + ", ".join(f"'{l}'" for l in labels),
        span,
        label="matches more than one connector",
        help=helps,
    )


def angle_degrees(cos: float) -> float:
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))

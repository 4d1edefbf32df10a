"""Glue matching (docs/assembly.md): which connector of the chassis or of a placed part a glue
names, and the glue error with its nearest-connector help.

A glue ``(x, y, z, nx, ny, nz[, roll])`` is a point and a direction in the chassis frame. It
matches a connector when the points lie within 1 mm of each other and the unit directions
within 0.01 (Euclidean distance).
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from decimal import ROUND_HALF_UP, Context, Decimal

import numpy as np

from ..diagnostics import Diagnostic, Fix, Span, error
from ..library.model import Connector, Part
from ..model.frames import Transform, VecLike, norm
from ..recordtype import record

POINT_TOLERANCE = 1e-3      # m
DIRECTION_TOLERANCE = 0.01  # Euclidean distance between unit directions
UNIT_TOLERANCE = 1e-3       # how far from 1 a glue direction's length may be
_SLACK = 1e-12              # floating-point dust on the tolerances' edges

GLUE_CODE = "validation.assembly.glue_on_connector"
# A glue this near its nearest free connector is taken for a slip of the pen: ``mobiledsl fix``
# writes that connector's glue. One farther off may mean another place, so it is only helped.
FIX_DISTANCE = 0.05         # m


@record
class HostConnector:
    """A connector of a placed component, in the chassis frame."""

    component: str
    name: str
    pos: np.ndarray
    dir: np.ndarray
    up: np.ndarray | None
    connector: Connector | None     # None: where a glue that is not unit, normalised, points

    @property
    def label(self) -> str:
        return f"{self.component}.{self.name}"


def connectors_in_chassis_frame(component: str, part: Part,
                                transform: Transform) -> list[HostConnector]:
    out = []
    for name in sorted(part.connectors):
        c = part.connectors[name]
        up = None if c.up is None else transform.vector(c.up)
        out.append(HostConnector(component, name, transform.point(c.pos),
                                 _unit(transform.vector(c.dir)), up, c))
    return out


def _unit(v: VecLike) -> np.ndarray:
    a = np.asarray(v, dtype=float)
    n = float(norm(a))
    return a / n if n > 0 else a


def direction_length(glue: Sequence[float]) -> float:
    return float(norm(np.asarray(glue[3:6], dtype=float)))


def is_unit(glue: Sequence[float]) -> bool:
    return abs(direction_length(glue) - 1.0) <= UNIT_TOLERANCE + _SLACK


def point_distance(glue: Sequence[float], hc: HostConnector) -> float:
    return float(norm(np.asarray(glue[:3], dtype=float) - hc.pos))


def direction_distance(glue: Sequence[float], hc: HostConnector) -> float:
    return float(norm(_unit(glue[3:6]) - hc.dir))


def direction_cosine(glue: Sequence[float], hc: HostConnector) -> float:
    return float(np.dot(_unit(glue[3:6]), hc.dir))


def matches(glue: Sequence[float], hc: HostConnector, loose: bool = False) -> bool:
    """``loose``: a glue whose direction has no length names a connector by its point alone
    (only to follow a part whose glue is an error of its own)."""
    if point_distance(glue, hc) > POINT_TOLERANCE + _SLACK:
        return False
    if loose and direction_length(glue) == 0:
        return True
    return direction_distance(glue, hc) <= DIRECTION_TOLERANCE + _SLACK


def matching(glue: Sequence[float], candidates: Iterable[HostConnector],
             loose: bool = False) -> list[HostConnector]:
    return [hc for hc in candidates if matches(glue, hc, loose)]


class ConnectorIndex:
    """Connectors filed by where they are, so that finding the ones a glue names looks at
    the few nearby instead of every connector of the robot. A grid of cells twice the point
    tolerance wide: a connector within the tolerance of the glue's point lies in the glue's
    cell or in one next to it. The answer is exactly ``matching`` over the same list."""

    CELL = 2 * POINT_TOLERANCE

    def __init__(self, candidates: Sequence[HostConnector]):
        self.candidates = list(candidates)
        self.cells: dict[tuple[int, int, int], list[int]] = {}
        self.unfiled: list[int] = []            # a connector somewhere no cell can say
        for i, hc in enumerate(self.candidates):
            key = self._cell(hc.pos)
            if key is None:
                self.unfiled.append(i)
            else:
                self.cells.setdefault(key, []).append(i)

    def _cell(self, p) -> tuple[int, int, int] | None:
        if not all(math.isfinite(v) and abs(v) < 1e9 for v in p):
            return None
        return (math.floor(p[0] / self.CELL), math.floor(p[1] / self.CELL),
                math.floor(p[2] / self.CELL))

    def matching(self, glue: Sequence[float], loose: bool = False) -> list[HostConnector]:
        key = self._cell(glue[:3])
        if key is None:
            return matching(glue, self.candidates, loose)
        near = list(self.unfiled)
        x, y, z = key
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                for dz in (-1, 0, 1):
                    near.extend(self.cells.get((x + dx, y + dy, z + dz), ()))
        return [self.candidates[i] for i in sorted(near)
                if matches(glue, self.candidates[i], loose)]


def nearest(glue: Sequence[float], candidates: Iterable[HostConnector]) -> HostConnector | None:
    """The connector nearest the glue: by the distance between the points, with the
    direction breaking near-ties (a direction distance of 0.01 weighs as 0.1 mm)."""
    best = None
    best_key = None
    for hc in candidates:
        key = (round(point_distance(glue, hc) + 0.01 * direction_distance(glue, hc), 12),
               hc.label)
        if best_key is None or key < best_key:
            best, best_key = hc, key
    return best


# -- numbers as the help writes them -------------------------------------------------------

_WIDE = Context(prec=400)   # every float, written out in full with its decimals


def fixed(x: float, places: int) -> str:
    """``x`` rounded half-up to ``places`` decimals as a person reads it (the float's
    rounding dust below 1e-9 ignored), all places kept."""
    d = Decimal(repr(round(float(x), 9))).quantize(Decimal(1).scaleb(-places),
                                                    rounding=ROUND_HALF_UP, context=_WIDE)
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

def no_match(component: str, glue: Sequence[float], span: Span | None,
             free: Sequence[HostConnector]) -> Diagnostic:
    """The glue error docs/assembly.md shows: the nearest free connector, the exact glue to write
    for it (keeping a given roll) and the list of the free connectors."""
    roll = glue[6] if len(glue) > 6 else None
    best = nearest(glue, free)
    if best is None:
        return error(GLUE_CODE,
                     f"the glue of '{component}' matches no connector of the chassis or of a "
                     f"placed part, and no connector is free", span,
                     label="matches no connector",
                     help=("every connector of the chassis and of the placed parts holds a part; "
                           "declare a part with a free connector, or a chassis with more"))
    message = (f"the glue of '{component}' matches no connector of the chassis or of a placed "
               f"part; the nearest is '{best.label}', {fixed(point_distance(glue, best), 3)} m "
               f"away with direction cosine {fixed(direction_cosine(glue, best), 2)}")
    helps = (f"to mount on '{best.label}' write glue = {glue_text(best, roll)}",
             "the free connectors are: " + ", ".join(sorted(hc.label for hc in free)))
    near = point_distance(glue, best) <= FIX_DISTANCE and direction_cosine(glue, best) > 0.9
    return error(GLUE_CODE, message, span, label="matches no connector", help=helps,
                 fixes=_glue_fix(span, best, roll) if near else ())


def _glue_fix(span: Span | None, hc: HostConnector, roll: float | None) -> tuple[Fix, ...]:
    """The fix that writes the glue of ``hc`` over the glue tuple at ``span``."""
    return (Fix(span, glue_text(hc, roll)),) if span is not None and span.line else ()


def not_unit(component: str, glue: Sequence[float], span: Span | None,
             named: Sequence[HostConnector] = ()) -> Diagnostic:
    """``named``: the free connectors the glue names all the same (by its point, and by its
    direction normalised when it has one); the help gives the exact glue for each."""
    length = direction_length(glue)
    roll = glue[6] if len(glue) > 6 else None
    helps = [f"to mount on '{hc.label}' write glue = {glue_text(hc, roll)}"
             for hc in sorted(named, key=lambda h: h.label)]
    if not helps and length > 0:
        n = np.asarray(glue[3:6], dtype=float) / length
        helps.append(f"the unit direction along it is ({', '.join(short(c) for c in n)}); "
                     "better, copy the direction of the connector you mean")
    if not helps:
        helps.append("write the direction (nx, ny, nz) as a unit vector: the outward "
                     "direction of the connector the part mates onto, in the chassis frame, "
                     "such as (0, 0, 1) for one that faces up")
    # one connector named: its glue is the fix; two are a choice left to the user
    fixes = _glue_fix(span, named[0], roll) if len(named) == 1 else ()
    return error(GLUE_CODE,
                 f"the direction of the glue of '{component}' is not of unit length "
                 f"(its length is {short(length, 4)}; allowed 1 ± {UNIT_TOLERANCE})", span,
                 label="not a unit direction", help=tuple(helps), fixes=fixes)


def ambiguous(component: str, span: Span | None,
              candidates: Sequence[HostConnector]) -> Diagnostic:
    labels = sorted(hc.label for hc in candidates)
    helps = tuple(f"to mount on '{hc.label}' write glue = {glue_text(hc)}"
                  for hc in sorted(candidates, key=lambda h: h.label))
    return error(GLUE_CODE,
                 f"the glue of '{component}' matches {len(labels)} connectors: "
                 + ", ".join(f"'{l}'" for l in labels), span,
                 label="matches more than one connector", help=helps)


def angle_degrees(cos: float) -> float:
    return math.degrees(math.acos(max(-1.0, min(1.0, cos))))

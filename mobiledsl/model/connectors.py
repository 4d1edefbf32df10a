"""Where connectors are and which ones a glue names: a placed component's connectors in the
chassis frame, and the rule that a glue ``(x, y, z, nx, ny, nz[, roll])`` names a connector
when the points lie within 1 mm of each other and the unit directions within 0.01
(Euclidean distance). The assembly places parts by it, and the walker loader places a
walker's limbs by it, so both live below every phase.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

from ..library.model import Connector, Part
from ..recordtype import record
from .frames import Transform, VecLike, norm

POINT_TOLERANCE = 1e-3  # m
DIRECTION_TOLERANCE = 0.01  # Euclidean distance between unit directions
UNIT_TOLERANCE = 1e-3  # how far from 1 a glue direction's length may be
_SLACK = 1e-12  # floating-point dust on the tolerances' edges


@record
class HostConnector:
    """A connector of a placed component, in the chassis frame."""

    component: str
    name: str
    pos: np.ndarray
    dir: np.ndarray
    up: np.ndarray | None
    connector: Connector | None  # None: where a glue that is not unit, normalised, points

    @property
    def label(self) -> str:
        return f"{self.component}.{self.name}"


def connectors_in_chassis_frame(
    component: str, part: Part, transform: Transform
) -> list[HostConnector]:
    out = []
    for name in sorted(part.connectors):
        c = part.connectors[name]
        up = None if c.up is None else transform.vector(c.up)
        out.append(
            HostConnector(
                component, name, transform.point(c.pos), _unit(transform.vector(c.dir)), up, c
            )
        )
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


def matching(
    glue: Sequence[float], candidates: Iterable[HostConnector], loose: bool = False
) -> list[HostConnector]:
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
        self.unfiled: list[int] = []  # a connector somewhere no cell can say
        for i, hc in enumerate(self.candidates):
            key = self._cell(hc.pos)
            if key is None:
                self.unfiled.append(i)
            else:
                self.cells.setdefault(key, []).append(i)

    def _cell(self, p) -> tuple[int, int, int] | None:
        if not all(math.isfinite(v) and abs(v) < 1e9 for v in p):
            return None
        return (
            math.floor(p[0] / self.CELL),
            math.floor(p[1] / self.CELL),
            math.floor(p[2] / self.CELL),
        )

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
        return [
            self.candidates[i] for i in sorted(near) if matches(glue, self.candidates[i], loose)
        ]


def nearest(glue: Sequence[float], candidates: Iterable[HostConnector]) -> HostConnector | None:
    """The connector nearest the glue: by the distance between the points, with the
    direction breaking near-ties (a direction distance of 0.01 weighs as 0.1 mm)."""
    best = None
    best_key = None
    for hc in candidates:
        key = (round(point_distance(glue, hc) + 0.01 * direction_distance(glue, hc), 12), hc.label)
        if best_key is None or key < best_key:
            best, best_key = hc, key
    return best

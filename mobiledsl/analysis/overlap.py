"""How deep two solids overlap, and whether wells hold the overlap: the convex-geometry
questions the clearance rules ask of ``geometry``'s solids.

Two polytopes share the region ``A x <= b`` of both their planes; its largest ball (its
Chebyshev centre) says how deep they overlap, found exactly when the planes bound a box
(two parts turned alike: most parts on a chassis) and otherwise by ``smalllp``'s walk
(HiGHS should the walk not finish). A sphere or a capsule is judged by distance.

Every length is in metres; every point is in ``base_link``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

from ..model.frames import norm
from ..recordtype import record
from . import smalllp
from .geometry import Poly, Round, Solid, sort_planes


@record
class Well:
    """A cylinder about ``axis`` through ``centre``: ``radius`` across, ``width`` along."""

    centre: np.ndarray
    axis: np.ndarray
    radius: float
    width: float

    def holds(self, pts: np.ndarray, grow: float = 0.0) -> np.ndarray:
        d = pts - self.centre
        along = d @ self.axis
        across = np.linalg.norm(d - np.outer(along, self.axis), axis=1)
        return (np.abs(along) <= self.width / 2 + grow + 1e-12) & (
            across <= self.radius + grow + 1e-12
        )

    def reach(self, pts: np.ndarray) -> tuple[float, float]:
        """The well (radius, width) that would hold ``pts``."""
        d = pts - self.centre
        along = d @ self.axis
        across = np.linalg.norm(d - np.outer(along, self.axis), axis=1)
        return float(across.max()), float(2 * np.abs(along).max())


def boxes_overlap(p: Solid, q: Solid, slack: float = 0.0) -> bool:
    (pa, pb, pc), (pA, pB, pC) = p.bounds
    (qa, qb, qc), (qA, qB, qC) = q.bounds
    return (
        pa <= qA + slack
        and pb <= qB + slack
        and pc <= qC + slack
        and qa <= pA + slack
        and qb <= pB + slack
        and qc <= pC + slack
    )


def _chebyshev(A: np.ndarray, b: np.ndarray) -> tuple[float, np.ndarray] | None:
    """The largest ball inside ``A x <= b`` (unit normals): (radius, centre). The radius is
    negative when the half-spaces share no point (then it is how far apart they are, at most)."""
    box = _as_box(A, b)
    if box is not None:
        return _box_ball(box)
    found = smalllp.chebyshev(A, b, cap=1.0)
    return found if found is not None else _highs_chebyshev(A, b)


def _box_ball(box: tuple[np.ndarray, np.ndarray, np.ndarray]) -> tuple[float, np.ndarray]:
    """The largest ball of a box (capped at 1 m, as ``_chebyshev``'s)."""
    axes, lo, hi = box
    half = (hi - lo) / 2
    return min(float(half.min()), 1.0), axes.T @ ((hi + lo) / 2)


def _highs_chebyshev(A: np.ndarray, b: np.ndarray) -> tuple[float, np.ndarray] | None:
    """The same linear program by HiGHS, should the small walk ever not finish."""
    from scipy.optimize import linprog

    m = A.shape[0]
    res = linprog(
        c=[0, 0, 0, -1],
        A_ub=np.hstack([A, np.ones((m, 1))]),
        b_ub=b,
        bounds=[(None, None)] * 3 + [(None, 1.0)],
        method="highs",
    )
    return (float(res.x[3]), res.x[:3]) if res.status == 0 else None


def _as_box(A: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """When every plane of ``A x <= b`` faces along one of three perpendicular axes (two
    boxes turned alike: most parts on a chassis), the box they bound: (axes as rows, lo,
    hi) along those axes; else None. Its largest ball and its corners are then exact.

    Each axis is the first plane along it; a plane is along an axis when its normal's dot
    product with the axis is 1 or -1 within 1e-12, and must otherwise be perpendicular to it
    within 1e-12. Plain floats: a dozen planes cost less so than as arrays."""
    if len(A) > 24:
        return None
    rows = A.tolist()
    axes: list[int] = []  # the rows that are axes, in order
    along: list[tuple[int, bool]] = []  # per plane: its axis, and whether it faces its way
    if not sort_planes(rows, 0, rows, axes, along) or len(axes) != 3:
        return None
    return _box_along(A, axes, along, b.tolist())


def _box_along(
    A: np.ndarray, axes: list[int], along: list[tuple[int, bool]], offsets: list[float]
) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    lo, hi = [-math.inf] * 3, [math.inf] * 3
    for (k, ahead), offset in zip(along, offsets):
        # ties go to the later plane, as numpy's minimum and maximum give them
        if ahead:
            if offset <= hi[k]:
                hi[k] = offset
        elif -offset >= lo[k]:
            lo[k] = -offset
    if not all(math.isfinite(v) for v in lo + hi):
        return None
    return A[axes], np.array(lo), np.array(hi)


def _pair_box(p: Poly, q: Poly) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """``_as_box`` of the planes of ``p`` and then ``q``, with ``p``'s filed once for every
    pair it is in (a chassis meets every part on it)."""
    rows, ok, axes, along = p.planes
    if not ok:
        return None  # the planes of both fail where p's own fail
    if len(axes) != 3 or len(rows) + len(q.A) > 24:
        return _as_box(np.vstack([p.A, q.A]), np.concatenate([p.b, q.b]))
    both_axes, both_along = list(axes), list(along)
    if not sort_planes(q.A.tolist(), len(rows), rows, both_axes, both_along) or len(both_axes) != 3:
        return None
    return _box_along(p.A, both_axes, both_along, p.b.tolist() + q.b.tolist())


def _segment_signed_distance(
    seg_a: np.ndarray, seg_b: np.ndarray, poly: Poly
) -> tuple[float, np.ndarray]:
    """Signed distance from a segment to a polytope (negative: how deep the segment reaches
    inside), with the segment's point that is nearest (or deepest)."""
    d = seg_b - seg_a
    m = poly.A.shape[0]
    # deepest point: maximise s with A (a + t d) + s <= b, 0 <= t <= 1
    A_ub = np.hstack([(poly.A @ d).reshape(-1, 1), np.ones((m, 1))])
    b_ub = poly.b - poly.A @ seg_a
    from scipy.optimize import linprog, minimize

    res = linprog(c=[0, -1], A_ub=A_ub, b_ub=b_ub, bounds=[(0, 1), (None, None)], method="highs")
    if res.status == 0 and res.x[1] >= 0:
        t = float(res.x[0])
        return -float(res.x[1]), seg_a + t * d
    # outside: the least distance between the segment and the polytope
    centre = poly.vertices.mean(axis=0)

    def f(z):
        p = seg_a + z[0] * d
        return float(np.sum((p - z[1:]) ** 2))

    def grad(z):
        p = seg_a + z[0] * d
        diff = p - z[1:]
        return np.concatenate([[2 * diff @ d], -2 * diff])

    tried: list[tuple[float, np.ndarray]] = []
    for t0 in (0.0, 0.5, 1.0):
        out = minimize(
            f,
            np.concatenate([[t0], centre]),
            jac=grad,
            method="SLSQP",
            bounds=[(0, 1), (None, None), (None, None), (None, None)],
            constraints=[
                {
                    "type": "ineq",
                    "fun": lambda z: poly.b - poly.A @ z[1:],
                    "jac": lambda z: np.hstack([np.zeros((m, 1)), -poly.A]),
                }
            ],
            options={"ftol": 1e-16, "maxiter": 200},
        )
        tried.append((math.sqrt(max(out.fun, 0.0)), seg_a + out.x[0] * d))
    return min(tried, key=lambda found: found[0])  # the first of the least


def _segments_distance(p1, q1, p2, q2) -> tuple[float, np.ndarray]:
    """Least distance between two segments, and the midpoint of the closest pair."""
    d1, d2, r = q1 - p1, q2 - p2, p1 - p2
    a, e, f = d1 @ d1, d2 @ d2, d2 @ r
    if a <= 1e-18 and e <= 1e-18:
        return float(norm(r)), (p1 + p2) / 2
    if a <= 1e-18:
        s, t = 0.0, min(max(f / e, 0.0), 1.0)
    else:
        c = d1 @ r
        if e <= 1e-18:
            t, s = 0.0, min(max(-c / a, 0.0), 1.0)
        else:
            bb = d1 @ d2
            den = a * e - bb * bb
            s = min(max((bb * f - c * e) / den, 0.0), 1.0) if den > 1e-18 else 0.0
            t = (bb * s + f) / e
            if t < 0:
                t, s = 0.0, min(max(-c / a, 0.0), 1.0)
            elif t > 1:
                t, s = 1.0, min(max((bb - c) / a, 0.0), 1.0)
    c1, c2 = p1 + d1 * s, p2 + d2 * t
    return float(norm(c1 - c2)), (c1 + c2) / 2


def depth(p: Solid, q: Solid) -> tuple[float, np.ndarray | None]:
    """How deep two solids overlap (m, <= 0 when they do not) and where.

    Two polytopes: the thickness of what they share, the diameter of the largest ball inside
    both (for two boxes pressed face into face, the depth one reaches into the other). A
    sphere or a capsule: its radius less the signed distance of its centre or segment from
    the other solid.
    """
    if not boxes_overlap(p, q):
        return -1.0, None
    if isinstance(p, Round) and isinstance(q, Round):
        dist, at = _segments_distance(p.a, p.b, q.a, q.b)
        return p.radius + q.radius - dist, at
    if isinstance(p, Round) and isinstance(q, Poly):
        sd, at = _segment_signed_distance(p.a, p.b, q)
        return p.radius - sd, at
    if isinstance(q, Round) and isinstance(p, Poly):
        sd, at = _segment_signed_distance(q.a, q.b, p)
        return q.radius - sd, at
    assert isinstance(p, Poly) and isinstance(q, Poly)  # a Solid is one of the two
    box = _pair_box(p, q)
    cheb = (
        _box_ball(box)
        if box is not None
        else _chebyshev(np.vstack([p.A, q.A]), np.concatenate([p.b, q.b]))
    )
    if cheb is None:
        return -1.0, None
    return 2 * cheb[0], cheb[1]


def _vertices_of(A: np.ndarray, b: np.ndarray, inside: np.ndarray) -> np.ndarray | None:
    """The corners of ``A x <= b``, a bounded polytope with the point ``inside`` in it."""
    box = _as_box(A, b)
    if box is not None:
        axes, lo, hi = box
        corners = np.array(
            [[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1]) for z in (lo[2], hi[2])]
        )
        return corners @ axes
    return smalllp.vertices(A, b, inside)


def _uncovered(A, b, wells: Sequence[Well], r: float) -> np.ndarray | None:
    """A point of the region ``A x <= b`` shrunk by ``r`` that lies outside every well grown
    by ``r`` (so the ball of radius ``r`` about it is in the region and in no well), or None."""
    cheb = _chebyshev(A, b - r)
    if cheb is None or cheb[0] <= 1e-9:
        return None
    verts = _vertices_of(A, b - r, cheb[1])
    if verts is None:
        verts = cheb[1].reshape(1, 3)
    held = np.zeros(len(verts), dtype=bool)
    for w in wells:
        held |= w.holds(verts, r)
    if not held.all():
        return verts[np.argmin(held)]
    if any(w.holds(verts, r).all() for w in wells):
        return None
    # every corner is in some well, no well holds them all: look between the corners
    lo, hi = verts.min(axis=0), verts.max(axis=0)
    n = 12
    grid = np.stack(
        np.meshgrid(*[np.linspace(lo[k], hi[k], n) for k in range(3)], indexing="ij"), axis=-1
    ).reshape(-1, 3)
    grid = grid[np.all(grid @ A.T <= b - r + 1e-12, axis=1)]
    held = np.zeros(len(grid), dtype=bool)
    for w in wells:
        held |= w.holds(grid, r)
    return grid[np.argmin(held)] if len(grid) and not held.all() else None


def depth_beyond_wells(
    p: Solid, q: Solid, wells: Sequence[Well], tolerance: float
) -> tuple[float, np.ndarray, np.ndarray] | None:
    """What of the overlap of ``p`` and ``q`` no well holds, when it is deeper than
    ``tolerance``: (depth, a point of it, the corners of the whole overlap); else None.

    Without wells this is ``depth``. With wells the overlap is taken as polytopes (spheres and
    capsules as the polytopes drawn around them) and the question is whether a ball of
    diameter ``tolerance`` fits in it outside every well; the depth reported is the diameter
    of the largest such ball.
    """
    d, at = depth(p, q)
    if d <= tolerance or at is None:  # no point only when they do not overlap
        return None
    pp = p.poly() if isinstance(p, Round) else p
    qq = q.poly() if isinstance(q, Round) else q
    A = np.vstack([pp.A, qq.A])
    b = np.concatenate([pp.b, qq.b])
    cheb = _chebyshev(A, b)
    corners = _vertices_of(A, b, cheb[1]) if cheb is not None and cheb[0] > 1e-9 else None
    if corners is None:
        corners = np.array([at])
    if not wells:
        return d, at, corners
    half = tolerance / 2
    witness = _uncovered(A, b, wells, half)
    if witness is None or cheb is None:  # no ball in the overlap, none in it shrunk
        return None
    lo, hi = half, max(cheb[0], half)
    for _ in range(30):
        if hi - lo < 1e-6:
            break
        mid = (lo + hi) / 2
        w = _uncovered(A, b, wells, mid)
        if w is None:
            hi = mid
        else:
            lo, witness = mid, w
    # the polytope drawn around a sphere or a capsule stands past it: never report deeper
    # than the solids themselves overlap
    return min(2 * lo, d), witness, corners

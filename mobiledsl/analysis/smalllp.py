"""The two small convex problems the clearance rules ask, solved without a general solver.

Every polytope the analysis meets is a handful of half-spaces in three dimensions (a box has
6, a cylinder's prism 50), so both questions have small exact answers:

- ``chebyshev(A, b)``: the largest ball inside ``A x <= b`` (unit normals). A linear program
  in four unknowns (the centre and the radius), solved by the simplex method on the
  inequalities themselves: start anywhere (a centre and the radius that fits there), walk up
  the edges of the feasible set, stop at the corner where no edge climbs. Bland's rule (the
  lowest index leaves and enters) keeps it from cycling on the degenerate corners that boxes
  and prisms have many of. The answer is a corner: four tight constraints solved exactly.
- ``vertices(A, b, inside)``: the corners of ``A x <= b``: every point where three planes
  meet and no other plane is crossed, found for all triples at once with numpy.

These replace scipy's linprog and HalfspaceIntersection, whose import alone costs more than
a whole compile; the general solvers stay only for the few questions these do not answer.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import numpy as np

_EPS = 1e-12
_FEASIBLE = 1e-9  # how far past a plane a corner may stand (floating-point dust)
_MAX_PIVOTS = 10_000


def chebyshev(A: np.ndarray, b: np.ndarray, cap: float = 1.0) -> tuple[float, np.ndarray] | None:
    """(radius, centre) of the largest ball in ``A x <= b`` with the radius at most ``cap``.
    The radius is negative when the half-spaces share no point. None if the walk fails."""
    A, b = _tightest(A, b)
    m = A.shape[0]
    G = np.vstack([np.hstack([A, np.ones((m, 1))]), [[0.0, 0.0, 0.0, 1.0]]])
    h = np.concatenate([b, [cap]])
    z = np.zeros(4)
    z[3] = float(min((b - A @ z[:3]).min(), cap))  # the ball that fits at the origin
    top = maximize(np.array([0.0, 0.0, 0.0, 1.0]), G, h, z)
    return None if top is None else (float(top[3]), top[:3].copy())


def _tightest(A: np.ndarray, b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """One plane per normal, the tightest: two solids facing the same way (two wheels on one
    axle line, a part flush with another) share planes, and a plane stated twice makes the
    walk's corners degenerate for nothing."""
    best: dict[tuple, int] = {}
    for i, row in enumerate(np.round(A, 12).tolist()):
        key = tuple(row)
        if key not in best or b[i] < b[best[key]]:
            best[key] = i
    keep = sorted(best.values())
    return A[keep], b[keep]


def maximize(c: np.ndarray, G: np.ndarray, h: np.ndarray, z: np.ndarray) -> np.ndarray | None:
    """The corner of ``G z <= h`` (four unknowns) where ``c . z`` is largest, walking from
    the feasible point ``z``; None when it is unbounded or the walk does not end."""
    n = G.shape[1]
    room = h - G @ z
    active: list[int] = [int(i) for i in np.flatnonzero(room <= _EPS)][:n]
    for _ in range(_MAX_PIVOTS):
        step = _direction(G, active, c)
        if step is None:
            return z
        d, leaving = step
        if leaving is not None:
            active.remove(leaving)
        if d is None:
            continue
        rate = G @ d
        room = h - G @ z
        blocking = [
            (max(room[i], 0.0) / rate[i], i)
            for i in range(len(h))
            if i not in active and rate[i] > _EPS
        ]
        if not blocking:
            return None
        t = min(blocking)[0]
        enter = min(i for s, i in blocking if s <= t + _EPS)  # Bland: the lowest enters
        z = z + t * d
        active.append(enter)
    return None


def _direction(G: np.ndarray, active: list[int], c: np.ndarray):
    """A direction that climbs while keeping tight the constraints that stay, and the one
    that leaves (None when none does); None at the optimum. Every direction is ``c``
    projected onto what keeps the remaining active planes tight: dropping a plane whose
    multiplier is negative then moves off it into the feasible side (its rate is the
    multiplier times a square), even where several active planes coincide."""
    n = G.shape[1]
    Ga = G[active] if active else np.zeros((0, n))
    d = _within(Ga, c)
    if float(d @ c) > _EPS:
        return d, None
    if not active:
        return None
    lam = np.linalg.lstsq(Ga.T, c, rcond=None)[0]
    negative = [k for k in range(len(active)) if lam[k] < -_EPS]
    if not negative:
        return None
    k = min(negative, key=lambda j: active[j])  # Bland: the lowest index leaves
    rest = [a for j, a in enumerate(active) if j != k]
    d = _within(G[rest] if rest else np.zeros((0, n)), c)
    # no climb once it is dropped (another active plane holds the same way): drop it only
    return (d if float(d @ c) > _EPS else None), active[k]


def _within(Ga: np.ndarray, c: np.ndarray) -> np.ndarray:
    """``c`` projected onto the directions that keep every row of ``Ga`` tight."""
    if len(Ga) == 0:
        return c.copy()
    _, s, vt = np.linalg.svd(Ga)
    null = vt[int((s > _EPS).sum()) :]
    return null.T @ (null @ c)


@lru_cache(maxsize=64)
def _triples(m: int) -> np.ndarray:
    return np.array(list(itertools.combinations(range(m), 3)), dtype=np.intp).reshape(-1, 3)


#: planes up to which every triple is tried (64: 41,664 triples, a few MB); a box against a
#: wheel's prism has 56. More (a sphere's polytope has hundreds) goes to the general solver.
MAX_PLANES = 64


def vertices(A: np.ndarray, b: np.ndarray, inside: np.ndarray | None = None) -> np.ndarray | None:
    """The corners of the bounded polytope ``A x <= b`` (without repeats), or None when it
    has fewer than four. ``inside``, a point inside it, is needed only past MAX_PLANES."""
    if A.shape[0] > MAX_PLANES:
        return _general_vertices(A, b, inside)
    # each triple's point by Cramer's rule, from the cross products of every pair of planes
    # and their triple products (the determinants): tens of thousands of 3x3 systems in a
    # few array operations, rather than one LU each
    i, j, k = _triples(A.shape[0]).T
    cross = np.cross(A[:, None, :], A[None, :, :])  # (m, m, 3)
    det = np.einsum("ia,jka->ijk", A, cross)[i, j, k]
    ok = np.abs(det) > 1e-12
    if not ok.any():
        return None
    i, j, k, det = i[ok], j[ok], k[ok], det[ok]
    pts = (b[i, None] * cross[j, k] + b[j, None] * cross[k, i] + b[k, None] * cross[i, j]) / det[
        :, None
    ]
    inside = np.all(pts @ A.T <= b + _FEASIBLE, axis=1)
    pts = pts[inside]
    if len(pts) < 4:
        return None
    return pts[first_of_each(np.round(pts, 9))]


def _general_vertices(A: np.ndarray, b: np.ndarray, inside) -> np.ndarray | None:
    """Qhull's half-space intersection, for polytopes of many planes (imported here: its
    import costs more than a compile of boxes and wheels)."""
    if inside is None:
        found = chebyshev(A, b)
        if found is None or found[0] <= 0:
            return None
        inside = found[1]
    from scipy.spatial import HalfspaceIntersection, QhullError

    hs = np.hstack([A, -b.reshape(-1, 1)])
    for options in (None, "QJ"):
        try:
            return HalfspaceIntersection(hs, inside, qhull_options=options).intersections
        except (QhullError, ValueError):
            continue
    return None


def first_of_each(rows: np.ndarray) -> list[int]:
    """The index of the first of each distinct row, in order (np.unique's answer, without
    the masked-array module it imports on first use)."""
    seen: set[tuple] = set()
    keep = []
    for i, row in enumerate(map(tuple, rows.tolist())):
        if row not in seen:
            seen.add(row)
            keep.append(i)
    return keep

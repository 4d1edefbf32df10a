"""Solids as the analysis computes with them, and the few convex-geometry questions it asks.

Two kinds of solid:

- ``Poly``: a convex polytope, held both as its corners (``vertices``, an (n, 3) array) and as
  half-spaces ``A x <= b`` with unit normals. Boxes, hulls, cylinders (as a prism drawn around
  them) and the pieces of a steered wheel's swept space are polytopes.
- ``Round``: the points within ``radius`` of the segment ``a``-``b``: a sphere when the two
  ends coincide, otherwise a capsule. Judged for clearance as they are (by distance); only to
  tell whether a well holds one is it replaced by ``Round.poly()``, a polytope drawn around it
  whose corners stand at most 1.74 % of its radius past it.

Every length is in metres; every point is in ``base_link`` unless a docstring says otherwise.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, cached_property

import numpy as np

from ..library.model import Shape
from ..model.frames import Transform as Frame
from ..model.frames import VecLike, axis_angle, norm
from ..recordtype import record
from . import planar, smalllp
from .smalllp import first_of_each

# scipy is imported where it is still needed (true hulls, a sphere or capsule against a
# polytope): its import costs more than a whole compile of a robot made of boxes and wheels.

#: sides of the prism drawn around a cylinder (its corners 0.21 % of the radius past it)
PRISM_SIDES = 48
#: the grid of the polytope drawn around a sphere: 15 degrees in azimuth and in elevation
SPHERE_STEP_DEG = 15


# -- frames --------------------------------------------------------------------------------

def rotation_about(axis: VecLike, point: VecLike, angle: float) -> Frame:
    """The turn by ``angle`` about the line through ``point`` along ``axis``."""
    R = axis_angle(axis, angle)
    p = np.asarray(point, dtype=float)
    return Frame(R, p - R @ p)


def unit(v) -> np.ndarray:
    v = np.asarray(v, dtype=float)
    n = float(norm(v))
    return v / n if n > 0 else v


def perpendiculars(axis: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two unit vectors completing ``axis`` to a right-handed orthonormal basis."""
    a = unit(axis)
    helper = np.array([1.0, 0.0, 0.0]) if abs(a[0]) < 0.9 else np.array([0.0, 1.0, 0.0])
    u = unit(np.cross(a, helper))
    return u, np.cross(a, u)


# -- solids --------------------------------------------------------------------------------

def _frozen(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


@record
class Poly:
    vertices: np.ndarray          # (n, 3)
    A: np.ndarray                 # (m, 3) unit outward normals
    b: np.ndarray                 # (m,)

    # the bounding box, asked for by every pair it is tested against: kept once computed
    # (read-only, so that no caller can change it for the next)
    @cached_property
    def lo(self) -> np.ndarray:
        return _frozen(self.vertices.min(axis=0))

    @cached_property
    def hi(self) -> np.ndarray:
        return _frozen(self.vertices.max(axis=0))

    @cached_property
    def bounds(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        return _bounds(self)

    @cached_property
    def planes(self) -> tuple[list, bool, tuple[int, ...], tuple[tuple[int, bool], ...]]:
        """Its normals as plain floats, filed by ``_sort_planes``: (normals, whether each is
        along or across the axes found, the axes, each plane's axis and way)."""
        rows = self.A.tolist()
        axes: list[int] = []
        along: list[tuple[int, bool]] = []
        ok = _sort_planes(rows, 0, rows, axes, along)
        return rows, ok, tuple(axes), tuple(along)

    def lowest(self, n: np.ndarray) -> float:
        return float((self.vertices @ n).min())


@record
class Round:
    a: np.ndarray
    b: np.ndarray
    radius: float

    @cached_property
    def lo(self) -> np.ndarray:
        return _frozen(np.minimum(self.a, self.b) - self.radius)

    @cached_property
    def hi(self) -> np.ndarray:
        return _frozen(np.maximum(self.a, self.b) + self.radius)

    @cached_property
    def bounds(self) -> tuple[tuple[float, ...], tuple[float, ...]]:
        return _bounds(self)

    def lowest(self, n: np.ndarray) -> float:
        return float(min(self.a @ n, self.b @ n)) - self.radius

    def poly(self) -> Poly:
        """The polytope drawn around it (see the module's docstring)."""
        ball = _unit_ball_polytope() * self.radius
        pts = (np.vstack([ball + self.a, ball + self.b]) if np.any(self.a != self.b)
               else ball + self.a)
        return poly_from_points(pts)


Solid = Poly | Round


def _bounds(s: Solid) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The bounding box as two tuples of plain floats: the broad phases compare many pairs
    of them, a few comparisons each."""
    return tuple(s.lo.tolist()), tuple(s.hi.tolist())


@cache
def _unit_ball_polytope_cached() -> bytes:
    step = math.radians(SPHERE_STEP_DEG)
    pts = [(0.0, 0.0, 1.0), (0.0, 0.0, -1.0)]
    n_az = round(2 * math.pi / step)
    n_el = round(math.pi / step)
    for j in range(1, n_el):
        el = -math.pi / 2 + j * step
        for i in range(n_az):
            az = i * step
            pts.append((math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), math.sin(el)))
    corners = np.array(pts)
    from scipy.spatial import ConvexHull
    hull = ConvexHull(corners)
    inner = float((-hull.equations[:, 3]).min())     # nearest facet plane to the centre
    return (corners / inner).tobytes()


def _unit_ball_polytope() -> np.ndarray:
    """Corners of a polytope that holds the unit ball (every facet plane at distance >= 1)."""
    return np.frombuffer(_unit_ball_polytope_cached()).reshape(-1, 3)


def ball_polytope_excess() -> float:
    """How far past the ball the corners of its polytope stand, as a fraction of the radius."""
    return float(np.linalg.norm(_unit_ball_polytope(), axis=1).max()) - 1.0


def poly_from_points(points) -> Poly:
    pts = np.asarray(points, dtype=float).reshape(-1, 3)
    from scipy.spatial import ConvexHull
    hull = ConvexHull(pts)
    eq = hull.equations
    # coplanar triangles give the same plane many times over; keep one of each
    key = np.round(eq, 9)
    eq = eq[first_of_each(key)]
    return Poly(pts[hull.vertices], eq[:, :3].copy(), -eq[:, 3].copy())


def poly_from_faces(points: np.ndarray, faces) -> Poly:
    """A declared convex hull as a polytope, from its own triangles (the library checked
    that they close a convex solid): one plane a face direction, pushed out to the corner
    that stands furthest along it, so every corner is inside within floating point."""
    pts = np.asarray(points, dtype=float).reshape(-1, 3)
    tri = pts[np.asarray(faces, dtype=np.intp)]
    normals = np.cross(tri[:, 1] - tri[:, 0], tri[:, 2] - tri[:, 0])
    normals /= np.linalg.norm(normals, axis=1, keepdims=True)
    centre = pts.mean(axis=0)
    inward = np.einsum("ij,ij->i", normals, centre - tri[:, 0]) > 0
    normals[inward] *= -1
    normals = normals[first_of_each(np.round(normals, 9))]
    return Poly(pts, normals, (pts @ normals.T).max(axis=0))


# the corners of a box of half-sides 1, in the order its vertices are kept
_BOX_CORNERS = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)])


# the planes of a box, in the order they are kept: -x, +x, -y, +y, -z, +z of its frame
_BOX_AXES = [0, 0, 1, 1, 2, 2]
_BOX_SIGNS = np.array([-1.0, 1.0, -1.0, 1.0, -1.0, 1.0])[:, None]


def box(size: Sequence[float], frame: Frame) -> Poly:
    half = np.asarray(size, dtype=float) / 2
    verts = frame.points(_BOX_CORNERS * half)
    normals = frame.rotation.T[_BOX_AXES] * _BOX_SIGNS
    offsets: list[float] = []
    for k in range(3):
        along = float(normals[2 * k + 1] @ frame.translation)
        offsets += (-along + half[k], along + half[k])    # (-n) . t is -(n . t) exactly
    return Poly(verts, normals, np.array(offsets))


def prism(centre, axis, radius: float, width: float, sides: int = PRISM_SIDES) -> Poly:
    """A prism drawn around the cylinder (its flat sides touch the cylinder). The corners
    and side normals are worked out for all sides at once, by the same operations in the
    same order as one side at a time (the angles' sines and cosines by ``math``)."""
    c = np.asarray(centre, dtype=float)
    a = unit(axis)
    u, v = perpendiculars(a)
    r = radius / math.cos(math.pi / sides)
    corner = [2 * math.pi * (k + 0.5) / sides for k in range(sides)]
    ring = c + r * (np.array([math.cos(t) for t in corner])[:, None] * u
                    + np.array([math.sin(t) for t in corner])[:, None] * v)
    verts = np.vstack([ring + a * width / 2, ring - a * width / 2])
    side = [2 * math.pi * (k + 1) / sides for k in range(sides)]
    sides_n = (np.array([math.cos(t) for t in side])[:, None] * u
               + np.array([math.sin(t) for t in side])[:, None] * v)
    offsets = [float(a @ c) + width / 2, float(-a @ c) + width / 2]
    offsets += [float(n @ c) + radius for n in sides_n]
    return Poly(verts, np.vstack([a, -a, sides_n]), np.array(offsets))


def shape_solid(shape: Shape, frame: Frame) -> Solid:
    """A declared collision shape (in the frame ``frame`` places in base_link) as a solid."""
    local = Frame.from_xyz_rpy(shape.origin_xyz, shape.rpy)
    f = frame @ local
    if shape.type == "hull":
        pts = frame.points(shape.vertices)
        return poly_from_faces(pts, shape.faces) if shape.faces else poly_from_points(pts)
    size = shape.size
    if size is None:    # the library gives every shape but a hull its size
        raise ValueError(f"a {shape.type!r} shape without a size")
    if shape.type == "box":
        return box(size, f)
    if shape.type == "sphere":
        c = f.point((0, 0, 0))
        return Round(c, c, size[0] / 2)
    if shape.type == "capsule":
        half = size[2] / 2
        return Round(f.point((0, 0, -half)), f.point((0, 0, half)), size[0] / 2)
    if shape.type == "cylinder":
        return prism(f.point((0, 0, 0)), f.vector((0, 0, 1)), size[0] / 2, size[2])
    raise ValueError(f"unknown shape type {shape.type!r}")


# -- clearance -----------------------------------------------------------------------------

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
        return ((np.abs(along) <= self.width / 2 + grow + 1e-12)
                & (across <= self.radius + grow + 1e-12))

    def reach(self, pts: np.ndarray) -> tuple[float, float]:
        """The well (radius, width) that would hold ``pts``."""
        d = pts - self.centre
        along = d @ self.axis
        across = np.linalg.norm(d - np.outer(along, self.axis), axis=1)
        return float(across.max()), float(2 * np.abs(along).max())


def boxes_overlap(p: Solid, q: Solid, slack: float = 0.0) -> bool:
    (pa, pb, pc), (pA, pB, pC) = p.bounds
    (qa, qb, qc), (qA, qB, qC) = q.bounds
    return pa <= qA + slack and pb <= qB + slack and pc <= qC + slack and \
        qa <= pA + slack and qb <= pB + slack and qc <= pC + slack


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
    res = linprog(c=[0, 0, 0, -1], A_ub=np.hstack([A, np.ones((m, 1))]), b_ub=b,
                  bounds=[(None, None)] * 3 + [(None, 1.0)], method="highs")
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
    axes: list[int] = []                    # the rows that are axes, in order
    along: list[tuple[int, bool]] = []      # per plane: its axis, and whether it faces its way
    if not _sort_planes(rows, 0, rows, axes, along) or len(axes) != 3:
        return None
    return _box_along(A, axes, along, b.tolist())


def _sort_planes(planes: list, first: int, rows: list, axes: list[int],
                 along: list[tuple[int, bool]]) -> bool:
    """File ``planes`` (normals, the first of them row ``first`` of ``rows``) under the axes
    found so far, adding an axis for a plane along none; False at a plane that is neither
    along nor perpendicular to one (or is no unit normal)."""
    for i, (x, y, z) in enumerate(planes, first):
        found = None
        for k, r in enumerate(axes):
            rx, ry, rz = rows[r]
            d = x * rx + y * ry + z * rz
            if abs(abs(d) - 1.0) <= 1e-12:
                if found is None:
                    found = (k, d > 0)
            elif abs(d) > 1e-12:
                return False
        if found is None:
            if abs(x * x + y * y + z * z - 1.0) > 1e-12:
                return False
            axes.append(i)
            found = (len(axes) - 1, True)
        along.append(found)
    return True


def _box_along(A: np.ndarray, axes: list[int], along: list[tuple[int, bool]],
               offsets: list[float]) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
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
        return None                 # the planes of both fail where p's own fail
    if len(axes) != 3 or len(rows) + len(q.A) > 24:
        return _as_box(np.vstack([p.A, q.A]), np.concatenate([p.b, q.b]))
    both_axes, both_along = list(axes), list(along)
    if not _sort_planes(q.A.tolist(), len(rows), rows, both_axes, both_along) or \
            len(both_axes) != 3:
        return None
    return _box_along(p.A, both_axes, both_along, p.b.tolist() + q.b.tolist())


def _segment_signed_distance(seg_a: np.ndarray, seg_b: np.ndarray,
                             poly: Poly) -> tuple[float, np.ndarray]:
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
        out = minimize(f, np.concatenate([[t0], centre]), jac=grad, method="SLSQP",
                       bounds=[(0, 1), (None, None), (None, None), (None, None)],
                       constraints=[{"type": "ineq", "fun": lambda z: poly.b - poly.A @ z[1:],
                                     "jac": lambda z: np.hstack([np.zeros((m, 1)), -poly.A])}],
                       options={"ftol": 1e-16, "maxiter": 200})
        tried.append((math.sqrt(max(out.fun, 0.0)), seg_a + out.x[0] * d))
    return min(tried, key=lambda found: found[0])    # the first of the least


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
    assert isinstance(p, Poly) and isinstance(q, Poly)    # a Solid is one of the two
    box = _pair_box(p, q)
    cheb = _box_ball(box) if box is not None else \
        _chebyshev(np.vstack([p.A, q.A]), np.concatenate([p.b, q.b]))
    if cheb is None:
        return -1.0, None
    return 2 * cheb[0], cheb[1]


def _vertices_of(A: np.ndarray, b: np.ndarray, inside: np.ndarray) -> np.ndarray | None:
    """The corners of ``A x <= b``, a bounded polytope with the point ``inside`` in it."""
    box = _as_box(A, b)
    if box is not None:
        axes, lo, hi = box
        corners = np.array([[x, y, z] for x in (lo[0], hi[0]) for y in (lo[1], hi[1])
                            for z in (lo[2], hi[2])])
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
    grid = np.stack(np.meshgrid(*[np.linspace(lo[k], hi[k], n) for k in range(3)], indexing="ij"),
                    axis=-1).reshape(-1, 3)
    grid = grid[np.all(grid @ A.T <= b - r + 1e-12, axis=1)]
    held = np.zeros(len(grid), dtype=bool)
    for w in wells:
        held |= w.holds(grid, r)
    return grid[np.argmin(held)] if len(grid) and not held.all() else None


def depth_beyond_wells(p: Solid, q: Solid, wells: Sequence[Well], tolerance: float
                       ) -> tuple[float, np.ndarray, np.ndarray] | None:
    """What of the overlap of ``p`` and ``q`` no well holds, when it is deeper than
    ``tolerance``: (depth, a point of it, the corners of the whole overlap); else None.

    Without wells this is ``depth``. With wells the overlap is taken as polytopes (spheres and
    capsules as the polytopes drawn around them) and the question is whether a ball of
    diameter ``tolerance`` fits in it outside every well; the depth reported is the diameter
    of the largest such ball.
    """
    d, at = depth(p, q)
    if d <= tolerance or at is None:     # no point only when they do not overlap
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
    if witness is None or cheb is None:     # no ball in the overlap, none in it shrunk
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


# -- the plane ------------------------------------------------------------------------------

def ground_basis(n: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The x and y axes of base_footprint on a plane of normal ``n``: base_link's x laid
    onto the plane, and n x that."""
    x = np.array([1.0, 0.0, 0.0])
    ex = x - (x @ n) * n
    if norm(ex) < 1e-9:
        ex = np.array([0.0, 1.0, 0.0]) - n[1] * n
    ex = unit(ex)
    return ex, np.cross(n, ex)


# -- polygons (2D) --------------------------------------------------------------------------

def convex_polygon(points) -> list[tuple[float, float]]:
    """The convex hull of 2D points, counter-clockwise from its lowest-leftmost corner.
    Fewer than three points, or points on one line, give the extreme points of that line."""
    return planar.convex_polygon(points)


def _segment_point_distance(p, a, b) -> float:
    ab = b - a
    L = ab @ ab
    t = 0.0 if L == 0 else min(max(((p - a) @ ab) / L, 0.0), 1.0)
    return float(norm(p - (a + t * ab)))


def polygon_margin(point, polygon) -> float:
    """Signed distance from a 2D point to the nearest edge of a convex polygon: positive
    inside, negative outside, zero on an edge. A polygon of fewer than three corners has no
    inside: the margin is minus the distance to it."""
    p = np.asarray(point, dtype=float)
    poly = [np.asarray(v, dtype=float) for v in polygon]
    if not poly:
        return -math.inf
    if len(poly) < 3:
        if len(poly) == 1:
            return -float(norm(p - poly[0]))
        return -_segment_point_distance(p, poly[0], poly[1])
    inside = True
    dist = math.inf
    for i in range(len(poly)):
        a, b = poly[i], poly[(i + 1) % len(poly)]
        e = b - a
        cross = e[0] * (p[1] - a[1]) - e[1] * (p[0] - a[0])   # > 0: left of a ccw edge
        if cross <= 0:
            inside = False
        dist = min(dist, _segment_point_distance(p, a, b))
    return dist if inside else -dist

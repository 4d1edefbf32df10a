"""Solids as the analysis computes with them.

Two kinds of solid:

- ``Poly``: a convex polytope, held both as its corners (``vertices``, an (n, 3) array) and as
  half-spaces ``A x <= b`` with unit normals. Boxes, hulls, cylinders (as a prism drawn around
  them) and the pieces of a steered wheel's swept space are polytopes.
- ``Round``: the points within ``radius`` of the segment ``a``-``b``: a sphere when the two
  ends coincide, otherwise a capsule. Judged for clearance as they are (by distance); only to
  tell whether a well holds one is it replaced by ``Round.poly()``, a polytope drawn around it
  whose corners stand at most 1.74 % of its radius past it.

How deep two solids overlap, and whether wells hold it, is ``overlap``'s; the frame maths is
``mobiledsl.model.frames``'s and the 2D polygons are ``planar``'s.

Every length is in metres; every point is in ``base_link`` unless a docstring says otherwise.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import cache, cached_property

import numpy as np

from ..library.model import Shape
from ..model.frames import Transform as Frame
from ..model.frames import perpendiculars, unit_or_zero
from ..recordtype import record
from .smalllp import first_of_each

# scipy is imported where it is still needed (true hulls, a sphere or capsule against a
# polytope): its import costs more than a whole compile of a robot made of boxes and wheels.

#: sides of the prism drawn around a cylinder (its corners 0.21 % of the radius past it)
PRISM_SIDES = 48
#: the grid of the polytope drawn around a sphere: 15 degrees in azimuth and in elevation
SPHERE_STEP_DEG = 15


# -- solids --------------------------------------------------------------------------------


def _frozen(a: np.ndarray) -> np.ndarray:
    a.flags.writeable = False
    return a


@record
class Poly:
    vertices: np.ndarray  # (n, 3)
    A: np.ndarray  # (m, 3) unit outward normals
    b: np.ndarray  # (m,)

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
        """Its normals as plain floats, filed by ``sort_planes``: (normals, whether each is
        along or across the axes found, the axes, each plane's axis and way)."""
        rows = self.A.tolist()
        axes: list[int] = []
        along: list[tuple[int, bool]] = []
        ok = sort_planes(rows, 0, rows, axes, along)
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
        pts = (
            np.vstack([ball + self.a, ball + self.b]) if np.any(self.a != self.b) else ball + self.a
        )
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
    inner = float((-hull.equations[:, 3]).min())  # nearest facet plane to the centre
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
        offsets += (-along + half[k], along + half[k])  # (-n) . t is -(n . t) exactly
    return Poly(verts, normals, np.array(offsets))


def prism(centre, axis, radius: float, width: float, sides: int = PRISM_SIDES) -> Poly:
    """A prism drawn around the cylinder (its flat sides touch the cylinder). The corners
    and side normals are worked out for all sides at once, by the same operations in the
    same order as one side at a time (the angles' sines and cosines by ``math``)."""
    c = np.asarray(centre, dtype=float)
    a = unit_or_zero(axis)
    u, v = perpendiculars(a)
    r = radius / math.cos(math.pi / sides)
    corner = [2 * math.pi * (k + 0.5) / sides for k in range(sides)]
    ring = c + r * (
        np.array([math.cos(t) for t in corner])[:, None] * u
        + np.array([math.sin(t) for t in corner])[:, None] * v
    )
    verts = np.vstack([ring + a * width / 2, ring - a * width / 2])
    side = [2 * math.pi * (k + 1) / sides for k in range(sides)]
    sides_n = (
        np.array([math.cos(t) for t in side])[:, None] * u
        + np.array([math.sin(t) for t in side])[:, None] * v
    )
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
    if size is None:  # the library gives every shape but a hull its size
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


def sort_planes(
    planes: list, first: int, rows: list, axes: list[int], along: list[tuple[int, bool]]
) -> bool:
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

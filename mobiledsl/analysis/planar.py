"""Convex polygons in the plane: the hull of points (Andrew's monotone chain), which points
lie inside one, and how far inside a point lies. Exact up to floating point, and far cheaper
than a general hull library for the few dozen points a footprint or a support polygon has."""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

import numpy as np

from ..model.frames import norm


def _chain(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """One half of the monotone chain over ``pts`` in order: the corners kept. A point is
    kept when o -> a -> p turns left by more than floating-point dust (a point on a straight
    edge is no corner)."""
    out: list[tuple[float, float]] = []
    for p in pts:
        px, py = p
        while len(out) >= 2:
            ox, oy = out[-2]
            ax, ay = out[-1]
            ax, ay, bx, by = ax - ox, ay - oy, px - ox, py - oy
            cross = ax * by - ay * bx
            # the dust bound is never negative: no turn to the right needs it worked out
            if cross > 0 and cross > 1e-12 * (abs(ax) + abs(ay)) * (abs(bx) + abs(by)):
                break
            out.pop()
        out.append(p)
    return out


def _hull_sorted(pts: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """``hull`` of points already distinct and sorted."""
    if len(pts) < 3:
        return pts
    return _chain(pts)[:-1] + _chain(pts[::-1])[:-1]


def hull(points: Iterable[Sequence[float]] | np.ndarray) -> list[tuple[float, float]]:
    """The corners of the convex hull of distinct 2D points, counter-clockwise, with no
    corner on a straight edge; fewer than three when they all lie on one line."""
    return _hull_sorted(sorted((float(x), float(y)) for x, y in points))


def convex_polygon(points) -> list[tuple[float, float]]:
    """The convex hull of 2D points, counter-clockwise from its lowest-leftmost corner.
    Fewer than three points, or points on one line, give the extreme points of that line."""
    distinct = sorted(
        set(map(tuple, np.round(np.asarray(points, dtype=float).reshape(-1, 2), 12).tolist()))
    )
    if len(distinct) == 0:
        return []
    if len(distinct) == 1:
        return [distinct[0]]
    poly = _hull_sorted(distinct)
    if len(poly) >= 3:
        start = min(range(len(poly)), key=lambda i: (poly[i][1], poly[i][0]))
        return poly[start:] + poly[:start]
    # on one line: its two extreme points
    pts = np.array(distinct, dtype=float)
    d = pts - pts[0]
    direction = d[np.argmax(np.linalg.norm(d, axis=1))]
    s = d @ direction
    a, b = pts[np.argmin(s)], pts[np.argmax(s)]
    return [(float(a[0]), float(a[1])), (float(b[0]), float(b[1]))]


def inside(points: np.ndarray, outline) -> np.ndarray:
    """Which of ``points`` (n, 2) lie in the convex hull of ``outline`` (edges included);
    none when the outline has no area."""
    poly = hull(sorted(set(map(tuple, np.asarray(outline, dtype=float).reshape(-1, 2).tolist()))))
    if len(poly) < 3:
        return np.zeros(len(points), dtype=bool)
    corners = np.array(poly)
    edges = np.roll(corners, -1, axis=0) - corners
    normals = np.column_stack([edges[:, 1], -edges[:, 0]])  # outward, ccw polygon
    normals /= np.linalg.norm(normals, axis=1, keepdims=True)
    offsets = np.einsum("ij,ij->i", normals, corners)
    return np.all(points @ normals.T - offsets <= 1e-9, axis=1)


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
        cross = e[0] * (p[1] - a[1]) - e[1] * (p[0] - a[0])  # > 0: left of a ccw edge
        if cross <= 0:
            inside = False
        dist = min(dist, _segment_point_distance(p, a, b))
    return dist if inside else -dist

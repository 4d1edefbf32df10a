"""Convex polygons in the plane: the hull of points (Andrew's monotone chain) and which
points lie inside one. Exact up to floating point, and far cheaper than a general hull
library for the few dozen points a footprint or a support polygon has."""
from __future__ import annotations

import numpy as np


def _turns_left(o, a, b) -> bool:
    """Whether o -> a -> b turns left by more than floating-point dust (a point on a
    straight edge is no corner)."""
    ax, ay, bx, by = a[0] - o[0], a[1] - o[1], b[0] - o[0], b[1] - o[1]
    return ax * by - ay * bx > 1e-12 * (abs(ax) + abs(ay)) * (abs(bx) + abs(by))


def hull(points: np.ndarray) -> list[tuple[float, float]]:
    """The corners of the convex hull of distinct 2D points, counter-clockwise, with no
    corner on a straight edge; fewer than three when they all lie on one line."""
    pts = sorted((float(x), float(y)) for x, y in points)
    if len(pts) < 3:
        return pts
    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and not _turns_left(lower[-2], lower[-1], p):
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and not _turns_left(upper[-2], upper[-1], p):
            upper.pop()
        upper.append(p)
    return lower[:-1] + upper[:-1]


def convex_polygon(points) -> list[tuple[float, float]]:
    """The convex hull of 2D points, counter-clockwise from its lowest-leftmost corner.
    Fewer than three points, or points on one line, give the extreme points of that line."""
    pts = np.array(sorted({(x, y) for x, y in
                           np.round(np.asarray(points, dtype=float).reshape(-1, 2), 12).tolist()}),
                   dtype=float).reshape(-1, 2)
    if len(pts) == 0:
        return []
    if len(pts) == 1:
        return [(float(pts[0][0]), float(pts[0][1]))]
    poly = hull(pts)
    if len(poly) >= 3:
        start = min(range(len(poly)), key=lambda i: (poly[i][1], poly[i][0]))
        return poly[start:] + poly[:start]
    # on one line: its two extreme points
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
    normals = np.column_stack([edges[:, 1], -edges[:, 0]])        # outward, ccw polygon
    normals /= np.linalg.norm(normals, axis=1, keepdims=True)
    offsets = np.einsum("ij,ij->i", normals, corners)
    return np.all(points @ normals.T - offsets <= 1e-9, axis=1)

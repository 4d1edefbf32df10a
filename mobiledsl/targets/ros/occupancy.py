"""The occupancy map Nav2's map_server loads: every colliding entity's shapes projected onto
the ground where they stand (Markers stay free), rasterised at RESOLUTION metres a cell."""

from __future__ import annotations

import math

import numpy as np

from ...analysis import planar
from ...model.frames import matrix_from_quat as matrix
from ...model.frames import quat_from_rpy, quat_mul
from ...model.world import World

RESOLUTION = 0.05
MARGIN = 1.0
FREE, OCCUPIED = 254, 0
# 4096 by 4096 cells, about 200 m by 200 m: a larger world is refused before the grid (and
# its cell centres, 16 bytes a cell) is made, not cast to integers that overflow.
MAX_CELLS = 4096 * 4096


class MapTooLarge(Exception):
    """The world's map would have more than MAX_CELLS cells; args: (width_m, height_m)."""


def shape_outline(entity, shape) -> np.ndarray:
    """Points whose convex hull, dropped onto the ground, is the shape's shadow."""
    x, y, z, qx, qy, qz, qw = entity.pos
    q = quat_mul((qw, qx, qy, qz), quat_from_rpy(shape.rpy))
    rot = matrix(q)
    origin = matrix((qw, qx, qy, qz)) @ np.asarray(shape.origin_xyz, float) + [x, y, z]
    if shape.type == "box":
        half = np.asarray(shape.size, float) / 2
        corners = np.array([[sx, sy, sz] for sx in (-1, 1) for sy in (-1, 1) for sz in (-1, 1)])
        local = corners * half
    elif shape.type == "cylinder":
        r, h = shape.size[0] / 2, shape.size[2] / 2
        t = np.linspace(0, 2 * math.pi, 48, endpoint=False)
        ring = np.stack([r * np.cos(t), r * np.sin(t)], axis=1)
        local = np.concatenate([np.column_stack([ring, np.full(len(t), s * h)]) for s in (-1, 1)])
    else:  # a sphere's shadow is its circle wherever it is turned
        r = shape.size[0] / 2
        t = np.linspace(0, 2 * math.pi, 48, endpoint=False)
        return np.stack([origin[0] + r * np.cos(t), origin[1] + r * np.sin(t)], axis=1)
    return (local @ rot.T + origin)[:, :2]


def shadows(world: World | None, solid: bool = True) -> list[np.ndarray]:
    """The shadows of the entities that collide (or, with solid False, of all of them: a
    goal marker must lie on the map even though it is drawn free)."""
    out: list[np.ndarray] = []
    if world is None:
        return out
    for entity in world.entities:
        if solid and (entity.entity == "Marker" or not entity.collision):
            continue
        for shape in entity.shapes:
            out.append(shape_outline(entity, shape))
    return out


def occupancy(world: World | None, start=(0.0, 0.0)) -> tuple[np.ndarray, tuple[float, float]]:
    """Returns (grid with row 0 at the top, origin of the lower-left cell)."""
    polys = shadows(world)
    everything = shadows(world, solid=False)
    pts = np.concatenate(everything) if everything else np.zeros((0, 2))
    pts = np.concatenate([pts, [start]])
    lo = np.floor((pts.min(axis=0) - MARGIN) / RESOLUTION) * RESOLUTION
    hi = np.ceil((pts.max(axis=0) + MARGIN) / RESOLUTION) * RESOLUTION
    cells = (hi - lo) / RESOLUTION
    if not np.all(np.isfinite(cells)) or float(cells[0]) * float(cells[1]) > MAX_CELLS:
        raise MapTooLarge(float(hi[0] - lo[0]), float(hi[1] - lo[1]))
    width, height = np.round(cells).astype(int)
    xs = lo[0] + (np.arange(width) + 0.5) * RESOLUTION
    ys = lo[1] + (np.arange(height) + 0.5) * RESOLUTION
    occupied = np.zeros((height, width), dtype=bool)
    for poly in polys:
        # only the cells around the shape's bounds (a cell more on each side) can have their
        # centres in it: a world of many small things is not every cell times every thing
        poly = np.asarray(poly, dtype=float).reshape(-1, 2)
        x0, y0 = (np.floor((poly.min(axis=0) - lo) / RESOLUTION) - 1).astype(int)
        x1, y1 = (np.ceil((poly.max(axis=0) - lo) / RESOLUTION) + 1).astype(int)
        x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, width), min(y1, height)
        if x0 >= x1 or y0 >= y1:
            continue
        gx, gy = np.meshgrid(xs[x0:x1], ys[y0:y1])
        window = np.column_stack([gx.ravel(), gy.ravel()])
        occupied[y0:y1, x0:x1] |= inside_convex(window, poly).reshape(y1 - y0, x1 - x0)
    grid = np.where(occupied, OCCUPIED, FREE).astype(np.uint8)
    return grid[::-1], (float(lo[0]), float(lo[1]))


def inside_convex(points: np.ndarray, outline: np.ndarray) -> np.ndarray:
    return planar.inside(points, outline)


def pgm(grid: np.ndarray) -> bytes:
    h, w = grid.shape
    return f"P5\n{w} {h}\n255\n".encode() + grid.tobytes()


def map_yaml(image: str, origin: tuple[float, float]) -> str:
    return (
        f"image: {image}\nmode: trinary\nresolution: {RESOLUTION}\n"
        f"origin: [{origin[0]:.3f}, {origin[1]:.3f}, 0.0]\nnegate: 0\n"
        "occupied_thresh: 0.65\nfree_thresh: 0.25\n"
    )

"""Planning a Navigate step: a path over the world's occupancy grid from where the robot
stands to the goal marker, kept clear of every obstacle by the robot's footprint.

The grid is the one the ROS targets draw their map from (``targets.ros.occupancy``), so the
simulated run and a Nav2 stack plan over the same picture of the world. A cell is free for
the robot's centre when the nearest occupied cell is at least the footprint's circumscribed
radius away (so the robot may turn anywhere on the path); cells a little further out cost
more, which keeps the path in the middle of a passage. The search is scikit-image's
minimum-cost-path over that grid, the path then shortened wherever a straight line keeps at
least the clearance of the cells it replaces.
"""

from __future__ import annotations

import math

import numpy as np

from ..recordtype import record

#: extra clearance beyond the circumscribed radius: following error and contact margins
MARGIN_M = 0.05
#: beyond the lethal band, cells this much further out still cost more (centring)
SOFT_BAND_M = 0.30
SOFT_WEIGHT = 4.0


@record
class Grid:
    """The occupancy grid bottom-up: cell (i, j) is centred at origin + ((j, i) + 0.5) * res."""

    clearance: np.ndarray  # metres from each cell centre to the nearest obstacle
    origin: tuple[float, float]
    resolution: float

    def cell(self, x: float, y: float) -> tuple[int, int] | None:
        j = int(math.floor((x - self.origin[0]) / self.resolution))
        i = int(math.floor((y - self.origin[1]) / self.resolution))
        h, w = self.clearance.shape
        return (i, j) if 0 <= i < h and 0 <= j < w else None

    def centre(self, i: int, j: int) -> tuple[float, float]:
        return (
            self.origin[0] + (j + 0.5) * self.resolution,
            self.origin[1] + (i + 0.5) * self.resolution,
        )


@record
class Plan:
    path: tuple[tuple[float, float], ...]  # world x, y from the start to the goal
    radius: float  # the clearance the robot's centre keeps
    reason: str = ""  # why there is no path (path empty)


def footprint_radii(footprint) -> tuple[float, float]:
    """(inscribed, circumscribed) radius of the footprint polygon about base_footprint."""
    pts = np.asarray(footprint, float).reshape(-1, 2)
    if len(pts) < 3:
        return 0.0, float(np.max(np.linalg.norm(pts, axis=1))) if len(pts) else 0.0
    outer = float(np.max(np.linalg.norm(pts, axis=1)))
    inner = math.inf
    for a, b in zip(pts, np.roll(pts, -1, axis=0)):
        edge = b - a
        length = float(np.linalg.norm(edge))
        if length > 0:
            inner = min(inner, abs(float(edge[0] * a[1] - edge[1] * a[0])) / length)
    return (0.0 if inner is math.inf else inner), outer


def world_grid(world, around: tuple[float, float]) -> Grid:
    """The world's occupancy grid, large enough to hold ``around`` (where the robot is)."""
    from ..targets.ros.occupancy import OCCUPIED, RESOLUTION, occupancy
    from .gridops import distance_cells

    grid, origin = occupancy(world, start=around)
    occupied = grid[::-1] == OCCUPIED
    if occupied.any():
        # centre-to-centre distance, less half a cell: the obstacle's edge may lie anywhere
        # in its cell
        clearance = distance_cells(occupied) * RESOLUTION - RESOLUTION / 2
    else:
        clearance = np.full(occupied.shape, math.inf)
    return Grid(np.maximum(clearance, 0.0), origin, RESOLUTION)


def plan_path(
    grid: Grid, start: tuple[float, float], goal: tuple[float, float], radius: float
) -> Plan:
    """The path for a robot whose centre must keep ``radius`` from every obstacle.

    Where the robot stands now, or the goal itself, is closer than that to something (it
    backed up to a wall; the marker lies by one), the cells around it that are no closer
    than it are open too, so the robot may leave and arrive."""
    from skimage.graph import MCP_Geometric

    a, b = grid.cell(*start), grid.cell(*goal)
    if a is None or b is None:
        return Plan((), radius, "the goal lies outside the world's map")
    need = radius + MARGIN_M
    open_, reason = open_cells(grid, a, b, radius)
    if reason:
        return Plan((), radius, reason)
    cost = np.where(
        open_,
        1.0 + SOFT_WEIGHT * np.clip(need + SOFT_BAND_M - grid.clearance, 0.0, None) / SOFT_BAND_M,
        np.inf,
    )
    mcp = MCP_Geometric(cost, fully_connected=True)
    costs, _ = mcp.find_costs([a], [b])
    if not np.isfinite(costs[b]):
        return Plan(
            (),
            radius,
            f"no way keeps {need:.2f} m from every obstacle (the "
            "footprint's reach from its centre, and a margin)",
        )
    cells = mcp.traceback(b)
    cells = _shorten(grid, cells)
    points = [start] + [grid.centre(i, j) for i, j in cells[1:-1]] + [goal]
    return Plan(tuple((float(x), float(y)) for x, y in points), radius)


def open_cells(
    grid: Grid, a: tuple[int, int], b: tuple[int, int], radius: float
) -> tuple[np.ndarray, str]:
    """The cells the robot's centre may cross between cells ``a`` (where it stands) and
    ``b`` (the goal), and why there can be no path at all ("" when there may be one): the
    one rule the planner and the compile-time check of a goal share."""
    need = radius + MARGIN_M
    open_ = grid.clearance >= need
    for end, what in ((a, "where the robot stands"), (b, "the goal")):
        here = float(grid.clearance[end])
        if here <= 0.0:
            return open_, f"{what} lies inside an obstacle"
        if here < need:
            _open_pocket(grid, open_, end, here, need)
    return open_, ""


def _open_pocket(
    grid: Grid, open_: np.ndarray, end: tuple[int, int], here: float, need: float
) -> None:
    """Open the cells within ``need`` of ``end`` that are no closer to an obstacle than it."""
    r = int(math.ceil(2 * need / grid.resolution))
    i0, j0 = end
    h, w = open_.shape
    ii, jj = np.ogrid[max(0, i0 - r) : min(h, i0 + r + 1), max(0, j0 - r) : min(w, j0 + r + 1)]
    near = (ii - i0) ** 2 + (jj - j0) ** 2 <= r * r
    block = grid.clearance[ii, jj] >= here * 0.999
    open_[ii, jj] |= near & block


def _shorten(grid: Grid, cells: list) -> list:
    """Drop the cells a straight line can skip without coming closer to an obstacle than
    the cells it replaces."""
    from skimage.draw import line

    if len(cells) <= 2:
        return list(cells)
    out = [cells[0]]
    i = 0
    while i < len(cells) - 1:
        j = len(cells) - 1
        while j > i + 1:
            rr, cc = line(*cells[i], *cells[j])
            worst = min(float(grid.clearance[c]) for c in cells[i : j + 1])
            if float(grid.clearance[rr, cc].min()) >= worst - 1e-9:
                break
            j -= 1
        out.append(cells[j])
        i = j
    return out


def path_clearance(grid: Grid, path) -> float:
    """The least clearance along the path's segments (every grid cell they cross)."""
    from skimage.draw import line

    least = math.inf
    for p, q in zip(path, path[1:]):
        a, b = grid.cell(*p), grid.cell(*q)
        if a is None or b is None:
            return 0.0
        rr, cc = line(*a, *b)
        least = min(least, float(grid.clearance[rr, cc].min()))
    return least

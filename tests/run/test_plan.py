"""Planning a Navigate step over the occupancy grid: the path keeps the footprint's reach from
every obstacle, goes through a gap just wide enough and not through one just too narrow, and
a world that blocks the way has no path (a finding, not a crash)."""
from __future__ import annotations

import math

import pytest

from mobiledsl.run.plan import MARGIN_M, footprint_radii, path_clearance, plan_path, world_grid
from mobiledsl.targets.ros.occupancy import RESOLUTION

from .worlds import box, pen_with_gap, marker, world

RADIUS = 0.2
NEED = RADIUS + MARGIN_M


def plan(w, start=(0.0, 0.0), goal=(3.0, 0.0), radius=RADIUS):
    grid = world_grid(w, start)
    return grid, plan_path(grid, start, goal, radius)


def test_footprint_radii_of_a_rectangle():
    inner, outer = footprint_radii([(-0.3, -0.2), (0.3, -0.2), (0.3, 0.2), (-0.3, 0.2)])
    assert inner == pytest.approx(0.2)
    assert outer == pytest.approx(math.hypot(0.3, 0.2))


def test_open_floor_gives_the_straight_line():
    grid, p = plan(world(marker("goal", 3.0, 0.0)))
    assert p.path == ((0.0, 0.0), (3.0, 0.0))


def test_the_path_goes_around_an_obstacle_and_keeps_clear_of_it():
    grid, p = plan(world(box("crate", 1.5, 0.0, 0.6, 0.6), marker("goal", 3.0, 0.0)))
    assert p.path and p.path[0] == (0.0, 0.0) and p.path[-1] == (3.0, 0.0)
    assert len(p.path) > 2                       # not through the crate
    assert path_clearance(grid, p.path) >= NEED - 1e-9


@pytest.mark.parametrize("gap,passes", [
    (2 * NEED + 3 * RESOLUTION, True),          # just wide enough, with the grid's rounding
    (2 * NEED - 2 * RESOLUTION, False),         # just too narrow
])
def test_a_gap_is_taken_only_when_the_robot_fits(gap, passes):
    grid, p = plan(pen_with_gap(gap))
    assert bool(p.path) is passes
    if passes:
        assert path_clearance(grid, p.path) >= NEED - 1e-9
    else:
        assert "no way" in p.reason


def test_a_closed_fence_has_no_path():
    grid, p = plan(pen_with_gap(0.0))
    assert p.path == () and p.reason


def test_a_robot_standing_near_a_wall_may_leave_it():
    w = world(box("wall", 0.0, -0.3, 2.0, 0.2), marker("goal", 2.0, 1.0))
    grid, p = plan(w, start=(0.0, 0.0), goal=(2.0, 1.0))
    assert p.path and p.path[0] == (0.0, 0.0)


def test_a_goal_inside_an_obstacle_has_no_path():
    grid, p = plan(world(box("crate", 3.0, 0.0, 0.6, 0.6)))
    assert p.path == () and "inside an obstacle" in p.reason


def test_a_goal_off_the_map_has_no_path():
    grid, p = plan(world(marker("goal", 3.0, 0.0)), goal=(40.0, 0.0))
    assert p.path == () and "outside" in p.reason

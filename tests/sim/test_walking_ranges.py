"""Both demo quadrupeds walk at the ends of their command ranges, ahead, back, to either side
and turning either way: the quad by its walker's policy, quad_gait by its body's gait. Each
run from rest, its speed over the last 3 s of 5 against the asked (the bench's measure)."""
from __future__ import annotations

import math

import pytest

from mobiledsl.sim import load_simulation
from mobiledsl.sim.pose import reached_share

ENDS = [("vx", 1), ("vx", 0), ("vy", 1), ("vy", 0), ("wz", 1), ("wz", 0)]


def walk_at_end(xml, key: str, end: int) -> tuple[float, bool, bool | None]:
    sim = load_simulation(xml)
    sim.settle(0.3)
    value = sim.controller["limits"][key][end]
    assert value != 0                              # each range reaches both ways
    twist = tuple(value if k == key else 0.0 for k in ("vx", "vy", "wz"))
    sim.command(*twist)
    fell = False
    for _ in range(20):
        sim.advance(0.1)
        fell = fell or sim.fell()
    start = sim.pose2d()
    for _ in range(30):
        sim.advance(0.1)
        fell = fell or sim.fell()
    share = reached_share(start, sim.pose2d(), twist, 3.0)
    sim.settle(3.0)
    return share, fell or sim.fell(), sim.feet_down()


@pytest.mark.slow
@pytest.mark.parametrize("program", ["quad", "quad_gait"])
@pytest.mark.parametrize("key,end", ENDS)
def test_each_range_end_is_reached_without_a_fall(model_xml, program, key, end):
    share, fell, feet = walk_at_end(model_xml(program), key, end)
    assert not fell and feet is True
    assert 0.75 <= share <= 1.25


@pytest.mark.parametrize("twist,end,share", [
    ((0.2, 0.0, 0.0), (0.6, 0.0, 0.0), 1.0),          # ahead, facing +x
    ((-0.2, 0.0, 0.0), (-0.3, 0.0, 0.0), 0.5),        # back, half the way
    ((0.0, 0.1, 0.0), (0.0, 0.3, 0.0), 1.0),          # aside, to the left
    ((0.0, -0.1, 0.0), (0.0, 0.3, 0.0), -1.0),        # asked right, went left
    ((0.0, 0.0, 0.5), (0.0, 0.0, 1.5), 1.0),          # turning on the spot
])
def test_the_share_reached_along_the_asked_direction(twist, end, share):
    assert reached_share((0.0, 0.0, 0.0), end, twist, 3.0) == pytest.approx(share)


def test_a_turn_through_the_half_turn_counts_whole():
    # from -2.0 rad turning right 0.8 rad/s for 3 s: -4.4 rad, read as 2 pi less
    assert reached_share((0.0, 0.0, -2.0), (0.0, 0.0, -4.4 + 2 * math.pi), (0.0, 0.0, -0.8),
                         3.0) == pytest.approx(1.0)


def test_the_asked_direction_is_taken_from_the_heading_at_the_start():
    # facing +y, going ahead 0.1 m/s for 3 s ends 0.3 m along +y
    assert reached_share((1.0, 1.0, math.pi / 2), (1.0, 1.3, math.pi / 2), (0.1, 0.0, 0.0),
                         3.0) == pytest.approx(1.0)

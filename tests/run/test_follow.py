"""The path follower, without a simulator: what it asks of each kind of chassis."""
from __future__ import annotations

import math

import pytest

from mobiledsl.run.follow import CREEP_MPS, Chassis, Follower

SPINNER = Chassis(holonomic=False, can_spin=True, max_speed=1.0, max_turn=2.0)
SLIDER = Chassis(holonomic=True, can_spin=True, max_speed=1.0, max_turn=2.0)
CAR = Chassis(holonomic=False, can_spin=False, max_speed=1.0, max_turn=2.0, min_radius=0.8)
PATH = [(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)]


def test_a_holonomic_base_slides_toward_the_path_without_turning():
    f = Follower(PATH, SLIDER, 0.4)
    vx, vy, wz = f.command((0.0, 0.0, math.pi / 2))     # facing +y, the path runs +x
    assert wz == 0.0
    assert vy < -0.3 and abs(vx) < 1e-9                # to its right, i.e. along +x
    assert math.hypot(vx, vy) == pytest.approx(0.4)


def test_a_base_that_spins_turns_on_the_spot_when_the_path_lies_behind():
    f = Follower(PATH, SPINNER, 0.4)
    vx, vy, wz = f.command((0.0, 0.0, math.pi))
    assert vx == 0.0 and vy == 0.0 and abs(wz) > 0


def test_a_base_that_spins_rolls_ahead_when_the_path_lies_ahead():
    f = Follower(PATH, SPINNER, 0.4)
    vx, vy, wz = f.command((0.0, 0.0, 0.0))
    assert vx == pytest.approx(0.4) and vy == 0.0 and abs(wz) < 1e-9


@pytest.mark.parametrize("heading", [math.pi, math.pi / 2, -math.pi / 2, 0.3])
def test_a_steered_base_always_rolls_and_never_turns_tighter_than_it_can(heading):
    f = Follower(PATH, CAR, 0.5)
    vx, vy, wz = f.command((0.0, 0.0, heading))
    assert vx > 0 and vy == 0.0
    assert abs(wz / vx) <= 1 / CAR.min_radius + 1e-9


def test_the_speed_ramps_down_near_the_goal_but_never_below_a_creep():
    f = Follower([(0.0, 0.0), (2.0, 0.0)], SPINNER, 0.8)
    far = f.command((0.0, 0.0, 0.0))[0]
    near = Follower([(0.0, 0.0), (2.0, 0.0)], SPINNER, 0.8).command((1.99, 0.0, 0.0))[0]
    assert far == pytest.approx(0.8)
    assert CREEP_MPS * 0.99 <= near < 0.2


def test_the_asked_speed_is_held_within_the_chassis_top_speed():
    f = Follower(PATH, SPINNER, 5.0)
    assert f.command((0.0, 0.0, 0.0))[0] == pytest.approx(SPINNER.max_speed)


def test_progress_along_a_path_that_doubles_back_goes_in_order():
    there_and_back = [(0.0, 0.0), (2.0, 0.0), (2.0, 0.5), (0.0, 0.5)]
    f = Follower(there_and_back, SPINNER, 0.4)
    f.command((1.9, 0.0, 0.0))
    f.command((2.0, 0.3, math.pi / 2))
    vx, _, wz = f.command((1.0, 0.5, math.pi))            # on the way back, facing back
    assert vx > 0 and abs(wz) < 0.5

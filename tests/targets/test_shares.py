"""What a target adds takes exactly its share out of the part it belongs to, and the drive
model's figures stay within their bounds."""
from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pytest

from mobiledsl.library.model import Inertia, Inertial
from mobiledsl.targets.mjcf.robot import RAMP_BOUNDS, RAMP_S, ramp_time
from mobiledsl.targets.shares import Piece, moved, remainder, scaled, tensor

WHEEL = Inertial(0.1, (0.001, 0.0, 0.002), Inertia(5e-5, 1e-6, 0.0, 5e-5, 0.0, 8e-5),
                 "estimated")


def total(parts):
    """(mass, com, inertia about com) of inertials all in one frame."""
    m = sum(p.mass for p in parts)
    c = sum(p.mass * np.asarray(p.origin_xyz) for p in parts) / m
    i = sum(tensor(p) + p.mass * ((np.asarray(p.origin_xyz) - c) @ (np.asarray(p.origin_xyz) - c)
                                  * np.eye(3) - np.outer(np.asarray(p.origin_xyz) - c,
                                                         np.asarray(p.origin_xyz) - c))
            for p in parts)
    return m, c, i


def as_inertial(p: Piece) -> Inertial:
    t = p.inertia
    return Inertial(p.mass, tuple(p.com), Inertia(t[0, 0], t[0, 1], t[0, 2], t[1, 1], t[1, 2],
                                                  t[2, 2]), "estimated")


@pytest.mark.parametrize("n, share", [(0, 0.0), (1, 0.001), (16, 0.1), (4, 0.9)])
def test_pieces_and_remainder_are_the_part(n, share):
    pieces = [Piece(WHEEL.mass * share / n, np.array([0.02 * np.cos(k), 0.02 * np.sin(k), 0.0]),
                    1e-8 * np.eye(3)) for k in range(n)]
    rest = remainder(WHEEL, pieces)
    m, c, i = total([rest] + [as_inertial(p) for p in pieces])
    assert m == pytest.approx(WHEEL.mass, rel=1e-12)
    assert np.allclose(c, WHEEL.origin_xyz, atol=1e-12)
    assert np.allclose(i, tensor(WHEEL), atol=1e-15)


def test_a_share_moved_to_another_frame_keeps_its_mass():
    knuckle = moved(scaled(WHEEL, 0.1), np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1.0]]),
                    (0.1, 0.0, 0.0))
    assert knuckle.mass == pytest.approx(0.01)
    assert knuckle.origin_xyz == pytest.approx((0.1, 0.001, 0.002))
    assert knuckle.inertia.ixx == pytest.approx(WHEEL.inertia.iyy * 0.1)


@pytest.mark.parametrize("top, accel, motors, expected", [
    (None, None, None, RAMP_S),             # undecided: the default ramp
    (1.0, None, None, 1.0 / (0.5 * 9.81)),  # a step to the top speed starts at g / 2
    (1.0, 4.905, True, 1.0 / (0.5 * 9.81)),  # the line's start held to the grip: the ramp
    (1.0, 2.0, True, RAMP_BOUNDS[0]),       # the line's start below the grip bounds itself
    (0.01, 4.905, True, RAMP_BOUNDS[0]),    # never shorter than the lower bound
    (10.0, 4.905, True, RAMP_BOUNDS[1]),    # nor longer than the upper
])
def test_the_drivers_ramp(top, accel, motors, expected):
    analysis = SimpleNamespace(kinematics=SimpleNamespace(max_speed_mps=top,
                                                          max_accel_mps2=accel, motors=motors))
    assert ramp_time(analysis) == pytest.approx(expected)
    assert ramp_time(None) == RAMP_S

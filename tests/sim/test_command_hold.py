"""Walkers hold the command: told to walk straight for 10 s, the demo walker (quad, by its
policy) keeps its heading within 5 degrees and its path within 0.1 m, the runtime closing
the heading and lateral loop from the trunk's measured yaw rate and velocity. Drift is
taken over the last second (a mean), since the trunk sways within each step."""
from __future__ import annotations

import math

import numpy as np
import pytest

from mobiledsl.sim import load_simulation
from mobiledsl.sim.hold import CommandHold
from mobiledsl.sim.pose import wrap

pytestmark = pytest.mark.slow


def drift(xml, twist, seconds=10.0):
    """(heading drift in degrees, distance off the asked line in m), each the mean over the
    last second, against the pose the walk started from."""
    sim = load_simulation(xml)
    sim.settle(0.3)
    x0, y0, h0 = sim.pose2d()
    sim.command(*twist)
    headings, offs = [], []
    way = h0 + math.atan2(twist[1], twist[0])
    for k in range(int(seconds / 0.05)):
        sim.advance(0.05)
        if k >= int((seconds - 1.0) / 0.05):
            x, y, h = sim.pose2d()
            headings.append(wrap(h - h0))
            offs.append(-(x - x0) * math.sin(way) + (y - y0) * math.cos(way))
    assert not sim.fell()
    return math.degrees(float(np.mean(headings))), float(np.mean(offs))


@pytest.mark.parametrize("twist", [(0.2, 0.0, 0.0), (0.3, 0.0, 0.0), (0.0, 0.15, 0.0)],
                         ids=["ahead", "ahead_fast", "aside"])
def test_the_walker_walks_straight(model_xml, twist):
    heading, off = drift(model_xml("quad"), twist)
    assert abs(heading) < 5.0 and abs(off) < 0.1, (heading, off)


def test_the_hold_turns_back_a_lost_heading_and_steps_back_onto_the_path():
    class Data:             # a trunk turned 0.1 rad right, 0.05 m right of its path
        qvel = np.zeros(6)
        qpos = np.array([0, 0, 0, 1.0, 0, 0, 0])

    hold = CommandHold(0, 0, {"vy": [-0.15, 0.15], "wz": [-0.6, 0.6]})
    hold.correct(Data, (0.2, 0.0, 0.0), 0.02)
    hold.heading, hold.position[1] = -0.1, -0.05
    vx, vy, wz = hold.correct(Data, (0.2, 0.0, 0.0), 0.02)
    assert vx == 0.2 and wz > 0.1 and vy > 0.05
    # told to stand, nothing is added, and the next walk starts its path afresh
    assert hold.correct(Data, (0.0, 0.0, 0.0), 0.02) == (0.0, 0.0, 0.0)

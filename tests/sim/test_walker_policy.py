"""The demo walker's policy walks its robot, end to end: the quad program, compiled, walks
ahead by the ONNX policy the library ships, and stands on every foot when told to stop."""
from __future__ import annotations

import pytest

from mobiledsl.sim import load_simulation


@pytest.mark.slow
def test_the_quad_walks_ahead_by_its_walkers_policy(model_xml):
    sim = load_simulation(model_xml("quad"))
    assert sim.controller["kind"] == "policy"
    sim.settle(0.3)
    x0, y0, _ = sim.pose2d()
    sim.command(0.2, 0.0, 0.0)
    fell = False
    for _ in range(30):
        sim.advance(0.1)
        fell = fell or sim.fell()
    x1, y1, _ = sim.pose2d()
    assert not fell
    assert x1 - x0 > 0.2                  # of the 0.6 m asked over 3 s, ramp included
    sim.settle(1.0)
    assert sim.feet_down() is True and not sim.fell()

"""A fall is a fall: a legged trunk that sinks below 60 % of its standing height has fallen,
however level it lies, as simulate, run and the trace report it."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from mobiledsl.sim import load_simulation
from mobiledsl.sim.pose import FALL_HEIGHT
from mobiledsl.sim.simulate import describe, run_twist

from .go2 import ROOT, build_go2, with_weak_knees

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def weak_knees(tmp_path_factory):
    """Every knee limited to 3 N·m: the trunk sinks to the floor."""
    return with_weak_knees(build_go2(tmp_path_factory.mktemp("weak"), 50.0))


@pytest.fixture(scope="module")
def go2(tmp_path_factory):
    return build_go2(tmp_path_factory.mktemp("go2"), 50.0)


def test_a_trunk_sunk_level_has_fallen(weak_knees):
    sim = load_simulation(weak_knees)
    standing = sim.standing_height
    result = run_twist(sim, (0.0, 0.0, 0.0), 2.0)
    assert sim.base_pose()[0][2] < FALL_HEIGHT * standing      # sunk ...
    assert abs(result["final"]["roll"]) < 0.5 and abs(result["final"]["pitch"]) < 0.5  # ... level
    assert result["fell"] is True
    assert "sank to" in result["fall"]["how"] and "of its standing height" in result["fall"]["how"]
    assert 0 < result["fall"]["t"] < 2.0
    assert "it fell at t =" in describe(result)


def test_a_go2_at_its_gains_stands(go2):
    sim = load_simulation(go2)
    result = run_twist(sim, (0.0, 0.0, 0.0), 2.0)
    assert result["fell"] is False and "fall" not in result
    assert sim.base_pose()[0][2] > 0.8 * sim.standing_height


def test_simulate_json_reports_the_fall(weak_knees):
    proc = subprocess.run([sys.executable, "-m", "mobiledsl", "simulate", str(weak_knees),
                           "--twist", "0", "0", "0", "--seconds", "1.5", "--json"],
                          check=False, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    data = json.loads(proc.stdout)
    assert data["fell"] is True and "standing height" in data["fall"]["how"]

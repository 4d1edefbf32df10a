"""The analysis's expected peak servo torques walking by the gait (mobiledsl/analysis/
walking.py) against the simulation's: the 95th percentile over steps stays under the bound,
and the bound within 2.3 times it (docs/legged.md, "Servos while walking")."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FACTOR = 2.3


def check(expected: dict, measured: dict) -> None:
    """Each servo under its bound; the bound of each kind of servo (hip, knee, ...) within
    FACTOR of the most the legs measure of that kind, where that is above a tenth of the
    effort."""
    kinds: dict[str, list[float]] = {}
    for actuator, (bound, effort) in expected.items():
        m = measured[actuator]
        assert m <= bound, (actuator, m, bound)
        kind = kinds.setdefault(actuator.rsplit("_", 1)[-1], [0.0, 0.0, effort])
        kind[0], kind[1] = max(kind[0], m), max(kind[1], bound)
    for kind, (m, bound, effort) in kinds.items():
        if m > 0.1 * effort:
            assert bound <= FACTOR * m, (kind, m, bound)


@pytest.mark.slow
def test_a_go2_class_walking_03_ms_peaks_under_the_bound(tmp_path):
    pytest.importorskip("mujoco")
    sys.path.insert(0, str(ROOT))
    from bench.legged import expected_peaks, measured_peaks, unbounded
    from bench.robotgen import write_go2_project

    from .go2 import build_go2
    xml = build_go2(tmp_path / "model", kp=50.0)
    core, libs = write_go2_project(tmp_path / "again", kp=50.0)
    peak, saturated, fell = measured_peaks(unbounded(xml), (0.3, 0.0, 0.0), seconds=4.0)
    assert not fell and not any(saturated.values())
    check(expected_peaks(core, libs[0], (0.3, 0.0, 0.0)), peak)


@pytest.mark.slow
def test_the_demo_quad_gait_walking_03_ms_peaks_under_the_bound(tmp_path):
    pytest.importorskip("mujoco")
    sys.path.insert(0, str(ROOT))
    from bench.legged import LIBRARY, build, expected_peaks, measured_peaks
    program = ROOT / "programs" / "quad_gait"
    xml = build(program, tmp_path)
    peak, saturated, fell = measured_peaks(xml, (0.3, 0.0, 0.0), seconds=4.0)
    assert not fell and not any(saturated.values())
    check(expected_peaks(program / "quad_gait.core", LIBRARY, (0.3, 0.0, 0.0)), peak)

"""The runtime starts a wheeled base linearly at the controller's ``ax`` (the analysis' start),
the model's drive filters passing the ramped command unchanged: a strong base whose start the
analysis holds to g / 2 reaches half its top speed in the analysis' time to that speed."""
from __future__ import annotations

from pathlib import Path

import pytest

from mobiledsl.analysis.motorline import base_line
from mobiledsl.pipeline import compile_program
from mobiledsl.sim import load_simulation

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("name", ("diff_drive", "mecanum"))
def test_a_strong_base_starts_in_the_analysis_time_to_speed(name, tmp_path):
    core = ROOT / "programs" / name / f"{name}.core"
    res = compile_program(core, None, None, [ROOT / "libraries" / "demo_parts"], ["mjcf"],
                          tmp_path / name)
    kin = res.analysis.kinematics
    top = kin.max_speed_mps
    assert kin.max_accel_mps2 == pytest.approx(4.905)      # held to what the tyres grip
    stated = base_line(res.robot, res.analysis.mass).time_to(0.5 * top)[0]
    sim = load_simulation(next((Path(res.outdir) / "mjcf").glob("*.xml")))
    sim.settle(0.5)
    t0, (x, _, _) = sim.time, sim.pose2d()
    sim.command(0.9 * top, 0.0, 0.0)
    reached = None
    while sim.time - t0 < 2.0:
        before, t = x, sim.time
        sim.advance(0.01)
        x = sim.pose2d()[0]
        if (x - before) / (sim.time - t) >= 0.5 * top:
            reached = sim.time - t0 - 0.005        # the speed measured mid-interval
            break
    assert reached == pytest.approx(stated, rel=0.15), (reached, stated)

"""The fidelity contract at both ends of the range, kept small for the suite (the full sweep
is bench/fidelity.py): the lightest and heaviest generated robots, driven through their
model's own twist map at 10 % and 90 % of the top speed the analysis accepts."""
from __future__ import annotations

from pathlib import Path

import mujoco
import pytest

from mobiledsl.pipeline import compile_program
from mobiledsl.model.vocabulary import CHASSIS_TYPES

from . import generated
from .sweep import sweep

ENDS = ("tb3_diff", "heavy_diff", "light_skid", "heavy_skid")
SCALES = {s.name: s for s in generated.SCALES}


def model_of(scale, tmp_path: Path):
    lib, core = generated.write(scale, tmp_path)
    result = compile_program(core, None, None, [lib], ["mjcf"], tmp_path / "out")
    assert not result.has_errors, [d.message for d in result.diagnostics]
    xml = tmp_path / "out" / "mjcf" / f"{scale.name}.xml"
    return mujoco.MjModel.from_xml_path(str(xml)), result


@pytest.mark.slow
@pytest.mark.parametrize("name", ENDS)
def test_drives_within_the_contract_at_both_ends_of_its_speed(name, tmp_path):
    model, result = model_of(SCALES[name], tmp_path)
    kin = result.analysis.kinematics
    kind = CHASSIS_TYPES[result.robot.chassis_type]
    runs = sweep(model, kin.max_speed_mps, kin.max_yaw_rate_rad_s, kind.holonomic, kind.spin,
                 fractions=(0.1, 0.9), seconds=2.0)
    bad = [r for r in runs if not r.ok]
    assert not bad, bad


@pytest.mark.slow
@pytest.mark.parametrize("name", ("light_skid", "heavy_skid", "heavy_skid_sides"))
def test_a_skid_steer_model_reaches_the_turn_rate_the_analysis_states(name, tmp_path):
    """The analysis states a slower turn than the bare track would give (its tyres slide
    sideways); the model reaches that rate, not merely the contract's half of it, over the
    whole range: a motor at each wheel, or one a side turning its wheels on a driveline."""
    model, result = model_of(SCALES[name], tmp_path)
    kin = result.analysis.kinematics
    assert kin.max_yaw_rate_rad_s < 2 * kin.max_speed_mps / kin.track_width_m
    spins = [r for r in sweep(model, kin.max_speed_mps, kin.max_yaw_rate_rad_s, False, True,
                              fractions=(0.1, 0.5, 0.9), seconds=2.0) if r.kind == "spin"]
    assert len(spins) == 3
    # the stated rate is the motors' line's against the tyres' sideways scrub, so the model
    # reaches it near the top too
    assert all(0.85 <= r.ratio <= 1.10 for r in spins), spins


def test_the_sweep_flags_a_run_outside_the_contract():
    from .sweep import Run
    assert Run("forward", 0.5, 1.0, 0.84, 0.0).ok is False       # too slow
    assert Run("forward", 0.5, 1.0, 0.86, 0.0).ok is True
    assert Run("forward", 0.5, 1.0, 1.0, 5.1).ok is False        # turns as it goes
    assert Run("forward", 0.5, 1.0, 1.0, 0.0, ("wheel_l",)).ok is False
    assert Run("spin", 0.5, 1.0, 0.49, 0.0).ok is False
    assert Run("spin", 0.5, 1.0, 0.51, 0.0).ok is True

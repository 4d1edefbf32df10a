"""A skid-steer base whose motors start it but cannot slide its tyres sideways turns at
0 rad/s; a Spin (with or without a rate) or a Navigate on it is an error at compile, not a
run that times out. A base with the torque to turn passes the same task."""
from __future__ import annotations

import pytest

from mobiledsl.pipeline import compile_program

from ..fidelity import generated as G

SPEED = "validation.kinematics.speed_supported"


def compile_with(tmp_path, torque_ratio, step):
    lib, core = G.write(G.husky(torque_ratio=torque_ratio), tmp_path)
    task = tmp_path / "turn.task"
    task.write_text(f"Task turn {{\n    {step}\n}}\n")
    return compile_program(core, None, str(task), [lib], [], tmp_path / "out")


@pytest.mark.parametrize("step", ["Spin(direction = left, angle_rad = 3.14)",
                                  "Spin(direction = right, angle_rad = 1.0, rate_rad_s = 0.5)"])
@pytest.mark.parametrize("torque_ratio", [0.1, 0.3])
def test_a_spin_on_a_base_that_turns_at_zero_is_an_error(tmp_path, torque_ratio, step):
    result = compile_with(tmp_path, torque_ratio, step)
    assert result.analysis.kinematics.max_yaw_rate_rad_s == 0.0
    found = [d for d in result.diagnostics if d.code == SPEED]
    assert found and found[0].severity.value == "error"
    assert "0 rad/s" in found[0].message or "0.000 rad/s" in found[0].message
    (verdict,) = result.analysis.kinematics.steps
    assert verdict.supported is False


@pytest.mark.parametrize("step", ["Spin(direction = left, angle_rad = 3.14)"])
def test_a_base_with_the_torque_to_turn_passes(tmp_path, step):
    result = compile_with(tmp_path, 2.0, step)
    assert result.analysis.kinematics.max_yaw_rate_rad_s > 0.5
    assert not [d for d in result.diagnostics if d.code == SPEED]
    (verdict,) = result.analysis.kinematics.steps
    assert verdict.supported is True

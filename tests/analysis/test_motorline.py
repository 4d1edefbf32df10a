"""Motors by their torque-speed line: the line itself, the base's figures against hand-worked
values across masses, voltages and reductions, and a base or step the motors cannot drive."""
from __future__ import annotations

import math

import pytest

from mobiledsl.analysis.motorline import (
    GRAVITY,
    GRIP,
    ROLLING_RESISTANCE,
    BaseLine,
    Drive,
    at_voltage,
    line_torque,
)
from mobiledsl.library.model import MotorSpec

MOTOR = MotorSpec(12.0, 36.6, 0.78, 5.0)


def test_the_line_falls_from_stall_to_no_load_and_is_clamped():
    assert line_torque(0.78, 36.6, 0.0) == pytest.approx(0.78)
    assert line_torque(0.78, 36.6, 18.3) == pytest.approx(0.39)
    assert line_torque(0.78, 36.6, 40.0) == 0.0
    assert line_torque(0.78, 36.6, -5.0) == pytest.approx(0.78)


@pytest.mark.parametrize("volts", [6.0, 9.0, 12.0, 12.6, 24.0])
@pytest.mark.parametrize("reduction", [1.0, 4.0, 78.71])
def test_voltage_scales_both_ends_and_the_reduction_trades_speed_for_torque(volts, reduction):
    line = at_voltage(MOTOR, volts, reduction)
    assert line.stall_nm == pytest.approx(0.78 * volts / 12 * reduction)
    assert line.no_load_rad_s == pytest.approx(36.6 * volts / 12 / reduction)
    # torque(w, V) = stall (V/rated) (1 - w / (no_load V/rated)) at the motor's shaft
    w = 0.3 * line.no_load_rad_s
    motor_w = w * reduction
    hand = 0.78 * volts / 12 * (1 - motor_w / (36.6 * volts / 12))
    assert line.torque(w) == pytest.approx(hand * reduction)


def base(mass, motors=2, radius=0.04, reduction=1.0, volts=12.0, spec=MOTOR):
    drives = tuple(Drive(f"m{i}", spec, (f"w{i}",), radius, reduction) for i in range(motors))
    return BaseLine(drives, mass, volts)


@pytest.mark.parametrize("mass", [1.1, 5.0, 20.0, 60.0])
@pytest.mark.parametrize("volts", [9.0, 12.6])
@pytest.mark.parametrize("reduction", [1.0, 3.0])
def test_the_base_figures_against_hand_worked_values(mass, volts, reduction):
    b = base(mass, 2, 0.04, reduction, volts)
    f0 = 2 * 0.78 * volts / 12 * reduction / 0.04          # stall pull at the ground
    v0 = 36.6 * volts / 12 / reduction * 0.04               # rim speed unloaded
    resist = ROLLING_RESISTANCE * mass * GRAVITY
    assert b.stall_pull == pytest.approx(f0)
    assert b.top_speed() == pytest.approx(v0 * (1 - resist / f0), rel=1e-6)
    rotors = 2 * 0.02 * 0.78 / 36.6 * reduction ** 2 / 0.04 ** 2
    assert b.accel() == pytest.approx(min((f0 - resist) / (mass + rotors), GRIP * GRAVITY))
    # steepest slope: f0 = m g (sin t + c cos t), at most the grip's
    t = b.max_slope()
    if t < math.atan(GRIP) - 1e-9:
        assert mass * GRAVITY * (math.sin(t) + ROLLING_RESISTANCE * math.cos(t)) == pytest.approx(f0)
    else:
        assert mass * GRAVITY * (math.sin(t) + ROLLING_RESISTANCE * math.cos(t)) <= f0


def test_time_to_speed_is_the_first_order_start_of_a_line():
    """Below the grip, m dv/dt = F0 (1 - v / v0) - R: v(t) = vs (1 - exp(-t / tau))."""
    b = base(40.0)
    m = b.inertial_mass
    f0, v0, r = b.stall_pull, b.no_load_speed, b.resistance
    vs = v0 * (1 - r / f0)
    tau = m * v0 / f0
    assert b.accel() < GRIP * GRAVITY
    for share in (0.2, 0.5, 0.9):
        t, x = b.time_to(share * vs)
        assert t == pytest.approx(-tau * math.log(1 - share), rel=1e-3)
        assert x == pytest.approx(vs * (t - tau * (1 - math.exp(-t / tau))), rel=1e-3)
    assert b.time_to(1.01 * vs) is None


def test_a_motor_too_weak_to_start_the_base():
    weak = MotorSpec(12.0, 36.6, 0.004, 5.0)
    b = base(1.1, 2, 0.04, spec=weak, volts=None)
    assert b.stall_pull == pytest.approx(0.2)
    assert b.resistance == pytest.approx(0.015 * 1.1 * 9.81)
    assert b.starts() and b.top_speed() < 0.3
    assert not base(1.5, 2, 0.04, spec=weak, volts=None).starts()
    assert base(1.5, 2, 0.04, spec=weak, volts=None).max_slope() == 0.0


def test_the_start_counts_the_wheels_turning_inertia():
    """A base spins its wheels up as it starts: the inertia each states about its axle, as
    mass at the ground (I / r^2), is in the mass the motors accelerate."""
    import tempfile
    from pathlib import Path

    from mobiledsl.analysis.motorline import base_line, wheels_felt
    from mobiledsl.pipeline import compile_program
    from tests.fidelity import generated
    scale = generated.husky("husky_wheels", mass=50.0, torque_ratio=0.3)
    with tempfile.TemporaryDirectory() as tmp:
        lib, core = generated.write(scale, Path(tmp))
        res = compile_program(core, None, None, [lib], [], Path(tmp) / "out")
    wheel = 0.04 * 50.0                       # each of four solid wheels: I = m r^2 / 2
    assert wheels_felt(res.robot) == pytest.approx(4 * wheel / 2, rel=1e-4)
    line = base_line(res.robot, res.analysis.mass)
    rotors = sum(d.mass_felt() for d in line.drives)
    assert line.inertial_mass == pytest.approx(50.0 + 4 * wheel / 2 + rotors, rel=1e-4)

"""The servos against the robot they carry: each servo's stance torque against its
effort, and the sag its kp allows, each against a hand computation, with a robot that breaks
each rule and one that passes it narrowly."""
from __future__ import annotations

import math
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from mobiledsl.analysis import analyse
from mobiledsl.analysis.servos import GRAVITY, foot_shares

from .test_legged_rules import GAIT_CONTROLLER, body_part, leg_part, quad

legged_quad = quad

HOLDS = "validation.statics.servos_hold_the_stance"
MARGIN = "validation.statics.servo_stance_margin"
GAIT_RANGE = "validation.statics.servos_within_the_gait_range"
ROOT = Path(__file__).resolve().parents[2]

HIP, KNEE = 0.6, -1.2          # the demo leg's holds
THIGH = SHIN = 0.15


def leg_with(knee_effort=3.0, kp=15.0, hip_effort=3.0):
    leg = leg_part()
    hip, knee = leg.links
    return replace(leg, links=(
        replace(hip, servo=replace(hip.servo, effort=hip_effort, kp=kp)),
        replace(knee, servo=replace(knee.servo, effort=knee_effort, kp=kp))))


def hand_knee_torque(robot, front=True) -> tuple[float, float, float]:
    """A front (or rear) knee's stance torque, its foot's push and the knee's lever, by hand:
    the weight split front to rear by the lever rule about the centre of mass, half a side
    each; the knee holds the foot's push at its lever less the shin's own weight at its
    lever."""
    a, _ = analyse(robot)
    hip_x = 0.12 if front else -0.12
    knee_x = hip_x - THIGH * math.sin(HIP)
    foot_x = knee_x - SHIN * math.sin(HIP + KNEE)
    other_x = foot_x - 2 * hip_x
    push = a.mass * GRAVITY / 2 * (a.com[0] - other_x) / (foot_x - other_x)
    shin_com_x = knee_x - 0.094 * math.sin(HIP + KNEE)
    torque = push * (foot_x - knee_x) - 0.05 * GRAVITY * (shin_com_x - knee_x)
    return torque, push, foot_x - knee_x


def by_code(diags, code):
    return [d for d in diags if d.code == code]


def test_the_shares_put_the_weight_under_the_centre_of_mass():
    import numpy as np
    points = np.array([[0.2, 0.1], [0.2, -0.1], [-0.2, 0.1], [-0.2, -0.1]])
    f = foot_shares(points, np.array([0.1, 0.0]), 100.0)
    # the lever rule: the front pair carries (0.1 + 0.2) / 0.4 of it
    assert f == pytest.approx([37.5, 37.5, 12.5, 12.5])
    assert foot_shares(points, np.array([0.3, 0.0]), 100.0) is None    # a foot would pull


def test_a_knee_weaker_than_its_stance_torque_is_an_error_naming_it():
    torque, _, _ = hand_knee_torque(quad(leg=leg_with()))
    rear, _, _ = hand_knee_torque(quad(leg=leg_with()), front=False)
    assert 0.4 < torque < rear < 0.6          # the centre of mass lies behind the middle
    _, diags = analyse(quad(leg=leg_with(knee_effort=0.3)))
    found = by_code(diags, HOLDS)
    assert {d.message.split("'")[1] for d in found} == {
        "front_left.knee", "front_right.knee", "rear_left.knee", "rear_right.knee"}
    d = next(d for d in found if "'front_left.knee'" in d.message)
    assert d.is_error
    assert f"must hold {torque:.2f} N·m" in d.message and "effort is 0.3 N·m" in d.message
    assert any(f"at least {torque / 0.7:.3g} N·m" in h and "links.knee.servo.effort" in h
               for h in d.help)
    d = next(d for d in found if "'rear_right.knee'" in d.message)
    assert f"must hold {rear:.2f} N·m" in d.message


def test_a_knee_just_above_its_stance_torque_warns_and_one_with_margin_passes():
    torque, _, _ = hand_knee_torque(quad(leg=leg_with()), front=False)
    _, diags = analyse(quad(leg=leg_with(knee_effort=torque * 1.02)))
    assert not by_code(diags, HOLDS)
    warned = [d for d in by_code(diags, MARGIN) if "'rear_left.knee'" in d.message]
    assert warned and not warned[0].is_error and "98 % of its effort" in warned[0].message
    _, diags = analyse(quad(leg=leg_with(knee_effort=torque / 0.7 * 1.02)))
    assert not by_code(diags, HOLDS) and not by_code(diags, MARGIN)


@pytest.mark.parametrize("walks_by_gait, share", [(False, 0.1), (True, 0.3)],
                         ids=["standing", "gait"])
def test_the_sag_a_soft_servo_allows_is_a_warning_at_a_tenth_of_the_height(walks_by_gait, share):
    """A tenth of the stance height, a warning; for a robot that walks by the gait, whose
    feed-forward makes the sag up, the gait's range instead (30 %, docs/legged.md), and an
    error beyond it: the gait cannot hold the asked speeds."""
    body = body_part(controller=GAIT_CONTROLLER if walks_by_gait else None)
    code = GAIT_RANGE if walks_by_gait else MARGIN

    def quad(leg):
        return legged_quad(leg=leg, body=body)
    a, _ = analyse(quad(leg=leg_with()))
    height = a.com[2] - a.ground_z
    # the rear feet carry more; each hip stands over its foot at these holds (sin 0.6 -
    # sin 0.6), so only the knee's give lowers the trunk
    _, push, lever = hand_knee_torque(quad(leg=leg_with()), front=False)
    per_kp = push * lever ** 2          # sag * kp
    kp_edge = per_kp / (share * height)
    _, diags = analyse(quad(leg=leg_with(kp=kp_edge * 0.95)))
    sag = [d for d in by_code(diags, code) if "'rear_left.foot'" in d.message]
    assert sag, [d.message for d in diags]
    assert sag[0].is_error == walks_by_gait
    assert f"{per_kp / (kp_edge * 0.95) * 1000:.1f} mm" in sag[0].message
    assert any("80-120 %" in n for n in sag[0].notes) == walks_by_gait
    if walks_by_gait:
        assert f"at most 30 % ({share * height * 1000:.1f} mm here)" in sag[0].message
        assert f"kp {kp_edge * 0.95:g} N·m/rad" in sag[0].message
        # over that foot the gait's range, not the standing rule
        assert not [d for d in by_code(diags, MARGIN) if "'rear_left.foot'" in d.message]
    _, diags = analyse(quad(leg=leg_with(kp=kp_edge * 1.05)))
    assert not [d for d in by_code(diags, GAIT_RANGE) if "foot" in d.message]
    # within the gait's range the sag is still the standing rule's warning (above a tenth)
    assert bool([d for d in by_code(diags, MARGIN) if "foot" in d.message]) == walks_by_gait
    kp_tenth = per_kp / (0.1 * height)
    _, diags = analyse(quad(leg=leg_with(kp=kp_tenth * 1.05)))
    assert not [d for d in by_code(diags, MARGIN) + by_code(diags, GAIT_RANGE)
                if "foot" in d.message]


def test_the_demo_quads_hold_their_stance():
    for leg in (leg_with(), leg_part()):
        _, diags = analyse(quad(leg=leg))
        assert not by_code(diags, HOLDS) and not by_code(diags, MARGIN)


def compile_go2(tmp_path, kp, effort=None):
    sys.path.insert(0, str(ROOT))
    from bench.robotgen import write_go2_project
    core, libs = write_go2_project(tmp_path, kp=kp, effort=effort)
    return subprocess.run([sys.executable, "-m", "mobiledsl", "compile", str(core), "--library",
                           str(libs[0]), "--check"], check=False, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=tmp_path)


@pytest.mark.slow
def test_a_go2_class_with_3_nm_knees_cannot_stand(tmp_path):
    proc = compile_go2(tmp_path, 50, {"calf": 3.0})
    assert proc.returncode == 1
    assert proc.stderr.count("error[validation.statics.servos_hold_the_stance]") == 4
    assert "'body.FL_calf' cannot hold the robot standing" in proc.stderr
    # 15.2 kg on four feet, the knee 0.167 m behind its foot, less the calf's weight
    assert "must hold 5.96 N·m" in proc.stderr and "effort is 3 N·m" in proc.stderr


@pytest.mark.slow
@pytest.mark.parametrize("kp", [20, 300])
def test_a_go2_class_at_published_gains_compiles_without_error(tmp_path, kp):
    """kp 20 (legged_gym's) sags 26 % of the stance height: within the gait's range, which
    makes it up, so no error; more than a tenth of the height, so the standing rule's
    warning. kp 300: no finding at all."""
    proc = compile_go2(tmp_path, kp)
    assert proc.returncode == 0, proc.stderr
    assert "error[" not in proc.stderr, proc.stderr
    assert ("warning[validation.statics.servo_stance_margin]" in proc.stderr) == (kp == 20)


@pytest.mark.slow
def test_a_go2_class_on_servos_too_soft_for_the_gait_is_refused(tmp_path):
    """kp 14: the trunk would sag 37 % of its height over the rear feet; the gait walks it
    at 29 % of the asked speed, so the compile refuses it, with the numbers."""
    proc = compile_go2(tmp_path, 14)
    assert proc.returncode == 1
    assert proc.stderr.count(f"error[{GAIT_RANGE}]") == 4
    assert "the gait cannot walk on the servos over foot 'body.RL_foot'" in proc.stderr
    assert "sag 99.1 mm under its 37.5 N, 37 % of the stance height of 268 mm" in proc.stderr
    assert "at most 30 % (80.4 mm here)" in proc.stderr
    assert "'body.RL_calf' 74.7 mm (kp 14 N·m/rad, 6.05 N·m)" in proc.stderr
    assert "kp of about 17.3 N·m/rad" in proc.stderr

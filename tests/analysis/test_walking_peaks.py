"""Each servo's expected peak torque while the robot walks by its gait at the speeds the task
asks (mobiledsl/analysis/walking.py): the plan's kinematics, the speeds taken from the task,
and the findings, each with a robot that breaks the rule and one that nearly does."""
from __future__ import annotations

import math
from dataclasses import replace

import numpy as np
import pytest

from mobiledsl.analysis import analyse
from mobiledsl.analysis import walking as W
from mobiledsl.analysis.walking import expected_walk
from mobiledsl.library.model import Gait

from . import fixtures as F
from .test_legged_rules import body_part, leg_part, quad, walker

PEAK = "validation.statics.gait_peak_torque"
PEAK_MARGIN = "validation.statics.gait_peak_margin"


def leg_with(knee_effort=3.0, hip_effort=3.0):
    leg = leg_part()
    hip, knee = leg.links
    return replace(leg, links=(replace(hip, servo=replace(hip.servo, effort=hip_effort)),
                               replace(knee, servo=replace(knee.servo, effort=knee_effort))))


def ahead(speed=0.2, line=2):
    return F.task(F.step("Advance", line=line, distance_m=1.0, speed_mps=speed))


def knee_peak(speed=0.2) -> float:
    walk, _ = expected_walk(quad(leg=leg_with()))
    return max(t for k, t in walk.peaks((speed, 0.0, 0.0)).items() if k.endswith(".knee"))


def found(diags, code, joint=".knee"):
    return [d for d in diags if d.code == code and f"{joint}'" in d.message]


def test_the_legs_turn_as_a_two_link_leg_does():
    """Turning the knee by d from the holds moves the foot as a thigh and shin of 0.15 m do."""
    walk, _ = expected_walk(quad())
    leg = walk.legs[0]
    hip = leg.joints[0].origin
    for d in (0.0, 0.3, -0.4):
        foot = W.LegPose(leg, np.array([0.0, d])).foot - hip
        # the hip pitches about +y by 0.6: x = -l sin(q), z = -l cos(q), the shin by 0.6 - 1.2 + d
        assert foot[0] == pytest.approx(-0.15 * math.sin(0.6) - 0.15 * math.sin(-0.6 + d),
                                        abs=0.021)
        assert foot[2] == pytest.approx(-0.15 * math.cos(0.6) - 0.15 * math.cos(-0.6 + d),
                                        abs=0.021)
    near = W.LegPose(leg, np.array([0.0, 1e-6])).foot - W.LegPose(leg, np.zeros(2)).foot
    jac = W.LegPose(leg, np.zeros(2)).jacobian()
    assert near / 1e-6 == pytest.approx(jac[:, 1], abs=1e-5)


def test_the_plan_solves_each_foot_where_it_goes():
    walk, _ = expected_walk(quad())
    leg = walk.legs[0]
    target = leg.foot + np.array([0.03, 0.0, 0.04])
    delta, pose = W._solve(leg, target, np.zeros(2))
    assert pose.foot == pytest.approx(target, abs=1e-6)


def test_a_trot_stands_on_two_feet():
    assert W.fewest_down([0.0, 0.5, 0.5, 0.0], 0.55) == [2, 2, 2, 2]
    assert W.fewest_down([0.0, 0.5, 0.5, 0.0], 0.99) == [2, 2, 2, 2]
    assert W.offsets_in_turn([(1, 1), (1, -1), (-1, 1), (-1, -1)]) == [0.0, 0.5, 0.5, 0.0]


def test_the_peak_is_more_than_the_stance_on_two_feet_and_grows_with_speed():
    """A trot carries the robot on two feet: each knee holds at least twice its standing
    torque (times the tracking), and the swing asks more the faster it goes."""
    standing = 0.46      # the demo quads' front knee (docs/analysis.md, Servos)
    peaks = [knee_peak(v) for v in (0.05, 0.2, 0.4)]
    assert peaks[0] > 2 * standing * W.TRACKING
    assert peaks[0] < peaks[1] < peaks[2]


def test_the_constants_are_the_gaits_and_the_targets():
    from mobiledsl.sim.gait import TRIM_MOST
    from mobiledsl.targets.mjcf.controller import GAIT_AX
    assert W.TRIM == TRIM_MOST and W.RAMP == GAIT_AX


def test_the_asked_speeds_come_from_the_steps_or_the_ranges_ends():
    gait = Gait((-0.2, 0.4), (-0.1, 0.1), (-0.5, 0.5))
    task = F.task(F.step("Advance", distance_m=1, speed_mps=0.2),
                  F.step("Advance", line=3, distance_m=1),
                  F.step("Advance", line=4, distance_m=1, speed_mps=0.9),
                  F.step("Spin", line=5, direction="left", angle_rad=1),
                  F.step("Strafe", line=6, direction="right", distance_m=1, speed_mps=0.05),
                  F.step("BackUp", line=7, distance_m=1, speed_mps=0.1))
    twists = {t: steps for t, steps, _ in W.asked_twists(task, gait)}
    assert twists == {(0.2, 0.0, 0.0): (0,), (0.4, 0.0, 0.0): (1, 2), (0.0, 0.0, 0.5): (3,),
                      (0.0, -0.05, 0.0): (4,), (-0.1, 0.0, 0.0): (5,)}
    ends = {t for t, _, _ in W.asked_twists(None, gait)}
    assert ends == {(0.4, 0, 0), (-0.2, 0, 0), (0, 0.1, 0), (0, -0.1, 0), (0, 0, 0.5),
                    (0, 0, -0.5)}


def servo_peak(speed=0.2, joint=".knee") -> float:
    walk, _ = expected_walk(quad(leg=leg_with()))
    return max(t for k, t in walk.peaks((speed, 0.0, 0.0)).items() if k.endswith(joint))


def test_a_hip_weaker_than_its_walking_peak_is_an_error_naming_it():
    peak = servo_peak(0.4, ".hip")
    _, diags = analyse(quad(leg=leg_with(hip_effort=peak * 0.9)), task=ahead(0.4))
    errors = found(diags, PEAK, ".hip")
    assert {d.message.split("'")[1] for d in errors} == {
        "front_left.hip", "front_right.hip", "rear_left.hip", "rear_right.hip"}
    d = next(d for d in errors if "'front_left.hip'" in d.message)
    assert d.is_error
    assert "walking 0.4 m/s ahead, as step 1 of the task asks" in d.message
    assert f"expected to peak at {peak:.2f} N·m" in d.message
    assert f"effort of {peak * 0.9:g} N·m" in d.message
    assert any(f"at least {peak / 0.8:.3g} N·m at links.hip.servo.effort" in h for h in d.help)
    slower = next(h for h in d.help if "ask for at most" in h)
    fits = float(slower.split("at most ")[1].split(" m/s")[0])
    assert 0.0 < fits < 0.4
    # at the speed the help gives the hip fits its effort, and a little faster it does not
    assert servo_peak(fits, ".hip") <= peak * 0.9 < servo_peak(fits + 0.03, ".hip")
    assert any(label.message == "asks this speed" for label in d.labels)


def test_a_knee_no_speed_fits_says_so():
    """The demo knee needs nearly as much creeping as at 0.2 m/s (the swing's lift and the
    two feet down): slowing down does not fit it."""
    peak = knee_peak(0.2)
    _, diags = analyse(quad(leg=leg_with(knee_effort=peak * 0.95)), task=ahead(0.2))
    d = found(diags, PEAK, "front_left.knee")[0]
    assert any(h.startswith("no speed fits") for h in d.help)


def test_a_knee_just_above_its_walking_peak_warns_and_one_with_margin_passes():
    peak = knee_peak(0.2)
    _, diags = analyse(quad(leg=leg_with(knee_effort=peak * 1.02)), task=ahead(0.2))
    assert not found(diags, PEAK)
    warned = found(diags, PEAK_MARGIN)
    assert len(warned) == 4 and not warned[0].is_error
    assert "98 % of its effort" in warned[0].message
    _, diags = analyse(quad(leg=leg_with(knee_effort=peak / 0.8 * 1.02)), task=ahead(0.2))
    assert not found(diags, PEAK) and not found(diags, PEAK_MARGIN)


def test_without_a_task_the_ranges_ends_warn_at_most():
    """Nothing asks the robot to walk yet: past its effort at the range's end is a warning."""
    peak = knee_peak(0.4)              # the body's gait goes 0.4 m/s ahead at most
    _, diags = analyse(quad(leg=leg_with(knee_effort=peak * 0.9)))
    assert not found(diags, PEAK)
    warned = found(diags, PEAK_MARGIN, "front_left.knee")
    assert warned and "the end of the gait's range" in warned[0].message
    assert "beyond its effort, so told to walk there it cannot" in warned[0].message


def test_the_record_keeps_each_servos_peak_at_each_asked_speed():
    a, _ = analyse(quad(leg=leg_with()), task=F.task(
        F.step("Advance", distance_m=1, speed_mps=0.2), F.step("Advance", line=3, distance_m=1,
                                                               speed_mps=0.2)))
    assert len(a.walking_peaks) == 8          # two servos on each of four legs, one speed
    p = next(p for p in a.walking_peaks if p.joint == "front_left.knee")
    assert p.twist == (0.2, 0.0, 0.0) and p.steps == (0, 1) and p.effort_nm == 3.0
    assert p.torque_nm == pytest.approx(knee_peak(0.2), rel=1e-6)


def test_a_robot_walking_by_a_walker_or_standing_is_not_judged_walking():
    from mobiledsl.analysis import analyse as run
    weak = leg_with(knee_effort=knee_peak(0.2) * 0.9)
    a, diags = run(quad(leg=weak), task=ahead(0.2), walkers={"test/w": walker()})
    assert a.walker == "test/w" and a.walking_peaks == () and not found(diags, PEAK)
    standing = quad(leg=weak, body=body_part(controller=None))
    a, diags = run(standing, task=ahead(0.2))
    assert a.walking_peaks == () and not found(diags, PEAK)


def test_a_gait_that_cannot_step_the_feet_is_not_walked():
    """Three legs: the gait steps an even number of feet, so its plan says nothing here."""
    a, diags = analyse(quad(hips=("hip_fl", "hip_fr", "hip_rl")), task=ahead(0.2))
    assert any(d.code == "validation.kinematics.gait_walks_the_feet" for d in diags)
    assert a.walking_peaks == ()

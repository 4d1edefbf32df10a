"""A robot walking by a walker's policy on the servo gains the policy was trained at
(validation.assembly.walker_trained_gains), and the warning for a walker that states none."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mobiledsl.analysis import analyse
from mobiledsl.analysis.legged import TRAINED_TOLERANCE

from .test_legged_rules import leg_part, quad, walker

TRAINED = "validation.assembly.walker_trained_gains"
UNTRAINED = "validation.assembly.walker_gains_unstated"
JOINTS = [f"{limb}/{link}" for limb in ("fl", "fr", "rl", "rr") for link in ("hip", "knee")]


def leg_at(knee_kp=15.0):
    leg = leg_part()
    hip, knee = leg.links
    return replace(leg, links=(hip, replace(knee, servo=replace(knee.servo, kp=knee_kp))))


def trained(kp=15.0):
    return replace(walker(), trained_kp={j: kp for j in JOINTS},
                   spans={"controller.trained_kp": None})


def by(diags, code):
    return [d for d in diags if d.code == code]


def test_a_walker_that_states_no_gains_is_warned_of():
    a, diags = analyse(quad(), walkers={"test/w": walker()})
    assert a.walker == "test/w"
    found = by(diags, UNTRAINED)
    assert len(found) == 1 and not found[0].is_error
    assert "'test/w'" in found[0].message and "controller.trained_kp" in found[0].help[0]
    assert not by(diags, TRAINED)


def test_servos_at_the_trained_gains_pass_and_a_robot_by_no_walker_is_not_judged():
    _, diags = analyse(quad(), walkers={"test/w": trained()})
    assert not by(diags, TRAINED) and not by(diags, UNTRAINED)
    _, diags = analyse(quad(leg=leg_at(50.0)))
    assert not by(diags, TRAINED) and not by(diags, UNTRAINED)


@pytest.mark.parametrize("share", [1 + TRAINED_TOLERANCE * 0.95, 1 - TRAINED_TOLERANCE * 0.95])
def test_a_knee_just_within_the_tolerance_passes(share):
    _, diags = analyse(quad(leg=leg_at(15.0 * share)), walkers={"test/w": trained()})
    assert not by(diags, TRAINED)


@pytest.mark.parametrize("share", [1 + TRAINED_TOLERANCE * 1.05, 1 - TRAINED_TOLERANCE * 1.05,
                                   50 / 15])
def test_a_knee_beyond_the_tolerance_is_refused_naming_it(share):
    kp = 15.0 * share
    _, diags = analyse(quad(leg=leg_at(kp)), walkers={"test/w": trained()})
    found = by(diags, TRAINED)
    assert {d.message.split("'")[1] for d in found} == {
        "front_left.knee", "front_right.knee", "rear_left.knee", "rear_right.knee"}
    d = next(d for d in found if "'front_left.knee'" in d.message)
    assert d.is_error
    assert f"has kp {kp:g} N·m/rad" in d.message and "trained with kp 15 N·m/rad" in d.message
    assert "'fl/knee'" in d.message
    assert "set links.knee.servo.kp" in d.help[0] and "to 15 (within 10 %: 13.5 to 16.5" \
        in d.help[0]
    assert "retrain" in d.help[1]

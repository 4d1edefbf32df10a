"""A legged base's steps against its gait's ranges: one check says "no speed that way" or
"too fast" for Navigate, Advance, BackUp and Strafe alike, each in its own words."""
from __future__ import annotations

from dataclasses import replace

import pytest

from mobiledsl.analysis import analyse
from mobiledsl.diagnostics import Span
from mobiledsl.library.model import Gait

from . import fixtures as F

WALK = "validation.kinematics.walk_supported"
STRAFE = "validation.kinematics.strafe_supported"
SPIN = "validation.kinematics.spin_supported"
SPEED_AT = Span("t.task", 2, 10, 2, 20)  # the speed argument's span
STEP_AT = Span("t.task", 2, 5, 2, 30)


def walker(ahead=(-0.3, 1.0), aside=(-0.2, 0.4), turn=(-0.5, 0.8)):
    r = F.diff_four()
    ch = r.parts["test/four"]
    return F.with_part(replace(r, chassis_type="Legged"),
                       replace(ch, gait=Gait(ahead, aside, turn)))


def judged(robot, step):
    a, diags = analyse(robot, None, F.task(step))
    found = [d for d in diags if d.code.startswith("validation.kinematics.")]
    return a.kinematics.steps[0], found


@pytest.mark.parametrize("step, code, message, reason", [
    (F.step("Advance", distance_m=1.0, speed_mps=1.5), WALK,
     "Advance asks for 1.5 m/s, above the gait's 1 m/s ahead", "too fast"),
    (F.step("BackUp", distance_m=1.0, speed_mps=0.5), WALK,
     "BackUp asks for 0.5 m/s, above the gait's 0.3 m/s back", "too fast"),
    (F.step("Navigate", goal="dock", speed_mps=2.0), WALK,
     "Navigate asks for 2 m/s, above the gait's 1 m/s ahead", "too fast"),
    (F.step("Strafe", direction="left", distance_m=0.2, speed_mps=0.5), STRAFE,
     "Strafe asks for 0.5 m/s, above the gait's 0.4 m/s to the left", "too fast"),
    (F.step("Strafe", direction="right", distance_m=0.2, speed_mps=0.25), STRAFE,
     "Strafe asks for 0.25 m/s, above the gait's 0.2 m/s to the right", "too fast"),
])
def test_a_step_faster_than_the_gait_is_refused_at_its_speed(step, code, message, reason):
    verdict, found = judged(walker(), step)
    assert [(d.code, d.message, d.span) for d in found] == [(code, message, SPEED_AT)]
    assert (verdict.supported, verdict.codes, verdict.reason) == (False, (code,), reason)


@pytest.mark.parametrize("step, gait, code, message, reason", [
    (F.step("Advance", distance_m=1.0), dict(ahead=(-0.3, 0.0)), WALK,
     "Advance needs a speed ahead, and the gait has none", "no speed ahead"),
    (F.step("BackUp", distance_m=1.0, speed_mps=0.1), dict(ahead=(0.0, 1.0)), WALK,
     "BackUp needs a speed back, and the gait has none", "no speed back"),
    (F.step("Navigate", goal="dock"), dict(ahead=(-0.3, 0.0)), WALK,
     "Navigate needs a speed ahead, and the gait has none", "no speed ahead"),
    (F.step("Strafe", direction="left", distance_m=0.2), dict(aside=(-0.2, 0.0)), STRAFE,
     "Strafe left needs a speed to the left, and the gait moves aside -0.2 to 0 m/s",
     "no speed aside that way"),
])
def test_a_step_the_gait_has_no_speed_for_is_refused_at_the_step(step, gait, code, message,
                                                                  reason):
    verdict, found = judged(walker(**gait), step)
    assert [(d.code, d.message, d.span) for d in found] == [(code, message, STEP_AT)]
    assert (verdict.supported, verdict.codes, verdict.reason) == (False, (code,), reason)


def test_navigate_needs_a_turn_either_way_before_its_speed_is_judged():
    verdict, found = judged(walker(ahead=(-0.3, 0.5), turn=(0.0, 0.8)),
                            F.step("Navigate", goal="dock", speed_mps=0.6))
    assert [d.code for d in found] == [SPIN, WALK]
    assert verdict.reason == "no turn either way; too fast"


def test_a_step_within_the_gait_is_supported():
    for step in (F.step("Advance", distance_m=1.0, speed_mps=1.0),
                 F.step("BackUp", distance_m=1.0), F.step("Navigate", goal="dock"),
                 F.step("Strafe", direction="right", distance_m=0.2, speed_mps=0.2)):
        verdict, found = judged(walker(), step)
        assert found == [] and verdict.supported is True

"""Judging a step by its tolerances, at both ends of each: a distance within 5 % or 2 cm,
a turn within 5 degrees, a Navigate within 0.15 m; a collision fails whatever was reached."""
from __future__ import annotations

import math

import pytest

from mobiledsl.codes import all_codes
from mobiledsl.diagnostics import Span
from mobiledsl.run.codes import CODES, COLLISION, NO_PATH, STEP_NOT_REACHED, TIPPED_OVER
from mobiledsl.run.execute import StepRun
from mobiledsl.run.judge import judge, verdict


def straight(asked, reached, kind="Advance", **kw):
    return StepRun(0, kind, {"distance_m": asked, "speed_mps": 0.3},
                   {"distance_m": reached}, **kw)


@pytest.mark.parametrize("asked,reached,ok", [
    (1.0, 0.951, True), (1.0, 0.949, False), (1.0, 1.049, True), (1.0, 1.051, False),
    (0.2, 0.181, True), (0.2, 0.179, False),          # 2 cm is wider than 5 % of 0.2 m
])
def test_distance_within_five_percent_or_two_centimetres(asked, reached, ok):
    for kind in ("Advance", "BackUp", "Strafe"):
        assert (verdict(straight(asked, reached, kind)) is None) is ok


@pytest.mark.parametrize("off_deg,ok", [(4.9, True), (-4.9, True), (5.1, False), (-5.1, False)])
def test_spin_within_five_degrees(off_deg, ok):
    run = StepRun(0, "Spin", {"angle_rad": 1.57, "direction": "left"},
                  {"angle_rad": 1.57 + math.radians(off_deg)})
    assert (verdict(run) is None) is ok


@pytest.mark.parametrize("left,ok", [(0.149, True), (0.151, False)])
def test_navigate_within_fifteen_centimetres(left, ok):
    run = StepRun(0, "Navigate", {"goal": "dock", "x": 1.0, "y": 0.0, "speed_mps": 0.3},
                  {"x": 1.0 - left, "y": 0.0, "to_goal_m": left})
    assert (verdict(run) is None) is ok


def test_the_gravest_failure_is_the_one_reported():
    touched = {"wall": (0.5, 0.0)}
    assert verdict(straight(1.0, 1.0, touched=touched)) == COLLISION
    assert verdict(straight(1.0, 0.4, touched=touched, tipped=True)) == TIPPED_OVER
    assert verdict(StepRun(0, "Navigate", {"goal": "g"}, no_path="closed")) == NO_PATH
    assert verdict(straight(1.0, 0.5)) == STEP_NOT_REACHED


def test_the_report_has_d16s_keys_and_a_diagnostic_at_each_failed_step():
    span = Span("t.task", 2, 5, 2, 30)

    class Step:
        def __init__(self, span):
            self.span = span

    runs = [straight(1.0, 1.0), straight(1.0, 0.5)]
    runs[1].index = 1
    report, diags = judge(runs, [Step(None), Step(span)])
    assert report["ok"] is False
    for entry in report["steps"]:
        assert {"step", "kind", "ok", "asked", "reached", "seconds", "collisions"} <= set(entry)
    assert [e["ok"] for e in report["steps"]] == [True, False]
    assert [(d.code, d.span) for d in diags] == [(STEP_NOT_REACHED, span)]
    assert "asked 1.000 m, reached 0.500 m" in diags[0].message


def test_every_run_code_is_explained():
    known = all_codes()
    for code, info in CODES.items():
        assert code.startswith("run.") and known[code] is info
        assert info.summary and info.explanation and info.example

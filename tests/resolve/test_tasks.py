"""Resolving .task files: steps, their arguments, and Navigate's goal."""
from __future__ import annotations

import pytest

from tests.assembly.fixtures import DIFF_BOT, codes, resolve

WORLD = """\
World storeroom {
    environment = "room_6x4"
    Marker station(type = cylinder, size = (0.3, 0.3, 0.002), pos = (3, 1, 0.001, 0, 0, 0, 1))
    Obstacle crate(type = box, size = (0.4, 0.4, 0.4), pos = (1.0, 0.5, 0.2, 0, 0, 0, 1))
}
"""

TASK = """\
Task deliver {
    Advance(distance_m = 1.0, speed_mps = 0.3)
    Spin(direction = left, angle_rad = 1.57)
    Strafe(direction = right, distance_m = 0.5)
    BackUp(distance_m = 0.3)
    Navigate(goal = @world/station, speed_mps = 0.4)
    Navigate(goal = @world/dock)
}
"""


def test_a_task_of_every_step_kind():
    resolved, ds = resolve(DIFF_BOT, WORLD, TASK)
    assert ds == [] and resolved is not None
    t = resolved.task
    assert t.name == "deliver" and t.file == "demo.task"
    kinds = [s.kind for s in t.steps]
    assert kinds == ["Advance", "Spin", "Strafe", "BackUp", "Navigate", "Navigate"]
    assert t.steps[0].args == {"distance_m": 1.0, "speed_mps": 0.3}
    assert t.steps[1].args == {"direction": "left", "angle_rad": 1.57}
    assert t.steps[4].args == {"goal": "station", "speed_mps": 0.4}
    assert t.steps[5].args == {"goal": "dock"}        # the environment's marker
    assert t.steps[0].arg_spans["distance_m"].line == 2
    assert t.steps[0].span.line == 2


def task(*steps: str) -> str:
    return "Task t {\n" + "".join(f"    {s}\n" for s in steps) + "}\n"


@pytest.mark.parametrize("step,code", [
    ("Advanse(distance_m = 1.0)", "semantic.unknown_type"),
    ("Advance(distance_m = 1.0, heading = 2)", "semantic.unknown_argument"),
    ("Advance(speed_mps = 0.3)", "semantic.missing_argument"),
    ("Advance(distance_m = -1.0)", "semantic.argument_value"),
    ("Advance(distance_m = 0)", "semantic.argument_value"),
    ('Advance(distance_m = "far")', "semantic.argument_value"),
    ("Spin(direction = up)", "semantic.argument_value"),
    ("Spin(angle_rad = 1)", "semantic.missing_argument"),
    ("Strafe(direction = left)", "semantic.missing_argument"),
    ("Navigate(speed_mps = 0.4)", "semantic.missing_argument"),
    ("Navigate(goal = @world/crate)", "semantic.reference_kind"),
    ("Navigate(goal = @world/wall_north)", "semantic.reference_kind"),
    ("Navigate(goal = @world/statoin)", "resolve.unknown_reference"),
    ("Navigate(goal = @core/wheel_l)", "semantic.reference_kind"),
    ('Navigate(goal = "station")', "semantic.argument_value"),
])
def test_step_mistakes(step, code):
    resolved, ds = resolve(DIFF_BOT, WORLD, task(step))
    assert resolved is None
    assert codes(ds) == [code], [(d.code, d.message) for d in ds]


def test_a_goal_that_is_no_marker_points_at_it():
    _, ds = resolve(DIFF_BOT, WORLD, task("Navigate(goal = @world/crate)"))
    d = ds[0]
    assert "'crate', an Obstacle; a goal is a Marker" in d.message
    assert d.labels[0].span.file == "demo.world" and d.labels[0].span.line == 4
    assert "station" in d.help[0] and "dock" in d.help[0]


def test_a_misspelt_goal():
    _, ds = resolve(DIFF_BOT, WORLD, task("Navigate(goal = @world/statoin)"))
    assert ds[0].help[0] == "did you mean 'station'?"


def test_a_goal_without_a_world():
    _, ds = resolve(DIFF_BOT, None, task("Navigate(goal = @world/station)"))
    assert codes(ds) == ["resolve.unknown_reference"]
    assert "there is no world" in ds[0].message


def test_a_goal_whose_entity_failed_is_not_reported_twice():
    bad_world = WORLD.replace("pos = (3, 1, 0.001, 0, 0, 0, 1)", "pos = (3, 1, 0.001)")
    _, ds = resolve(DIFF_BOT, bad_world, task("Navigate(goal = @world/station)"))
    assert codes(ds) == ["semantic.argument_value"]

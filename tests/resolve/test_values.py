"""The one report of a value of the wrong shape, as the robot's, the world's and the task's
resolving each give it."""
from __future__ import annotations

from tests.assembly.fixtures import DIFF_BOT, resolve


def wrong_values(core=DIFF_BOT, world=None, task=None):
    _, ds = resolve(core, world, task)
    return [(d.message, d.label, d.help) for d in ds if d.code == "semantic.argument_value"]


def test_a_robots_glue_of_the_wrong_length_says_its_length():
    core = DIFF_BOT.replace("glue = (0, 0.12, -0.02, 0, 1, 0)", "glue = (0, 0.12, -0.02, 0, 1)", 1)
    assert wrong_values(core) == [(
        "'glue' must be a tuple of six numbers, or seven with the roll, not a tuple of 5 numbers",
        "expected a tuple of six numbers, or seven with the roll",
        ("write glue = (x, y, z, nx, ny, nz) or (x, y, z, nx, ny, nz, roll)",),
    )]


def test_a_worlds_setting_of_the_wrong_shape():
    world = "World w {\n    ground_plane = (1, 2)\n}\n"
    assert wrong_values(world=world) == [(
        "'ground_plane' must be true or false, not a tuple of 2 numbers",
        "expected true or false",
        ("write ground_plane = true",),
    )]


def test_a_tasks_argument_of_the_wrong_shape():
    task = "Task t {\n    Advance(distance_m = far)\n}\n"
    assert wrong_values(task=task) == [(
        "'distance_m' must be a positive number, not a word",
        "expected a positive number",
        ("write distance_m = 0.5",),
    )]

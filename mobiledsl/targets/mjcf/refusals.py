"""What the mjcf target refuses (target.unsupported), pointing at the component."""
from __future__ import annotations

from ...model.robot import Robot
from ...diagnostics import Diagnostic, error
from ..refusals import moving_joint_refusals

WHEEL_TYPES = ("Standard", "Mecanum", "Omni_wheel", "Caster")


def refusals(robot: Robot) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    for c in robot.components:
        part = robot.parts[c.part]
        if c.type not in WHEEL_TYPES and c.type != "Track" and not part.collision:
            problems.append(error(
                "target.unsupported",
                f"'{c.name}' ({part.key}) declares no collision shape, and MuJoCo cannot "
                "collide through its mesh", c.span, label="no collision shape",
                help=f"declare collision (a box or a hull) in {part.file}"))
    return problems + moving_joint_refusals(robot)

"""What the mjcf target refuses (target.unsupported), pointing at the component."""

from __future__ import annotations

from ...diagnostics import Diagnostic, error
from ...model.robot import Robot
from ..meshes import mesh_refusals
from ..refusals import moving_joint_refusals

WHEEL_TYPES = ("Standard", "Mecanum", "Omni_wheel", "Caster")


def refusals(robot: Robot, target: str = "mjcf") -> list[Diagnostic]:
    """What MuJoCo cannot take, for ``target`` (mjcf, or ros-mujoco-nav2 which loads the
    same model): no collision shape, a moving mating joint, a mesh it cannot load."""
    problems: list[Diagnostic] = []
    for c in robot.components:
        part = robot.parts[c.part]
        if c.type not in WHEEL_TYPES and c.type != "Track" and not part.collision:
            problems.append(
                error(
                    "target.unsupported",
                    f"'{c.name}' ({part.key}) declares no collision shape, and MuJoCo cannot "
                    "collide through its mesh",
                    c.span,
                    label="no collision shape",
                    help=f"declare collision (a box or a hull) in {part.file}",
                )
            )
    return problems + moving_joint_refusals(robot) + mesh_refusals(robot, target)

"""What the ROS targets cannot write yet (target.unsupported), pointing at the component."""

from __future__ import annotations

from ...diagnostics import Diagnostic, error
from ...model.robot import Robot
from ..refusals import moving_joint_refusals


def refusals(robot: Robot, target: str) -> list[Diagnostic]:
    if robot.chassis_type == "Legged":
        return [
            error(
                "target.unsupported",
                f"the {target} target does not write a legged base yet",
                robot.component(robot.chassis).span,
                label="legged chassis",
                help="use the mjcf target for a legged robot",
            )
        ]
    problems = [
        error(
            "target.unsupported",
            f"'{c.name}' ({robot.parts[c.part].key}) moves links of its own, which "
            f"the {target} target does not write yet",
            c.span,
            label="part with links",
            help="use the mjcf target for this robot, or a part without links",
        )
        for c in robot.components
        if robot.parts[c.part].links
    ]
    return problems + moving_joint_refusals(robot)

"""What the ROS targets cannot write yet (target.unsupported), pointing at the component."""
from __future__ import annotations

from ...assembly.model import Robot
from ...diagnostics import Diagnostic, error


def refusals(robot: Robot, target: str) -> list[Diagnostic]:
    problems: list[Diagnostic] = []
    chassis = robot.component(robot.chassis)
    if robot.chassis_type == "Legged":
        problems.append(error(
            "target.unsupported", f"the {target} target does not write a legged base yet",
            chassis.span, label="legged chassis",
            help="use the mjcf target for a legged robot"))
        return problems
    for c in robot.components:
        part = robot.parts[c.part]
        if part.links:
            problems.append(error(
                "target.unsupported",
                f"'{c.name}' ({part.key}) moves links of its own, which the {target} target "
                "does not write yet", c.span, label="part with links",
                help="use the mjcf target for this robot, or a part without links"))
        if c.parent is None:
            continue
        own = part.connectors.get(c.connector) if c.connector else None
        if own is not None and own.joint.type != "fixed" and part.category != "wheel":
            problems.append(error(
                "target.unsupported",
                f"'{c.name}' mates by its connector '{own.name}', which states a "
                f"{own.joint.type} joint; only a wheel turns on its connector",
                c.glue_span or c.span, label="moving joint on a mating connector",
                help=f"remove the joint from connectors.{own.name} in {part.file}"))
        host_part = robot.part_of(c.parent)
        host = host_part.connectors.get(c.host_connector) if c.host_connector else None
        if host is not None and host.joint.type != "fixed":
            problems.append(error(
                "target.unsupported",
                f"'{c.name}' mates onto '{c.parent}.{host.name}', which states a "
                f"{host.joint.type} joint; a connector others mate onto must be fixed",
                c.glue_span or c.span, label="mates onto a moving joint",
                help=f"remove the joint from connectors.{host.name} in {host_part.file}"))
    return problems

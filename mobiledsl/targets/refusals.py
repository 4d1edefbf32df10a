"""Refusals every target shares (target.unsupported), pointing at the component."""

from __future__ import annotations

from ..diagnostics import Diagnostic, error
from ..model.robot import Robot


def moving_joint_refusals(robot: Robot) -> list[Diagnostic]:
    """No target writes a moving joint on a connector a mating uses: the part's own (unless
    the part is a wheel) or the one it mates onto. Moving bodies belong in links."""
    problems: list[Diagnostic] = []
    part_of = {c.name: robot.parts[c.part] for c in robot.components}  # by name, once
    for c in robot.components:
        if c.parent is None:
            continue
        part = robot.parts[c.part]
        own = part.connectors.get(c.connector) if c.connector else None
        if own is not None and own.joint.type != "fixed" and part.category != "wheel":
            problems.append(
                error(
                    "target.unsupported",
                    f"'{c.name}' mates by its connector '{own.name}', which states a "
                    f"{own.joint.type} joint; only a wheel turns on its connector",
                    c.glue_span or c.span,
                    label="moving joint on a mating connector",
                    help=f"remove the joint from connectors.{own.name} in {part.file}, or move the "
                    "part's moving bodies into links",
                )
            )
        host_part = part_of[c.parent]
        host = host_part.connectors.get(c.host_connector) if c.host_connector else None
        if host is not None and host.joint.type != "fixed":
            problems.append(
                error(
                    "target.unsupported",
                    f"'{c.name}' mates onto '{c.parent}.{host.name}', which states a "
                    f"{host.joint.type} joint; a connector others mate onto must be fixed",
                    c.glue_span or c.span,
                    label="mates onto a moving joint",
                    help=f"remove the joint from connectors.{host.name} in {host_part.file}",
                )
            )
    return problems

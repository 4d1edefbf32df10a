"""Where the robot stands: how far base_link is above the ground, as every target places
it."""

from __future__ import annotations

from typing import Any

from ..model.robot import Robot


def base_height(robot: Robot, analysis: Any) -> float:
    """How far base_link stands above the ground: from the analysis where it decided the
    ground, else from the lowest wheel, caster or contact."""
    ground_z = getattr(analysis, "ground_z", None) if analysis is not None else None
    if ground_z is not None:
        return -float(ground_z)
    lows = []
    for c in robot.components:
        part = robot.parts[c.part]
        z = c.pose.xyz[2]
        if part.wheel is not None:
            lows.append(z - part.wheel.radius)
        for contact in part.contacts:
            lows.append(z + contact.xyz[2] - contact.radius)
        if part.track is not None:
            lows.append(z + min(part.track.ground_from[2], part.track.ground_to[2]))
    return -min(lows) if lows else 0.0

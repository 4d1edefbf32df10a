"""``<robot>.controller.json``: how whoever runs the model drives it by a body twist. A
wheeled base by its twist map; a legged one by the gait or policy its part states, or by the
walker whose robot it is. The simulation runtime (mobiledsl.sim) reads it; it restates the
library's fields as stated and names the model's geoms and actuators they concern."""

from __future__ import annotations

import json
import posixpath
from typing import Any

from ...model.robot import Robot
from ..ros.config import limits
from .robot import kingpin_name

GAIT_AX = 1.0  # the command moves toward the asked one by at most 1 m/s each second
GAIT_AZ = 2.0  # and 2 rad/s each second


def file_name(robot: Robot) -> str:
    return f"{robot.name}.controller.json"


def describe(robot: Robot, analysis: Any, twist_map: dict[str, list[float]]) -> dict[str, Any]:
    """The controller description as plain data."""
    if robot.chassis_type != "Legged":
        return wheeled(robot, analysis, twist_map)
    return legged(robot, analysis)


def wheeled(robot: Robot, analysis: Any, twist_map: dict[str, list[float]]) -> dict[str, Any]:
    kin = getattr(analysis, "kinematics", None)
    v = getattr(kin, "max_speed_mps", None)
    w = getattr(kin, "max_yaw_rate_rad_s", None)
    holonomic = getattr(kin, "holonomic", None)
    side = v if holonomic else (0.0 if holonomic is False else None)
    # the command's ramp: the start and the turn's start the analysis states, the very figures
    # Nav2's velocity smoother and controller carry (one source, ``ros.config.limits``), so
    # no planner asks more of the model than its runtime follows
    ramp = limits(robot, analysis)
    return {
        "base": robot.chassis_type,
        "kind": "wheeled",
        "twist_map": twist_map,
        "limits": {
            "vx": _range(v),
            "vy": _range(side),
            "wz": _range(w),
            "ax": ramp["accel"],
            "az": ramp["turn_accel"],
        },
        "gait": None,
        "policy": None,
        "walker": None,
        "feet": None,
        "steering": steering(robot),
    }


def steering(robot: Robot) -> dict[str, Any] | None:
    """A steered base's kingpins: each one's position actuator and its wheel's place in
    base_link, and the x of the fixed wheels' axle the turning centre lies on."""
    steered = [c for c in robot.components if c.steer is not None]
    fixed = [
        c for c in robot.components if c.steer is None and robot.parts[c.part].wheel is not None
    ]
    if not steered or not fixed:
        return None
    pins = [
        {"actuator": kingpin_name(c.name), "x": float(c.pose.xyz[0]), "y": float(c.pose.xyz[1])}
        for c in steered
    ]
    return {"kingpins": pins, "rear_x": sum(float(c.pose.xyz[0]) for c in fixed) / len(fixed)}


def _range(limit: float | None) -> list[float] | None:
    return None if limit is None else [-abs(float(limit)) or 0.0, abs(float(limit))]


def legged(robot: Robot, analysis: Any) -> dict[str, Any]:
    chassis = robot.component(robot.chassis)
    part = robot.parts[chassis.part]
    walker = getattr(analysis, "walker_drive", None)
    ranges = walker.gait if walker is not None else part.gait
    stated = walker.controller if walker is not None else (part.controller or {})
    out: dict[str, Any] = {
        "base": robot.chassis_type,
        "limits": {
            "vx": list(ranges.ahead),
            "vy": list(ranges.aside),
            "wz": list(ranges.turn),
            "ax": GAIT_AX,
            "az": GAIT_AZ,
        }
        if ranges is not None
        else {"ax": GAIT_AX, "az": GAIT_AZ},
        "twist_map": {},
        "gait": None,
        "policy": None,
        "walker": None,
        "feet": feet(robot),
        "steering": None,
    }
    if walker is not None:
        out["kind"] = "policy"
        out["walker"] = {"id": walker.key, "joints": list(walker.joints)}
        out["policy"] = policy(
            stated,
            f"walkers/{walker.key.split('/')[-1]}",
            list(walker.joints),
            robot,
            list(walker.hidden),
        )
    elif "policy" in stated:
        out["kind"] = "policy"
        hidden = [f"{chassis.name}_{h}" for h in stated.get("hidden") or ()]
        out["policy"] = policy(
            stated, f"robot/{part.id}", servos(robot, chassis.name), robot, hidden
        )
    elif "gait" in stated:
        out["kind"] = "gait"
        out["gait"] = dict(stated["gait"], basis=stated.get("basis"))
    else:
        out["kind"] = "stand"  # the model a walker is trained on: it holds its servos
    return out


def policy(
    stated: dict[str, Any], folder: str, joints: list[str], robot: Robot, hidden: list[str]
) -> dict[str, Any]:
    """The policy as stated, its file relative to the model, the actuators it moves and
    those it reads as still."""
    out = {k: v for k, v in stated.items() if k != "joints"}
    out["policy"] = posixpath.join(folder, stated["policy"])
    out["actuators"] = joints
    imu = dict(stated.get("imu") or {})
    out["imu"] = imu
    out["imu_body"] = None if imu.get("link") is None else f"{robot.chassis}_{imu['link']}"
    out["hidden_actuators"] = hidden
    return out


def servos(robot: Robot, component: str) -> list[str]:
    """The actuators of a component's servos, in the order of its part's links."""
    part = robot.part_of(component)
    return [
        f"{component}_{link.name}"
        for link in part.links
        if link.joint.type == "revolute" and link.servo is not None
    ]


def feet(robot: Robot) -> dict[str, str]:
    """Every foot of the robot, by ``component.foot``, and the geom it stands on."""
    out = {}
    for c in robot.components:
        part = robot.parts[c.part]
        for foot in part.feet:
            out[f"{c.name}.{foot.name}"] = f"{c.name}_{foot.link}_collision_{foot.shape}"
    return out


def policy_assets(robot: Robot, analysis: Any) -> list[tuple[str, str]]:
    """The folder of the policy the robot walks by, copied beside the model where the
    description says it is."""
    walker = getattr(analysis, "walker_drive", None)
    if walker is not None:
        folder, stated = f"walkers/{walker.key.split('/')[-1]}", walker.controller
        source = walker.dir
    else:
        part = robot.part_of(robot.chassis)
        if robot.chassis_type != "Legged" or "policy" not in (part.controller or {}):
            return []
        folder, stated, source = f"robot/{part.id}", part.controller, part.dir
    sub = posixpath.dirname(stated["policy"])
    return [(posixpath.join(source, sub) if sub else source, posixpath.join(folder, sub))]


def controller_file(
    robot: Robot, analysis: Any, twist_map: dict[str, list[float]]
) -> tuple[str, bytes]:
    text = json.dumps(
        describe(robot, analysis, twist_map), sort_keys=True, indent=1, allow_nan=False
    )
    return file_name(robot), (text + "\n").encode("utf-8")

"""Sensors as MuJoCo expresses them. A sensor part looks along its own +x (REP 103)."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from ...model.frames import quat_from_z
from ...model.robot import Robot
from ..frames import fmt, fmtv
from .robot import sub

LIDAR_BEAMS = 36
LIDAR_RANGE_M = 12.0
ULTRASONIC_RANGE_M = 4.0
CAMERA_FOVY_DEG = 60


def add_sensors(builder, robot: Robot) -> None:
    out = builder.out
    # a range sensor's site turns +z onto the part's +x; a lidar's rays are the same fan
    # for every lidar: each turn is worked out once
    forward = fmtv(quat_from_z((1, 0, 0)))
    rays = (
        [
            fmtv(quat_from_z((math.cos(a), math.sin(a), 0.0)))
            for a in (2 * math.pi * k / LIDAR_BEAMS for k in range(LIDAR_BEAMS))
        ]
        if any(c.type in ("Lidar", "Lidar3D") for c in robot.components)
        else []
    )
    for c in robot.components:
        body = builder.bodies.get(c.name)
        part = robot.parts[c.part]
        if body is None:
            continue
        if c.type in ("Range", "Ultrasonic"):
            cutoff = part.range.max_m if part.range else ULTRASONIC_RANGE_M
            site = f"{c.name}_site"
            sub(body, "site", name=site, quat=forward, size="0.003")
            out.sensors.append(
                ET.Element("rangefinder", {"name": c.name, "site": site, "cutoff": fmt(cutoff)})
            )
        elif c.type in ("Lidar", "Lidar3D"):
            # a scan as a fan of rays in the sensor's xy plane
            for k, ray in enumerate(rays):
                site = f"{c.name}_ray_{k}"
                sub(body, "site", name=site, size="0.002", quat=ray)
                out.sensors.append(
                    ET.Element(
                        "rangefinder", {"name": site, "site": site, "cutoff": fmt(LIDAR_RANGE_M)}
                    )
                )
        elif c.type == "IMU":
            site = f"{c.name}_site"
            sub(body, "site", name=site, size="0.004")
            for tag, suffix in (
                ("accelerometer", "accel"),
                ("gyro", "gyro"),
                ("framequat", "orientation"),
            ):
                attrs = {"name": f"{c.name}_{suffix}"}
                if tag == "framequat":
                    attrs.update(objtype="site", objname=site)
                else:
                    attrs["site"] = site
                out.sensors.append(ET.Element(tag, attrs))
        elif c.type in ("Camera", "DepthCamera", "RGBD"):
            # MuJoCo's camera looks along its -z with +y up: right is the part's -y
            sub(
                body,
                "camera",
                name=c.name,
                mode="fixed",
                fovy=str(CAMERA_FOVY_DEG),
                xyaxes="0 -1 0 0 0 1",
            )
        elif (
            c.type == "Bumper"
            and part.collision
            and part.collision[0].size is not None
            and part.collision[0].type == "box"
        ):  # a box always has its size
            shape, size = part.collision[0], part.collision[0].size
            site = f"{c.name}_site"
            sub(
                body,
                "site",
                name=site,
                type="box",
                pos=fmtv(shape.origin_xyz),
                size=fmtv(s / 2 + 0.002 for s in size),
                rgba="1 0.3 0.3 0.2",
            )
            out.sensors.append(ET.Element("touch", {"name": c.name, "site": site}))

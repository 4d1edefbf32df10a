"""What a legged robot's model carries beyond its links and servos, as users of MuJoCo
Menagerie's quadrupeds expect: an IMU site on the trunk with a gyro, an accelerometer and a
framequat, a touch sensor over each foot, and a ``home`` keyframe in the standing pose (the
free joint where the model stands it, every servo at its hold, every command 0)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ...model.robot import Robot
from ..frames import fmt
from .robot import sub

#: the trunk's IMU: base_link's own frame
IMU_SITE = "base_link_imu"
IMU_SENSORS = (
    ("gyro", "base_link_imu_gyro"),
    ("accelerometer", "base_link_imu_accel"),
    ("framequat", "base_link_imu_quat"),
)
#: a touch sensor's site wraps its foot this much larger, so the contact lies inside it
TOUCH_MARGIN = 1.2
KEYFRAME = "home"


def is_legged(robot: Robot) -> bool:
    return robot.chassis_type == "Legged" and any(
        robot.parts[c.part].feet for c in robot.components
    )


def add_legged_sensors(builder, robot: Robot) -> None:
    """The trunk's IMU and each foot's touch sensor."""
    if not is_legged(robot):
        return
    out, base = builder.out, builder.bodies[robot.chassis]
    sub(base, "site", name=IMU_SITE, size="0.01")
    for tag, name in IMU_SENSORS:
        attrs = {"name": name}
        attrs.update(
            {"objtype": "site", "objname": IMU_SITE} if tag == "framequat" else {"site": IMU_SITE}
        )
        out.sensors.append(ET.Element(tag, attrs))
    for c in robot.components:
        for foot in robot.parts[c.part].feet:
            body = builder.bodies.get(f"{c.name}_{foot.link}")
            geom_name = f"{c.name}_{foot.link}_collision_{foot.shape}"
            geom = None if body is None else body.find(f"geom[@name='{geom_name}']")
            if geom is None:
                continue
            site = f"{geom_name}_touch"
            sub(body, "site", **_wrapping(geom, site))
            out.sensors.append(
                ET.Element("touch", {"name": f"{c.name}_{foot.name}_touch", "site": site})
            )


def _wrapping(geom: ET.Element, name: str) -> dict[str, str]:
    """A site of the foot geom's shape, ``TOUCH_MARGIN`` larger, where it is."""
    size = " ".join(fmt(float(v) * TOUCH_MARGIN) for v in geom.get("size", "").split())
    attrs = {
        "name": name,
        "type": geom.get("type", "sphere"),
        "size": size,
        "rgba": "0.9 0.4 0.2 0.3",
        "group": "4",
    }
    for key in ("pos", "quat"):
        value = geom.get(key)
        if value is not None:
            attrs[key] = value
    return attrs


def add_keyframe(root: ET.Element, robot: Robot, actuators: int) -> None:
    """``home``: every joint of the model where the model places it (a free joint at its
    body's pose, a hinge at its ref), so a viewer's reset and a trainer's reset stand the
    robot. Not written when a free body's pose is stated other than by pos and quat."""
    if not is_legged(robot):
        return
    qpos: list[str] = []
    worldbody = root.find("worldbody")
    assert worldbody is not None, "the model writes its worldbody first"
    for body in worldbody.iter("body"):
        for joint in body:
            if joint.tag == "freejoint" or (joint.tag == "joint" and joint.get("type") == "free"):
                if any(body.get(k) is not None for k in ("euler", "axisangle", "xyaxes", "zaxis")):
                    return
                qpos += (body.get("pos") or "0 0 0").split()
                qpos += (body.get("quat") or "1 0 0 0").split()
            elif joint.tag == "joint":
                kind = joint.get("type", "hinge")
                if kind == "ball":
                    qpos += ["1", "0", "0", "0"]
                else:
                    qpos.append(joint.get("ref") or "0")
    keyframe = ET.SubElement(root, "keyframe")
    ET.SubElement(
        keyframe, "key", name=KEYFRAME, qpos=" ".join(qpos), ctrl=" ".join(["0"] * actuators)
    )

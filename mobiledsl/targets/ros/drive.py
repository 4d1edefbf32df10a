"""The gz-sim drive system that fits the chassis type, configured from the assembled robot."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import numpy as np

from ...model.frames import quat_conj, rpy_from_quat
from ...model.robot import Robot
from ..frames import fmt, fmtv
from .tree import Tree

HOLONOMIC = ("Mecanum_four_wheel", "Omni_drive", "Omni_three_wheel")


def _plugin(filename: str, cls: str, params: list[tuple[str, str]]) -> ET.Element:
    el = ET.Element("plugin", {"filename": filename, "name": f"gz::sim::systems::{cls}"})
    for key, value in params:
        ET.SubElement(el, key).text = value
    return el


def _common() -> list[tuple[str, str]]:
    return [
        ("topic", "cmd_vel"),
        ("odom_topic", "odom"),
        ("frame_id", "odom"),
        ("child_frame_id", "base_footprint"),
        ("tf_topic", "tf"),
        ("odom_publish_frequency", "30"),
    ]


def _wheels(robot: Robot, tree: Tree):
    out = []
    for name, joint in sorted(tree.wheel_joints.items()):
        c = robot.component(name)
        wheel = robot.parts[c.part].wheel
        assert wheel is not None, "the tree turns a wheel joint for a wheel's part alone"
        out.append((name, joint, np.asarray(c.pose.xyz, float), wheel.radius))
    return out


def track_height(robot: Robot, tracks) -> float:
    """How high the belts stand: twice the hub's height over the belt's run (TrackedVehicle
    takes half of it as the radius of the wheels its odometry pretends the tracks are)."""
    heights = []
    for c in tracks:
        spec = robot.parts[c.part].track
        assert spec is not None, "a track's part states its track"
        heights.append(-(spec.ground_from[2] + spec.ground_to[2]))
    return max(max(heights), 0.01)


def _speed_limits(lim: dict | None, separate: bool) -> list[tuple[str, str]]:
    """The drive system's speed limiter from the base's limits, the numbers Nav2 plans
    within (config.limits), so the simulator never cuts what Nav2 asks. DiffDrive limits the
    linear and the angular speed apart. MecanumDrive and AckermannSteering (gz-sim 8) set
    one value on both their limiters, the linear (ahead and, mecanum, aside) and the angular:
    it is the larger of the top speed and the turn rate, so neither is held below the base's
    own (the lower of the two, which Nav2 holds itself); the lower one cut a mecanum base's
    turn to its top speed in m/s, 28 % of its turn rate."""
    if not lim:
        return []
    v, w, a, back, wa = lim["speed"], lim["yaw"], lim["accel"], lim["speed"], lim["turn_accel"]
    if separate:
        return [
            ("min_linear_velocity", fmt(-back)),
            ("max_linear_velocity", fmt(v)),
            ("min_angular_velocity", fmt(-w)),
            ("max_angular_velocity", fmt(w)),
            ("min_linear_acceleration", fmt(-a)),
            ("max_linear_acceleration", fmt(a)),
            ("min_angular_acceleration", fmt(-wa)),
            ("max_angular_acceleration", fmt(wa)),
        ]
    both, start = max(v, w), max(a, wa)
    return [
        ("min_velocity", fmt(-both)),
        ("max_velocity", fmt(both)),
        ("min_acceleration", fmt(-start)),
        ("max_acceleration", fmt(start)),
    ]


def _limiter(parent: ET.Element, tag: str, params: list[tuple[str, str]]) -> None:
    el = ET.SubElement(parent, tag)
    for key, value in params:
        ET.SubElement(el, key).text = value


def _sides(wheels: list) -> tuple[list, list]:
    """The wheels on the base's left (+y) and on its right."""
    return [w for w in wheels if w[2][1] > 0], [w for w in wheels if w[2][1] < 0]


def _side_joints(left: list, right: list) -> list[tuple[str, str]]:
    return [("left_joint", w[1]) for w in left] + [("right_joint", w[1]) for w in right]


def _chosen(
    plugins: list[ET.Element],
    filename: str,
    cls: str,
    params: list[tuple[str, str]],
    lim: dict | None,
    separate: bool,
) -> dict:
    """``plugins`` with the drive system chosen, which also enforces the base's limits
    (``_speed_limits``), and the note that names it."""
    plugins.append(_plugin(filename, cls, params + _common() + _speed_limits(lim, separate)))
    return {"plugins": plugins, "note": cls}


def drive_system(robot: Robot, tree: Tree, lim: dict | None = None, *, skid: float) -> dict:
    """Returns {"plugins": [...], "note": str}; the note says what was chosen and why.
    ``lim``: the base's limits (config.limits), which the drive system enforces; ``skid``:
    the analysis' skid factor (``Kinematics.skid_factor``), how much wider than its contacts
    a skid-steer base turns."""
    kind = robot.chassis_type
    wheels = _wheels(robot, tree)
    plugins = [
        _plugin(
            "gz-sim-joint-state-publisher-system",
            "JointStatePublisher",
            [("topic", "joint_states")],
        )
    ]
    if kind in ("Diff_two_caster", "Diff_drive") and wheels:
        left, right = _sides(wheels)
        sep = float(np.mean([w[2][1] for w in left]) - np.mean([w[2][1] for w in right]))
        params = _side_joints(left, right)
        # a skid-steer base's tyres slide as it turns: it turns as if its wheels stood wider
        # apart (the analysis' effective track), so its wheels run faster for a turn, as in
        # the MJCF's twist map, and its odometry counts the turn they give
        params += [("wheel_separation", fmt(sep * skid)), ("wheel_radius", fmt(wheels[0][3]))]
        return _chosen(plugins, "gz-sim-diff-drive-system", "DiffDrive", params, lim, True)
    if kind == "Mecanum_four_wheel" and len(wheels) == 4:
        by = {
            ("front" if w[2][0] > 0 else "back") + ("_left" if w[2][1] > 0 else "_right"): w
            for w in wheels
        }
        if len(by) == 4:
            sep = by["front_left"][2][1] - by["front_right"][2][1]
            base = by["front_left"][2][0] - by["back_left"][2][0]
            params = [
                (f"{k}_joint", by[k][1])
                for k in ("front_left", "front_right", "back_left", "back_right")
            ]
            params += [
                ("wheel_separation", fmt(sep)),
                ("wheelbase", fmt(base)),
                ("wheel_radius", fmt(by["front_left"][3])),
            ]
            return _chosen(
                plugins, "gz-sim-mecanum-drive-system", "MecanumDrive", params, lim, False
            )
    if kind == "Ackermann" and len(tree.steer_joints) == 2:
        steered = sorted(
            tree.steer_joints.items(), key=lambda kv: -robot.component(kv[0]).pose.xyz[1]
        )
        driven = [w for w in wheels if w[0] not in tree.steer_joints]
        left, right = _sides(driven)
        fl = np.asarray(robot.component(steered[0][0]).pose.xyz, float)
        fr = np.asarray(robot.component(steered[1][0]).pose.xyz, float)
        steer = robot.component(steered[0][0]).steer
        assert steer is not None, "the tree makes a steer joint for a steered wheel alone"
        limit = steer.max_angle_rad
        params = _side_joints(left, right)
        params += [
            ("left_steering_joint", steered[0][1]),
            ("right_steering_joint", steered[1][1]),
            ("kingpin_width", fmt(fl[1] - fr[1])),
            ("steering_limit", fmt(limit)),
            ("wheel_base", fmt(fl[0] - (left[0][2][0] if left else 0.0))),
            ("wheel_separation", fmt(fl[1] - fr[1])),
            ("wheel_radius", fmt(wheels[0][3])),
        ]
        return _chosen(
            plugins, "gz-sim-ackermann-steering-system", "AckermannSteering", params, lim, False
        )
    if kind == "Tracked":
        tracks = [c for c in robot.components if c.type == "Track"]
        left = [c for c in tracks if c.pose.xyz[1] > 0]
        right = [c for c in tracks if c.pose.xyz[1] < 0]
        if left and right:
            sep = float(
                np.mean([c.pose.xyz[1] for c in left]) - np.mean([c.pose.xyz[1] for c in right])
            )
            el = _plugin(
                "gz-sim-tracked-vehicle-system",
                "TrackedVehicle",
                [
                    ("tracks_separation", fmt(sep)),
                    ("track_height", fmt(track_height(robot, tracks))),
                    # the share of the belts' speed difference that turns the
                    # base, the analysis' (and the MJCF's twist map's)
                    ("steering_efficiency", fmt(1.0 / skid)),
                ]
                + _common(),
            )
            if lim:  # TrackedVehicle limits its linear and angular speed apart
                shared = dict(_speed_limits(lim, True))
                for kind in ("linear", "angular"):
                    _limiter(
                        el,
                        f"{kind}_velocity",
                        [
                            (f"{end}_{what}", shared[f"{end}_{kind}_{what}"])
                            for what in ("velocity", "acceleration")
                            for end in ("min", "max")
                        ],
                    )
            for side, group in (("left_track", left), ("right_track", right)):
                for c in group:
                    ET.SubElement(ET.SubElement(el, side), "link").text = c.name
            plugins.append(el)
            for c in left + right:
                # TrackController moves the belt along its frame's x about its y: the base's
                # frame, whichever way the unit is turned on its hub
                params = [("link", c.name)]
                turn = rpy_from_quat(quat_conj(c.pose.quat))
                if any(abs(a) > 1e-12 for a in turn):
                    params.append(("track_orientation", fmtv(turn)))
                plugins.append(_plugin("gz-sim-track-controller-system", "TrackController", params))
            return {"plugins": plugins, "note": "TrackedVehicle"}
    # Omni bases and the tricycle have no gz drive system of their own: the base follows
    # cmd_vel through VelocityControl, which moves it as commanded.
    plugins.append(
        _plugin("gz-sim-velocity-control-system", "VelocityControl", [("topic", "cmd_vel")])
    )
    plugins.append(
        _plugin(
            "gz-sim-odometry-publisher-system",
            "OdometryPublisher",
            [
                ("odom_frame", "odom"),
                ("robot_base_frame", "base_footprint"),
                ("odom_topic", "odom"),
                ("tf_topic", "tf"),
                ("dimensions", "2"),
            ],
        )
    )
    return {"plugins": plugins, "note": "VelocityControl"}

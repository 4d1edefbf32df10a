"""What libsdformat and check_urdf accept but Gazebo or Nav2 would get wrong: the sense of the
wheel joints the drive systems turn, a mecanum wheel's friction, the tracked vehicle's frames
and belts, the frame camera images are stamped in, and a parameter file ROS can read whole."""
from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import mujoco
import numpy as np
import pytest
from ruamel.yaml import YAML
from ruamel.yaml.events import AliasEvent

from mobiledsl.model.frames import matrix_from_quat as matrix, quat_from_rpy
from mobiledsl.targets.surfaces import SLIDER_FRICTION, TYRE_FRICTION

from ..fidelity.sweep import twist_table
from .conftest import PROGRAMS, chassis_type, compile_program

WHEELED = [p for p in PROGRAMS if chassis_type(p) != "Legged"]
DRIVE_JOINT_PARAMS = ("left_joint", "right_joint", "front_left_joint", "front_right_joint",
                      "back_left_joint", "back_right_joint")


def package_dir(built, program) -> Path:
    out = built(program, "ros-gz-nav2")
    return next(p for p in out.iterdir() if p.name.endswith("_bringup"))


def robot_model(pkg: Path) -> ET.Element:
    sdf = next((pkg / "worlds").glob("*.sdf"))
    return ET.parse(sdf).getroot().find("world").findall("model")[-1]


def link_rotations(model: ET.Element) -> dict[str, np.ndarray]:
    out = {}
    for link in model.findall("link"):
        values = [float(v) for v in link.findtext("pose").split()]
        assert link.find("pose").get("relative_to") is None
        out[link.get("name")] = matrix(quat_from_rpy(values[3:]))
    return out


def program_named(name: str):
    return next(p for p in PROGRAMS if p.name == name)


@pytest.mark.slow
@pytest.mark.parametrize("program", WHEELED, ids=lambda p: p.name)
def test_drive_system_wheels_roll_forward_for_a_positive_speed(built, program):
    """DiffDrive, MecanumDrive and AckermannSteering command every wheel joint with a positive
    speed to go forward: each joint's axis must point to the base's left (+y)."""
    model = robot_model(package_dir(built, program))
    rot = link_rotations(model)
    joints = {j.get("name"): j for j in model.findall("joint")}
    named = [el.text for plugin in model.findall("plugin") for el in plugin
             if el.tag in DRIVE_JOINT_PARAMS]
    for name in named:
        joint = joints[name]
        assert joint.find("pose") is None          # the joint frame is the child link's
        xyz = joint.find("axis").find("xyz")
        assert xyz.get("expressed_in") is None
        axis = rot[joint.findtext("child")] @ np.array([float(v) for v in xyz.text.split()])
        rolls = np.cross(axis, [0.0, 0.0, 1.0])     # the base's motion for a positive turn
        assert rolls[0] > 0.99, f"{name}: a positive speed rolls the base along {rolls}"


@pytest.mark.slow
@pytest.mark.parametrize("program", WHEELED, ids=lambda p: p.name)
def test_urdf_wheel_joints_turn_forward_as_gazebo_does(built, program):
    """joint_states and the URDF agree with the SDF: a positive wheel turn rolls the base
    forward (or, for an axle along x, to its left)."""
    pkg = package_dir(built, program)
    root = ET.parse(next((pkg / "urdf").glob("*.urdf"))).getroot()
    joints = {j.find("child").get("link"): j for j in root.iter("joint")}
    rots = {"base_footprint": np.eye(3)}

    def rotation(link: str) -> np.ndarray:
        if link not in rots:
            j = joints[link]
            rpy = [float(v) for v in j.find("origin").get("rpy").split()]
            rots[link] = rotation(j.find("parent").get("link")) @ matrix(quat_from_rpy(rpy))
        return rots[link]

    # a mecanum or omni wheel's rollers turn freely about their own axes
    wheels = [j for j in root.iter("joint") if j.get("type") == "continuous"
              and "_roller_" not in j.get("name")]
    assert wheels or chassis_type(program) == "Tracked"
    for j in wheels:
        axis = rotation(j.find("child").get("link")) @ np.array(
            [float(v) for v in j.find("axis").get("xyz").split()])
        rolls = np.cross(axis, [0.0, 0.0, 1.0])
        assert rolls[0] > 1e-6 or (abs(rolls[0]) < 1e-6 and rolls[1] > 0), (j.get("name"), rolls)


@pytest.mark.parametrize("program", WHEELED, ids=lambda p: p.name)
def test_what_touches_the_floor_grips_as_in_every_target(built, program):
    """A tyre or roller grips with the tyre's friction, a caster ball slides, in the URDF for
    PyBullet (<contact>) and Gazebo (<gazebo reference> mu1, mu2) and in the SDF; a link
    that meets the floor only by accident (the chassis) states none."""
    pkg = package_dir(built, program)
    root = ET.parse(next((pkg / "urdf").glob("*.urdf"))).getroot()
    core = (program / f"{program.name}.core").read_text()
    casters = set(re.findall(r"^\s*Caster\s+(\w+)", core, flags=re.M))
    gazebo = {g.get("reference"): g for g in root.findall("gazebo")}
    sdf_links = {l.get("name"): l for l in robot_model(pkg).findall("link")}
    rolling = 0
    for link in root.findall("link"):
        name = link.get("name")
        friction = link.find("contact/lateral_friction")
        if link.find("collision/geometry/cylinder") is None and "_roller_" not in name \
                and name not in casters:
            assert link.find("contact") is None and name not in gazebo, name
            continue
        expected = SLIDER_FRICTION if name in casters else TYRE_FRICTION
        assert float(friction.get("value")) == expected, name
        assert float(gazebo[name].findtext("mu1")) == expected, name
        assert float(gazebo[name].findtext("mu2")) == expected, name
        ode = sdf_links[name].find("collision/surface/friction/ode")
        assert float(ode.findtext("mu")) == float(ode.findtext("mu2")) == expected, name
        rolling += name not in casters
    assert rolling >= 2 or chassis_type(program) == "Tracked"


def test_mecanum_wheels_roll_on_rollers_in_the_x_pattern(built):
    """MecanumDrive only strafes when each wheel grips across its rollers and slides along
    them: the roller at the bottom of each wheel turns about (1, -1) at the front left and
    back right wheels and (1, 1) at the others, seen from above; the hub itself touches
    nothing."""
    pkg = package_dir(built, program_named("mecanum"))
    model = robot_model(pkg)
    rot = link_rotations(model)
    poses = {l.get("name"): np.array([float(v) for v in l.findtext("pose").split()[:3]])
             for l in model.findall("link")}
    plugin = next(p for p in model.findall("plugin") if p.get("name").endswith("MecanumDrive"))
    joints = {j.get("name"): j for j in model.findall("joint")}
    links = {l.get("name"): l for l in model.findall("link")}
    expected = {"front_left_joint": (1, -1), "back_right_joint": (1, -1),
                "front_right_joint": (1, 1), "back_left_joint": (1, 1)}
    for param, (ex, ey) in expected.items():
        wheel = joints[plugin.findtext(param)].findtext("child")
        assert links[wheel].find("collision") is None, wheel
        rollers = [j for j in joints.values() if j.findtext("parent") == wheel]
        assert len(rollers) == 16, (wheel, len(rollers))
        bottom = min(rollers, key=lambda j: poses[j.findtext("child")][2])
        child = bottom.findtext("child")
        axis = rot[child] @ np.array([float(v) for v in bottom.find("axis").findtext("xyz").split()])
        assert links[child].find("collision/geometry/sphere") is not None
        assert abs(axis[2]) < 0.2, (param, axis)
        along = axis[:2] / np.linalg.norm(axis[:2])
        assert abs(along @ (np.array([ex, ey]) / math.sqrt(2))) > 0.98, (param, axis)


def test_tracked_vehicle_publishes_nav2_frames_and_tracks_drive_forward(built):
    pkg = package_dir(built, program_named("tracked"))
    model = robot_model(pkg)
    rot = link_rotations(model)
    vehicle = next(p for p in model.findall("plugin") if p.get("name").endswith("TrackedVehicle"))
    assert vehicle.findtext("frame_id") == "odom"
    assert vehicle.findtext("child_frame_id") == "base_footprint"
    assert vehicle.findtext("tf_topic") == "tf"
    assert vehicle.findtext("odom_topic") == "odom"
    assert float(vehicle.findtext("track_height")) > 0
    controllers = [p for p in model.findall("plugin") if p.get("name").endswith("TrackController")]
    assert {c.findtext("link") for c in controllers} == {"track_l", "track_r"}
    for c in controllers:
        # TrackController moves the belt along the track frame's x, taking its y as the axle:
        # that frame (the link's, turned by track_orientation) must be the base's
        turn = [float(v) for v in (c.findtext("track_orientation") or "0 0 0").split()]
        frame = rot[c.findtext("link")] @ matrix(quat_from_rpy(turn))
        assert np.allclose(frame, rot["base_link"], atol=1e-6), c.findtext("link")


SIDE_STEERED = [p for p in WHEELED
                if chassis_type(p) in ("Diff_two_caster", "Diff_drive", "Tracked")]


@pytest.mark.slow
@pytest.mark.parametrize("program", SIDE_STEERED, ids=lambda p: p.name)
def test_a_turn_drives_each_side_as_the_mjcf_does(built, program):
    """Gazebo's DiffDrive or TrackedVehicle splits a cmd_vel turn between the sides as the
    MJCF's twist map does: by the same track, widened on a skid-steer base for its slide
    (wheel_separation times the analysis' factor; TrackedVehicle's steering_efficiency its
    inverse), so the same command asks the same of each side in both simulators."""
    model = robot_model(package_dir(built, program))
    plugin = next(p for p in model.findall("plugin")
                  if p.get("name").rsplit("::", 1)[1] in ("DiffDrive", "TrackedVehicle"))
    if plugin.find("wheel_separation") is not None:
        turning_track = float(plugin.findtext("wheel_separation"))
    else:
        turning_track = float(plugin.findtext("tracks_separation")) / \
            float(plugin.findtext("steering_efficiency"))
    mjcf = built(program, "mjcf") / f"{program.name}.xml"
    twists = twist_table(mujoco.MjModel.from_xml_path(str(mjcf)))
    assert twists
    for drive, (forward, _, turn) in twists.items():
        # a side's speed per unit of turn over its speed per unit of forward: half the track
        assert abs(turn / forward) == pytest.approx(turning_track / 2, rel=1e-6), drive
    if chassis_type(program) != "Diff_two_caster":       # skid-steer: wider than it stands
        assert turning_track > 1.01 * standing_track(model, plugin)


def standing_track(model: ET.Element, plugin: ET.Element) -> float:
    """How far apart the drive system's two sides stand (their links' mean y)."""
    if plugin.find("tracks_separation") is not None:
        return float(plugin.findtext("tracks_separation"))
    joints = {j.get("name"): j.findtext("child") for j in model.findall("joint")}
    y = {link.get("name"): float(link.findtext("pose").split()[1])
         for link in model.findall("link")}
    side = {key: np.mean([y[joints[el.text]] for el in plugin.findall(key)])
            for key in ("left_joint", "right_joint")}
    return float(side["left_joint"] - side["right_joint"])


def test_a_track_collides_through_a_box_on_its_belts_run(built):
    """track_unit's belt lies on the ground from x -0.03 to -0.13 of the part frame, 38.4 mm
    wide: the box Gazebo collides by spans that run, its bottom on the ground."""
    pkg = package_dir(built, program_named("tracked"))
    model = robot_model(pkg)
    base_z = None
    for link in model.findall("link"):
        pose = [float(v) for v in link.findtext("pose").split()]
        if link.get("name") == "base_link":
            base_z = pose[2]
    model_z = float(model.findtext("pose").split()[2])
    for link in model.findall("link"):
        if link.get("name") not in ("track_l", "track_r"):
            continue
        pose = [float(v) for v in link.findtext("pose").split()]
        [col] = link.findall("collision")
        size = [float(v) for v in col.find("geometry").find("box").findtext("size").split()]
        cpose = [float(v) for v in col.findtext("pose").split()]
        assert size[0] == pytest.approx(0.10) and size[1] == pytest.approx(0.0384)
        centre_z = model_z + pose[2] + cpose[2]
        assert centre_z - size[2] / 2 == pytest.approx(0.002, abs=1e-6), link.get("name")
        assert cpose[0] == pytest.approx(-0.08)
    assert base_z is not None


@pytest.mark.parametrize("program", [p for p in WHEELED
                                     if "Camera" in (p / f"{p.name}.core").read_text()],
                         ids=lambda p: p.name)
def test_camera_images_are_stamped_in_the_optical_frame(built, program):
    pkg = package_dir(built, program)
    model = robot_model(pkg)
    urdf_links = {l.get("name") for l in
                  ET.parse(next((pkg / "urdf").glob("*.urdf"))).getroot().iter("link")}
    cameras = [s for s in model.iter("sensor") if s.get("type") in
               ("camera", "depth_camera", "rgbd_camera")]
    assert cameras
    for s in cameras:
        frame = s.findtext("gz_frame_id")
        assert frame == f"{s.get('name')}_optical" and frame in urdf_links


def yaml_events(text: str):
    return list(YAML(typ="safe", pure=True).parse(text))


@pytest.mark.parametrize("program", WHEELED, ids=lambda p: p.name)
def test_nav2_params_load_in_ros_and_navigate(built, program):
    pkg = package_dir(built, program)
    text = (pkg / "config" / "nav2_params.yaml").read_text()
    # rcl's parameter parser refuses YAML anchors and aliases ("Will not support aliasing")
    assert not [e for e in yaml_events(text) if isinstance(e, AliasEvent)]
    assert "&" not in text and "*" not in text
    params = YAML(typ="safe").load(text)
    follow = params["controller_server"]["ros__parameters"]["FollowPath"]
    # without a costmap critic MPPI drives through obstacles
    assert "CostCritic" in follow["critics"] or "ObstaclesCritic" in follow["critics"]
    # the default behaviour trees call spin: bt_navigator will not start without its server
    behaviors = params["behavior_server"]["ros__parameters"]
    assert "spin" in behaviors["behavior_plugins"]
    assert behaviors["spin"]["plugin"] == "nav2_behaviors::Spin"
    # nav2_bringup (Jazzy) starts collision_monitor and docking_server, which do not configure
    # without these, and the lifecycle manager then aborts the whole bringup
    monitor = params["collision_monitor"]["ros__parameters"]
    assert monitor["polygons"] and monitor["observation_sources"]
    for name in monitor["polygons"] + monitor["observation_sources"]:
        assert "type" in monitor[name]
    docking = params["docking_server"]["ros__parameters"]
    assert docking["dock_plugins"]
    for name in docking["dock_plugins"]:
        assert docking[name]["plugin"]


@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_mjcf_shows_every_part(built, program):
    """A part whose mesh MuJoCo cannot decode is shown by its collision shapes, in a geom
    group the viewer draws by default (0 to 2); a caster's OBJ mesh is shown too."""
    out = built(program, "mjcf")
    root = ET.parse(next(out.glob("*.xml"))).getroot()
    core = (program / f"{program.name}.core").read_text()
    bodies = {b.get("name"): b for b in root.iter("body")}
    names = re.findall(r"^\s*[A-Z]\w*\s+(\w+)\s*\(ref", core, flags=re.M)
    for name in names[1:]:
        body = bodies.get(name)
        if body is None:
            continue
        shown = [g for g in body.iter("geom") if int(g.get("group", "0")) <= 2]
        assert shown, f"{name}: nothing of it is drawn by default"


@pytest.mark.slow
def test_two_ros_builds_are_byte_identical(tmp_path):
    program = program_named("mecanum")
    a, b = tmp_path / "a", tmp_path / "b"
    assert compile_program(program, "ros-gz-nav2", a).returncode == 0
    assert compile_program(program, "ros-gz-nav2", b).returncode == 0
    files_a = sorted(p.relative_to(a) for p in a.rglob("*") if p.is_file())
    assert files_a == sorted(p.relative_to(b) for p in b.rglob("*") if p.is_file())
    for rel in files_a:
        assert (a / rel).read_bytes() == (b / rel).read_bytes(), rel

"""The assembled robot: poses, the tree, mounts, drive, steering, links, and the
validation.assembly rules."""
from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from mobiledsl.model.frames import axis_angle, matrix_from_quat
from mobiledsl.records import dumps

from .fixtures import DIFF_BOT, POWERED_BOT, build, codes, mecanum_program

TAKEN = "validation.assembly.connector_taken"
DRIVE = "validation.assembly.drive_mounts_filled"
STEERING = "validation.assembly.steering_declared"


def ok(text, **kw):
    robot, ds = build(text, **kw)
    assert robot is not None, [(d.code, d.message) for d in ds]
    assert not [d for d in ds if d.is_error]
    return robot


def rot(c):
    return matrix_from_quat(c.pose.quat)


def test_the_diff_bot_program():
    robot = ok(DIFF_BOT)
    assert robot.name == "diff_bot" and robot.chassis == "chassis"
    assert robot.chassis_type == "Diff_two_caster"
    assert robot.intent.startswith("Two-wheel differential")
    chassis = robot.component("chassis")
    assert chassis.pose.xyz == (0, 0, 0) and chassis.pose.quat == (1, 0, 0, 0)
    assert chassis.parent is None and chassis.connector is None

    wl = robot.component("wheel_l")
    assert wl.parent == "chassis" and wl.host_connector == "wheel_left"
    assert wl.connector == "mount" and wl.joint == "continuous"
    assert np.allclose(wl.pose.xyz, (0, 0.12, -0.02))
    assert np.allclose(wl.joint_axis, (0, -1, 0))       # its +z faces the chassis
    assert np.allclose(wl.joint_point, (0, 0.12, -0.02))
    assert wl.mount == "left_wheel" and wl.driven and wl.driven_by is None
    wr = robot.component("wheel_r")
    assert np.allclose(wr.joint_axis, (0, 1, 0)) and wr.mount == "right_wheel"

    ball = robot.component("ball")
    assert np.allclose(ball.pose.xyz, (-0.15, 0, -0.0475))
    assert ball.mount is None and not ball.driven and ball.joint == "fixed"

    lidar = robot.component("top_lidar")
    r = rot(lidar)
    assert np.allclose(r @ [0, 0, 1], [0, 0, -1])        # its dir onto the glue's negation
    assert np.allclose(r @ [0, -1, 0], [1, 0, 0])        # its up onto the mount's up
    assert np.allclose(lidar.pose.xyz + r @ np.array([0.0033, -0.0001, -0.024]), (0, 0, 0.06))

    assert robot.occupied == {"chassis.caster_mount": "ball", "chassis.top_mount": "top_lidar",
                              "chassis.wheel_left": "wheel_l", "chassis.wheel_right": "wheel_r"}
    assert robot.free_connectors == ()
    assert set(robot.parts) == {"demo_parts/diff_base", "demo_parts/standard_80",
                                "demo_parts/caster_ball", "demo_parts/lidar_ld06"}


def test_motors_drivers_and_packs():
    robot = ok(POWERED_BOT)
    names = [c.name for c in robot.components]
    for child in robot.components:
        if child.parent:
            assert names.index(child.parent) < names.index(child.name)
    m = robot.component("motor_l")
    assert m.mount == "left_wheel" and m.command == "driver" and m.power is None
    assert np.allclose(rot(m) @ [1, 0, 0], [0, 1, 0])    # the shaft points out
    w = robot.component("wheel_l")
    assert w.parent == "motor_l" and w.host_connector == "shaft"
    assert w.mount == "left_wheel" and w.driven and w.driven_by == "motor_l"
    assert np.allclose(w.pose.xyz, (0, 0.12, -0.02))
    assert robot.component("driver").power == "pack"
    pack = robot.component("pack")
    assert np.allclose(rot(pack), np.eye(3))           # (0, 0, 1) onto -(0, 0, -1): upright
    assert "motor_l.mount" not in robot.free_connectors
    assert "chassis.top_mount" in robot.free_connectors
    assert robot.occupied["motor_l.shaft"] == "wheel_l"


def test_placement_is_order_independent():
    lines = POWERED_BOT.strip().splitlines()
    header, body, footer = lines[0], lines[1:-1], lines[-1]
    reference = ok(POWERED_BOT)
    ref_by_name = {c.name: dumps(c) for c in reference.components}
    for perm in itertools.islice(itertools.permutations(body), 0, 5040, 97):
        robot = ok("\n".join([header, *perm, footer]) + "\n")
        # spans move with the lines; everything else is the same
        by_name = {c.name: c for c in robot.components}
        for name, text in ref_by_name.items():
            a = by_name[name]
            b = next(c for c in reference.components if c.name == name)
            assert (a.pose, a.parent, a.host_connector, a.mount, a.driven_by) == \
                   (b.pose, b.parent, b.host_connector, b.mount, b.driven_by)
        assert robot.occupied == reference.occupied
        assert robot.free_connectors == reference.free_connectors


def test_a_wheel_declared_before_its_motor_is_placed():
    text = mecanum_program()
    robot = ok(text)
    assert robot.component("wheel_lf").parent == "motor_lf"
    assert robot.component("wheel_rf").parent == "motor_rf"     # declared before? no: after
    moved = text.replace(
        '    Mecanum wheel_lf(ref = "mecanum_black", glue = (0.1275, 0.1494, -0.0216, 0, 1, 0))\n', "")
    moved = moved.replace("    Lidar top_lidar", '    Mecanum wheel_lf(ref = "mecanum_black", '
                          'glue = (0.1275, 0.1494, -0.0216, 0, 1, 0))\n    Lidar top_lidar')
    robot = ok(moved)
    names = [c.name for c in robot.components]
    assert names.index("motor_lf") < names.index("wheel_lf")


# -- connector_taken ---------------------------------------------------------------------------

def test_two_parts_on_one_connector():
    text = DIFF_BOT.replace("}\n", '    Lidar second(ref = "lidar_ld06", glue = (0, 0, 0.06, 0, 0, 1))\n}\n')
    robot, ds = build(text)
    assert robot is None and codes(ds) == [TAKEN]
    d = ds[0]
    assert "'second' and 'top_lidar' are both glued onto 'chassis.top_mount'" in d.message
    assert d.span.line == 9 and len(d.labels) == 1 and d.labels[0].span.line == 8


def test_a_glue_on_the_connector_a_part_mates_by():
    # wheel_l's own mount faces the chassis: (0, 0.12, -0.02) pointing -y
    text = DIFF_BOT.replace("}\n", '    Caster c2(ref = "caster_ball", glue = (0, 0.12, -0.02, 0, -1, 0))\n}\n')
    robot, ds = build(text)
    assert robot is None and codes(ds) == [TAKEN]
    assert "the connector 'wheel_l' mates by" in ds[0].message


def test_one_part_a_connector_near_miss():
    # a second sensor on the one connector still free: no conflict
    robot = ok(POWERED_BOT.replace("}\n", '    Lidar top(ref = "lidar_ld06", glue = (0, 0, 0.05, 0, 0, 1))\n}\n'))
    assert robot.occupied["chassis.top_mount"] == "top"
    assert "chassis.top_mount" not in robot.free_connectors


# -- drive mounts ------------------------------------------------------------------------------

def test_a_wheel_mount_left_empty():
    text = DIFF_BOT.replace('    Standard wheel_r(ref = "standard_80", glue = (0, -0.12, -0.02, 0, -1, 0))\n', "")
    robot, ds = build(text)
    assert robot is None and codes(ds) == [DRIVE]
    d = ds[0]
    assert "'right_wheel' mount of the Diff_two_caster chassis carries no Standard" in d.message
    assert "glue = (0, -0.12, -0.02, 0, -1, 0)" in d.help[0]


def test_a_motor_with_nothing_on_its_shaft():
    text = POWERED_BOT.replace('    Standard wheel_r(ref = "standard_80", glue = (0, -0.12, -0.02, 0, -1, 0))\n', "")
    robot, ds = build(text)
    assert robot is None and codes(ds) == [DRIVE]
    assert "carries motor 'motor_r' with no wheel on its shaft" in ds[0].message
    assert "glue = (0, -0.12, -0.02, 0, -1, 0)" in ds[0].help[0]


def test_the_wrong_wheel_type_on_a_mount():
    lib_text = DIFF_BOT.replace('Standard wheel_r(ref = "standard_80"', 'Mecanum wheel_r(ref = "mecanum_black"')
    robot, ds = build(lib_text)
    assert robot is None and codes(ds) == [DRIVE]
    assert "'wheel_r' is a Mecanum on the 'right_wheel' mount" in ds[0].message


def test_a_caster_on_a_drive_mount_is_the_wrong_type():
    text = DIFF_BOT.replace('Standard wheel_r(ref = "standard_80"', 'Caster wheel_r(ref = "caster_ball"')
    text = text.replace("(0, -0.12, -0.02, 0, -1, 0)", "(0, -0.12, -0.02, 0, -1, 0)")
    robot, ds = build(text)
    assert robot is None and DRIVE in codes(ds)


TRIKE = """\
Robot trike {
    Tricycle chassis(ref = "trike_base")
    Motor drive(ref = "gearmotor_37d", glue = (0.2, 0, -0.02, 0, 1, 0))
    Standard front(ref = "standard_80", glue = (0.2, 0.02, -0.02, 0, 1, 0))
    Standard rear_l(ref = "standard_80", glue = (-0.1, 0.12, -0.02, 0, 1, 0))
    Standard rear_r(ref = "standard_80", glue = (-0.1, -0.12, -0.02, 0, -1, 0))
}
"""


def test_a_tricycle_steers_and_drives_its_front_wheel_only():
    robot = ok(TRIKE)
    front = robot.component("front")
    assert front.driven and front.driven_by == "drive" and front.mount == "front_wheel"
    assert front.steer is not None
    assert front.steer.axis == (0, 0, 1) and front.steer.max_angle_rad == 0.6
    assert front.steer.point == (0.2, 0, -0.02)
    rear = robot.component("rear_l")
    assert not rear.driven and rear.driven_by is None and rear.steer is None
    assert rear.mount == "rear_left_wheel"


def test_a_motor_on_a_wheel_the_type_leaves_free():
    text = TRIKE.replace(
        '    Standard rear_l(ref = "standard_80", glue = (-0.1, 0.12, -0.02, 0, 1, 0))\n',
        '    Motor m_rl(ref = "gearmotor_37d", glue = (-0.1, 0.12, -0.02, 0, 1, 0))\n'
        '    Standard rear_l(ref = "standard_80", glue = (-0.1, 0.14, -0.02, 0, 1, 0))\n')
    robot, ds = build(text)
    assert robot is None and codes(ds) == [DRIVE]
    assert "rolls freely" in ds[0].message


def test_a_steered_mount_without_its_kingpin():
    robot, ds = build(TRIKE.replace('"trike_base"', '"trike_nokingpin"'))
    assert robot is None and codes(ds) == [STEERING]
    assert "'front_wheel'" in ds[0].message and "steering:" in ds[0].help[0]


ACKERMANN = """\
Robot car {
    Ackermann chassis(ref = "ackermann_base")
    Motor drive(ref = "gearmotor_37d", glue = (-0.07, 0, -0.02, -1, 0, 0))
    Standard fl(ref = "standard_80", glue = (0.15, 0.13, -0.02, 0, 1, 0))
    Standard fr(ref = "standard_80", glue = (0.15, -0.13, -0.02, 0, -1, 0))
    Standard rl(ref = "standard_80", glue = (-0.15, 0.13, -0.02, 0, 1, 0))
    Standard rr(ref = "standard_80", glue = (-0.15, -0.13, -0.02, 0, -1, 0))
}
"""


def test_a_driveline_drives_the_hubs_it_turns():
    robot = ok(ACKERMANN)
    rl = robot.component("rl")
    assert rl.driven and rl.driven_by == "drive" and rl.reduction == 2.0
    assert rl.parent == "chassis" and rl.mount == "rear_left_wheel"
    fl = robot.component("fl")
    assert not fl.driven and fl.driven_by is None and fl.steer is not None
    motor = robot.component("drive")
    assert motor.mount is None
    assert np.allclose(rot(motor) @ [-1, 0, 0], [1, 0, 0])   # exactly opposite: half turn
    assert np.linalg.det(rot(motor)) == pytest.approx(1.0)


def test_a_wheel_straight_on_a_driven_mount_is_driven_without_limits():
    text = ACKERMANN.replace('    Motor drive(ref = "gearmotor_37d", glue = (-0.07, 0, -0.02, -1, 0, 0))\n', "")
    robot = ok(text)
    rl = robot.component("rl")
    assert rl.driven and rl.driven_by is None and rl.reduction is None


# -- links and roll ----------------------------------------------------------------------------

def test_links_are_placed_where_their_servos_hold():
    text = POWERED_BOT.replace("}\n", '    Attachment head(ref = "pan_tilt", glue = (0, 0, 0.05, 0, 0, 1))\n}\n')
    robot = ok(text)
    c = robot.component("head")
    part_r = rot(c)
    part_t = np.asarray(c.pose.xyz)
    assert np.allclose(part_t, (0, 0, 0.05))
    head, tilt = c.links
    assert head.name == "head" and head.parent is None
    assert tilt.parent == "head"
    head_r = part_r @ axis_angle((0, 0, 1), 0.5)
    assert np.allclose(rot(head), head_r)
    assert np.allclose(head.pose.xyz, part_t + part_r @ np.array([0, 0, 0.02]))
    assert np.allclose(head.joint_axis, part_r @ np.array([0, 0, 1]))
    tilt_t = np.asarray(head.pose.xyz) + head_r @ np.array([0.01, 0, 0.03])
    assert np.allclose(tilt.pose.xyz, tilt_t)
    assert np.allclose(rot(tilt), head_r @ axis_angle((0, 1, 0), -0.3))
    assert np.allclose(tilt.joint_axis, head_r @ np.array([0, 1, 0]))


def test_the_seventh_number_rolls_the_part():
    plain = ok(DIFF_BOT).component("top_lidar")
    rolled = ok(DIFF_BOT.replace("(0, 0, 0.06, 0, 0, 1)", "(0, 0, 0.06, 0, 0, 1, 1.5707963267948966)"))
    lidar = rolled.component("top_lidar")
    assert np.allclose(rot(lidar), axis_angle((0, 0, 1), math.pi / 2) @ rot(plain))
    # the connector point stays where the glue is
    assert np.allclose(np.asarray(lidar.pose.xyz) + rot(lidar) @ np.array([0.0033, -0.0001, -0.024]),
                       (0, 0, 0.06))


def test_robot_records_round_trip():
    from mobiledsl.model.robot import Robot
    from mobiledsl.records import from_json, to_json
    robot = ok(POWERED_BOT)
    again = from_json(Robot, to_json(robot))
    # (the fixture parts mix ints and floats; the assembled records are floats throughout)
    assert dumps(again.components) == dumps(robot.components)
    assert again.occupied == robot.occupied and again.free_connectors == robot.free_connectors


# -- the names the targets add for steered wheels ----------------------------------------------

@pytest.mark.parametrize("program,old,new,reserved", [
    (TRIKE, "Motor drive(", "Motor front_steer(", True),         # front steers
    (TRIKE, "Motor drive(", "Motor rear_l_steer(", False),       # a rear wheel does not
    (ACKERMANN, "Motor drive(", "Motor fl_steer(", True),
    (ACKERMANN, "Motor drive(", "Motor rr_steer(", False),
    (ACKERMANN, "Motor drive(", "Motor drive_steer(", False),    # not a wheel at all
    (DIFF_BOT, "Lidar top_lidar(", "Lidar wheel_l_steer(", False),   # nothing steers
], ids=["trike_front", "trike_rear", "ackermann_front", "ackermann_rear", "ackermann_motor",
        "diff_bot"])
def test_a_steered_wheels_knuckle_name_is_reserved(program, old, new, reserved):
    text = program.replace(old, new)
    if program is TRIKE or program is ACKERMANN:
        text = text.replace("@core/drive", "@core/" + new.split()[1].rstrip("("))
    robot, ds = build(text)
    if not reserved:
        assert robot is not None and ds == [], [(d.code, d.message) for d in ds]
        return
    assert robot is None and codes(ds) == ["resolve.duplicate_name"]
    d = ds[0]
    name = new.split()[1].rstrip("(")
    wheel = name[:-len("_steer")]
    assert d.message == (f"'{name}' is reserved for the steering knuckle of '{wheel}', a "
                         "steered wheel")
    line = next(i for i, l in enumerate(text.split("\n"), 1) if new in l)
    assert d.span.line == line and d.span.column == text.split("\n")[line - 1].index(name) + 1
    assert d.labels and d.labels[0].message == f"'{wheel}' steers"
    assert d.help


def test_a_motor_off_the_mounts_with_nothing_on_its_shaft():
    # docs/assembly.md: "So is a Motor with nothing on its shaft" (a motor is on a drive
    # mount with the wheel it drives on its shaft, or on a driveline's seat)
    text = POWERED_BOT.replace("}\n", '    Motor spare(ref = "gearmotor_37d", glue = (0, 0, 0.05, 0, 0, 1))\n}\n')
    robot, ds = build(text)
    assert robot is None and codes(ds) == [DRIVE], [(d.code, d.message) for d in ds]
    d = ds[0]
    assert "'spare'" in d.message and "nothing on its shaft" in d.message
    assert d.span.line == 9
    assert "glue = (0, 0, 0.07, 0, 0, 1)" in d.help[0]
    # with a wheel on its shaft it turns that wheel
    robot = ok(text.replace("}\n", '    Standard top(ref = "standard_80", glue = (0, 0, 0.07, 0, 0, 1))\n}\n'))
    assert robot.component("top").driven_by == "spare"

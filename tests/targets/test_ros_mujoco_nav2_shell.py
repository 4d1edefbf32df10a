"""The node's ROS shell wired to a minimal stand-in for rclpy and the message packages
(ROS 2 is not installed here): what it publishes, on which topics, how often, in which
frames, and that it follows /cmd_vel. The simulation behind it is the real core."""
from __future__ import annotations

import importlib.util
import shutil
import sys
import types

import pytest

from .test_ros_mujoco_nav2 import WHEELED, package_dir

TICK_S = 0.01                  # the stand-in wall clock moves this much between timer calls
TICKS = 200                    # two simulated seconds
ASKED = (0.3, 0.0, 0.0)


class Msg:
    """A message: fields set by keyword or on first use (nested messages appear as read)."""

    def __init__(self, **fields):
        self.__dict__.update(fields)

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        child = Msg()
        setattr(self, name, child)
        return child


class Publisher:
    def __init__(self, kind, topic):
        self.kind, self.topic, self.sent = kind, topic, []

    def publish(self, msg):
        assert isinstance(msg, self.kind)
        self.sent.append(msg)


class Node:
    def __init__(self, name):
        self.name, self.publishers, self.subscriptions, self.timers = name, {}, {}, []
        self.destroyed = False

    def create_publisher(self, kind, topic, qos):
        self.publishers[topic] = Publisher(kind, topic)
        return self.publishers[topic]

    def create_subscription(self, kind, topic, callback, qos):
        self.subscriptions[topic] = (kind, callback)

    def create_timer(self, period, callback):
        self.timers.append((period, callback))

    def destroy_node(self):
        self.destroyed = True


class Clock:
    def __init__(self):
        self.now = 100.0

    def monotonic(self):
        return self.now


def fake_ros(clock: Clock) -> tuple[dict[str, types.ModuleType], dict]:
    seen: dict = {"nodes": [], "shutdown": False}
    kinds = {"geometry_msgs": ("TransformStamped", "Twist"), "nav_msgs": ("Odometry",),
             "rosgraph_msgs": ("Clock",), "sensor_msgs": ("JointState", "LaserScan"),
             "tf2_msgs": ("TFMessage",)}
    modules = {}
    for package, names in kinds.items():
        msg = types.ModuleType(f"{package}.msg")
        for name in names:
            setattr(msg, name, type(name, (Msg,), {}))
        modules[package] = types.ModuleType(package)
        modules[package].msg = msg
        modules[f"{package}.msg"] = msg
    rclpy = types.ModuleType("rclpy")

    def create_node(name):
        seen["nodes"].append(Node(name))
        return seen["nodes"][-1]

    def spin(node):
        (kind, follow), = [node.subscriptions["/cmd_vel"]]
        twist = kind()
        twist.linear.x, twist.linear.y, twist.angular.z = ASKED
        follow(twist)
        (period, tick), = node.timers
        seen["period"] = period
        for _ in range(TICKS):
            clock.now += TICK_S
            tick()

    rclpy.init = lambda args=None: seen.update(init=args)
    rclpy.create_node = create_node
    rclpy.spin = spin
    rclpy.try_shutdown = lambda: seen.update(shutdown=True)
    modules["rclpy"] = rclpy
    return modules, seen


@pytest.fixture
def shell(built, monkeypatch):
    """The package's mujoco_node.py loaded with the stand-ins, and what they saw."""
    pkg = package_dir(built, next(p for p in WHEELED if p.name == "diff_bot"))
    clock = Clock()
    modules, seen = fake_ros(clock)
    for name, module in modules.items():
        monkeypatch.setitem(sys.modules, name, module)
    before = set(sys.modules)
    monkeypatch.setattr(sys, "path", list(sys.path))
    spec = importlib.util.spec_from_file_location("generated_mujoco_node",
                                                  pkg / pkg.name / "mujoco_node.py")
    node_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(node_module)
    monkeypatch.setattr(node_module, "time", clock)
    yield node_module, seen
    for name in set(sys.modules) - before:      # the package's own modules, loaded here
        del sys.modules[name]


@pytest.mark.slow
def test_shell_publishes_every_topic_and_follows_cmd_vel(shell):
    node_module, seen = shell
    assert node_module.main(["--ros-args"]) == 0
    (node,) = seen["nodes"]
    assert seen["init"][1:] == ["--ros-args"] and node.destroyed and seen["shutdown"]
    assert set(node.publishers) == {"/clock", "/tf", "/odom", "/joint_states", "/scan"}
    assert set(node.subscriptions) == {"/cmd_vel"}
    pubs = {topic: p.sent for topic, p in node.publishers.items()}

    # /clock on every tick, keeping pace with the wall clock (after half a second of rest)
    assert len(pubs["/clock"]) == TICKS
    last = pubs["/clock"][-1].clock
    assert last.sec + last.nanosec * 1e-9 == pytest.approx(0.5 + TICKS * TICK_S, abs=0.003)

    # the state at 50 Hz, the scan at the lidar's 10 Hz, over two seconds
    assert len(pubs["/odom"]) in (100, 101) and len(pubs["/tf"]) == len(pubs["/odom"])
    assert len(pubs["/scan"]) in (20, 21)

    tf = pubs["/tf"][-1].transforms[0]
    assert (tf.header.frame_id, tf.child_frame_id) == ("odom", "base_footprint")
    odom = pubs["/odom"][-1]
    assert (odom.header.frame_id, odom.child_frame_id) == ("odom", "base_footprint")
    assert odom.pose.pose.position.x == tf.transform.translation.x
    # it followed /cmd_vel: forward at about the asked speed by the end, a good part of 0.6 m
    assert odom.twist.twist.linear.x == pytest.approx(ASKED[0], rel=0.15)
    assert 0.3 < tf.transform.translation.x < 0.6
    assert abs(tf.transform.translation.z) < 0.01     # base_footprint stays on the ground

    joints = pubs["/joint_states"][-1]
    assert {"wheel_l_joint", "wheel_r_joint"} <= set(joints.name)
    assert len(joints.position) == len(joints.velocity) == len(joints.name)

    scan = pubs["/scan"][-1]
    assert scan.header.frame_id == "top_lidar"
    assert len(scan.ranges) == 360
    assert scan.range_min < scan.range_max and scan.scan_time == pytest.approx(0.1)
    assert scan.angle_min + 359 * scan.angle_increment == pytest.approx(scan.angle_max)


@pytest.mark.slow
def test_a_stalled_loop_does_not_rush_the_simulation(shell):
    """A tick that comes late moves the simulation at most a bounded step."""
    node_module, seen = shell

    def spin_with_a_stall(node):
        (period, tick), = node.timers
        node_module.time.now += 5.0      # five seconds lost, then one tick
        tick()
    sys.modules["rclpy"].spin = spin_with_a_stall
    node_module.main([])
    (node,) = seen["nodes"]
    clock_msg = node.publishers["/clock"].sent[-1].clock
    assert clock_msg.sec + clock_msg.nanosec * 1e-9 <= 0.5 + node_module.MAX_CATCH_UP_S + 1e-9


def test_the_model_is_found_in_the_source_tree_and_where_it_is_installed(tmp_path, monkeypatch):
    from .test_ros_mujoco_nav2_gltf import NODE
    monkeypatch.syspath_prepend(str(NODE))
    import mujoco_core
    source = tmp_path / "src" / "r_bringup"
    installed = tmp_path / "install"
    for mjcf in (source / "mjcf", installed / "share" / "r_bringup" / "mjcf"):
        mjcf.mkdir(parents=True)
        (mjcf / mujoco_core.DESCRIPTION).write_text("{}")
    for node_dir in (source / "r_bringup", installed / "lib" / "r_bringup"):
        node_dir.mkdir(parents=True)
        (node_dir / "mujoco_node.py").write_text("")
    assert mujoco_core.find_mjcf_dir(str(source / "r_bringup" / "mujoco_node.py")) == \
        str(source / "mjcf")
    assert mujoco_core.find_mjcf_dir(str(installed / "lib" / "r_bringup" / "mujoco_node.py")) \
        == str(installed / "share" / "r_bringup" / "mjcf")
    (source / "mjcf" / mujoco_core.DESCRIPTION).unlink()
    with pytest.raises(mujoco_core.NotStarted, match="no mjcf/node.json"):
        mujoco_core.find_mjcf_dir(str(source / "r_bringup" / "mujoco_node.py"))


@pytest.mark.parametrize("seconds, sec, nanosec", [
    (0.0, 0, 0), (2.5, 2, 500_000_000), (1.9999999999, 2, 0), (3.000000001, 3, 1)])
def test_stamps_carry_whole_seconds(shell, seconds, sec, nanosec):
    node_module, _ = shell
    msg = Msg()
    node_module.stamp(msg, seconds)
    assert (msg.sec, msg.nanosec) == (sec, nanosec)


def test_a_mesh_it_does_not_read_stops_it_before_it_joins_ros(shell, built, tmp_path, capsys):
    from .gltf_files import square, write
    node_module, seen = shell
    pkg = package_dir(built, next(p for p in WHEELED if p.name == "diff_bot"))
    mjcf = tmp_path / "mjcf"
    shutil.copytree(pkg / "mjcf", mjcf)
    doc, blob = square()
    doc["extensionsRequired"] = doc["extensionsUsed"] = ["EXT_meshopt_compression"]
    write(mjcf / "world" / "traffic_cone" / "assets", doc, blob)
    assert node_module.main(["--mjcf", str(mjcf)]) == 1
    assert "init" not in seen and not seen["nodes"]
    err = capsys.readouterr().err
    assert "traffic_cone/assets/model.glb" in err and "EXT_meshopt_compression" in err

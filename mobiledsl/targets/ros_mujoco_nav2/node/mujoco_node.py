#!/usr/bin/env python3
"""The package's simulator node: MuJoCo in real time behind ROS 2 topics.

Publishes /clock, /tf (odom -> base_footprint), /odom, /joint_states and /scan; follows
/cmd_vel through the robot's controller. Everything but the ROS wiring is in mujoco_core.

Without ROS:  python3 mujoco_node.py --headless --seconds S --cmd-vel VX VY WZ
prints one JSON line with the odometry and a scan after S simulated seconds from rest.
"""
import argparse
import json
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.realpath(__file__)))
import mujoco_core  # noqa: E402  (beside this file, in the source tree and when installed)
from textsafe import shown  # noqa: E402  (the compiler's own rule, copied beside this file)

LOOP_S = 0.005           # wall-clock period of the loop
STATE_HZ = 50.0          # /tf, /odom and /joint_states
MAX_CATCH_UP_S = 0.05    # a stalled loop does not rush the simulation afterwards


def parse(argv):
    # no abbreviations: ROS's own arguments (--ros-args, --params-file, ...) pass through
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0], allow_abbrev=False)
    p.add_argument("--headless", action="store_true", help="run without ROS, print JSON")
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--cmd-vel", type=float, nargs=3, default=(0.0, 0.0, 0.0),
                   metavar=("VX", "VY", "WZ"))
    p.add_argument("--mjcf", default=None, help="the package's mjcf folder (found if omitted)")
    return p.parse_known_args(argv)[0]


def stamp(msg, seconds):
    msg.sec, msg.nanosec = divmod(int(round(seconds * 1e9)), 1_000_000_000)


def ros_main(args, argv):
    import rclpy
    from geometry_msgs.msg import TransformStamped, Twist
    from nav_msgs.msg import Odometry
    from rosgraph_msgs.msg import Clock
    from sensor_msgs.msg import JointState, LaserScan
    from tf2_msgs.msg import TFMessage

    # the model first: a mesh it does not read stops it before it joins the ROS graph
    core = mujoco_core.Core(args.mjcf or mujoco_core.find_mjcf_dir(__file__))
    core.start()
    rclpy.init(args=[sys.argv[0], *argv])          # as sys.argv: the program first
    node = rclpy.create_node("mujoco_sim")
    spec = core.scan_spec
    pub = {"clock": node.create_publisher(Clock, "/clock", 10),
           "tf": node.create_publisher(TFMessage, "/tf", 10),
           "odom": node.create_publisher(Odometry, "/odom", 10),
           "joints": node.create_publisher(JointState, "/joint_states", 10)}
    if spec is not None:
        pub["scan"] = node.create_publisher(LaserScan, "/" + spec["topic"], 10)
    node.create_subscription(Twist, "/cmd_vel",
                             lambda m: core.command(m.linear.x, m.linear.y, m.angular.z), 10)
    schedule = mujoco_core.Schedule({"state": STATE_HZ, "scan": spec["rate_hz"] if spec else 0})
    wall = [time.monotonic(), core.time]      # the last tick's wall clock, simulated target

    def publish_state(now):
        (x, y, z), (qw, qx, qy, qz) = core.footprint()
        tf = TransformStamped()
        stamp(tf.header.stamp, now)
        tf.header.frame_id, tf.child_frame_id = "odom", "base_footprint"
        tf.transform.translation.x, tf.transform.translation.y = x, y
        tf.transform.translation.z = z
        r = tf.transform.rotation
        r.w, r.x, r.y, r.z = qw, qx, qy, qz
        pub["tf"].publish(TFMessage(transforms=[tf]))
        odom = Odometry()
        odom.header, odom.child_frame_id = tf.header, "base_footprint"
        p = odom.pose.pose
        p.position.x, p.position.y, p.position.z = x, y, z
        p.orientation.w, p.orientation.x, p.orientation.y, p.orientation.z = qw, qx, qy, qz
        vx, vy, wz = core.odom_twist()
        odom.twist.twist.linear.x, odom.twist.twist.linear.y = vx, vy
        odom.twist.twist.angular.z = wz
        pub["odom"].publish(odom)
        joints = JointState()
        stamp(joints.header.stamp, now)
        joints.name, joints.position, joints.velocity = core.joint_states()
        pub["joints"].publish(joints)

    def publish_scan(now):
        scan = LaserScan()
        stamp(scan.header.stamp, now)
        scan.header.frame_id = spec["frame"]
        scan.angle_min, scan.angle_max = spec["angle_min"], spec["angle_max"]
        scan.angle_increment = core.angle_increment()
        scan.scan_time = 1.0 / spec["rate_hz"]
        scan.range_min, scan.range_max = spec["range_min"], spec["range_max"]
        scan.ranges = core.scan()
        pub["scan"].publish(scan)

    def tick():
        t = time.monotonic()
        wall[1] += min(t - wall[0], MAX_CATCH_UP_S)
        wall[0] = t
        core.advance_to(wall[1])
        now = core.time
        clock = Clock()
        stamp(clock.clock, now)
        pub["clock"].publish(clock)
        due = schedule.due(now)
        if "state" in due:
            publish_state(now)
        if "scan" in due:
            publish_scan(now)

    node.create_timer(LOOP_S, tick)
    try:
        rclpy.spin(node)
    except KeyboardInterrupt:
        pass
    finally:
        node.destroy_node()
        rclpy.try_shutdown()


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    args = parse(argv)
    try:
        if args.headless:
            mjcf = args.mjcf or mujoco_core.find_mjcf_dir(__file__)
            result = mujoco_core.run_headless(mjcf, args.seconds, tuple(args.cmd_vel))
            print(json.dumps(result, allow_nan=False))
        else:
            ros_main(args, argv)
    except mujoco_core.NotStarted as exc:     # a mesh it does not read, a missing model
        # the reason quotes the files (a name, a uri): their controls are shown escaped
        print(f"mujoco_node: not started: {shown(str(exc))}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())

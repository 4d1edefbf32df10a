"""Nav2's parameters and ros_gz_bridge's topics, from the analysis and the robot."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from ...model.robot import Robot
from .. import yamltext
from .drive import HOLONOMIC

DEFAULT_SPEED = 0.5  # m/s where the kinematics could not decide the top speed
DEFAULT_YAW_RATE = 1.0  # rad/s
DEFAULT_ACCEL = 1.0  # m/s^2
REVERSE_SHARE = 0.5  # of the top speed, backing up when the task asks no faster
TURN_START = 2.0  # 1/s: a turn reaches the turn rate in half a second


@lru_cache(maxsize=1)
def _dumper():
    """PyYAML's dumper for what ``yamltext`` leaves (imported then: a compile whose files
    yamltext writes never loads PyYAML's package). libyaml's emitter where PyYAML has it
    (the pure one otherwise: the same bytes). rcl's parameter parser refuses anchors and
    aliases ("Will not support aliasing"): a value used twice is written out twice."""
    import yaml

    class Dumper(getattr(yaml, "CSafeDumper", yaml.SafeDumper)):
        def ignore_aliases(self, data) -> bool:
            return True

    return Dumper


def dump_yaml(data: Any) -> bytes:
    """The YAML text PyYAML gives, written by ``yamltext`` where it knows how (every file the
    targets write today) and by PyYAML otherwise."""
    text = yamltext.dump(data)
    if text is None:
        import yaml

        text = yaml.dump(
            data, Dumper=_dumper(), default_flow_style=False, sort_keys=False, allow_unicode=True
        )
    return text.encode()


def limits(robot: Robot, analysis: Any, task: Any = None) -> dict[str, float]:
    """The base's limits as the analysis states them, the one source of every limit the ROS
    outputs carry (Nav2's and the gz drive system's): top speed, turn rate, the start its
    motors allow, a turn's start; and how fast it backs up: the fastest BackUp the task asks
    for, else half its top speed (a planner that reverses at full speed drives blind)."""
    speed = getattr(analysis, "max_speed_mps", None) or DEFAULT_SPEED
    yaw = getattr(analysis, "max_yaw_rate_rad_s", None) or DEFAULT_YAW_RATE
    kin = getattr(analysis, "kinematics", None)
    accel = getattr(kin, "max_accel_mps2", None) or DEFAULT_ACCEL
    asked = [
        float(s.args["speed_mps"])
        for s in (task.steps if task is not None else ())
        if s.kind == "BackUp" and isinstance(s.args.get("speed_mps"), (int, float))
    ]
    reverse = min(speed, max([REVERSE_SHARE * speed] + asked))
    yaw = round(float(yaw), 4)
    return {
        "speed": round(float(speed), 4),
        "yaw": yaw,
        "accel": round(float(accel), 4),
        "reverse": round(float(reverse), 4),
        "turn_accel": round(TURN_START * yaw, 4),
    }


def footprint_text(robot: Robot, analysis: Any) -> str:
    poly = getattr(analysis, "footprint", None)
    if not poly:
        return "[[0.2, 0.2], [0.2, -0.2], [-0.2, -0.2], [-0.2, 0.2]]"
    return "[" + ", ".join(f"[{x:.4f}, {y:.4f}]" for x, y in poly) + "]"


def nav2_params(robot: Robot, analysis: Any, map_yaml_name: str, task: Any = None) -> bytes:
    lim = limits(robot, analysis, task)
    holonomic = robot.chassis_type in HOLONOMIC
    steered = robot.chassis_type in ("Ackermann", "Tricycle")
    motion = "Omni" if holonomic else ("Ackermann" if steered else "DiffDrive")
    sim = {"use_sim_time": True}
    footprint = footprint_text(robot, analysis)
    costmap_common = {
        **sim,
        "robot_base_frame": "base_footprint",
        "footprint": footprint,
        "resolution": 0.05,
        "footprint_padding": 0.02,
        "plugins": ["obstacle_layer", "inflation_layer"],
        "obstacle_layer": {
            "plugin": "nav2_costmap_2d::ObstacleLayer",
            "enabled": True,
            "observation_sources": "scan",
            "scan": {
                "topic": "/scan",
                "data_type": "LaserScan",
                "clearing": True,
                "marking": True,
                "max_obstacle_height": 2.0,
            },
        },
        "inflation_layer": {
            "plugin": "nav2_costmap_2d::InflationLayer",
            "inflation_radius": 0.35,
            "cost_scaling_factor": 3.0,
        },
    }
    follow = {
        "plugin": "nav2_mppi_controller::MPPIController",
        "motion_model": motion,
        "time_steps": 56,
        "model_dt": 0.05,
        "batch_size": 1000,
        "vx_max": lim["speed"],
        "vx_min": -lim["reverse"],
        "vy_max": lim["speed"] if holonomic else 0.0,
        "wz_max": lim["yaw"],
        "ax_max": lim["accel"],
        "ax_min": -lim["accel"],
        "ay_max": lim["accel"] if holonomic else 0.0,
        "ay_min": -lim["accel"] if holonomic else 0.0,
        "az_max": lim["turn_accel"],
        # CostCritic scores trajectories against the local costmap: without a costmap critic
        # MPPI follows the path through whatever stands on it
        "critics": [
            "ConstraintCritic",
            "CostCritic",
            "GoalCritic",
            "GoalAngleCritic",
            "PathAlignCritic",
            "PathFollowCritic",
            "PathAngleCritic",
            "PreferForwardCritic",
        ],
    }
    if steered:
        follow["AckermannConstraints"] = {"min_turning_r": min_turning_radius(robot)}
    params = {
        "amcl": {
            "ros__parameters": {
                **sim,
                "base_frame_id": "base_footprint",
                "global_frame_id": "map",
                "odom_frame_id": "odom",
                "scan_topic": "scan",
                "robot_model_type": "nav2_amcl::OmniMotionModel"
                if holonomic
                else "nav2_amcl::DifferentialMotionModel",
            }
        },
        "bt_navigator": {
            "ros__parameters": {
                **sim,
                "global_frame": "map",
                "robot_base_frame": "base_footprint",
                "odom_topic": "/odom",
            }
        },
        "controller_server": {
            "ros__parameters": {
                **sim,
                "controller_frequency": 20.0,
                "progress_checker_plugins": ["progress_checker"],
                "goal_checker_plugins": ["general_goal_checker"],
                "controller_plugins": ["FollowPath"],
                "progress_checker": {
                    "plugin": "nav2_controller::SimpleProgressChecker",
                    "required_movement_radius": 0.5,
                    "movement_time_allowance": 10.0,
                },
                "general_goal_checker": {
                    "plugin": "nav2_controller::SimpleGoalChecker",
                    "xy_goal_tolerance": 0.25,
                    "yaw_goal_tolerance": 0.25,
                },
                "FollowPath": follow,
            }
        },
        "local_costmap": {
            "local_costmap": {
                "ros__parameters": {
                    **costmap_common,
                    "global_frame": "odom",
                    "rolling_window": True,
                    "width": 3,
                    "height": 3,
                    "update_frequency": 5.0,
                    "publish_frequency": 2.0,
                }
            }
        },
        "global_costmap": {
            "global_costmap": {
                "ros__parameters": {
                    **costmap_common,
                    "global_frame": "map",
                    "track_unknown_space": True,
                    "update_frequency": 1.0,
                    "publish_frequency": 1.0,
                    "plugins": ["static_layer", "obstacle_layer", "inflation_layer"],
                    "static_layer": {
                        "plugin": "nav2_costmap_2d::StaticLayer",
                        "map_subscribe_transient_local": True,
                    },
                }
            }
        },
        "map_server": {"ros__parameters": {**sim, "yaml_filename": map_yaml_name}},
        "planner_server": {
            "ros__parameters": {
                **sim,
                "planner_plugins": ["GridBased"],
                "GridBased": (
                    {
                        "plugin": "nav2_smac_planner::SmacPlannerHybrid",
                        "minimum_turning_radius": min_turning_radius(robot),
                        "motion_model_for_search": "REEDS_SHEPP",
                    }
                    if steered
                    else {
                        "plugin": "nav2_navfn_planner::NavfnPlanner",
                        "tolerance": 0.5,
                        "allow_unknown": True,
                    }
                ),
            }
        },
        "behavior_server": {
            "ros__parameters": {
                **sim,
                "local_frame": "odom",
                "global_frame": "map",
                "robot_base_frame": "base_footprint",
                # the default behaviour trees call spin (bt_navigator will not start without its
                # server), so a steered base has it too; it turns such a base little
                "behavior_plugins": ["spin", "backup", "wait"],
                "spin": {"plugin": "nav2_behaviors::Spin"},
                "backup": {"plugin": "nav2_behaviors::BackUp"},
                "wait": {"plugin": "nav2_behaviors::Wait"},
                "max_rotational_vel": lim["yaw"],
                "min_rotational_vel": 0.2,
                "rotational_acc_lim": lim["turn_accel"],
            }
        },
        "velocity_smoother": {
            "ros__parameters": {
                **sim,
                "smoothing_frequency": 20.0,
                "feedback": "OPEN_LOOP",
                "max_velocity": [lim["speed"], lim["speed"] if holonomic else 0.0, lim["yaw"]],
                "min_velocity": [-lim["reverse"], -lim["speed"] if holonomic else 0.0, -lim["yaw"]],
                "max_accel": [lim["accel"], lim["accel"] if holonomic else 0.0, lim["turn_accel"]],
                "max_decel": [
                    -lim["accel"],
                    -lim["accel"] if holonomic else 0.0,
                    -lim["turn_accel"],
                ],
            }
        },
        # nav2_bringup (Jazzy) also starts these two; neither configures without the lists
        # below, and the lifecycle manager then aborts the whole bringup
        "collision_monitor": {
            "ros__parameters": {
                **sim,
                "base_frame_id": "base_footprint",
                "odom_frame_id": "odom",
                "cmd_vel_in_topic": "cmd_vel_smoothed",
                "cmd_vel_out_topic": "cmd_vel",
                "state_topic": "collision_monitor_state",
                "transform_tolerance": 0.2,
                "source_timeout": 1.0,
                "base_shift_correction": True,
                "stop_pub_timeout": 2.0,
                "polygons": ["FootprintApproach"],
                "FootprintApproach": {
                    "type": "polygon",
                    "action_type": "approach",
                    "footprint_topic": "/local_costmap/published_footprint",
                    "time_before_collision": 1.2,
                    "simulation_time_step": 0.1,
                    "min_points": 6,
                    "visualize": False,
                    "enabled": True,
                },
                "observation_sources": ["scan"],
                "scan": {"type": "scan", "topic": "/scan", "enabled": True},
            }
        },
        "docking_server": {
            "ros__parameters": {
                **sim,
                "base_frame": "base_footprint",
                "fixed_frame": "odom",
                "dock_plugins": ["simple_charging_dock"],
                "simple_charging_dock": {
                    "plugin": "opennav_docking::SimpleChargingDock",
                    "use_battery_status": False,
                    "use_external_detection_pose": False,
                },
            }
        },
    }
    return dump_yaml(params)


def min_turning_radius(robot: Robot) -> float:
    """Wheelbase over the tangent of the steering lock, from the steered and the fixed axle."""
    steered = [(c, c.steer) for c in robot.components if c.steer is not None]
    fixed = [
        c
        for c in robot.components
        if c.steer is None and c.joint == "continuous" and c.type in ("Standard",)
    ]
    if not steered or not fixed:
        return 0.5
    first, steer = steered[0]
    base = abs(first.pose.xyz[0] - sum(c.pose.xyz[0] for c in fixed) / len(fixed))
    lock = steer.max_angle_rad
    return round(base / math.tan(lock), 4) if lock > 0 else 0.5


def bridge(robot: Robot) -> bytes:
    topics = [
        ("clock", "clock", "rosgraph_msgs/msg/Clock", "gz.msgs.Clock", "GZ_TO_ROS"),
        ("cmd_vel", "cmd_vel", "geometry_msgs/msg/Twist", "gz.msgs.Twist", "ROS_TO_GZ"),
        ("odom", "odom", "nav_msgs/msg/Odometry", "gz.msgs.Odometry", "GZ_TO_ROS"),
        ("tf", "tf", "tf2_msgs/msg/TFMessage", "gz.msgs.Pose_V", "GZ_TO_ROS"),
        (
            "joint_states",
            "joint_states",
            "sensor_msgs/msg/JointState",
            "gz.msgs.Model",
            "GZ_TO_ROS",
        ),
    ]
    first_scan = True
    for c in robot.components:
        if c.type in ("Lidar", "Range", "Ultrasonic"):
            ros = "scan" if c.type == "Lidar" and first_scan else f"{c.name}/scan"
            first_scan = first_scan and c.type != "Lidar"
            topics.append(
                (
                    ros,
                    f"{c.name}/scan",
                    "sensor_msgs/msg/LaserScan",
                    "gz.msgs.LaserScan",
                    "GZ_TO_ROS",
                )
            )
        elif c.type == "Lidar3D":
            topics.append(
                (
                    f"{c.name}/points",
                    f"{c.name}/scan/points",
                    "sensor_msgs/msg/PointCloud2",
                    "gz.msgs.PointCloudPacked",
                    "GZ_TO_ROS",
                )
            )
        elif c.type == "IMU":
            topics.append(("imu", "imu", "sensor_msgs/msg/Imu", "gz.msgs.IMU", "GZ_TO_ROS"))
        elif c.type in ("Camera", "DepthCamera", "RGBD"):
            topics.append(
                (
                    f"{c.name}/image",
                    f"{c.name}/image",
                    "sensor_msgs/msg/Image",
                    "gz.msgs.Image",
                    "GZ_TO_ROS",
                )
            )
    entries = [
        {
            "ros_topic_name": r,
            "gz_topic_name": g,
            "ros_type_name": rt,
            "gz_type_name": gt,
            "direction": d,
        }
        for r, g, rt, gt, d in topics
    ]
    return dump_yaml(entries)

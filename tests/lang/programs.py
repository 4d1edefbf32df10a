"""Example programs in the three languages, as text: the diff_bot robot, a powered robot,
a world and a task."""

DIFF_BOT = """\
Robot diff_bot {
    intent "Two-wheel differential base with a rear caster and a top lidar"

    Diff_two_caster chassis(ref = "diff_base")
    Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))
    Standard wheel_r(ref = "standard_80", glue = (0, -0.12, -0.02, 0, -1, 0))
    Caster ball(ref = "caster_ball", glue = (-0.15, 0, -0.035, 0, 0, -1))
    Lidar top_lidar(ref = "lidar_ld06", glue = (0, 0, 0.06, 0, 0, 1))
}
"""

POWERED = """\
Robot powered {
    Diff_two_caster chassis(ref = "diff_base")
    Battery pack(ref = "lipo_3s_2200", glue = (-0.1, 0, 0.0344, 0, 0, -1))
    MotorDriver driver(ref = "driver_vnh5019", glue = (0, 0.1, 0.0344, 0, 0, -1), power = @core/pack)
    Motor motor_l(ref = "gearmotor_37d", glue = (0, 0.1, -0.02, 0, 1, 0), command = @core/driver)
    Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))
    //                                            x   y     z     nx ny nz
}
"""

STOREROOM = """\
World storeroom {
    environment = "room_6x4"        // optional; "" or absent: none
    ground_plane = true              // optional, default false; an error if the environment brings a floor
    start = (0.0, 0.0, 0.0)          // optional: x, y, yaw of base_footprint; default (0, 0, 0)
    Obstacle crate(type = box, size = (0.4, 0.4, 0.4), pos = (1.0, 0.5, 0.2, 0, 0, 0, 1))
    Obstacle ramp(ref = "ramp_10deg", pos = (2.0, -1.0, 0, 0, 0, 0, 1))
    SupportSurface dais(type = box, size = (1, 1, 0.05), pos = (0, 2, 0.025, 0, 0, 0, 1))
    Marker station(type = cylinder, size = (0.3, 0.3, 0.002), pos = (3, 1, 0.001, 0, 0, 0, 1))
}
"""

DELIVER = """\
Task deliver {
    Advance(distance_m = 1.0, speed_mps = 0.3)
    Spin(direction = left, angle_rad = 1.57)
    Strafe(direction = right, distance_m = 0.5)
    BackUp(distance_m = 0.3)
    Navigate(goal = @world/station, speed_mps = 0.4)
}
"""

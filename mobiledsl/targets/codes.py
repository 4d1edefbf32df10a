from ..diagnostics import CodeInfo, Severity

CODES = {
    "target.unsupported": CodeInfo(
        Severity.ERROR,
        "the chosen target cannot write this part of the robot",
        "Some things a library may declare cannot be written by every target: the MuJoCo "
        "target cannot collide through a mesh, so it refuses a part that states no collision "
        "shape; no target writes a moving joint on a connector that a mating uses (except a "
        "wheel's axle); the ROS targets do not write links or legged bases yet; the "
        "ros-mujoco-nav2 target, which shows glTF meshes and otherwise an object's collision "
        "shapes, refuses an object with another kind of mesh and no collision shape, of "
        "which nothing would be in the scene. The message names the component or entity and "
        "what to change: declare a collision box or hull, move the joint to a wheel, give "
        "the object a glTF mesh or a collision shape, or choose the mjcf target.",
        "Lidar scan(ref = \"lidar_without_collision\", glue = (0, 0, 0.06, 0, 0, 1))",
    ),
}

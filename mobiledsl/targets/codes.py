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
    "target.mesh_unreadable": CodeInfo(
        Severity.ERROR,
        "a part's STL mesh is one MuJoCo cannot load (ASCII, empty, flat or too large)",
        "The mjcf and ros-mujoco-nav2 targets hand every part's STL visual mesh to MuJoCo, "
        "which reads binary STL only, of 1 to 200 000 triangles, with at least 4 distinct "
        "vertices and some volume enclosed. Most CAD tools export ASCII STL unless told "
        "otherwise, and MuJoCo then refuses the whole model (stl_decoder: perhaps this is "
        "an ASCII file?). The compiler reads the file's bytes (not MuJoCo) and refuses it "
        "at the component, for these targets only: Gazebo reads ASCII STL, so ros-gz-nav2 "
        "writes it. library check reports it as a warning at the part's visual.file (the "
        "part still loads), which --strict fails. Export the mesh again as binary STL.",
        "# parts/plate_base/assets/model.stl\nsolid plate\n  facet normal 0 0 1\n"
        "    outer loop\n      vertex 0 0 0\n      vertex 1 0 0\n      vertex 0 1 0\n"
        "    endloop\n  endfacet\nendsolid plate\n",
    ),
}

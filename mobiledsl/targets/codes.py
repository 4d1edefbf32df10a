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
        'Lidar scan(ref = "lidar_without_collision", glue = (0, 0, 0.06, 0, 0, 1))',
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
    "target.template_unreadable": CodeInfo(
        Severity.ERROR,
        "a file of the project's templates folder, or the folder, is not read",
        "The folder [tool.mobiledsl] templates names (or compile --templates) holds a "
        "project's own templates for the ROS targets' package files. It is read as a "
        "stranger's input: only its .j2 files, each a regular file inside the project root "
        "(a symbolic link that leads outside it, a FIFO or a device is refused), of at most "
        "256 KB of UTF-8 text, and at most 64 of them. The error names the file and why; it "
        "is reported where a target would use the template. The folder must be a folder "
        "inside the project root, named relative to it. Make the file a plain text file in "
        "the folder, or remove it to use mobiledsl's own template.",
        "# ros_templates/package.xml.j2 -> /etc/passwd (a symbolic link)",
    ),
    "target.template_invalid": CodeInfo(
        Severity.ERROR,
        "a template of the ROS package does not parse as Jinja2",
        "The ROS targets render package.xml, CMakeLists.txt and the launch file from Jinja2 "
        "templates, which a project may replace with its own (docs/targets.md, Your own "
        "templates). A template that does not parse is reported at its line with Jinja2's "
        "reason, and the target writes nothing. Write a value as {{ name }}, a tag as "
        "{% if ... %} and close every block, if and for with its end tag.",
        "{% if node %}\ninstall(PROGRAMS {{ package }}/{{ node }})\n",
    ),
    "target.template_failed": CodeInfo(
        Severity.ERROR,
        "a template of the ROS package does not render",
        "A template renders with the values docs/targets.md lists for it, in Jinja2's "
        "sandbox: a name it is not given (a misspelt one) is an error rather than an empty "
        "text, a template may not reach Python's internals (an attribute such as __class__), "
        "nor load a template that is neither mobiledsl's nor a file of the folder, and its "
        "output is bounded. The error is at the template's line; the target writes nothing. "
        "Use the values given, or give a default with {{ name | default('') }}.",
        "<name>{{ pakage }}</name>",
    ),
}

"""The ros-mujoco-nav2 package of every wheeled program: its node run headless from the
package's source folder (the line it prints, the robot moving as the mjcf model does under
the same command, a scan that finds a known obstacle), and the package's files fed to their
consumers (Python's compiler, check_urdf, the upstream names its launch file uses)."""
from __future__ import annotations

import ast
import json
import math
import py_compile
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from mobiledsl.sim import load_simulation

from .conftest import PROGRAMS, check_urdf, chassis_type, compile_program

TARGET = "ros-mujoco-nav2"
WHEELED = [p for p in PROGRAMS if chassis_type(p) != "Legged"]
LEGGED = [p for p in PROGRAMS if chassis_type(p) == "Legged"]
TWIST = (0.2, 0.0, 0.3)
SECONDS = 1.5
SETTLE_S = 0.5                 # what the node lets the robot come to rest for


def package_dir(built, program) -> Path:
    return next(p for p in built(program, TARGET).iterdir() if p.name.endswith("_bringup"))


def headless(pkg: Path, seconds: float, twist) -> dict:
    """``python3 mujoco_node.py --headless`` run from the package's source folder."""
    result = subprocess.run(
        [sys.executable, "mujoco_node.py", "--headless", "--seconds", str(seconds),
         "--cmd-vel", *map(str, twist)], cwd=pkg / pkg.name, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    return json.loads(lines[0])


def mjcf_run(built, program, seconds: float, twist):
    """The same run on the mjcf target's model through the simulation runtime: the odometry
    (from where it came to rest) and the runtime, to read the model from."""
    xml = next(built(program, "mjcf").glob("*.xml"))
    sim = load_simulation(xml)
    sim.settle(SETTLE_S)
    x0, y0, yaw0 = sim.pose2d()
    sim.command(*twist)
    sim.advance(seconds)
    x, y, yaw = sim.pose2d()
    c, s = math.cos(yaw0), math.sin(yaw0)
    odom = (c * (x - x0) + s * (y - y0), -s * (x - x0) + c * (y - y0),
            math.atan2(math.sin(yaw - yaw0), math.cos(yaw - yaw0)))
    return odom, sim


# -- the headless core ---------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("program", WHEELED, ids=lambda p: p.name)
def test_headless_core_moves_as_the_mjcf_model_does(built, program):
    line = headless(package_dir(built, program), SECONDS, TWIST)
    assert set(line) == {"odom", "scan"}
    assert set(line["scan"]) == {"ranges", "angle_min", "angle_increment"}
    odom = (line["odom"]["x"], line["odom"]["y"], line["odom"]["yaw"])
    expected, _ = mjcf_run(built, program, SECONDS, TWIST)
    np.testing.assert_allclose(odom, expected, atol=1e-4)
    # and it did move forward and turn left, a steered base by its kingpins (how closely it
    # turns as asked is the runtime's to show)
    assert odom[0] > 0.05
    assert odom[2] > 0.5 * TWIST[2] * SECONDS


@pytest.mark.slow
def test_from_rest_without_a_command_it_stays(built):
    program = next(p for p in WHEELED if p.name == "diff_bot")
    line = headless(package_dir(built, program), 0.5, (0.0, 0.0, 0.0))
    assert abs(line["odom"]["x"]) < 1e-3 and abs(line["odom"]["y"]) < 1e-3
    assert abs(line["odom"]["yaw"]) < 1e-3


def box_distance(origin, direction, centre, half) -> float | None:
    """Where a ray first meets an axis-aligned box (slab method), or None."""
    with np.errstate(divide="ignore", invalid="ignore"):
        t1 = (centre - half - origin) / direction
        t2 = (centre + half - origin) / direction
    near = np.nanmax(np.minimum(t1, t2))
    far = np.nanmin(np.maximum(t1, t2))
    return float(near) if far >= near > 0 else None


@pytest.mark.slow
def test_scan_finds_the_crate_at_its_distance(built):
    """diff_bot's storeroom holds a 0.4 m crate at (1.5, 0.3); the beams that meet it read
    its distance from the lidar within a centimetre."""
    program = next(p for p in WHEELED if p.name == "diff_bot")
    line = headless(package_dir(built, program), 0.0, (0.0, 0.0, 0.0))
    _, sim = mjcf_run(built, program, 0.0, (0.0, 0.0, 0.0))
    import mujoco
    body = mujoco.mj_name2id(sim.model, mujoco.mjtObj.mjOBJ_BODY, "top_lidar")
    origin = sim.data.xpos[body].copy()
    rot = sim.data.xmat[body].reshape(3, 3)
    scan = line["scan"]
    checked = 0
    for i, reading in enumerate(scan["ranges"]):
        angle = scan["angle_min"] + i * scan["angle_increment"]
        direction = rot @ (math.cos(angle), math.sin(angle), 0.0)
        expected = box_distance(origin, direction, np.array([1.5, 0.3, 0.2]),
                                np.array([0.2, 0.2, 0.2]))
        if expected is None:
            continue
        # nothing else stands between the robot and the crate
        assert reading is not None and abs(reading - expected) < 0.01, (angle, reading)
        checked += 1
    assert checked >= 10     # 0.4 m at about 1.3 m: some seventeen of 360 beams


@pytest.mark.slow
def test_a_mesh_it_does_not_read_stops_the_node_as_it_starts(built, tmp_path):
    from .gltf_files import square, write
    pkg = tmp_path / "pkg"
    shutil.copytree(package_dir(built, next(p for p in WHEELED if p.name == "diff_bot")), pkg)
    cone = pkg / "mjcf" / "world" / "traffic_cone" / "assets"
    doc, blob = square()
    doc["meshes"][0]["primitives"][0]["mode"] = 6
    write(cone, doc, blob)                                  # model.glb, drawn as a fan
    node_dir = next(p for p in pkg.iterdir() if p.name.endswith("_bringup"))
    result = subprocess.run([sys.executable, "mujoco_node.py", "--headless", "--seconds", "1"],
                            cwd=node_dir, capture_output=True, text=True)
    assert result.returncode == 1 and result.stdout == ""
    assert "traffic_cone/assets/model.glb" in result.stderr
    assert "triangle fans" in result.stderr and "Traceback" not in result.stderr


# -- the package's files ---------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("program", WHEELED, ids=lambda p: p.name)
def test_package_shape_and_python_compiles(built, program, tmp_path):
    pkg = package_dir(built, program)
    robot = pkg.name[:-len("_bringup")]
    for rel in ("package.xml", "CMakeLists.txt", "requirements.txt", "config/nav2_params.yaml",
                f"urdf/{robot}.urdf", "launch/bringup.launch.py", f"mjcf/{robot}.xml",
                f"mjcf/{robot}.controller.json", "mjcf/node.json",
                f"{pkg.name}/mujoco_node.py", f"{pkg.name}/mujoco_core.py",
                f"{pkg.name}/gltf_reader.py", f"{pkg.name}/sim/__init__.py"):
        assert (pkg / rel).is_file(), rel
    assert list((pkg / "maps").glob("*.pgm")) and list((pkg / "maps").glob("*.yaml"))
    assert ET.parse(pkg / "package.xml").getroot().get("format") == "3"
    for i, source in enumerate(sorted(pkg.rglob("*.py"))):
        py_compile.compile(str(source), cfile=str(tmp_path / f"{i}.pyc"), doraise=True)
    # every glTF mesh the node is told of lies in the package, and every moving joint of the
    # URDF has its joint in the model, which robot_state_publisher needs for its link's frame
    description = json.loads((pkg / "mjcf" / "node.json").read_text())
    for visual in description["visuals"]:
        assert (pkg / "mjcf" / visual["file"]).is_file(), visual["file"]
    import mujoco
    model = mujoco.MjModel.from_xml_path(str(pkg / "mjcf" / f"{robot}.xml"))
    urdf = ET.parse(pkg / "urdf" / f"{robot}.urdf").getroot()
    moving = {j.get("name") for j in urdf.iter("joint") if j.get("type") != "fixed"}
    assert {u for u, _ in description["joints"]} == moving
    for _, joint in description["joints"]:
        assert mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_JOINT, joint) >= 0, joint


@pytest.mark.slow
@pytest.mark.parametrize("program", WHEELED, ids=lambda p: p.name)
def test_urdf_passes_check_urdf_and_is_the_gazebo_packages(built, program):
    pkg = package_dir(built, program)
    urdf = next((pkg / "urdf").glob("*.urdf"))
    assert "root Link: base_footprint" in check_urdf(urdf)
    gz = built(program, "ros-gz-nav2") / pkg.name / "urdf" / urdf.name
    assert urdf.read_bytes() == gz.read_bytes()


def test_node_stands_alone_and_its_shell_is_thin(built):
    pkg = package_dir(built, WHEELED[0])
    for source in pkg.rglob("*.py"):
        tree = ast.parse(source.read_text())
        for node in ast.walk(tree):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) else []
            assert not any(n.split(".")[0] == "mobiledsl" for n in names), source
            if source.name != "mujoco_node.py":
                assert not any(n.split(".")[0] == "rclpy" for n in names), source
    assert len((pkg / pkg.name / "mujoco_node.py").read_text().splitlines()) < 150


# What the launch file may name, as the upstream sources have them: launch and launch_ros
# (ros2/launch, ros2/launch_ros), ament_index_python, robot_state_publisher's executable and
# its robot_description parameter, and nav2_bringup's launch/bringup_launch.py with the
# arguments it declares (ros-navigation/navigation2).
UPSTREAM_IMPORTS = {
    ("ament_index_python.packages", "get_package_share_directory"),
    ("launch", "LaunchDescription"), ("launch.actions", "DeclareLaunchArgument"),
    ("launch.actions", "IncludeLaunchDescription"),
    ("launch.launch_description_sources", "PythonLaunchDescriptionSource"),
    ("launch.substitutions", "LaunchConfiguration"), ("launch_ros.actions", "Node"),
}
UPSTREAM_NODES = {("robot_state_publisher", "robot_state_publisher")}
NODE_KEYWORDS = {"package", "executable", "output", "parameters", "arguments"}
UPSTREAM_LAUNCH = {("nav2_bringup", "bringup_launch.py"): {"map", "params_file", "use_sim_time"}}


def test_launch_file_uses_only_upstream_names(built):
    pkg = package_dir(built, WHEELED[0])
    tree = ast.parse((pkg / "launch" / "bringup.launch.py").read_text())
    nodes, includes = set(), set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            for alias in node.names:
                assert (node.module, alias.name) in UPSTREAM_IMPORTS, (node.module, alias.name)
        elif isinstance(node, ast.Import):
            assert [a.name for a in node.names] == ["os"]
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Node":
            kw = {k.arg: k.value for k in node.keywords}
            assert set(kw) <= NODE_KEYWORDS
            nodes.add((kw["package"].value, kw["executable"].value))
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IncludeLaunchDescription":
            constants = [n for n in ast.walk(node.args[0]) if isinstance(n, ast.Constant)]
            strings = [n.value for n in sorted(constants, key=lambda n: (n.lineno, n.col_offset))]
            args = next(k.value for k in node.keywords if k.arg == "launch_arguments")
            keys = {k.value for k in ast.walk(args) if isinstance(k, ast.Dict) for k in k.keys}
            key = (strings[0], strings[-1])
            assert key in UPSTREAM_LAUNCH and keys <= UPSTREAM_LAUNCH[key], (key, keys)
            includes.add(key)
    own = (pkg.name, "mujoco_node.py")
    assert nodes == UPSTREAM_NODES | {own}
    assert includes == set(UPSTREAM_LAUNCH)
    # the package's own executable is installed where launch_ros looks for it
    cmake = (pkg / "CMakeLists.txt").read_text()
    assert f"install(PROGRAMS {pkg.name}/mujoco_node.py DESTINATION lib/${{PROJECT_NAME}})" in cmake


# -- refusals --------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("program", LEGGED, ids=lambda p: p.name)
def test_legged_program_is_refused(program, tmp_path):
    result = compile_program(program, TARGET, tmp_path)
    assert result.returncode == 1
    assert "target.unsupported" in result.stderr
    assert not (tmp_path / TARGET).exists()


@pytest.mark.slow
def test_the_build_graph_builds_the_target_listed_in_the_matrix(tmp_path):
    from tests.graph.fixture import doit
    from .conftest import LIBRARY, ROOT
    shutil.copytree(LIBRARY, tmp_path / "libraries" / "demo_parts")
    shutil.copytree(ROOT / "programs" / "diff_bot", tmp_path / "programs" / "diff_bot")
    shutil.copy2(ROOT / "dodo.py", tmp_path / "dodo.py")
    (tmp_path / "pyproject.toml").write_text(
        '[tool.mobiledsl]\nlibraries = ["libraries/demo_parts"]\nprograms = "programs/*"\n'
        f'targets = ["{TARGET}"]\n')
    report = doit(tmp_path)
    assert any(t["name"].startswith(f"emit:diff_bot/{TARGET}/") for t in report["tasks"])
    node = tmp_path / "build" / "diff_bot" / TARGET / "diff_bot_bringup" / "diff_bot_bringup"
    assert (node / "mujoco_node.py").is_file() and (node / "sim" / "runtime.py").is_file()

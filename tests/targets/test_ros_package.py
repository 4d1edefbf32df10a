"""The ros-gz-nav2 package of every program, fed to its real consumers: urdfdom's check_urdf,
libsdformat (through the project's own sdfcheck, tests/consumers.py), a YAML parser, Python's
compiler for the launch file; and the occupancy map of a one-box world, cell by cell."""
from __future__ import annotations

import py_compile
import re
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest
from ruamel.yaml import YAML

from mobiledsl.model.world import Entity, World
from mobiledsl.library.model import Shape
from mobiledsl.targets.ros.occupancy import OCCUPIED, RESOLUTION, occupancy, pgm

from .. import consumers
from .conftest import PROGRAMS, ROOT, chassis_type, compile_program

# the ROS targets do not write legged bases yet: such a program is refused (tested below)
PROGRAMS = [p for p in PROGRAMS if chassis_type(p) != "Legged"]
LEGGED = [p for p in ROOT.joinpath("programs").iterdir()
          if (p / f"{p.name}.core").exists() and chassis_type(p) == "Legged"]


@pytest.fixture(scope="session")
def sdfcheck() -> Path:
    return consumers.sdfcheck()


def package_dir(built, program) -> Path:
    out = built(program, "ros-gz-nav2")
    return next(p for p in out.iterdir() if p.name.endswith("_bringup"))


@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_urdf_passes_check_urdf(built, program):
    pkg = package_dir(built, program)
    urdf = next((pkg / "urdf").glob("*.urdf"))
    result = consumers.run_check_urdf(urdf)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "root Link: base_footprint" in result.stdout
    tree = ET.parse(urdf).getroot()
    links = {l.get("name") for l in tree.iter("link")}
    assert {"base_footprint", "base_link"} <= links
    core = (program / f"{program.name}.core").read_text()
    for name in re.findall(r"^\s*[A-Z]\w*\s+(\w+)\s*\(ref", core, flags=re.M)[1:]:
        assert name in links, f"component {name} has no link"


@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_sdf_loads_in_libsdformat(built, program, sdfcheck):
    pkg = package_dir(built, program)
    for sdf in (pkg / "worlds").glob("*.sdf"):
        result = subprocess.run([str(sdfcheck), str(sdf)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr
        assert ET.parse(sdf).getroot().get("version") >= "1.9"


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_urdf_loads_in_libsdformat(built, program, sdfcheck):
    """Gazebo reads a URDF through libsdformat, its <gazebo> extensions and the <contact>
    PyBullet reads with it."""
    urdf = next((package_dir(built, program) / "urdf").glob("*.urdf"))
    result = subprocess.run([str(sdfcheck), str(urdf)], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_yaml_parses_and_launch_compiles(built, program, tmp_path):
    pkg = package_dir(built, program)
    yaml = YAML(typ="safe")
    params = yaml.load((pkg / "config" / "nav2_params.yaml").read_text())
    footprint = params["local_costmap"]["local_costmap"]["ros__parameters"]["footprint"]
    assert footprint.startswith("[[")
    assert isinstance(yaml.load((pkg / "config" / "bridge.yaml").read_text()), list)
    for map_yaml in (pkg / "maps").glob("*.yaml"):
        meta = yaml.load(map_yaml.read_text())
        assert (pkg / "maps" / meta["image"]).exists()
    py_compile.compile(str(pkg / "launch" / "bringup.launch.py"), doraise=True,
                       cfile=str(tmp_path / "launch.pyc"))
    xml = ET.parse(pkg / "package.xml").getroot()
    assert xml.get("format") == "3"
    assert "ament_cmake" in (pkg / "CMakeLists.txt").read_text()


def one_box_world() -> World:
    box = Shape("box", (1.0, 0.5, 0.4), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0))
    marker = Shape("cylinder", (0.3, 0.3, 0.002), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0))
    return World("one_box", None, True, (0.0, 0.0, 0.0), entities=(
        Entity("crate", "Obstacle", (2.0, 0.0, 0.2, 0.0, 0.0, 0.0, 1.0), True, (box,), "box"),
        Entity("dock", "Marker", (-0.35, 0.0, 0.001, 0.0, 0.0, 0.0, 1.0), False, (marker,),
               "cylinder")))


@pytest.mark.slow
def test_a_map_of_many_shapes_marks_each_cell_whose_centre_is_in_one(monkeypatch):
    """Each shape is drawn only over the cells around its bounds; the map is the one that
    testing every cell against every shape gives (random shapes, some on the cell lines)."""
    from mobiledsl.analysis import planar
    from mobiledsl.targets.ros import occupancy as occ
    rng = np.random.default_rng(7)
    for _ in range(60):
        polys = []
        for _ in range(rng.integers(1, 10)):
            n = rng.integers(3, 9)
            angles = np.sort(rng.uniform(0, 2 * np.pi, n))
            radii = rng.uniform(0.001, 2) * rng.uniform(0.05, 1, 2)
            pts = rng.uniform(-6, 6, 2) + np.column_stack([np.cos(angles) * radii[0],
                                                           np.sin(angles) * radii[1]])
            polys.append(np.round(pts / RESOLUTION) * RESOLUTION if rng.integers(0, 3) == 0
                         else pts)
        monkeypatch.setattr(occ, "shadows", lambda world, solid=True, p=polys: list(p))
        grid, origin = occupancy(None)
        height, width = grid.shape
        xs = origin[0] + (np.arange(width) + 0.5) * RESOLUTION
        ys = origin[1] + (np.arange(height) + 0.5) * RESOLUTION
        gx, gy = np.meshgrid(xs, ys)
        centres = np.column_stack([gx.ravel(), gy.ravel()])
        every = np.zeros(len(centres), dtype=bool)
        for poly in polys:
            every |= planar.inside(centres, poly)
        assert np.array_equal(grid[::-1] == OCCUPIED, every.reshape(height, width))


def test_map_of_one_box():
    grid, origin = occupancy(one_box_world(), (0.0, 0.0))
    # the box spans x 1.5..2.5 and y -0.25..0.25; with the start and a 1 m margin the map
    # runs x -1.5..3.5 (the marker, left free, still lies on the map) and y -1.25..1.25
    assert origin == (pytest.approx(-1.5), pytest.approx(-1.25))
    assert grid.shape == (round(2.5 / RESOLUTION), round(5.0 / RESOLUTION))
    occupied = np.argwhere(grid == OCCUPIED)
    assert len(occupied) == round(1.0 / RESOLUTION) * round(0.5 / RESOLUTION)
    rows, cols = occupied[:, 0], occupied[:, 1]
    assert cols.min() == round((1.5 + 1.5) / RESOLUTION)
    assert cols.max() == round((2.5 + 1.5) / RESOLUTION) - 1
    # row 0 is the top of the image, the map's largest y (1.25)
    assert rows.min() == round((1.25 - 0.25) / RESOLUTION)
    assert rows.max() == round((1.25 + 0.25) / RESOLUTION) - 1
    assert pgm(grid).startswith(b"P5\n100 50\n255\n")


@pytest.mark.slow
@pytest.mark.parametrize("program", LEGGED, ids=lambda p: p.name)
def test_legged_program_is_refused(program, tmp_path):
    result = compile_program(program, "ros-gz-nav2", tmp_path)
    assert result.returncode == 1
    assert "target.unsupported" in result.stderr
    assert not (tmp_path / "ros-gz-nav2").exists() or not any((tmp_path / "ros-gz-nav2").rglob("*.urdf"))

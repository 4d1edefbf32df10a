"""What the ros-mujoco-nav2 target refuses at compile time (target.unsupported) and the near
misses it writes: an object that would show nothing, and a robot without a lidar."""
from __future__ import annotations

import pytest
import json
import shutil
import subprocess
import sys

from .conftest import LIBRARY
from .test_refusals import compile_json, library_copy

TARGET = "ros-mujoco-nav2"
DISC = "assets/model.gltf"


def disc_library(tmp_path, mesh: str, collision: bool = False) -> str:
    """The demo library with the floor disc (the storeroom's dock, only shown) given another
    mesh, and a collision shape when asked."""
    assets = LIBRARY / "parts" / "floor_disc" / "assets"
    extra = "collision:\n  - {type: cylinder, size: [0.4, 0.4, 0.002], origin_xyz: [0, 0, 0.001], rpy: [0, 0, 0]}\n"

    def edit(text: str) -> str:
        return text.replace(DISC, mesh) + (extra if collision else "")
    library = library_copy(tmp_path, "floor_disc", edit)
    if mesh.endswith(".stl"):
        shutil.copy(LIBRARY / "parts" / "diff_base" / "assets" / "model.stl",
                    tmp_path / "lib" / "parts" / "floor_disc" / mesh)
    assert (assets / "model.gltf").exists()
    return library


@pytest.mark.slow
def test_an_object_that_would_show_nothing_is_refused(tmp_path):
    library = disc_library(tmp_path, "assets/model.stl")
    status, diags = compile_json(library, TARGET, tmp_path / "out")
    refused = [d for d in diags if d["code"] == "target.unsupported"]
    assert status == 1 and len(refused) == 1
    assert "'dock'" in refused[0]["message"] and "floor_disc" in refused[0]["message"]
    assert "glTF" in refused[0]["help"][0]
    assert refused[0]["file"].endswith("room_6x4/component.yaml"), refused[0]
    assert not (tmp_path / "out" / TARGET).exists()


@pytest.mark.slow
def test_the_same_object_with_a_collision_shape_shows_that(tmp_path):
    library = disc_library(tmp_path, "assets/model.stl", collision=True)
    status, diags = compile_json(library, TARGET, tmp_path / "out")
    assert status == 0, diags


@pytest.mark.slow
def test_a_gltf_object_that_only_shows_is_read_by_the_node(tmp_path):
    status, diags = compile_json(str(LIBRARY), TARGET, tmp_path / "out")
    assert status == 0, diags
    node = json.loads(next((tmp_path / "out" / TARGET).rglob("node.json")).read_text())
    assert {"body": "world_dock", "file": "world/floor_disc/" + DISC,
            "pos": [0.0, 0.0, 0.0], "quat": [1.0, 0.0, 0.0, 0.0]} in node["visuals"]


@pytest.mark.slow
def test_gazebo_takes_the_object_the_mujoco_node_refuses(tmp_path):
    """The refusal is this target's: Gazebo decodes the mesh."""
    library = disc_library(tmp_path, "assets/model.stl")
    status, _ = compile_json(library, "ros-gz-nav2", tmp_path / "out")
    assert status == 0


@pytest.mark.slow
def test_a_robot_without_a_lidar_scans_nothing(tmp_path):
    from .conftest import ROOT
    program = tmp_path / "no_lidar"
    program.mkdir()
    core = (ROOT / "programs" / "diff_bot" / "diff_bot.core").read_text()
    (program / "no_lidar.core").write_text(
        "".join(line for line in core.splitlines(True) if "Lidar " not in line))
    shutil.copy(ROOT / "programs" / "diff_bot" / "diff_bot.world", program / "no_lidar.world")
    out = tmp_path / "out"
    built = subprocess.run(
        [sys.executable, "-m", "mobiledsl", "compile", str(program / "no_lidar.core"),
         str(program / "no_lidar.world"), "--library", str(LIBRARY), "--target", TARGET,
         "-o", str(out)], capture_output=True, text=True, cwd=ROOT)
    assert built.returncode == 0, built.stderr
    node_dir = next((out / TARGET).glob("*_bringup")) / "diff_bot_bringup"
    run = subprocess.run([sys.executable, "mujoco_node.py", "--headless", "--seconds", "0.2",
                          "--cmd-vel", "0.1", "0", "0"], cwd=node_dir,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    line = json.loads(run.stdout)
    assert line["scan"] == {"ranges": [], "angle_min": 0.0, "angle_increment": 0.0}
    assert json.loads((node_dir.parent / "mjcf" / "node.json").read_text())["scan"] is None

"""target.unsupported: what each target refuses, pointing at the component, and the near
misses it writes."""
from __future__ import annotations

import pytest
import json
import re
import shutil
import subprocess
import sys


from .conftest import LIBRARY, ROOT, program_files

DIFF_BOT = ROOT / "programs" / "diff_bot"


def library_copy(tmp_path, part: str, edit) -> str:
    lib = tmp_path / "lib"
    shutil.copytree(LIBRARY, lib)
    path = lib / "parts" / part / "component.yaml"
    path.write_text(edit(path.read_text()))
    return str(lib)


def compile_json(library: str, target: str, out) -> tuple[int, list[dict]]:
    result = subprocess.run(
        [sys.executable, "-m", "mobiledsl", "compile", *program_files(DIFF_BOT), "--library",
         library, "--target", target, "-o", str(out), "--diagnostics", "json"],
        capture_output=True, text=True, cwd=ROOT)
    assert "Traceback" not in result.stderr
    return result.returncode, json.loads(result.stdout)["diagnostics"]


def drop_collision(text: str) -> str:
    return re.sub(r"collision:\n(  .*\n)+", "", text)


def test_mjcf_refuses_a_part_without_collision(tmp_path):
    library = library_copy(tmp_path, "lidar_ld06", drop_collision)
    status, diags = compile_json(library, "mjcf", tmp_path / "out")
    refused = [d for d in diags if d["code"] == "target.unsupported"]
    assert status == 1 and refused
    assert "top_lidar" in refused[0]["message"]
    assert refused[0]["file"].endswith("diff_bot.core") and refused[0]["line"] == 11
    assert not (tmp_path / "out" / "mjcf").exists()


@pytest.mark.slow
def test_gazebo_collides_through_the_mesh_instead(tmp_path):
    library = library_copy(tmp_path, "lidar_ld06", drop_collision)
    status, diags = compile_json(library, "ros-gz-nav2", tmp_path / "out")
    assert status == 0
    assert [d["code"] for d in diags] == ["validation.footprint.bounded"]
    urdf = next((tmp_path / "out" / "ros-gz-nav2").rglob("*.urdf")).read_text()
    assert "lidar_ld06/assets/model.dae" in urdf.split('<link name="top_lidar">')[1] \
        .split("</link>")[0].split("<collision")[1]


@pytest.mark.slow
def test_a_moving_joint_on_a_mating_connector_is_refused(tmp_path):
    def turn(text: str) -> str:
        return text.replace("    dir: [0, 0, 1]\n", "    dir: [0, 0, 1]\n    joint: {type: continuous, axis: [0, 0, 1]}\n", 1)
    library = library_copy(tmp_path, "lidar_ld06", turn)
    for target in ("mjcf", "ros-gz-nav2"):
        status, diags = compile_json(library, target, tmp_path / target)
        assert status == 1
        assert any(d["code"] == "target.unsupported" and "joint" in d["message"] for d in diags)

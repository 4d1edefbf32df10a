"""What MuJoCo refuses in an STL mesh, found from the bytes at compile and library check
(MuJoCo's own verdict on the same files checked where it is installed)."""
from __future__ import annotations

import shutil
import struct
from pathlib import Path

import pytest

from mobiledsl.cli import main
from mobiledsl.targets.meshes import stl_problem

ROOT = Path(__file__).resolve().parents[2]
DEMO = ROOT / "libraries" / "demo_parts"

TETRA = [((0, 0, 0), (1, 0, 0), (0, 1, 0)), ((0, 0, 0), (0, 1, 0), (0, 0, 1)),
         ((0, 0, 0), (0, 0, 1), (1, 0, 0)), ((1, 0, 0), (0, 1, 0), (0, 0, 1))]
ASCII = ("solid plate\n  facet normal 0 0 1\n    outer loop\n      vertex 0 0 0\n"
         "      vertex 1 0 0\n      vertex 0 1 0\n    endloop\n  endfacet\nendsolid plate\n")


def binary(triangles, count=None) -> bytes:
    rows = b"".join(struct.pack("<12fH", 0, 0, 1, *a, *b, *c, 0) for a, b, c in triangles)
    return b"solid but binary".ljust(80) + struct.pack("<I", len(triangles) if count is None
                                                       else count) + rows


MESHES = {
    "ascii": (ASCII.encode(), "ASCII STL"),
    "empty": (binary([]), "0 triangles"),
    "short": (b"solid", "fewer than a binary STL's header"),
    "miscounted": (binary(TETRA, count=7)[:-10], "no binary STL"),
    "one_triangle": (binary(TETRA[:1]), "3 distinct vertices"),
    "flat": (binary([((0, 0, 0), (1, 0, 0), (0, 1, 0)), ((1, 0, 0), (1, 1, 0), (0, 1, 0))]),
             "encloses no volume"),
    "nan": (binary([((float("nan"), 0, 0), (1, 0, 0), (0, 1, 0))] + TETRA[1:]), "not a finite"),
}


@pytest.mark.parametrize("name", sorted(MESHES))
def test_each_mesh_mujoco_refuses_is_found_from_its_bytes(tmp_path, name):
    data, says = MESHES[name]
    path = tmp_path / f"{name}.stl"
    path.write_bytes(data)
    why = stl_problem(str(path))
    assert why is not None and says in why, why


def test_a_closed_binary_mesh_and_every_demo_mesh_pass(tmp_path):
    (tmp_path / "tetra.stl").write_bytes(binary(TETRA))
    assert stl_problem(str(tmp_path / "tetra.stl")) is None
    for mesh in DEMO.glob("parts/*/assets/*.stl"):
        assert stl_problem(str(mesh)) is None, mesh


@pytest.mark.parametrize("name", sorted(set(MESHES) - {"short"}))
def test_mujoco_agrees_with_each_verdict(tmp_path, name):
    mujoco = pytest.importorskip("mujoco")
    path = tmp_path / f"{name}.stl"
    path.write_bytes(MESHES[name][0])
    xml = (f'<mujoco><asset><mesh name="m" file="{path}"/></asset><worldbody><body>'
           '<freejoint/><geom type="box" size=".1 .1 .1"/><geom type="mesh" mesh="m" '
           'contype="0" conaffinity="0" density="0"/></body></worldbody></mujoco>')
    with pytest.raises(ValueError):
        mujoco.MjModel.from_xml_string(xml)
    (tmp_path / "tetra.stl").write_bytes(binary(TETRA))
    mujoco.MjModel.from_xml_string(xml.replace(str(path), str(tmp_path / "tetra.stl")))


def ascii_library(tmp_path: Path) -> Path:
    lib = tmp_path / "demo_parts"
    shutil.copytree(DEMO, lib)
    (lib / "parts" / "diff_base" / "assets" / "model.stl").write_text(ASCII)
    return lib


def test_library_check_strict_fails_on_an_ascii_stl_at_the_part(tmp_path, capsys):
    lib = ascii_library(tmp_path)
    assert main(["library", "check", str(lib), "--color", "never"]) == 0   # it still loads
    err = capsys.readouterr().err
    assert "warning[target.mesh_unreadable]: part 'diff_base'" in err
    assert "component.yaml:5" in err and "binary STL" in err
    assert main(["library", "check", str(lib), "--strict"]) == 1


def test_compile_refuses_the_ascii_stl_for_the_mujoco_targets_only(tmp_path, capsys):
    lib = ascii_library(tmp_path)
    core = str(ROOT / "programs" / "diff_bot" / "diff_bot.core")
    for target, status in (("mjcf", 1), ("ros-mujoco-nav2", 1), ("ros-gz-nav2", 0)):
        assert main(["compile", core, "--library", str(lib), "--target", target,
                     "-o", str(tmp_path / target), "--color", "never"]) == status, target
        err = capsys.readouterr().err
        assert ("error[target.mesh_unreadable]" in err) == (status == 1), err

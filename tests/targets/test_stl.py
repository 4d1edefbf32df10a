"""Hull files: every folder asked gets the same bytes, made once; parts without a hull (or
whose first shape is not one) have none."""
from __future__ import annotations

from types import SimpleNamespace

from mobiledsl.targets import stl

TETRA = SimpleNamespace(type="hull", vertices=[(0, 0, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)],
                        faces=[(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)])
BOX = SimpleNamespace(type="box")


def part(pid, *shapes):
    return SimpleNamespace(id=pid, collision=list(shapes))


def test_default_folder_and_every_folder_asked(monkeypatch):
    parts = [part("a", TETRA), part("b", BOX, TETRA), part("c")]
    made = []
    real = stl.hull_stl
    monkeypatch.setattr(stl, "hull_stl", lambda v, f: made.append(1) or real(v, f))
    assert list(stl.hull_files(parts)) == ["robot/hulls/a_hull.stl"]
    made.clear()
    files = stl.hull_files(parts, "robot/hulls", "pkg/meshes/hulls")
    assert list(files) == ["robot/hulls/a_hull.stl", "pkg/meshes/hulls/a_hull.stl"]
    assert files["robot/hulls/a_hull.stl"] == files["pkg/meshes/hulls/a_hull.stl"]
    assert len(made) == 1
    assert len(files["robot/hulls/a_hull.stl"]) == 80 + 4 + 4 * 50


def test_no_hull_no_file():
    assert stl.hull_files([part("b", BOX, TETRA), part("c")], "x", "y") == {}

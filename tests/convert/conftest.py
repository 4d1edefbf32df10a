"""A small v3 checkout to convert: ``checkout.part(category, id, **fields)`` writes one
part.yaml (a complete v3 wheel unless told otherwise) and ``checkout.convert()`` runs the
command and reads the result."""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from mobiledsl.cli import main
from mobiledsl.yamlio import read_yaml


def v3_wheel(pid: str = "w80") -> dict[str, Any]:
    return {
        "schema_version": 3, "id": pid, "description": "An 80 mm wheel.",
        "model": {"file": "meshes/model.stl", "xyz": [0, 0, 0], "rpy": [0, 0, 0]},
        "geometry": {"radius": 0.04, "height": 0.03},
        "inertial": {"mass": 0.1, "origin_xyz": [0, 0, 0],
                     "inertia": {"ixx": 5e-05, "ixy": 0, "ixz": 0, "iyy": 5e-05, "iyz": 0,
                                 "izz": 8e-05},
                     "source": "estimated", "estimate_basis": "a solid cylinder"},
        "connectors": {"mount": {"pos_local": [0, 0, 0], "dir_local": [0, 0, 1]}},
        "joint": {"connector": "mount", "type": "continuous", "axis": [0, 0, 1]},
        "profiles": {"standard": {"mounts": {"default": "mount"}}},
    }


def v3_chassis(pid: str = "body", profile: str = "tricycle",
               steering: bool = True) -> dict[str, Any]:
    fork = {"pos_local": [0.1, 0, 0], "dir_local": [0, 1, 0]}
    if steering:
        fork["steering"] = {"axis": [0, 0, 1], "max_angle_rad": 0.6}
    return {
        "schema_version": 3, "id": pid, "description": "A tricycle body.",
        "model": {"file": "meshes/model.stl", "xyz": [0, 0, 0], "rpy": [0, 0, 0]},
        "inertial": {"mass": 1.0, "origin_xyz": [0, 0, 0],
                     "inertia": {"ixx": 0.01, "ixy": 0, "ixz": 0, "iyy": 0.01, "iyz": 0,
                                 "izz": 0.01},
                     "source": "measured"},
        "connectors": {"fork": fork,
                       "rl": {"pos_local": [-0.1, 0.1, 0], "dir_local": [0, 1, 0]},
                       "rr": {"pos_local": [-0.1, -0.1, 0], "dir_local": [0, -1, 0]}},
        "profiles": {profile: {"mounts": {"front_wheel": "fork", "rear_left_wheel": "rl",
                                          "rear_right_wheel": "rr"}}},
    }


@dataclass
class Result:
    status: int
    out: str
    err: str
    dest: Path

    def doc(self, pid: str) -> dict[str, Any]:
        node, diags = read_yaml((self.dest / "parts" / pid / "component.yaml").read_bytes(), pid)
        assert node is not None, diags
        return node.plain()

    def text(self, pid: str) -> str:
        return (self.dest / "parts" / pid / "component.yaml").read_text()

    @property
    def report(self) -> dict[str, Any]:
        return json.loads((self.dest / "conversion-report.json").read_text())

    @property
    def codes(self) -> list[str]:
        return [d["code"] for d in json.loads(self.out)["diagnostics"]]


class Checkout:
    def __init__(self, root: Path):
        self.root = root
        self.source = root / "v3"
        self.dest = root / "out" / "lib"

    def part(self, category: str, pid: str, data: dict[str, Any] | str | bytes | None = None,
             mesh: str | None = "meshes/model.stl") -> Path:
        folder = self.source / category / pid
        folder.mkdir(parents=True, exist_ok=True)
        if data is None:
            data = v3_wheel(pid)
        raw = data if isinstance(data, bytes) else (
            data if isinstance(data, str) else json.dumps(data, indent=2)).encode()
        (folder / "part.yaml").write_bytes(raw)
        if mesh is not None:
            (folder / mesh).parent.mkdir(parents=True, exist_ok=True)
            (folder / mesh).write_bytes(b"solid x\nendsolid x\n")
        return folder

    def convert(self, *extra: str) -> Result:
        import contextlib
        import io
        out, err = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["convert-library", str(self.source), str(self.dest),
                           "--diagnostics", "json", *extra])
        return Result(status, out.getvalue(), err.getvalue(), self.dest)

    def leftovers(self) -> list[str]:
        parent = self.dest.parent
        return sorted(p.name for p in parent.iterdir()) if parent.exists() else []


@pytest.fixture
def checkout(tmp_path) -> Checkout:
    return Checkout(tmp_path)

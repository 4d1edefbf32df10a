"""The command line and the build graph copy an emission's asset folders alike: the same
files, to the same places, with the same bytes, for folders holding several files and
nested folders, a folder copied into the target's folder itself and one copied below it.
(The parity test's demo library has no nested asset folder.)"""
from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass, field
from pathlib import Path

from mobiledsl.graph import cells
from mobiledsl.pipeline import CompileResult, _emission_files, _write_all
from mobiledsl.planned import asset_files, emission_assets

FILES = {
    "parts/p/assets/model.dae": b"<COLLADA/>\n",
    "parts/p/assets/textures/wood.png": b"png",
    "parts/p/assets/textures/deep/er/grain.png": b"grain",
    "parts/p/assets/b.stl": b"solid b\n",
    "parts/q/assets/z/last.obj": b"o last\n",
    "parts/q/assets/first.obj": b"o first\n",
}


@dataclass(frozen=True)
class Emission:
    files: dict = field(default_factory=dict)
    assets: tuple = ()


def _library(root: Path) -> None:
    for part in ("p", "q"):
        (root / "parts" / part).mkdir(parents=True)
        (root / "parts" / part / "component.yaml").write_text(f"id: {part}\n")
    for rel, data in FILES.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_bytes(data)


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _both(tmp_path: Path, emission: Emission) -> tuple[dict[str, bytes], dict[str, bytes]]:
    with contextlib.chdir(tmp_path):
        _write_all(_emission_files(Path("out/mjcf"), emission), CompileResult(), Path("out"))
        records = Path("build/robot/records")
        records.mkdir(parents=True)
        record = records / "emit-mjcf.json"
        assets = [list(pair) for pair in emission_assets(emission)]
        record.write_text(json.dumps({"files": {}, "assets": assets}))
        out_dir = "build/robot/mjcf"
        cells.forget_trees()
        values = cells.assets_action(str(record), str(records / "assets-mjcf.json"), out_dir,
                                     roots=["lib"])
        assert cells.assets_uptodate(None, values, out_dir)
        return _tree(tmp_path / "out" / "mjcf"), _tree(tmp_path / out_dir)


def test_the_drivers_copy_nested_asset_folders_alike(tmp_path):
    _library(tmp_path / "lib")
    emission = Emission(assets=(("lib/parts/p/assets", "robot/parts/p/assets"),
                                ("lib/parts/q/assets", ".")))
    cli, graph = _both(tmp_path, emission)
    assert cli == graph
    assert cli == {
        "robot/parts/p/assets/model.dae": b"<COLLADA/>\n",
        "robot/parts/p/assets/b.stl": b"solid b\n",
        "robot/parts/p/assets/textures/wood.png": b"png",
        "robot/parts/p/assets/textures/deep/er/grain.png": b"grain",
        "first.obj": b"o first\n",
        "z/last.obj": b"o last\n",
    }


def test_the_plan_lists_each_folder_by_name_in_order(tmp_path):
    _library(tmp_path / "lib")
    with contextlib.chdir(tmp_path):
        planned = asset_files([("lib/parts/q/assets", "meshes/"), ("lib/parts/p/assets", "")])
    assert planned == [
        ("meshes/first.obj", os.path.join("lib/parts/q/assets", "first.obj")),
        ("meshes/z/last.obj", os.path.join("lib/parts/q/assets", "z/last.obj")),
        ("b.stl", os.path.join("lib/parts/p/assets", "b.stl")),
        ("model.dae", os.path.join("lib/parts/p/assets", "model.dae")),
        ("textures/deep/er/grain.png",
         os.path.join("lib/parts/p/assets", "textures/deep/er/grain.png")),
        ("textures/wood.png", os.path.join("lib/parts/p/assets", "textures/wood.png")),
    ]

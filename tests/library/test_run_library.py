"""``library check`` loads a library through the rows of the phase table the build graph
runs for it (``phases.run_library``): the manifest row once, the load row once per
registered part, in the manifest's order and with where library.yaml lists it, the walker
row once per walker against the parts that loaded; ``loader.load_library`` is the same."""
from __future__ import annotations

import shutil
from pathlib import Path

from mobiledsl import cli, phases
from mobiledsl.library.loader import load_library, load_manifest

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "libraries" / "demo_parts"


def _spy(monkeypatch) -> list[tuple]:
    calls: list[tuple] = []
    for name in ("run_manifest", "run_load", "run_walker"):
        real = getattr(phases, name)

        def spied(*args, _real=real, _name=name, **kwargs):
            calls.append((_name, args, kwargs))
            return _real(*args, **kwargs)

        monkeypatch.setattr(phases, name, spied)
    return calls


def _library(tmp_path: Path) -> Path:
    lib = tmp_path / "lib"
    shutil.copytree(DEMO, lib)
    decl = lib / "parts" / "tof_vl53l1x" / "component.yaml"
    decl.write_text(decl.read_text().replace("category: sensor", "category: sensr"))
    return lib


def test_library_check_runs_the_rows_part_by_part(tmp_path, monkeypatch, capsys):
    lib = _library(tmp_path)
    manifest, _ = load_manifest(lib)
    calls = _spy(monkeypatch)
    assert cli.main(["library", "check", str(lib)]) == 0
    assert [c[0] for c in calls] == (["run_manifest"] + ["run_load"] * len(manifest.parts)
                                     + ["run_walker"] * len(manifest.walkers))
    loads = [c for c in calls if c[0] == "run_load"]
    assert [c[1][2] for c in loads] == list(manifest.parts)
    assert [c[1][3] for c in loads] == list(manifest.parts.values())
    walker = next(c for c in calls if c[0] == "run_walker")
    assert "tof_vl53l1x" not in walker[1][3] and "standard_80" in walker[1][3]
    assert "1 left out" in capsys.readouterr().err


def test_load_library_is_run_library(tmp_path):
    lib = _library(tmp_path)
    assert load_library(lib) == phases.run_library(str(lib))
    library, diags = load_library(lib)
    assert "tof_vl53l1x" in library.left_out and diags


def test_a_manifest_that_does_not_load_runs_no_other_row(tmp_path, monkeypatch):
    calls = _spy(monkeypatch)
    library, diags = phases.run_library(str(tmp_path / "nothing"))
    assert library is None and diags
    assert [c[0] for c in calls] == ["run_manifest"]

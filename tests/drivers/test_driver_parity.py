"""The command line and the build graph are two drivers of one phase table: for every program
of the project and every target of its [tool.mobiledsl] (the cells it leaves out aside),
``mobiledsl compile`` writes the same output tree, byte for byte, as ``doit`` builds into
build/<program>/ (its records and the 3D page aside, which only the graph writes), and says
the same diagnostics, as the same JSON document.

Besides the demo programs, the copy holds programs that go wrong on the way: a ref
misspelled (resolve's "did you mean", which needs every part loaded), a part whose
declaration does not load, and a robot the analysis finds fault with (its report is
written alone).
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
from pathlib import Path

import pytest

from mobiledsl.graph.matrix import read_matrix
from tests.graph.fixture import doit

REPO = Path(__file__).resolve().parents[2]
LIBRARY = "libraries/demo_parts"
GRAPH_ONLY_REPORT = ("view.html", "view.inputs.json")

pytestmark = pytest.mark.slow


def _broken_programs(root: Path) -> None:
    """Programs that stop at resolve, at a part's load and at the analysis."""
    diff_bot = (root / "programs" / "diff_bot" / "diff_bot.core").read_text()
    for name, edit in {
        "misspelled": lambda t: t.replace('"standard_80", glue = (0, 0.12',
                                          '"standard_08", glue = (0, 0.12'),
        "broken_part": lambda t: t.replace('"lidar_ld06"', '"lidar_broken"'),
        "lopsided": lambda t: t.replace("(0, -0.12, -0.02, 0, -1, 0)",
                                        "(0, -0.12, -0.3, 0, -1, 0)"),
    }.items():
        folder = root / "programs" / name
        folder.mkdir()
        (folder / f"{name}.core").write_text(edit(diff_bot).replace("diff_bot {", f"{name} {{"))
    lib = root / LIBRARY
    broken = lib / "parts" / "lidar_broken"
    shutil.copytree(lib / "parts" / "lidar_ld06", broken)
    decl = broken / "component.yaml"
    decl.write_text(decl.read_text().replace("id: lidar_ld06", "id: lidar_broken")
                    .replace("category: sensor", "category: sensr"))
    manifest = lib / "library.yaml"
    manifest.write_text(manifest.read_text().replace("  - lidar_ld06\n",
                                                     "  - lidar_ld06\n  - lidar_broken\n"))


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("parity")
    for name in ("programs", "libraries"):
        shutil.copytree(REPO / name, root / name)
    for name in ("pyproject.toml", "dodo.py"):
        shutil.copy(REPO / name, root / name)
    _broken_programs(root)
    doit(root)
    return root


def _cells(root: Path) -> dict[str, list[str]]:
    matrix = read_matrix(root)
    return {p.name: list(matrix.targets_of(p.name)) for p in matrix.programs
            if not matrix.program_excluded(p.name)}


def _tree(folder: Path) -> dict[str, bytes]:
    if not folder.is_dir():
        return {}
    return {p.relative_to(folder).as_posix(): p.read_bytes()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _graph_tree(root: Path, program: str) -> dict[str, bytes]:
    tree = _tree(root / "build" / program)
    return {rel: data for rel, data in tree.items() if not rel.startswith("records/")
            and rel not in {f"report/{name}" for name in GRAPH_ONLY_REPORT}}


def _cli(root: Path, program: str, targets: list[str], out: Path) -> str:
    from mobiledsl.cli import main
    files = [f"programs/{program}/{program}.{kind}" for kind in ("core", "world", "task")
             if (root / "programs" / program / f"{program}.{kind}").is_file()]
    argv = ["compile", *files, "--library", LIBRARY, "-o", str(out), "--diagnostics", "json",
            *[a for t in targets for a in ("--target", t)]]
    stdout = io.StringIO()
    with contextlib.chdir(root), contextlib.redirect_stdout(stdout), \
            contextlib.redirect_stderr(io.StringIO()):
        main(argv)
    return stdout.getvalue()


def _graph_diagnostics(root: Path, program: str, targets: list[str]) -> str:
    from mobiledsl.graph import Graph
    from mobiledsl.graph.outcome import program_diagnostics
    from mobiledsl.render import render_json
    with contextlib.chdir(root):
        graph = Graph(root)
        return render_json(program_diagnostics([lib.name for lib in graph.libraries],
                                               graph.registries, program, targets))


def _programs() -> list[str]:
    return sorted(p.name for p in (REPO / "programs").iterdir() if p.is_dir()) + \
        ["misspelled", "broken_part", "lopsided"]


@pytest.mark.parametrize("program", _programs())
def test_the_command_line_writes_what_the_graph_builds(project, tmp_path, program):
    targets = _cells(project)[program]
    out = tmp_path / "out"
    said = _cli(project, program, targets, out)
    cli_tree, graph_tree = _tree(out), _graph_tree(project, program)
    assert sorted(cli_tree) == sorted(graph_tree)
    differing = [rel for rel in cli_tree if cli_tree[rel] != graph_tree[rel]]
    assert differing == []
    assert said == _graph_diagnostics(project, program, targets)


def test_the_broken_programs_say_something(project, tmp_path):
    """The programs that go wrong do, so the comparison above covers diagnostics."""
    for program, code in {"misspelled": "resolve.unknown_part",
                          "broken_part": "library.", "lopsided": ""}.items():
        said = json.loads(_cli(project, program, _cells(project)[program], tmp_path / program))
        assert said["diagnostics"], program
        assert any(d["code"].startswith(code) for d in said["diagnostics"]), program

"""Watch mode's warm core: the diagnostics of the programs an edit reached, printed from
the records kept in the watcher's process, then the outputs brought up to date by doit in
that process, which a later ``doit`` finds exact."""
from __future__ import annotations

import io
import shutil
from pathlib import Path

from mobiledsl.graph.watch import Checks, run_graph

from .fixture import FULL_PARTS, LIBRARY, PROGRAMS, PYPROJECT, doit, executed, make_project

WITH_MJCF = PYPROJECT.replace("targets = []", 'targets = ["mjcf"]')


def project(root: Path) -> Path:
    return make_project(root, FULL_PARTS, pyproject=WITH_MJCF, programs=PROGRAMS)


def printed(checks: Checks, saved: list[str]) -> str:
    out = io.StringIO()
    checks.run(saved, out)
    return out.getvalue()


def headers(text: str) -> list[str]:
    return [line.split(":")[0][3:] for line in text.splitlines() if line.startswith("── ")]


def test_watch_prints_the_programs_a_saved_edit_reached(tmp_path, monkeypatch):
    root = project(tmp_path / "proj")
    monkeypatch.chdir(root)
    checks = Checks(root)
    first = printed(checks, [])
    assert sorted(headers(first)) == sorted(PROGRAMS)
    assert headers(printed(checks, [])) == []              # nothing changed: nothing to say
    core = Path("programs/scout/scout.core")
    core.write_text(core.read_text().replace("Robot scout {", "Robot scout ("))
    text = printed(checks, ["programs/scout/scout.core"])
    assert headers(text) == ["scout"] and "error[syntax." in text
    core.write_text(core.read_text().replace("Robot scout (", "Robot scout {"))
    assert headers(printed(checks, ["programs/scout/scout.core"])) == ["scout"]
    # a part that one program uses (scout, through its world's room): that program alone
    # is checked again, and says what is wrong
    crate = Path(f"libraries/{LIBRARY}/parts/crate/component.yaml")
    crate.write_text(crate.read_text().replace("category: object", "category: objekt"))
    text = printed(checks, [crate.as_posix()])
    assert headers(text) == ["scout"]
    assert "warning[library." in text and "crate" in text


def test_the_outputs_watch_builds_in_its_process_are_those_doit_builds(tmp_path,
                                                                       monkeypatch):
    root = project(tmp_path / "proj")
    other = tmp_path / "other"
    monkeypatch.chdir(root)
    report, stderr = run_graph(root, [])
    assert report is not None, stderr
    assert "parse:scout" in executed(report)
    assert executed(doit(root)) == []                      # a later doit: nothing to do
    core = Path("programs/scout/scout.core")
    core.write_text(core.read_text().replace("0.1, -0.02", "0.1, -0.03", 1))
    report, stderr = run_graph(root, [])
    assert "parse:scout" in executed(report)
    assert executed(doit(root)) == []
    shutil.copytree(root, other, ignore=shutil.ignore_patterns("build"))
    doit(other)
    built = {p.relative_to(root / "build"): p.read_bytes()
             for p in sorted((root / "build").rglob("*"))
             if p.is_file() and not p.relative_to(root / "build").parts[0].startswith(".")}
    fresh = {p.relative_to(other / "build"): p.read_bytes()
             for p in sorted((other / "build").rglob("*"))
             if p.is_file() and not p.relative_to(other / "build").parts[0].startswith(".")}
    assert built == fresh

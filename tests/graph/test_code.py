"""Compiler fingerprints come from the code: an edit of a module a phase imports re-runs that
phase's tasks, and no other phase's. The build runs a copy of the package (a subprocess
whose path puts the copy first), so that a test can edit the compiler."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mobiledsl.graph.code import CodeIndex, scan

from .fixture import FULL_PARTS, PROGRAMS, PYPROJECT, REPO, executed, make_project

WITH_MJCF = PYPROJECT.replace("targets = []", 'targets = ["mjcf"]')


def test_imports_are_read_from_the_source_lazy_ones_and_relative_ones_included():
    source = b"""
from . import layout
from ..resolve.vocabulary import CHASSIS
import mobiledsl.lang
import json

def run():
    from ..analysis import analyse
"""
    found = scan(source, "mobiledsl.graph.actions", False)
    assert found["top"] == ["mobiledsl.graph", "mobiledsl.graph.layout", "mobiledsl.lang",
                            "mobiledsl.resolve.vocabulary",
                            "mobiledsl.resolve.vocabulary.CHASSIS"]
    assert "mobiledsl.analysis" in found["all"] and "json" not in found["all"]
    assert found["functions"]["run"] == ["mobiledsl.analysis", "mobiledsl.analysis.analyse"]


def test_the_closure_follows_imports_and_the_packages_above_them(tmp_path):
    index = CodeIndex(tmp_path / "code.json", shared=False)
    closure = index.closure(["mobiledsl.analysis"])
    # analysis/kinematics.py imports the vocabulary: the model package comes along
    assert {"mobiledsl.analysis.kinematics", "mobiledsl.model.vocabulary",
            "mobiledsl.model", "mobiledsl"} <= closure
    assert "mobiledsl.targets.mjcf" not in closure
    # the table's run functions count one phase each
    table = index.closure(["mobiledsl.phases"])
    assert "mobiledsl.analysis" not in table and "mobiledsl.lang" not in table
    # the functions compiled ahead count by the modules whose texts they are
    assert "mobiledsl.precompiled" in closure and "mobiledsl.precompiled_table" not in closure
    # a second index reads the first one's cache and agrees
    again = CodeIndex(tmp_path / "code.json", shared=False)
    assert again.hashes == index.hashes and again.scans == index.scans


# -- edits of the compiler, counted with the JSON reporter ---------------------------------------
@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A project built once by a copy of the compiler; each test edits the copy."""
    base = tmp_path_factory.mktemp("code")
    code = base / "code"
    # byte code and the import cache come along (copied with their times, so still valid)
    shutil.copytree(REPO / "mobiledsl", code / "mobiledsl")
    root = make_project(base / "proj", FULL_PARTS, pyproject=WITH_MJCF, programs=PROGRAMS)
    run = lambda: _doit(root, code)                        # noqa: E731
    assert "analyse:scout" in executed(run())
    assert executed(run()) == []
    return root, code, run


def _doit(root: Path, code: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(code), NO_COLOR="1")
    proc = subprocess.run([sys.executable, "-m", "doit", "--reporter=json"], cwd=root,
                          env=env, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    return json.loads(proc.stdout)


def _touch(code: Path, rel: str) -> None:
    path = code / "mobiledsl" / rel
    path.write_text(path.read_text() + "\n# an edit that changes no behaviour\n")


def _phases(ran: list[str]) -> set[str]:
    return {name.split(":", 1)[0] for name in ran}


@pytest.mark.slow
def test_the_vocabulary_reruns_resolve_assemble_analyse_and_emission(built):
    root, code, run = built
    _touch(code, "model/vocabulary.py")
    ran = executed(run())
    # analysis/kinematics.py imports the vocabulary: analyse re-runs too
    assert _phases(ran) == {"resolve", "assemble", "analyse", "emission", "view"}
    assert {"analyse:scout", "analyse:ranger"} <= set(ran)
    assert executed(run()) == []


@pytest.mark.slow
def test_a_module_of_the_loader_reruns_only_the_library_tasks(built):
    root, code, run = built
    _touch(code, "library/loader.py")
    assert _phases(executed(run())) == {"manifest", "load"}


def test_a_module_of_one_target_reruns_only_that_targets_emissions(built):
    root, code, run = built
    _touch(code, "targets/mjcf/robot.py")
    assert executed(run()) == ["emission:ranger/mjcf", "emission:scout/mjcf"]


@pytest.mark.slow
def test_a_template_counts_as_code_of_its_package(tmp_path):
    index = CodeIndex(tmp_path / "code.json", shared=False)
    assert any(rel.endswith("templates/CMakeLists.txt.j2")
               for rel in index.data.get("mobiledsl.targets.ros", ()))

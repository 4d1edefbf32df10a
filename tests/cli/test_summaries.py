"""A newcomer's commands say how they went: the closing line of compile and library check
(what was checked, errors, warnings), library check --strict, the libraries of the project
when none is named, and the top view a failed analysis still writes."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from mobiledsl import cli
from mobiledsl.cli import build_parser

from .cli_helpers import TINY_CORE, make_library

PYPROJECT = '[project]\nname = "mine"\n\n[tool.mobiledsl]\nlibraries = ["tiny"]\n'


def main(*args: str) -> int:
    return cli.main(list(args))


def closing(err: str) -> str:
    return err.rstrip("\n").rsplit("\n", 1)[-1]


# -- compile ----------------------------------------------------------------------------------
def test_a_clean_check_says_what_it_checked(tiny_program, tiny_library, capsys):
    assert main("compile", str(tiny_program), "--library", str(tiny_library), "--check") == 0
    assert capsys.readouterr().err == \
        "ok: checked tiny_bot.core against library tiny: 0 errors, 0 warnings\n"


def test_a_failed_check_closes_with_the_counts(tmp_path, tiny_library, capsys):
    core = tmp_path / "off.core"
    core.write_text(TINY_CORE.replace("(0, 0.1, -0.02, 0, 1, 0)", "(0, 0.108, -0.02, 0, 1, 0)"))
    assert main("compile", str(core), "--library", str(tiny_library), "--check",
                "--color", "never") == 1
    err = capsys.readouterr().err
    assert closing(err) == "error: checked off.core against library tiny: 1 error, 0 warnings"
    assert "emitted" not in err                      # one closing line, not two


def test_machine_forms_keep_stderr_empty(tiny_program, tiny_library, capsys):
    assert main("compile", str(tiny_program), "--library", str(tiny_library), "--check",
                "--diagnostics", "json") == 0
    captured = capsys.readouterr()
    assert captured.err == "" and json.loads(captured.out)["summary"]["errors"] == 0


def test_a_robot_that_tips_over_still_gets_its_top_view(tmp_path, tiny_library, capsys):
    # the plate on its two wheels without its skid: it stands on one line and tips
    lib = make_library(tmp_path / "noskid")
    part = lib / "parts" / "tiny_base" / "component.yaml"
    text, n = re.subn(r"contacts:\n\s+- \{[^\n]*\}\n", "", part.read_text())
    assert n == 1
    part.write_text(text)
    core = tmp_path / "tiny_bot.core"
    core.write_text(TINY_CORE)
    out = tmp_path / "out"
    status = main("compile", str(core), "--library", str(lib), "--target", "mjcf",
                  "-o", str(out), "--color", "never")
    err = capsys.readouterr().err
    assert status == 1, err
    assert "validation.statics.com_over_support" in err
    assert sorted(p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()) == \
        ["report/analysis.json", "report/topview.svg"]
    svg = (out / "report" / "topview.svg").read_text()
    assert 'data-code="validation.statics.com_over_support"' in svg
    assert closing(err) == f"wrote the top view with the findings marked: " \
                           f"{out / 'report' / 'topview.svg'}"


def test_a_failed_check_writes_nothing_at_all(tmp_path, tiny_library):
    core = tmp_path / "off.core"
    core.write_text(TINY_CORE.replace("(0, 0.1, -0.02, 0, 1, 0)", "(0, 0.108, -0.02, 0, 1, 0)"))
    assert main("compile", str(core), "--library", str(tiny_library), "--target", "mjcf",
                "-o", str(tmp_path / "out")) == 1
    assert not (tmp_path / "out").exists()          # assembly failed: no analysis, no view


# -- library check ------------------------------------------------------------------------------
def test_strict_fails_on_a_left_out_part(tmp_path, capsys):
    lib = make_library(tmp_path / "tiny", broken=True)
    assert main("library", "check", str(lib), "--color", "never") == 0
    capsys.readouterr()
    assert main("library", "check", str(lib), "--strict", "--color", "never") == 1
    assert closing(capsys.readouterr().err) == (
        "warning: checked library 'tiny' (3 parts loaded, 1 left out), strictly: a warning "
        "or a left-out part fails it: 0 errors, 1 warning")


def test_strict_passes_a_clean_library(tiny_library, capsys):
    assert main("library", "check", str(tiny_library), "--strict") == 0
    assert capsys.readouterr().err == \
        "ok: checked library 'tiny' (3 parts loaded): 0 errors, 0 warnings\n"


def test_strict_in_a_machine_form_still_fails(tmp_path, capsys):
    lib = make_library(tmp_path / "tiny", broken=True)
    assert main("library", "check", str(lib), "--strict", "--diagnostics", "json") == 1
    assert json.loads(capsys.readouterr().out)["summary"] == {"errors": 0, "warnings": 1}


# -- the project's libraries ----------------------------------------------------------------------
@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    make_library(tmp_path / "tiny")
    (tmp_path / "pyproject.toml").write_text(PYPROJECT)
    (tmp_path / "robots" / "deep").mkdir(parents=True)
    core = tmp_path / "robots" / "deep" / "tiny_bot.core"
    core.write_text(TINY_CORE)
    monkeypatch.chdir(tmp_path / "robots" / "deep")
    return tmp_path


def test_compile_takes_the_libraries_of_the_project_above(project, capsys):
    assert main("compile", "tiny_bot.core", "--check") == 0
    assert capsys.readouterr().err == \
        "ok: checked tiny_bot.core against library tiny: 0 errors, 0 warnings\n"


def test_a_library_named_on_the_command_line_wins(project, tmp_path, capsys):
    other = make_library(tmp_path / "elsewhere")
    (other / "library.yaml").write_text((other / "library.yaml").read_text()
                                        .replace("name: tiny", "name: elsewhere"))
    assert main("compile", "tiny_bot.core", "--library", str(other), "--check") == 0
    assert "against library elsewhere:" in capsys.readouterr().err


def test_library_check_without_a_folder_checks_the_project_s(project, capsys):
    assert main("library", "check") == 0
    assert capsys.readouterr().err == \
        "ok: checked library 'tiny' (3 parts loaded): 0 errors, 0 warnings\n"


def test_outside_a_project_the_library_must_be_named(tmp_path, monkeypatch, capsys):
    (tmp_path / "lonely.core").write_text(TINY_CORE)
    monkeypatch.chdir(tmp_path)
    assert main("compile", "lonely.core", "--check") == 2
    err = capsys.readouterr().err
    assert "no --library given" in err and "[tool.mobiledsl]" in err
    assert main("library", "check") == 2
    assert "no DIR given" in capsys.readouterr().err


def test_a_project_naming_no_library_says_so(tmp_path, monkeypatch, capsys):
    (tmp_path / "pyproject.toml").write_text('[tool.mobiledsl]\ntargets = ["mjcf"]\n')
    (tmp_path / "a.core").write_text(TINY_CORE)
    monkeypatch.chdir(tmp_path)
    assert main("compile", "a.core", "--check") == 2
    assert "names no libraries" in capsys.readouterr().err


def test_help_says_where_the_libraries_come_from():
    parser = build_parser()
    sub = parser._subparsers._group_actions[0].choices
    assert "pyproject.toml" in " ".join(sub["compile"].format_help().split())
    library = sub["library"]._subparsers._group_actions[0].choices["check"]
    text = " ".join(library.format_help().split())
    assert "pyproject.toml" in text and "--strict" in text


def test_library_check_of_a_project_checks_each_library_and_returns_the_worst(
        project, tmp_path, capsys):
    make_library(tmp_path / "more", broken=True)
    (tmp_path / "more" / "library.yaml").write_text(
        (tmp_path / "more" / "library.yaml").read_text().replace("name: tiny", "name: more"))
    (tmp_path / "pyproject.toml").write_text(PYPROJECT.replace('["tiny"]', '["tiny", "more"]'))
    assert main("library", "check", "--color", "never") == 0
    lines = [l for l in capsys.readouterr().err.splitlines() if "checked library" in l]
    assert [l.split(":")[0] for l in lines] == ["ok", "warning"]
    assert main("library", "check", "--strict", "--color", "never") == 1


# -- run ----------------------------------------------------------------------------------------
def test_run_takes_the_libraries_of_the_project_above(project, capsys):
    # a task of no steps: the program is compiled against the project's libraries, and
    # nothing needs simulating
    (project / "robots" / "deep" / "idle.task").write_text("Task idle {\n}\n")
    assert main("run", "tiny_bot.core", "idle.task") == 0
    assert "the task has no steps: nothing to run" in capsys.readouterr().err


def test_run_outside_a_project_needs_a_library(tmp_path, monkeypatch, capsys):
    (tmp_path / "lonely.core").write_text(TINY_CORE)
    (tmp_path / "idle.task").write_text("Task idle {\n}\n")
    monkeypatch.chdir(tmp_path)
    assert main("run", "lonely.core", "idle.task") == 2
    err = capsys.readouterr().err
    assert "no --library given" in err and "[tool.mobiledsl]" in err


def test_outputs_default_below_the_project_s_build_wherever_the_command_runs(project, capsys):
    # run from a program's folder deep in the project: nothing is written there, and
    # nothing in build/<program>/, which the build graph owns
    assert main("compile", "tiny_bot.core", "--target", "mjcf") == 0
    assert not (project / "robots" / "deep" / "build").exists()
    model = project / "build" / "cli" / "tiny_bot" / "mjcf" / "tiny_bot.xml"
    assert model.is_file()
    assert not (project / "build" / "tiny_bot").exists()
    assert "under ../../build/cli/tiny_bot (" in capsys.readouterr().err


def test_outside_a_project_outputs_default_below_the_current_folder(tmp_path, tiny_library,
                                                                    monkeypatch, capsys):
    (tmp_path / "lonely.core").write_text(TINY_CORE)
    monkeypatch.chdir(tmp_path)
    assert main("compile", "lonely.core", "--library", str(tiny_library),
                "--target", "mjcf") == 0
    assert (tmp_path / "build" / "cli" / "tiny_bot" / "mjcf" / "tiny_bot.xml").is_file()

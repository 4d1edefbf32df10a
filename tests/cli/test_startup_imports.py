"""A compile imports what it runs: the other commands' modules and the diagnostics forms it
does not print stay unimported (a compile is a fresh process, and its imports are most of
its time), and every command is still there for a run that names another."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mobiledsl.cli import COMMAND_MODULES, build_parser

REPO = Path(__file__).resolve().parents[2]
FORMS = ("mobiledsl.render.human", "mobiledsl.render.jsonfmt", "mobiledsl.render.sarif")


def modules_after(*argv: str) -> set[str]:
    """The mobiledsl modules a fresh interpreter holds after ``main(argv)``."""
    code = ("import json, sys; from mobiledsl.cli import main; main(sys.argv[1:]); "
            "sys.stdout.flush(); sys.stderr.write('\\n' + json.dumps(sorted(m for m in "
            "sys.modules if m.startswith('mobiledsl'))))")
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", code, *argv], env=env, capture_output=True,
                         text=True, timeout=300)
    return set(json.loads(out.stderr.rsplit("\n", 1)[-1]))


def commands(parser) -> set[str]:
    return set(parser._subparsers._group_actions[0].choices)


@pytest.mark.slow
@pytest.mark.parametrize("form, loaded", [
    ("human", {"mobiledsl.render.human"}),
    ("json", {"mobiledsl.render.jsonfmt"}),
    ("sarif", {"mobiledsl.render.sarif"}),
])
def test_a_compile_imports_its_own_form_and_no_other_command(tiny_program, tiny_library,
                                                               form, loaded):
    held = modules_after("compile", str(tiny_program), "--library", str(tiny_library),
                         "--check", "--diagnostics", form)
    assert "mobiledsl.pipeline" in held                 # it did compile
    assert held & set(FORMS) == loaded
    assert not held & set(COMMAND_MODULES)
    assert not held & {"mobiledsl.analysis.topview", "mobiledsl.records"}   # no report


def test_version_imports_sarif_for_the_version_only():
    held = modules_after("--version")
    assert "mobiledsl.render.sarif" in held
    assert not held & {"mobiledsl.render.human", "mobiledsl.render.jsonfmt"}


def test_a_parser_for_a_registered_command_has_it_alone():
    assert commands(build_parser(["compile", "x.core"])) == {"compile"}
    assert commands(build_parser(["explain"])) == {"explain"}
    build_parser()                      # every command's module imported: each registered
    assert commands(build_parser(["watch", "--help"])) == {"watch"}


@pytest.mark.parametrize("argv", [None, [], ["--help"], ["--version"], ["library", "check"],
                                  ["compil"], ["-h", "compile"]])
def test_any_other_run_gets_every_command(argv):
    names = commands(build_parser(argv))
    assert {"compile", "explain", "library", "watch", "simulate", "run",
            "convert-library"} <= names


def test_render_names_resolve_on_first_use():
    import mobiledsl.render as render
    assert render.render_human.__module__ == "mobiledsl.render.human"
    assert render.to_sarif.__module__ == "mobiledsl.render.sarif"
    with pytest.raises(AttributeError):
        render.no_such_name


@pytest.mark.slow
@pytest.mark.parametrize("program", ["diff_bot", "quad_gait"])
def test_a_compile_against_the_demo_library_imports_one_yaml_parser(program, tmp_path):
    """Every file of the demo library is read by the one reader (libyaml, through PyYAML);
    ruamel.yaml, kept for the edits of ``mobiledsl fix``, and scipy are never imported."""
    prog = REPO / "programs" / program
    targets = ["mjcf"] if program == "quad_gait" else ["mjcf", "ros-gz-nav2", "ros-mujoco-nav2"]
    code = ("import sys; from mobiledsl.cli import main\n"
            "try:\n    main(sys.argv[1:])\nexcept SystemExit as e:\n    assert not e.code, e\n"
            "sys.stderr.write('\\n' + str(sorted(m for m in ('yaml', 'scipy', 'ruamel.yaml') "
            "if m in sys.modules)))")
    argv = ["compile", *sorted(str(f) for f in prog.iterdir() if f.suffix in (".core", ".world")),
            "--library", str(REPO / "libraries" / "demo_parts"), "-o", str(tmp_path)]
    for target in targets:
        argv += ["--target", target]
    out = subprocess.run([sys.executable, "-c", code, *argv], cwd=REPO, capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stderr.rsplit("\n", 1)[-1] == "['yaml']"
    assert any(tmp_path.rglob("*.xml"))

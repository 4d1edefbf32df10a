"""The language server's workspace checks through the warm core: an edit of a program
runs no load, an edit of a part loads that part alone and re-checks the open programs that
need it, and what it reports is the command line's compile of the editor's texts."""
from __future__ import annotations

from mobiledsl.lsp.workspace import Workspace
from mobiledsl.pipeline import compile_program

from .session import make_project


def test_edits_reach_only_what_they_change(tmp_path):
    root = make_project(tmp_path, programs=("diff_bot", "quad"))
    diff_bot = str(root / "programs" / "diff_bot" / "diff_bot.core")
    quad = str(root / "programs" / "quad" / "quad.core")
    wheel = str(root / "libraries" / "demo_parts" / "parts" / "standard_80" / "component.yaml")
    ws = Workspace()
    ws.update(diff_bot, open(diff_bot).read())
    ws.update(quad, open(quad).read())
    runs = next(iter(ws.projects.values())).warm.runs
    before = runs.copy()
    glued = open(diff_bot).read().replace("glue = (0, 0.12, -0.02", "glue = (0, 0.14, -0.02")
    ws.update(diff_bot, glued)
    assert (runs - before)["load"] == 0 and (runs - before)["parse"] == 1
    assert [d.code for d in ws.diagnostics(diff_bot)] == \
        ["validation.assembly.glue_on_connector"]
    before = runs.copy()
    text = open(wheel).read().replace("  Standard: {mounts: {default: mount}}",
                                      "  Caster: {mounts: {default: mount}}")
    touched = ws.update(wheel, text)
    assert diff_bot in touched and quad not in touched       # quad has no such wheel
    assert (runs - before)["load"] == 1 and (runs - before)["resolve"] == 1
    # the command line reads what the editor holds, once saved
    with open(diff_bot, "w") as fh:
        fh.write(glued)
    with open(wheel, "w") as fh:
        fh.write(text)
    cold = compile_program(diff_bot, None, None, [str(root / "libraries" / "demo_parts")],
                           check_only=True)
    assert ws.diagnostics(diff_bot) == [d for d in cold.diagnostics
                                        if d.span.file == diff_bot]


def test_a_library_reads_as_the_features_read_it(tmp_path):
    root = make_project(tmp_path)
    wheel = str(root / "libraries" / "demo_parts" / "parts" / "standard_80" / "component.yaml")
    ws = Workspace()
    project = ws.project_of(wheel)
    lib = project.library_of(wheel)
    assert lib.root == str(root / "libraries" / "demo_parts")
    assert lib.part_of(wheel) == "standard_80" and "standard_80" in lib.library.parts
    assert project.part("standard_80") is lib.library.parts["standard_80"]
    assert project.library_of(str(root / "programs" / "diff_bot" / "diff_bot.core")) is None

"""The warm core (mobiledsl.warm): an edit re-runs only the phase instances it reaches, and
what it reports is what a cold compile of the command line reports, edit after edit."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobiledsl.graph.matrix import read_matrix
from mobiledsl.pipeline import compile_program
from mobiledsl.render.jsonfmt import render_json
from mobiledsl.warm import Warm

REPO = Path(__file__).resolve().parents[1]
CASTER = "libraries/demo_parts/parts/caster_ball/component.yaml"
WHEEL = "libraries/demo_parts/parts/standard_80/component.yaml"
DIFF_BOT = "programs/diff_bot/diff_bot.core"


def demo_copy(folder: Path, programs: tuple[str, ...] | None = None) -> Path:
    root = folder / "demo"
    shutil.copytree(REPO / "libraries", root / "libraries")
    for program in sorted((REPO / "programs").iterdir()):
        if programs is None or program.name in programs:
            shutil.copytree(program, root / "programs" / program.name)
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    return root


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Path:
    return demo_copy(tmp_path_factory.mktemp("warm"))


@pytest.fixture
def project(demo, tmp_path, monkeypatch) -> Path:
    root = tmp_path / "demo"
    shutil.copytree(demo, root)
    monkeypatch.chdir(root)
    return root


def cold(program) -> str:
    matrix = read_matrix(".")
    result = compile_program(program.core, program.world, program.task,
                             list(matrix.libraries), check_only=True)
    return render_json(result.diagnostics)


def check_all(warm: Warm) -> dict[str, object]:
    return {p.name: warm.check(p.core, p.world, p.task) for p in read_matrix(".").programs}


def edit(path: str, old: str, new: str) -> None:
    text = Path(path).read_text(encoding="utf-8")
    assert old in text, (path, old)
    Path(path).write_text(text.replace(old, new, 1), encoding="utf-8")


def ran(results: dict, phase: str) -> set[str]:
    return {name for name, result in results.items() if phase in result.phases_run}


def test_a_second_check_runs_nothing(project):
    warm = Warm(list(read_matrix(".").libraries))
    check_all(warm)
    before = dict(warm.runs)
    assert before["load"] > 0 and before["parse"] == len(read_matrix(".").programs)
    again = check_all(warm)
    assert dict(warm.runs) == before
    assert all(not result.phases_run for result in again.values())


def test_a_core_edit_runs_that_program_and_no_load(project):
    warm = Warm(list(read_matrix(".").libraries))
    check_all(warm)
    before = warm.runs.copy()
    edit(DIFF_BOT, "glue = (0, 0.12, -0.02", "glue = (0, 0.14, -0.02")
    results = check_all(warm)
    runs = warm.runs - before
    assert runs["load"] == 0 and runs["manifest"] == 0
    assert ran(results, "parse") == ran(results, "resolve") == ran(results, "assemble") \
        == {"diff_bot"}
    assert "validation.assembly.glue_on_connector" in \
        [d.code for d in results["diff_bot"].diagnostics]


def test_a_component_edit_loads_that_part_and_rechecks_its_programs_only(project):
    warm = Warm(list(read_matrix(".").libraries))
    check_all(warm)
    before = warm.runs.copy()
    edit(CASTER, "mass: 0.0351922", "mass: 0.0451922")
    results = check_all(warm)
    runs = warm.runs - before
    assert runs["load"] == 1 and runs["parse"] == 0
    # the programs a cold compile resolves against the caster
    users = {p.name for p in read_matrix(".").programs
             if any("caster_ball" in lib.parts or "caster_ball" in lib.left_out
                    for lib in compile_program(p.core, p.world, p.task,
                                               list(read_matrix(".").libraries),
                                               check_only=True).libraries)}
    assert "diff_bot" in users and len(users) < len(results)
    assert ran(results, "resolve") == ran(results, "analyse") == users


def test_a_moved_comment_runs_no_resolve_and_keeps_the_spans_right(project):
    warm = Warm(list(read_matrix(".").libraries))
    edit(DIFF_BOT, "glue = (0, 0.12, -0.02", "glue = (0, 0.14, -0.02")
    check_all(warm)
    before = warm.runs.copy()
    edit(DIFF_BOT, "Robot diff_bot {", "// a comment\n\n// and another\nRobot diff_bot {")
    results = check_all(warm)
    runs = warm.runs - before
    assert runs["parse"] == 1 and runs["resolve"] == runs["assemble"] == runs["analyse"] == 0
    program = next(p for p in read_matrix(".").programs if p.name == "diff_bot")
    glue = [d for d in results["diff_bot"].diagnostics if d.code.endswith("glue_on_connector")]
    assert glue and glue[0].span.line == 11               # three lines lower than before
    assert render_json(results["diff_bot"].diagnostics) == cold(program)


def test_a_comment_in_a_component_moves_the_later_phases_places(project):
    warm = Warm(list(read_matrix(".").libraries))
    # the wheel loses its Standard profile: diff_bot's resolve points into its file
    edit(WHEEL, "  Standard: {mounts: {default: mount}}", "  Caster: {mounts: {default: mount}}")
    results = check_all(warm)
    assert any(label.span.file == WHEEL for d in results["diff_bot"].diagnostics
               for label in d.labels)
    before = warm.runs.copy()
    edit(WHEEL, "schema_version: 1", "# a comment\n# and another\nschema_version: 1")
    results = check_all(warm)
    runs = warm.runs - before
    assert runs["load"] == 1 and runs["resolve"] == 0
    for program in read_matrix(".").programs:
        assert render_json(results[program.name].diagnostics) == cold(program), program.name


def test_the_overlay_comes_before_the_disk(project):
    overlay: dict[str, str] = {}
    warm = Warm(list(read_matrix(".").libraries), overlay)
    text = Path(DIFF_BOT).read_text()
    overlay[DIFF_BOT] = text.replace("Robot diff_bot {", "Robot diff_bot (")
    assert any(d.code.startswith("syntax.") for d in warm.check(DIFF_BOT).diagnostics)
    overlay[DIFF_BOT] = text
    assert warm.check(DIFF_BOT).diagnostics == []
    before = warm.runs.copy()
    overlay[WHEEL] = Path(WHEEL).read_text().replace("  Standard: {mounts",
                                                     "  Caster: {mounts")
    assert "semantic.profile_missing" in [d.code for d in warm.check(DIFF_BOT).diagnostics]
    assert (warm.runs - before)["load"] == 1
    del overlay[WHEEL]
    assert warm.check(DIFF_BOT).diagnostics == []


def test_every_demo_program_reports_what_a_cold_compile_reports_after_edits_and_undo(project):
    warm = Warm(list(read_matrix(".").libraries))
    check_all(warm)
    caster = Path(CASTER).read_text()
    core = Path(DIFF_BOT).read_text()
    edit(CASTER, "mass: 0.0351922", "mass: -1")
    edit(DIFF_BOT, 'ref = "lidar_ld06"', 'ref = "lidar_ld6"')
    check_all(warm)
    Path(CASTER).write_text(caster)
    Path(DIFF_BOT).write_text(core)
    results = check_all(warm)
    for program in read_matrix(".").programs:
        assert render_json(results[program.name].diagnostics) == cold(program), program.name


# -- random edit sequences -------------------------------------------------------------------
# (file, text, replacement): each a change a person makes, some with diagnostics, some that
# move places only
EDITS = [
    (DIFF_BOT, "Robot diff_bot {", "// moved\n\nRobot diff_bot {"),
    (DIFF_BOT, "glue = (0, 0.12, -0.02", "glue = (0, 0.14, -0.02"),
    (DIFF_BOT, 'ref = "lidar_ld06"', 'ref = "lidar_ld6"'),
    (DIFF_BOT, "Robot diff_bot {", "Robot diff_bot ("),
    (WHEEL, "schema_version: 1", "# moved\n\nschema_version: 1"),
    (WHEEL, "  Standard: {mounts: {default: mount}}", "  Caster: {mounts: {default: mount}}"),
    (CASTER, "mass: 0.0351922", "mass: 0.5"),
    (CASTER, "schema_version: 1", "# moved\nschema_version: 1"),
    (CASTER, "category: wheel", "category: wheeel"),
    ("programs/quad/quad.core", "Robot quad", "// moved\nRobot quad"),
]
SMALL = ("diff_bot", "quad", "tracked")


@pytest.fixture(scope="module")
def small(tmp_path_factory) -> Path:
    return demo_copy(tmp_path_factory.mktemp("warm-small"), SMALL)


@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.tuples(st.sampled_from(range(len(EDITS))), st.booleans()),
                min_size=1, max_size=4))
def test_random_edit_sequences_report_what_a_cold_compile_reports(small, tmp_path_factory,
                                                                  monkeypatch, steps):
    root = tmp_path_factory.mktemp("seq") / "demo"
    shutil.copytree(small, root)
    monkeypatch.chdir(root)
    originals = {path: Path(path).read_text() for path, _, _ in EDITS}
    warm = Warm(list(read_matrix(".").libraries))
    check_all(warm)
    for index, undo in steps:
        path, old, new = EDITS[index]
        text = Path(path).read_text()
        if undo:
            Path(path).write_text(originals[path])
        elif old in text:
            Path(path).write_text(text.replace(old, new, 1))
        warm.forget(path)
        results = check_all(warm)
        for program in read_matrix(".").programs:
            assert render_json(results[program.name].diagnostics) == cold(program), \
                (program.name, steps)

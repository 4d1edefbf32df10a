"""compile_program with stand-in phases: the order, the stops, and what gets written where."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from mobiledsl import phases
from mobiledsl.diagnostics import Span, error, warning
from mobiledsl.pipeline import InputError, compile_program, exit_status


@dataclass
class FakeEmission:
    files: dict
    assets: tuple = ()
    diagnostics: tuple = ()


@dataclass
class Fakes:
    """Phase functions that record their calls; ``errors`` names phases that report one."""

    tmp: Path
    errors: set = field(default_factory=set)
    calls: list = field(default_factory=list)

    # where each stand-in goes: the phase table's run functions import these when they run
    WHERE = {
        "mobiledsl.pipeline.run_libraries": "run_libraries",
        "mobiledsl.pipeline.program_refs": "program_refs",
        "mobiledsl.lang.parse_core": "parse_core",
        "mobiledsl.lang.parse_world": "parse_world",
        "mobiledsl.lang.parse_task": "parse_task",
        "mobiledsl.resolve.resolve_program": "resolve_program",
        "mobiledsl.assembly.assemble": "assemble",
        "mobiledsl.analysis.analyse": "analyse",
        "mobiledsl.analysis.write_report": "write_report",
        "mobiledsl.targets.mjcf.emit": "emit_mjcf",
        "mobiledsl.targets.ros.emit": "emit_ros",
    }

    def _diags(self, phase):
        self.calls.append(phase)
        if phase in self.errors:
            return [error(f"{phase}.broken", f"{phase} failed", Span("x.core", 1, 1))]
        return [warning(f"{phase}.hmm", f"{phase} warns", Span("x.core", 1, 1))]

    def run_libraries(self, roots, refs=None):
        self.refs = refs
        loaded = [({"root": root}, self._diags("load")) for root in roots]
        return [lib for lib, _ in loaded], [d for _, ds in loaded for d in ds]

    def program_refs(self, program):
        return {"a_part"} if program is not None else set()

    def parse_core(self, text, file):
        return ({"core": text, "file": file}, self._diags("parse_core"))

    def parse_world(self, text, file):
        return ({"world": text}, self._diags("parse_world"))

    def parse_task(self, text, file):
        return ({"task": text}, self._diags("parse_task"))

    def resolve_program(self, core, world, task, libraries):
        @dataclass
        class Resolved:
            world: object
            task: object
        self.libraries = libraries
        return Resolved("W", "T"), self._diags("resolve")

    def assemble(self, resolved):
        @dataclass
        class Robot:
            name: str
        return Robot("bot"), self._diags("assemble")

    def analyse(self, robot, world, task):
        assert (world, task) == ("W", "T")
        return {"mass": 1}, self._diags("analyse")

    def write_report(self, analysis):
        return {"analysis.json": b'{"mass":1}\n'}

    def emit_mjcf(self, robot, world, task, analysis):
        assets = self.tmp / "part_assets"
        (assets / "sub").mkdir(parents=True, exist_ok=True)
        (assets / "model.dae").write_bytes(b"mesh")
        (assets / "sub" / "tex.png").write_bytes(b"png")
        return FakeEmission({"bot.xml": b"<mujoco/>", "robot/hulls/a_hull.stl": b"stl"},
                            ((str(assets), "robot/parts/p/assets"),), tuple(self._diags("emit")))

    def emit_ros(self, robot, world, task, analysis):
        diags = self._diags("emit_ros")
        return FakeEmission({"package.xml": b"<package/>"}, (), tuple(diags))


@pytest.fixture
def program(tmp_path):
    for name in ("bot.core", "bot.world", "bot.task"):
        (tmp_path / name).write_text(f"// {name}\n")
    return tmp_path


@pytest.fixture
def fakes(tmp_path, monkeypatch):
    f = Fakes(tmp_path)
    for where, name in Fakes.WHERE.items():
        monkeypatch.setattr(where, getattr(f, name))
    return f


def run(program, targets=(), outdir=None, check=False, libs=("lib_a", "lib_b")):
    return compile_program(program / "bot.core", program / "bot.world", program / "bot.task",
                           [program / l for l in libs], list(targets),
                           outdir, check)


def test_every_phase_runs_in_order_and_check_writes_nothing(program, fakes):
    result = run(program, targets=["mjcf"], outdir=program / "out", check=True)
    # the program is parsed first: only what it names is loaded
    assert fakes.calls == ["parse_core", "parse_world", "parse_task", "load", "load",
                           "resolve", "assemble", "analyse"]
    assert fakes.refs == {"a_part"}
    assert result.phases_run == ["load", "parse", "resolve", "assemble", "analyse"]
    assert result.robot.name == "bot" and result.analysis == {"mass": 1}
    assert (result.world, result.task) == ("W", "T")
    assert len(fakes.libraries) == 2
    assert result.written_files == [] and not (program / "out").exists()
    assert exit_status(result.diagnostics) == 0


def test_without_targets_or_a_folder_nothing_is_emitted_or_written(program, fakes):
    result = run(program)
    assert "emit" not in fakes.calls and result.written_files == []


def test_an_output_folder_without_targets_gets_the_report(program, fakes):
    out = program / "out"
    result = run(program, outdir=out)
    assert "emit" not in fakes.calls and "emit" not in result.phases_run
    assert (out / "report" / "analysis.json").read_bytes() == b'{"mass":1}\n'
    assert [p.name for p in out.iterdir()] == ["report"]


@pytest.mark.parametrize("phase, last", [
    ("load", ["parse_core", "parse_world", "parse_task", "load", "load"]),
    ("parse_world", ["parse_core", "parse_world", "parse_task", "load", "load"]),
    ("resolve", ["parse_core", "parse_world", "parse_task", "load", "load", "resolve"]),
    ("assemble", ["parse_core", "parse_world", "parse_task", "load", "load", "resolve",
                  "assemble"]),
    ("analyse", ["parse_core", "parse_world", "parse_task", "load", "load", "resolve",
                 "assemble", "analyse"]),
])
def test_a_phase_with_errors_stops_the_later_ones(program, fakes, phase, last):
    fakes.errors = {phase}
    result = run(program, targets=["mjcf"], outdir=program / "out")
    assert fakes.calls == last
    assert exit_status(result.diagnostics) == 1
    if phase == "load":
        # a library that does not load stops the compile before the program's own reports
        assert result.phases_run == ["load"]
        assert {d.code.split(".")[0] for d in result.diagnostics} == {"load"}
    if phase == "analyse":
        # the analysis ran: its report (the top view, findings marked) is written alone
        assert sorted(p.name for p in (program / "out").rglob("*") if p.is_file()) == \
            sorted(fakes.write_report(None))
        assert result.report_dir == str(program / "out" / "report")
        assert not (program / "out" / "mjcf").exists()
    else:
        assert not (program / "out").exists() and result.report_dir is None


def test_a_failed_analysis_under_check_writes_nothing(program, fakes):
    fakes.errors = {"analyse"}
    result = run(program, targets=["mjcf"], outdir=program / "out", check=True)
    assert not (program / "out").exists() and result.report_dir is None


def test_emit_writes_each_target_under_its_folder_with_assets(program, fakes):
    out = program / "out"
    result = run(program, targets=["mjcf", "ros-gz-nav2"], outdir=out)
    assert (out / "mjcf" / "bot.xml").read_bytes() == b"<mujoco/>"
    assert (out / "mjcf" / "robot" / "hulls" / "a_hull.stl").read_bytes() == b"stl"
    assert (out / "mjcf" / "robot/parts/p/assets/model.dae").read_bytes() == b"mesh"
    assert (out / "mjcf" / "robot/parts/p/assets/sub/tex.png").read_bytes() == b"png"
    assert (out / "ros-gz-nav2" / "package.xml").read_bytes() == b"<package/>"
    assert (out / "report" / "analysis.json").read_bytes() == b'{"mass":1}\n'
    assert len(result.written_files) == 6 and len(result.changed_files) == 6
    assert result.outdir == str(out)
    # Same inputs again: same files, none of them rewritten.
    mtime = (out / "mjcf" / "bot.xml").stat().st_mtime_ns
    again = run(program, targets=["mjcf", "ros-gz-nav2"], outdir=out)
    assert len(again.written_files) == 6 and again.changed_files == []
    assert (out / "mjcf" / "bot.xml").stat().st_mtime_ns == mtime
    assert not [p for p in out.rglob("*.tmp")]


def test_a_target_with_errors_writes_nothing_but_the_others_do(program, fakes):
    fakes.errors = {"emit_ros"}
    result = run(program, targets=["mjcf", "ros-gz-nav2"], outdir=program / "out")
    assert (program / "out" / "mjcf" / "bot.xml").exists()
    assert not (program / "out" / "ros-gz-nav2").exists()
    assert exit_status(result.diagnostics) == 1


def test_output_defaults_to_build_cli_robot_name(program, fakes, monkeypatch):
    monkeypatch.chdir(program)
    result = run(program, targets=["mjcf"])
    assert Path(result.outdir) == Path("build") / "cli" / "bot"
    assert (program / "build" / "cli" / "bot" / "mjcf" / "bot.xml").exists()


def test_the_same_library_is_loaded_once(program, fakes):
    run(program, libs=("lib_a", "lib_a"))
    assert fakes.calls.count("load") == 1


def test_an_unreadable_program_file_is_an_input_error(program, fakes):
    with pytest.raises(InputError):
        compile_program(program / "nope.core", None, None, [], [], None, False)


def test_exit_status():
    assert exit_status([]) == 0
    assert exit_status([warning("a.b", "w")]) == 0
    assert exit_status([warning("a.b", "w"), error("a.c", "e")]) == 1
    assert exit_status([error("a.c", "e"), error("library.manifest_missing", "m")]) == 2
    assert exit_status([warning("library.manifest_missing", "m")]) == 0


def test_emit_is_recorded_as_run(program, fakes):
    result = run(program, targets=["mjcf"], outdir=program / "out")
    assert result.phases_run[-1] == "emit"


def test_the_written_targets_have_their_emitters():
    for target in ("mjcf", "ros-gz-nav2"):
        assert callable(phases.EMITTERS[target]())

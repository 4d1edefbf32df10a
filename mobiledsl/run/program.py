"""`mobiledsl run`, in-process: compile the program to mjcf, execute its task in MuJoCo, judge
every step and write the report (``report/run.json``, ``report/run.svg``, frames on request).

File I/O stays here, at the edge; planning, following and judging are the modules beside it.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic, has_errors
from ..records import dumps, write_atomic

#: the robot is let down onto its wheels or feet this long before the first step
SETTLE_FIRST_S = 1.0


@dataclass
class RunResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    compiled: Any = None  # the pipeline's CompileResult
    report: dict | None = None  # run.json's content; None when nothing ran
    report_dir: str | None = None
    frames: str = ""  # what became of --frames, for people
    simulated_s: float = 0.0

    @property
    def ok(self) -> bool:
        return (
            self.report is not None and bool(self.report["ok"]) and not has_errors(self.diagnostics)
        )


def run_program(
    core: str | os.PathLike,
    world: str | os.PathLike | None,
    task: str | os.PathLike,
    library_dirs: Sequence[str | os.PathLike],
    outdir: str | os.PathLike | None = None,
    frames: int = 0,
    model_xml: str | os.PathLike | None = None,
    max_seconds: float | None = None,
    video: str | os.PathLike | None = None,
    camera: str = "overview",
    compiled: Any = None,
) -> RunResult:
    """Compile (mjcf), run every step, judge and write the report. ``model_xml``: a model
    already emitted (the build graph's mjcf cell) to run instead of emitting one;
    ``max_seconds``: the run's cap of simulated time after the first settling (at most,
    and by default, ``execute.MAX_RUN_S``); ``video``: a clip of the run to write (.mp4 or
    .gif); ``camera``: the pictures' camera, ``overview`` (fixed, the whole run) or
    ``follow``. ``compiled``: the program compiled already (a ``pipeline.CompileResult``,
    the build graph's from its records), with ``model_xml``; its files are then not read."""
    from ..pipeline import compile_program

    out = RunResult()
    targets = [] if model_xml is not None else ["mjcf"]
    if compiled is None:
        compiled = compile_program(
            core, world, task, library_dirs, targets, outdir, check_only=model_xml is not None
        )
    out.compiled = compiled
    out.diagnostics.extend(compiled.diagnostics)
    if (
        compiled.has_errors
        or compiled.output_error
        or compiled.robot is None
        or compiled.analysis is None
    ):
        return out
    if compiled.task is None or not compiled.task.steps:
        return out
    root = _report_root(compiled, outdir)
    if model_xml is not None:
        xml = Path(model_xml)
    else:
        assert compiled.outdir is not None, "a compile that emits mjcf writes to its outdir"
        xml = Path(compiled.outdir) / "mjcf" / f"{compiled.robot.name}.xml"
    from .execute import MAX_RUN_S

    cap = MAX_RUN_S if max_seconds is None else min(float(max_seconds), MAX_RUN_S)
    runs, states, sim = _simulate(xml, compiled, cap)
    from .judge import judge

    legged = compiled.robot.chassis_type == "Legged"
    report, diags = judge(runs, compiled.task.steps, _driver(sim), legged, compiled.world)
    out.diagnostics.extend(diags)
    out.report = report
    out.simulated_s = sum(r.seconds for r in runs) + (SETTLE_FIRST_S if sim else 0.0)
    report_dir = root / "report"
    out.report_dir = str(report_dir)
    _write_reports(report_dir, report, runs, compiled)
    write_atomic(report_dir / "trace.json", dumps(pose_trace(runs, states)))
    if frames > 0 or video is not None:
        from .execute import TICK
        from .frames import captions, render

        said = render(
            xml,
            states,
            report_dir / "frames",
            frames=frames,
            video=Path(video) if video is not None else None,
            camera=camera,
            texts=captions(runs, len(states), SETTLE_FIRST_S, TICK),
            points=_view_points(compiled),
            tick=TICK,
        )
        out.frames = said.replace("no pictures", "no frames", 1) if video is None else said
    return out


def _view_points(compiled) -> list[tuple[float, float]]:
    """What the overview camera frames besides the robot's path: the start and the markers
    (the goals)."""
    world = compiled.world
    if world is None:
        return []
    return [tuple(world.start[:2])] + [
        tuple(e.pos[:2]) for e in world.entities if e.entity == "Marker"
    ]


def _report_root(compiled, outdir) -> Path:
    """The folder the run's report goes below: where the compile wrote the model, the one
    asked, or the commands' own below the project's build/."""
    if compiled.outdir is not None:
        return Path(compiled.outdir)
    if outdir is not None:
        return Path(outdir)
    from ..project import default_outdir

    return default_outdir(compiled.robot.name)


def _simulate(xml: Path, compiled, max_seconds: float):
    """Run every step; a robot the simulator cannot drive has every step not run, with why;
    a policy that fails ends the run at the step it was driving."""
    from ..sim.policy import PolicyError
    from .execute import Runner, StepRun, setup_of

    steps = compiled.task.steps
    try:
        from ..sim import load_simulation

        sim = load_simulation(xml)
        sim.settle(SETTLE_FIRST_S)
    except PolicyError as exc:
        return _policy_failed(steps, 0, exc), [], None
    except (ImportError, ValueError, KeyError, NotImplementedError) as exc:
        why = f"the simulator cannot drive this robot: {exc}"
        return [_not_run(i, s, why) for i, s in enumerate(steps)], [], None
    limits = dict(getattr(sim, "controller", {}).get("limits") or {})
    setup = setup_of(compiled.analysis, compiled.world, limits)
    obstacles = [
        e.name
        for e in (compiled.world.entities if compiled.world else ())
        if e.entity == "Obstacle" and e.collision
    ]
    runner = Runner(sim, setup, compiled.world, obstacles, max_seconds)
    runs: list[StepRun] = []
    stopped = ""
    for i, step in enumerate(steps):
        if stopped:
            runs.append(_not_run(i, step, stopped))
            continue
        try:
            run = runner.execute(i, step)
        except PolicyError as exc:
            return runs + _policy_failed(steps, i, exc), runner.states, sim
        runs.append(run)
        if run.tipped:
            stopped = f"the robot tipped over in step {i + 1}"
        elif run.out_of_time:
            stopped = f"the run reached its cap of {max_seconds:g} s simulated in step {i + 1}"
    return runs, runner.states, sim


def _policy_failed(steps, index: int, exc: Exception) -> list:
    """Step ``index`` ended by the policy's failure, and every later one not run."""
    from .execute import StepRun

    step = steps[index]
    failed = StepRun(index, step.kind, dict(step.args), policy_error=str(exc))
    why = f"the walking policy failed in step {index + 1}"
    return [failed] + [_not_run(i, s, why) for i, s in enumerate(steps) if i > index]


def _driver(sim) -> str:
    """What drives the robot, for people: its twist map, its gait or a walker's policy."""
    if sim is None:
        return ""
    controller = getattr(sim, "controller", None) or {}
    kind = controller.get("kind", "wheeled")
    walker = (controller.get("walker") or {}).get("id")
    if kind == "wheeled":
        return "its twist map (wheel speeds for the asked body twist)"
    if walker:
        return f"the {kind} of walker '{walker}'"
    return f"its {kind}"


def _not_run(index: int, step, why: str):
    from .execute import StepRun

    return StepRun(index, step.kind, dict(step.args), not_run=why)


def pose_trace(runs, states) -> dict:
    """``report/trace.json``: the base's pose (its free joint: x y z, then the quaternion
    w x y z) at every controller tick, for the view page's replay; each step's first tick.
    Rounded to a tenth of a millimetre: the replay needs no more, and the file stays small."""
    from .execute import TICK

    poses = [[round(float(v), 4) + 0.0 for v in qpos[:7]] for qpos in states]
    starts, at = [], 0
    for run in runs:
        starts.append(at)
        at += len(run.trace)
    return {
        "tick_s": TICK,
        "start_s": SETTLE_FIRST_S,
        "poses": poses,
        "steps": [
            {"step": r.index + 1, "kind": r.kind, "first_tick": s} for r, s in zip(runs, starts)
        ],
    }


def _write_reports(report_dir: Path, report: dict, runs, compiled) -> None:
    from .drawing import run_view

    report_dir.mkdir(parents=True, exist_ok=True)
    write_atomic(report_dir / "run.json", dumps(report))
    start = compiled.world.start if compiled.world is not None else (0.0, 0.0, 0.0)
    write_atomic(
        report_dir / "run.svg",
        run_view(compiled.robot.name, compiled.world, compiled.analysis, start, report, runs),
    )

"""`mobiledsl run ROBOT.core WORLD.world TASK.task --library DIR ...`: the command line of the
task run (registered with the CLI's subcommand table when it is imported)."""

from __future__ import annotations

import argparse

from ..cli import (
    PROG,
    UsageError,
    add_diagnostics_options,
    add_library_option,
    check_readable,
    info,
    program_files,
    project_libraries,
    report,
    say,
    subcommand,
)


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="ROBOT.core, WORLD.world and TASK.task (the world may be left out: "
        "the robot then runs on a bare floor)",
    )
    add_library_option(p)
    p.add_argument(
        "-o",
        "--output",
        dest="outdir",
        metavar="OUTDIR",
        help="output folder (default build/cli/<robot name> below the project's "
        "root, or below the current folder outside a project): the model goes to "
        "OUTDIR/mjcf/, the run's report to OUTDIR/report/",
    )
    p.add_argument(
        "--max-seconds",
        type=float,
        default=None,
        metavar="S",
        help="simulate at most S seconds of the task (more than 0, at most and by default 600)",
    )
    p.add_argument(
        "--frames",
        type=int,
        default=0,
        metavar="N",
        help="also render N pictures of the run and a contact sheet "
        "(needs an OpenGL context: EGL or OSMesa)",
    )
    p.add_argument(
        "--video",
        metavar="FILE",
        default=None,
        help="also write the whole run as a clip, FILE.mp4 (H.264, through "
        "imageio-ffmpeg) or FILE.gif, captioned with time and step",
    )
    p.add_argument(
        "--camera",
        choices=("overview", "follow"),
        default="overview",
        help="the pictures' camera: fixed, framing the whole run (default), or following the robot",
    )
    add_diagnostics_options(p)


@subcommand("run", "run a program's task in MuJoCo and judge every step", _configure)
def run_run(args: argparse.Namespace) -> int:
    from ..pipeline import InputError, exit_status
    from .program import run_program

    files = program_files(args)
    if "task" not in files:
        args._parser.error("no .task file given: the steps to run")
    if args.frames < 0:
        args._parser.error("--frames takes a count of 0 or more")
    if args.video is not None:
        from .frames import VIDEO_SUFFIXES

        if not args.video.lower().endswith(VIDEO_SUFFIXES):
            args._parser.error("--video takes a file ending in .mp4 or .gif")
    from .execute import MAX_RUN_S

    if args.max_seconds is not None and not 0 < args.max_seconds <= MAX_RUN_S:
        args._parser.error(
            f"--max-seconds takes a number of seconds above 0 and at most {MAX_RUN_S:g}"
        )
    check_readable(files)
    libraries = args.library or project_libraries("--library")
    try:
        result = run_program(
            files["core"],
            files.get("world"),
            files["task"],
            libraries,
            args.outdir,
            args.frames,
            max_seconds=args.max_seconds,
            video=args.video,
            camera=args.camera,
        )
    except InputError as exc:
        raise UsageError(str(exc)) from exc
    report(result.diagnostics, args)
    compiled = result.compiled
    if compiled is not None and compiled.output_error is not None:
        say(f"{PROG}: error: {compiled.output_error}")
        return 2
    status = exit_status(result.diagnostics)
    if result.report is not None:
        from .judge import step_line

        steps = result.report["steps"]
        for entry in steps:
            info(args, step_line(entry))
        ok = sum(1 for s in steps if s["ok"])
        info(
            args,
            f"{ok} of {len(steps)} steps reached in {result.simulated_s:.1f} s "
            f"simulated; report in {result.report_dir}",
        )
        if result.frames:
            info(args, result.frames)
    elif status == 0:
        info(args, "the task has no steps: nothing to run")
    return status

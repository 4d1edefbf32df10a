"""``mobiledsl watch``: check and rebuild whenever a source is saved (docs/build.md).

Watches the project (``--root``, default the current directory; it needs the ``dodo.py``
the build graph lives in) for saved ``component.yaml``, ``walker.yaml``, ``library.yaml``,
``.core``, ``.world``, ``.task``, ``.j2`` (a project's own templates) and
``pyproject.toml`` files, and waits until saving has
been quiet for ``--debounce`` seconds. Then, in this one process:

1. the warm core (``mobiledsl.warm``), which keeps every phase's record from the last
   check, checks every program of the matrix, running only the phases the edit reaches,
   and the diagnostics of each program it reached are printed at once, as ``mobiledsl
   compile`` reports them;
2. the build graph brings the outputs up to date: ``doit`` run here through its API on a
   fresh read of ``dodo.py`` (no process per rebuild), which writes what a ``doit`` run
   writes, so a later ``doit`` finds nothing to do. Its closing line names the programs
   rebuilt and the tasks that ran.

When a file of the compiler itself changed since watching began, the watcher starts
itself again, so that both the checks and the build run the new code.

Ctrl-C (or SIGTERM) stops watching, with exit status 0. A build in progress stops with it;
the next run (or ``doit``) finishes the work, as after any interrupted build.

Everything it prints may quote a saved file's name, a task's name or what a task wrote, so
it goes through ``mobiledsl.textsafe.shown``: a control character reads as its escape.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import signal
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

from ..cli import say, subcommand
from ..textsafe import shown

if TYPE_CHECKING:
    from ..warm import Warm

WATCHED_NAMES = frozenset({"component.yaml", "walker.yaml", "library.yaml", "pyproject.toml"})
WATCHED_SUFFIXES = (".core", ".world", ".task", ".j2")
_SEVERITY = re.compile(r"^(error|warning)\[", re.MULTILINE)


def is_source(path: str) -> bool:
    name = os.path.basename(path)
    return name in WATCHED_NAMES or name.endswith(WATCHED_SUFFIXES)


class Changes:
    """The set of saved sources since the last run, and when the last one came in."""

    def __init__(self, root: Path):
        self.root = root
        self.build = root / "build"
        self.lock = threading.Lock()
        self.paths: set[str] = set()
        self.last = 0.0
        self.event = threading.Event()

    def add(self, path: str) -> None:
        if not path or not is_source(path):
            return
        full = Path(path)
        try:
            full = full.resolve()
            if full.is_relative_to(self.build):
                return
            rel = full.relative_to(self.root).as_posix()
        except (OSError, ValueError):
            rel = path
        with self.lock:
            self.paths.add(rel)
            self.last = time.monotonic()
        self.event.set()

    def take(self) -> list[str]:
        with self.lock:
            out = sorted(self.paths)
            self.paths.clear()
            self.event.clear()
            return out


def _handler(changes: Changes):
    from watchdog.events import FileSystemEventHandler

    class Handler(FileSystemEventHandler):
        def on_any_event(self, event):
            if event.is_directory or event.event_type in ("opened", "closed_no_write"):
                return
            changes.add(os.fsdecode(event.src_path))
            dest = getattr(event, "dest_path", "")
            if dest:
                changes.add(os.fsdecode(dest))

    return Handler()


def run_graph(root: Path, doit_args: list[str]) -> tuple[dict | None, str]:
    """One ``doit --reporter=json`` of the project at ``root`` (the working directory),
    run in this process on a fresh read of its ``dodo.py``: (its report or None, what it
    wrote on stderr)."""
    import contextlib
    import io
    import runpy
    import tempfile

    from doit.cmd_base import NamespaceTaskLoader
    from doit.doit_cmd import DoitMain

    class Dodo(NamespaceTaskLoader):
        # read when doit has read its command line, as doit reads a dodo.py
        def load_doit_config(self):
            self.namespace = runpy.run_path(str(root / "dodo.py"), run_name="dodo")
            return super().load_doit_config()

    out, err = io.StringIO(), io.StringIO()
    with tempfile.TemporaryDirectory(prefix="mobiledsl-watch-") as folder:
        report = os.path.join(folder, "report.json")
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                DoitMain(Dodo()).run(["--reporter=json", f"--output-file={report}", *doit_args])
            except SystemExit as exc:  # dodo.py stops on a matrix it cannot use
                if exc.code not in (None, 0):
                    err.write(f"{exc.code}\n")
            finally:
                from . import hashing

                if hashing._STATS is not None:
                    hashing._STATS.save()  # what was hashed, for the next doit too
        try:
            with open(report, encoding="utf-8") as fh:
                return json.load(fh), err.getvalue() + out.getvalue()
        except (OSError, ValueError):
            return None, err.getvalue() + out.getvalue()


def describe(
    report: dict | None, stderr: str, elapsed: float, out=None, diagnostics: bool = True
) -> tuple[int, int]:
    """Print the tasks that ran and their diagnostics (``diagnostics``: else only counted,
    when the warm core printed them already); returns (errors, warnings)."""
    out = out or sys.stdout

    def write(text: str) -> None:  # escaped: names and task output come from files
        out.write(shown(text.rstrip("\n"), keep_newline=True) + "\n")

    if stderr.strip():
        write(stderr)
    if report is None:
        write("the build graph did not run (see above)")
        return 0, 0
    ran = [t for t in report.get("tasks", ()) if t.get("result") in ("success", "fail")]
    errors = warnings = 0
    for task in ran:
        text = (task.get("err") or "").rstrip("\n")
        failed = task.get("result") == "fail"
        if (text and diagnostics) or failed:
            write(f"── {task['name']}{'  FAILED' if failed else ''}")
        if text:
            if diagnostics or failed:
                write(text)
            found = _SEVERITY.findall(text)
            errors += found.count("error")
            warnings += found.count("warning")
        if failed and task.get("error"):
            write(task["error"])
    names = [t["name"] for t in ran]
    rebuilt = programs_rebuilt(ran)
    if rebuilt:
        write(f"rebuilt: {rebuilt}")
    listed = ", ".join(names[:8]) + (f", … ({len(names) - 8} more)" if len(names) > 8 else "")
    write(
        f"{len(names)} task(s) ran in {elapsed:.1f} s"
        + (f": {listed}" if names else " (everything was up to date)")
        + f"; {errors} error(s), {warnings} warning(s) in what changed"
    )
    out.flush()
    return errors, warnings


def programs_rebuilt(ran: list[dict]) -> str:
    """The programs the tasks that ran belong to, each with the targets rebuilt for it and
    whether it failed: ``diff_bot (mjcf, ros-gz-nav2), mecanum (failed)``; a cell that
    failed alone reads ``diff_bot (mjcf, ros-gz-nav2 failed)``."""
    from .reporter import subject_of

    targets: dict[str, list[str]] = {}
    failed: set[tuple[str, str | None]] = set()  # (program, target or None)
    for task in ran:
        program, target = subject_of(task["name"])
        if program is None:
            continue
        cells = targets.setdefault(program, [])
        if target is not None and target not in cells:
            cells.append(target)
        if task_failed(task):
            failed.add((program, target))
    shown = []
    for program in sorted(targets):
        if (program, None) in failed:
            # a phase of the whole program failed: none of its cells holds a new output
            notes = ["failed"]
        else:
            notes = [
                t + (" failed" if (program, t) in failed else "") for t in sorted(targets[program])
            ]
        shown.append(program + (f" ({', '.join(notes)})" if notes else ""))
    return ", ".join(shown)


def task_failed(task: dict) -> bool:
    """A task failed when it raised, or when it reported an error: a phase that finds an
    error in the user's files still succeeds as a doit task (its record holds the error)."""
    return task.get("result") == "fail" or "error" in _SEVERITY.findall(task.get("err") or "")


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--root",
        default=".",
        help="the project root, where dodo.py is (default: the current directory)",
    )
    p.add_argument(
        "--debounce",
        type=float,
        default=0.1,
        metavar="SECONDS",
        help="wait until saving has been quiet this long (default 0.1)",
    )
    p.add_argument(
        "-n", "--jobs", type=int, default=0, help="run doit with this many processes (default: one)"
    )
    p.add_argument(
        "--no-initial",
        action="store_true",
        help="do not build once before watching (the programs are still "
        "checked, silently, so that an edit re-runs only what it reaches)",
    )


@subcommand(
    "watch",
    "re-run the build graph when a component, library or program file is "
    "saved, and print the diagnostics of what changed",
    _configure,
)
def run_watch(args: argparse.Namespace) -> int:
    try:
        from watchdog.observers import Observer
    except ImportError:  # pragma: no cover
        say("mobiledsl: error: watch needs the watchdog package")
        return 2
    root = Path(args.root).resolve()
    if not (root / "dodo.py").is_file():
        say(
            f"mobiledsl: error: {root} has no dodo.py: watch runs the build graph of a project root"
        )
        return 2
    doit_args = ["-n", str(args.jobs)] if args.jobs > 1 else []
    stop = threading.Event()

    def on_term(signum, frame):
        stop.set()
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, on_term)
    # Ctrl-C stops watching even when the parent started it with SIGINT ignored or blocked
    # (a child inherits both, and a test runner's threads may leave them so)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT, signal.SIGTERM})

    os.chdir(root)  # the build graph's paths are relative to its root
    checks = Checks(root)
    compiler = compiler_stamp()
    changes = Changes(root)
    observer = Observer()
    observer.schedule(_handler(changes), str(root), recursive=True)
    try:
        observer.start()
        if not args.no_initial:
            _build(root, doit_args, ["(first build)"], checks)
        else:
            import io

            checks.run([], io.StringIO())  # the records an edit is compared with
        say(f"watching {root} for saved sources (Ctrl-C stops)", sys.stdout)
        sys.stdout.flush()
        while not stop.is_set():
            if not changes.event.wait(0.2):
                continue
            # debounce: run once saving has been quiet for a while
            while time.monotonic() - changes.last < args.debounce:
                time.sleep(max(0.02, args.debounce - (time.monotonic() - changes.last)))
            saved = changes.take()
            if saved and compiler_stamp() != compiler:
                observer.stop()
                _restart(root, args)
            if saved:
                _build(root, doit_args, saved, checks)
    except KeyboardInterrupt:
        pass
    finally:
        observer.stop()
        try:
            observer.join(timeout=5)
        except RuntimeError:
            pass
    print("stopped watching", flush=True)
    return 0


class Checks:
    """The warm core of the project in the working directory, and what each program's
    last check reported: ``run`` checks every program of the matrix and prints the
    diagnostics of each one an edit reached (a phase of it ran, or what it reports
    changed), as soon as it is checked."""

    def __init__(self, root: Path):
        self.root = root
        self.warm: Warm | None = None
        self.libraries: tuple[str, ...] | None = None
        self.last: dict[str, list | None] = {}
        self.cores: set[str] = set()

    def run(self, saved: list[str], out=None) -> int:
        """Check after ``saved`` (paths relative to the root); the number of programs whose
        diagnostics were printed."""
        from ..pipeline import InputError
        from ..warm import Warm
        from .matrix import MatrixError, read_matrix

        out = out or sys.stdout
        try:
            matrix = read_matrix(self.root)
        except MatrixError as exc:
            out.write(shown(f"mobiledsl: {exc}") + "\n")
            return 0
        if self.warm is None or matrix.libraries != self.libraries:
            self.warm, self.libraries, self.last = (
                Warm(list(matrix.libraries)),
                matrix.libraries,
                {},
            )
            self.cores = set()
        for path in saved:
            self.warm.forget(path)
        printed = 0
        names = set()
        for program in matrix.programs:
            if matrix.program_excluded(program.name):
                continue
            names.add(program.name)
            try:
                result = self.warm.check(program.core, program.world, program.task)
                diagnostics, ran, problem = result.diagnostics, result.phases_run, None
            except InputError as exc:
                diagnostics, ran, problem = None, [], str(exc)
            reached = (
                ran
                or self.last.get(program.name, ()) != diagnostics
                or any(path in saved for path in program.files.values())
            )
            self.last[program.name] = diagnostics
            if reached:
                _print_check(program.name, diagnostics, problem, out)
                printed += 1
        for gone in set(self.last) - names:
            del self.last[gone]
        for core in set(self.cores) - {p.core for p in matrix.programs}:
            self.warm.drop(core)
            self.cores.discard(core)
        self.cores.update(p.core for p in matrix.programs)
        return printed


def _print_check(name: str, diagnostics: list | None, problem: str | None, out) -> None:
    from ..diagnostics import Severity
    from ..pipeline import SourceCache
    from ..render import render_human

    if diagnostics is None:
        out.write(shown(f"── {name}: not checked: {problem}") + "\n")
        out.flush()
        return
    errors = sum(d.severity is Severity.ERROR for d in diagnostics)
    warnings = sum(d.severity is Severity.WARNING for d in diagnostics)
    out.write(shown(f"── {name}: {errors} error(s), {warnings} warning(s)") + "\n")
    if diagnostics:
        isatty = getattr(out, "isatty", None)
        color = bool(isatty and isatty()) and not os.environ.get("NO_COLOR")
        text = render_human(diagnostics, SourceCache(), color, summary=False)
        out.write(text if text.endswith("\n") else text + "\n")
    out.flush()


def compiler_stamp() -> tuple:
    """Where every file of the compiler stands (name, mtime, size): a change means the
    modules this process imported are not the ones on disk."""
    package = Path(__file__).resolve().parent.parent
    stamp = []
    for path in sorted(package.rglob("*")):
        if path.suffix in (".py", ".json", ".txt", ".j2") and "__pycache__" not in path.parts:
            try:
                st = path.stat()
            except OSError:
                continue
            stamp.append((str(path), st.st_mtime_ns, st.st_size))
    return tuple(stamp)


def _restart(root: Path, args: argparse.Namespace) -> None:
    """This process, started again on the compiler as it is now; it builds once, which
    covers the save that brought it here."""
    say("the compiler changed: watching again with the new code", sys.stdout)
    sys.stdout.flush()
    os.execv(
        sys.executable,
        [
            sys.executable,
            "-m",
            "mobiledsl",
            "watch",
            "--root",
            str(root),
            "--debounce",
            str(args.debounce),
            "--jobs",
            str(args.jobs),
        ],
    )


def _build(
    root: Path, doit_args: list[str], saved: list[str], checks: Checks | None = None
) -> None:
    """One rebuild after ``saved``: the warm ``checks`` first (without them, the build's
    tasks print their diagnostics), then the build graph."""
    stamp = time.strftime("%H:%M:%S")
    first = saved[0].startswith("(")
    say(f"[{stamp}] " + ("changed: " if not first else "") + ", ".join(saved), sys.stdout)
    sys.stdout.flush()
    started = time.monotonic()
    if checks is not None:
        checks.run([] if first else saved)
        say(
            f"checked in {time.monotonic() - started:.2f} s; bringing the outputs up to date",
            sys.stdout,
        )
        sys.stdout.flush()
        started = time.monotonic()
    try:
        report, stderr = run_graph(root, doit_args)
    except KeyboardInterrupt:
        raise
    describe(report, stderr, time.monotonic() - started, diagnostics=checks is None)

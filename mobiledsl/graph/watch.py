"""``mobiledsl watch``: re-run the build graph whenever a source is saved (docs/build.md).

Watches the project (``--root``, default the current directory; it needs the ``dodo.py``
the build graph lives in) for saved ``component.yaml``, ``walker.yaml``, ``library.yaml``,
``.core``, ``.world``, ``.task``, ``.j2`` (a project's own templates) and ``pyproject.toml``
files, waits until saving has been
quiet for ``--debounce`` seconds, then runs ``doit`` once in a subprocess (a fresh process
each time, so an edit of the compiler itself is picked up too) and prints what changed: the
files saved, the programs rebuilt (with their targets), the tasks that ran and the
diagnostics those tasks reported. Tasks that stayed
up to date print nothing, so each run shows only the consequences of the edit.

Ctrl-C (or SIGTERM) stops watching, with exit status 0. A doit run in progress stops with it;
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

from ..cli import say, subcommand
from ..textsafe import shown

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
    """One ``doit --reporter=json`` in root: (its report or None, what it wrote on stderr)."""
    env = dict(os.environ)
    import subprocess  # here: every command line imports this module to register `watch`
    proc = subprocess.run([sys.executable, "-m", "doit", "--reporter=json", *doit_args],
                          cwd=root, env=env, capture_output=True, text=True)
    try:
        return json.loads(proc.stdout), proc.stderr
    except ValueError:
        return None, proc.stderr + proc.stdout


def describe(report: dict | None, stderr: str, elapsed: float, out=None) -> tuple[int, int]:
    """Print the tasks that ran and their diagnostics; returns (errors, warnings)."""
    out = out or sys.stdout

    def write(text: str) -> None:       # escaped: names and task output come from files
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
        if text or failed:
            write(f"── {task['name']}{'  FAILED' if failed else ''}")
        if text:
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
    write(f"{len(names)} task(s) ran in {elapsed:.1f} s"
          + (f": {listed}" if names else " (everything was up to date)")
          + f"; {errors} error(s), {warnings} warning(s) in what changed")
    out.flush()
    return errors, warnings


def programs_rebuilt(ran: list[dict]) -> str:
    """The programs the tasks that ran belong to, each with the targets rebuilt for it and
    whether it failed: ``diff_bot (mjcf, ros-gz-nav2), mecanum (failed)``; a cell that
    failed alone reads ``diff_bot (mjcf, ros-gz-nav2 failed)``."""
    from .reporter import subject_of
    targets: dict[str, list[str]] = {}
    failed: set[tuple[str, str | None]] = set()       # (program, target or None)
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
            notes = [t + (" failed" if (program, t) in failed else "")
                     for t in sorted(targets[program])]
        shown.append(program + (f" ({', '.join(notes)})" if notes else ""))
    return ", ".join(shown)


def task_failed(task: dict) -> bool:
    """A task failed when it raised, or when it reported an error: a phase that finds an
    error in the user's files still succeeds as a doit task (its record holds the error)."""
    return task.get("result") == "fail" or "error" in _SEVERITY.findall(task.get("err") or "")


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument("--root", default=".", help="the project root, where dodo.py is "
                                               "(default: the current directory)")
    p.add_argument("--debounce", type=float, default=0.3, metavar="SECONDS",
                   help="wait until saving has been quiet this long (default 0.3)")
    p.add_argument("-n", "--jobs", type=int, default=0,
                   help="run doit with this many processes (default: one)")
    p.add_argument("--no-initial", action="store_true",
                   help="do not build once before watching")


@subcommand("watch", "re-run the build graph when a component, library or program file is "
                     "saved, and print the diagnostics of what changed", _configure)
def run_watch(args: argparse.Namespace) -> int:
    try:
        from watchdog.observers import Observer
    except ImportError:                                   # pragma: no cover
        say("mobiledsl: error: watch needs the watchdog package")
        return 2
    root = Path(args.root).resolve()
    if not (root / "dodo.py").is_file():
        say(f"mobiledsl: error: {root} has no dodo.py: watch runs the build graph of a "
            "project root")
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

    changes = Changes(root)
    observer = Observer()
    observer.schedule(_handler(changes), str(root), recursive=True)
    try:
        observer.start()
        if not args.no_initial:
            _build(root, doit_args, ["(first build)"])
        say(f"watching {root} for saved sources (Ctrl-C stops)", sys.stdout)
        sys.stdout.flush()
        while not stop.is_set():
            if not changes.event.wait(0.2):
                continue
            # debounce: run once saving has been quiet for a while
            while time.monotonic() - changes.last < args.debounce:
                time.sleep(max(0.02, args.debounce - (time.monotonic() - changes.last)))
            saved = changes.take()
            if saved:
                _build(root, doit_args, saved)
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


def _build(root: Path, doit_args: list[str], saved: list[str]) -> None:
    stamp = time.strftime("%H:%M:%S")
    say(f"[{stamp}] " + ("changed: " if not saved[0].startswith("(") else "")
        + ", ".join(saved), sys.stdout)
    sys.stdout.flush()
    started = time.monotonic()
    try:
        report, stderr = run_graph(root, doit_args)
    except KeyboardInterrupt:
        raise
    describe(report, stderr, time.monotonic() - started)

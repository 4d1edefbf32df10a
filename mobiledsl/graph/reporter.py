"""The build graph's default doit reporter: what a person reads while ``doit`` builds.

- While building: a progress bar on stderr when it is a terminal (the task running, tasks
  done out of those known), else one line per task that runs. The diagnostics a task
  printed appear as it finishes, under the task's name.
- At the end: a table of the matrix, a row per program and a column per target, each cell
  *built* (a task of it ran), *restored* (its tasks ran from the artifact cache), *up to
  date* (its tasks were checked and had nothing to do), *not in this run* (no task of it was
  run or checked: it may be stale) or *failed* (a task raised, or the cell's diagnostics
  hold an error, so it has no output), with its error and warning counts; then the totals
  (how many tasks ran, how many of those were restored from the cache) and where the
  outputs are.

It is ``DOIT_CONFIG["reporter"]``; ``doit --reporter=json`` (or any reporter named on the
command line) replaces it, unchanged. doit captures what tasks print (``verbosity`` 0 in
``DOIT_CONFIG``) so that this reporter, in the main process, shows it also under ``-n``.

What it prints may quote a task's or a program's name (a file's), what a task wrote or where
a cache answered from: all of it goes through ``mobiledsl.textsafe.shown`` (a control
character reads as its escape), and none of it is read as rich markup.
"""

from __future__ import annotations

import json
import os
import sys
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.progress import Progress, TaskID
    from rich.table import Table

from ..records import write_atomic
from ..textsafe import shown
from . import layout
from .cache import RESTORED

PROGRAM_PHASES = ("parse", "refs", "deps", "resolve", "assemble", "analyse")
CELL_PHASES = ("emission", "emit", "assets", "build")
SUMMARY_CACHE = f"{layout.BUILD}/.summary.json"
MAX_QUIET_ROWS = 30  # beyond this many programs, rows with nothing to say are counted


def subject_of(name: str) -> tuple[str | None, str | None]:
    """(program, target) a task belongs to; (None, None) for a library task."""
    phase, _, subject = name.partition(":")
    if phase in PROGRAM_PHASES:
        return subject.split("/", 1)[0], None
    if phase in CELL_PHASES:
        parts = subject.split("/")
        if phase == "build" and len(parts) == 1:
            return parts[0], None
        if len(parts) >= 2:
            return parts[0], parts[1]
    return None, None


def diagnostic_counts(root: str, paths: list[str]) -> dict[str, tuple[int, int]]:
    """(errors, warnings) in each record, reading only records whose stat moved since the
    counts were last saved (build/.summary.json)."""
    cache_path = os.path.join(root, SUMMARY_CACHE)
    try:
        with open(cache_path, "rb") as fh:
            saved = json.loads(fh.read())
    except (OSError, ValueError):
        saved = {}
    fresh: dict[str, list] = {}
    out: dict[str, tuple[int, int]] = {}
    for path in paths:
        try:
            st = os.stat(os.path.join(root, path))
        except OSError:
            continue
        stamp = [st.st_mtime_ns, st.st_size]
        old = saved.get(path)
        if old and old[:2] == stamp:
            fresh[path] = old
        else:
            errors = warnings = 0
            try:
                with open(os.path.join(root, path), "rb") as fh:
                    data = json.loads(fh.read())
                for d in data.get("diagnostics", ()):
                    errors += d.get("severity") == "error"
                    warnings += d.get("severity") == "warning"
            except (OSError, ValueError, AttributeError):
                pass
            fresh[path] = stamp + [errors, warnings]
        out[path] = (fresh[path][2], fresh[path][3])
    if fresh != saved:
        try:
            write_atomic(cache_path, json.dumps(fresh, sort_keys=True))
        except OSError:
            pass
    return out


QUIET = ("up to date", "not in this run")  # words of a row with nothing to say


def cell_state(cell: set[str], program: set[str], errors: int) -> tuple[str, str]:
    """(word, style) of one cell from the results of its own tasks in this run and of its
    program's. Built means a task of the cell itself ran: a program task that ran for
    another cell says nothing of this one, which then reads *not in this run*."""
    if "fail" in cell or "fail" in program or errors:
        return "failed", "bold red"
    if "run" in cell:
        return "built", "green"
    if "restored" in cell:
        return "restored", "cyan"
    if "up-to-date" in cell:
        return "up to date", "dim"
    if not cell and not program:
        return "not in this run", "dim"
    # only the program's tasks were in the run: up to date when none of them ran
    return ("up to date", "dim") if program <= {"up-to-date"} else ("not in this run", "dim")


def restored_from(out: str) -> str | None:
    """Where a task's outputs were restored from, by the line ``cache.produce`` prints."""
    for line in out.splitlines():
        if line.startswith(RESTORED) and ") at " in line:
            return line.split(") at ", 1)[1].strip()
    return None


class BuildReporter:
    """doit reporter protocol; see doit.reporter.ConsoleReporter."""

    desc = "mobiledsl: progress while building, a table of the matrix at the end"
    graph: Any = None  # the Graph, set by make_reporter

    def __init__(self, outstream: Any, options: dict[str, Any]) -> None:
        self.outstream = outstream
        self.failure_verbosity = options.get("failure_verbosity", 0)
        self.results: dict[str, str] = {}
        self.failures: list[tuple[Any, Any]] = []
        self.runtime_errors: list[str] = []
        self.started = time.monotonic()
        err = sys.stderr
        self.live = (
            bool(getattr(err, "isatty", lambda: False)()) and os.environ.get("TERM") != "dumb"
        )
        # rich is imported only by this reporter, when doit uses it (not under --reporter=json)
        from rich.console import Console

        self.err_console = Console(file=err, highlight=False)
        self.progress: Progress | None = None
        self.bar: TaskID | None = None  # made with progress
        self.known: set[str] = set()
        self.restored: dict[str, int] = {}  # where -> tasks restored from that cache

    # -- while building ---------------------------------------------------------------------
    @staticmethod
    def _real(task) -> bool:
        return bool(task.actions) and not task.name.startswith("_")

    def initialize(self, tasks: dict[str, Any], selected_tasks: list[str]) -> None:
        # the tasks the selection reaches (the emit tasks join once they are created)
        seen: set[str] = set()
        stack = list(selected_tasks)
        while stack:
            name = stack.pop()
            if name in seen or name not in tasks:
                continue
            seen.add(name)
            task = tasks[name]
            stack.extend(task.task_dep)
            stack.extend(getattr(task, "calc_dep", ()) or ())
        self.known = {n for n in seen if self._real(tasks[n])}
        if self.live:
            from rich.progress import (
                BarColumn,
                MofNCompleteColumn,
                Progress,
                SpinnerColumn,
                TextColumn,
                TimeElapsedColumn,
            )

            self.progress = Progress(
                SpinnerColumn(),
                TextColumn("[bold]{task.description}"),
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                console=self.err_console,
                transient=True,
                redirect_stdout=False,
                redirect_stderr=False,
            )
            self.bar = self.progress.add_task("building", total=len(self.known))
            self.progress.start()

    def _print(self, text: str, style: str | None = None) -> None:
        text = shown(text.rstrip("\n"), keep_newline=True)
        if self.progress is not None:
            from rich.text import Text

            self.progress.console.print(Text(text, style=style or ""))
        else:
            self.outstream.write(text + "\n")
            self.outstream.flush()

    def _advance(self, task) -> None:
        if self.progress is None or self.bar is None or not self._real(task):
            return
        if task.name not in self.known:
            self.known.add(task.name)
            self.progress.update(self.bar, total=len(self.known))
        self.progress.advance(self.bar)

    def get_status(self, task):
        pass

    def execute_task(self, task):
        if not self._real(task):
            return
        if self.progress is not None:
            from rich.markup import escape  # the bar's column reads markup

            self.progress.update(self.bar, description=escape(shown(task.name)))
        else:
            self._print(f".  {task.name}")

    def _captured(self, task, which: str) -> str:
        return "".join(getattr(a, which, None) or "" for a in task.actions)

    def add_success(self, task):
        if self._real(task):
            where = restored_from(self._captured(task, "out"))
            self.results[task.name] = "run" if where is None else "restored"
            if where is not None:
                self.restored[where] = self.restored.get(where, 0) + 1
            err = self._captured(task, "err")
            if err.strip():
                if self.progress is not None:
                    self._print(f"── {task.name}", "dim")
                self._print(err)
        self._advance(task)

    def add_failure(self, task, fail):
        self.results[task.name] = "fail"
        self.failures.append((task, fail))
        self._print(f"FAILED {task.name}: {fail.get_name()}", "bold red")
        err = self._captured(task, "err")
        msg = fail.get_msg() if fail.report else ""
        for text in (err, msg):
            if text.strip():
                self._print(text)
        self._advance(task)

    def skip_uptodate(self, task):
        if self._real(task):
            self.results.setdefault(task.name, "up-to-date")
        self._advance(task)

    def skip_ignore(self, task):
        self.results[task.name] = "ignore"
        self._advance(task)

    def cleanup_error(self, exception):
        sys.stderr.write(shown(exception.get_msg(), keep_newline=True))

    def runtime_error(self, msg):
        self.runtime_errors.append(msg)

    def teardown_task(self, task):
        pass

    # -- at the end -------------------------------------------------------------------------
    def complete_run(self):
        if self.progress is not None:
            self.progress.stop()
            self.progress = None
        # doit calls this from its runner's `finally`: a Ctrl-C is the exception on its way
        if isinstance(sys.exc_info()[1], KeyboardInterrupt):
            self._interrupted()
            return
        try:
            self._summary()
        except Exception as exc:  # a summary must never hide the build's result
            self.outstream.write(shown(f"(no summary: {exc!r})") + "\n")
        if self.runtime_errors:
            self.outstream.write("#" * 40 + "\nExecution aborted.\n")
            self.outstream.write(shown("\n".join(self.runtime_errors), keep_newline=True) + "\n")
        self.outstream.flush()

    def _interrupted(self) -> None:
        """No table after Ctrl-C: the cells the build did not reach would read as built."""
        ran = sum(1 for r in self.results.values() if r in ("run", "restored"))
        fresh = sum(1 for r in self.results.values() if r == "up-to-date")
        elapsed = time.monotonic() - self.started
        self.outstream.write(
            f"interrupted after {ran} task(s) ran, {fresh} up to date, in {elapsed:.1f} s: "
            "the tasks that finished are kept; run doit again to build the rest\n"
        )
        self.outstream.flush()

    def _summary(self) -> None:
        graph = self.graph
        restored = sum(1 for r in self.results.values() if r == "restored")
        ran = sum(1 for r in self.results.values() if r == "run") + restored
        failed = sum(1 for r in self.results.values() if r == "fail")
        fresh = sum(1 for r in self.results.values() if r == "up-to-date")
        elapsed = time.monotonic() - self.started
        tty = bool(getattr(self.outstream, "isatty", lambda: False)())
        from rich.console import Console

        console = Console(file=self.outstream, highlight=False, width=None if tty else 100)
        if graph is not None and self.results:
            table, hidden = self._table(graph)
            if table is not None:
                console.print(table)
            if hidden:
                console.print(
                    f"[dim]… and {hidden} more program(s) up to date with no diagnostics[/dim]"
                )
        shard = (
            f" (shard {graph.shard[0]}/{graph.shard[1]})"
            if graph is not None and graph.shard
            else ""
        )
        from rich.markup import escape

        sources = "".join(
            f" ({n} restored from the artifact cache at {escape(shown(where))})"
            for where, n in sorted(self.restored.items())
        )
        console.print(
            f"{ran} task(s) ran ({restored} restored from the cache), "
            f"{fresh} up to date, "
            + (f"[bold red]{failed} failed[/bold red]" if failed else "0 failed")
            + f" in {elapsed:.1f} s{shard}{sources}",
            soft_wrap=True,
        )
        if graph is not None:
            console.print(shown(self._where(graph)), soft_wrap=True, markup=False)

    @staticmethod
    def _where(graph) -> str:
        """The closing line: where the outputs of the matrix are."""
        build = os.path.join(os.path.relpath(graph.root), layout.BUILD)
        build = layout.BUILD if build == os.path.join(".", layout.BUILD) else build
        return (
            f"outputs: {build}/<program>/<target>/, the analysis and top view in "
            f"{build}/<program>/report/"
        )

    def _table(self, graph) -> tuple[Table | None, int]:
        programs = graph.programs()
        if not programs:
            return None, 0
        targets = list(graph.matrix.targets)
        available = set(graph.targets_available())
        program_records = {
            p.name: [
                layout.program_record(p.name, ph)
                for ph in ("parse", "resolve", "assemble", "analyse")
            ]
            for p in programs
        }
        cell_records = {
            (p.name, t): layout.emission_record(p.name, t) for p in programs for t in targets
        }
        paths = [x for v in program_records.values() for x in v] + list(cell_records.values())
        counts = diagnostic_counts(str(graph.root), paths)
        seen: dict[tuple[str, str | None], set[str]] = {}
        for name, result in self.results.items():
            program, target = subject_of(name)
            if program is not None:
                seen.setdefault((program, target), set()).add(result)
        from rich.table import Table
        from rich.text import Text

        table = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
        table.add_column("program")
        for target in targets:
            table.add_column(target)
        if not targets:
            table.add_column("status")
        hidden = 0
        quiet_limit = MAX_QUIET_ROWS if len(programs) > MAX_QUIET_ROWS else None
        for program in programs:
            base = [0, 0]
            for path in program_records[program.name]:
                e, w = counts.get(path, (0, 0))
                base[0] += e
                base[1] += w
            row, interesting = [], False
            for target in targets:
                if graph.matrix.cell_excluded(program.name, target):
                    row.append(Text("excluded", style="dim"))
                    continue
                if target not in available:
                    row.append(Text("—", style="dim"))
                    continue
                e, w = counts.get(cell_records[(program.name, target)], (0, 0))
                e, w = e + base[0], w + base[1]
                word, style = cell_state(
                    seen.get((program.name, target), set()),
                    seen.get((program.name, None), set()),
                    e,
                )
                cell = Text(word, style=style)
                if e:
                    cell.append(f"  {e} error{'s' * (e != 1)}", style="red")
                if w:
                    cell.append(f"  {w} warning{'s' * (w != 1)}", style="yellow")
                interesting |= word not in QUIET or bool(w)
                row.append(cell)
            if not targets:
                word, style = cell_state(seen.get((program.name, None), set()), set(), base[0])
                interesting = word not in QUIET
                row.append(Text(word, style=style))
            if quiet_limit is not None and not interesting:
                hidden += 1
                continue
            table.add_row(Text(shown(program.name)), *row)
        if hidden == len(programs):
            return None, hidden
        return table, hidden


def mend_json_reporter() -> None:
    """doit's ``--reporter=json`` fails with a TypeError (and prints no JSON) when Ctrl-C
    stops a task midway: its ``TaskResult.to_dict`` subtracts the finish time the task never
    got. Give such a task the time of the report as its end (its result stays null: it did
    not finish), so tools still read what ran."""
    from doit import reporter as doit_reporter

    result_cls = getattr(doit_reporter, "TaskResult", None)
    to_dict = getattr(result_cls, "to_dict", None)
    if result_cls is None or to_dict is None or getattr(to_dict, "_mobiledsl", False):
        return

    def mended(self):
        if (
            getattr(self, "_started_on", None) is not None
            and getattr(self, "_finished_on", 0) is None
        ):
            self._finished_on = time.time()
        return to_dict(self)

    mended._mobiledsl = True  # type: ignore[attr-defined]
    result_cls.to_dict = mended


def make_reporter(graph) -> type:
    """A BuildReporter class bound to a graph (doit instantiates the class itself)."""
    return type("MobiledslReporter", (BuildReporter,), {"graph": graph})

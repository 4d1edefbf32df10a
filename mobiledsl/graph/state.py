"""What a build leaves behind between runs, checked before doit touches it.

- ``check_database``: doit's sqlite3 database (build/.doit.db) must open. A damaged one (a
  disk error, garbage written over it) would stop every ``doit`` with a traceback; instead
  it is moved aside to ``build/.doit.db.damaged`` with a message on stderr, and doit starts
  from an empty database. Nothing is lost but time: every task runs once more, and since
  outputs are compared by content and written only when their bytes change, the outputs
  come out as they were.
- ``mark_run``: a run that was killed (SIGKILL, power cut) may leave the temporary files of
  ``write_atomic`` next to the outputs. doit saves its database only when a run ends, so a
  killed run's tasks simply run again; a marker per running ``doit`` process
  (``build/.runs/<pid>``) tells the next run that one died, and it then sweeps those
  temporary files.
"""

from __future__ import annotations

import atexit
import os
import re
import sqlite3
import sys
from pathlib import Path

from . import layout

SQLITE_HEADER = b"SQLite format 3\x00"
RUNS_DIR = f"{layout.BUILD}/.runs"
_TEMP = re.compile(r"\..+\.[A-Za-z0-9_]{6,}\.tmp\Z")  # write_atomic's mkstemp names


def _damage(path: Path) -> str | None:
    """Why the sqlite database at path cannot be used, or None when it can (or is busy)."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(len(SQLITE_HEADER))
    except OSError as exc:
        return str(exc)
    if not head:
        return None  # an empty file is a new database to sqlite
    if head != SQLITE_HEADER:
        return "it is not an sqlite3 database"
    try:
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
        try:
            rows = conn.execute("PRAGMA quick_check").fetchall()
            if rows != [("ok",)]:
                return "sqlite3 reports: " + "; ".join(str(r[0]) for r in rows[:3])
            conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
        finally:
            conn.close()
    except sqlite3.OperationalError as exc:
        if "locked" in str(exc) or "busy" in str(exc):
            return None  # another doit is writing it: not damage
        return f"sqlite3 reports: {exc}"
    except sqlite3.DatabaseError as exc:
        return f"sqlite3 reports: {exc}"
    return None


def check_database(root: Path, dep_file: str = layout.DEP_FILE) -> bool:
    """Move a damaged doit database aside (with its journal), saying so on stderr.
    Returns whether it did."""
    path = root / dep_file
    if not path.exists():
        return False
    reason = _damage(path)
    if reason is None:
        return False
    aside = path.with_name(path.name + ".damaged")
    try:
        os.replace(path, aside)
        for suffix in ("-journal", "-wal", "-shm"):
            extra = path.with_name(path.name + suffix)
            if extra.exists():
                os.replace(extra, aside.with_name(aside.name + suffix))
    except OSError as exc:
        print(
            f"mobiledsl: {dep_file} is damaged ({reason}) and cannot be moved aside: "
            f"{exc}; delete it to build again",
            file=sys.stderr,
        )
        return False
    print(
        f"mobiledsl: {dep_file} was damaged ({reason}); moved it to "
        f"{dep_file}.damaged and starting from an empty database: every task runs "
        "once, and outputs whose bytes come out the same are left untouched",
        file=sys.stderr,
    )
    return True


def preload_database() -> None:
    """Read every task's saved state from doit's sqlite3 database in one query. doit reads
    them one task at a time as it checks each (a query, a row factory and a converter per
    task), which for thousands of tasks costs more than the checks; filling its cache first
    leaves what it reads and writes the same. Does nothing where this doit keeps its states
    otherwise (another backend, another version's internals)."""
    from doit.dependency import SqliteDB
    from doit.globals import Globals

    backend = getattr(Globals.dep_manager, "backend", None)
    cache = getattr(backend, "_cache", None)
    if not isinstance(backend, SqliteDB) or not isinstance(cache, dict) or cache:
        return
    try:
        cursor = backend._conn.cursor()
        cursor.row_factory = None
        # an expression has no declared type: the rows come as text, decoded here
        rows = cursor.execute("SELECT task_id, CAST(task_data AS TEXT) FROM doit").fetchall()
        decode = backend.codec.decode
        loaded = {task_id: decode(data) for task_id, data in rows if data is not None}
    except (sqlite3.Error, AttributeError, ValueError):
        return
    for task_id, data in loaded.items():
        cache.setdefault(task_id, data)


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep_temporaries(build: Path) -> int:
    """Delete write_atomic's temporary files below build/; returns how many."""
    count = 0
    for dirpath, _, filenames in os.walk(build):
        for name in filenames:
            if _TEMP.match(name):
                try:
                    os.unlink(os.path.join(dirpath, name))
                    count += 1
                except OSError:
                    pass
    return count


def mark_run(root: Path) -> None:
    """Note this process as a running build (removed when it exits normally). When the
    marker of a process that is gone is found, that run was killed: its temporary files
    are swept, unless another build is running now (whose files they may be)."""
    runs = root / RUNS_DIR
    dead: list = []
    live: list = []
    try:
        entries = list(os.scandir(runs))
    except OSError:
        entries = []
    for entry in entries:
        try:
            pid = int(entry.name)
        except ValueError:
            continue
        (live if _alive(pid) else dead).append(entry.path)
    if dead:
        if not live:
            swept = sweep_temporaries(root / layout.BUILD)
            if swept:
                print(
                    f"mobiledsl: an earlier build was stopped midway; removed {swept} "
                    "temporary file(s) it left",
                    file=sys.stderr,
                )
        for path in dead:
            try:
                os.unlink(path)
            except OSError:
                pass
    mine = runs / str(os.getpid())
    try:
        runs.mkdir(parents=True, exist_ok=True)
        mine.touch()
    except OSError:
        return
    pid = os.getpid()

    def unmark() -> None:
        if os.getpid() == pid:  # not in a forked worker
            try:
                mine.unlink()
            except OSError:
                pass

    atexit.register(unmark)


def quiet_interrupt() -> None:
    """Ctrl-C ends ``doit`` with one line instead of doit's traceback. The reporter has said
    what ran; the finished tasks are in the database (doit saves it on the way out), so
    the next ``doit`` builds the rest. The exit status stays that of an interrupt."""
    previous = sys.excepthook
    if getattr(previous, "_mobiledsl", False):
        return

    def hook(kind, value, tb) -> None:
        if issubclass(kind, KeyboardInterrupt):
            print("mobiledsl: build interrupted", file=sys.stderr)
            return
        previous(kind, value, tb)

    hook._mobiledsl = True  # type: ignore[attr-defined]
    sys.excepthook = hook

"""What ``doit clean`` runs, and the deletion of files the build wrote: never through a
symbolic link planted below build/, never outside it.
"""

from __future__ import annotations

import os

from doit.action import PythonAction

from ..outputs import check_no_links
from ..textsafe import shown
from . import layout, restore
from .positions import table_path
from .records import read_json


def prune_empty_folders(path: str) -> None:
    """After ``doit clean`` removed ``path``: remove the folders above it that it left
    empty, up to build/ (kept)."""
    build = os.path.abspath(layout.BUILD)
    folder = os.path.dirname(os.path.abspath(path))
    while folder != build and folder.startswith(build + os.sep):
        try:
            os.rmdir(folder)  # only an empty folder goes
        except OSError:
            return
        folder = os.path.dirname(folder)


class Clean(PythonAction):
    """A clean action: doit's PythonAction, made without the checks its constructor runs.
    doit makes every task's clean actions on every run, and only ``doit clean`` uses them;
    for a graph of thousands of tasks making them cost more than a no-op build's checks
    of the tasks' own files."""

    def __init__(self, py_callable, *args) -> None:  # pylint: disable=super-init-not-called
        self.py_callable, self.args = py_callable, list(args)
        self.kwargs: dict = {}
        self.task = None
        self.out = self.err = self.result = None
        self.values: dict = {}


def remove_targets(task, dryrun) -> None:
    """clean action: the task's targets, as doit's own removes them but only where the build
    writes (``unlink``: an emit task's target comes from a record), then the folders that
    leaves empty."""
    for target in sorted(task.targets, reverse=True):
        if os.path.isfile(target) or os.path.islink(target):
            print(f"{shown(task.name)} - removing file '{shown(target)}'")
            if not dryrun:
                unlink(target)
    if not dryrun:
        for target in task.targets:
            prune_empty_folders(target)


def _remove_record(record: str) -> None:
    """A record and its positions table, and the folders that leaves empty."""
    for path in (record, table_path(record)):
        unlink(path)
        prune_empty_folders(path)


def _remove_folder(folder: str) -> None:
    """A folder of files the graph wrote (a report, an emission's blobs), and the folder."""
    if not os.path.isdir(folder):
        return
    for name in os.listdir(folder):
        unlink(os.path.join(folder, name))
    try:
        os.rmdir(folder)
    except OSError:
        pass


def remove_report(record: str, report_dir: str | None) -> None:
    """clean action of an analyse task: the record and the report."""
    _remove_record(record)
    if report_dir:
        _remove_folder(report_dir)
        prune_empty_folders(report_dir)


def unlink(path: str) -> None:
    """Delete a file the build writes: one written plainly below build/ (whatever a record
    lists), never one a symbolic link planted there leads to."""
    if restore.path_problem(path.replace(os.sep, "/")) is not None:
        return
    try:
        check_no_links(path, layout.BUILD)
        os.unlink(path)
    except OSError:
        pass


def listed(record: str) -> dict:
    """The files a record of this build lists (an emission's, an assets task's) by names
    that stay in their cell; {} when there is no such record."""
    try:
        files = read_json(record).get("files", {})
    except (OSError, ValueError, AttributeError, RecursionError):
        return {}
    if not isinstance(files, dict):
        return {}
    return {rel: digest for rel, digest in files.items() if restore.plain(rel)}


def withdraw(path: str) -> None:
    """Delete an output file and the folders that leaves empty: a withdrawn cell leaves no
    empty asset folders behind (only a path the build writes: see ``unlink``)."""
    if restore.path_problem(path.replace(os.sep, "/")) is None:
        unlink(path)
        prune_empty_folders(path)


def remove_listed(record: str, out_dir: str) -> None:
    """clean action: delete the files a record lists under out_dir, then the record and
    its blobs."""
    for rel in listed(record):
        unlink(os.path.join(out_dir, rel))
        prune_empty_folders(os.path.join(out_dir, rel))
    _remove_record(record)
    _remove_folder(layout.blob_dir(record))
    prune_empty_folders(record)

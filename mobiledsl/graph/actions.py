"""The Python actions the build graph's tasks run, gathered from the modules that hold them
by their job (``tasks`` names them all here, and the code fingerprint of every task counts
this module's imports, so a change to any of them re-runs the tasks):

- ``records``: writing and reading records, showing a task's diagnostics;
- ``phase``: the one action of every phase task (manifest, load, walker, parse, resolve,
  assemble, analyse, emission), with the hooks where a phase does more;
- ``loading``: the uptodate checks of the library tasks;
- ``libraries``: what of the libraries a program needs (``refs:``, ``deps:``) and the
  libraries rebuilt from records for resolve;
- ``cells``: an emission's files and assets copied into its cell, one cell built alone;
- ``cleaning``: ``doit clean`` and the deletion of what the build wrote.

Every path is relative to the project root, which is doit's working directory.
"""

from __future__ import annotations

import inspect

from .cells import (
    assets_action,
    assets_uptodate,
    blobs_present,
    cell_action,
    cell_complete,
    cell_holds,
    emit_file_action,
    emitted_files,
    forget_trees,
)
from .cleaning import (
    Clean,
    listed,
    prune_empty_folders,
    remove_listed,
    remove_report,
    remove_targets,
    unlink,
    withdraw,
)
from .libraries import build_libraries, deps_action, refs_action
from .loading import listing_unchanged, policy_unchanged
from .phase import HOOKS, Hooks, compute, phase_action, read_sources, report_present
from .records import (
    diagnostics_of,
    encode,
    read_json,
    read_result,
    show,
    write_output,
    write_record,
)

__all__ = [
    "HOOKS",
    "Clean",
    "Hooks",
    "assets_action",
    "assets_uptodate",
    "blobs_present",
    "build_libraries",
    "cell_action",
    "cell_complete",
    "cell_holds",
    "compute",
    "deps_action",
    "diagnostics_of",
    "emit_file_action",
    "emitted_files",
    "encode",
    "forget_trees",
    "listed",
    "listing_unchanged",
    "phase_action",
    "policy_unchanged",
    "prune_empty_folders",
    "read_json",
    "read_result",
    "read_sources",
    "refs_action",
    "remove_listed",
    "remove_report",
    "remove_targets",
    "report_present",
    "show",
    "unlink",
    "withdraw",
    "write_output",
    "write_record",
]


def _signed(*checks) -> None:
    """doit reads the signature of every uptodate callable of every task on every build
    (to pass ``task`` and ``values``); a signature kept on the function is read at once."""
    for check in checks:
        check.__signature__ = inspect.signature(check)


_signed(listing_unchanged, report_present, assets_uptodate, cell_complete)

"""The build graph's records on disk: writing one (its values and, apart, its positions),
reading one back, and showing the diagnostics a task produced.

Every path is relative to the project root, which is doit's working directory.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable
from typing import Any

from ..diagnostics import Diagnostic, has_errors
from ..outputs import Transaction
from ..phases import PHASES
from ..records import dumps, to_json, write_atomic
from . import layout
from .positions import Positions, decode, diagnostic_from_json, split, table_path


def encode(path: str, payload: dict) -> dict[str, bytes]:
    """The bytes of a record at ``path`` and of its positions table (``positions``): the
    canonical JSON of ``payload``'s values, and where they were written."""
    values, table = split(to_json(payload), path)
    return {path: dumps(values).encode(), table_path(path): dumps(table).encode()}


def write_record(path: str, payload: dict) -> None:
    """Write a record and its positions table (each untouched when its bytes are the same)."""
    for where, data in encode(path, payload).items():
        write_output(where, data)


def write_output(path: str, data: str | bytes) -> bool:
    """``write_atomic`` below build/, never through a symbolic link planted there."""
    return write_atomic(path, data, root_of(path))


def root_of(path: str) -> str | None:
    return layout.BUILD if path.replace(os.sep, "/").startswith(layout.BUILD + "/") else None


def read_json(path: str) -> Any:
    with open(path, "rb") as fh:
        return json.loads(fh.read().decode("utf-8"))


def diagnostics_of(record: dict | None) -> list[Diagnostic]:
    if not record:
        return []
    return [diagnostic_from_json(d) for d in record.get("diagnostics", ())]


def read_result(phase: str, path: str) -> Any:
    """The result an earlier phase's record holds, or None when that phase failed."""
    row = PHASES[phase]
    data = read_json(path)
    value = data.get(row.key)
    if value is None or has_errors(diagnostics_of(data)):
        return None
    return decode(record_type(phase), value)


def record_type(phase: str) -> type:
    """The type a phase's record keeps its result as (``Phase.record``)."""
    make = PHASES[phase].record
    if make is None:
        raise KeyError(f"the {phase} phase keeps no typed result")
    return make()


def show(diagnostics: Iterable[Diagnostic], stream=None) -> None:
    """Print the human rendering of diagnostics a task just produced (stderr), with the
    lines and columns the positions tables hold now."""
    positions = Positions()
    diagnostics = [positions.diagnostic(d) for d in diagnostics]
    if not diagnostics:
        return
    stream = stream or sys.stderr
    from ..pipeline import SourceCache
    from ..render import render_human

    isatty = getattr(stream, "isatty", None)
    color = bool(isatty and isatty()) and not os.environ.get("NO_COLOR")
    text = render_human(diagnostics, SourceCache(), color)
    stream.write(text if text.endswith("\n") else text + "\n")
    stream.flush()


def emit_outputs(outputs: dict[str, bytes]) -> None:
    """One task's files, written together or not at all."""
    paths = sorted(outputs)
    with Transaction(root_of(paths[0]) if paths else None) as written:
        for path in paths:
            written.write(path, outputs[path])


def show_record(data: bytes) -> None:
    show(diagnostics_of(json.loads(data.decode("utf-8"))))

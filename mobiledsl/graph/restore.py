"""A cache entry checked before any of it is written: what a shared cache hands back is data
from a stranger, however well formed and whatever its digests say.

``problem`` says why a task's restored outputs cannot be used (or None), so that
``cache.produce`` treats them as a miss with one warning:

- every path is one the task itself writes (``writes``), written plainly below ``build/``
  (``outputs.safe_relative``: relative, normalised, no NUL or control, bounded), and no
  path is both a file and the folder of another;
- a record decodes as the next phase reads it: a JSON object, its result of the phase's
  type, its diagnostics; every ``file`` and ``dir`` it names (a span, a visual, a part) is
  a project file: a plain relative path with no hidden name, or one inside a library
  root, so no restored diagnostic quotes ``/proc/self/environ`` or ``.git/config`` into a
  build log; every span's positions table lies below ``build/``;
- an emission record lists files by names its target could write and blobs the entry
  holds, and asset folders below the project's own library roots.

The same readers (``emitted``, ``assets_of``) serve the actions that act on a record already
in ``build/`` (the emit, assets, withdraw and clean steps), so a record that did not come
through this check either is acted on only where it is sound.
"""

from __future__ import annotations

import json
import posixpath
import re
from collections.abc import Callable, Iterable
from typing import Any

from ..outputs import file_and_folder, safe_relative
from ..textsafe import shown
from .hashing import hash_bytes
from .layout import BUILD, POSITIONS

BLOB_NAME = re.compile(r"[0-9a-f]{32}\Z")  # hashing.hash_bytes: xxh3-128 in hex


def quoted(path: Any) -> str:
    """A path as a warning shows it: escaped and cut short."""
    text = path if isinstance(path, str) else repr(path)
    return repr(shown(text[:80]) + ("..." if len(text) > 80 else ""))


def path_problem(path: Any) -> str | None:
    """Why ``path`` is no file a restore may write: below build/, written plainly, and of the
    hidden folders there only in the positions tables (doit's database never travels)."""
    try:
        parts = safe_relative(path).parts
    except ValueError as exc:
        return f"names {quoted(path)}, outside build/ or not written plainly ({exc})"
    if len(parts) < 2 or parts[0] != BUILD or (parts[1].startswith(".") and parts[1] != POSITIONS):
        return f"names {quoted(path)}, outside build/ or in a hidden folder of it"
    return None


def plain(rel: Any) -> bool:
    """Whether ``rel`` is a path written plainly below a folder (``safe_relative``)."""
    try:
        safe_relative(rel)
    except ValueError:
        return False
    return True


def problem(
    outputs: dict[str, bytes],
    writes: Callable[[str], bool],
    check: Callable[[dict[str, bytes]], str | None] | None = None,
) -> str | None:
    """Why restored ``outputs`` cannot be written, or None (see the module)."""
    for path in sorted(outputs, key=str):
        why = path_problem(path)
        if why is None and not writes(path):
            why = f"names {quoted(path)}, which this task does not write"
        if why is not None:
            return why
    clash = file_and_folder(outputs)
    if clash is not None:
        return f"names {quoted(clash)} as a file and as a folder"
    return check(outputs) if check is not None else None


# -- records -----------------------------------------------------------------------------------
def record_of(data: bytes) -> dict | None:
    """A record's JSON object, or None."""
    try:
        value = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):  # not JSON, or nested past the parser
        return None
    return value if isinstance(value, dict) else None


def project_file(file: Any, roots: Iterable[str]) -> bool:
    """Whether a record may name ``file``: a plain path relative to the project root with no
    hidden name, or one inside a library root (which may lie beside the project)."""
    if file is None:  # a diagnostic about no file
        return True
    if not isinstance(file, str):
        return False
    try:
        names = safe_relative(file).parts
    except ValueError:
        return below_root(file, roots)
    return not any(name.startswith(".") for name in names)


def _named(node: Any) -> Iterable[tuple[str, Any]]:
    """(key, value) of every ``file``, ``dir`` and ``at`` in a record's JSON: the files a
    span, a visual or a part names, and the positions tables spans point into."""
    stack = [node]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            for key in ("file", "dir", "at"):
                if key in node:
                    yield key, node[key]
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)


def _names_problem(record: dict, roots: Iterable[str]) -> str | None:
    for key, value in _named(record):
        if key == "at" and isinstance(value, str):
            table, _, n = value.rpartition("#")
            if path_problem(table) is not None or not n.isdigit():
                return f"holds a record whose positions are in {quoted(value)}, outside build/"
        elif key == "file" or isinstance(value, str):  # a connector's dir is a vector
            if not project_file(value, roots):
                return f"holds a record naming {quoted(value)}, which is no project file"
    return None


def record_problem(
    data: bytes,
    roots: Iterable[str],
    key: str | None = None,
    kind: Callable[[], type] | None = None,
) -> str | None:
    """Why a restored record cannot be read as the next phase reads it, or None."""
    from .positions import decode, diagnostic_from_json

    record = record_of(data)
    if record is None:
        return "holds a record that is no JSON object"
    why = _names_problem(record, list(roots))
    if why is not None:
        return why
    try:
        diagnostics = record.get("diagnostics", [])
        if not isinstance(diagnostics, list):
            raise TypeError("diagnostics")
        for d in diagnostics:
            diagnostic_from_json(d)
        if key is not None and kind is not None and record.get(key) is not None:
            decode(kind(), record[key])
    except Exception:  # pylint: disable=broad-except
        # any way a stranger's record fails to decode is a miss, never a failed task
        return "holds a record its phase cannot read"
    return None


def table_problem(data: bytes) -> str | None:
    """Why a positions table is not a list of [line, column, end line, end column]."""
    try:
        table = json.loads(data.decode("utf-8"))
    except (ValueError, RecursionError):
        table = None
    if isinstance(table, list) and all(
        isinstance(row, list)
        and len(row) == 4
        and all(v is None or (isinstance(v, int) and not isinstance(v, bool)) for v in row)
        for row in table
    ):
        return None
    return "holds a positions table that is no list of places"


def records_problem(
    outputs: dict[str, bytes],
    record: str,
    roots: Iterable[str],
    key: str | None = None,
    kind: Callable[[], type] | None = None,
) -> str | None:
    """A task's record and its positions table: both there and both readable."""
    from .positions import table_path

    table = table_path(record)
    if record not in outputs or table not in outputs:
        return "lacks the task's record or its positions table"
    return record_problem(outputs[record], roots, key, kind) or table_problem(outputs[table])


# -- emission records --------------------------------------------------------------------------
def emitted(record: Any) -> dict[str, str] | None:
    """rel -> blob name of the files an emission record lists, or None when one of them is
    no file its target could write (a name outside the cell, a blob name that is no hash,
    a name that is a file and a folder)."""
    files = record.get("files", {}) if isinstance(record, dict) else None
    if not isinstance(files, dict):
        return None
    out: dict[str, str] = {}
    for rel, entry in files.items():
        digest = entry.get("hash") if isinstance(entry, dict) else None
        try:
            safe_relative(rel)
        except ValueError:
            return None
        if not isinstance(digest, str) or not BLOB_NAME.match(digest):
            return None
        out[rel] = digest
    return None if file_and_folder(out) is not None else out


def below_root(source: Any, roots: Iterable[str]) -> bool:
    """Whether ``source`` is a plain path inside one of the library roots (as the matrix
    gives them, relative to the project root)."""
    if not isinstance(source, str):
        return False
    for root in roots:
        root = posixpath.normpath(root)
        if source.startswith(root + "/"):
            rest = source[len(root) + 1 :].rstrip("/")
            try:
                names = safe_relative(rest).parts
            except ValueError:
                continue
            if not any(name.startswith(".") for name in names):
                return True
    return False


def assets_of(record: Any, roots: Iterable[str]) -> list[list[str]] | None:
    """[source, destination] of the asset folders an emission record names, or None when
    one of them is no folder of the project's libraries or goes outside the cell."""
    assets = record.get("assets", []) if isinstance(record, dict) else None
    if not isinstance(assets, list):
        return None
    roots = list(roots)
    out = []
    for pair in assets:
        if not (isinstance(pair, list) and len(pair) == 2 and below_root(pair[0], roots)):
            return None
        dest = pair[1]
        if dest not in ("", "."):
            try:
                safe_relative(dest)
            except ValueError:
                return None
        out.append([pair[0], dest])
    return out


def emission_problem(
    outputs: dict[str, bytes], record: str, blob_dir: str, roots: Iterable[str]
) -> str | None:
    """An emission's record, its files' blobs (each there, holding its hash's bytes) and its
    asset folders."""
    roots = list(roots)
    why = records_problem(outputs, record, roots)
    if why is not None:
        return why
    data = record_of(outputs[record])
    files = emitted(data)
    if files is None:
        return "holds an emission record listing a file its target does not write"
    for digest in set(files.values()):
        blob = outputs.get(f"{blob_dir}/{digest}")
        if blob is None or hash_bytes(blob) != digest:
            return "holds an emission record listing a blob the entry does not hold"
    if assets_of(data, roots) is None:
        return "holds an emission record naming an asset folder outside the project's libraries"
    return None

"""The target tasks' actions after the emission (``phase``: its files kept as blobs beside
its record): each emitted file copied into its cell, the asset folders copied, and one cell
built alone (``build:<program>/<target>``).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterable

from ..inputs import MAX_ASSET_BYTES, Refused, read_regular
from ..outputs import Transaction, read_asset
from ..planned import asset_files
from ..textsafe import shown
from . import layout, restore
from .cleaning import listed, withdraw
from .hashing import files_hold, hash_text, tree_states
from .records import (
    read_json,
    root_of,
    write_output,
    write_record,
)

_EMITTED: dict[str, tuple[tuple[int, int, int], dict[str, str] | None]] = {}


def emitted_files(record: str) -> dict[str, str] | None:
    """rel -> hash of the files an emission record lists ({} when there is none yet; None
    when it lists a file its target could not write, ``restore.emitted``). A build reads
    each record twice (its emission's check, then its emit tasks' creation): the second
    time only when the record changed in between."""
    try:
        st = os.stat(record)
    except OSError:
        return {}
    # records are replaced whole (write_atomic): a new file is a new inode
    key = (st.st_ino, st.st_mtime_ns, st.st_size)
    known = _EMITTED.get(record)
    if known is not None and known[0] == key:
        return known[1]
    try:
        files = restore.emitted(read_json(record))
    except (OSError, ValueError, RecursionError):
        return {}
    _EMITTED[record] = (key, files)
    return files


def blobs_present(record: str) -> bool:
    """Whether every blob an emission record lists is still there (one listing of the blob
    folder, not a stat per blob)."""
    files = emitted_files(record)
    if files is None:
        return False  # the emission runs again and writes a sound one
    if not files:
        return True
    try:
        return set(files.values()) <= set(os.listdir(layout.blob_dir(record)))
    except OSError:
        return False


def emit_file_action(blob: str, out: str) -> None:
    """Copy a blob into its cell: a regular file inside build/, so a link planted among the
    blobs never copies what it leads to."""
    try:
        data = read_regular(blob, within=layout.BUILD, limit=MAX_ASSET_BYTES)
    except Refused as refused:
        print(
            f"mobiledsl: warning: {shown(blob)} is not copied to {shown(out)}: "
            f"{shown(refused.why)}",
            file=sys.stderr,
        )
        return
    write_output(out, data)


def cell_holds(record: str, out_dir: str, files: dict[str, str] | None = None) -> dict[str, bool]:
    """rel -> whether the cell's file holds the bytes the emission record has for it (the
    files are hashed only when the stat cache cannot vouch for the cell's files as a whole).
    ``files``: the record's files, when the caller has read them."""
    files = (emitted_files(record) or {}) if files is None else files
    held = files_hold(f"emit:{out_dir}", {f"{out_dir}/{rel}": d for rel, d in files.items()})
    return {rel: held[f"{out_dir}/{rel}"] for rel in files}


def assets_action(emission_rec: str, out: str, out_dir: str, roots: Iterable[str] = ()) -> dict:
    """Copy the asset directories the emission names, whole, into the target's folder;
    delete what an earlier run copied and nothing names any more. Returns, as task values,
    the directories and one hash of what they held (see ``assets_uptodate``). Only folders
    of the library ``roots`` are copied, to places inside the cell."""
    sources = restore.assets_of(read_json(emission_rec), roots)
    if sources is None:
        print(
            f"mobiledsl: warning: {emission_rec} names an asset folder outside the "
            "project's libraries; no assets copied (the emission runs again when its "
            "inputs change)",
            file=sys.stderr,
        )
        sources = []
    trees = {source: _read_tree(source) for source, _ in sources}
    wanted = _copies(sources, trees)
    previous = listed(out)
    for rel in sorted(set(previous) - set(wanted)):
        withdraw(os.path.join(out_dir, rel))
    with Transaction(root_of(out_dir + "/")) as copied:  # all copied, or none
        for rel, (src, _) in sorted(wanted.items()):
            copied.write(os.path.join(out_dir, rel), read_asset(src))  # checked again
    write_record(
        out,
        {"files": {rel: digest for rel, (_, digest) in sorted(wanted.items())}, "sources": sources},
    )
    return {"sources": sources, "copied": _copied(sources, trees)}


def _copies(sources: list, trees: dict) -> dict[str, tuple[str, str]]:
    """copy rel -> (source file, hash) of every file the directories hold, as
    ``planned.asset_files`` places them (from the files ``trees`` hashed)."""
    digests = {
        os.path.join(source, rel): digest
        for source, _ in sources
        for rel, digest in trees[source][1].items()
    }
    return {
        copy: (file, digests[file])
        for copy, file in asset_files(sources, lambda source: trees[source][1])
    }


def _copied(sources: list, trees: dict[str, tuple[str, dict[str, str]]]) -> str:
    """One hash of the directories, where each goes, and what each holds."""
    return hash_text(json.dumps([[source, dest, trees[source][0]] for source, dest in sources]))


def _read_tree(source: str) -> tuple[str, dict[str, str]]:
    """(one hash of, rel -> hash of) the files below an asset directory."""
    files = {rel: state[2] for rel, state in tree_states(source).items()}
    return hash_text(json.dumps(files, sort_keys=True)), files


class _Trees(dict):
    """Asset trees read once a build: many cells copy the same part's assets (the files'
    hashes come from the stat cache while their stat stays the same)."""

    def __missing__(self, source: str) -> tuple[str, dict[str, str]]:
        self[source] = _read_tree(source)
        return self[source]


_TREES = _Trees()


def forget_trees() -> None:
    """A new build: asset trees are read afresh (see ``assets_uptodate``)."""
    _TREES.clear()


def assets_uptodate(task, values, out_dir: str) -> bool:
    """uptodate of ``assets:<program>/<target>``: the source trees hold what was copied last
    time, and every copy still holds its source's bytes (by content hash, hashed only when
    the stat cache cannot vouch for the cell's copies as a whole). The task's values are
    the directories and one hash, so doit's database stays small."""
    sources, copied = values.get("sources"), values.get("copied")
    if sources is None or copied is None or _copied(sources, _TREES) != copied:
        return False
    expected = {
        f"{out_dir}/{copy}": digest for copy, (_, digest) in _copies(sources, _TREES).items()
    }
    return all(files_hold(f"assets:{out_dir}", expected).values())


def cell_complete(task, values, record: str, out_dir: str) -> bool:
    """uptodate of ``build:<program>/<target>``: every file the emission lists holds its
    bytes (checked after the emission and assets tasks ran, as task_dep)."""
    return all(cell_holds(record, out_dir).values())


def cell_action(record: str, out_dir: str) -> None:
    """Write the files of one cell that do not hold their bytes yet: what the ``emit`` tasks
    of that cell do, for a ``doit build:<program>/<target>`` that builds the cell alone (the
    emit tasks are created only after every emission ran)."""
    blob_dir = layout.blob_dir(record)
    held = cell_holds(record, out_dir)
    for rel, digest in sorted((emitted_files(record) or {}).items()):
        if not held[rel]:
            out = f"{out_dir}/{rel}"
            emit_file_action(os.path.join(blob_dir, digest), out)
            print(f"wrote {out}")

"""A content-addressed artifact store: a CI job restores a task's outputs instead of running
its phase (docs/build.md, "CI: an artifact cache and shards").

``MOBILEDSL_CACHE=<dir>`` turns it on; ``MOBILEDSL_CACHE=http(s)://host[:port]/prefix`` puts
it on a remote-cache server (``remote.HttpStore``, the same interface), and
``MOBILEDSL_CACHE_READONLY=1`` reads either without writing. The program phases that cost
time (resolve, assemble,
analyse, and each target's emission) then look their outputs up under a key made of

- the compiler's version: a hash of every source file of the ``mobiledsl`` package
  (``COMPILER_VERSION``) and the Python version, so a changed compiler never restores what
  an older one wrote;
- the phase, and the task's parameters (the target, the libraries' names and roots);
- each input file's path (relative to the project root) and xxh3 hash of its content.

A hit writes the stored bytes; a miss runs the phase and stores what it wrote. Records hold
only paths relative to the project root, so two checkouts share entries, and a restored
output is byte-identical to a built one.

Layout, all below the store's directory::

    objects/<h[:2]>/<h>          the bytes of one output, named by their xxh3 hash
    entries/<k[:2]>/<k>.json     {"outputs": {"<path>": "<object hash>"}, ...} for key k

Everything is written with ``write_atomic`` (a temporary file, then a rename), so two jobs
filling one store at once, or a job killed midway, never leave half a file; an object whose
bytes no longer match their name counts as a miss. The store only grows: CI's cache action
saves and restores it whole, and a stale store is simply dropped (``rm -rf``).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from ..inputs import Refused, read_regular
from ..records import write_atomic
from ..textsafe import shown
from . import restore
from .hashing import code_fingerprint, hash_bytes, hash_file, hash_text
from .limits import Limits

ENV = "MOBILEDSL_CACHE"
READONLY_ENV = "MOBILEDSL_CACHE_READONLY"
# what a restoring task prints (the reporter counts it)
RESTORED = "restored from the artifact cache"
FORMAT = 1


@cache
def compiler_version() -> str:
    """The compiler's identity in a cache key: every mobiledsl source file, and Python's
    version (floating-point formatting, dict order and pickles are Python's)."""
    return hash_text(
        f"{FORMAT}:{sys.version_info[0]}.{sys.version_info[1]}:{code_fingerprint(('',))}"
    )


def key_text(phase: str, params: Any, inputs: list[str]) -> str:
    """What a task's key is a hash of: the compiler, the phase, its parameters and the
    content of each input (a missing input is part of the key too)."""
    digests: list[list[str | None]] = []
    for path in sorted(set(inputs)):
        try:
            digests.append([path, hash_file(path)])
        except OSError:
            digests.append([path, None])
    return json.dumps(
        {"compiler": compiler_version(), "phase": phase, "params": params, "inputs": digests},
        sort_keys=True,
        separators=(",", ":"),
        default=str,
    )


def store_from_env():
    """The store ``MOBILEDSL_CACHE`` names (a folder or a URL), or None."""
    where = os.environ.get(ENV, "").strip()
    if not where:
        return None
    from .remote import HttpStore, is_url

    return HttpStore(where) if is_url(where) else ArtifactStore(where)


_warned: set[tuple[str, str]] = set()


def warn_once(where: str, reason: str) -> None:
    """One warning line on stderr per store and reason in a process."""
    if (where, reason) in _warned:
        return
    _warned.add((where, reason))
    print(
        f"mobiledsl: warning: the artifact cache at {shown(where)}: {reason}",
        file=sys.stderr,
        flush=True,
    )


def read_only() -> bool:
    return os.environ.get(READONLY_ENV, "").strip() not in ("", "0")


class ArtifactStore:
    def __init__(self, root: str | os.PathLike):
        self.root = Path(root)
        self.where = str(root)

    @classmethod
    def from_env(cls) -> ArtifactStore | None:
        return store_from_env()

    # -- keys -----------------------------------------------------------------------------
    def key(self, phase: str, params: Any, inputs: list[str]) -> str:
        return hash_text(key_text(phase, params, inputs))

    def _entry(self, key: str) -> Path:
        return self.root / "entries" / key[:2] / f"{key}.json"

    def _object(self, digest: str) -> Path:
        return self.root / "objects" / digest[:2] / digest

    # -- get and put ----------------------------------------------------------------------
    def _read(self, path: Path, limit: int) -> bytes | None:
        try:
            return read_regular(path, within=self.root, limit=limit)
        except (OSError, Refused):
            return None

    def get(self, key: str) -> dict[str, bytes] | None:
        """The outputs stored under key ({path: bytes}), or None: no entry, an entry that is
        not the store's, or one whose objects are missing, damaged or past the caps
        (``limits.Limits``): a folder restored from a CI cache is read as a stranger's."""
        limits = Limits.from_env()
        data = self._read(self._entry(key), limits.entry_list)
        entry = restore.record_of(data) if data is not None else None
        outputs = entry.get("outputs") if entry is not None else None
        if not isinstance(outputs, dict) or len(outputs) > limits.files:
            return None
        out: dict[str, bytes] = {}
        total = 0
        for path, digest in outputs.items():
            if not isinstance(digest, str) or not restore.BLOB_NAME.match(digest):
                return None
            data = self._read(self._object(digest), limits.blob)
            if data is None or hash_bytes(data) != digest:
                return None
            total += len(data)
            if total > limits.entry:
                return None
            out[path] = data
        return out

    def refuse(self, reason: str) -> None:
        """Say once a process why what the store gave is not used."""
        warn_once(self.where, f"{reason}; treated as a miss")

    def put(self, key: str, outputs: dict[str, bytes], phase: str = "") -> None:
        """Store outputs under key. A store that cannot be written is reported, never a
        failed task: the build itself is done."""
        try:
            names = {}
            for path, data in sorted(outputs.items()):
                digest = hash_bytes(data)
                obj = self._object(digest)
                if not obj.is_file():
                    write_atomic(obj, data)
                names[path] = digest
            write_atomic(
                self._entry(key),
                json.dumps(
                    {"format": FORMAT, "phase": phase, "outputs": names}, sort_keys=True, indent=0
                )
                + "\n",
            )
        except OSError as exc:
            print(
                f"mobiledsl: the artifact cache {self.root} cannot be written: {exc}",
                file=sys.stderr,
            )


def produce(
    phase: str,
    params: Any,
    inputs: list[str],
    compute: Callable[[], dict[str, bytes]],
    writes: Callable[[str], bool] = lambda path: True,
    check: Callable[[dict[str, bytes]], str | None] | None = None,
) -> dict[str, bytes]:
    """The outputs of one task: from the store named by ``MOBILEDSL_CACHE`` when it has
    them (a line on stdout says so, and from where), else ``compute()``, stored for the
    next job unless the store is read-only. What the store hands back is used only when
    ``restore.problem`` finds nothing wrong with it: every path one the task ``writes``,
    below build/, and ``check`` (the task's own: its records readable) content; else it
    is a miss with one warning."""
    store = store_from_env()
    if store is None:
        return compute()
    key = store.key(phase, params, inputs)
    found = store.get(key)
    if found is not None:
        why = restore.problem(found, writes, check)
        if why is not None:
            store.refuse(f"an entry {why}")
            found = None
    if found is not None:
        print(f"{RESTORED} ({key[:16]}) at {store.where}")
        return found
    outputs = compute()
    if not read_only():
        store.put(key, outputs, phase)
    return outputs

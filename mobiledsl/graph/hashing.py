"""Content hashing for the build graph: xxhash, with a stat shortcut that cannot lie.

``XxhashChecker`` is the file checker doit uses for every ``file_dep`` (``DOIT_CONFIG
["check_file_uptodate"]``). A file counts as changed when its *content* hash changed; the
(mtime, size) pair only lets an unchanged file skip re-hashing. A file whose mtime was
within ``RACY_SECONDS`` of the moment its state was saved is never trusted by stat (the
"racy clean" problem git solves the same way): an edit in the same filesystem tick, which
keeps mtime and size, would otherwise go unseen.

The other helpers hash directory trees (asset directories a target copies, the names a part
directory holds) and the compiler's own sources (so a changed phase re-runs its tasks).
"""

from __future__ import annotations

import atexit
import json
import os
import re
import stat
import time
from collections.abc import Iterable
from functools import cache
from pathlib import Path

import xxhash
from doit.dependency import FileChangedChecker

from ..inputs import Refused, read_regular
from ..planned import walk_files

RACY_SECONDS = 2.0
_BLOCK = 1 << 20


def hash_bytes(data: bytes) -> str:
    return xxhash.xxh3_128_hexdigest(data)


def hash_file(path: str | os.PathLike) -> str:
    h = xxhash.xxh3_128()
    # opened without blocking and read only when regular: a FIFO or /dev/zero as a file_dep
    # must not hang the up-to-date check (the task that reads it reports it)
    with open(os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0)), "rb") as fh:
        mode = os.fstat(fh.fileno()).st_mode
        if not stat.S_ISREG(mode):
            return f"not-a-file:{stat.S_IFMT(mode):o}"
        while True:
            block = fh.read(_BLOCK)
            if not block:
                break
            h.update(block)
    return h.hexdigest()


def hash_text(text: str) -> str:
    return hash_bytes(text.encode("utf-8"))


def _trusted_mtime(st: os.stat_result, now: float | None = None) -> int | None:
    """The mtime to remember, or None when the file changed too recently to trust it."""
    now = time.time() if now is None else now
    if now - st.st_mtime < RACY_SECONDS:
        return None
    return st.st_mtime_ns


class StatCache:
    """What was hashed, by stat, for files old enough to trust their stat, kept between
    runs (``build/.stat.json``): the content hash of single files, and whether a group of
    files (one cell's emitted files, its asset copies) held the bytes expected of them.

    doit keeps a file_dep's state as the consuming task saw it when it last ran; a file
    written just before (a record the previous task wrote) is saved without a trusted
    mtime, and doit does not save states again while the task stays up to date. Without
    this cache such a file would be hashed on every later build; with it, it is hashed once
    more when it has grown old, and never again while its stat stays the same. A group is
    one entry however many files it has, so that the cache a no-op build reads stays small
    (a cell has dozens of copied meshes)."""

    FORMAT = 2

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        try:
            saved = json.loads(self.path.read_text())
        except (OSError, ValueError):
            saved = None
        if not isinstance(saved, dict) or saved.get("format") != self.FORMAT:
            saved = {}
        self.entries: dict[str, list] = saved.get("files", {})
        self.groups: dict[str, str] = saved.get("groups", {})
        self.dirty = False

    def get(self, path: str, st: os.stat_result) -> str | None:
        entry = self.entries.get(path)
        if entry and entry[0] == st.st_mtime_ns and entry[1] == st.st_size:
            return entry[2]
        return None

    def put(self, path: str, st: os.stat_result, digest: str) -> None:
        if _trusted_mtime(st) is not None:
            self.entries[path] = [st.st_mtime_ns, st.st_size, digest]
            self.dirty = True

    def save(self) -> None:
        if self.dirty:
            from ..records import write_atomic

            data = {"format": self.FORMAT, "files": self.entries, "groups": self.groups}
            try:
                write_atomic(self.path, json.dumps(data, sort_keys=True) + "\n")
            except OSError:
                pass
            self.dirty = False


_STATS: StatCache | None = None


def use_stat_cache(path: str | os.PathLike) -> StatCache:
    """Keep trusted file hashes in ``path`` for this process (saved when it exits)."""
    global _STATS
    if _STATS is None or _STATS.path != Path(path):
        _STATS = StatCache(path)
        atexit.register(_STATS.save)
    return _STATS


def content_hash(path: str | os.PathLike, st: os.stat_result) -> str:
    """A file's xxh3, from the stat cache when its stat is the one hashed before."""
    key = os.fspath(path)
    cache = _STATS
    if cache is not None:
        digest = cache.get(key, st)
        if digest is not None:
            return digest
    digest = hash_file(path)
    if cache is not None:
        cache.put(key, st, digest)
    return digest


def files_hold(group: str, expected: dict[str, str]) -> dict[str, bool]:
    """Whether each file ``expected`` names holds the bytes whose xxh3 it gives. The files
    are hashed unless the stat cache's entry for ``group`` says that these very stats (mtime,
    ctime, size, inode) held these bytes when they were old enough to trust; it says so
    after a check found every file holding its bytes."""
    stats: dict[str, os.stat_result | None] = {}
    lines = []
    for path, digest in expected.items():
        try:
            st = stats[path] = os.stat(path)
        except OSError:
            stats[path] = None
            continue
        lines.append(
            f"{path}\0{st.st_mtime_ns}\0{st.st_ctime_ns}\0{st.st_size}\0{st.st_ino}\0{digest}\n"
        )
    signature = hash_bytes("".join(sorted(lines)).encode("utf-8", "surrogateescape"))
    cache = _STATS
    complete = None not in stats.values()
    if complete and cache is not None and cache.groups.get(group) == signature:
        return dict.fromkeys(expected, True)
    held = {
        path: st is not None and _hash_or_none(path) == expected[path] for path, st in stats.items()
    }
    # trusted once changed (ctime: an edit whose mtime was set back counts) long enough ago
    now = time.time()
    if (
        cache is not None
        and complete
        and all(held.values())
        and all(st is not None and now - st.st_ctime >= RACY_SECONDS for st in stats.values())
    ):
        cache.groups[group] = signature
        cache.dirty = True
    return held


def _hash_or_none(path: str) -> str | None:
    try:
        return hash_file(path)
    except OSError:
        return None


def file_state(
    path: str | os.PathLike, previous: list | tuple | None = None, st: os.stat_result | None = None
) -> list:
    """``[mtime_ns or None, size, xxh3]`` of a file, re-hashing only when its stat moved.

    ``previous`` is a state this function returned before; raises OSError when the file
    is gone."""
    st = os.stat(path) if st is None else st
    if (
        previous
        and previous[0] is not None
        and previous[0] == st.st_mtime_ns
        and previous[1] == st.st_size
    ):
        return [previous[0], previous[1], previous[2]]
    return [_trusted_mtime(st), st.st_size, content_hash(path, st)]


class XxhashChecker(FileChangedChecker):
    """doit ``check_file_uptodate`` class: a file_dep changed when its xxh3 hash changed.

    The saved state is ``[mtime_ns or None, size, hash]``; see the module docstring for
    when the stat pair is allowed to stand for the content.
    """

    def check_modified(self, file_path, file_stat, state):
        try:
            mtime_ns, size, digest = state
        except (TypeError, ValueError):
            return True  # a state some other checker saved
        if mtime_ns is not None and mtime_ns == file_stat.st_mtime_ns and size == file_stat.st_size:
            return False
        if size != file_stat.st_size:
            return True
        return digest != content_hash(file_path, file_stat)

    def get_state(self, dep, current_state):
        try:
            previous = list(current_state) if current_state else None
        except TypeError:
            previous = None
        state = file_state(dep, previous)
        if previous is not None and state == previous:
            return None  # unchanged: doit keeps the saved one
        return state


# -- trees -------------------------------------------------------------------------------------
def listing_digest(root: str | os.PathLike) -> str:
    """A hash of the names below ``root`` (files, directories and where symlinks point),
    not of their content: what a loader that checks that files exist, but never opens them,
    depends on."""
    root = os.fspath(root)
    h = xxhash.xxh3_128()
    if not os.path.isdir(root):
        h.update(b"\0missing")
        return h.hexdigest()
    # where the folder and every link in it lead, not only what the links say: a link
    # through a second one repointed outside the library must make the loader look again
    h.update(f"{os.path.realpath(root)}\n".encode("utf-8", "surrogateescape"))
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        rel_dir = os.path.relpath(dirpath, root).replace(os.sep, "/")
        for name in sorted(dirnames + filenames):
            full = os.path.join(dirpath, name)
            kind = "d" if name in dirnames else "f"
            link = ""
            if os.path.islink(full):
                kind = "l"
                try:
                    link = os.readlink(full) + "\0" + os.path.realpath(full)
                except OSError:
                    link = "?"
            h.update(f"{kind}\0{rel_dir}/{name}\0{link}\n".encode("utf-8", "surrogateescape"))
    return h.hexdigest()


# a controller's `policy: <path>` in a declaration, block or flow style, quoted or not
_POLICY_PATH = re.compile(rb"""\bpolicy\s*:\s*["']?([^\s"',}\]#]+)""")
_POLICY_MOST = 16 * 1024 * 1024 + 1


def policy_digest(folder: str | os.PathLike, declaration: str | os.PathLike) -> str:
    """A hash of the content of the ONNX files a part's or walker's load reads: every
    ``.onnx`` file in its folder, and every path its declaration writes as a policy. The
    loader opens these (unlike meshes, which it only finds), so a changed policy must load
    the part again; a path not found counts as absent."""
    folder = os.fspath(folder)
    try:
        text = read_regular(declaration, limit=_POLICY_MOST)
    except (OSError, ValueError, Refused):  # a FIFO here would hold the build forever
        text = b""
    names = {m.group(1).decode("utf-8", "replace") for m in _POLICY_PATH.finditer(text)}
    names.update(rel for rel in walk_files(folder) if rel.endswith(".onnx"))
    h = xxhash.xxh3_128()
    for rel in sorted(names):
        h.update(rel.encode("utf-8", "surrogateescape") + b"\0")
        try:  # as the loader reads it: a regular file inside the folder, bounded
            h.update(
                read_regular(
                    os.path.join(folder, *rel.split("/")), within=folder, limit=_POLICY_MOST
                )
            )
        except (OSError, ValueError, Refused):
            h.update(b"\0absent")
        h.update(b"\n")
    return h.hexdigest()


def tree_states(root: str | os.PathLike, cache: dict[str, list] | None = None) -> dict[str, list]:
    """``{relative path: file_state}`` for every file below root, reusing ``cache`` (a
    previous result for the same root) for files whose stat did not move."""
    cache = cache or {}
    states: dict[str, list] = {}
    for rel in walk_files(root):
        try:
            states[rel] = file_state(os.path.join(os.fspath(root), rel), cache.get(rel))
        except OSError:
            continue
    return states


def digests(states: dict[str, list]) -> dict[str, str]:
    return {rel: state[2] for rel, state in states.items()}


# -- the compiler's own sources ----------------------------------------------------------------
_PACKAGE_ROOT = Path(__file__).resolve().parent.parent  # .../mobiledsl


@cache
def _source_digest(rel: str) -> str:
    """Hash of one module file or one package directory (its .py and template files)."""
    path = _PACKAGE_ROOT / rel if rel else _PACKAGE_ROOT
    h = xxhash.xxh3_128()
    if path.is_file():
        h.update(rel.encode())
        h.update(path.read_bytes())
        return h.hexdigest()
    if not path.is_dir():
        return "absent"
    for sub in walk_files(path):
        if "__pycache__" in sub.split("/"):
            continue
        if not sub.endswith((".py", ".json", ".txt")):
            continue
        h.update(f"{rel}/{sub}\0".encode())
        h.update((path / sub).read_bytes())
    return h.hexdigest()


def code_fingerprint(sources: Iterable[str]) -> str:
    """One hash of the given mobiledsl modules and packages (paths relative to the package,
    e.g. ``"library"``, ``"records.py"``; ``""`` is the whole package): a task whose phase
    code changed re-runs."""
    h = xxhash.xxh3_128()
    for rel in sorted(set(sources)):
        h.update(f"{rel}={_source_digest(rel)}\n".encode())
    return h.hexdigest()

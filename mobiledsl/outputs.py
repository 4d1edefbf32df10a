"""Writing into an output folder, which is a closed world like a library.

One module for the command line and the build graph:

- ``write_file``: atomic (a temporary file, then a rename), so a reader never sees half a
  file; identical bytes leave the file untouched, mtime included (early cutoff); a new file
  gets the permissions the umask gives (0644 under 022), not the temporary file's 0600.
- Never through a symbolic link below the output root: a link where a file goes is
  replaced by the file (the rename replaces the link, not what it points to); a link where
  a folder goes is refused with ``OutputRefused``, since what it leads to is not ours.
- ``Transaction``: the files one run writes. When a write fails (a full disk, a folder that
  takes no file, a link refused), every file the run wrote is put back as it was and every
  folder it made is removed, so the output folder is the new whole or the old one.
- ``read_asset``: a mesh or policy to copy is read as hostile input, again at copy time:
  a regular file that resolves inside its part directory.
- ``safe_relative``: the one check of a relative path that a target, a record or a cache
  entry names before anything is written or deleted there.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from pathlib import Path, PurePosixPath
from typing import Literal

from .inputs import MAX_ASSET_BYTES, Refused, read_regular
from .textsafe import is_safe

_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


class OutputRefused(OSError):
    """A path below the output root leads through a symbolic link."""


def file_mode() -> int:
    """What the umask leaves of rw-rw-rw- (read, not changed: os.umask sets as it reads)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


MAX_PATH_BYTES = 1024  # a relative output path, in UTF-8 (Linux allows 4096 in all)
MAX_NAME_BYTES = 255  # one of its names (NAME_MAX on Linux, macOS and Windows)


def safe_relative(rel: object, limit: int = MAX_PATH_BYTES) -> PurePosixPath:
    """``rel`` as a path below a folder, or ValueError saying why not. It must be written as
    the build writes paths: '/'-separated names, none empty, '.' or '..', no backslash, no
    NUL or other control, at most ``limit`` bytes and each name at most MAX_NAME_BYTES. A
    name the file system would refuse, or read as another path, never reaches it."""
    if not isinstance(rel, str) or not rel:
        raise ValueError("an empty path or one that is no text")
    try:
        size = len(rel.encode("utf-8"))  # a lone surrogate cannot be a file name
    except UnicodeEncodeError:
        raise ValueError("a path that is no valid UTF-8") from None
    if size > limit:
        raise ValueError(f"a path of {size:,} bytes, more than the {limit:,} allowed")
    if not is_safe(rel) or "\\" in rel:
        raise ValueError("a path holding a control character or a backslash")
    names = rel.split("/")
    if any(name in ("", ".", "..") for name in names):
        raise ValueError(
            "a path that is absolute, or not written plainly (an empty name, '.' or '..')"
        )
    if any(len(name.encode("utf-8")) > MAX_NAME_BYTES for name in names):
        raise ValueError(f"a name longer than {MAX_NAME_BYTES} bytes")
    return PurePosixPath(rel)


def file_and_folder(paths) -> str | None:
    """A path among ``paths`` that another one needs as a folder, or None: a set of files
    that cannot all be written."""
    listed = set(paths)
    for path in sorted(listed):
        head = path
        while "/" in head:
            head = head.rsplit("/", 1)[0]
            if head in listed:
                return head
    return None


def check_no_links(path: str | os.PathLike, root: str | os.PathLike) -> None:
    """Raise OutputRefused when a folder between ``root`` (itself not checked: the user
    chose it) and ``path`` is a symbolic link."""
    rel = os.path.relpath(os.fspath(path), os.fspath(root))
    if rel == os.curdir or rel.startswith(os.pardir + os.sep) or rel == os.pardir:
        raise OutputRefused(errno.EINVAL, "it is not inside the output folder", os.fspath(path))
    walk = os.fspath(root)
    for segment in rel.split(os.sep)[:-1]:
        walk = os.path.join(walk, segment)
        if os.path.islink(walk):
            raise OutputRefused(
                errno.ELOOP,
                "it is a symbolic link, and outputs are never written through one: remove the link",
                walk,
            )


def same_bytes(path: str, payload: bytes) -> bool:
    """Whether ``path`` is a regular file (not a link) holding exactly ``payload``."""
    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode) or st.st_size != len(payload):
            return False
        fd = os.open(path, os.O_RDONLY | _NOFOLLOW)
    except OSError:
        return False
    try:
        with os.fdopen(fd, "rb") as fh:
            return fh.read(len(payload) + 1) == payload
    except OSError:
        return False


def _write_bytes(fd: int, payload: bytes) -> None:
    """The seam every output byte goes through (tests make it fail as a full disk)."""
    view = memoryview(payload)
    while view:
        view = view[os.write(fd, view) :]


def write_file(
    path: str | os.PathLike, data: str | bytes, root: str | os.PathLike | None = None
) -> bool:
    """Write ``data`` to ``path`` atomically; returns False (the file untouched) when it
    already holds those bytes. With ``root``, refuse a link on the way (OutputRefused)."""
    path = os.fspath(path)
    payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    if root is not None:
        check_no_links(path, root)
    if same_bytes(path, payload):
        return False
    parent = os.path.dirname(path) or os.curdir
    os.makedirs(parent, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{os.path.basename(path)}.", suffix=".tmp", dir=parent)
    try:
        try:
            os.fchmod(fd, file_mode())
            _write_bytes(fd, payload)
        finally:
            os.close(fd)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return True


class Transaction:
    """The files one run writes below ``root``, withdrawn together when one fails.

    Use as a context manager: on an exception every written file gets its old bytes back
    (kept as a hard link beside it while the run lasts) or is removed when it is new, and
    the folders the run made are removed; the exception then propagates."""

    def __init__(self, root: str | os.PathLike | None = None):
        self.root = None if root is None else os.fspath(root)
        self._undo: list[tuple[str, str | bytes | None]] = []  # (path, backup)
        self._made: list[str] = []

    def __enter__(self) -> Transaction:
        return self

    def __exit__(self, kind, exc, tb) -> Literal[False]:  # never swallows the exception
        if kind is None:
            self.commit()
        else:
            self.rollback()
        return False

    def write(self, path: str | os.PathLike, data: str | bytes) -> bool:
        path = os.fspath(path)
        payload = data.encode("utf-8") if isinstance(data, str) else bytes(data)
        if self.root is not None:
            check_no_links(path, self.root)
        if same_bytes(path, payload):
            return False
        self._makedirs(os.path.dirname(path) or os.curdir)
        backup = self._keep(path)
        self._undo.append((path, backup))
        write_file(path, payload)
        return True

    def _makedirs(self, folder: str) -> None:
        missing = []
        probe = folder
        while not os.path.lexists(probe) and probe != os.path.dirname(probe):
            missing.append(probe)
            probe = os.path.dirname(probe)
        for new in reversed(missing):
            try:
                os.mkdir(new)
            except FileExistsError:
                # another worker of the same build made it between the look and the mkdir:
                # it is theirs (not withdrawn with this run), and it must be a folder
                if not os.path.isdir(new) or os.path.islink(new):
                    raise
                continue
            self._made.append(new)

    @staticmethod
    def _keep(path: str) -> str | bytes | None:
        """A way back to what ``path`` is now: a hard link to it, or its bytes where the
        file system has no hard links; None when there is nothing."""
        if not os.path.lexists(path):
            return None
        folder, name = os.path.split(path)
        fd, backup = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=folder or None)
        os.close(fd)
        os.unlink(backup)
        try:
            os.link(path, backup, follow_symlinks=False)
            return backup
        except OSError:
            return Path(path).read_bytes() if os.path.isfile(path) else None

    def commit(self) -> None:
        for _, backup in self._undo:
            if isinstance(backup, str):
                _unlink(backup)
        self._undo.clear()
        self._made.clear()

    def rollback(self) -> None:
        for path, backup in reversed(self._undo):
            try:
                if isinstance(backup, str):
                    os.replace(backup, path)
                    _unlink(backup)  # a rename onto its own hard link leaves both names
                elif isinstance(backup, bytes):
                    write_file(path, backup)
                else:
                    _unlink(path)
            except OSError:
                pass  # best effort: the first error is what is reported
        for folder in reversed(self._made):
            try:
                os.rmdir(folder)
            except OSError:
                pass
        self._undo.clear()
        self._made.clear()


def _unlink(path: str) -> None:
    try:
        os.unlink(path)
    except OSError:
        pass


def part_dir_of(asset: str | os.PathLike) -> str | None:
    """The part directory an asset lies in: the nearest folder above it that holds a
    component.yaml (assets lie in folders of their own inside it)."""
    folder = os.path.dirname(os.path.abspath(os.fspath(asset)))
    while True:
        if os.path.isfile(os.path.join(folder, "component.yaml")):
            return folder
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def read_asset(path: str | os.PathLike) -> bytes:
    """The bytes of an asset file to copy into the outputs, checked again now (a link
    repointed since the library was loaded cannot leak): a regular file inside its part
    directory. Raises OSError (Refused carries its reason as the message)."""
    part_dir = part_dir_of(path)
    try:
        return read_regular(
            path, within=part_dir or os.path.dirname(os.fspath(path)), limit=MAX_ASSET_BYTES
        )
    except Refused as refused:
        raise OSError(errno.EPERM, f"not copied: {refused.why}", os.fspath(path)) from None

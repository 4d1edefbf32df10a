"""Reading a file a user's input names, as hostile input.

Libraries are shared catalogues: a declaration may be a symbolic link to ``/dev/zero`` or
``/etc/passwd``, a FIFO, or 50 MB of text. ``read_regular`` opens only a regular file,
without blocking (a FIFO opened to read would wait for a writer forever), checks what it
opened rather than what the name said a moment before, and reads at most ``limit`` bytes.
With ``within``, the file must resolve inside that folder, whatever links lead to it.
``open_regular`` makes the same checks for a caller that streams a file it copies, and can
refuse every link on the way, even one that leads inside.
"""

from __future__ import annotations

import os
import stat

MAX_BYTES = 16 * 1024 * 1024  # a declaration or a program file
MAX_ASSET_BYTES = 1024 * 1024 * 1024  # a mesh or a policy copied into the outputs

_FLAGS = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


class Refused(Exception):
    """The file is not read. ``kind`` is "outside", "not_regular", "too_large" or "link"
    (``open_regular`` without links); ``why`` completes "<path> is not read: ..."."""

    def __init__(self, path: str, kind: str, why: str):
        super().__init__(f"{path}: {why}")
        self.path = path
        self.kind = kind
        self.why = why


def _within(base: str, target: str) -> bool:
    """Whether the resolved ``target`` lies in the resolved folder ``base``, or is it."""
    return target == base or target.startswith(base.rstrip(os.sep) + os.sep)


_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
# opening folder by folder needs both; else every path is resolved as written
# folders can be opened one from another without following links
BENEATH = bool(_NOFOLLOW) and os.open in os.supports_dir_fd


def _open_beneath(
    path: str, within: str | os.PathLike, folders: Folders | None = None
) -> int | None:
    """``path`` opened when it is written as ``within`` and names under it, none of them a
    symbolic link, '.' or '..': each folder is opened from the one before without
    following a link, so the file lies in the resolved ``within`` and resolving the path
    (an lstat a segment from the top) is not needed. The folders above the file's own are
    taken from ``folders`` when given. None otherwise, or on any error: then the path is
    resolved and opened as written, which words what went wrong."""
    base = os.fspath(within).rstrip(os.sep)
    if not BENEATH or not path.startswith(base + os.sep):
        return None
    names = path[len(base) + 1 :].split(os.sep)
    if "" in names or os.curdir in names or os.pardir in names:
        return None
    try:
        top = (
            folders.folder(base, names[:-2])
            if folders is not None
            else open_folders(base, names[:-2])
        )
    except OSError:
        return None
    folder = top
    try:
        for name in names[-2:-1]:  # the file's own folder, when it has one
            folder = os.open(name, _DIR_FLAGS | _NOFOLLOW, dir_fd=top)
        return os.open(names[-1], _FLAGS | _NOFOLLOW, dir_fd=folder)
    except OSError:
        return None
    finally:
        if folder != top:
            os.close(folder)
        if folders is None:
            os.close(top)


def open_folders(base: str, names: list[str]) -> int:
    """The folder ``base`` (as written), then each of ``names`` in turn from the one before
    without following a link, opened: the last one's descriptor, which the caller closes.
    Raises OSError (ValueError for a name holding NUL); needs ``BENEATH``."""
    folder = os.open(base or os.sep, _DIR_FLAGS)
    try:
        for name in names:
            folder, outer = os.open(name, _DIR_FLAGS | _NOFOLLOW, dir_fd=folder), folder
            os.close(outer)
    except BaseException:
        os.close(folder)
        raise
    return folder


class Folders:
    """Folders kept open while many files under one root are read, such as the
    declarations of a library: the folders above each file's own (``parts``) are opened
    once, as ``read_regular`` opens them, and the next file under them is opened from
    there. Use it in a ``with`` block, which closes them."""

    def __init__(self) -> None:
        self._open: dict[tuple[str, tuple[str, ...]], int] = {}

    def folder(self, base: str, names: list[str]) -> int:
        key = (base, tuple(names))
        fd = self._open.get(key)
        if fd is None:
            fd = self._open[key] = open_folders(base, names)
        return fd

    def __enter__(self) -> Folders:
        return self

    def __exit__(self, *exc) -> None:
        for fd in self._open.values():
            os.close(fd)
        self._open.clear()


def read_regular(
    path: str | os.PathLike,
    *,
    within: str | os.PathLike | None = None,
    limit: int = MAX_BYTES,
    folders: Folders | None = None,
) -> bytes:
    """The bytes of the regular file ``path``. Raises Refused (see the class) or the
    OSError of opening it (a file that does not exist, permissions). ``folders``: the
    folders under ``within`` kept open between files (see ``Folders``)."""
    fd = open_regular(path, within=within, limit=limit, folders=folders)
    try:
        data = _read_at_most(fd, limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew after fstat
        raise Refused(
            os.fspath(path), "too_large", f"it holds more than {limit:,} bytes ({size_text(limit)})"
        )
    return data


def open_regular(
    path: str | os.PathLike,
    *,
    within: str | os.PathLike | None = None,
    limit: int = MAX_BYTES,
    folders: Folders | None = None,
    links: bool = True,
) -> int:
    """``path`` opened to read as ``read_regular`` opens it, for a caller that streams it
    (and closes the descriptor; reading past ``limit`` is its own check). With ``links``
    False a symbolic link on the way from ``within`` is refused (kind "link") even when it
    leads inside: what is copied from there must be the folder's own files, not links."""
    path = os.fspath(path)
    fd = _open_beneath(path, within, folders) if within is not None else None
    if fd is None:
        if not links:
            _refuse_links(path, within)
        real = os.path.realpath(path)
        if within is not None and not _within(os.path.realpath(within), real):
            raise Refused(
                path,
                "outside",
                "it is reached through a symbolic link that "
                f"leads outside {os.fspath(within)} (to {real})",
            )
        fd = os.open(real, _FLAGS | (0 if links else _NOFOLLOW))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Refused(
                path, "not_regular", f"it is {what_it_is(st.st_mode)}, not a regular file"
            )
        if st.st_size > limit:
            raise Refused(
                path,
                "too_large",
                f"it holds {st.st_size:,} bytes, more than the "
                f"{limit:,} ({size_text(limit)}) a file may hold",
            )
    except BaseException:
        os.close(fd)
        raise
    return fd


def _refuse_links(path: str, within: str | os.PathLike | None) -> None:
    """Refused (kind "link") when ``path``, or a folder between ``within`` and it, is a
    symbolic link."""
    base = os.fspath(within).rstrip(os.sep) if within is not None else None
    walk, names = path, []
    if base and path.startswith(base + os.sep):
        walk, names = base, path[len(base) + 1 :].split(os.sep)
    for i, name in enumerate(names or [""]):
        walk = os.path.join(walk, name) if name else walk
        if os.path.islink(walk):  # named from ``within``, which the caller gave
            raise Refused(
                path,
                "link",
                "it is a symbolic link"
                if walk == path
                else f"it lies under {'/'.join(names[: i + 1])}, a symbolic link",
            )


def _read_at_most(fd: int, most: int) -> bytes:
    chunks: list[bytes] = []
    left = most
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def what_it_is(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a plain file"


def size_text(n: int) -> str:
    return f"{n // (1024 * 1024)} MiB" if n >= 1024 * 1024 else f"{n:,} bytes"

"""Reads a file of the package as the node may: one that lies inside a given folder once
every link is followed, is a regular file (a FIFO would hang the read, a device never end
it) and holds no more than a cap of bytes, read no further than that cap.

This file is copied into the generated ROS package: it imports the standard library only.
"""
from __future__ import annotations

import os
import stat

# a FIFO opened for reading would wait for a writer; without blocking it opens at once and
# the check below refuses it. Neither flag exists on Windows, where neither case arises so.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0) \
    | getattr(os, "O_BINARY", 0)


class Unreadable(Exception):
    """Why a file was not read, as the end of a sentence that names it."""


def is_inside(path: str, root: str) -> bool:
    """Whether ``path``, every link followed, lies in ``root`` (also followed) or below."""
    real, top = os.path.realpath(path), os.path.realpath(root)
    return os.path.commonpath([real, top]) == top


def read_inside(path: str, root: str, cap: int) -> bytes:
    """The bytes of ``path``; Unreadable when it lies outside ``root``, is no regular file,
    or holds more than ``cap`` bytes."""
    if not is_inside(path, root):
        raise Unreadable(f"lies outside {root}, the folder it may read from")
    try:
        fd = os.open(os.path.realpath(path), _OPEN_FLAGS)
    except OSError as exc:
        raise Unreadable(f"cannot be read ({exc.strerror or exc})") from exc
    with os.fdopen(fd, "rb") as fh:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Unreadable("is not a regular file")
        if info.st_size > cap:
            raise Unreadable(f"holds {info.st_size} bytes, more than the {cap} the node reads")
        data = fh.read(cap + 1)            # it may have grown since: never past the cap
    if len(data) > cap:
        raise Unreadable(f"holds more than the {cap} bytes the node reads")
    return data

"""Copying a part's planned files into the new part directory, as hostile input again.

The plan was made from what the folders held a moment before; each file is opened now
folder by folder from the checkout's root without following a link (``inputs.open_regular``
without links), checked to be a regular file under its cap, and streamed, never read
whole. Each is created anew (``O_EXCL``, no link followed) under the new part directory,
which the converter made itself: nothing is written anywhere else.
"""

from __future__ import annotations

import os
from dataclasses import replace

from ..inputs import Refused, open_regular, size_text
from . import assets
from .assets import AssetPlan, FileCopy
from .refusals import PartRefused, Refusal
from .source import V3Part

_CHUNK = 1 << 20
_CREATE = (
    os.O_WRONLY
    | os.O_CREAT
    | os.O_EXCL
    | getattr(os, "O_NOFOLLOW", 0)
    | getattr(os, "O_CLOEXEC", 0)
)


def copy_files(source: str, part: V3Part, plan: AssetPlan, part_dir: str) -> AssetPlan:
    """``plan`` with the files refused now added to its refusals. Raises PartRefused when
    a named file is refused or the part's files outgrow ``assets.MAX_PART_BYTES``."""
    refused = list(plan.refused)
    left = assets.MAX_PART_BYTES
    for file in plan.files:
        path = f"{part.folder}/{file.source}"
        limit = min(assets.MAX_FILE_BYTES, left)
        try:
            left -= _copy(source, path, part_dir, file, limit)
        except (Refused, OSError, ValueError) as exc:
            over_total = limit < assets.MAX_FILE_BYTES and getattr(exc, "kind", "") == "too_large"
            refusal = _refusal(path, part.id, exc, file.named or over_total)
            if refusal.left_out:
                raise PartRefused(refusal) from None
            refused.append(refusal)
    return replace(plan, refused=tuple(refused))


def _refusal(path: str, part_id: str, exc: Exception, left_out: bool) -> Refusal:
    if isinstance(exc, Refused):
        return Refusal(path, part_id, exc.kind, exc.why, left_out)
    why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
    return Refusal(path, part_id, "unreadable", f"it cannot be read ({why})", left_out)


def _copy(root: str, path: str, part_dir: str, file: FileCopy, limit: int) -> int:
    """Copies one file; its size. A copy that fails leaves no part of the file behind."""
    src = os.path.join(root, *path.split("/"))
    dst = os.path.join(part_dir, *file.target.split("/"))
    fd = open_regular(src, within=root, limit=limit, links=False)
    made = False
    try:
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        out = os.open(dst, _CREATE, 0o666)
        made = True
        try:
            size = _stream(fd, out, limit)
        finally:
            os.close(out)
        if size > limit:  # it grew since it was opened
            raise Refused(
                src,
                "too_large",
                f"it grew to more than {limit:,} bytes ({size_text(limit)}) while it was copied",
            )
    except BaseException:
        if made:
            os.unlink(dst)
        raise
    finally:
        os.close(fd)
    return size


def _stream(src: int, dst: int, limit: int) -> int:
    """Copies up to ``limit`` + 1 bytes (one more tells that it grew); how many."""
    done = 0
    while done <= limit:
        chunk = os.read(src, min(_CHUNK, limit + 1 - done))
        if not chunk:
            break
        view = memoryview(chunk)
        while view:
            view = view[os.write(dst, view) :]
        done += len(chunk)
    return done

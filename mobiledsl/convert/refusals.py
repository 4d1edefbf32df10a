"""What the converter would not read or copy, and why: a refusal is reported, never fatal.

A checkout is input from a stranger. A folder or file that is a symbolic link, anything
that is not a regular file (a FIFO, a device), a file larger than its cap, and a part whose
copied files exceed the part's caps are each left where they are and named in the report.
A refusal of a part's own declaration, of a file its declaration names or of its caps
leaves the whole part out of the library (``left_out``); a refused file beside the named
ones is only not copied.
"""

from __future__ import annotations

import os

from ..recordtype import record


@record
class Refusal:
    path: str  # relative to the checkout root, with /
    part: str | None  # the part it concerns; None for a folder that was no part
    kind: str  # link, outside, not_regular, too_large, too_many, unreadable
    why: str  # completes "<path> is not read: ..."
    left_out: bool  # the part is not in the library because of it


class PartRefused(Exception):
    """The part is left out of the library; ``refusal`` says why."""

    def __init__(self, refusal: Refusal):
        super().__init__(f"{refusal.path}: {refusal.why}")
        self.refusal = refusal


def link_target(path: str) -> str:
    """Where the link ``path`` points, as written in it (for a refusal's why)."""
    try:
        return os.readlink(path)
    except OSError:
        return "somewhere it cannot say"

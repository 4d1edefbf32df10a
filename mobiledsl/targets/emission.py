"""What a target hands back: files by relative path, asset directories to copy whole, and
the diagnostics it raised. Writing them is the caller's job (CLI or build graph)."""

from __future__ import annotations

from dataclasses import field

from ..diagnostics import Diagnostic
from ..recordtype import record


@record
class Emission:
    files: dict[str, bytes] = field(default_factory=dict)
    assets: tuple[tuple[str, str], ...] = ()  # (source directory, destination relative dir)
    diagnostics: tuple[Diagnostic, ...] = ()

"""Texts with their lines ended in each way a file may end them, for the line-ending tests."""
from __future__ import annotations

ENDINGS = {"lf": "\n", "crlf": "\r\n", "cr": "\r", "mixed": None}


def ended(text: str, ending: str | None) -> str:
    """``text`` (written with \\n) with its lines ended by ``ending``; None mixes the three."""
    if ending is not None:
        return text.replace("\n", ending)
    lines = text.split("\n")
    mix = ("\r\n", "\r", "\n")
    return "".join(line + mix[i % 3] for i, line in enumerate(lines[:-1])) + lines[-1]


def where(diagnostic):
    """A diagnostic's code and place, for comparing places."""
    s = diagnostic.span
    return diagnostic.code, s.line, s.column, s.end_line, s.end_column

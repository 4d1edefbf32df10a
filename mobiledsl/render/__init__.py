"""Renderings of diagnostics: human (rustc-like, optional colour), JSON and SARIF 2.1.0.

``render(fmt, diagnostics, sources=..., color=...)`` picks one by its command-line name.

Each form is imported when it is first asked for (a name of this package is looked up in its
module then), so that a compile pays only for the form it prints: a successful one prints no
JSON and no SARIF.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..diagnostics import Diagnostic
    from .human import Sources

FORMATS = ("human", "json", "sarif")

# The module each name of this package lives in.
_HOMES = {
    "Sources": "human",
    "render_human": "human",
    "summary_line": "human",
    "render_json": "jsonfmt",
    "to_json_document": "jsonfmt",
    "render_sarif": "sarif",
    "to_sarif": "sarif",
}


def __getattr__(name: str):
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{home}", __name__), name)


def render(
    fmt: str, diagnostics: Iterable[Diagnostic], sources: Sources = None, color: bool = False
) -> str:
    if fmt == "human":
        from .human import render_human

        return render_human(diagnostics, sources, color)
    if fmt == "json":
        from .jsonfmt import render_json

        return render_json(diagnostics)
    if fmt == "sarif":
        from .sarif import render_sarif

        return render_sarif(diagnostics)
    raise ValueError(f"unknown diagnostics format {fmt!r}")


__all__ = [
    "FORMATS",
    "Sources",
    "render",
    "render_human",
    "render_json",
    "render_sarif",
    "summary_line",
    "to_json_document",
    "to_sarif",
]

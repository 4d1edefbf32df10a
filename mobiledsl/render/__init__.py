"""Renderings of diagnostics: human (rustc-like, optional colour), JSON (D9) and SARIF 2.1.0.

``render(fmt, diagnostics, sources=..., color=...)`` picks one by its command-line name.
"""
from __future__ import annotations

from typing import Iterable

from ..diagnostics import Diagnostic
from .human import Sources, render_human, summary_line
from .jsonfmt import render_json, to_json_document
from .sarif import render_sarif, to_sarif

FORMATS = ("human", "json", "sarif")


def render(fmt: str, diagnostics: Iterable[Diagnostic], sources: Sources = None,
           color: bool = False) -> str:
    if fmt == "human":
        return render_human(diagnostics, sources, color)
    if fmt == "json":
        return render_json(diagnostics)
    if fmt == "sarif":
        return render_sarif(diagnostics)
    raise ValueError(f"unknown diagnostics format {fmt!r}")


__all__ = ["FORMATS", "Sources", "render", "render_human", "render_json", "render_sarif",
           "summary_line", "to_json_document", "to_sarif"]

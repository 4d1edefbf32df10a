"""The one way a ``Library`` is made from what loading its declarations gave: the command
line's whole and named loads (``phases.run_library``, ``phases.run_libraries``) and the
build graph's records (``graph.libraries``) all build it here, so resolve sees one library
whichever driver loaded it.

A declaration that did not load is left out with its problems. For a program's compile
they are kept as a record of the build graph holds them (``as_records``): each in its file,
without the line and column (the graph keeps those apart from the values, so that a comment
moved in the file does not re-run resolve). Resolve's note on a left-out part then reads
the same from either driver; the load's own diagnostic, reported beside it, says where.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from typing import Any

from ..diagnostics import Diagnostic, Label, Span
from .model import LeftOut, Library

Loaded = tuple[Any, Sequence[Diagnostic]]  # (Part | Walker | None, what loading said)


def unplaced(d: Diagnostic) -> Diagnostic:
    """``d`` with each span reduced to its file."""

    def file_only(span: Span | None) -> Span | None:
        return None if span is None else Span(span.file)

    return dataclasses.replace(
        d,
        span=file_only(d.span),
        labels=tuple(Label(Span(label.span.file), label.message) for label in d.labels),
    )


def build_library(
    name: str,
    root: str | os.PathLike,
    parts: Mapping[str, Loaded],
    walkers: Mapping[str, Loaded] | None = None,
    as_records: bool = False,
    name_span: Span | None = None,
) -> Library:
    """The library ``name`` at ``root`` from its parts and walkers by id, each as its load
    gave it, in the order given; ``as_records``: a left-out declaration's problems without
    their lines and columns; ``name_span``: where its library.yaml states the name (its
    manifest's ``name_span``, or as the graph's manifest record places it)."""

    def _left_out(key: str, file: str, diagnostics: Sequence[Diagnostic]) -> LeftOut:
        return LeftOut(key, file, tuple(unplaced(d) if as_records else d for d in diagnostics))

    root = os.fspath(root)
    left_out: dict[str, LeftOut] = {}
    loaded = {}
    for pid, (part, diags) in parts.items():
        if part is not None:
            loaded[pid] = part
        else:
            file = os.path.join(root, "parts", pid, "component.yaml")
            left_out[pid] = _left_out(pid, file, diags)
    walking = {}
    for wid, (walker, diags) in (walkers or {}).items():
        if walker is not None:
            walking[wid] = walker
        else:
            file = os.path.join(root, "walkers", wid, "walker.yaml")
            left_out[f"walkers/{wid}"] = _left_out(wid, file, diags)
    return Library(name, root, loaded, walking, left_out, name_span)

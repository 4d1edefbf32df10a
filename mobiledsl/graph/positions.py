"""Values for computing, positions for rendering: what keeps a comment edit from reaching
past the task that reads the edited file.

A record holds what the later phases compute with; they read it and doit hashes it. Where each
value was written (the line and column of every span) and how a number was spelled (``1.00``
or ``1.0``) change with comments, blank lines, key order and flow or block style while no
value does. So ``split`` takes them out of a record before it is written:

- every span (a ``Span``, a diagnostic's place, a label's) keeps its file and loses its line
  and column; it says instead where they are, ``"at": "<record>#<n>"``, and the n-th entry
  of the record's positions table (``table_path``) holds them. The entries are numbered in
  the record's canonical order, so the same values give the same numbers. Read back
  (``span_from_json``, ``decode``, ``diagnostic_from_json``), such a span is a
  ``TableSpan``: a ``Span`` to the phases, which pass it on as they got it, and the graph's
  alone to put its place back.
- a number of a program file keeps its value and is spelled as Python spells that value.

The positions table is written beside the record by the same task, and no later task
depends on it. ``Positions`` puts the lines and columns back into diagnostics just before
they are rendered, from the tables as they are then: a diagnostic a later phase reported
against a part points at the part's line after a comment moved it, though that phase did
not run again.
"""

from __future__ import annotations

import dataclasses
import json
from typing import Any, TypeVar, overload

from ..diagnostics import Diagnostic, Label, Span
from ..records import from_json
from ..recordtype import record
from . import layout

T = TypeVar("T")

PLACE = ("line", "column", "end_line", "end_column")


def table_path(record: str) -> str:
    """Where a record's positions are kept: ``build/.positions/<the record's path>``."""
    prefix = f"{layout.BUILD}/"
    rel = record[len(prefix) :] if record.startswith(prefix) else record
    return f"{layout.BUILD}/{layout.POSITIONS}/{rel}"


@record
class TableSpan(Span):
    """A span read from a build record: its line and column are the ``n``-th entry of the
    positions table of the record ``at`` names (``"<record>#<n>"``)."""

    at: str = ""

    def to_json(self) -> dict:
        return {**super().to_json(), "at": self.at}

    def order(self) -> tuple:
        """Spans of one record sort by their place in its table (numbered in the record's
        order, which is the order they are written)."""
        record, _, n = self.at.rpartition("#")
        return (record, int(n) if n.isdigit() else 0)


@overload
def span_from_json(data: dict) -> Span: ...


@overload
def span_from_json(data: None) -> None: ...


def span_from_json(data: dict | None) -> Span | None:
    """A span of a build record: a ``TableSpan`` where the record keeps its place apart."""
    if data is None:
        return None
    at = data.get("at")
    if at is None:
        return Span.from_json(data)
    if not isinstance(at, str):
        raise TypeError(f"a span's place in its table is no text: {at!r}")
    return TableSpan(data["file"], None, None, None, None, at)


def decode(cls: type[T], data: Any) -> T:
    """A build record's value of type ``cls``, its spans read by ``span_from_json``."""
    return from_json(cls, data, span=span_from_json)


def diagnostic_from_json(data: dict) -> Diagnostic:
    """A diagnostic of a build record, its spans read by ``span_from_json``."""
    return Diagnostic.from_json(data, span_from_json)


def _is_span(node: dict) -> bool:
    return "file" in node and all(k in node for k in PLACE) and isinstance(node["line"], int)


def _is_number(node: dict) -> bool:
    value = node.get("value")
    return (
        node.keys() == {"raw", "span", "value"}
        and isinstance(value, (int, float))
        and not isinstance(value, bool)
    )


def split(data: Any, record: str) -> tuple[Any, list[list]]:
    """(values, positions) of a record's plain JSON: see the module docstring."""
    table: list[list] = []

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(v) for v in node]
        if not isinstance(node, dict):
            return node
        out = {k: walk(node[k]) for k in sorted(node)}
        if _is_span(node):
            table.append([node[k] for k in PLACE])
            out.update(dict.fromkeys(PLACE), at=f"{record}#{len(table) - 1}")
        if _is_number(node):
            out["raw"] = repr(float(node["value"]))
        return out

    return walk(data), table


class Positions:
    """Puts lines and columns back into spans, reading each table once."""

    def __init__(self) -> None:
        self._tables: dict[str, list | None] = {}

    def _table(self, record: str) -> list | None:
        if record not in self._tables:
            try:
                with open(table_path(record), "rb") as fh:
                    self._tables[record] = json.loads(fh.read())
            except (OSError, ValueError):
                self._tables[record] = None
        return self._tables[record]

    def span(self, span: Span | None) -> Span | None:
        if not isinstance(span, TableSpan):
            return span
        record, _, n = span.at.rpartition("#")
        table = self._table(record)
        try:
            place = table[int(n)] if table is not None else None
        except (TypeError, ValueError, IndexError):
            place = None
        if place is None:
            return Span(span.file)  # the table is gone: the file alone
        return Span(span.file, *place)

    def placed(self, span: Span) -> Span:
        """``span`` (never None) with its line and column put back."""
        return self.span(span) or span

    def diagnostic(self, d: Diagnostic) -> Diagnostic:
        labels = tuple(Label(self.placed(label.span), label.message) for label in d.labels)
        fixes = tuple(dataclasses.replace(f, span=self.placed(f.span)) for f in d.fixes)
        return dataclasses.replace(d, span=self.span(d.span), labels=labels, fixes=fixes)

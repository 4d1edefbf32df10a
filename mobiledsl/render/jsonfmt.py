"""The JSON rendering of diagnostics (docs/diagnostics.md), one object printed on stdout::

    {"diagnostics": [{"severity", "code", "message", "file", "line", "column",
                      "end_line", "end_column", "help": [...], "notes": [...],
                      "label", "labels": [...]}],
     "summary": {"errors": n, "warnings": n}}

Lines and columns are 1-based, ``end_column`` inclusive, and null where a diagnostic has no
place in a file (``file`` is then the path it is about, or ""). ``label`` and ``labels`` (the
secondary places) go beyond the keys every diagnostic has; tools may ignore them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from ..diagnostics import Diagnostic, Span, count


def diagnostic_to_json(d: Diagnostic) -> dict:
    s = d.span or Span("")
    return {
        "severity": d.severity.value,
        "code": d.code,
        "message": d.message,
        "file": s.file,
        "line": s.line,
        "column": s.column,
        "end_line": s.end_line,
        "end_column": s.end_column,
        "help": list(d.help),
        "notes": list(d.notes),
        "label": d.label,
        "labels": [
            {
                "file": l.span.file,
                "line": l.span.line,
                "column": l.span.column,
                "end_line": l.span.end_line,
                "end_column": l.span.end_column,
                "message": l.message,
            }
            for l in d.labels
        ],
        # what `mobiledsl fix` would write; only when there is some, so the shape of every
        # other diagnostic is as it was
        **({"fixes": [f.to_json() for f in d.fixes]} if d.fixes else {}),
    }


def to_json_document(diagnostics: Iterable[Diagnostic]) -> dict:
    diagnostics = list(diagnostics)
    return {
        "diagnostics": [diagnostic_to_json(d) for d in diagnostics],
        "summary": count(diagnostics),
    }


def render_json(diagnostics: Iterable[Diagnostic]) -> str:
    """The JSON document as text, indented, ending with a newline."""
    return json.dumps(to_json_document(diagnostics), indent=2, ensure_ascii=False) + "\n"

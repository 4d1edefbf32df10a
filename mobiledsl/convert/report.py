"""The conversion report: ``conversion-report.json`` and its summary for people.

Both name every value dropped or not carried by part and path, with why, what was
carried as written for a person to settle, and what was refused (``refusals``). Neither
holds an absolute path or a time, so the same source gives the same bytes. The summary is
for a terminal: every line of it passes through ``textsafe.shown``.
"""

from __future__ import annotations

import json
from typing import Any

from ..diagnostics import Diagnostic
from ..recordtype import record
from ..textsafe import shown
from .emit import Number
from .refusals import Refusal
from .rules import Item


@record
class PartReport:
    id: str
    source: str  # "<category>/<id>/part.yaml"
    copied: tuple[tuple[str, str], ...]  # (from, to), relative to the part folders


@record
class Report:
    library: str
    parts: tuple[PartReport, ...]
    dropped: tuple[Item, ...]
    not_carried: tuple[Item, ...]
    to_settle: tuple[Item, ...]
    diagnostics: tuple[Diagnostic, ...]  # the loader's, files relative to the destination
    refused: tuple[Refusal, ...]  # not read or not copied, sorted by path
    loaded: int
    left_out: tuple[str, ...]


def plain(value: Any) -> Any:
    """JSON data with the numbers kept as written turned back into numbers."""
    if isinstance(value, Number):
        return json.loads(value)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value]
    return value


def _item(item: Item, with_value: bool = True) -> dict[str, Any]:
    out = {"part": item.part, "path": item.path}
    if with_value:
        out["value"] = plain(item.value)
    return out | {"why": item.why}


def to_json(report: Report) -> str:
    data = {
        "library": report.library,
        "parts": [
            {
                "id": p.id,
                "from": p.source,
                "to": f"parts/{p.id}/component.yaml",
                "copied": [{"from": a, "to": b} for a, b in p.copied],
            }
            for p in report.parts
        ],
        "dropped": [_item(i) for i in report.dropped],
        "not_carried": [_item(i) for i in report.not_carried],
        "carried_as_written_to_settle": [_item(i, False) for i in report.to_settle],
        "refused": [
            {"path": r.path, "part": r.part, "kind": r.kind, "why": r.why, "left_out": r.left_out}
            for r in report.refused
        ],
        "loaded": report.loaded,
        "left_out": list(report.left_out),
        "diagnostics": [d.to_json() for d in report.diagnostics],
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _short(value: Any, width: int = 60) -> str:
    text = json.dumps(plain(value), ensure_ascii=False)
    return text if len(text) <= width else text[: width - 3] + "..."


def summary(report: Report, dest: str) -> list[str]:
    """The lines for a terminal: what the checkout held is escaped (``textsafe.shown``)."""
    n = len(report.parts)
    lines = [f"converted {n} part{'s' if n != 1 else ''} into {dest} (library '{report.library}')"]
    sections = (
        ("dropped", report.dropped, True),
        (
            "not carried (kept where and as written; the loader reports it)",
            report.not_carried,
            True,
        ),
        ("carried as written, for you to settle", report.to_settle, False),
    )
    for title, items, show in sections:
        if items:
            lines.append(f"{title}:")
            for i in items:
                value = f" = {_short(i.value)}" if show else ""
                lines.append(f"  {i.part}: {i.path}{value}: {i.why}")
    if report.refused:
        lines.append("refused (not read or not copied):")
        for r in report.refused:
            out = f" (the part {r.part} is left out)" if r.left_out and r.part else ""
            lines.append(f"  {r.path}: {r.why}{out}")
    loaded = f"the loader loaded {report.loaded} of {n}"
    if report.left_out:
        why = "the diagnostics and refusals" if report.refused else "the diagnostics"
        loaded += f"; left out, see {why} above: {', '.join(report.left_out)}"
    lines.append(loaded)
    lines.append(f"report: {dest}/conversion-report.json")
    return [shown(line) for line in lines]

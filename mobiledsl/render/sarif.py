"""SARIF 2.1.0 rendering of diagnostics, for code-scanning annotations in CI.

One run whose tool driver is mobiledsl, with one rule per diagnostic code the log uses (its
description from the code catalogue, ``mobiledsl.codes``) and one result per diagnostic.
Paths are written as URIs relative to the working directory (``uriBaseId`` ``%SRCROOT%``),
with forward slashes; a file outside it is written as an absolute ``file://`` URI. Our end
columns are inclusive, SARIF's ``endColumn`` is exclusive, hence the ``+ 1``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Mapping
from pathlib import Path, PurePosixPath
from urllib.parse import quote

from ..diagnostics import CodeInfo, Diagnostic, Span

SARIF_VERSION = "2.1.0"
SARIF_SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
SRCROOT = "%SRCROOT%"

_LEVELS = {"error": "error", "warning": "warning", "note": "note"}


def tool_version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("mobiledsl")
    except PackageNotFoundError:
        return "0+unknown"


def artifact_location(file: str, base_dir: str | os.PathLike | None = None) -> dict:
    """``{"uri", "uriBaseId"}`` for a path as a diagnostic states it."""
    base = Path(base_dir if base_dir is not None else os.getcwd()).resolve()
    path = Path(file)
    absolute = path if path.is_absolute() else base / path
    absolute = Path(os.path.normpath(absolute))
    try:
        relative = absolute.relative_to(base)
    except ValueError:
        return {"uri": absolute.as_uri()}
    return {"uri": quote(PurePosixPath(*relative.parts).as_posix(), safe="/"), "uriBaseId": SRCROOT}


def _region(span: Span) -> dict | None:
    if span.line is None:
        return None
    region = {"startLine": span.line}
    if span.column is not None:
        region["startColumn"] = span.column
    end_line = span.end_line if span.end_line is not None else span.line
    region["endLine"] = end_line
    if span.end_column is not None:
        region["endColumn"] = span.end_column + 1
    elif span.column is not None and end_line == span.line:
        region["endColumn"] = span.column + 1
    return region


def _physical(span: Span, base_dir) -> dict:
    physical = {"artifactLocation": artifact_location(span.file, base_dir)}
    region = _region(span)
    if region is not None:
        physical["region"] = region
    return physical


def _message_text(d: Diagnostic) -> str:
    text = d.message
    for h in d.help:
        text += f"\nhelp: {h}"
    for n in d.notes:
        text += f"\nnote: {n}"
    return text


def _rule(code: str, info: CodeInfo | None, first: Diagnostic) -> dict:
    rule: dict = {"id": code, "name": code.rsplit(".", 1)[-1]}
    if info is not None:
        rule["shortDescription"] = {"text": info.summary}
        if info.explanation:
            rule["fullDescription"] = {"text": info.explanation}
        help_text = info.explanation
        if info.example:
            help_text += "\n\nExample:\n" + info.example
        rule["help"] = {"text": help_text or info.summary}
        rule["defaultConfiguration"] = {"level": _LEVELS[info.severity.value]}
    else:
        rule["shortDescription"] = {"text": first.message}
    return rule


def to_sarif(
    diagnostics: Iterable[Diagnostic],
    codes: Mapping[str, CodeInfo] | None = None,
    base_dir: str | os.PathLike | None = None,
    version: str | None = None,
) -> dict:
    """The SARIF log as plain data. ``codes`` defaults to ``mobiledsl.codes.all_codes()``."""
    diagnostics = list(diagnostics)
    if codes is None:
        from ..codes import all_codes

        codes = all_codes()
    first_of: dict[str, Diagnostic] = {}
    for d in diagnostics:
        first_of.setdefault(d.code, d)
    rule_ids = sorted(first_of)
    rules = [_rule(code, codes.get(code), first_of[code]) for code in rule_ids]
    index = {code: i for i, code in enumerate(rule_ids)}

    results = []
    for d in diagnostics:
        result: dict = {
            "ruleId": d.code,
            "ruleIndex": index[d.code],
            "level": _LEVELS[d.severity.value],
            "message": {"text": _message_text(d)},
        }
        if d.span is not None and d.span.file:
            result["locations"] = [{"physicalLocation": _physical(d.span, base_dir)}]
        related = []
        for i, label in enumerate(d.labels):
            if not label.span.file:
                continue
            loc = {"id": i, "physicalLocation": _physical(label.span, base_dir)}
            if label.message:
                loc["message"] = {"text": label.message}
            related.append(loc)
        if related:
            result["relatedLocations"] = related
        results.append(result)

    return {
        "$schema": SARIF_SCHEMA,
        "version": SARIF_VERSION,
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "mobiledsl",
                        "version": version or tool_version(),
                        "rules": rules,
                    }
                },
                "columnKind": "unicodeCodePoints",
                "results": results,
            }
        ],
    }


def render_sarif(
    diagnostics: Iterable[Diagnostic],
    codes: Mapping[str, CodeInfo] | None = None,
    base_dir: str | os.PathLike | None = None,
) -> str:
    return json.dumps(to_sarif(diagnostics, codes, base_dir), indent=2, ensure_ascii=False) + "\n"

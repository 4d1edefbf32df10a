"""The compiler's diagnostics and fixes as LSP's items (lsprotocol types), pure functions.

A diagnostic keeps its code, its place (``positions.LineIndex`` converts it exactly), its
severity, its labels as related information and its help and notes in the message; its
machine-applicable fixes ride along in ``data``, so that a code action is made from the
diagnostic the client hands back, whatever was compiled since.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from lsprotocol import types as lsp

from ..diagnostics import Diagnostic, Fix, Severity, Span
from .positions import LineIndex

SOURCE = "mobiledsl"
_SEVERITY = {
    Severity.ERROR: lsp.DiagnosticSeverity.Error,
    Severity.WARNING: lsp.DiagnosticSeverity.Warning,
    Severity.NOTE: lsp.DiagnosticSeverity.Information,
}

TextOf = Callable[[str], "str | None"]


def span_range(span: Span | None, index: LineIndex | None) -> lsp.Range:
    """The LSP range of a span in the text ``index`` holds (the file's start without one)."""
    if span is None or index is None or not span.line:
        return lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0))
    start, end = index.span_offsets(span.line, span.column, span.end_line, span.end_column)
    return offsets_range(index, start, end)


def offsets_range(index: LineIndex, start: int, end: int) -> lsp.Range:
    return lsp.Range(lsp.Position(*index.position(start)), lsp.Position(*index.position(end)))


def message(d: Diagnostic) -> str:
    """The message with the label, help and notes under it, as the human form words them."""
    lines = [d.message]
    lines += [f"help: {h}" for h in d.help]
    lines += [f"note: {n}" for n in d.notes]
    return "\n".join(lines)


def to_lsp(
    d: Diagnostic, text_of: TextOf, uri_of: Callable[[str], str], encoding: str = "utf-16"
) -> lsp.Diagnostic:
    """One diagnostic of the file ``d.span.file`` (whose text ``text_of`` gives)."""
    indexes: dict[str, LineIndex | None] = {}

    def index(file: str) -> LineIndex | None:
        if file not in indexes:
            text = text_of(file)
            indexes[file] = LineIndex(text, encoding) if text is not None else None
        return indexes[file]

    related = [
        lsp.DiagnosticRelatedInformation(
            lsp.Location(uri_of(label.span.file), span_range(label.span, index(label.span.file))),
            label.message or "here",
        )
        for label in d.labels
        if label.span is not None and label.span.file
    ]
    file = d.span.file if d.span is not None else ""
    return lsp.Diagnostic(
        range=span_range(d.span, index(file) if file else None),
        message=message(d),
        severity=_SEVERITY.get(d.severity, lsp.DiagnosticSeverity.Error),
        code=d.code,
        source=SOURCE,
        related_information=related or None,
        data={"fixes": [f.to_json() for f in d.fixes]} if d.fixes else None,
    )


def fixes_of(data: object) -> list[Fix]:
    """The fixes a diagnostic handed back by the client carries (none when its data is not
    ours)."""
    if not isinstance(data, dict):
        return []
    out = []
    for item in data.get("fixes") or ():
        try:
            out.append(Fix.from_json(item))
        except (KeyError, TypeError, ValueError):
            continue
    return out


def fix_edits(fixes: Iterable[Fix], text: str, encoding: str = "utf-16") -> list[lsp.TextEdit]:
    """The text edits that apply ``fixes`` to ``text`` (one file's): a program file's by
    their spans, a YAML file's as the whole text written again (``mobiledsl.fix.edits``)."""
    from ..fix.edits import FixError, apply_yaml, text_edits

    fixes = list(fixes)
    index = LineIndex(text, encoding)
    yaml = [f for f in fixes if f.key_path]
    plain = [f for f in fixes if not f.key_path]
    try:
        if yaml:
            new = apply_yaml(text, yaml)
            return [lsp.TextEdit(offsets_range(index, 0, len(text)), new)]
        return [
            lsp.TextEdit(offsets_range(index, start, end), replacement)
            for start, end, replacement in text_edits(text, plain)
        ]
    except (FixError, ValueError, TypeError):
        return []
    except Exception:  # ruamel's errors on a half-typed YAML file
        return []


#: the kind of the action that applies every fix of a file at once
FIX_ALL = lsp.CodeActionKind.SourceFixAll


def code_actions(
    uri: str,
    text: str,
    diagnostics: Iterable[lsp.Diagnostic],
    encoding: str = "utf-16",
    text_of: TextOf | None = None,
    uri_of: Callable[[str], str] | None = None,
    path: str = "",
    fix_all: Iterable[lsp.Diagnostic] = (),
) -> list[lsp.CodeAction]:
    """A quick fix for each diagnostic that carries machine-applicable fixes, and, when
    ``fix_all`` (the file's own diagnostics) holds any, one action that applies them all.
    A fix of another file than ``path`` (the document's) is written to that file, whose
    text ``text_of`` gives."""
    actions = []
    for d in diagnostics:
        fixes = fixes_of(d.data)
        changes = _changes(fixes, uri, text, encoding, text_of, uri_of, path)
        if not changes:
            continue
        actions.append(
            lsp.CodeAction(
                title=_title(fixes, d),
                kind=lsp.CodeActionKind.QuickFix,
                diagnostics=[d],
                is_preferred=True,
                edit=lsp.WorkspaceEdit(changes=changes),
            )
        )
    every = [d for d in fix_all if fixes_of(d.data)]
    fixes = [f for d in every for f in fixes_of(d.data)]
    changes = _changes(fixes, uri, text, encoding, text_of, uri_of, path) if fixes else {}
    if changes and len(every) > 1:
        actions.append(
            lsp.CodeAction(
                title=f"apply the {len(every)} fixes mobiledsl is sure of",
                kind=FIX_ALL,
                diagnostics=every,
                edit=lsp.WorkspaceEdit(changes=changes),
            )
        )
    return actions


def _changes(
    fixes: list[Fix],
    uri: str,
    text: str,
    encoding: str,
    text_of: TextOf | None,
    uri_of: Callable[[str], str] | None,
    path: str,
) -> dict[str, list[lsp.TextEdit]]:
    """The edits of ``fixes`` by the URI of the file each is of."""
    import os

    by_file: dict[str, list[Fix]] = {}
    for fix in fixes:
        file = fix.span.file if fix.span.file and text_of and uri_of else path
        same = not file or not path or os.path.abspath(file) == os.path.abspath(path)
        by_file.setdefault(path if same else os.path.abspath(file), []).append(fix)
    changes = {}
    body: str | None
    for file, group in by_file.items():
        if file == path:
            target, body = uri, text
        else:
            assert uri_of is not None and text_of is not None, (
                "a fix of another file is grouped apart only when both are given"
            )
            target, body = uri_of(file), text_of(file)
            if target is None or body is None:
                continue
        edits = fix_edits(group, body, encoding)
        if edits:
            changes[target] = edits
    return changes


def _title(fixes: list[Fix], d: lsp.Diagnostic) -> str:
    fix = fixes[0]
    if fix.key_path:
        return f"set {'.'.join(fix.key_path)} = {fix.replacement}"
    return (
        f"write {fix.replacement}" if len(fix.replacement) <= 60 else f"apply the fix of {d.code}"
    )

"""Document symbols: a program file's outline from the parser's tree (the robot, world or
task, then its components, settings, entities or steps), a component.yaml's or a
library.yaml's from the YAML reader's tree (its keys, nested; a list's items by their
value)."""

from __future__ import annotations

from typing import Any

from lsprotocol import types as lsp

from ..diagnostics import Span
from .positions import LineIndex

#: how deep a YAML file's outline goes
YAML_DEPTH = 4
_KIND = lsp.SymbolKind


def _range(index: LineIndex, span: Span | None) -> lsp.Range:
    if span is None or not span.line:
        return lsp.Range(lsp.Position(0, 0), lsp.Position(0, 0))
    start, end = index.block_offsets(span.line, span.column, span.end_line, span.end_column)
    return lsp.Range(lsp.Position(*index.position(start)), lsp.Position(*index.position(end)))


def _symbol(
    index: LineIndex,
    name: str,
    detail: str | None,
    kind: lsp.SymbolKind,
    span: Span | None,
    selection: Span | None,
    children: list[lsp.DocumentSymbol] | None = None,
) -> lsp.DocumentSymbol:
    whole = _range(index, span)
    chosen = _range(index, selection) if selection is not None else whole
    if not _within(chosen, whole):
        chosen = lsp.Range(whole.start, whole.start)
    return lsp.DocumentSymbol(
        name=name or "?",
        detail=detail,
        kind=kind,
        range=whole,
        selection_range=chosen,
        children=children or None,
    )


def _within(inner: lsp.Range, outer: lsp.Range) -> bool:
    def key(p: lsp.Position) -> tuple[int, int]:
        return p.line, p.character

    return key(outer.start) <= key(inner.start) and key(inner.end) <= key(outer.end)


# -- programs ----------------------------------------------------------------------------------
def program_symbols(
    kind: str, text: str, file: str, encoding: str = "utf-16"
) -> list[lsp.DocumentSymbol]:
    from ..lang import parse_core, parse_task, parse_world
    from ..lang.ast import CoreFile, WorldFile

    parse = {"core": parse_core, "world": parse_world, "task": parse_task}[kind]
    tree, _ = parse(text, file)
    if tree is None:
        return []
    index = LineIndex(text, encoding)
    children: list[lsp.DocumentSymbol] = []
    if isinstance(tree, CoreFile):  # each kind parses to its own tree
        head, what = "Robot", _KIND.Class
        if tree.intent is not None:
            children.append(
                _symbol(index, "intent", tree.intent.value, _KIND.String, tree.intent.span, None)
            )
        children += [_item(index, item, _KIND.Field) for item in tree.components]
    elif isinstance(tree, WorldFile):
        head, what = "World", _KIND.Namespace
        children += [
            _symbol(
                index,
                s.name,
                _value_text(text, index, s.value.span),
                _KIND.Property,
                s.span,
                s.name_span,
            )
            for s in tree.settings
        ]
        children += [_item(index, item, _KIND.Object) for item in tree.entities]
    else:
        head, what = "Task", _KIND.Module
        children += [_step(index, n, item) for n, item in enumerate(tree.steps, 1)]
    return [_symbol(index, tree.name, head, what, tree.span, tree.name_span, children)]


def _item(index: LineIndex, item: Any, kind: lsp.SymbolKind) -> lsp.DocumentSymbol:
    ref = item.arg("ref")
    detail = item.kind + (
        f' "{ref.value.value}"'
        if ref is not None and hasattr(ref.value, "value") and isinstance(ref.value.value, str)
        else ""
    )
    return _symbol(
        index, item.name or item.kind, detail, kind, item.span, item.name_span or item.kind_span
    )


def _step(index: LineIndex, n: int, item: Any) -> lsp.DocumentSymbol:
    args = ", ".join(a.name for a in item.args)
    return _symbol(index, f"{n}. {item.kind}", args or None, _KIND.Event, item.span, item.kind_span)


def _value_text(text: str, index: LineIndex, span: Span) -> str:
    start, end = index.span_offsets(span.line, span.column, span.end_line, span.end_column)
    value = text[start:end]
    return value if len(value) <= 60 else value[:57] + "..."


# -- YAML declarations -------------------------------------------------------------------------
def yaml_symbols(text: str, file: str, encoding: str = "utf-16") -> list[lsp.DocumentSymbol]:
    from ..yamlio import read_yaml

    node, _ = read_yaml(text, file)
    if node is None or node.kind != "map":
        return []
    return _map(LineIndex(text, encoding), node, 1)


def _map(index: LineIndex, node: Any, depth: int) -> list[lsp.DocumentSymbol]:
    out = []
    for key, value in node.value.items():
        key_span = node.key_spans.get(key)
        whole = _joined(key_span, value.span)
        children = _children(index, value, depth)
        out.append(
            _symbol(index, str(key), _detail(value), _kind_of(value), whole, key_span, children)
        )
    return out


def _children(index: LineIndex, value: Any, depth: int) -> list[lsp.DocumentSymbol]:
    if depth >= YAML_DEPTH:
        return []
    if value.kind == "map":
        return _map(index, value, depth + 1)
    if value.kind == "seq":
        out = []
        for i, item in enumerate(value.value):
            name = str(item.value) if item.kind in ("str", "number") else f"[{i}]"
            out.append(
                _symbol(
                    index,
                    name,
                    None if item.kind != "map" else "mapping",
                    _kind_of(item),
                    item.span,
                    None,
                    _children(index, item, depth + 1),
                )
            )
        return out
    return []


def _joined(first: Span | None, last: Span | None) -> Span | None:
    if first is None or last is None or not first.line or not last.line:
        return first or last
    if (last.end_line or last.line, last.end_column or 0) < (first.line, first.column or 0):
        return first
    return Span(first.file, first.line, first.column, last.end_line, last.end_column)


def _detail(value: Any) -> str | None:
    if value.kind in ("str", "number", "bool"):
        text = str(value.raw if value.raw is not None else value.value)
        return text if len(text) <= 60 else text[:57] + "..."
    return None


def _kind_of(value: Any) -> lsp.SymbolKind:
    return {
        "map": _KIND.Object,
        "seq": _KIND.Array,
        "str": _KIND.String,
        "number": _KIND.Number,
        "bool": _KIND.Boolean,
    }.get(value.kind, _KIND.Null)

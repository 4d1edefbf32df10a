"""A second reader of the project's YAML, for tests only: ruamel.yaml's safe composer (its
own libyaml), its nodes turned into the tree ``read_yaml`` gives by the rules of
mobiledsl/yamlio.py (JSON's scalars, keys that are plain names, the first of two keys
kept). The property tests compare the one reader with it on documents without aliases and
within the limits, where the two must agree on every value, type and place."""
from __future__ import annotations

from mobiledsl.diagnostics import Span
from mobiledsl.yamlio import YNode, plain_value, span_places
from mobiledsl.yamlread import _bad_key, duplicate_key, invalid_key


class Refused(Exception):
    """ruamel.yaml refuses the text (its message)."""


class Beyond(Exception):
    """The text holds aliases, or goes past a limit of yamlio: not compared here (the
    contract and tests/test_yamlread.py pin those)."""


def reference_read(text: str, file: str = "f.yaml"):
    """(tree, diagnostics) as ruamel.yaml reads ``text``; Refused when it cannot."""
    from ruamel.yaml import YAML
    try:
        root = YAML(typ="safe").compose(text)
    except Exception as exc:        # ruamel raises several unrelated classes
        raise Refused(str(exc)) from None
    if root is None:
        return YNode("null", None, Span(file, 1, 1)), []
    _within_limits(root)
    diagnostics: list = []
    return _convert(root, file, diagnostics), diagnostics


def _within_limits(root) -> None:
    """Beyond, for a graph with a node reached twice (an alias), nested deeper than
    MAX_DEPTH or of more than MAX_VALUES nodes."""
    from mobiledsl import yamlio
    seen = {id(root)}
    stack = [(root, 1)]
    while stack:
        node, depth = stack.pop()
        if node.id == "scalar":
            continue
        if depth > yamlio.MAX_DEPTH or len(seen) > yamlio.MAX_VALUES:
            raise Beyond("past a limit")
        children = [n for pair in node.value for n in pair] if node.id == "mapping" \
            else list(node.value)
        for child in children:
            if id(child) in seen:
                raise Beyond("an alias")
            seen.add(id(child))
            stack.append((child, depth + 1))


def _span(file, node) -> Span:
    s, e = node.start_mark, node.end_mark
    return Span(file, *span_places(s.line, s.column, e.line, e.column))


def _convert(node, file, diagnostics) -> YNode:
    span = _span(file, node)
    if node.id == "scalar":
        if node.style not in (None, ""):
            return YNode("str", node.value, span)
        kind, value, raw = plain_value(node.value)
        return YNode(kind, value, span, raw=raw)
    if node.id == "sequence":
        return YNode("seq", tuple(_convert(n, file, diagnostics) for n in node.value), span)
    values: dict = {}
    key_spans: dict = {}
    for knode, vnode in node.value:
        kspan = _span(file, knode)
        if knode.id != "scalar" or _bad_key(knode.value, knode.style):
            diagnostics.append(invalid_key(kspan))
            continue
        key = knode.value
        if key in values:
            diagnostics.append(duplicate_key(key, kspan, key_spans[key]))
            continue
        values[key] = _convert(vnode, file, diagnostics)
        key_spans[key] = kspan
    return YNode("map", values, span, key_spans=key_spans)

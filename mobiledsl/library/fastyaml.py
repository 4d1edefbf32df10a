"""A faster way to the same tree ``mobiledsl.yamlio.read_yaml`` gives, for the common file.

``read_yaml`` composes through ruamel.yaml's YAML(typ="safe"), which runs its YAML 1.1/1.2
tag resolver on every value (and builds a loader class per call) only for yamlio to ignore
the tags it found; then it walks the graph twice. Loading a library reads one small file per
part, so that dominates. Here libyaml's composer runs with a resolver that does nothing, and
one pass converts the node tree.

The fast path takes only the plain case: one document, no anchor or alias, no key that is
not a plain name or is given twice, nesting within yamlio's depth and size. Anything else,
and any exception, falls back to ``read_yaml`` itself, so every diagnostic comes from the one
reader. ``tests/library/test_fastyaml.py`` checks that both give identical trees. Neither
function raises for any input.
"""
from __future__ import annotations

import dataclasses

from ..diagnostics import Diagnostic, Span, error
from ..yamlio import MAX_DEPTH, MAX_VALUES, YNode, _JSON_NUMBER, _PLAIN_NAME, read_yaml

try:  # the C extension ruamel.yaml uses when it is installed
    from ruamel.yaml.clib._ruamel_yaml import CParser as _CParser
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode
except ImportError:  # pragma: no cover - without it, always the one reader
    _CParser = None


_new = object.__new__
_set = object.__setattr__


def _laid_out(cls, names: tuple[str, ...]) -> bool:
    """``cls`` is a plain dataclass with exactly these fields, kept in ``__dict__``."""
    return (tuple(f.name for f in dataclasses.fields(cls)) == names
            and not hasattr(cls, "__slots__") and "__post_init__" not in vars(cls))


# Frozen dataclasses set each field through object.__setattr__ in __init__; filling the
# instance's __dict__ at once is about twice as fast and gives an equal object.
if _laid_out(YNode, ("kind", "value", "span", "raw", "key_spans")):
    def _ynode(kind, value, span, raw, key_spans):
        obj = _new(YNode)
        _set(obj, "__dict__", {"kind": kind, "value": value, "span": span, "raw": raw,
                               "key_spans": key_spans})
        return obj
else:  # pragma: no cover - the record changed: construct it the ordinary way
    _ynode = YNode

if _laid_out(Span, ("file", "line", "column", "end_line", "end_column")):
    def _span(file, line, column, end_line, end_column):
        obj = _new(Span)
        _set(obj, "__dict__", {"file": file, "line": line, "column": column,
                               "end_line": end_line, "end_column": end_column})
        return obj
else:  # pragma: no cover
    _span = Span


class _Decline(Exception):
    """The file is not the plain case: let read_yaml read it."""


if _CParser is not None:
    class _Composer(_CParser):
        """libyaml's parser and composer with no tag resolution (yamlio ignores tags)."""

        def resolve(self, kind, value, implicit):
            return None

        def descend_resolver(self, *args):
            pass

        def ascend_resolver(self, *args):
            pass


def read_yaml_fast(source: str | bytes, file: str) -> tuple[YNode | None, list[Diagnostic]]:
    """Exactly ``read_yaml(source, file)``, faster for plain files."""
    if _CParser is None:
        return read_yaml_safely(source, file)
    try:
        text = source.decode("utf-8") if isinstance(source, bytes) else source
        parser = _Composer(text)
        try:
            root = parser.get_single_node()
        finally:
            parser.dispose()
        if root is None:
            raise _Decline
        return _Converter(file).convert(root), []
    except Exception:
        return read_yaml_safely(source, file)


def read_yaml_safely(source: str | bytes, file: str) -> tuple[YNode | None, list[Diagnostic]]:
    """``read_yaml``, with any exception it lets through (a bug: it reports bad input as
    diagnostics) turned into library.yaml_syntax, so that loading never raises."""
    try:
        return read_yaml(source, file)
    except Exception as exc:  # e.g. an integer of more digits than int() converts
        return None, [error("library.yaml_syntax", f"the file cannot be read: {exc}",
                            Span(file, 1, 1), label="cannot be read")]


class _Converter:
    __slots__ = ("file", "seen", "count")

    def __init__(self, file: str):
        self.file = file
        self.seen: set[int] = set()
        self.count = 0

    def span(self, node) -> Span:
        s, e = node.start_mark, node.end_mark
        line = s.line
        col = s.column + 1
        if e is None or e.line < line:
            return _span(self.file, line + 1, col, line + 1, col)
        end_line, end_col = e.line, e.column
        if end_line > line and end_col == 0:
            return _span(self.file, line + 1, col, end_line, None)
        return _span(self.file, line + 1, col, end_line + 1, end_col if end_col > col else col)

    def convert(self, node, depth: int = 0) -> YNode:
        key = id(node)
        if key in self.seen:
            raise _Decline          # an alias: read_yaml bounds and reports those
        self.seen.add(key)
        self.count += 1
        if self.count > MAX_VALUES:
            raise _Decline
        span = self.span(node)
        cls = type(node)
        if cls is ScalarNode:
            text = node.value
            if node.style not in (None, ""):
                return _ynode("str", text, span, None, {})
            if text in ("", "~", "null"):
                return _ynode("null", None, span, None, {})
            if text == "true":
                return _ynode("bool", True, span, None, {})
            if text == "false":
                return _ynode("bool", False, span, None, {})
            m = _JSON_NUMBER.match(text)
            if m:
                number = float(text) if (m.group(1) or m.group(2)) else int(text)
                return _ynode("number", number, span, text, {})
            return _ynode("str", text, span, None, {})
        depth += 1
        if depth > MAX_DEPTH:
            raise _Decline
        if cls is SequenceNode:
            return _ynode("seq", tuple([self.convert(n, depth) for n in node.value]), span,
                          None, {})
        if cls is not MappingNode:
            raise _Decline
        values: dict[str, YNode] = {}
        key_spans: dict[str, Span] = {}
        seen = self.seen
        for knode, vnode in node.value:
            name = _plain_key(knode)
            if name is None or name in values or id(knode) in seen:
                raise _Decline      # read_yaml reports invalid and duplicate keys
            seen.add(id(knode))
            self.count += 1
            key_spans[name] = self.span(knode)
            values[name] = self.convert(vnode, depth)
        return _ynode("map", values, span, None, key_spans)


_NOT_KEYS = frozenset(("", "~", "null", "true", "false"))
_plain_name = _PLAIN_NAME.match
_json_number = _JSON_NUMBER.match


def _plain_key(node) -> str | None:
    if type(node) is not ScalarNode:
        return None
    text = node.value
    if node.style in (None, "") and (text in _NOT_KEYS or _json_number(text)):
        return None
    return text if _plain_name(text) else None

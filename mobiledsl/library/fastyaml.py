"""A faster way to the same tree ``mobiledsl.yamlio.read_yaml`` gives, for the common file.

``read_yaml`` composes through ruamel.yaml's YAML(typ="safe"), which resolves a YAML tag
for every value (and builds a loader class per call) only for yamlio to ignore the tags;
then it walks the graph twice. Loading a library reads one small file per part, so that
dominates. Here the tree is built in one pass straight from libyaml's parse events.

The fast path takes only the plain case: one document, no anchor or alias, no key that is
not a plain name or is given twice, nesting within yamlio's depth (yamlio's bound on the
number of values is one on alias expansion, which a file without aliases has none of).
Anything else, and any exception, falls back to ``read_yaml`` itself, so every diagnostic
comes from the one reader. ``tests/library/test_fastyaml.py`` checks that both give
identical trees. Neither function raises for any input.
"""
from __future__ import annotations

import dataclasses

from ..diagnostics import Diagnostic, Span, error
from ..yamlio import MAX_DEPTH, YNode, _JSON_NUMBER, _PLAIN_NAME, read_yaml

try:  # the C extension ruamel.yaml uses when it is installed
    from ruamel.yaml.clib._ruamel_yaml import CParser as _CParser
    from ruamel.yaml.events import (DocumentEndEvent, DocumentStartEvent, MappingEndEvent,
                                    MappingStartEvent, ScalarEvent, SequenceEndEvent,
                                    SequenceStartEvent, StreamEndEvent, StreamStartEvent)
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


def read_yaml_fast(source: str | bytes, file: str) -> tuple[YNode | None, list[Diagnostic]]:
    """Exactly ``read_yaml(source, file)``, faster for plain files."""
    if _CParser is None:
        return read_yaml_safely(source, file)
    try:
        text = source.decode("utf-8") if isinstance(source, bytes) else source
        parser = _CParser(text)
        try:
            return _EventReader(file, parser).read(), []
        finally:
            parser.dispose()
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


class _EventReader:
    """Builds the tree straight from libyaml's events, without composing ruamel's nodes."""

    __slots__ = ("file", "parser")

    def __init__(self, file: str, parser):
        self.file = file
        self.parser = parser

    def span(self, s, e) -> Span:
        line, col = s.line, s.column + 1
        end_line, end_col = e.line, e.column
        if end_line < line:
            return _span(self.file, line + 1, col, line + 1, col)
        if end_line > line and end_col == 0:
            return _span(self.file, line + 1, col, end_line, None)
        return _span(self.file, line + 1, col, end_line + 1, end_col if end_col > col else col)

    def read(self) -> YNode:
        get = self.parser.get_event
        names = [type(get()), type(get())]
        if names != [StreamStartEvent, DocumentStartEvent]:
            raise _Decline
        root = self.value(get(), 0)
        if type(get()) is not DocumentEndEvent or type(get()) is not StreamEndEvent:
            raise _Decline          # a second document: read_yaml reports it
        return root

    def value(self, event, depth: int) -> YNode:
        if event.anchor is not None:
            raise _Decline          # anchors and aliases: read_yaml bounds and reports them
        kind = type(event)
        if kind is ScalarEvent:
            return _scalar(event.value, event.style, self.span(event.start_mark, event.end_mark))
        depth += 1
        if depth > MAX_DEPTH:
            raise _Decline
        get = self.parser.get_event
        start = event.start_mark
        if kind is SequenceStartEvent:
            items = []
            while True:
                item = get()
                if type(item) is SequenceEndEvent:
                    return _ynode("seq", tuple(items), self.span(start, item.end_mark), None, {})
                items.append(self.value(item, depth))
        if kind is not MappingStartEvent:
            raise _Decline
        values: dict[str, YNode] = {}
        key_spans: dict[str, Span] = {}
        while True:
            key = get()
            if type(key) is MappingEndEvent:
                return _ynode("map", values, self.span(start, key.end_mark), None, key_spans)
            if type(key) is not ScalarEvent or key.anchor is not None:
                raise _Decline      # read_yaml reports keys that are not plain names
            name = key.value
            if (key.style in (None, "") and (name in _NOT_KEYS or _json_number(name))) \
                    or not _plain_name(name) or name in values:
                raise _Decline      # ... and keys given twice
            key_spans[name] = self.span(key.start_mark, key.end_mark)
            values[name] = self.value(get(), depth)


def _scalar(text: str, style, span: Span) -> YNode:
    if style not in (None, ""):
        return _ynode("str", text, span, None, {})
    if text in ("", "~", "null"):
        return _ynode("null", None, span, None, {})
    if text == "true":
        return _ynode("bool", True, span, None, {})
    if text == "false":
        return _ynode("bool", False, span, None, {})
    m = _json_number(text)
    if m:
        number = float(text) if (m.group(1) or m.group(2) or len(text) > 20) else int(text)
        return _ynode("number", number, span, text, {})
    return _ynode("str", text, span, None, {})


_NOT_KEYS = frozenset(("", "~", "null", "true", "false"))
_plain_name = _PLAIN_NAME.match
_json_number = _JSON_NUMBER.match

"""A faster way to the same tree ``mobiledsl.yamlio.read_yaml`` gives, for the common file.

``read_yaml`` composes through ruamel.yaml's YAML(typ="safe"), which resolves a YAML tag
for every value only for yamlio to ignore the tags, then walks the graph twice. Loading a
library reads one small file per part, so that dominates. Here the tree is built in one
pass straight from the parse events of PyYAML's C extension (libyaml).

The fast path takes only the plain case: one document, no anchor, alias or tag, no key that
is not a plain name or is given twice, no plain scalar holding ':' or '?' inside [ ] or { }
(PyYAML's libyaml reads those; ruamel's, which read_yaml uses, refuses them). It checks
yamlio's limits as the events come (depth and number of values) and reports them itself,
with read_yaml's very diagnostic. Anything else, and any exception, falls back to ``read_yaml``, so every other diagnostic comes from
the one reader. ``tests/library/test_fastyaml.py`` checks that both give identical trees.
Neither function raises for any input.
"""
from __future__ import annotations

import dataclasses

from ..diagnostics import Diagnostic, Span, error, excerpt
from .. import yamlio
from ..yamlio import YNode, _JSON_NUMBER, _PLAIN_NAME, read_yaml, too_deep, too_many_values

try:  # PyYAML's binding of libyaml, when PyYAML was built with it
    from yaml._yaml import CParser as _CParser
    from yaml.events import (DocumentEndEvent, DocumentStartEvent, MappingEndEvent,
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


class _Limit(Exception):
    """A limit of yamlio is crossed: its diagnostic, as read_yaml gives it."""

    def __init__(self, diagnostic: Diagnostic):
        self.diagnostic = diagnostic


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
    except _Limit as limit:
        return None, [limit.diagnostic]
    except Exception:
        return read_yaml_safely(source, file)


def read_yaml_safely(source: str | bytes, file: str) -> tuple[YNode | None, list[Diagnostic]]:
    """``read_yaml``, with any exception it lets through (a bug: it reports bad input as
    diagnostics) turned into library.yaml_syntax, so that loading never raises."""
    try:
        return read_yaml(source, file)
    except Exception as exc:  # a bug: reported, never raised
        return None, [error("library.yaml_syntax",
                            f"the file cannot be read: {excerpt(str(exc) or type(exc).__name__)}",
                            Span(file, 1, 1), label="cannot be read",
                            help="write the file as plain YAML: mappings, lists and scalars")]


class _EventReader:
    """Builds the tree straight from libyaml's events, without composing ruamel's nodes."""

    __slots__ = ("file", "parser", "left", "max_depth")

    def __init__(self, file: str, parser):
        self.file = file
        self.parser = parser
        self.left = yamlio.MAX_VALUES           # values the file may still hold
        self.max_depth = yamlio.MAX_DEPTH

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
        root = self.value(get(), 0, False)
        if type(get()) is not DocumentEndEvent or type(get()) is not StreamEndEvent:
            raise _Decline          # a second document: read_yaml reports it
        return root

    def value(self, event, depth: int, flow: bool) -> YNode:
        if event.anchor is not None or event.tag is not None:
            raise _Decline          # anchors and aliases: read_yaml bounds and reports them
        self.left -= 1
        if self.left < 0:
            raise _Limit(too_many_values(self.file, event.start_mark))
        kind = type(event)
        if kind is ScalarEvent:
            text = event.value
            if flow and not event.style and (":" in text or "?" in text):
                raise _Decline      # libyaml 0.2.5 reads these inside [ ] and { }; older not
            return _scalar(text, event.style, self.span(event.start_mark, event.end_mark))
        depth += 1
        if depth > self.max_depth:
            raise _Limit(too_deep(self.file, event.start_mark))
        get = self.parser.get_event
        start = event.start_mark
        flow = flow or event.flow_style
        if kind is SequenceStartEvent:
            items = []
            while True:
                item = get()
                if type(item) is SequenceEndEvent:
                    return _ynode("seq", tuple(items), self.span(start, item.end_mark), None, {})
                items.append(self.value(item, depth, flow))
        if kind is not MappingStartEvent:
            raise _Decline
        values: dict[str, YNode] = {}
        key_spans: dict[str, Span] = {}
        while True:
            key = get()
            if type(key) is MappingEndEvent:
                return _ynode("map", values, self.span(start, key.end_mark), None, key_spans)
            if type(key) is not ScalarEvent or key.anchor is not None or key.tag is not None:
                raise _Decline      # read_yaml reports keys that are not plain names
            self.left -= 1
            if self.left < 0:
                raise _Limit(too_many_values(self.file, key.start_mark))
            name = key.value
            if (key.style in (None, "") and (name in _NOT_KEYS or _json_number(name))) \
                    or not _plain_name(name) or name in values:
                raise _Decline      # ... and keys given twice
            key_spans[name] = self.span(key.start_mark, key.end_mark)
            values[name] = self.value(get(), depth, flow)


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

"""The tree ``mobiledsl.yamlio.read_yaml`` gives, built straight from the parse events of
PyYAML's C extension (libyaml), for the files ``plainyaml`` declines (``fastyaml`` tries the
two in turn and imports this module only then: a library of plain files never pays
PyYAML's import).

It takes only the plain case: one document, no anchor, alias or tag, no key that is not a
plain name or is given twice, no plain scalar holding ':' or '?' inside [ ] or { } (PyYAML's
libyaml reads those; ruamel's, which read_yaml uses, refuses them). It checks yamlio's
limits as the events come (depth and number of values) and reports them itself, with
read_yaml's very diagnostic.
"""
from __future__ import annotations

from .. import yamlio
from ..diagnostics import Diagnostic, Span
from ..yamlio import (
    _JSON_NUMBER,
    _PLAIN_NAME,
    NOT_STRINGS,
    YNode,
    plain_value,
    span_places,
    too_deep,
    too_many_values,
)
from .filling import LAID_OUT
from .filling import new as _new
from .filling import span as _span
from .filling import ynode as _ynode

try:  # PyYAML's binding of libyaml, when PyYAML was built with it
    from yaml._yaml import CParser as _CParser
    from yaml.events import (
        DocumentEndEvent,
        DocumentStartEvent,
        MappingEndEvent,
        MappingStartEvent,
        ScalarEvent,
        SequenceEndEvent,
        SequenceStartEvent,
        StreamEndEvent,
        StreamStartEvent,
    )
except ImportError:  # pragma: no cover - without it, always the one reader
    _CParser = None


if not LAID_OUT:
    _CParser = None  # pragma: no cover - the record changed: read_yaml reads every file


class _Decline(Exception):
    """The file is not the plain case: let read_yaml read it."""


class _Limit(Exception):
    """A limit of yamlio is crossed: its diagnostic, as read_yaml gives it."""

    def __init__(self, diagnostic: Diagnostic):
        self.diagnostic = diagnostic


def read_events(text: str, file: str) -> tuple[YNode | None, list[Diagnostic]] | None:
    """The tree of a plain file, or a crossed limit's diagnostic; None when the file is not
    the plain case (or PyYAML has no libyaml): read_yaml reads it then."""
    if _CParser is None:
        return None
    parser = _CParser(text)
    try:
        return _EventReader(file, parser).read(), []
    except _Limit as limit:
        return None, [limit.diagnostic]
    except _Decline:
        return None
    finally:
        parser.dispose()



class _EventReader:
    """Builds the tree straight from libyaml's events, without composing ruamel's nodes.

    One loop over the events with a stack of open collections (no call per value: this
    loop is most of the time of loading a library). Each event is checked in the order
    read_yaml checks it (anchor or tag, then the count of values, then the depth), so a
    limit is reported at the same value."""

    __slots__ = ("file", "parser")

    def __init__(self, file: str, parser):
        self.file = file
        self.parser = parser

    def read(self) -> YNode:
        get = self.parser.get_event
        names = [type(get()), type(get())]
        if names != [StreamStartEvent, DocumentStartEvent]:
            raise _Decline
        root = self.tree(get)
        if type(get()) is not DocumentEndEvent or type(get()) is not StreamEndEvent:
            raise _Decline          # a second document: read_yaml reports it
        return root

    def tree(self, get) -> YNode:
        file = self.file
        left = yamlio.MAX_VALUES            # values the file may still hold
        max_depth = yamlio.MAX_DEPTH
        new, ynode, span_cls = _new, YNode, Span
        # an open collection: [values (list or dict), key spans (None for a list), start
        # mark, the key waiting for its value (maps), inside [ ] or { }]
        stack: list[list] = []
        top = None
        want_key = False                    # the open collection is a map between entries
        while True:
            event = get()
            kind = type(event)
            if kind is ScalarEvent:     # a key or a value: its place
                s, e = event.start_mark, event.end_mark
                line = s.line + 1
                if e.line + 1 == line:  # on one line: the common case, built here
                    col = s.column + 1
                    end = e.column
                    span = new(span_cls)
                    d = span.__dict__
                    d["file"] = file
                    d["line"] = line
                    d["column"] = col
                    d["end_line"] = line
                    d["end_column"] = end if end > col else col
                    d["at"] = None
                else:
                    span = self.span(s, e)
            if want_key:                # a map waiting for a key, or for its end
                if kind is MappingEndEvent:
                    values, key_spans, start = top[0], top[1], top[2]
                    node = _ynode("map", values, self.span(start, event.end_mark), None,
                                  key_spans)
                    stack.pop()
                    top = stack[-1] if stack else None
                    want_key = False
                else:
                    if kind is not ScalarEvent or event.anchor is not None \
                            or event.tag is not None:
                        raise _Decline  # read_yaml reports keys that are not plain names
                    left -= 1
                    if left < 0:
                        raise _Limit(too_many_values(file, event.start_mark))
                    name = event.value
                    if (not event.style and (name in NOT_STRINGS or _json_number(name))) \
                            or not _plain_name(name) or name in top[0]:
                        raise _Decline  # ... and keys given twice
                    top[1][name] = span
                    top[3] = name
                    want_key = False
                    continue
            elif kind is SequenceEndEvent:
                node = _ynode("seq", tuple(top[0]), self.span(top[2], event.end_mark), None,
                              {})
                stack.pop()
                top = stack[-1] if stack else None
            else:
                if event.anchor is not None or event.tag is not None:
                    raise _Decline      # anchors and aliases: read_yaml bounds and reports them
                left -= 1
                if left < 0:
                    raise _Limit(too_many_values(file, event.start_mark))
                if kind is ScalarEvent:
                    text = event.value
                    style = event.style
                    if top is not None and top[4] and not style and (":" in text or "?" in text):
                        raise _Decline  # libyaml 0.2.5 reads these inside [ ] and { }; older not
                    kind_, value, raw = ("str", text, None) if style else plain_value(text)
                    node = new(ynode)
                    d = node.__dict__
                    d["kind"] = kind_
                    d["value"] = value
                    d["span"] = span
                    d["raw"] = raw
                    d["key_spans"] = {}
                elif kind is SequenceStartEvent or kind is MappingStartEvent:
                    if len(stack) + 1 > max_depth:
                        raise _Limit(too_deep(file, event.start_mark))
                    flow = (top is not None and top[4]) or event.flow_style
                    want_key = kind is MappingStartEvent
                    top = [{} if want_key else [], {} if want_key else None,
                           event.start_mark, None, flow]
                    stack.append(top)
                    continue
                else:
                    raise _Decline
            # the node is complete: it is the root, an item of a list or the value of a key
            if top is None:
                return node
            if top[1] is None:
                top[0].append(node)
            else:
                top[0][top[3]] = node
                top[3] = None
                want_key = True

    def span(self, s, e) -> Span:
        return _span(self.file, *span_places(s.line, s.column, e.line, e.column))


_plain_name = _PLAIN_NAME.match
_json_number = _JSON_NUMBER.match

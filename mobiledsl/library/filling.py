"""The readers' records, filled key by key: YNode and Span, by the hundred thousand.

Frozen dataclasses set each field through object.__setattr__ in __init__; filling the
instance's __dict__ key by key is about twice as fast, gives an equal object, and keeps the
dict as small as the constructor's would be (a dict literal put in place of it takes two
thirds more memory). ``eventyaml`` and ``plainyaml`` write those dicts (through ``span``,
``ynode`` and ``collection``, and inline where a loop makes most of a file's records), so
each steps aside (``read_yaml`` reads every file) unless ``LAID_OUT``: both records are laid
out as written here. ``plainyaml`` leaves the Spans of its nodes unmade (see ``collection``).
"""
from __future__ import annotations

import dataclasses

from ..diagnostics import Span
from ..yamlio import YNode

new = object.__new__

YNODE_FIELDS = ("kind", "value", "span", "raw", "key_spans")
SPAN_FIELDS = ("file", "line", "column", "end_line", "end_column", "at")


def laid_out(cls, names: tuple[str, ...]) -> bool:
    """``cls`` is a plain dataclass with exactly these fields, kept in ``__dict__``."""
    return (tuple(f.name for f in dataclasses.fields(cls)) == names
            and not hasattr(cls, "__slots__") and "__post_init__" not in vars(cls))


LAID_OUT = laid_out(YNode, YNODE_FIELDS) and laid_out(Span, SPAN_FIELDS)


def span(file, line, column, end_line, end_column) -> Span:
    out = new(Span)
    d = out.__dict__
    d["file"] = file
    d["line"] = line
    d["column"] = column
    d["end_line"] = end_line
    d["end_column"] = end_column
    d["at"] = None
    return out


def ynode(kind, value, span, raw, key_spans) -> YNode:
    out = new(YNode)
    d = out.__dict__
    d["kind"] = kind
    d["value"] = value
    d["span"] = span
    d["raw"] = raw
    d["key_spans"] = key_spans
    return out


# A reader may leave the Spans of a node unmade (see YNode): its place as the tuple
# (file, line, column, end_line, end_column) under "_place", a mapping's keys' places as a
# dict of such tuples under "_key_places", and no key_spans at all for a list or a scalar.


def collection(kind: str, value, place: tuple, key_places: dict[str, tuple] | None = None
               ) -> YNode:
    """A "map" (its keys' places given) or a "seq", its Spans unmade."""
    out = new(YNode)
    d = out.__dict__
    d["kind"] = kind
    d["value"] = value
    d["_place"] = place
    d["raw"] = None
    if key_places is not None:
        d["_key_places"] = key_places
    return out

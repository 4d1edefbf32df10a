"""Records are frozen dataclasses that travel between phases as JSON with sorted keys.

``to_json`` turns a record into plain data; ``from_json`` rebuilds it from the type hints,
so every phase record round-trips without a hand-written codec. ``dumps`` gives the exact
bytes a build writes: same record, same bytes.
"""

from __future__ import annotations

import dataclasses
import json
import os
import types
import typing
from collections.abc import Mapping
from enum import Enum
from functools import cache
from typing import Any, TypeVar

from .diagnostics import Span, SpanReader
from .outputs import write_file

T = TypeVar("T")


def to_json(obj: Any) -> Any:
    cls = obj.__class__
    way = _WAYS.get(cls)
    if way is None:
        way = _WAYS[cls] = _way(cls)
    if way.__class__ is tuple:  # a record's fields
        return {name: to_json(getattr(obj, name)) for name in way}
    if way is _OWN:
        return obj.to_json()
    if way is _ENUM:
        return obj.value
    if way is _DICT:
        return {str(k): to_json(v) for k, v in obj.items()}
    if way is _LIST:
        return [to_json(v) for v in obj]
    return obj


# How a value of each class turns into JSON, decided once per class: a record by its own
# ``to_json`` (unless it asks for the generic form) or by its fields in order, an enum by
# its value, a dict (or another mapping) by its items, a list or tuple item by item,
# anything else as it is.
_OWN, _ENUM, _DICT, _LIST, _PLAIN = "own", "enum", "dict", "list", "plain"
_WAYS: dict[type, Any] = {}


def _way(cls: type) -> Any:
    if dataclasses.is_dataclass(cls) and not issubclass(cls, type):
        if hasattr(cls, "to_json") and not getattr(cls, "_generic_json", False):
            return _OWN
        return tuple(f.name for f in dataclasses.fields(cls))
    if issubclass(cls, Enum):
        return _ENUM
    if issubclass(cls, (dict, Mapping)):  # a Mapping: a table made when read
        return _DICT
    if issubclass(cls, (list, tuple)):
        return _LIST
    return _PLAIN


def dumps(obj: Any) -> str:
    """Canonical JSON text of a record: sorted keys, fixed separators, trailing newline."""
    return (
        json.dumps(
            to_json(obj), sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
        )
        + "\n"
    )


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_json(cls: type[T], data: Any, *, span: SpanReader | None = None) -> T:
    """Rebuild a value of type ``cls`` (a dataclass, or a typing form of them) from JSON.
    ``span``, when given, reads every ``Span`` in it (the build graph's records keep the
    places of theirs apart: ``graph.positions``)."""
    return _decode(cls, data, span)


def _custom(tp: Any, data: Any, span: SpanReader | None) -> Any:
    """A record that reads itself: a span (read by ``span`` when given), or a record
    holding spans, whose ``from_json`` takes the span reader as ``span``."""
    if span is None:
        return tp.from_json(data)
    if tp is Span:
        return span(data)
    return tp.from_json(data, span=span)


def _decode(tp: Any, data: Any, span: SpanReader | None = None) -> Any:
    if tp is Any or tp is typing.Any:
        return data
    origin = typing.get_origin(tp)
    if origin in (typing.Union, types.UnionType):
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        errors = []
        for arg in args:
            if arg is type(None):
                continue
            try:
                return _decode(arg, data, span)
            except (TypeError, ValueError, KeyError) as exc:
                errors.append(exc)
        raise TypeError(f"no member of {tp} fits {data!r}: {errors}")
    if origin is tuple:
        args = typing.get_args(tp)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, span) for v in data)
        return tuple(_decode(a, v, span) for a, v in zip(args, data))
    if origin is list:
        (arg,) = typing.get_args(tp)
        return [_decode(arg, v, span) for v in data]
    if origin is dict or origin is Mapping:  # a Mapping is read back as a dict
        _, varg = typing.get_args(tp)
        return {k: _decode(varg, v, span) for k, v in data.items()}
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if hasattr(tp, "from_json") and not getattr(tp, "_generic_json", False):
            return _custom(tp, data, span)
        if not isinstance(data, dict):
            raise TypeError(f"{tp.__name__} needs an object, got {data!r}")
        hints = _hints(tp)
        kwargs = {
            f.name: _decode(hints[f.name], data[f.name], span)
            for f in dataclasses.fields(tp)
            if f.name in data
        }
        return tp(**kwargs)
    if isinstance(tp, type) and issubclass(tp, Enum):
        return tp(data)
    if tp is float:
        if not isinstance(data, (int, float)) or isinstance(data, bool):
            raise TypeError(f"expected a number, got {data!r}")
        return float(data)
    if tp is int:
        if not isinstance(data, int) or isinstance(data, bool):
            raise TypeError(f"expected an integer, got {data!r}")
        return data
    if tp is str:
        if not isinstance(data, str):
            raise TypeError(f"expected a string, got {data!r}")
        return data
    if tp is bool:
        if not isinstance(data, bool):
            raise TypeError(f"expected true/false, got {data!r}")
        return data
    if tp is type(None):
        if data is not None:
            raise TypeError("expected null")
        return None
    return data


def write_atomic(
    path: str | os.PathLike, data: str | bytes, root: str | os.PathLike | None = None
) -> bool:
    """Write through a temporary file and rename, so a reader never sees half a file.
    Returns False (and leaves the file untouched, mtime included) when the bytes are the
    same, which is what lets content-hashed builds stop early. With ``root``, no folder
    between it and ``path`` may be a symbolic link (see ``mobiledsl.outputs``)."""
    return write_file(path, data, root)

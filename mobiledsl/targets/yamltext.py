"""Plain data as block YAML: the text PyYAML's safe dumper gives (``default_flow_style=False``,
``sort_keys=False``, ``allow_unicode=True``, no aliases), written in one pass.

PyYAML builds a node for every value and asks its resolver about each of them in Python
before its emitter runs; for the targets' parameter files that was most of their cost. Here
the values are written straight out, and a string's implicit type (``yamltypes``, the same
rules as PyYAML's resolver) is found once per distinct string.
What this writer does not know for sure how PyYAML would write (an empty collection, a key
that is not a short plain string, a string with quotes, line breaks or characters outside
printable ASCII, a number type of its own) makes ``dump`` answer None, and the caller asks
PyYAML. A test holds the two to the same text."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from .yamltypes import implicit_type

WIDTH = 80  # the emitter's line width: a space past it becomes a line break
SIMPLE_KEY = 128  # a longer key is written as a complex key ("? key")


class _Outside(Exception):
    """A value this writer leaves to PyYAML."""


def dump(data: Any) -> str | None:
    """The YAML text of ``data`` (dicts with string keys, lists, strings, bools, ints,
    floats, None), or None where it leaves the value to PyYAML."""
    out: list[str] = []
    try:
        if type(data) is dict and data:
            _mapping(data, 0, False, out)
        elif type(data) is list and data:
            _sequence(data, 0, False, out)
        else:
            return None
    except _Outside:
        return None
    out.append("\n")
    return "".join(out)[1:]  # the first line needs no break before it


def _mapping(data: dict, indent: int, inline: bool, out: list[str]) -> None:
    """A block mapping at ``indent``; ``inline``: its first key follows a "- " already
    written."""
    pad = "\n" + " " * indent
    for i, (key, value) in enumerate(data.items()):
        if type(key) is not str or len(key) >= SIMPLE_KEY:
            raise _Outside
        if not _plain(key):  # quoted, never folded
            if not _quotable(key):
                raise _Outside
            key = f"'{key}'"
        out.append(f"{key}:" if inline and i == 0 else f"{pad}{key}:")
        _value(value, indent, indent + len(key) + 2, True, out)


def _sequence(data: list, indent: int, inline: bool, out: list[str]) -> None:
    pad = "\n" + " " * indent
    for i, item in enumerate(data):
        out.append("-" if inline and i == 0 else pad + "-")
        _value(item, indent, indent + 2, False, out)


def _value(value: Any, indent: int, column: int, in_mapping: bool, out: list[str]) -> None:
    """``value`` after a key's colon or an item's dash (``column`` where its text starts,
    after one space): a scalar on the same line, a collection below. A sequence in a
    mapping is not indented further; anything else nested is, by two."""
    kind = type(value)
    if kind is dict:
        if not value:
            raise _Outside
        if in_mapping:
            _mapping(value, indent + 2, False, out)
        else:
            out.append(" ")
            _mapping(value, indent + 2, True, out)
    elif kind is list:
        if not value:
            raise _Outside
        if in_mapping:
            _sequence(value, indent, False, out)
        else:
            out.append(" ")
            _sequence(value, indent + 2, True, out)
    else:
        out.append(" ")
        out.append(_scalar(value, kind, column, indent + 2))


def _scalar(value: Any, kind: type, column: int, indent: int) -> str:
    if kind is str:
        if _plain(value):
            return _folded(value, column, indent)
        if not _quotable(value):
            raise _Outside
        return "'" + _folded(value, column + 1, indent) + "'"
    if kind is bool:
        return "true" if value else "false"
    if value is None:
        return "null"
    if kind is int:
        return str(value)
    if kind is float:
        return _float(value)
    raise _Outside


def _float(value: float) -> str:
    if math.isnan(value):
        return ".nan"
    if math.isinf(value):
        return ".inf" if value > 0 else "-.inf"
    text = repr(value).lower()
    if "." not in text and "e" in text:
        text = text.replace("e", ".0e", 1)  # 1e+16 reads back as a float only so
    if implicit_type(text) != "float":
        raise _Outside
    return text


def _folded(text: str, column: int, indent: int) -> str:
    """The emitter's folding of a scalar written from ``column``: a lone space (not the
    first or last character) met past the line width becomes a line break and the
    continuation's indentation."""
    if column + len(text) <= WIDTH or " " not in text:
        return text  # no space can be met past the width
    pieces = text.split(" ")
    out = [pieces[0]]
    column += len(pieces[0])
    for i in range(1, len(pieces)):
        piece = pieces[i]
        if column > WIDTH and pieces[i - 1] and piece:  # past the width, a lone space
            out.append("\n" + " " * indent)
            column = indent
        else:
            out.append(" ")
            column += 1
        out.append(piece)
        column += len(piece)
    return "".join(out)


def _quotable(text: str) -> bool:
    """Printable ASCII with no quote of either kind and no backslash: what single quotes
    hold as it is."""
    return (
        text.isascii()
        and text.isprintable()
        and "'" not in text
        and '"' not in text
        and "\\" not in text
        and text != ""
    )


@lru_cache(maxsize=4096)
def _plain(text: str) -> bool:
    """Whether a string goes out plain: quotable, read back as a string, and with no
    indicator where a block plain scalar cannot have one. First: a space, one of
    ``# , [ ] { } & * ! | > % @`` or a backquote, one of ``? : -`` alone or before a space,
    or a document marker; inside: ": " or " #"; last: a colon or a space."""
    if not _quotable(text):
        return False
    first = text[0]
    if first in "#,[]{}&*!|>%@` " or text.startswith(("---", "...")):
        return False
    if first in "?:-" and text[1:2] in ("", " "):
        return False
    if ": " in text or " #" in text or text[-1] in ": ":
        return False
    return implicit_type(text) == "str"

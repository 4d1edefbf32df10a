"""Writing a converted declaration as YAML that the library reader reads back unchanged.

The library reads YAML values as JSON's (see ``mobiledsl.yamlio``), so every scalar is
written in a form that reads back as what it was: numbers as their source text, strings
plain only when nothing could read them as another thing, and in JSON's double quotes
otherwise (a JSON string is a YAML double-quoted scalar). Mappings are written in block
form; a mapping or list that fits on a line is written in flow form, as the demo
library writes ``inertia: {ixx: ..}`` and ``pos: [x, y, z]``.
"""

from __future__ import annotations

import json
import re
from typing import Any

WIDTH = 100

# a string that reads back as itself when written plain: starts with a letter, holds no
# character YAML gives a meaning (":", "#", quotes, brackets, ...)
_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9_ .,/()+\-^]*\Z")
_KEYWORDS = {"null", "true", "false", "yes", "no", "on", "off", "y", "n"}
_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*\Z")
# characters YAML does not allow raw in a double-quoted scalar, which json.dumps leaves be
_NON_PRINTABLE = re.compile("[\x7f-\x84\x86-\x9f\ufeff\ufffe\uffff]")


class Number(str):
    """A JSON number kept as its source text, so a value is carried exactly as written."""


def scalar(value: Any, flow: bool = False) -> str:
    """``flow``: inside [..] or {..}, where a comma ends a plain scalar."""
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, Number):
        return str(value)
    if isinstance(value, (int, float)):
        return json.dumps(value)
    return string(value, flow)


def string(text: str, flow: bool = False) -> str:
    if (
        _PLAIN.match(text)
        and not (flow and "," in text)
        and not text.endswith(" ")
        and "  " not in text
        and text.lower() not in _KEYWORDS
    ):
        return text
    quoted = json.dumps(text, ensure_ascii=False)
    return _NON_PRINTABLE.sub(lambda m: f"\\u{ord(m.group()):04x}", quoted)


def key(name: str) -> str:
    return name if _KEY.match(name) and name.lower() not in _KEYWORDS else string(name)


def _is_leaf(value: Any) -> bool:
    return not isinstance(value, (dict, list))


def _flow(value: Any) -> str:
    """The one-line form of a value."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{key(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    return scalar(value, flow=True)


def dump(doc: dict[str, Any]) -> str:
    """The YAML text of a mapping."""
    lines: list[str] = []
    _mapping(doc, 0, lines)
    return "\n".join(lines) + "\n"


def _entry(prefix: str, value: Any, indent: int, lines: list[str]) -> None:
    """``prefix`` is "key:" or "-"; the value follows on its line or below it."""
    pad = " " * indent
    if _is_leaf(value):
        lines.append(f"{pad}{prefix} {scalar(value)}")
        return
    flow = _flow(value)
    if len(pad) + len(prefix) + 1 + len(flow) <= WIDTH:
        lines.append(f"{pad}{prefix} {flow}")
        return
    lines.append(f"{pad}{prefix}")
    if isinstance(value, dict):
        _mapping(value, indent + 2, lines)
    else:
        for item in value:
            _entry("-", item, indent + 2, lines)


def _mapping(doc: dict[str, Any], indent: int, lines: list[str]) -> None:
    for k, v in doc.items():
        _entry(f"{key(k)}:", v, indent, lines)

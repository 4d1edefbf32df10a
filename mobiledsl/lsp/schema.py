"""What a component.yaml may state at a place: its keys and their values, read from the
library schema's tables (``mobiledsl.library.schema_query``).

The place is found by writing a marker where the cursor is, a key or a value no schema
holds, and reading the text as YAML: the marker's path in the tree ("connectors", "hub_left",
"joint") is the block whose keys are offered (without those the mapping states already), or
the key whose values are (a table's options, a boolean's two, the connectors a driveline
turns). What the keys allowed hang on (the category, the profiles' types) and the names some
values take (the connectors, the links) are read from the same tree.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..diagnostics import Span
from ..library.model import CATEGORIES
from ..library.schema_query import Key, Keys, Where, schema_keys
from ..yamlio import YNode, read_yaml

#: written where the cursor is; an identifier no schema knows
MARK = "zzmobiledslmark"

_WORD = re.compile(r"[\w.-]*")
_BLOCK_KEY = re.compile(r"^(\s*)(-\s+)?([\w]*)$")
_BLOCK_VALUE = re.compile(r"^\s*(?:-\s+)?([\w]+):[ \t]+([\w.-]*)$")

TreePath = tuple[str | int, ...]


@dataclass(frozen=True)
class Entry:
    """One word to offer, with what the table says of it."""

    word: str
    detail: str = ""
    doc: str = ""


@dataclass(frozen=True)
class Offer:
    """What may be written at the cursor: ``entries`` for the ``kind`` ("key" or "value") at
    ``path`` (the dotted path of the mapping or of the key, "" the top level)."""

    kind: str
    path: str
    entries: tuple[Entry, ...]

    @property
    def words(self) -> tuple[str, ...]:
        return tuple(e.word for e in self.entries)


def _word_around(text: str, offset: int) -> tuple[int, int]:
    start = offset
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_.-"):
        start -= 1
    m = _WORD.match(text, offset)
    return start, m.end() if m else offset


def _in_flow(line: str) -> tuple[str, str]:
    """The innermost flow collection open on the line up to the cursor ("{", "[" or "" for
    none), and the last character before the word being typed that is not a space."""
    opened: list[str] = []
    for ch in line:
        if ch in "{[":
            opened.append(ch)
        elif ch in "}]" and opened:
            opened.pop()
    stripped = line.rstrip(" \t")
    return (opened[-1] if opened else ""), stripped[-1:] if stripped else ""


def marked_texts(text: str, offset: int) -> list[tuple[str, str]]:
    """Each way of reading the cursor's place, the likeliest first: (the text with the
    marker there, "key" or "value"); none where neither a key nor a value is written."""
    start, end = _word_around(text, offset)
    line_start = max(text.rfind("\n", 0, start), text.rfind("\r", 0, start)) + 1
    before = text[line_start:start]
    rest = text[end:]
    found = re.search(r"[\r\n]", rest)
    after = rest[: found.start() if found else len(rest)]
    head, tail = text[:start], text[end:]
    flow, last = _in_flow(before)
    colon = after.lstrip().startswith(":")
    if flow == "{" and last in "{,":
        more = "" if colon or after.lstrip()[:1] in (",", "}", "") else ", "
        return [(head + MARK + ("" if colon else ": 0" + more) + tail, "key")]
    if flow and last in (":", "[", ","):
        return [(head + MARK + tail, "value")]
    if flow:
        return []
    typed = before + text[start:offset]
    out = []
    key = _BLOCK_KEY.match(typed)
    if key and (colon or not after.strip()):
        out.append((head + MARK + ("" if colon else ": 0") + tail, "key"))
    if (_BLOCK_VALUE.match(typed) or (key and key.group(2))) and not after.strip():
        out.append((head + MARK + tail, "value"))
    return out


def offer(text: str, offset: int, file: str) -> Offer | None:
    """The keys or values the schema allows at ``offset`` of a component.yaml's ``text``
    (``file`` is its path, which places are reported against)."""
    for marked, _ in marked_texts(text, offset):
        root, _ = read_yaml(marked, file)
        found = _find(root, ()) if root is not None else None
        if root is None or found is None:
            continue
        path, kind, holder = found
        where = where_of(root)
        got = _keys(path, holder, where) if kind == "key" else _values(path, holder, where)
        if got is not None and got.entries:
            return got
    return None


def _find(node: YNode, path: TreePath) -> tuple[TreePath, str, YNode] | None:
    """Where the marker is: (the path of the mapping it is a key of, "key", the mapping), or
    (the path of the value it is, "value", the mapping or list holding it)."""
    if node.kind == "map":
        if MARK in node.value:
            return path, "key", node
        items: list[tuple[str | int, YNode]] = list(node.value.items())
    elif node.kind == "seq":
        items = list(enumerate(node.value))
    else:
        return None
    for name, child in items:
        if child.kind == "str" and child.value == MARK:
            return (*path, name), "value", node
        found = _find(child, (*path, name))
        if found is not None:
            return found
    return None


def where_of(root: YNode) -> Where:
    """What the allowed keys hang on, as the declaration states it (the marker aside)."""
    if root.kind != "map":
        return Where()
    category = root.get("category")
    stated = category.value if category is not None and category.is_str else None
    return Where(
        stated if stated in CATEGORIES else None,
        frozenset(_names(root.get("profiles"))),
        _names(root.get("connectors")),
        _names(root.get("links")),
    )


def _names(node: YNode | None) -> tuple[str, ...]:
    if node is None or node.kind != "map":
        return ()
    return tuple(k for k in node.value if k != MARK)


def _keys(path: TreePath, holder: YNode, where: Where) -> Offer | None:
    written = set(holder.value)
    block = schema_keys(path, where, written)
    if block is None:
        return None
    return Offer(
        "key", dotted(path), tuple(_key_entry(k) for k in block.keys if k.name not in written)
    )


def _key_entry(key: Key) -> Entry:
    detail = key.what + (f" ({key.unit})" if key.unit else "")
    required = {"yes": "required", "no": "optional"}.get(key.required, f"required {key.required}")
    return Entry(key.name, detail, f"{key.doc[:1].upper()}{key.doc[1:]}; {required}.")


def _values(path: TreePath, holder: YNode, where: Where) -> Offer | None:
    """The values of the key the marker is the value of, or (in a list) each item of."""
    listed = isinstance(path[-1], int)
    key_path = path[:-1] if listed else path
    if not key_path or not isinstance(key_path[-1], str):
        return None
    block: Keys | None = schema_keys(key_path[:-1], where, _stated(holder, listed))
    key = block.key(key_path[-1]) if block is not None else None
    if key is None:
        return None
    taken = {v.value for v in holder.value if v.kind == "str"} if listed else set()
    return Offer(
        "value",
        dotted(path),
        tuple(Entry(w, f"a value of {key.name}", key.doc) for w in key.options if w not in taken),
    )


def _stated(holder: YNode, listed: bool) -> set[str]:
    return set() if listed else set(holder.value)


def dotted(path: TreePath) -> str:
    """A path as the checks name it: "connectors.hub.driveline.turns[1]"."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
    return out


# -- connectors --------------------------------------------------------------------------------
def connectors(text: str, file: str) -> dict[str, Span | None]:
    """The connectors a component.yaml's text declares: name -> the place of its key (a
    ``Span``), empty when the text does not read as YAML."""
    try:
        node, _ = read_yaml(text, file)
    except Exception:
        return {}
    block = node.get("connectors") if node is not None and node.kind == "map" else None
    if block is None or block.kind != "map":
        return {}
    return {name: block.key_spans.get(name) for name in block.value}


def word_at(text: str, offset: int) -> tuple[str, int, int]:
    """The identifier around ``offset``: (word, start, end)."""
    start = offset
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] == "_"):
        start -= 1
    end = offset
    while end < len(text) and (text[end].isalnum() or text[end] == "_"):
        end += 1
    return text[start:end], start, end

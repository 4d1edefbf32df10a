"""What a component.yaml may state at a place: its keys and enum values, asked of the
library's own checks.

The schema has no single list: its field names and its allowed values are the arguments of
the checks in ``mobiledsl.library`` (``Fields.keys`` and ``Fields.choice`` calls, each
block's own tuple). So the document is checked once more with a probe written where the
cursor is, a key or a value no schema holds, and the check's own answer is read back from
the help it writes (``mobiledsl.library.fields``' wording): the ``library.unknown_field``
it reports at the probe lists the keys allowed there ("the allowed fields are: ..."), the
``library.invalid_value`` the values ("write one of: ..."), the
``library.unknown_connector`` the connectors ("the part declares: ..."). Where the checks
name no list (a profile's name, a logical mount), the vocabulary's types and mounts are
offered. tests/lsp/test_component_yaml.py holds the answers to the loader's own tuples, so
a change of wording is seen there.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass

from ..diagnostics import Diagnostic, Span

#: written where the cursor is; an identifier no schema knows
PROBE = "zzmobiledslprobe"

_WORD = re.compile(r"[\w.-]*")
_BLOCK_KEY = re.compile(r"^(\s*)(-\s+)?([\w]*)$")
_BLOCK_VALUE = re.compile(r"^\s*(?:-\s+)?([\w]+):[ \t]+([\w.-]*)$")
_PATH_OF_PROBE = re.compile(rf"'((?:[\w\[\]]+\.)*){PROBE}'")
_PATH_OF_VALUE = re.compile(rf"'([\w.\[\]]+)' (?:is|names) '{PROBE}'")
_ALLOWED = "the allowed fields are: "
_ONE_OF = "write one of: "
_DECLARED = "the part declares: "


@dataclass(frozen=True)
class Offer:
    """What may be written at the cursor: ``words`` for the ``kind`` ("key" or "value") at
    ``path`` (the dotted path of the mapping or of the key, as the checks name it)."""

    kind: str
    path: str
    words: tuple[str, ...]


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


def probe_texts(text: str, offset: int) -> list[tuple[str, str]]:
    """Each way of reading the cursor's place, the likeliest first: (the text with the
    probe there, "key" or "value"); none where neither a key nor a value is written."""
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
        return [(head + PROBE + ("" if colon else ": 0" + more) + tail, "key")]
    if flow and last in (":", "[", ","):
        return [(head + PROBE + tail, "value")]
    if flow:
        return []
    typed = before + text[start:offset]
    out = []
    key = _BLOCK_KEY.match(typed)
    if key and (colon or not after.strip()):
        out.append((head + PROBE + ("" if colon else ": 0") + tail, "key"))
    if (_BLOCK_VALUE.match(typed) or (key and key.group(2))) and not after.strip():
        out.append((head + PROBE + tail, "value"))
    return out


def _check(text: str, file: str) -> tuple[object, list[Diagnostic]]:
    from ..library.loader import check_declaration
    from ..yamlio import read_yaml

    node, diags = read_yaml(text, file)
    if node is None:
        return None, diags
    part_dir = os.path.dirname(file)
    _, diags = check_declaration(node, file, part_dir, os.path.basename(part_dir), "probe", diags)
    return node, diags


def offer(text: str, offset: int, file: str) -> Offer | None:
    """The keys or values the library's checks allow at ``offset`` of a component.yaml's
    ``text`` (``file`` is its path: its folder is the part's id)."""
    for probe, kind in probe_texts(text, offset):
        node, diags = _check(probe, file)
        if node is None:
            continue
        found = _keys(node, diags) if kind == "key" else _values(diags)
        if found is not None and found.words:
            return found
    return None


def _keys(node, diags: list[Diagnostic]) -> Offer | None:
    path = None
    for d in diags:
        m = _PATH_OF_PROBE.search(d.message)
        if m is None:
            continue
        path = m.group(1)
        for h in d.help:
            if d.code == "library.unknown_field" and h.startswith(_ALLOWED):
                written = _siblings(node)
                words = tuple(w for w in h[len(_ALLOWED) :].split(", ") if w not in written)
                return Offer("key", path.rstrip("."), words)
    if path is None:
        return None
    return _vocabulary_keys(path.rstrip("."), _siblings(node))


def _vocabulary_keys(path: str, written: set[str]) -> Offer | None:
    """Keys the checks take as names of the vocabulary's: a profile's component type, a
    profile's logical mounts."""
    from ..model.vocabulary import (
        CHASSIS_TYPES,
        COMPONENT_TYPES,
        OPTIONAL_CHASSIS_MOUNTS,
        PART_MOUNTS,
    )

    parts = path.split(".")
    if parts == ["profiles"]:
        words = COMPONENT_TYPES
    elif len(parts) == 3 and parts[0] == "profiles" and parts[2] == "mounts":
        kind = parts[1]
        if kind in CHASSIS_TYPES:
            words = CHASSIS_TYPES[kind].wheel_mounts + OPTIONAL_CHASSIS_MOUNTS
        else:
            words = PART_MOUNTS.get(kind, ("default",))
    else:
        return None
    return Offer("key", path, tuple(w for w in words if w not in written))


def _values(diags: list[Diagnostic]) -> Offer | None:
    for d in diags:
        m = _PATH_OF_VALUE.search(d.message) or _PATH_OF_PROBE.search(d.message)
        if m is None:
            continue
        path = m.group(1).rstrip(".")
        key = path.rpartition(".")[2]
        words: list[str] = []
        for h in d.help:
            if h.startswith(_ONE_OF):
                words += h[len(_ONE_OF) :].split(", ")
            elif h.startswith(_DECLARED) and d.code == "library.unknown_connector":
                words += [w for w in h[len(_DECLARED) :].split(", ") if w != "no connector"]
            elif h.startswith("write "):
                words += re.findall(rf"\b{re.escape(key)}: ([\w.-]+)", h)
        if "must be true or false" in d.message:
            words += ["true", "false"]
        if words:
            return Offer("value", path, tuple(dict.fromkeys(words)))
    return None


def _siblings(node) -> set[str]:
    """The other keys of the mapping the probe is a key of."""
    stack = [node]
    while stack:
        n = stack.pop()
        if n.kind == "map":
            if PROBE in n.value:
                return {k for k in n.value if k != PROBE}
            stack.extend(n.value.values())
        elif n.kind == "seq":
            stack.extend(n.value)
    return set()


# -- connectors --------------------------------------------------------------------------------
def connectors(text: str, file: str) -> dict[str, Span | None]:
    """The connectors a component.yaml's text declares: name -> the place of its key (a
    ``Span``), empty when the text does not read as YAML."""
    from ..yamlio import read_yaml

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

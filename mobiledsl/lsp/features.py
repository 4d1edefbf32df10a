"""Completion, hover and go to definition: pure functions of a document's text, the place
asked and the records they need (the libraries' parts, the program's other files), giving
lsprotocol items. They read the text as it is typed, so a half-typed document gets what can
be known of it and never an exception.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from lsprotocol import types as lsp

from ..model.vocabulary import (
    CHASSIS_TYPES,
    COMPONENT_TYPES,
    ENTITY_TYPES,
    PART_TYPES,
    STEP_TYPES,
)
from .positions import LineIndex

_REF_OPEN = re.compile(r"""\b(ref|environment)\s*=\s*"([\w./-]*)$""")
_AT = re.compile(r"@(core|world)/(\w*)$")
_LINE_WORD = re.compile(r"^\s*(\w*)$")
_TYPE_ON_LINE = re.compile(r"^\s*([A-Z]\w*)\s+\w+\s*\(")
_COMPONENT = re.compile(r"^[ \t]*([A-Z]\w*)[ \t]+(\w+)[ \t]*\(", re.M)
_ENTITY = re.compile(r"^[ \t]*(Obstacle|SupportSurface|Marker)[ \t]+(\w+)", re.M)
_ENVIRONMENT = re.compile(r"""\benvironment\s*=\s*"([^"\n]*)\"""")
_MOUNT_VALUE = re.compile(r"(mounts:\s*\{[^}]*:\s*|turns:\s*\[[^\]]*)(\w*)$")

#: a program's other files' texts, by kind ("core", "world", "task"), when there are any
Siblings = dict[str, str]


def _line_before(text: str, offset: int) -> str:
    start = max(text.rfind("\n", 0, offset), text.rfind("\r", 0, offset)) + 1
    return text[start:offset]


# -- records the features show -----------------------------------------------------------------
def mass(part: Any) -> float | None:
    inertial = getattr(part, "inertial", None)
    if inertial is not None:
        return inertial.mass
    links = getattr(part, "links", ())
    return sum(link.inertial.mass for link in links) if links else None


def part_detail(part: Any) -> str:
    """One line: mass, category, library."""
    m = mass(part)
    where = f"{part.category}, {part.library}"
    return f"{m:g} kg · {where}" if m is not None else where


def datasheet(part: Any) -> str:
    """A part's figures as Markdown (hover)."""
    lines = [f"**{part.library}/{part.id}** ({part.category})", "", part.description or ""]
    rows = []
    m = mass(part)
    if m is not None:
        rows.append(f"mass: {m:g} kg")
    if part.wheel is not None:
        rows.append(
            f"wheel: radius {part.wheel.radius:g} m, width {part.wheel.width:g} m "
            f"(diameter {2 * part.wheel.radius * 1000:g} mm)"
        )
    if part.track is not None:
        rows.append(f"track: width {part.track.width:g} m")
    if part.motor is not None:
        mo = part.motor
        rows.append(
            f"motor: {mo.rated_voltage_v:g} V rated, no-load {mo.no_load_speed_rad_s:g} "
            f"rad/s, stall {mo.stall_torque_nm:g} N·m at {mo.stall_current_a:g} A"
        )
    if part.battery is not None:
        b = part.battery
        span = (
            ""
            if b.voltage_min_v is None or b.voltage_max_v is None
            else f" ({b.voltage_min_v:g}–{b.voltage_max_v:g} V)"
        )
        capacity = f", {b.capacity_ah:g} Ah" if b.capacity_ah is not None else ""
        rows.append(f"battery: {b.voltage_nominal_v:g} V nominal{span}{capacity}")
    if part.driver is not None:
        d = part.driver
        figures = [
            f"{d.channels} channels" if d.channels else None,
            f"{d.voltage_min_v:g}–{d.voltage_max_v:g} V"
            if d.voltage_min_v is not None and d.voltage_max_v is not None
            else None,
            f"{d.continuous_current_per_channel_a:g} A continuous"
            if d.continuous_current_per_channel_a is not None
            else None,
            f"{d.peak_current_per_channel_a:g} A peak"
            if d.peak_current_per_channel_a is not None
            else None,
        ]
        rows.append("driver: " + ", ".join(f for f in figures if f))
    if part.range is not None:
        r = part.range
        rows.append(
            f"range: {r.min_m:g}–{r.max_m:g} m, field of view {r.field_of_view_rad:g} "
            f"rad, {r.rate_hz:g} Hz"
        )
    if part.profiles:
        rows.append("profiles: " + ", ".join(sorted(part.profiles)))
    if part.connectors:
        rows.append("connectors: " + ", ".join(sorted(part.connectors)))
    return "\n".join(lines + [f"- {r}" for r in rows])


def _wanted(kind: str, line: str, key: str) -> Callable[[Any], bool]:
    """Which parts fit the ``ref`` being typed: a component's those whose profiles list its
    type, an entity's the objects, a world's environment the environments."""
    if key == "environment":
        return lambda p: p.category == "environment"
    if kind == "world":
        return lambda p: p.category == "object"
    m = _TYPE_ON_LINE.match(line)
    if m and m.group(1) in COMPONENT_TYPES:
        wanted = m.group(1)
        return lambda p: wanted in p.profiles
    return lambda p: p.category not in ("object", "environment")


# -- completion --------------------------------------------------------------------------------
def completion(
    kind: str,
    text: str,
    offset: int,
    parts: Sequence[Any],
    siblings: Siblings,
    part_of_file: Any = None,
    file: str = "",
) -> list[lsp.CompletionItem]:
    """What may be written at ``offset`` of a document of ``kind`` ("core", "world", "task",
    "component"); ``file`` is the document's path (a component.yaml's folder names its
    part)."""
    line = _line_before(text, offset)
    m = _REF_OPEN.search(line)
    if m and kind in ("core", "world"):
        fits = _wanted(kind, line, m.group(1))
        return [
            lsp.CompletionItem(
                label=p.id,
                kind=lsp.CompletionItemKind.Value,
                detail=part_detail(p),
                documentation=p.description,
                label_details=lsp.CompletionItemLabelDetails(description=summary(p)),
                sort_text=p.id,
            )
            for p in sorted(parts, key=lambda p: (p.id, p.library))
            if fits(p)
        ]
    m = _AT.search(line)
    if m:
        names = (
            core_names(siblings.get("core", text if kind == "core" else ""))
            if m.group(1) == "core"
            else world_names(siblings.get("world", ""), parts)
        )
        return [
            lsp.CompletionItem(label=name, kind=lsp.CompletionItemKind.Reference, detail=what)
            for name, what in names.items()
        ]
    if kind == "component":
        return _component_completion(text, offset, line, part_of_file, file)
    if _LINE_WORD.match(line):
        return _types(kind)
    return []


def summary(part: Any) -> str:
    """A part's description's first line, shortened."""
    first = (part.description or "").strip().splitlines()[:1]
    text = first[0] if first else ""
    return text if len(text) <= 60 else text[:57] + "..."


def _component_completion(
    text: str, offset: int, line: str, part: Any, file: str
) -> list[lsp.CompletionItem]:
    """A connector's name where a mount or a driveline names one, else the keys and values
    the library schema's tables allow there."""
    from . import schema

    if _MOUNT_VALUE.search(line):
        declared = schema.connectors(text, file)
        if declared:
            return [
                lsp.CompletionItem(
                    label=name, kind=lsp.CompletionItemKind.Field, detail="a connector of this part"
                )
                for name in sorted(declared)
            ]
        if part is not None:
            return [
                lsp.CompletionItem(
                    label=name,
                    kind=lsp.CompletionItemKind.Field,
                    detail=f"connector at {list(c.pos)}",
                )
                for name, c in sorted(part.connectors.items())
            ]
        return []
    found = schema.offer(text, offset, file) if file else None
    if found is None:
        return []
    if found.kind == "key":
        rest = text[offset : offset + 200].split("\n", 1)[0]
        colon = bool(re.match(r"[\w-]*\s*:", rest))
        return [
            lsp.CompletionItem(
                label=e.word,
                kind=lsp.CompletionItemKind.Property,
                detail=e.detail,
                documentation=e.doc or None,
                insert_text=e.word if colon else f"{e.word}: ",
                label_details=lsp.CompletionItemLabelDetails(
                    description=f"{found.path or 'the declaration'}"
                ),
            )
            for e in found.entries
        ]
    return [
        lsp.CompletionItem(
            label=e.word,
            kind=lsp.CompletionItemKind.EnumMember,
            detail=f"a value of {found.path}",
            documentation=e.doc or None,
        )
        for e in found.entries
    ]


def _types(kind: str) -> list[lsp.CompletionItem]:
    if kind == "core":
        items = {**{n: c.summary for n, c in CHASSIS_TYPES.items()}, **PART_TYPES}
    elif kind == "world":
        items = {n: "an entity of the world" for n in ENTITY_TYPES}
    elif kind == "task":
        items = {n: s.summary for n, s in STEP_TYPES.items()}
    else:
        return []
    return [
        lsp.CompletionItem(label=name, kind=lsp.CompletionItemKind.Class, detail=summary)
        for name, summary in items.items()
    ]


def core_names(core_text: str) -> dict[str, str]:
    """The components a core declares: name -> type."""
    return {m.group(2): m.group(1) for m in _COMPONENT.finditer(core_text) if m.group(1) != "Robot"}


def world_names(world_text: str, parts: Iterable[Any]) -> dict[str, str]:
    """The entities of a world and of its environment: name -> what."""
    out = {m.group(2): m.group(1) for m in _ENTITY.finditer(world_text)}
    env = environment_of(world_text, parts)
    for entity in getattr(env, "entities", ()) or ():
        out.setdefault(entity.name, f"{entity.entity} of {env.id}")
    return out


def environment_of(world_text: str, parts: Iterable[Any]) -> Any:
    m = _ENVIRONMENT.search(world_text)
    if not m:
        return None
    ref = m.group(1).rpartition("/")[2]
    return next((p for p in parts if p.id == ref and p.category == "environment"), None)


# -- what is under the cursor ------------------------------------------------------------------
_QUOTED = re.compile(r'"([^"\n]*)"')
_AT_WORD = re.compile(r"@(core|world)/(\w+)")


def ref_at(text: str, offset: int) -> tuple[str, int, int] | None:
    """The part id of the ``ref = "..."`` (or ``environment = "..."``) whose string holds
    ``offset``: (id, start, end) of the string's inside."""
    for m in _QUOTED.finditer(text, max(0, offset - 300), offset + 300):
        if m.start(1) <= offset <= m.end(1):
            head = text[max(0, m.start() - 40) : m.start()]
            if re.search(r"\b(ref|environment)\s*=\s*$", head):
                return m.group(1), m.start(1), m.end(1)
    return None


def at_reference(text: str, offset: int) -> tuple[str, str, int, int] | None:
    """The ``@core/name`` or ``@world/name`` at ``offset``: (core|world, name, start, end)."""
    for m in _AT_WORD.finditer(text, max(0, offset - 100), offset + 100):
        if m.start() <= offset <= m.end():
            return m.group(1), m.group(2), m.start(), m.end()
    return None


# -- hover -------------------------------------------------------------------------------------
def hover(
    text: str,
    offset: int,
    part_of: Callable[[str], Any],
    diagnostics: Iterable[tuple] = (),
    explain: Callable[[str], str | None] = lambda code: None,
    encoding: str = "utf-16",
    glue: tuple[str, int, int] | None = None,
) -> lsp.Hover | None:
    """A part's datasheet on its ref; a glue's seat (``glue``: its Markdown and the offsets
    of the glue's value, worked out by ``glues``); the diagnostics under the cursor, given
    as (start, end, code) or (start, end, code, message) offsets, with their
    explanations."""
    index = LineIndex(text, encoding)
    found = ref_at(text, offset)
    if found is not None:
        part = part_of(found[0])
        if part is not None:
            return lsp.Hover(
                contents=lsp.MarkupContent(lsp.MarkupKind.Markdown, datasheet(part)),
                range=_range(index, found[1], found[2]),
            )
    texts = [glue[0]] if glue is not None else []
    seen: set[str] = set()
    for start, end, code, *said in diagnostics:
        if start <= offset <= end and code not in seen:
            seen.add(code)
            parts = [f"**{code}**"]
            if said and said[0]:
                parts.append(said[0])
            explanation = explain(code)
            if explanation:
                parts.append(explanation)
            if len(parts) > 1:
                texts.append("\n\n".join(parts))
    if texts:
        return lsp.Hover(
            contents=lsp.MarkupContent(lsp.MarkupKind.Markdown, "\n\n---\n\n".join(texts)),
            range=_range(index, glue[1], glue[2]) if glue else None,
        )
    return None


def _range(index: LineIndex, start: int, end: int) -> lsp.Range:
    return lsp.Range(lsp.Position(*index.position(start)), lsp.Position(*index.position(end)))


# -- definition --------------------------------------------------------------------------------
def definition(
    text: str,
    offset: int,
    part_of: Callable[[str], Any],
    siblings: Siblings,
    parts: Sequence[Any],
    kind: str = "",
    file: str = "",
) -> tuple[str, int, int | None] | None:
    """Where what is at ``offset`` is declared: (file or sibling kind, line, column) with
    the compiler's 1-based places, or an offset into a sibling's text ("core"/"world",
    offset, None). A ref goes to its component.yaml, ``@core/name`` to the component,
    ``@world/name`` to the world's entity or its environment's; in a component.yaml
    (``kind`` "component", ``file`` its path), a connector's name to its declaration."""
    if kind == "component":
        return connector_definition(text, offset, file)
    found = ref_at(text, offset)
    if found is not None:
        part = part_of(found[0])
        return (part.file, 1, 1) if part is not None else None
    at = at_reference(text, offset)
    if at is None:
        return None
    kind, name = at[0], at[1]
    if kind == "core":
        core = siblings.get("core", "")
        for m in _COMPONENT.finditer(core):
            if m.group(2) == name:
                return "core", m.start(2), None
        return None
    world = siblings.get("world", "")
    for m in _ENTITY.finditer(world):
        if m.group(2) == name:
            return "world", m.start(2), None
    env = environment_of(world, parts)
    for entity in getattr(env, "entities", ()) or ():
        if entity.name == name:
            span = entity.span
            if span is not None and span.line:
                return span.file or env.file, span.line, span.column or 1
            return env.file, 1, 1
    return None


def connector_definition(text: str, offset: int, file: str) -> tuple[str, int, int] | None:
    """A connector named in a component.yaml (a mount's, a driveline's) to where its
    ``connectors`` entry is, in the same file."""
    from . import schema

    word, start, _ = schema.word_at(text, offset)
    declared = schema.connectors(text, file) if word else {}
    span = declared.get(word)
    if span is None or not span.line:
        return None
    index = LineIndex(text)
    if index.offset(span.line, span.column) == start:
        return None  # the declaration itself
    return file, span.line, span.column or 1

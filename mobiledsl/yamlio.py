"""YAML read as JSON, with every value's place.

The library format reads YAML values the way JSON would: only ``true``/``false`` are booleans,
``null``, ``~`` and an empty value are null, and a plain scalar is a number exactly when it
spells a JSON number. Everything else is a string. We take ruamel.yaml's node graph (the
composer, before any YAML 1.1 type resolution) and convert it ourselves, which also lets us
bound alias expansion before copying anything.

Every limit is checked while the events stream in, before anything is composed: a file
nested deeper than ``MAX_DEPTH`` or holding more than ``MAX_VALUES`` values is refused at
the value that crosses the line (composing a deeper one would overflow the C stack of
libyaml's composer). The size of the file is bounded before it is read (``MAX_BYTES``, see
``mobiledsl.inputs``), and a message quotes at most a short excerpt of what it read.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import field
from typing import TYPE_CHECKING, Any

from .diagnostics import Diagnostic, Label, Span, error, excerpt
from .linebreaks import ends_with_break, place
from .recordtype import record

if TYPE_CHECKING:
    from ruamel.yaml.nodes import Node, ScalarNode

MAX_DEPTH = 64
# Values in a file, as written and as aliases expand it: a hull of 60,000 corners is read.
MAX_VALUES = 300_000

_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?\Z")
_PLAIN_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.\-]*\Z")


@record(eq=False)
class YNode:
    """One value of a YAML document. ``kind`` is map, seq, str, number, bool or null.

    For a map, ``value`` is a dict of key -> YNode in document order and ``key_spans`` the
    place of each key. For a number, ``raw`` is the text as written (exact arithmetic and
    range checks use it) and ``value`` the int or float it reads as.
    """

    kind: str
    value: Any
    span: Span
    raw: str | None = None
    key_spans: dict[str, Span] = field(default_factory=dict)

    @property
    def is_map(self) -> bool:
        return self.kind == "map"

    @property
    def is_seq(self) -> bool:
        return self.kind == "seq"

    @property
    def is_number(self) -> bool:
        return self.kind == "number"

    @property
    def is_str(self) -> bool:
        return self.kind == "str"

    @property
    def is_bool(self) -> bool:
        return self.kind == "bool"

    @property
    def is_null(self) -> bool:
        return self.kind == "null"

    def get(self, key: str) -> YNode | None:
        return self.value.get(key) if self.kind == "map" else None

    def __getattr__(self, name: str) -> Any:
        # A reader making a library's values by the hundred thousand may leave its Spans
        # unmade: a node's place kept as the tuple (file, line, column, end_line,
        # end_column) under "_place", a mapping's keys' places as a dict of them under
        # "_key_places", a list's or a scalar's key_spans (none) not made at all. Most are
        # never asked for (a value that checks out is not pointed at), and a tuple costs a
        # third of a Span. They are made the first time they are.
        d = self.__dict__
        if name == "span":
            place = d.get("_place")
            if place is not None:
                span = d["span"] = Span(*place)
                return span
        elif name == "key_spans" and "_place" in d:
            places = d.get("_key_places")
            spans = d["key_spans"] = {} if places is None else \
                {key: Span(*place) for key, place in places.items()}
            return spans
        raise AttributeError(f"'YNode' object has no attribute '{name}'")

    def key_span(self, key: str) -> Span:
        return self.key_spans.get(key, self.span)

    def items(self) -> Iterator[tuple[str, YNode]]:
        return iter(self.value.items()) if self.kind == "map" else iter(())

    def plain(self) -> Any:
        """The value as plain Python data (dict, list, str, int/float, bool, None)."""
        if self.kind == "map":
            return {k: v.plain() for k, v in self.value.items()}
        if self.kind == "seq":
            return [v.plain() for v in self.value]
        return self.value


def _ruamel():
    """ruamel.yaml's safe loader, imported here: the fast reader handles plain files without
    it, so most commands never pay for its import."""
    from ruamel.yaml import YAML
    return YAML(typ="safe")


def read_yaml(source: str | bytes, file: str) -> tuple[YNode | None, list[Diagnostic]]:
    """Read one YAML document. Never raises for bad input: returns (None, diagnostics)
    when there is no tree that can be read, else the tree and key-level diagnostics."""
    if isinstance(source, bytes):
        try:
            source = source.decode("utf-8")
        except UnicodeDecodeError as exc:
            # the bytes before the first bad one are text, placed as any reader places
            before = source[:exc.start].decode("utf-8")
            line, column = place(before, len(before))
            return None, [_syntax(Span(file, line, column, line, column),
                                  f"the file is not UTF-8 text ({exc.reason} at byte "
                                  f"{exc.start})")]
    try:
        problem = _prescan(source, file)
        if problem is not None:
            return None, [problem]
        root = _ruamel().compose(source)
    except RecursionError:
        return None, [_syntax(Span(file, 1, 1), f"values are nested more than {MAX_DEPTH} "
                              "levels deep")]
    except Exception as exc:  # ruamel raises several unrelated classes for bad text
        return None, [_syntax_at(file, exc, source)]
    if root is None:
        return YNode("null", None, Span(file, 1, 1)), []
    problem = _check_graph(root, file)
    if problem is not None:
        return None, [problem]
    diags: list[Diagnostic] = []
    return _convert(root, file, diags), diags


def _prescan(source: str, file: str) -> Diagnostic | None:
    """The limits, on the very events the composer would read (C-speed, no recursion).
    A syntax error ends the scan: the composer reports it, having nested no deeper than
    the scan saw."""
    _, parser = _ruamel().get_constructor_parser(source)
    limits = Limits(file)
    try:
        while True:
            event = parser.get_event()
            name = type(event).__name__
            if name == "StreamEndEvent":
                return None
            problem = limits.see(name, event.start_mark)
            if problem is not None:
                return problem
    except Exception:                    # bad text: compose reports it
        return None
    finally:
        parser.dispose()


class Limits:
    """Depth and value count of an event stream, checked as each event arrives."""

    __slots__ = ("file", "depth", "values")

    def __init__(self, file: str):
        self.file = file
        self.depth = 0
        self.values = 0

    def see(self, name: str, mark) -> Diagnostic | None:
        if name in ("SequenceEndEvent", "MappingEndEvent"):
            self.depth -= 1
            return None
        if name not in ("ScalarEvent", "AliasEvent", "SequenceStartEvent",
                        "MappingStartEvent"):
            return None
        self.values += 1
        if self.values > MAX_VALUES:
            return too_many_values(self.file, mark)
        if name[-10:] == "StartEvent":
            self.depth += 1
            if self.depth > MAX_DEPTH:
                return too_deep(self.file, mark)
        return None


def too_deep(file: str, mark) -> Diagnostic:
    return _syntax(_mark_span(file, mark), f"values are nested more than {MAX_DEPTH} "
                   "levels deep")


def too_many_values(file: str, mark) -> Diagnostic:
    return _syntax(_mark_span(file, mark), f"the file holds more than {MAX_VALUES:,} values")


def _syntax(span: Span, message: str) -> Diagnostic:
    return error("library.yaml_syntax", message, span, label="cannot be read",
                 help="write the file as plain YAML: mappings, lists and scalars")


def _syntax_at(file: str, exc: Exception, text: str = "") -> Diagnostic:
    """Where the reader gave up, and, when it says so, where the construct it was reading
    began: an unclosed bracket is found lines later, so that opening place comes first."""
    problem = _within(_problem_span(file, exc, text), text)
    context_mark = getattr(exc, "context_mark", None)
    if context_mark is None:
        return _syntax(problem, _describe(exc))
    context = _within(_mark_span(file, context_mark), text)
    return error("library.yaml_syntax", _describe(exc), context,
                 label=excerpt(str(getattr(exc, "context", "") or "started here")),
                 labels=(Label(problem, excerpt(str(getattr(exc, "problem", "")
                                                    or "cannot be read"))),),
                 help="close every [ and { on the line it opens, or write the list as "
                      "lines starting with '- '")


def _describe(exc: Exception) -> str:
    problem = getattr(exc, "problem", None)
    context = getattr(exc, "context", None)
    text = " ".join(str(p) for p in (context, problem) if p) or \
        (str(exc).splitlines() or [type(exc).__name__])[0]
    return f"the file is not valid YAML: {excerpt(text, 200)}"


def _within(span: Span, text: str) -> Span:
    """A place the reader gives past the end of a file without a final line break (the line
    after the last) is the end of the last line, where the file stops."""
    if not text or ends_with_break(text) or span.line is None:
        return span
    last, column = place(text, len(text))
    if span.line <= last:
        return span
    return Span(span.file, last, column, last, column)


def _problem_span(file: str, exc: Exception, text: str) -> Span:
    """Where the reader gave up: its mark, or for a character it refuses before scanning (a
    control character) that character's offset, placed by the line breaks."""
    mark = getattr(exc, "problem_mark", None)
    offset = getattr(exc, "position", None)
    if mark is None and isinstance(offset, int) and 0 <= offset < len(text):
        line, column = place(text, offset)
        return Span(file, line, column, line, column)
    return _mark_span(file, mark)


def _mark_span(file: str, mark) -> Span:
    if mark is None:
        return Span(file, 1, 1)
    return Span(file, mark.line + 1, mark.column + 1, mark.line + 1, mark.column + 1)


def _node_span(file: str, node: Node) -> Span:
    s, e = node.start_mark, node.end_mark
    if e is None:
        return Span(file, s.line + 1, s.column + 1, s.line + 1, s.column + 1)
    return Span(file, *span_places(s.line, s.column, e.line, e.column))


def span_places(line0: int, col0: int, end_line0: int, end_col0: int
                ) -> tuple[int, int, int, int | None]:
    """(line, column, end line, end column), 1-based, of a node from its start mark to its
    end mark (0-based): the one rule of every reader."""
    line, col = line0 + 1, col0 + 1
    if end_line0 < line0:
        return line, col, line, col
    if end_line0 > line0 and end_col0 == 0:
        # block collections end at the start of the next line: stop at the last one
        return line, col, end_line0, None
    return line, col, end_line0 + 1, max(end_col0, col)


def _check_graph(root: Node, file: str) -> Diagnostic | None:
    """Refuse cycles, depth past MAX_DEPTH and alias expansion past MAX_VALUES, in time
    linear in the node graph (aliases share nodes, so we memoise by identity). The bound on
    values is one on what aliases expand a file to: a file without aliases is read whatever
    its size, as it is already as large as it will be."""
    limit = _has_alias(root)
    sizes: dict[int, tuple[int, int]] = {}
    on_path: set[int] = set()
    # iterative post-order so hostile nesting cannot exhaust Python's stack
    stack: list[tuple[Node, bool]] = [(root, False)]
    while stack:
        node, done = stack.pop()
        key = id(node)
        if done:
            on_path.discard(key)
            size, depth = 1, 0
            for child in _children(node):
                csize, cdepth = sizes[id(child)]
                size += csize
                depth = max(depth, cdepth)
                if limit and size > MAX_VALUES:
                    break
            if not node.id == "scalar":
                depth += 1
            if depth > MAX_DEPTH:
                return _syntax(_node_span(file, node),
                               f"values are nested more than {MAX_DEPTH} levels deep")
            if limit and size > MAX_VALUES:
                return _syntax(_node_span(file, node), f"aliases expand this value to more "
                               f"than {MAX_VALUES:,} values")
            sizes[key] = (size, depth)
            continue
        if key in sizes:
            continue
        if key in on_path:
            return _syntax(_node_span(file, node),
                           "an alias stands inside the value its anchor names")
        on_path.add(key)
        stack.append((node, True))
        for child in _children(node):
            if id(child) in on_path:
                return _syntax(_node_span(file, child),
                               "an alias stands inside the value its anchor names")
            if id(child) not in sizes:
                stack.append((child, False))
    return None


def _has_alias(root: Node) -> bool:
    """Whether any node is reached twice: an alias names its anchor's node itself."""
    seen = {id(root)}
    stack = [root]
    while stack:
        for child in _children(stack.pop()):
            key = id(child)
            if key in seen:
                return True
            seen.add(key)
            stack.append(child)
    return False


def _children(node: Node) -> list[Node]:
    if node.id == "mapping":
        return [n for pair in node.value for n in pair]
    if node.id == "sequence":
        return list(node.value)
    return []


def _convert(node: Node, file: str, diags: list[Diagnostic]) -> YNode:
    span = _node_span(file, node)
    if node.id == "scalar":
        return _scalar(node, span)
    if node.id == "sequence":
        return YNode("seq", tuple(_convert(n, file, diags) for n in node.value), span)
    values: dict[str, YNode] = {}
    key_spans: dict[str, Span] = {}
    for knode, vnode in node.value:
        kspan = _node_span(file, knode)
        key = _key_text(knode)
        if key is None:
            diags.append(error("library.invalid_key", "a key must be a plain name",
                               kspan, label="not a plain name",
                               help="write keys as names of letters, digits and _ "
                                    "(no lists, mappings, numbers or merge keys)"))
            continue
        if key in values:
            diags.append(error("library.duplicate_key", f"the key '{key}' is given twice",
                               kspan, label="given again here",
                               labels=(Label(key_spans[key], "first given here"),),
                               help=f"keep one '{key}' and delete the other"))
            continue
        values[key] = _convert(vnode, file, diags)
        key_spans[key] = kspan
    return YNode("map", values, span, key_spans=key_spans)


def _key_text(node: Node) -> str | None:
    if not node.id == "scalar":
        return None
    text = node.value
    if node.style in (None, "") and (text in NOT_STRINGS or _JSON_NUMBER.match(text)):
        return None
    return text if _PLAIN_NAME.match(text) else None


def _scalar(node: ScalarNode, span: Span) -> YNode:
    text = node.value
    if node.style not in (None, ""):
        return YNode("str", text, span)
    kind, value, raw = plain_value(text)
    return YNode(kind, value, span, raw=raw)


# plain scalars that read as null or a bool (so never as a string, nor as a key)
NOT_STRINGS = {"": ("null", None), "~": ("null", None), "null": ("null", None),
               "true": ("bool", True), "false": ("bool", False)}


def plain_value(text: str) -> tuple[str, Any, str | None]:
    """(kind, value, raw) of a plain (unquoted) scalar: null, a bool, a JSON number (a float
    when it has a fraction or an exponent or is long, its spelling kept as raw), else a
    string. The one rule every reader of the project's YAML follows."""
    constant = NOT_STRINGS.get(text)
    if constant is not None:
        return constant + (None,)
    m = _JSON_NUMBER.match(text)
    if m:
        return "number", float(text) if (m.lastindex or len(text) > 20) else int(text), text
    return "str", text, None

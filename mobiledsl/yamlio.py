"""YAML read as JSON, with every value's place.

The library format reads YAML values the way JSON would: only ``true``/``false`` are booleans,
``null``, ``~`` and an empty value are null, and a plain scalar is a number exactly when it
spells a JSON number. Everything else is a string; a tag changes nothing. ``read_yaml`` is
the one reader of every YAML file the project reads: ``mobiledsl.yamlread`` composes the
tree from libyaml's parse events (no YAML 1.1 type resolution) and bounds aliases before
they expand anything. ruamel.yaml is kept for the edits that must keep a file's comments
(``mobiledsl fix``), never for reading.

Every limit is checked while the events stream in, before anything is composed: a file
nested deeper than ``MAX_DEPTH`` or holding more than ``MAX_VALUES`` values is refused at
the value that crosses the line. The size of the file is bounded before it is read
(``MAX_BYTES``, see ``mobiledsl.inputs``), and a message quotes at most a short excerpt of
what it read.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import field
from typing import Any

from .diagnostics import Diagnostic, Label, Span, error, excerpt
from .linebreaks import ends_with_break, place
from .recordtype import record

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
            spans = d["key_spans"] = (
                {} if places is None else {key: Span(*place) for key, place in places.items()}
            )
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


def read_yaml(source: str | bytes, file: str) -> tuple[YNode | None, list[Diagnostic]]:
    """Read one YAML document. Never raises for bad input: returns (None, diagnostics)
    when there is no tree that can be read, else the tree and key-level diagnostics."""
    if isinstance(source, bytes):
        data = source
        try:
            source = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            # the bytes before the first bad one are text, placed as any reader places
            before = data[: exc.start].decode("utf-8")
            line, column = place(before, len(before))
            return None, [
                syntax(
                    Span(file, line, column, line, column),
                    f"the file is not UTF-8 text ({exc.reason} at byte {exc.start})",
                )
            ]
    from .yamlread import compose  # PyYAML's libyaml, imported with the first file read

    return compose(source, file)


def too_deep(file: str, mark) -> Diagnostic:
    return syntax(_mark_span(file, mark), f"values are nested more than {MAX_DEPTH} levels deep")


def too_many_values(file: str, mark) -> Diagnostic:
    return syntax(_mark_span(file, mark), f"the file holds more than {MAX_VALUES:,} values")


def syntax(span: Span, message: str) -> Diagnostic:
    return error(
        "library.yaml_syntax",
        message,
        span,
        label="cannot be read",
        help="write the file as plain YAML: mappings, lists and scalars",
    )


def syntax_error(file: str, exc: Exception, text: str = "") -> Diagnostic:
    """Where the reader gave up, and, when it says so, where the construct it was reading
    began: an unclosed bracket is found lines later, so that opening place comes first."""
    problem = _within(_problem_span(file, exc, text), text)
    context_mark = getattr(exc, "context_mark", None)
    if context_mark is None:
        return syntax(problem, _describe(exc))
    context = _within(_mark_span(file, context_mark), text)
    return error(
        "library.yaml_syntax",
        _describe(exc),
        context,
        label=excerpt(str(getattr(exc, "context", "") or "started here")),
        labels=(Label(problem, excerpt(str(getattr(exc, "problem", "") or "cannot be read"))),),
        help="close every [ and { on the line it opens, or write the list as "
        "lines starting with '- '",
    )


def _describe(exc: Exception) -> str:
    problem = getattr(exc, "problem", None)
    context = getattr(exc, "context", None)
    text = (
        " ".join(str(p) for p in (context, problem) if p)
        or (str(exc).splitlines() or [type(exc).__name__])[0]
    )
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
    control character) that character's place: libyaml gives its offset in the UTF-8 bytes
    of the text, placed here by the characters before it and the line breaks."""
    mark = getattr(exc, "problem_mark", None)
    offset = getattr(exc, "position", None)
    if mark is None and isinstance(offset, int) and offset >= 0:
        at = len(text.encode("utf-8")[:offset].decode("utf-8", "ignore"))
        if at < len(text):
            line, column = place(text, at)
            return Span(file, line, column, line, column)
    return _mark_span(file, mark)


def _mark_span(file: str, mark) -> Span:
    if mark is None:
        return Span(file, 1, 1)
    return Span(file, mark.line + 1, mark.column + 1, mark.line + 1, mark.column + 1)


def span_places(
    line0: int, col0: int, end_line0: int, end_col0: int
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


# plain scalars that read as null or a bool (so never as a string, nor as a key)
NOT_STRINGS = {
    "": ("null", None),
    "~": ("null", None),
    "null": ("null", None),
    "true": ("bool", True),
    "false": ("bool", False),
}


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

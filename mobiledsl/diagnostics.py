"""The one diagnostic model every phase reports through.

A phase never prints and never raises for bad input: it returns diagnostics beside its
records. Rendering (human, JSON, SARIF) lives in ``mobiledsl.render``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import field
from enum import Enum
from typing import Protocol, overload

from .recordtype import mutable_record, record

# A message quotes at most EXCERPT characters of a value it read (``excerpt``); as a last
# guard, no text of a diagnostic is longer than MAX_TEXT, whatever a phase put in it, so a
# hostile file of 50 MB is never echoed whole.
EXCERPT = 60
MAX_TEXT = 2_000


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` when it is short, else its start and how long it is."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… ({len(text):,} characters)"


def _bounded(text):
    return excerpt(text, MAX_TEXT) if _long(text) else text


def _long(text) -> bool:
    return isinstance(text, str) and len(text) > MAX_TEXT


class Severity(str, Enum):
    ERROR = "error"
    WARNING = "warning"
    NOTE = "note"


@record
class Span:
    """A place in a source file. Lines and columns are 1-based; ends are inclusive columns
    of the last character (so a one-character span has column == end_column); a span
    without them is the whole file."""

    file: str
    line: int | None = None
    column: int | None = None
    end_line: int | None = None
    end_column: int | None = None

    @staticmethod
    def whole_file(file: str) -> Span:
        return Span(file)

    def to_json(self) -> dict:
        return {
            "file": self.file,
            "line": self.line,
            "column": self.column,
            "end_line": self.end_line,
            "end_column": self.end_column,
        }

    @overload
    @staticmethod
    def from_json(data: dict) -> Span: ...

    @overload
    @staticmethod
    def from_json(data: None) -> None: ...

    @staticmethod
    def from_json(data: dict | None) -> Span | None:
        if data is None:
            return None
        if "at" in data:  # its line and column are in a table of the build graph's
            raise ValueError("a span of a build record: read it with graph.positions")
        return Span(
            data["file"],
            data.get("line"),
            data.get("column"),
            data.get("end_line"),
            data.get("end_column"),
        )

    def order(self) -> tuple:
        """Sorts the spans of one file in the order they are written."""
        return ("", self.line or 0, self.column or 0)


SpanReader = Callable[[dict], Span]


@record
class Label:
    """A secondary place shown under the primary one (e.g. the first of two duplicate keys)."""

    span: Span
    message: str = ""


def labels_at(span: Span | None, message: str) -> tuple[Label, ...]:
    """A label at ``span``, or none where the place is not known."""
    return (Label(span, message),) if span is not None else ()


@record
class Fix:
    """A machine-applicable suggestion, one that ``mobiledsl fix`` writes without asking.

    In a program file (``key_path`` empty) it replaces the characters of ``span`` with
    ``replacement``; a span whose end column is one before its column replaces nothing, so
    the replacement is inserted there. In a YAML file (``key_path`` given, the keys from the
    document's root) it sets that key to the value ``replacement`` writes in YAML's flow
    form, adding the last key when it is missing."""

    span: Span
    replacement: str
    key_path: tuple[str, ...] = ()

    def to_json(self) -> dict:
        out = {**self.span.to_json(), "replacement": self.replacement}
        if self.key_path:
            out["key_path"] = list(self.key_path)
        return out

    @staticmethod
    def from_json(data: dict, span: SpanReader = Span.from_json) -> Fix:
        """``span`` reads its place (the build graph's records keep theirs apart)."""
        return Fix(span(data), data["replacement"], tuple(data.get("key_path", ())))


def insertion(file: str, line: int, column: int, text: str) -> Fix:
    """A fix that writes ``text`` before the character at ``line``, ``column``."""
    return Fix(Span(file, line, column, line, column - 1), text)


@record
class Diagnostic:
    severity: Severity
    code: str
    message: str
    span: Span | None = None
    label: str = ""  # text under the primary caret
    labels: tuple[Label, ...] = ()  # further places
    help: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    fixes: tuple[Fix, ...] = ()  # what ``mobiledsl fix`` may apply

    def __post_init__(self):
        # the last guard of MAX_TEXT; the texts are almost always short, so test first
        if (
            _long(self.message)
            or _long(self.label)
            or any(_long(t) for t in self.help + self.notes)
            or any(_long(l.message) for l in self.labels)
        ):
            setattr_ = object.__setattr__
            setattr_(self, "message", _bounded(self.message))
            setattr_(self, "label", _bounded(self.label))
            setattr_(self, "help", tuple(_bounded(t) for t in self.help))
            setattr_(self, "notes", tuple(_bounded(t) for t in self.notes))
            setattr_(self, "labels", tuple(Label(l.span, _bounded(l.message)) for l in self.labels))

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def with_severity(self, severity: Severity) -> Diagnostic:
        return Diagnostic(
            severity,
            self.code,
            self.message,
            self.span,
            self.label,
            self.labels,
            self.help,
            self.notes,
            self.fixes,
        )

    def to_json(self) -> dict:
        """The JSON form of docs/diagnostics.md, with the label texts and secondary places."""
        s = self.span or Span("")
        return {
            "severity": self.severity.value,
            "code": self.code,
            "message": self.message,
            **s.to_json(),
            "label": self.label,
            "labels": [dict(l.span.to_json(), message=l.message) for l in self.labels],
            "help": list(self.help),
            "notes": list(self.notes),
            # only when there are some: the shape of every other diagnostic stays as it was
            **({"fixes": [f.to_json() for f in self.fixes]} if self.fixes else {}),
        }

    @staticmethod
    def from_json(d: dict, span: SpanReader = Span.from_json) -> Diagnostic:
        """``span`` reads each of its places (the build graph's records keep theirs apart)."""
        where = span(d) if d.get("file") is not None else None
        labels = tuple(Label(span(l), l.get("message", "")) for l in d.get("labels", ()))
        return Diagnostic(
            Severity(d["severity"]),
            d["code"],
            d["message"],
            where,
            d.get("label", ""),
            labels,
            tuple(d.get("help", ())),
            tuple(d.get("notes", ())),
            tuple(Fix.from_json(f, span) for f in d.get("fixes", ())),
        )


class Maker(Protocol):
    """``error``, ``warning`` and ``note``: a diagnostic of one severity."""

    def __call__(
        self,
        code: str,
        message: str,
        span: Span | None = None,
        *,
        label: str = "",
        labels: Iterable[Label] = (),
        help: Iterable[str] | str = (),
        notes: Iterable[str] | str = (),
        fixes: Iterable[Fix] = (),
    ) -> Diagnostic: ...


def _make(severity: Severity) -> Maker:
    def make(
        code: str,
        message: str,
        span: Span | None = None,
        *,
        label: str = "",
        labels: Iterable[Label] = (),
        help: Iterable[str] | str = (),
        notes: Iterable[str] | str = (),
        fixes: Iterable[Fix] = (),
    ) -> Diagnostic:
        if isinstance(help, str):
            help = (help,)
        if isinstance(notes, str):
            notes = (notes,)
        return Diagnostic(
            severity,
            code,
            message,
            span,
            label,
            tuple(labels),
            tuple(help),
            tuple(notes),
            tuple(fixes),
        )

    return make


error = _make(Severity.ERROR)
warning = _make(Severity.WARNING)
note = _make(Severity.NOTE)


def count(diagnostics: Iterable[Diagnostic]) -> dict[str, int]:
    errors = warnings = 0
    for d in diagnostics:
        errors += d.severity is Severity.ERROR
        warnings += d.severity is Severity.WARNING
    return {"errors": errors, "warnings": warnings}


def has_errors(diagnostics: Iterable[Diagnostic]) -> bool:
    return any(d.severity is Severity.ERROR for d in diagnostics)


def sort_key(d: Diagnostic) -> tuple:
    s = d.span or Span("")
    return (s.file, s.line or 0, s.column or 0, d.code, d.message)


@mutable_record
class Sink:
    """Collects diagnostics while a phase runs; phases return ``sink.items``."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, d: Diagnostic) -> None:
        self.items.append(d)

    def extend(self, ds: Iterable[Diagnostic]) -> None:
        self.items.extend(ds)

    def error(self, *a, **kw) -> Diagnostic:
        d = error(*a, **kw)
        self.items.append(d)
        return d

    def warning(self, *a, **kw) -> Diagnostic:
        d = warning(*a, **kw)
        self.items.append(d)
        return d

    def note(self, *a, **kw) -> Diagnostic:
        d = note(*a, **kw)
        self.items.append(d)
        return d

    @property
    def has_errors(self) -> bool:
        return has_errors(self.items)


@record
class CodeInfo:
    """What ``mobiledsl explain CODE`` prints. Each phase package lists its codes in its own
    ``codes.py`` as ``CODES: dict[str, CodeInfo]``; ``mobiledsl.codes`` gathers them."""

    severity: Severity
    summary: str  # one line: when it is reported
    explanation: str  # a paragraph: why it matters and what to write instead
    example: str = ""  # a small input that triggers it

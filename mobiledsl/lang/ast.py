"""The syntax trees of the three program languages: ``.core``, ``.world`` and ``.task``.

Every node is a frozen dataclass with a ``span`` (1-based lines and columns, end column
inclusive). The parser keeps what was written, in order and with its places, and judges
nothing beyond the grammar: which arguments a type takes and which shapes their values must
have are decided by ``mobiledsl.resolve``, which points back through these spans.

The trees are records: ``mobiledsl.records.to_json`` / ``from_json`` round-trip them.
"""

from __future__ import annotations

from ..diagnostics import Span
from ..recordtype import record

# --- values ---------------------------------------------------------------------------------


@record
class Number:
    """A number as written (``raw``: ``-2e-3``, ``+1``) and its value as a float."""

    value: float
    raw: str
    span: Span


@record
class String:
    """A double-quoted string, escapes already decoded. ``span`` covers the quotes."""

    value: str
    span: Span


@record
class Tuple:
    """``(number, number, ...)``; ``span`` runs from ``(`` to ``)``."""

    items: tuple[Number, ...]
    span: Span


@record
class Ref:
    """``@core/<name>``, ``@world/<name>`` or ``@task/<name>``; ``span`` covers all of it."""

    kind: str  # "core" | "world" | "task"
    name: str
    span: Span


@record
class Word:
    """A bare identifier used as a value: ``true``, ``false``, ``left``, ``box`` ..."""

    word: str
    span: Span


Value = Number | String | Tuple | Ref | Word


# --- items ----------------------------------------------------------------------------------


@record
class Arg:
    """``name = value``; ``span`` runs from the name to the end of the value."""

    name: str
    value: Value
    span: Span
    name_span: Span


@record
class Item:
    """``<Kind> <name>(<args>)`` (a component or an entity) or ``<Kind>(<args>)`` (a step).

    ``kind`` is the type word as written (``Standard``, ``Obstacle``, ``Advance``); ``name``
    is None for task steps. ``args`` are in written order; an argument written twice is
    reported by the parser (``syntax.duplicate_argument``) and only its first occurrence is
    kept. ``span`` runs from the type word to the closing ``)``; ``args_span`` from ``(`` to
    ``)``.
    """

    kind: str
    name: str | None
    args: tuple[Arg, ...]
    span: Span
    kind_span: Span
    name_span: Span | None = None
    args_span: Span | None = None

    def arg(self, name: str) -> Arg | None:
        for a in self.args:
            if a.name == name:
                return a
        return None


# --- files ----------------------------------------------------------------------------------
# ``name`` is "" only when the header lacked it (a syntax error was reported); ``span`` runs
# from the header keyword to the closing brace (or the last token read).


@record
class CoreFile:
    """``Robot <name> { intent "..."  <Type> <name>(<args>) ... }``"""

    name: str
    name_span: Span
    intent: String | None
    components: tuple[Item, ...]
    span: Span
    file: str


@record
class WorldFile:
    """``World <name> { <key> = <value> ...  <EntityType> <name>(<args>) ... }``

    ``settings`` are the ``key = value`` lines (environment, ground_plane, start) in
    written order, each key at most once.
    """

    name: str
    name_span: Span
    settings: tuple[Arg, ...]
    entities: tuple[Item, ...]
    span: Span
    file: str

    def setting(self, name: str) -> Arg | None:
        for a in self.settings:
            if a.name == name:
                return a
        return None


@record
class TaskFile:
    """``Task <name> { <Step>(<args>) ... }``"""

    name: str
    name_span: Span
    steps: tuple[Item, ...]
    span: Span
    file: str


def value_kind(value: Value) -> str:
    """A word for a value's shape, for messages: number, string, tuple, reference, word."""
    return {Number: "number", String: "string", Tuple: "tuple", Ref: "reference", Word: "word"}[
        type(value)
    ]

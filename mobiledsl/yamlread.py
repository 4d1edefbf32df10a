"""The tree of a YAML text, composed from libyaml's parse events with every value's place.

``compose`` reads the events of PyYAML's binding of libyaml one by one and builds the
``YNode`` tree as they come, in one loop with a stack of the open collections (no call per
value: this loop is most of the time of loading a library). Every limit of
``mobiledsl.yamlio`` is checked on the events before anything is built on them: the count
of values as written (keys included) and the depth of nesting, at the value that crosses
it. Aliases are never copied: an alias is its anchor's node itself (as a composed YAML graph
has it), so a value's place is where its anchor's value is written; what aliases expand a
value to (its count of values and its depth) is summed as the collections close, and a
value that would grow past a limit, or an alias inside the value its anchor names, is
refused.

What is reported, and in which order, is that of a composer that first reads the whole
stream for the limits, then composes, then walks the graph: a limit crossed before a syntax
error wins over it; the first problem of composing (a second document, an undefined or
repeated anchor) wins over a later syntax error; the graph's problems come last. A
syntax error is a diagnostic at its place, never an exception.

A node is made by filling its ``__dict__`` rather than through the frozen record's
constructor (about twice as fast), and its Span is left unmade: its place is kept as the
tuple (file, line, column, end line, end column), a mapping's keys' places as a dict of
them, made into Spans when first asked for (see ``YNode``). tests/test_yamlread.py checks
that a node made so equals one made by the constructor.
"""

from __future__ import annotations

from . import yamlio
from .diagnostics import Diagnostic, Label, Span, error
from .linebreaks import place
from .yamlbinding import (
    AliasEvent,
    CParser,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
    YAMLError,
)
from .yamlio import (
    _JSON_NUMBER,
    _PLAIN_NAME,
    NOT_STRINGS,
    YNode,
    plain_value,
    syntax,
    syntax_error,
    too_deep,
    too_many_values,
)

_new = object.__new__
_plain_name = _PLAIN_NAME.match
_json_number = _JSON_NUMBER.match

# An open collection is a list, its fields at these places (a list is the fastest record to
# make and to read in the loop):
VALUES = 0  # the values so far: a dict of key -> node (a map) or a list (a seq)
KEYS = 1  # a map's keys' places, key -> place tuple; None for a seq
START = 2  # the start mark of its first event
KEY = 3  # a map's key waiting for its value: a name, SKIP, or None between entries
LEFT = 4  # the values the file could still hold when it opened
EXTRA = 5  # what aliases had added to the count of values when it opened
DIAGS = 6  # the count of diagnostics when it opened
SKIPPED = 7  # the count of diagnostics when a key of it was refused (its value's are dropped)
RARE = 8  # None, or what closing it must see to: see _Rare

SKIP = object()  # the value of a key that is refused: composed, then dropped

# What plain scalars read as, and whether a plain scalar is a good key, by text: a library
# repeats most of its keys and numbers from file to file. Pure functions' memos, dropped
# when they grow past _MEMO_MAX.
_RESOLVED: dict[str, tuple] = {}
_NAMES: dict[str, bool] = {}
_MEMO_MAX = 50_000


def forget() -> None:
    """Drop the memos: the state of a fresh process (a benchmark measures it so)."""
    _RESOLVED.clear()
    _NAMES.clear()


class _Rare:
    """What a collection's closing must see to beyond the common case: the anchor it
    defines, and the problems of the graph found inside it."""

    __slots__ = ("anchor", "level", "peak", "cycle", "deep")

    def __init__(self) -> None:
        self.anchor: str | None = None
        self.level = 0  # its place in the stack, 1-based
        self.peak = 0  # the deepest level reached before it opened
        self.cycle = False  # an alias inside it names it
        self.deep = False  # aliases nest it deeper than MAX_DEPTH


class _Anchor:
    """A value an anchor names: its node, its text and style when a scalar (a key may be
    its alias), what it expands to, and the diagnostics of its keys."""

    __slots__ = ("node", "text", "style", "size", "height", "diagnostics", "place", "open")

    def __init__(self, node, text, style, size, height, diagnostics, place, open_=False):
        self.node = node
        self.text = text
        self.style = style
        self.size = size
        self.height = height
        self.diagnostics = diagnostics
        self.place = place  # (line, column) of its first event
        self.open = open_  # a collection not yet closed


class _Stop(Exception):
    """The reading ends with this diagnostic (a limit crossed)."""

    def __init__(self, diagnostic: Diagnostic):
        self.diagnostic = diagnostic


def compose(text: str, file: str) -> tuple[YNode | None, list[Diagnostic]]:
    """The tree of the one document of ``text`` and its keys' diagnostics, or (None, the
    problem) when there is no tree to read. Bad text is never an exception; a bug of the
    reader is one (nothing here catches more than libyaml's own errors)."""
    try:
        parser = CParser(text)
    except UnicodeEncodeError as exc:  # a lone surrogate, from an editor's text
        line, column = place(text, exc.start)
        return None, [
            syntax(
                Span(file, line, column, line, column),
                f"the text is not Unicode ({exc.reason} at character {exc.start})",
            )
        ]
    composer = _Composer(file, text, parser.get_event)
    try:
        node = composer.read()
    except _Stop as stop:
        return None, [stop.diagnostic]
    except YAMLError as exc:  # what libyaml refuses: at its place
        if composer.pending is not None:
            return None, [composer.pending]
        return None, [syntax_error(file, exc, text)]
    finally:
        parser.dispose()
    problem = composer.pending or composer.graph
    if problem is not None:
        return None, [problem]
    return node, composer.diagnostics


def _ends(end_line0: int, end_col0: int, col: int) -> tuple:
    """(end line, end column) of a value over lines, from its end mark (0-based), as
    ``span_places`` words them."""
    if end_col0 == 0:
        return end_line0, None
    return end_line0 + 1, end_col0 if end_col0 > col else col


def _span(place: tuple) -> Span:
    return Span(*place)


def _scalar(kind, value, raw, place) -> YNode:
    node = _new(YNode)
    d = node.__dict__
    d["kind"] = kind
    d["value"] = value
    d["raw"] = raw
    d["_place"] = place
    return node


def _bad_key(text: str, style) -> bool:
    """Whether a scalar key is refused: not a plain name, or a plain scalar that reads as
    null, a bool or a number."""
    return (not style and (text in NOT_STRINGS or _json_number(text) is not None)) or _plain_name(
        text
    ) is None


def invalid_key(span: Span) -> Diagnostic:
    return error(
        "library.invalid_key",
        "a key must be a plain name",
        span,
        label="not a plain name",
        help="write keys as names of letters, digits and _ (no lists, mappings, "
        "numbers or merge keys)",
    )


def duplicate_key(key: str, span: Span, first: Span) -> Diagnostic:
    return error(
        "library.duplicate_key",
        f"the key '{key}' is given twice",
        span,
        label="given again here",
        labels=(Label(first, "first given here"),),
        help=f"keep one '{key}' and delete the other",
    )


class _Composer:
    __slots__ = (
        "file",
        "text",
        "get",
        "pending",
        "graph",
        "diagnostics",
        "anchors",
        "left",
        "extra",
        "peak",
        "stack",
    )

    def __init__(self, file: str, text: str, get_event):
        self.file = file
        self.text = text
        self.get = get_event
        self.pending: Diagnostic | None = None  # the first problem of composing
        self.graph: Diagnostic | None = None  # the first problem of the graph
        self.diagnostics: list[Diagnostic] = []
        self.anchors: dict[str, _Anchor] = {}
        self.left = yamlio.MAX_VALUES  # values the file may still hold
        self.extra = 0  # values aliases add to those written
        self.peak = 0  # the deepest level an anchor's value reached
        self.stack: list[list] = []

    def read(self) -> YNode | None:
        get = self.get
        if type(get()) is not StreamStartEvent:  # pragma: no cover - libyaml's first
            raise AssertionError("a stream starts with its start")
        event = get()
        if type(event) is StreamEndEvent:
            return YNode("null", None, Span(self.file, 1, 1))
        root = self.document()
        if self.pending is None:
            get()  # its DocumentEndEvent
            event = get()
            if type(event) is StreamEndEvent:
                return root
            self.pending = self.problem(  # another document
                "expected a single document in the stream",
                root_mark(root),
                "but found another document",
                event.start_mark,
            )
        self.scan_rest()
        return root

    def scan_rest(self) -> None:
        """The events after what is composed (a problem found, or a second document): only
        their limits are checked, up to the end of the stream or a syntax error."""
        get, file = self.get, self.file
        depth = len(self.stack)
        left = self.left
        max_depth = yamlio.MAX_DEPTH
        while True:
            event = get()
            kind = type(event)
            if kind is StreamEndEvent:
                return
            if kind is SequenceEndEvent or kind is MappingEndEvent:
                depth -= 1
            elif (
                kind is ScalarEvent
                or kind is AliasEvent
                or kind is SequenceStartEvent
                or kind is MappingStartEvent
            ):
                left -= 1
                if left < 0:
                    raise _Stop(too_many_values(file, event.start_mark))
                if kind is SequenceStartEvent or kind is MappingStartEvent:
                    depth += 1
                    if depth > max_depth:
                        raise _Stop(too_deep(file, event.start_mark))

    def document(self) -> YNode | None:
        """The root of the document whose start event was just read; None when composing
        met a problem (``pending``): the events after it are left to ``scan_rest``.

        The common events are handled inline; what needs more (an anchor, an alias, a key
        refused, a collection as a key) goes to a method, with the loop's counters written
        back to the composer before and read again after."""
        get, file = self.get, self.file
        diags = self.diagnostics
        stack = self.stack
        max_depth = yamlio.MAX_DEPTH
        left, extra, peak = self.left, self.extra, self.peak
        resolved, names = _RESOLVED, _NAMES
        if len(resolved) > _MEMO_MAX:
            resolved.clear()
        if len(names) > _MEMO_MAX:
            names.clear()
        # the open collection: its frame, and its values, keys' places (None for a list)
        # and the key waiting for its value (None between entries), kept here while it is
        # the innermost (its frame keeps the key while a collection inside it is open)
        top: list | None = None
        values: dict | list = []
        keys: dict | None = None
        key = None
        want_key = False  # the open collection is a map between entries
        new, ynode = _new, YNode
        while True:
            event = get()
            kind = type(event)
            if kind is ScalarEvent:
                s, e = event.start_mark, event.end_mark
                line = s.line
                col = s.column + 1
                end = e.column
                place: tuple
                if e.line == line:  # on one line: the common case
                    place = (file, line + 1, col, line + 1, end if end > col else col)
                else:
                    place = (file, line + 1, col) + _ends(e.line, end, col)
                left -= 1
                if left < 0:
                    raise _Stop(too_many_values(file, s))
                text = event.value
                style = event.style
                if event.anchor is not None:
                    self.left = left
                    node = self.anchored_scalar(event, text, style, place)
                    if self.pending is not None:
                        return None
                    if want_key:
                        self.take_key(top, text, style, place)  # type: ignore
                        key = top[KEY]  # type: ignore
                        want_key = False
                        continue
                elif want_key:
                    good: bool | None
                    if style:
                        good = _plain_name(text) is not None
                    else:
                        good = names.get(text)
                        if good is None:
                            good = names[text] = not _bad_key(text, style)
                    if good and text not in values:
                        keys[text] = place  # type: ignore
                        key = text
                    else:
                        self.refuse_key(top, text, style, place)  # type: ignore
                        key = SKIP
                    want_key = False
                    continue
                else:
                    if style:
                        k, value, raw = "str", text, None
                    else:
                        got = resolved.get(text)
                        if got is None:
                            got = resolved[text] = plain_value(text)
                        k, value, raw = got
                    node = new(ynode)
                    d = node.__dict__
                    d["kind"] = k
                    d["value"] = value
                    d["raw"] = raw
                    d["_place"] = place
            elif kind is MappingStartEvent or kind is SequenceStartEvent:
                left -= 1
                if left < 0:
                    raise _Stop(too_many_values(file, event.start_mark))
                depth = len(stack) + 1
                if depth > max_depth:
                    raise _Stop(too_deep(file, event.start_mark))
                if depth > peak:
                    peak = depth
                if top is not None:
                    top[KEY] = key
                want_key = kind is MappingStartEvent
                if want_key:
                    values, keys = {}, {}
                else:
                    values, keys = [], None
                key = None
                top = [values, keys, event.start_mark, None, left, extra, len(diags), 0, None]
                stack.append(top)
                if event.anchor is not None:
                    self.left, self.peak = left, peak
                    self.anchor_collection(top, event, depth)
                    if self.pending is not None:
                        return None
                    peak = self.peak
                continue
            elif kind is MappingEndEvent or kind is SequenceEndEvent:
                s, e = top[START], event.end_mark  # type: ignore
                line = s.line
                col = s.column + 1
                end = e.column
                if e.line == line:
                    place = (file, line + 1, col, line + 1, end if end > col else col)
                else:
                    place = (file, line + 1, col) + _ends(e.line, end, col)
                node = new(ynode)
                d = node.__dict__
                if keys is not None:
                    d["kind"] = "map"
                    d["value"] = values
                    d["_key_places"] = keys
                else:
                    d["kind"] = "seq"
                    d["value"] = tuple(values)
                d["raw"] = None
                d["_place"] = place
                if top[RARE] is not None or top[EXTRA] != extra:  # type: ignore
                    self.left, self.peak = left, peak
                    self.closing(top, node, place)  # type: ignore
                    peak = self.peak
                opened_at = top[DIAGS]  # type: ignore
                stack.pop()
                want_key = False
                if not stack:
                    top = None
                else:
                    top = stack[-1]
                    values, keys, key = top[VALUES], top[KEYS], top[KEY]
                    if keys is not None and key is None:
                        del diags[opened_at:]  # a list or mapping as a key says nothing
                        self.refuse_key(top, None, None, place)
                        key = SKIP
                        continue
            elif kind is AliasEvent:
                left -= 1
                if left < 0:
                    raise _Stop(too_many_values(file, event.start_mark))
                self.left, self.extra, self.peak = left, extra, peak
                node = self.alias(event, top, want_key)
                if self.pending is not None:
                    return None
                extra, peak = self.extra, self.peak
                if want_key:
                    key = top[KEY]  # type: ignore
                    want_key = False
                    continue
            else:  # pragma: no cover - libyaml's order
                raise AssertionError(f"unexpected {kind.__name__}")
            # the node is complete: the root, an item of a list or the value of a key
            if top is None:
                self.left, self.extra, self.peak = left, extra, peak
                return node
            if keys is None:
                values.append(node)  # type: ignore
            else:
                if key is SKIP:
                    del diags[top[SKIPPED] :]  # a refused key's value says nothing
                else:
                    values[key] = node  # type: ignore
                key = None
                want_key = True

    # -- the rare cases, out of the loop --------------------------------------------------

    def refuse_key(self, top: list, text: str | None, style, place: tuple) -> None:
        """A key that is not a plain name, or is given again: reported, its value dropped."""
        span = _span(place)
        if text is not None and not _bad_key(text, style):
            self.diagnostics.append(duplicate_key(text, span, _span(top[KEYS][text])))
        else:
            self.diagnostics.append(invalid_key(span))
        top[KEY] = SKIP
        top[SKIPPED] = len(self.diagnostics)

    def take_key(self, top: list, text: str | None, style, place: tuple) -> None:
        """A key met the rare way (an anchored scalar, an alias): taken, or refused."""
        if text is None or _bad_key(text, style) or text in top[VALUES]:
            self.refuse_key(top, text, style, place)
        else:
            top[KEYS][text] = place
            top[KEY] = text

    def anchored_scalar(self, event, text, style, place) -> YNode:
        """A scalar with an anchor: made as a value (an alias may stand for it as one)."""
        node = _scalar("str", text, None, place) if style else _scalar(*plain_value(text), place)
        self.define(
            event.anchor, _Anchor(node, text, style, 1, 0, (), place[1:3]), event.start_mark
        )
        return node

    def anchor_collection(self, top: list, event, depth: int) -> None:
        rare = top[RARE] = _Rare()
        rare.anchor = event.anchor
        rare.level = depth
        rare.peak = self.peak
        self.peak = depth
        s = event.start_mark
        self.define(
            event.anchor, _Anchor(None, None, None, 0, 0, (), (s.line + 1, s.column + 1), True), s
        )

    def define(self, name: str, anchor: _Anchor, mark) -> None:
        first = self.anchors.get(name)
        if first is not None and self.pending is None:
            line, column = first.place
            self.pending = self.problem(
                "found duplicate anchor; first occurrence",
                _Mark(line - 1, column - 1),
                "second occurrence",
                mark,
            )
            return
        self.anchors[name] = anchor

    def problem(self, context, context_mark, problem, problem_mark) -> Diagnostic:
        """A problem found composing, worded and placed as a syntax error is."""
        return syntax_error(
            self.file, _Problem(context, context_mark, problem, problem_mark), self.text
        )

    def closing(self, top: list, node: YNode, place: tuple) -> None:
        """A collection closes with an anchor, a problem of the graph, or aliases inside."""
        rare = top[RARE]
        added = self.extra - top[EXTRA]
        if added and self.graph is None:
            size = top[LEFT] - self.left + 1 + added
            if size > yamlio.MAX_VALUES:
                self.graph = syntax(
                    _span(place),
                    f"aliases expand this value to more than {yamlio.MAX_VALUES:,} values",
                )
        if rare is None:
            return
        if rare.cycle and self.graph is None:
            self.graph = syntax(_span(place), "an alias stands inside the value its anchor names")
        if rare.deep and self.graph is None:
            self.graph = syntax(
                _span(place), f"values are nested more than {yamlio.MAX_DEPTH} levels deep"
            )
        if rare.anchor is not None:
            anchor = self.anchors[rare.anchor]
            anchor.node = node
            anchor.size = top[LEFT] - self.left + 1 + added
            anchor.height = self.peak - rare.level + 1
            anchor.diagnostics = tuple(self.diagnostics[top[DIAGS] :])
            anchor.open = False
            self.peak = max(self.peak, rare.peak)

    def alias(self, event, top: list | None, want_key: bool) -> YNode:
        """An alias: its anchor's node itself, with what it expands to counted."""
        anchor = self.anchors.get(event.anchor)
        if anchor is None:
            self.pending = self.problem(None, None, "found undefined alias", event.start_mark)
            return YNode("null", None, Span(self.file))
        if anchor.open:  # inside the value it names
            for frame in reversed(self.stack):
                rare = frame[RARE]
                if rare is not None and rare.anchor == event.anchor:
                    rare.cycle = True
                    break
            if want_key and top is not None:
                top[KEY] = SKIP
                top[SKIPPED] = len(self.diagnostics)
            return YNode("null", None, Span(self.file))
        self.extra += anchor.size - 1
        level = len(self.stack)
        if level + anchor.height > self.peak:
            self.peak = level + anchor.height
        over = level + anchor.height - yamlio.MAX_DEPTH
        if over >= 1:  # the frame at level `over` is too deep
            frame = self.stack[over - 1]
            if frame[RARE] is None:
                frame[RARE] = _Rare()
            frame[RARE].deep = True
        node = anchor.node
        if want_key and top is not None:
            self.take_key(top, anchor.text, anchor.style, node.__dict__["_place"])
        else:
            self.diagnostics.extend(anchor.diagnostics)
        return node


def root_mark(root: YNode | None):
    """The start of the first document's root, as a mark (0-based line and column)."""
    if root is None:
        return None
    place = root.__dict__["_place"]
    return _Mark(place[1] - 1, place[2] - 1)


class _Mark:
    """A place as libyaml's marks give it (0-based), for a problem found composing."""

    __slots__ = ("line", "column")

    def __init__(self, line: int, column: int):
        self.line = line
        self.column = column


class _Problem(Exception):
    """A problem found composing, worded as libyaml words a syntax error."""

    def __init__(self, context, context_mark, problem, problem_mark):
        super().__init__(problem)
        self.context = context
        self.context_mark = context_mark
        self.problem = problem
        self.problem_mark = problem_mark

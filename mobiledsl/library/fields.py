"""Small checks the library schema is made of: each reads one YAML value, reports what is
wrong with it into a Sink and returns the checked Python value, or None when it failed.

Every message names the field by its dotted path ("inertial.mass") so that a user reading
the one line knows what to change.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable

from ..diagnostics import Sink, Span, excerpt
from ..numbers import LARGEST, SMALLEST, written_as_zero
from ..numbers import MAX_CHARS as MAX_NUMBER_CHARS
from ..yamlio import YNode

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_WHOLE = re.compile(r"-?\d+")
UNIT_TOLERANCE = 1e-3


class Fields:
    """Checks bound to one file's diagnostics. ``failed`` turns true on the first error."""

    def __init__(self, sink: Sink, file: str):
        self.sink = sink
        self.file = file
        self.failed = False

    # -- reporting -------------------------------------------------------------------
    def error(
        self,
        code: str,
        message: str,
        span: Span | None,
        label: str = "",
        help: Iterable[str] | str = (),
    ) -> None:
        self.failed = True
        self.sink.error(code, message, span or Span(self.file, 1, 1), label=label, help=help)

    def wrong_type(self, node: YNode, path: str, expected: str) -> None:
        self.error(
            "library.wrong_type",
            f"'{path}' must be {expected}, not {describe(node)}",
            node.span,
            label=f"expected {expected}",
            help=f"write {path} as {expected}",
        )

    def invalid(
        self, node_or_span: YNode | Span | None, path: str, why: str, help: Iterable[str] | str = ()
    ) -> None:
        span = node_or_span.span if isinstance(node_or_span, YNode) else node_or_span
        self.error(
            "library.invalid_value", f"'{path}' {why}", span, label="invalid value", help=help
        )

    def unsupported(self, parent: YNode, key: str, path: str, why: str) -> None:
        self.error(
            "library.unsupported",
            f"'{path}' is not valid here: {why}",
            parent.key_span(key),
            label="not valid here",
            help=f"delete '{key}'",
        )

    # -- structure -------------------------------------------------------------------
    def mapping(self, node: YNode | None, path: str) -> bool:
        if node is None:
            return False
        if node.kind != "map":
            self.wrong_type(node, path, "a mapping")
            return False
        return True

    def keys(
        self,
        node: YNode,
        path: str,
        required: Iterable[str],
        optional: Iterable[str] = (),
        ignore_unknown: bool = False,
    ) -> bool:
        """Unknown keys are library.unknown_field (listing the allowed ones); absent required
        keys are library.missing_field at the mapping. Returns True when both hold."""
        if not isinstance(required, (tuple, list)):
            required = tuple(required)
        if not isinstance(optional, (tuple, list)):
            optional = tuple(optional)
        values = node.value
        ok = True
        if not ignore_unknown:
            for key in values:
                if key not in required and key not in optional:
                    self._unknown(node, path, key, required, optional)
                    ok = False
        for key in required:
            if key not in values:
                self.missing(node, f"{path}.{key}" if path else key)
                ok = False
        return ok

    def _unknown(
        self, node: YNode, path: str, key: str, required: Iterable[str], optional: Iterable[str]
    ) -> None:
        allowed = list(required)
        allowed += [k for k in optional if k not in allowed]
        where = f"'{path}.{key}'" if path else f"'{key}'"
        self.error(
            "library.unknown_field",
            f"{where} is not a field of {path or 'this declaration'}",
            node.key_span(key),
            label="unknown field",
            help=f"the allowed fields are: {', '.join(allowed)}",
        )

    def missing(self, node: YNode, path: str, why: str = "") -> None:
        self.error(
            "library.missing_field",
            f"'{path}' is required{': ' + why if why else ''}",
            node.span,
            label=f"'{path.rpartition('.')[2]}' missing here",
            help=f"add '{path.rpartition('.')[2]}'",
        )

    # -- scalars ---------------------------------------------------------------------
    def number(
        self, node: YNode | None, path: str, *, positive: bool = False, nonnegative: bool = False
    ) -> float | None:
        if node is None:
            return None
        value = plain_value(node)
        if value is None:
            value = self._out_of_range(node, path)
            if value is None:
                return None
        if positive and not value > 0:
            self.invalid(node, path, f"must be positive, not {node.raw}")
            return None
        if nonnegative and value < 0:
            self.invalid(node, path, f"must not be negative, not {node.raw}")
            return None
        return value

    def _out_of_range(self, node: YNode, path: str) -> float | None:
        """None after saying why ``node`` is not a number short and in range."""
        if node.kind != "number":
            self.wrong_type(node, path, "a number")
            return None
        raw = node.raw or ""
        if len(raw) > MAX_NUMBER_CHARS:
            self.invalid(
                node,
                path,
                f"is a number written in {len(raw):,} characters "
                f"({excerpt(raw, 20)}): write it in at most {MAX_NUMBER_CHARS}",
                help="state the quantity as a plain decimal, such as 0.12 or 2.5e-3",
            )
            return None
        if not in_range(node):
            self.invalid(
                node,
                path,
                f"is {node.raw}: a number must be 0 or between 1e-100 and 1e30 in size",
                help="state the quantity in metres, kilograms, "
                "seconds and radians, as a plain decimal",
            )
            return None
        return float(node.value)

    def integer(self, node: YNode | None, path: str, *, positive: bool = False) -> int | None:
        value = self.number(node, path, positive=positive)
        if value is None or node is None:
            return None
        raw = node.raw or ""
        if not (value == int(value) and _WHOLE.fullmatch(raw)):
            self.invalid(node, path, f"must be a whole number, not {raw}")
            return None
        return int(raw)

    def string(self, node: YNode | None, path: str, *, nullable: bool = False) -> str | None:
        if node is None or (nullable and node.kind == "null"):
            return None
        if node.kind != "str":
            self.wrong_type(node, path, "a string")
            return None
        return node.value

    def boolean(self, node: YNode | None, path: str) -> bool | None:
        if node is None:
            return None
        if not node.is_bool:
            self.wrong_type(node, path, "true or false")
            return None
        return node.value

    def identifier(self, node: YNode | None, path: str) -> str | None:
        text = self.string(node, path)
        if text is not None and not IDENTIFIER.match(text):
            self.invalid(
                node, path, f"must be an identifier (letters, digits and _), not '{excerpt(text)}'"
            )
            return None
        return text

    def choice(self, node: YNode | None, path: str, options: Iterable[str]) -> str | None:
        text = self.string(node, path)
        if not isinstance(options, (tuple, list)):
            options = list(options)
        if text is not None and text not in options:
            self.invalid(
                node,
                path,
                f"is '{excerpt(text)}', which is none of {', '.join(options)}",
                help=f"write one of: {', '.join(options)}",
            )
            return None
        return text

    # -- vectors ---------------------------------------------------------------------
    def numbers(
        self,
        node: YNode | None,
        path: str,
        n: int,
        what: str,
        positive: bool = False,
        nonnegative: bool = False,
    ) -> tuple | None:
        if node is None:
            return None
        if node.kind != "seq" or len(node.value) != n:
            self.wrong_type(node, path, what)
            return None
        plain = plain_numbers(node.value, positive, nonnegative)
        if plain is not None:  # every item a number in range: nothing to report
            return plain
        values = [
            self.number(v, f"{path}[{i}]", positive=positive, nonnegative=nonnegative)
            for i, v in enumerate(node.value)
        ]
        return None if any(v is None for v in values) else tuple(values)

    def vec3(
        self, node: YNode | None, path: str, positive: bool = False, nonnegative: bool = False
    ) -> tuple[float, float, float] | None:
        if node is not None and node.kind == "seq":
            items = node.value
            if len(items) == 3:
                # nearly every vector: three plain numbers, taken without a word
                out = plain_triple(items)
                if out is not None:
                    x, y, z = out
                    if positive:
                        if x > 0 and y > 0 and z > 0:
                            return out
                    elif not nonnegative or (x >= 0 and y >= 0 and z >= 0):
                        return out
        return self.numbers(node, path, 3, "[x, y, z]", positive, nonnegative)

    def unit_vec3(self, node: YNode | None, path: str) -> tuple[float, float, float] | None:
        v = self.vec3(node, path)
        if v is None or node is None:
            return None
        x, y, z = v
        length = math.sqrt(sum((x * x, y * y, z * z)))
        if abs(length - 1.0) > UNIT_TOLERANCE:
            self.error(
                "library.not_unit_vector",
                f"'{path}' has length {length:.4g}, not 1",
                node.span,
                label="not unit length",
                help=f"write {path} as a unit vector, such as "
                f"{format_vector(normalised(v)) if length > 0 else '[0, 0, 1]'}",
            )
            return None
        return v


def plain_value(node: YNode) -> float | None:
    """The value of a number ``Fields.number`` takes without a word (written in at most
    ``MAX_NUMBER_CHARS`` characters, 0 or between 1e-100 and 1e30 in size), else None."""
    raw = node.raw  # only a number has a raw text
    if raw is None or len(raw) > MAX_NUMBER_CHARS:
        return None
    if raw == "0":  # the commonest number of all
        return 0.0
    value = node.value
    if SMALLEST <= value <= LARGEST or -LARGEST <= value <= -SMALLEST:
        return float(value)
    return float(value) if value == 0 and written_as_zero(raw) else None  # -0.0 kept


def plain_triple(items) -> tuple[float, float, float] | None:
    """The values of three items when ``Fields.number`` would take each without a word,
    else None: most vectors, and a hull's corners. (``plain_value`` written out three
    times: nearly every number of a library is read here.)"""
    a, b, c = items
    ra, rb, rc = a.raw, b.raw, c.raw
    if (
        ra is None
        or rb is None
        or rc is None
        or len(ra) > MAX_NUMBER_CHARS
        or len(rb) > MAX_NUMBER_CHARS
        or len(rc) > MAX_NUMBER_CHARS
    ):
        return None
    if ra == "0":
        x = 0.0
    else:
        x = a.value
        if not (SMALLEST <= x <= LARGEST or -LARGEST <= x <= -SMALLEST):
            if x != 0 or not written_as_zero(ra):
                return None
        x = float(x)
    if rb == "0":
        y = 0.0
    else:
        y = b.value
        if not (SMALLEST <= y <= LARGEST or -LARGEST <= y <= -SMALLEST):
            if y != 0 or not written_as_zero(rb):
                return None
        y = float(y)
    if rc == "0":
        z = 0.0
    else:
        z = c.value
        if not (SMALLEST <= z <= LARGEST or -LARGEST <= z <= -SMALLEST):
            if z != 0 or not written_as_zero(rc):
                return None
        z = float(z)
    return x, y, z


def plain_numbers(items, positive: bool = False, nonnegative: bool = False) -> tuple | None:
    """The values of ``items`` when ``Fields.number`` would take each without a word, else
    None (and ``numbers`` checks them one by one, naming each item). Most vectors of a
    library are such, and this spares building a path for each of their numbers.
    (``plain_value`` written out.)"""
    out = []
    for item in items:
        raw = item.raw
        if raw is None or len(raw) > MAX_NUMBER_CHARS:
            return None
        value = item.value
        if raw != "0" and not (SMALLEST <= value <= LARGEST or -LARGEST <= value <= -SMALLEST):
            if value != 0 or not written_as_zero(raw):
                return None
        out.append(float(value))
    if positive:
        return tuple(out) if all(x > 0 for x in out) else None
    if nonnegative:
        return None if any(x < 0 for x in out) else tuple(out)
    return tuple(out)


def in_range(node: YNode) -> bool:
    """0, or between 1e-100 and 1e30 in size (``mobiledsl.numbers``), judged on the value
    the reader already converted."""
    value = node.value
    if value == 0:
        return written_as_zero(node.raw or "")
    return SMALLEST <= abs(value) <= LARGEST


def describe(node: YNode) -> str:
    if node.kind == "str":
        return f"the string '{excerpt(node.value)}'"
    if node.kind == "number":
        return f"the number {excerpt(node.raw or '')}"
    return {"map": "a mapping", "seq": "a list", "bool": str(node.value).lower(), "null": "empty"}[
        node.kind
    ]


def normalised(v: Iterable[float]) -> tuple[float, ...]:
    v = tuple(v)
    length = math.sqrt(sum(c * c for c in v))
    return tuple(c / length for c in v)


def format_number(x: float, places: int = 4) -> str:
    text = f"{x:.{places}f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def format_vector(v: Iterable[float], places: int = 4) -> str:
    return "[" + ", ".join(format_number(c, places) for c in v) + "]"


def whole_number(
    F: Fields, node: YNode | None, path: str, lowest: int, highest: int | None, what: str
) -> int | None:
    """A number whose value is whole (2, 2.0 and 2e0 alike), within [lowest, highest]."""
    value = F.number(node, path)
    if value is None or node is None:
        return None
    if value != int(value) or value < lowest or (highest is not None and value > highest):
        F.invalid(node, path, f"is {node.raw}, but it must be {what}")
        return None
    return int(value)


def names_none(
    F: Fields, node: YNode, path: str, noun: str, expected: str, listing: bool = False
) -> None:
    """Report a value that is not ``expected``: an empty list (with ``listing``) or an empty
    mapping as naming no ``noun``, anything else as of the wrong type."""
    empty = (node.is_seq if listing else node.is_map) and not node.value
    if empty:
        F.error(
            "library.wrong_type",
            f"'{path}' names no {noun}",
            node.span,
            label=f"no {noun} here",
            help=f"write {path} as {expected}, or delete it",
        )
    else:
        F.wrong_type(node, path, expected)

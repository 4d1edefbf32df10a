"""The library schema as tables: one ``Block`` per mapping a declaration may hold, each a
sequence of ``Field`` descriptions (and, for what a table cannot say, named ``Rule``
checks at their place among the fields), read by one checker, ``check_block``.

A field says its name, kind of value, unit, bound (positive, not negative), options,
whether it is required (always, or when ``required_if`` holds for the declaration) and
where it is allowed (``allowed``); its ``doc`` is the sentence the reference in
docs/library-format.md shows. The checker, for a mapping:

1. runs the rules placed before the keys (``before_keys``: what the keys hang on, such as
   a joint's type), then reports unknown keys and absent required ones (``Fields.keys``);
   a ``free_form`` block, absent required ones only; with ``keys_with_scope``, a field
   whose ``required_if`` holds counts among the required keys there;
2. goes through the steps in order: a field absent and conditionally required is
   library.missing_field; one present where it is not allowed is library.unsupported;
   any other present field is read by its kind's check in ``fields``; a rule is run on
   the mapping and the values read so far;
3. returns ``build(values)`` (the values by field name when there is no ``build``), or
   None when a required field is absent, a deciding field's value failed, or a rule said
   no; a ``partial`` block returns its values whatever failed (its caller reads on, and
   judges by ``Fields.failed``). Diagnostics go through the ``Fields`` given; nothing here
   raises for bad input.

Each table is written, when first read, into the function that reads a mapping by it
(``Block.read``; its text is ``Block.source``), compiled ahead of the run (``precompiled``).
The tables are data: they hold no state between declarations.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from typing import Any

from ..precompiled import define
from ..recordtype import record
from ..yamlio import YNode
from .fields import UNIT_TOLERANCE, Fields, plain_triple, plain_value

KINDS = (
    "number",
    "integer",
    "string",
    "identifier",
    "choice",
    "boolean",
    "vec3",
    "unit_vec3",
    "block",
    "custom",
)
BOUNDS = ("", "positive", "nonnegative")

# how each kind of value is written in the reference
KIND_WORDS = {
    "number": "number",
    "integer": "whole number",
    "string": "string",
    "identifier": "identifier",
    "choice": "one of",
    "boolean": "true or false",
    "vec3": "[x, y, z]",
    "unit_vec3": "unit [x, y, z]",
    "block": "mapping",
    "custom": "",
}


@record
class Field:
    """One key of a block and the value it holds."""

    name: str
    kind: str
    doc: str = ""
    required: bool = True
    unit: str = ""
    bound: str = ""
    options: tuple[str, ...] = ()
    nullable: bool = False  # null is a value (None) as good as any
    block: Block | None = None  # kind block: the mapping's own table
    check: Callable[..., Any] | None = None  # kind custom: (F, node, path, scope) -> value
    what: str = ""  # kind custom: the value in the reference's words
    each: Block | None = None  # kind custom: the table of each entry it holds
    table: Block | None = None  # kind custom: the table of the mapping it reads
    keyed: bool = False  # ... entries by name (a mapping), else a list
    by_rule: bool = False  # read by a rule of the block, not alone
    decides: bool = True  # its value failing fails the block
    required_if: Callable[[Any], bool] | None = None  # required when it holds (scope)
    why_required: str = ""
    allowed: Callable[[Any], bool] | None = None  # allowed only when it holds (scope)
    not_allowed: str = ""  # why not, with {category} for the scope's
    allowed_doc: str = ""  # where it is allowed, in the reference's words
    required_doc: str = ""  # what requires it, in the reference's words

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: no kind {self.kind!r}")
        if self.bound not in BOUNDS:
            raise ValueError(f"{self.name}: no bound {self.bound!r}")
        if (self.kind == "block") != (self.block is not None):
            raise ValueError(f"{self.name}: a block field and only one has a table")
        if (
            self.check is not None
            and self.kind != "custom"
            or self.kind == "custom"
            and self.check is None
            and not self.by_rule
        ):
            raise ValueError(f"{self.name}: a custom field read alone, and only one, has a check")


@record
class Rule:
    """A check a table cannot say (a field against another, a list's entries), run at its
    place among the fields with (F, node, path, values, scope); False when it failed."""

    name: str
    check: Callable[[Fields, YNode, str, dict[str, Any], Any], bool]
    doc: str = ""
    stops: bool = False  # when it fails the block is not read further
    needs: tuple[str, ...] = ()  # run only when the mapping states all these keys
    before_keys: bool = False  # run before the keys are checked (a block's first steps)


Step = Field | Rule


@record
class Block:
    """One mapping of a declaration: its fields and rules, in the order they are read."""

    name: str
    steps: tuple[Step, ...]
    doc: str = ""
    build: Callable[[dict[str, Any]], Any] | None = None
    free_form: bool = False  # unknown keys are ignored, not reported
    strict_keys: bool = False  # an unknown or absent key fails the block
    check: Callable[..., Any] | None = None  # reads the block instead of ``check_block``
    keys_with_scope: bool = False  # a field required by its required_if is a required key
    partial: bool = False  # the values read are returned even when the block failed

    def __post_init__(self) -> None:
        steps = self.steps
        first = [isinstance(s, Rule) and s.before_keys for s in steps]
        if first != sorted(first, reverse=True):
            raise ValueError(f"{self.name}: a rule run before the keys comes before the fields")
        # a block read by its own check reads by it from the first call; the others are
        # written when first read, not when the table is made: most compiles read a few
        # kinds of part, and an import should not pay for the rest
        if self.check is not None:
            object.__setattr__(self, "read", self.check)

    def read(self, F: Fields, node: YNode | None, path: str, scope: Any = None) -> Any:
        """Read ``node`` by this table. The first call writes the reader, which then stands
        in the instance's place of this method."""
        return self.reader()(F, node, path, scope)

    def reader(self) -> Callable[..., Any]:
        """The function that reads a mapping by this table, written the first time."""
        if self.check is not None:
            return self.check
        written = self.__dict__.get("_written")
        if written is None:
            source, names = reader_source(self)
            written = (define(source, names, "read", f"<schema {self.name}>"), source)
            object.__setattr__(self, "_written", written)
            object.__setattr__(self, "read", written[0])
        return written[0]

    @property
    def source(self) -> str:
        """The text of the reader (empty for a block read by its own ``check``)."""
        if self.check is not None:
            return ""
        self.reader()
        return self.__dict__["_written"][1]

    @property
    def required(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields if f.required)

    @property
    def optional(self) -> tuple[str, ...]:
        return tuple(f.name for f in self.fields if not f.required)

    @property
    def allowed_keys(self) -> frozenset[str]:
        return frozenset(f.name for f in self.fields)

    @property
    def required_keys(self) -> frozenset[str]:
        return frozenset(self.required)

    @property
    def fields(self) -> tuple[Field, ...]:
        return tuple(s for s in self.steps if isinstance(s, Field))

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)


def all_blocks() -> list[Block]:
    """Every table a module of the package holds, and the tables inside them, in a fixed
    order (for precompiled's table of readers)."""
    found: dict[int, Block] = {}

    def visit(block: Block) -> None:
        if id(block) in found:
            return
        found[id(block)] = block
        for f in block.fields:
            for inner in (f.block, f.each, f.table):
                if inner is not None:
                    visit(inner)

    for name in sorted(m for m in sys.modules if m.startswith("mobiledsl.")):
        for value in list(vars(sys.modules[name]).values()):
            if isinstance(value, Block):
                visit(value)
    return list(found.values())


def check_block(F: Fields, block: Block, node: YNode | None, path: str, scope: Any = None) -> Any:
    """Read ``node`` at ``path`` by ``block``'s table (see the module's docstring)."""
    return block.read(F, node, path, scope)


# -- the reader a table makes ------------------------------------------------------------
# A block's table is turned, when first read, into the source of one function that reads a
# mapping by it: the steps written out in order, each with only what its field
# needs. It reads as a hand-written check would (one call for the block, each field's check
# of ``fields`` called directly), so a library is checked as fast as by hand-written code.
# ``Block.source`` holds the text.

_CALLS = {
    "number": "F.number(child, {here}, positive={positive}, nonnegative={nonnegative})",
    "integer": "F.integer(child, {here}, positive={positive})",
    # a string taken as it is, else F.string says what is wrong
    "string": "child.value if child.kind == 'str' else F.string(child, {here}, "
    "nullable={nullable})",
    "identifier": "F.identifier(child, {here})",
    "choice": "F.choice(child, {here}, {options})",
    "boolean": "F.boolean(child, {here})",
    "vec3": "F.vec3(child, {here}, {positive}, {nonnegative})",
    "unit_vec3": "F.unit_vec3(child, {here})",
    "block": "{read}(F, child, {here}, scope)",
    "custom": "{read}(F, child, {here}, scope)",
}
# a number F.number would take without a word, by its bound: taken without the call
_PLAIN_NUMBER = {
    "": "value is None",
    "positive": "value is None or not value > 0",
    "nonnegative": "value is None or value < 0",
}


def reader_source(block: Block) -> tuple[str, dict[str, Any]]:
    """The source of ``read(F, node, path, scope)`` for ``block``, and the names it uses."""
    names: dict[str, Any] = {
        "plain_value": plain_value,
        "plain_triple": plain_triple,
        "sqrt": math.sqrt,
        "UNIT_TOLERANCE": UNIT_TOLERANCE,
        "REQUIRED": block.required,
        "OPTIONAL": block.optional,
        "ALLOWED_KEYS": block.allowed_keys,
        "REQUIRED_KEYS": block.required_keys,
        "BUILD": block.build,
    }
    out = [
        "def read(F, node, path, scope):",
        "    if node is None:",
        "        return None",
        "    if node.kind != 'map':",  # F.mapping, written out
        "        F.wrong_type(node, path, 'a mapping')",
        "        return None",
        "    given = node.value",
        "    keys = given.keys()",
    ]
    steps = list(enumerate(block.steps))
    first = [(i, s) for i, s in steps if isinstance(s, Rule) and s.before_keys]
    if first:  # the rules the keys hang on, then the keys
        out += ["    values = {}", "    ok = True"]
        for i, rule in first:
            out += _rule_source(rule, i, names)
        out += _keys_source(block, names)
    else:
        out += _keys_source(block, names) + ["    values = {}", "    ok = True"]
    for i, step in steps[len(first) :]:
        if isinstance(step, Rule):
            out += _rule_source(step, i, names)
        else:
            out += _field_source(step, i, names, block.keys_with_scope)
    if not block.partial:
        out.append("    if not ok" + (" or not keys_ok:" if block.strict_keys else ":"))
        out.append("        return None")
    out.append("    return values" if block.build is None else "    return BUILD(values)")
    return "\n".join(out) + "\n", names


def _keys_source(block: Block, names: dict[str, Any]) -> list[str]:
    """The keys' check: unknown ones (but in a free-form block) and absent required ones;
    with ``keys_with_scope``, the fields whose ``required_if`` holds are required too."""
    scoped = [
        (i, s)
        for i, s in enumerate(block.steps)
        if block.keys_with_scope and isinstance(s, Field) and s.required_if is not None
    ]
    if not scoped:
        if block.free_form:
            return [
                "    keys_ok = keys >= REQUIRED_KEYS or "
                "F.keys(node, path, REQUIRED, OPTIONAL, True)"
            ]
        return [
            "    keys_ok = (keys <= ALLOWED_KEYS and keys >= REQUIRED_KEYS) or "
            "F.keys(node, path, REQUIRED, OPTIONAL, False)"
        ]
    out = ["    required = REQUIRED"]
    for i, f in scoped:
        names[f"required_if_{i}"] = f.required_if
        out += [f"    if required_if_{i}(scope):", f"        required = required + ({f.name!r},)"]
    known = "" if block.free_form else "keys <= ALLOWED_KEYS and "
    out.append(
        f"    keys_ok = ({known}keys >= set(required)) or "
        f"F.keys(node, path, required, OPTIONAL, {block.free_form})"
    )
    return out


def _rule_source(rule: Rule, i: int, names: dict[str, Any]) -> list[str]:
    names[f"rule_{i}"] = rule.check
    needs = "".join(f"{key!r} in given and " for key in rule.needs)
    out = [f"    if {needs}not rule_{i}(F, node, path, values, scope):", "        ok = False"]
    if rule.stops:
        out.append("        return None")
    return out


def _field_source(f: Field, i: int, names: dict[str, Any], keys_with_scope: bool) -> list[str]:
    name = repr(f.name)
    if f.by_rule:  # read by a rule of the block
        return [f"    if given.get({name}) is None:", "        ok = False"] if f.required else []
    out = [f"    child = given.get({name})", "    if child is None:"]
    if f.required:
        out.append("        ok = False")
    elif f.required_if is not None and keys_with_scope:  # (said with the keys)
        names[f"required_if_{i}"] = f.required_if
        out += [f"        if required_if_{i}(scope):", "            ok = False"]
    elif f.required_if is not None:
        names[f"required_if_{i}"], names[f"why_{i}"] = f.required_if, f.why_required
        out += [
            f"        if required_if_{i}(scope):",
            f"            F.missing(node, path + {'.' + f.name!r} if path else {name}, why_{i})",
            "            ok = False",
        ]
    else:
        out.append("        pass")
    here = f"(path + {'.' + f.name!r} if path else {name})"
    out.append("    else:")
    pad = "        "
    if f.allowed is not None:
        names[f"allowed_{i}"], names[f"not_allowed_{i}"] = f.allowed, f.not_allowed
        out += [
            f"        if not allowed_{i}(scope):",
            f"            F.unsupported(node, {name}, {here}, not_allowed_{i}.format("
            "category=getattr(scope, 'category', '')))",
            "            ok = False",
            "        else:",
        ]
        pad += "    "
    names[f"options_{i}"] = f.options
    if f.kind == "block":
        assert f.block is not None
        names[f"read_{i}"] = f.block.reader()
    elif f.kind == "custom":
        names[f"read_{i}"] = f.check
    call = _CALLS[f.kind].format(
        positive=f.bound == "positive",
        nonnegative=f.bound == "nonnegative",
        nullable=f.nullable,
        options=f"options_{i}",
        read=f"read_{i}",
        here=here,
    )
    if f.kind == "number":
        out += [
            f"{pad}value = plain_value(child)",
            f"{pad}if {_PLAIN_NUMBER[f.bound]}:",
            f"{pad}    value = {call}",
        ]
    elif f.kind == "vec3":
        test = {
            "": "value is None",
            "positive": "value is None or not (value[0] > 0 and value[1] > 0 and value[2] > 0)",
            "nonnegative": "value is None or value[0] < 0 or value[1] < 0 or value[2] < 0",
        }[f.bound]
        out += [
            f"{pad}items = child.value",
            f"{pad}value = plain_triple(items) if child.kind == 'seq' and "
            "len(items) == 3 else None",
            f"{pad}if {test}:",
            f"{pad}    value = {call}",
        ]
    elif f.kind == "unit_vec3":  # (the length as F.unit_vec3 works it out)
        out += [
            f"{pad}items = child.value",
            f"{pad}value = plain_triple(items) if child.kind == 'seq' and "
            "len(items) == 3 else None",
            f"{pad}if value is None or abs(sqrt(sum((value[0] * value[0], value[1] * "
            "value[1], value[2] * value[2]))) - 1.0) > UNIT_TOLERANCE:",
            f"{pad}    value = {call}",
        ]
    else:
        out.append(f"{pad}value = {call}")
    if f.decides:
        test = "value is None and child.kind != 'null'" if f.nullable else "value is None"
        out += [f"{pad}if {test}:", f"{pad}    ok = False"]
    out.append(f"{pad}values[{name}] = value")
    return out

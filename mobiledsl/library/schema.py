"""The library schema as tables: one ``Block`` per mapping a declaration may hold, each a
sequence of ``Field`` descriptions (and, for what a table cannot say, named ``Rule``
checks at their place among the fields), read by one checker, ``check_block``.

A field says its name, kind of value, unit, bound (positive, not negative), options,
whether it is required (always, or when ``required_if`` holds for the declaration) and
where it is allowed (``allowed``); its ``doc`` is the sentence the reference in
docs/library-format.md shows. The checker, for a mapping:

1. reports unknown keys and absent required ones (``Fields.keys``), unless the block is
   ``free_form``;
2. goes through the steps in order: a field absent and conditionally required is
   library.missing_field; one present where it is not allowed is library.unsupported;
   any other present field is read by its kind's check in ``fields``; a rule is run on
   the mapping and the values read so far;
3. returns ``build(values)`` (the values by field name when there is no ``build``), or
   None when a required field is absent, a deciding field's value failed, or a rule said
   no. Diagnostics go through the ``Fields`` given; nothing here raises for bad input.

The tables are data: they hold no state between declarations.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..yamlio import YNode
from .fields import Fields

KINDS = ("number", "integer", "string", "identifier", "choice", "boolean", "vec3",
         "unit_vec3", "block", "custom")
BOUNDS = ("", "positive", "nonnegative")

# how each kind of value is written in the reference
KIND_WORDS = {"number": "number", "integer": "whole number", "string": "string",
              "identifier": "identifier", "choice": "one of", "boolean": "true or false",
              "vec3": "[x, y, z]", "unit_vec3": "unit [x, y, z]", "block": "mapping",
              "custom": ""}


@dataclass(frozen=True)
class Field:
    """One key of a block and the value it holds."""

    name: str
    kind: str
    doc: str = ""
    required: bool = True
    unit: str = ""
    bound: str = ""
    options: tuple[str, ...] = ()
    nullable: bool = False             # null is a value (None) as good as any
    block: Block | None = None         # kind block: the mapping's own table
    check: Callable[..., Any] | None = None   # kind custom: (F, node, path, scope) -> value
    what: str = ""                     # kind custom: the value in the reference's words
    each: Block | None = None          # kind custom: the table of each entry it holds
    table: Block | None = None         # kind custom: the table of the mapping it reads
    keyed: bool = False                # ... entries by name (a mapping), else a list
    by_rule: bool = False              # read by a rule of the block, not alone
    decides: bool = True               # its value failing fails the block
    required_if: Callable[[Any], bool] | None = None   # required when it holds (scope)
    why_required: str = ""
    allowed: Callable[[Any], bool] | None = None       # allowed only when it holds (scope)
    not_allowed: str = ""              # why not, with {category} for the scope's
    allowed_doc: str = ""              # where it is allowed, in the reference's words
    required_doc: str = ""             # what requires it, in the reference's words
    reader: Callable[..., Any] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"{self.name}: no kind {self.kind!r}")
        if self.bound not in BOUNDS:
            raise ValueError(f"{self.name}: no bound {self.bound!r}")
        if (self.kind == "block") != (self.block is not None):
            raise ValueError(f"{self.name}: a block field and only one has a table")
        if self.check is not None and self.kind != "custom" or \
                self.kind == "custom" and self.check is None and not self.by_rule:
            raise ValueError(f"{self.name}: a custom field read alone, and only one, has a "
                             "check")
        object.__setattr__(self, "reader", _reader(self))


@dataclass(frozen=True)
class Rule:
    """A check a table cannot say (a field against another, a list's entries), run at its
    place among the fields with (F, node, path, values, scope); False when it failed."""

    name: str
    check: Callable[[Fields, YNode, str, dict[str, Any], Any], bool]
    doc: str = ""
    stops: bool = False                # when it fails the block is not read further


Step = Field | Rule


@dataclass(frozen=True)
class Block:
    """One mapping of a declaration: its fields and rules, in the order they are read."""

    name: str
    steps: tuple[Step, ...]
    doc: str = ""
    build: Callable[[dict[str, Any]], Any] | None = None
    free_form: bool = False            # unknown keys are ignored, not reported
    strict_keys: bool = False          # an unknown or absent key fails the block
    check: Callable[..., Any] | None = None   # reads the block instead of ``check_block``
    required: tuple[str, ...] = field(init=False, repr=False, compare=False)
    optional: tuple[str, ...] = field(init=False, repr=False, compare=False)
    allowed_keys: frozenset[str] = field(init=False, repr=False, compare=False)
    required_keys: frozenset[str] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        fields = self.fields
        required = tuple(f.name for f in fields if f.required)
        optional = tuple(f.name for f in fields if not f.required)
        setattr_ = object.__setattr__
        setattr_(self, "required", required)
        setattr_(self, "optional", optional)
        setattr_(self, "allowed_keys", frozenset(required + optional))
        setattr_(self, "required_keys", frozenset(required))

    @property
    def fields(self) -> tuple[Field, ...]:
        return tuple(s for s in self.steps if isinstance(s, Field))

    def field(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)


def check_block(F: Fields, block: Block, node: YNode | None, path: str,
                scope: Any = None) -> Any:
    """Read ``node`` at ``path`` by ``block``'s table (see the module's docstring)."""
    if block.check is not None:
        return block.check(F, node, path, scope)
    if not F.mapping(node, path):
        return None
    assert node is not None
    keys_ok = F.keys_of(node, path, block)
    values = read_steps(F, block, node, path, scope)
    if values is None or (block.strict_keys and not keys_ok):
        return None
    return values if block.build is None else block.build(values)


def read_steps(F: Fields, block: Block, node: YNode, path: str,
               scope: Any = None) -> dict[str, Any] | None:
    """The values of the block's fields that ``node`` states, read in order with its
    rules run between them; None when the block failed."""
    given = node.value
    values: dict[str, Any] = {}
    ok = True
    for step in block.steps:
        if isinstance(step, Rule):
            if not step.check(F, node, path, values, scope):
                ok = False
                if step.stops:
                    return None
            continue
        child = given.get(step.name)
        if child is None:
            if step.required:
                ok = False
            elif step.required_if is not None and step.required_if(scope):
                F.missing(node, f"{path}.{step.name}" if path else step.name,
                          step.why_required)
                ok = False
            continue
        if step.by_rule:
            continue
        name = step.name
        here = f"{path}.{name}" if path else name
        if step.allowed is not None and not step.allowed(scope):
            F.unsupported(node, name, here, step.not_allowed.format(
                category=getattr(scope, "category", "")))
            ok = False
            continue
        value = step.reader(F, step, child, here, scope)
        if value is None and step.decides and not (step.nullable and child.kind == "null"):
            ok = False
        values[name] = value
    return values if ok else None


# -- how each kind is read: the scalar checks of ``fields`` ------------------------------
def _reader(f: Field) -> Callable[..., Any]:
    positive, nonnegative = f.bound == "positive", f.bound == "nonnegative"
    kind = f.kind
    if kind == "number":
        if positive:
            return lambda F, f, node, path, scope: F.number(node, path, positive=True)
        if nonnegative:
            return lambda F, f, node, path, scope: F.number(node, path, nonnegative=True)
        return lambda F, f, node, path, scope: F.number(node, path)
    if kind == "integer":
        return lambda F, f, node, path, scope: F.integer(node, path, positive=positive)
    if kind == "string":
        nullable = f.nullable
        return lambda F, f, node, path, scope: F.string(node, path, nullable=nullable)
    if kind == "identifier":
        return lambda F, f, node, path, scope: F.identifier(node, path)
    if kind == "choice":
        options = f.options
        return lambda F, f, node, path, scope: F.choice(node, path, options)
    if kind == "boolean":
        return lambda F, f, node, path, scope: F.boolean(node, path)
    if kind == "vec3":
        return lambda F, f, node, path, scope: F.vec3(node, path, positive, nonnegative)
    if kind == "unit_vec3":
        return lambda F, f, node, path, scope: F.unit_vec3(node, path)
    if kind == "block":
        return lambda F, f, node, path, scope: check_block(F, f.block, node, path, scope)
    return lambda F, f, node, path, scope: f.check(F, node, path, scope)

"""The keys a component.yaml may state at a place, and the values each is one of, read from
the schema's tables: what an editor offers.

``schema_keys(path, where)`` walks the tables from a declaration's top level down ``path``
(a mapping's keys, and a list's indices as ints: ``("connectors", "hub_left", "joint")``,
``("contacts", 0)``) and gives the block there: each of its keys with its value in the
reference's words, its unit, whether it is required, its sentence, and the values it is
one of. ``where`` is what the allowed keys hang on: the declaration's category, its
profiles' types, and the names it gives its connectors and links (the values some keys
name).

Every block is the loader's own table: the four fields every declaration states
(``parts.COMMON``), the part's, an object's and an environment's (``parts``, ``objects``,
with ``inertia`` and ``shapes``), and the legged blocks (``legged``: a link, its joint, a
foot, a servo, the gait; ``controller``: the controller in either form, chosen as its check
chooses, ``controller_form``, and its imu, phase, simulator and gait). Said here are only:

- where each legged key may be stated, with the table its value is read by (the part's
  table holds those keys as read by a rule of its own);
- a mapping whose keys the vocabulary names: ``profiles`` (the component types) and a
  profile's ``mounts`` (the type's logical mounts);
- a mapping whose keys the declaration names (``connectors``, ``links``, ``feet``,
  ``entities``): no key to offer.

Nothing here reads a file or keeps anything between calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..model.vocabulary import (
    CHASSIS_TYPES,
    COMPONENT_TYPES,
    OPTIONAL_CHASSIS_MOUNTS,
    PART_MOUNTS,
    PART_TYPES,
)
from .controller import CONTROLLER, controller_form
from .legged import FOOT, GAIT, LINK, LINK_CATEGORIES
from .objects import ENVIRONMENT, OBJECT
from .parts import COMMON, PART, PartScope
from .schema import Block, Field
from .schema_docs import required_words, value_words
from .shapes import LINK_SHAPES, OBJECT_SHAPES

KeyPath = tuple[str | int, ...]
BOOLEAN = ("true", "false")


@dataclass(frozen=True)
class Key:
    """One key a block may state: its field of the table (``spec``), and ``options``, the
    values it is one of (for a list, each item's), empty when its value is free. Its words
    are made when asked for: a value's completion reads one key of a block."""

    name: str
    spec: Field = field(repr=False, compare=False)
    options: tuple[str, ...] = ()

    @property
    def what(self) -> str:
        """Its value in the reference's words."""
        f = self.spec
        if f.options and self.options != f.options:  # narrowed where the check takes fewer
            return "one of " + ", ".join(self.options)
        return value_words(f)

    @property
    def unit(self) -> str:
        return self.spec.unit

    @property
    def required(self) -> str:
        """ "yes", "no", or "with ..." what requires it."""
        return required_words(self.spec)

    @property
    def doc(self) -> str:
        f = self.spec
        return f.doc + (f" (only on {f.allowed_doc})" if f.allowed_doc else "")


@dataclass(frozen=True)
class Keys:
    """The block at a path: its table's name, its sentence and its keys, in order."""

    block: str
    doc: str
    keys: tuple[Key, ...]

    def key(self, name: str) -> Key | None:
        return next((k for k in self.keys if k.name == name), None)


@dataclass(frozen=True)
class Where:
    """What of a declaration its allowed keys and some values hang on. ``category`` is None
    when it names none of the categories."""

    category: str | None = None
    types: frozenset[str] = frozenset()
    connectors: tuple[str, ...] = ()
    links: tuple[str, ...] = ()


# -- where the legged keys may be stated -------------------------------------------------
# The part's table holds the four legged keys as read by its rule (``legged``); these are
# the same keys with the tables their values are read by, and where each may be stated, as
# legged.py's checks decide it.
LEGGED = {
    "links": Field(
        "links",
        "custom",
        "the part's moving links, by name, each after the one it hangs from",
        required=False,
        by_rule=True,
        what="mapping of names to links",
        each=LINK,
        keyed=True,
        required_if=lambda scope: scope.category == "leg",
        required_doc="category leg",
        allowed=lambda scope: scope.category in LINK_CATEGORIES,
        allowed_doc="a chassis, an attachment or a leg",
    ),
    "feet": Field(
        "feet",
        "custom",
        "what the part stands on, by name",
        required=False,
        by_rule=True,
        what="mapping of names to feet",
        each=FOOT,
        keyed=True,
        required_if=lambda scope: scope.category == "leg",
        required_doc="category leg",
        allowed=lambda scope: scope.is_a("leg", "Legged"),
        allowed_doc="a leg, or a Legged profile",
    ),
    "gait": Field(
        "gait",
        "block",
        GAIT.doc,
        block=GAIT,
        required=False,
        required_if=lambda scope: scope.category == "chassis" and "Legged" in scope.types,
        required_doc="a Legged chassis",
        allowed=lambda scope: scope.category != "leg" and "Legged" in scope.types,
        allowed_doc="a Legged profile",
    ),
    "controller": Field(
        "controller",
        "block",
        CONTROLLER.doc,
        block=CONTROLLER,
        required=False,
        allowed=lambda scope: scope.category != "leg" and "Legged" in scope.types,
        allowed_doc="a Legged profile",
    ),
}


# -- the query -----------------------------------------------------------------------------
def schema_keys(
    path: KeyPath, where: Where = Where(), stated: frozenset[str] | set[str] = frozenset()
) -> Keys | None:
    """The block a declaration holds at ``path``, with the keys it may state there (those
    ``where`` allows) and the values each is one of; None where no block is, or where the
    declaration names the keys itself. ``stated``: the keys the mapping states already,
    which choose a controller's form."""
    fields, name, doc = top_fields(where), "declaration", "A declaration's top level."
    block: Block | None = None
    i = 0
    while i < len(path):
        f = next((f for f in fields if f.name == path[i]), None)
        if f is None:
            return None
        rest = path[i + 1 :]
        if i == 0 and f.name == "profiles" and (not rest or rest[1:] == ("mounts",)):
            return _profiles(rest, where)
        if f.each is not None:  # entries by name, or a list's
            if not rest or f.keyed != isinstance(rest[0], str):
                return None
            block, i = f.each, i + 2
        elif (table := f.block or f.table) is not None:
            block, i = table, i + 1
        else:
            return None
        fields, name, doc = block.fields, block.name, block.doc
    if block is CONTROLLER and (form := controller_form(stated)) is not None:
        fields = tuple(f for f in fields if f.name in form.allowed_keys)  # the form's keys
    scope = _scope(where)
    return Keys(name, doc, tuple(_key(f, path, where) for f in fields if _allowed(f, scope, where)))


def top_fields(where: Where) -> tuple[Field, ...]:
    """The top level's fields: the common four, then the category's (every category's when
    it names none)."""
    if where.category == "object":
        own: tuple[Field, ...] = OBJECT.fields
    elif where.category == "environment":
        own = ENVIRONMENT.fields
    elif where.category is None:
        names = {f.name for f in PART.fields}
        own = PART.fields + tuple(f for f in ENVIRONMENT.fields if f.name not in names)
    else:
        own = PART.fields
    return COMMON.fields + tuple(LEGGED.get(f.name, f) for f in own)


def _scope(where: Where) -> PartScope:
    # as parts.check_part_fields makes it
    category = where.category or ""
    return PartScope(category, category == "track" or "Track" in where.types, where.types)


def _allowed(f: Field, scope: PartScope, where: Where) -> bool:
    return f.allowed is None or where.category is None or bool(f.allowed(scope))


def _key(f: Field, path: KeyPath, where: Where) -> Key:
    return Key(f.name, f, _options(f, path, where))


def _options(f: Field, path: KeyPath, where: Where) -> tuple[str, ...]:
    """The values a field is one of: its table's options, a boolean's two, or the names of
    the declaration's own a field names (a driveline's connectors, a foot's link)."""
    if f.kind == "boolean":
        return BOOLEAN
    if f.name == "turns" and path[-1:] == ("driveline",):
        return where.connectors
    if f.name in ("link", "parent") and path[:1] in (("feet",), ("links",), ("controller",)):
        return where.links
    if f.name == "type" and f.options == LINK_SHAPES and where.category == "object":
        return OBJECT_SHAPES  # (objects.py's check allows these of the table's)
    return f.options


def _profiles(rest: KeyPath, where: Where) -> Keys | None:
    """``profiles``, whose keys are the component types, and a profile's ``mounts``, whose
    keys are its type's logical mounts, each naming a connector: the vocabulary's, not a
    table's. (The loader takes any identifier as a mount: these are the ones the type
    names.)"""
    if not rest:
        return Keys(
            "profiles",
            "the component types the part can be",
            tuple(
                Key(
                    t,
                    Field(t, "custom", _type_doc(t), required=False, by_rule=True, what="profile"),
                )
                for t in COMPONENT_TYPES
            ),
        )
    name = rest[0]
    if not isinstance(name, str):
        return None
    if name in CHASSIS_TYPES:
        mounts = CHASSIS_TYPES[name].wheel_mounts + OPTIONAL_CHASSIS_MOUNTS
    else:
        mounts = PART_MOUNTS.get(name, ("default",))
    return Keys(
        "mounts",
        f"the logical mounts of {name}, each the name of a connector",
        tuple(
            Key(
                m,
                Field(
                    m,
                    "custom",
                    f"the connector {name}'s {m} is",
                    required=False,
                    by_rule=True,
                    what="connector name",
                ),
                where.connectors,
            )
            for m in mounts
        ),
    )


def _type_doc(name: str) -> str:
    if name in CHASSIS_TYPES:
        return CHASSIS_TYPES[name].summary
    return PART_TYPES.get(name, "")

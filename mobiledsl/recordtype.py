"""``record``: what ``dataclasses.dataclass(frozen=True)`` builds, for less at import time.

A compile is a fresh process, and it defines a hundred record classes before it reads a
file. ``dataclass(frozen=True)`` writes and compiles six methods for each (``__init__``,
``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``): most of the
start-up of a small compile. ``record`` declares the fields as dataclasses does (the
``Field`` objects, ``__match_args__``, the checks of defaults; for a class with a pseudo-field
or a dataclass base it lets dataclasses do it), writes ``__init__`` alone, when the first
instance is made (compiled ahead: ``precompiled``), and gives the other five as closures over
the class's field names, which behave as the generated ones do:

- ``__eq__`` compares the tuples of the compared fields of two instances of one class;
- ``__hash__`` hashes that tuple (unless the class defines its own);
- ``__repr__`` is ``Name(field=value, ...)`` over the fields shown;
- setting or deleting a field raises ``dataclasses.FrozenInstanceError``.

``dataclasses.fields``, ``replace``, ``asdict`` and ``is_dataclass`` see a frozen dataclass.
A class with an ``InitVar``, keyword-only or ``init=False`` field is refused: write
``dataclass(frozen=True)`` for it. ``tests/test_recordtype.py`` compares every record class
with the dataclass it stands for.

``mutable_record`` is the same for a plain ``@dataclass`` (fields may be set; with ``eq``,
instances are unhashable, as dataclass makes them): the working state a phase fills in.
``tests/test_recordtype_mutable.py`` compares each with its dataclass.
"""

from __future__ import annotations

import abc
import dataclasses
import sys
import typing
from _thread import get_ident
from collections.abc import Callable
from operator import attrgetter
from typing import Any

from .precompiled import define

# Every class made here, for the tests that compare them with dataclasses' own.
RECORDS: list[type] = []
MUTABLE_RECORDS: list[type] = []
# The classes whose __init__ is written here (not their own), for precompiled's table.
WRITTEN_INITS: list[type] = []

_PARAMS: dict[tuple[bool, bool], Any] = {}  # (frozen, eq) -> a dataclass's parameters
_HAS_FACTORY = object()  # the default of a field whose default is made by a factory


@typing.dataclass_transform(frozen_default=True)
def record(cls: type | None = None, /, *, eq: bool = True) -> Any:
    """``@record`` or ``@record(eq=False)`` on a class: as ``@dataclass(frozen=True)``."""

    def wrap(cls: type) -> type:
        return _process(cls, eq, frozen=True)

    return wrap if cls is None else wrap(cls)


@typing.dataclass_transform()
def mutable_record(cls: type | None = None, /, *, eq: bool = True, slots: bool = False) -> Any:
    """``@mutable_record``, ``@mutable_record(eq=False)`` or ``(slots=True)``: as
    ``@dataclass`` with the same options."""

    def wrap(cls: type) -> type:
        return _process(cls, eq, frozen=False, slots=slots)

    return wrap if cls is None else wrap(cls)


def _params(frozen: bool, eq: bool) -> Any:
    """The ``__dataclass_params__`` dataclass gives a class of these options: taken from a
    template that compiles nothing (no method asked for), then told the options."""
    params = _PARAMS.get((frozen, eq))
    if params is None:
        template: Any = dataclasses.dataclass(
            type("_Template", (), {"__doc__": "A template."}), init=False, repr=False, eq=False
        )
        params = template.__dataclass_params__
        params.init, params.repr, params.eq, params.frozen = True, True, eq, frozen
        _PARAMS[frozen, eq] = params
    return params


def _process(cls: Any, eq: bool, frozen: bool, slots: bool = False) -> type:
    # Any: the class gains dataclass attributes here, which no static type of it has.
    own = dict(cls.__dict__)
    for name in ("__setattr__", "__delattr__"):
        if name in own:
            raise TypeError(
                f"Cannot overwrite attribute {name} in class {cls.__name__}"
                if frozen
                else f"{cls.__name__}: mutable_record sets fields "
                f"past {name}: use dataclass for a class with its own"
            )
    if cls.__doc__ is None:  # else dataclass asks inspect for a signature to write one
        cls.__doc__ = f"{cls.__name__}({', '.join(getattr(cls, '__annotations__', {}))})"
    declared = _declare_fields(cls)  # else dataclass declares them, InitVars and all
    if not declared:
        # a frozen class's subclass must be frozen to dataclasses too: its setters are
        # written again below
        frozen_base = any(
            getattr(getattr(base, "__dataclass_params__", None), "frozen", False)
            for base in cls.__mro__[1:]
        )
        cls = dataclasses.dataclass(cls, init=False, repr=False, eq=False, frozen=frozen_base)
    fields = dataclasses.fields(cls)
    if not _covered(cls, fields, declared):
        raise TypeError(
            f"{cls.__name__}: record takes positional fields only (no InitVar, "
            "keyword-only or init=False field): use dataclass(frozen=True)"
        )
    _check_order(fields)
    if slots:
        cls = _with_slots(cls, fields)
    cls.__dataclass_params__ = _params(frozen, eq)
    if "__init__" not in own:
        _set(cls, "__init__", _lazy_init(cls, fields, frozen))
        WRITTEN_INITS.append(cls)
    _set(cls, "__repr__", _repr(cls, tuple(f.name for f in fields if f.repr)))
    names = tuple(f.name for f in fields)
    if frozen:
        _set(cls, "__setattr__", _setattr(cls, names))
        _set(cls, "__delattr__", _delattr(cls, names))
    if eq:
        compared = tuple(f.name for f in fields if f.compare)
        if "__eq__" not in own:
            _set(cls, "__eq__", _eq(cls, compared))
        explicit_hash = own.get("__hash__", None) is not None or (
            "__hash__" in own and "__eq__" not in own
        )
        if not explicit_hash:
            hashed = tuple(f.name for f in fields if (f.compare if f.hash is None else f.hash))
            # dataclass: a frozen class hashes its fields, a mutable one is unhashable
            if frozen:
                _set(cls, "__hash__", _hash(cls, hashed))
            else:
                cls.__hash__ = None
    (RECORDS if frozen else MUTABLE_RECORDS).append(cls)
    return cls


# A field's kind as dataclasses marks it, read off a field it made: an ordinary field.
# Any: _field_type is private, so no stub declares it.
_ONE: Any = dataclasses.fields(
    dataclasses.dataclass(
        type("_One", (), {"__doc__": "One field.", "__annotations__": {"x": "int"}}),
        init=False,
        repr=False,
        eq=False,
    )
)[0]
_ORDINARY = _ONE._field_type
# Names whose annotation makes a pseudo-field dataclasses alone tells apart.
_PSEUDO = frozenset({"ClassVar", "InitVar", "KW_ONLY"})


def _declare_fields(cls: Any) -> bool:
    """Give ``cls`` the fields ``dataclass`` would find, as it finds them (defaults,
    ``field()`` options, class attributes put right, ``__match_args__``), when the class is
    the plain case: no dataclass base and only string annotations (``from __future__ import
    annotations``) whose head names none of ClassVar, InitVar or KW_ONLY in the class's
    module. dataclass asks a regular expression and the module about every annotation: about
    half of the import time of a record class. False, touching nothing, for any other class:
    dataclass then declares it."""
    own = cls.__dict__.get("__annotations__", {})
    scope = getattr(sys.modules.get(cls.__module__), "__dict__", {})
    if any(hasattr(base, "__dataclass_fields__") for base in cls.__mro__[1:]):
        return False
    for annotation in own.values():
        if not isinstance(annotation, str):
            return False
        head = annotation.split("[", 1)[0].rsplit(".", 1)[-1].strip()
        if head in _PSEUDO or _is_pseudo(scope.get(head)):
            return False
    fields: dict[str, dataclasses.Field] = {}
    for name, annotation in own.items():
        default = getattr(cls, name, dataclasses.MISSING)
        # field() is typed as returning its default (for annotations in a class body);
        # called here, it returns the Field itself. Any: _field_type is private.
        f: Any = (
            default
            if isinstance(default, dataclasses.Field)
            else dataclasses.field(default=default)
        )
        f.name, f.type, f._field_type = name, annotation, _ORDINARY
        if f.kw_only is dataclasses.MISSING:
            f.kw_only = False
        if f.default.__class__.__hash__ is None:
            raise ValueError(
                f"mutable default {type(f.default)} for field {name} is not "
                "allowed: use default_factory"
            )
        fields[name] = f
    for name, value in list(cls.__dict__.items()):
        if isinstance(value, dataclasses.Field):
            if name not in own:
                raise TypeError(f"{name!r} is a field but has no type annotation")
            if value.default is dataclasses.MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, value.default)
    cls.__dataclass_fields__ = fields
    if "__match_args__" not in cls.__dict__:
        # mypy refuses any assignment to __match_args__; this is the class being made
        cls.__match_args__ = tuple(  # type: ignore[misc]
            f.name for f in fields.values() if not f.kw_only
        )
    abc.update_abstractmethods(cls)
    return True


def _is_pseudo(value: Any) -> bool:
    return value is not None and (
        value is typing.ClassVar
        or value is dataclasses.InitVar
        or value is dataclasses.KW_ONLY
        or isinstance(value, dataclasses.InitVar)
    )


def _with_slots(cls: type, fields: tuple[dataclasses.Field, ...]) -> type:
    """The class made again with a slot per field, as ``dataclass(slots=True)`` makes it
    (a class's slots are fixed when it is made): its namespace less the fields' defaults,
    which ``__init__`` holds, and less the instance dict."""
    names = tuple(f.name for f in fields)
    namespace = {
        k: v
        for k, v in cls.__dict__.items()
        if k not in names and k not in ("__dict__", "__weakref__")
    }
    namespace["__slots__"] = names
    made = type(cls)(cls.__name__, cls.__bases__, namespace)
    made.__qualname__ = cls.__qualname__
    return made


def _covered(cls: Any, fields: tuple[dataclasses.Field, ...], declared: bool) -> bool:
    """Every field a plain positional one, as ``record`` builds them (a class whose fields
    ``_declare_fields`` declared has no InitVar)."""
    if not declared and any("InitVar" in str(f.type) for f in cls.__dataclass_fields__.values()):
        return False
    return all(f.init and not f.kw_only for f in fields)


def _set(cls: type, name: str, fn: Callable) -> None:
    fn.__qualname__ = f"{cls.__qualname__}.{fn.__name__}"
    setattr(cls, name, fn)


def _check_order(fields: tuple[dataclasses.Field, ...]) -> None:
    """A field without a default after one with a default: refused as dataclass does."""
    seen_default = False
    for f in fields:
        has_default = (
            f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
        )
        if seen_default and not has_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
        seen_default = seen_default or has_default


def _lazy_init(cls: type, fields: tuple[dataclasses.Field, ...], frozen: bool) -> Callable:
    """An ``__init__`` that compiles the class's own on the first instance and hands over to
    it: a run makes instances of about half the record classes it imports."""

    def __init__(self, *args, **kwargs):
        real = _init(cls, fields, frozen)
        _set(cls, "__init__", real)
        real(self, *args, **kwargs)

    return __init__


def _init(cls: type, fields: tuple[dataclasses.Field, ...], frozen: bool) -> Callable:
    """``__init__`` for the class, written by ``_init_text`` and compiled ahead when the
    text is in precompiled's table."""
    source, scope = _init_text(cls, fields, frozen)
    return define(source, scope, "__init__", f"<record {cls.__qualname__}>")


def init_source(cls: Any) -> tuple[str, dict[str, Any]] | None:
    """The text of the ``__init__`` written for a record class, and the names it reads;
    None for a class with its own."""
    if cls not in WRITTEN_INITS:
        return None
    return _init_text(cls, dataclasses.fields(cls), cls.__dataclass_params__.frozen)


def _init_text(
    cls: type, fields: tuple[dataclasses.Field, ...], frozen: bool
) -> tuple[str, dict[str, Any]]:
    """The class's ``__init__`` as text: its fields in order, defaults and factories as
    dataclasses gives them. A mutable class sets them plainly, as dataclasses does (it has
    no ``__setattr__`` of its own). A frozen one refuses the plain way: dataclasses goes
    through ``object.__setattr__``, which for a field (never a data descriptor) writes the
    instance's dict; writing the dict itself gives the same object in half the time."""
    params, body = [], []
    direct = frozen and "__slots__" not in cls.__dict__
    if direct:
        body.append("  __own = self.__dict__")
    scope: dict[str, Any] = {"__set": object.__setattr__, "__factory": _HAS_FACTORY}
    for f in fields:
        name = f.name
        if f.default is not dataclasses.MISSING:
            scope[f"__d_{name}"] = f.default
            params.append(f"{name}=__d_{name}")
            value = name
        elif f.default_factory is not dataclasses.MISSING:
            scope[f"__f_{name}"] = f.default_factory
            params.append(f"{name}=__factory")
            value = f"__f_{name}() if {name} is __factory else {name}"
        else:
            params.append(name)
            value = name
        body.append(
            f"  __own[{name!r}] = {value}"
            if direct
            else f"  __set(self, {name!r}, {value})"
            if frozen
            else f"  self.{name} = {value}"
        )
    if hasattr(cls, "__post_init__"):
        body.append("  self.__post_init__()")
    source = (
        (f"def __init__(self, {', '.join(params)}):\n" if params else "def __init__(self):\n")
        + ("\n".join(body) or "  pass")
        + "\n"
    )
    return source, scope


def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple]:
    """The tuple of these attributes of an instance (a tuple even for one or none)."""
    if len(names) >= 2:
        return attrgetter(*names)
    if len(names) == 1:
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    return lambda obj: ()


def _repr(cls: type, names: tuple[str, ...]) -> Callable:
    """``Name(field=value, ...)``, and ``...`` for an instance met again inside its own
    repr, as ``reprlib.recursive_repr`` guards it (written out: the decorator costs more
    to make, once per class, than the repr itself)."""
    running: set[tuple[int, int]] = set()

    def __repr__(self):
        key = id(self), get_ident()
        if key in running:
            return "..."
        running.add(key)
        try:
            shown = ", ".join(f"{n}={getattr(self, n)!r}" for n in names)
        finally:
            running.discard(key)
        return f"{self.__class__.__qualname__}({shown})"

    return __repr__


def _eq(cls: type, names: tuple[str, ...]) -> Callable:
    key = _getter(names)

    def __eq__(self, other):
        if other.__class__ is self.__class__:
            return key(self) == key(other)
        return NotImplemented

    return __eq__


def _hash(cls: type, names: tuple[str, ...]) -> Callable:
    key = _getter(names)

    def __hash__(self):
        return hash(key(self))

    return __hash__


def _setattr(cls: type, names: tuple[str, ...]) -> Callable:
    def __setattr__(self, name, value):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")
        super(cls, self).__setattr__(name, value)

    return __setattr__


def _delattr(cls: type, names: tuple[str, ...]) -> Callable:
    def __delattr__(self, name):
        if type(self) is cls or name in names:
            raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")
        super(cls, self).__delattr__(name)

    return __delattr__

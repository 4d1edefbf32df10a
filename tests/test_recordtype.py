"""``record`` builds what ``dataclass(frozen=True)`` builds: checked on every record class of
the package against a dataclass made from the same fields, and on small classes at the edges
(no field, one field, factories, a class's own ``__eq__``/``__hash__``)."""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import math
import pkgutil
from dataclasses import FrozenInstanceError, field

import typing
from typing import ClassVar

import pytest

import mobiledsl
from mobiledsl import recordtype
from mobiledsl.recordtype import RECORDS, record


def _all_records() -> list[type]:
    for info in pkgutil.walk_packages(mobiledsl.__path__, "mobiledsl."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    return sorted(set(RECORDS), key=lambda c: (c.__module__, c.__qualname__))


ALL = _all_records()


def _reference(cls: type) -> type:
    """The frozen dataclass ``cls`` stands for: same name, fields, eq and __post_init__."""
    fields = [(f.name, f.type, dataclasses.field(default=f.default,
                                                 default_factory=f.default_factory,
                                                 repr=f.repr, compare=f.compare, hash=f.hash))
              for f in dataclasses.fields(cls)]
    ns = {k: v for k, v in cls.__dict__.items()
          if k in ("__post_init__", "__eq__", "__hash__") and v is not None and not _made(v)}
    ref = dataclasses.make_dataclass(cls.__name__, fields, namespace=ns, frozen=True,
                                     eq=cls.__dataclass_params__.eq)
    ref.__qualname__ = cls.__qualname__
    return ref


def _made(fn) -> bool:
    """A method record wrote, not the class."""
    return getattr(getattr(fn, "__code__", None), "co_filename", "") == recordtype.__file__


class _Value:
    """A field value that any field takes: hashable, with a repr of its own."""

    def __init__(self, tag):
        self.tag = tag

    def __repr__(self):
        return f"<{self.tag}>"

    def __eq__(self, other):
        return isinstance(other, _Value) and other.tag == self.tag

    def __hash__(self):
        return hash(self.tag)


# The fields without defaults of a class whose __post_init__ refuses a placeholder.
_VALID = {"mobiledsl.library.schema.Field": {"name": "x", "kind": "number"}}


def _values(cls: type, tag: str = "v") -> list:
    out = []
    valid = _VALID.get(f"{cls.__module__}.{cls.__qualname__}", {})
    for f in dataclasses.fields(cls):
        if f.name in valid:
            out.append(valid[f.name])
        elif f.default is not dataclasses.MISSING:
            out.append(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            out.append(f.default_factory())
        elif cls.__dict__.get("__post_init__") is not None:
            out.append("")         # Diagnostic checks its texts: give it texts
        else:
            out.append(_Value(f"{tag}.{f.name}"))
    return out


def same_fields(cls, ref):
    """Assert that a record class has the fields, match args and signature of the dataclass
    it stands for; its and the reference's parameters."""
    assert dataclasses.is_dataclass(cls)
    assert [f.name for f in dataclasses.fields(cls)] == [f.name for f in dataclasses.fields(ref)]
    assert cls.__match_args__ == ref.__match_args__
    cls(*_values(cls))                  # __init__ is compiled with the first instance
    ours = list(inspect.signature(cls).parameters.values())
    theirs = list(inspect.signature(ref).parameters.values())
    assert [(p.name, p.kind) for p in ours] == [(p.name, p.kind) for p in theirs]
    return ours, theirs


def test_every_record_class_is_found():
    assert len(ALL) >= 100
    assert all(c.__dataclass_params__.frozen for c in ALL)


@pytest.mark.parametrize("cls", ALL, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_record_is_the_frozen_dataclass(cls):
    ref = _reference(cls)
    ours, theirs = same_fields(cls, ref)
    plain = [f.default_factory is dataclasses.MISSING for f in dataclasses.fields(cls)]
    assert [p.default for p, keep in zip(ours, plain) if keep] == \
        [p.default for p, keep in zip(theirs, plain) if keep]
    values = _values(cls)
    a, b, r = cls(*values), cls(*values), ref(*values)
    assert repr(a) == repr(r)
    assert dataclasses.asdict(a) == dataclasses.asdict(r)
    assert (a == b) == (r == ref(*values))
    if cls.__dataclass_params__.eq:
        assert a == b and not (a != b)
        if all(_hashable(v) for v in values):
            assert hash(a) == hash(b) == hash(r)
    else:
        assert a != b and a == a
    assert (a == r) is False                     # another class is never equal
    with pytest.raises(FrozenInstanceError):
        setattr(a, dataclasses.fields(cls)[0].name if dataclasses.fields(cls) else "x", 1)
    with pytest.raises(FrozenInstanceError):
        delattr(a, dataclasses.fields(cls)[0].name if dataclasses.fields(cls) else "x")
    assert dataclasses.replace(a) == a or not cls.__dataclass_params__.eq


@pytest.mark.parametrize("cls", [c for c in ALL if c.__dataclass_params__.eq],
                         ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_each_compared_field_decides_equality(cls):
    values = _values(cls)
    if cls.__dict__.get("__post_init__") is not None:
        pytest.skip("its fields are checked texts")
    base = cls(*values)
    for i, f in enumerate(dataclasses.fields(cls)):
        other = list(values)
        other[i] = _Value(f"other.{f.name}")
        assert (cls(*other) == base) is (not f.compare)


def _hashable(value) -> bool:
    try:
        hash(value)
    except TypeError:
        return False
    return True


# -- the edges ---------------------------------------------------------------------------------
def test_a_record_without_fields():
    @record
    class Empty:
        pass

    assert Empty() == Empty() and hash(Empty()) == hash(()) and repr(Empty()).endswith("Empty()")


def test_a_record_of_one_field_compares_as_a_tuple():
    @record
    class One:
        x: float

    nan = math.nan
    assert One(nan) == One(nan)                  # the same object: equal, as in a tuple
    assert One(1.0) != One(2.0) and hash(One(1.0)) == hash((1.0,))
    assert repr(One(1.0)).endswith("One(x=1.0)")


def test_defaults_and_factories_are_per_instance():
    @record
    class Bag:
        name: str
        items: list = field(default_factory=list)
        size: int = 3

    a, b = Bag("a"), Bag("a")
    assert a.items == [] and a.items is not b.items and a.size == 3
    assert Bag("a", [1], 4).items == [1]
    assert dataclasses.replace(a, size=5) == Bag("a", [], 5)


def test_a_classes_own_eq_and_hash_are_kept():
    @record
    class Own:
        x: int

        def __eq__(self, other):
            return True

        def __hash__(self):
            return 7

    assert Own(1) == Own(2) and hash(Own(1)) == 7

    @record
    class EqOnly:
        x: int

        def __eq__(self, other):
            return isinstance(other, EqOnly)

    assert hash(EqOnly(1)) == hash((1,))         # as dataclass: the hash of the fields


def test_eq_false_keeps_identity():
    @record(eq=False)
    class Node:
        x: int

    a = Node(1)
    assert a != Node(1) and a == a and hash(a) == object.__hash__(a)


def test_what_record_refuses():
    with pytest.raises(TypeError, match="non-default argument"):
        @record
        class Order:
            x: int = 1
            y: int

    with pytest.raises(TypeError, match="positional fields only"):
        @record
        class KwOnly:
            x: int = field(kw_only=True)

    with pytest.raises(TypeError, match="__setattr__"):
        @record
        class Sets:
            x: int

            def __setattr__(self, name, value):
                pass


def test_a_frozen_dataclass_may_extend_a_record():
    @record
    class Base:
        x: object = None

    Sub = dataclasses.make_dataclass("Sub", [("x", int, field(default=0))], bases=(Base,),
                                     frozen=True)
    assert Sub(2).x == 2 and Sub(2) == Sub(2) and Sub(2) != Base(2)
    with pytest.raises(FrozenInstanceError):
        Sub(2).x = 3


# -- what record declares itself and what it leaves to dataclass --------------------------------
CountAlias = ClassVar     # a pseudo-field named through the module: dataclass finds it


def test_class_variables_are_not_fields():
    @record
    class Counted:
        x: int
        total: ClassVar[int] = 0
        aliased: CountAlias[int] = 1
        dotted: typing.ClassVar[str] = "s"

    assert [f.name for f in dataclasses.fields(Counted)] == ["x"]
    assert Counted.__match_args__ == ("x",) and Counted(2).total == 0


def test_a_field_declared_as_dataclass_declares_it():
    @record
    class Plain:
        name: str
        size: int = field(default=3, repr=False, compare=False)
        items: list = field(default_factory=list)
        kind: str = "a"

    ref = dataclasses.make_dataclass("Plain", [("name", "str"),
                                               ("size", "int", field(default=3, repr=False,
                                                                     compare=False)),
                                               ("items", "list", field(default_factory=list)),
                                               ("kind", "str", "a")], frozen=True)
    ours, theirs = dataclasses.fields(Plain), dataclasses.fields(ref)
    keys = ("name", "type", "default", "default_factory", "repr", "compare", "hash", "init",
            "kw_only", "metadata")
    assert [[getattr(f, k) for k in keys] for f in ours] == \
        [[getattr(f, k) for k in keys] for f in theirs]
    assert Plain.size == 3 and "items" not in Plain.__dict__ and Plain.kind == "a"
    assert repr(Plain("n")).endswith("Plain(name='n', items=[], kind='a')")


def test_what_dataclass_refuses_record_refuses():
    with pytest.raises(ValueError, match="mutable default"):
        @record
        class Shared:
            items: list = []            # noqa: RUF012

    with pytest.raises(TypeError, match="no type annotation"):
        @record
        class Unnamed:
            x: int
            y = field(default=1)

"""``mutable_record`` builds what ``dataclass`` builds: checked on every mutable record class
of the package against a dataclass made from the same fields, and at the edges (a class's own
``__hash__``, eq=False, what it refuses)."""
from __future__ import annotations

import dataclasses
import importlib
import inspect
import pkgutil
from dataclasses import field

import pytest

import mobiledsl
from mobiledsl.recordtype import MUTABLE_RECORDS, RECORDS, mutable_record, record


def _all_mutable() -> list[type]:
    for info in pkgutil.walk_packages(mobiledsl.__path__, "mobiledsl."):
        if not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    return sorted(set(MUTABLE_RECORDS), key=lambda c: (c.__module__, c.__qualname__))


ALL = _all_mutable()


def _reference(cls: type) -> type:
    fields = [(f.name, f.type, dataclasses.field(default=f.default,
                                                 default_factory=f.default_factory,
                                                 repr=f.repr, compare=f.compare, hash=f.hash))
              for f in dataclasses.fields(cls)]
    ref = dataclasses.make_dataclass(cls.__name__, fields, eq=cls.__dataclass_params__.eq)
    ref.__qualname__ = cls.__qualname__
    return ref


class _Value:
    def __init__(self, tag):
        self.tag = tag

    def __repr__(self):
        return f"<{self.tag}>"

    def __eq__(self, other):
        return isinstance(other, _Value) and other.tag == self.tag

    __hash__ = None


def _values(cls: type) -> list:
    out = []
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING:
            out.append(f.default)
        elif f.default_factory is not dataclasses.MISSING:
            out.append(f.default_factory())
        else:
            out.append(_Value(f.name))
    return out


def test_the_working_state_classes_are_found_and_mutable():
    names = {c.__qualname__ for c in ALL}
    assert {"Sink", "Findings", "Placement", "Tree", "LinkSpec", "CompileResult"} <= names
    assert not any(c.__dataclass_params__.frozen for c in ALL)
    assert not set(ALL) & set(RECORDS)


@pytest.mark.parametrize("cls", ALL, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_mutable_record_is_the_dataclass(cls):
    ref = _reference(cls)
    assert dataclasses.is_dataclass(cls)
    assert [f.name for f in dataclasses.fields(cls)] == [f.name for f in dataclasses.fields(ref)]
    assert cls.__match_args__ == ref.__match_args__
    cls(*_values(cls))
    ours = list(inspect.signature(cls).parameters.values())
    theirs = list(inspect.signature(ref).parameters.values())
    assert [(p.name, p.kind) for p in ours] == [(p.name, p.kind) for p in theirs]
    values = _values(cls)
    a, b, r = cls(*values), cls(*values), ref(*values)
    assert repr(a) == repr(r)
    assert (a == b) == (r == ref(*values))
    assert (cls.__hash__ is None) == (ref.__hash__ is None)
    assert (a == r) is False
    first = dataclasses.fields(cls)[0].name
    r2 = ref(*values)
    for obj in (a, r2):
        setattr(obj, first, "changed")
        assert getattr(obj, first) == "changed"
    assert (a == b) == (r2 == r)                # a field set after: equal as dataclass says
    assert dataclasses.asdict(b).keys() == dataclasses.asdict(r).keys()


def test_factories_are_per_instance_and_fields_settable():
    @mutable_record
    class Box:
        name: str
        items: list = field(default_factory=list)
        size: int = 3

    a, b = Box("a"), Box("b", size=5)
    a.items.append(1)
    assert b.items == [] and b.size == 5 and a.size == 3
    a.size = 4
    del a.size
    assert a.size == 3                        # the class default shows again, as dataclass's
    assert repr(Box("x")).endswith(".Box(name='x', items=[], size=3)")
    assert Box("x") == Box("x") and Box("x") != Box("y")
    with pytest.raises(TypeError):
        hash(Box("x"))


def test_own_hash_kept_and_eq_false_keeps_identity():
    @mutable_record
    class Keyed:
        key: str

        def __hash__(self):
            return hash(self.key)

    @mutable_record(eq=False)
    class Plain:
        x: int = 0

    assert hash(Keyed("k")) == hash("k") and Keyed("k") == Keyed("k")
    assert Plain() != Plain() and hash(Plain()) is not None
    p = Plain()
    assert p == p


def test_what_mutable_record_refuses():
    with pytest.raises(TypeError, match="non-default argument"):
        @mutable_record
        class Order:
            x: int = 1
            y: int

    with pytest.raises(TypeError, match="positional fields only"):
        @mutable_record
        class KwOnly:
            x: int = field(kw_only=True)

    with pytest.raises(TypeError, match="__setattr__"):
        @mutable_record
        class Sets:
            x: int

            def __setattr__(self, name, value):
                pass


def test_a_record_and_a_mutable_one_differ_only_in_freezing():
    @record
    class Frozen:
        x: int

    @mutable_record
    class Loose:
        x: int

    assert Frozen.__dataclass_params__.frozen and not Loose.__dataclass_params__.frozen
    assert Frozen.__dataclass_params__.eq and Loose.__dataclass_params__.eq
    with pytest.raises(dataclasses.FrozenInstanceError):
        Frozen(1).x = 2

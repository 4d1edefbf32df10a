"""``mutable_record`` builds what ``dataclass`` builds: checked on every mutable record class
of the package against a dataclass made from the same fields, and at the edges (a class's own
``__hash__``, eq=False, what it refuses)."""
from __future__ import annotations

import dataclasses
from dataclasses import field

import pytest

from mobiledsl.recordtype import MUTABLE_RECORDS, RECORDS, mutable_record, record
from tests.test_recordtype import _values, same_fields


# test_recordtype imports every module of the package, which registers every class
ALL = sorted(set(MUTABLE_RECORDS), key=lambda c: (c.__module__, c.__qualname__))


def _reference(cls: type) -> type:
    """The plain dataclass ``cls`` stands for: same name, fields and eq."""
    fields = [(f.name, f.type, field(default=f.default, default_factory=f.default_factory,
                                     repr=f.repr, compare=f.compare, hash=f.hash))
              for f in dataclasses.fields(cls)]
    ref = dataclasses.make_dataclass(cls.__name__, fields, eq=cls.__dataclass_params__.eq,
                                     slots="__slots__" in cls.__dict__)
    ref.__qualname__ = cls.__qualname__
    return ref


def test_the_working_state_classes_are_found_and_mutable():
    names = {c.__qualname__ for c in ALL}
    assert {"Sink", "Findings", "Placement", "Tree", "LinkSpec", "CompileResult"} <= names
    assert not any(c.__dataclass_params__.frozen for c in ALL)
    assert not set(ALL) & set(RECORDS)


@pytest.mark.parametrize("cls", ALL, ids=lambda c: f"{c.__module__}.{c.__qualname__}")
def test_mutable_record_is_the_dataclass(cls):
    ref = _reference(cls)
    same_fields(cls, ref)
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


def test_slots_as_dataclass_makes_them():
    @mutable_record(slots=True)
    class Tok:
        """A token."""
        kind: str
        items: list = field(default_factory=list)
        size: int = 3

        def twice(self) -> int:
            return 2 * self.size

    ref = dataclasses.make_dataclass("Tok", [("kind", str),
                                             ("items", list, field(default_factory=list)),
                                             ("size", int, 3)], slots=True)
    assert Tok.__slots__ == ref.__slots__ == ("kind", "items", "size")
    a = Tok("k")
    assert not hasattr(a, "__dict__") and a.twice() == 6 and Tok.__doc__ == "A token."
    assert repr(a).endswith("Tok(kind='k', items=[], size=3)") and a == Tok("k", [], 3)
    a.size = 4
    assert a.size == 4 and dataclasses.replace(a, kind="j") == Tok("j", [], 4)
    for obj in (a, ref("k")):
        with pytest.raises(AttributeError):
            obj.other = 1
    assert [f.name for f in dataclasses.fields(Tok)] == ["kind", "items", "size"]
    assert Tok in MUTABLE_RECORDS and Tok.__qualname__.endswith("Tok")

    @mutable_record
    class Plain:
        kind: str

    assert hasattr(Plain("k"), "__dict__")


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


REFUSED = [
    ({"__annotations__": {"x": "int", "y": "int"}, "x": 1}, "non-default argument"),
    ({"__annotations__": {"x": "int"}, "x": field(kw_only=True)}, "positional fields only"),
    ({"__annotations__": {"x": "int"}, "__setattr__": lambda self, name, value: None},
     "__setattr__"),
]


@pytest.mark.parametrize("namespace, match", REFUSED, ids=["order", "kw_only", "setattr"])
def test_what_mutable_record_refuses(namespace, match):
    with pytest.raises(TypeError, match=match):
        mutable_record(type("Refused", (), dict(namespace)))


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


def test_a_repr_that_meets_its_own_instance_says_so_as_dataclass_does():
    @mutable_record
    class Node:
        child: object = None

    ref = dataclasses.make_dataclass("Node", [("child", object, None)])
    ours, theirs = Node(), ref()
    ours.child, theirs.child = ours, theirs
    assert repr(ours).endswith("Node(child=...)") and repr(theirs) == "Node(child=...)"
    assert repr(Node(Node())).endswith("Node(child=None))")

"""The generic checker: a toy table read as the library's tables are."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from mobiledsl.diagnostics import Sink
from mobiledsl.library.fields import Fields
from mobiledsl.library.schema import Block, Field, Rule, check_block
from mobiledsl.yamlio import read_yaml


def read(block: Block, text: str, scope=None):
    node, diags = read_yaml(text, "f.yaml")
    assert node is not None and not diags
    sink = Sink()
    value = check_block(Fields(sink, "f.yaml"), block, node.get("b"), "b", scope)
    return value, [(d.code, d.message) for d in sink.items]


def _order(F, node, path, v, scope):
    if v.get("lo") is not None and v.get("hi") is not None and v["hi"] < v["lo"]:
        F.invalid(node.get("hi"), f"{path}.hi", "is below lo")
        return False
    return True


TOY = Block("toy", (
    Field("lo", "number", "the low end", unit="m", bound="nonnegative"),
    Field("hi", "number", "the high end", unit="m", bound="positive"),
    Rule("order", _order, "`hi` is at least `lo`"),
    Field("name", "identifier", "its name", required=False),
    Field("kind", "choice", "its kind", options=("a", "b"), required=False),
    Field("note", "string", "a note", required=False, nullable=True, decides=False),
    Field("extra", "number", "only on a big one", required=False,
          allowed=lambda scope: scope.big, not_allowed="only a big {category} states one",
          required_if=lambda scope: scope.needs, why_required="a needy one states it"),
), doc="A toy.", build=lambda v: (v["lo"], v["hi"], v.get("name")))

SMALL = SimpleNamespace(big=False, needs=False, category="toy")


def test_a_block_that_checks_out_is_built():
    assert read(TOY, "b: {lo: 0, hi: 2, name: x1, note: null}\n", SMALL) == ((0.0, 2.0, "x1"),
                                                                            [])


def test_fields_then_rules_in_order_and_every_problem_once():
    value, diags = read(TOY, "b: {lo: -1, hi: 0.5, kind: c, bogus: 1}\n", SMALL)
    assert value is None
    assert diags == [
        ("library.unknown_field", "'b.bogus' is not a field of b"),
        ("library.invalid_value", "'b.lo' must not be negative, not -1"),
        ("library.invalid_value", "'b.kind' is 'c', which is none of a, b"),
    ]
    value, diags = read(TOY, "b: {lo: 3, hi: 2}\n", SMALL)
    assert value is None and diags == [("library.invalid_value", "'b.hi' is below lo")]


def test_a_field_that_does_not_decide_reports_and_the_block_still_builds():
    value, diags = read(TOY, "b: {lo: 0, hi: 1, note: 5}\n", SMALL)
    assert value == (0.0, 1.0, None)
    assert [c for c, _ in diags] == ["library.wrong_type"]


def test_where_a_field_is_allowed_and_what_requires_it():
    value, diags = read(TOY, "b: {lo: 0, hi: 1, extra: 2}\n", SMALL)
    assert value is None
    assert diags == [("library.unsupported", "'b.extra' is not valid here: only a big toy "
                                              "states one")]
    value, diags = read(TOY, "b: {lo: 0, hi: 1}\n", SimpleNamespace(big=True, needs=True))
    assert value is None
    assert diags == [("library.missing_field", "'b.extra' is required: a needy one states it")]
    assert read(TOY, "b: {lo: 0, hi: 1, extra: 2}\n",
                SimpleNamespace(big=True, needs=True)) == ((0.0, 1.0, None), [])


def test_a_rule_that_stops_ends_the_reading():
    stop = Block("stop", (
        Rule("first", lambda F, node, path, v, scope: False, stops=True),
        Field("x", "number", "never read"),
    ))
    assert read(stop, "b: {x: abc}\n") == (None, [])


def test_a_table_is_compiled_once_into_its_reader():
    assert TOY.source.startswith("def read(F, node, path, scope):")
    assert ("F.number(child, (path + '.hi' if path else 'hi'), positive=True, "
            "nonnegative=False)") in TOY.source
    assert TOY.required == ("lo", "hi") and TOY.optional == ("name", "kind", "note", "extra")


def _kind_first(F, node, path, v, scope):
    """What the keys hang on, judged first: its kind."""
    kind = node.value.get("kind")
    scope.kind = v["kind"] = kind.value if kind is not None else None
    if scope.kind not in (None, "a", "b"):
        F.invalid(kind, f"{path}.kind", "is neither a nor b")
        return False
    return True


HINGED = Block("hinged", (
    Rule("kind_first", _kind_first, before_keys=True),
    Field("kind", "choice", "its kind", options=("a", "b"), by_rule=True),
    Field("x", "number", "anything"),
    Field("axis", "vec3", "a's only", required=False,
          required_if=lambda scope: scope.kind == "a"),
), keys_with_scope=True, strict_keys=True)


def test_a_rule_before_the_keys_decides_what_they_require():
    value, diags = read(HINGED, "b: {kind: c, bogus: 1, x: z}\n", SimpleNamespace())
    assert value is None and [c for c, _ in diags] == [
        "library.invalid_value", "library.unknown_field", "library.wrong_type"]
    # the key a's kind requires is missing with the keys, before the fields are read
    value, diags = read(HINGED, "b: {kind: a, x: z}\n", SimpleNamespace())
    assert value is None and diags[0] == ("library.missing_field", "'b.axis' is required")
    assert [c for c, _ in diags] == ["library.missing_field", "library.wrong_type"]
    assert read(HINGED, "b: {kind: b, x: 1}\n", SimpleNamespace()) == (
        {"kind": "b", "x": 1.0}, [])
    with pytest.raises(ValueError, match="before the fields"):
        Block("late", (Field("x", "number"), Rule("r", _kind_first, before_keys=True)))


def test_a_partial_block_gives_what_it_read_whatever_failed():
    partial = Block("partial", (Field("a", "number"), Field("b", "string")), partial=True)
    value, diags = read(partial, "b: {b: 3}\n")
    assert value == {"b": None}
    assert [c for c, _ in diags] == ["library.missing_field", "library.wrong_type"]

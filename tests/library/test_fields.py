"""The small checks: numbers of a vector, keys of a mapping; nothing kept between calls."""
from __future__ import annotations

from mobiledsl.diagnostics import Sink
from mobiledsl.library import fields
from mobiledsl.library.fields import Fields
from mobiledsl.yamlio import read_yaml


def vector(text: str, **kw):
    node, diags = read_yaml(f"v: {text}\n", "f.yaml")
    assert node is not None and not diags
    sink = Sink()
    return Fields(sink, "f.yaml").vec3(node.get("v"), "v", **kw), sink.items


def test_fields_keep_no_state_between_declarations():
    assert not [name for name, value in vars(fields).items()
                if isinstance(value, (dict, list, set)) and not name.startswith("__")]


def test_a_vector_is_read_the_same_the_first_time_and_after():
    for _ in range(2):
        assert vector("[0, -1.5, 2e-3]") == ((0.0, -1.5, 0.002), [])
        assert vector("[0, -1.5, 2e-3]", nonnegative=True)[0] is None
        assert vector("[1, 1.5, 2e-3]", positive=True)[0] == (1.0, 1.5, 0.002)
        assert vector("[0, 1.5, 2e-3]", positive=True)[0] is None
        value, diags = vector("[1e-101, 0.0e5, 1e31]")
        assert value is None and [d.code for d in diags] == ["library.invalid_value"] * 2
        assert vector("[1, 'a', 2]")[0] is None


def test_keys_take_any_iterable_and_name_the_allowed_in_order():
    node, _ = read_yaml("m: {a: 1, z: 2}\n", "f.yaml")
    sink = Sink()
    F = Fields(sink, "f.yaml")
    assert not F.keys(node.get("m"), "m", (k for k in ["a", "b"]), iter(["c", "a"]))
    assert [d.code for d in sink.items] == ["library.unknown_field", "library.missing_field"]
    assert sink.items[0].help == ("the allowed fields are: a, b, c",)
    assert F.keys(node.get("m"), "m", ["a"], ["z"]) and len(sink.items) == 2


def test_keys_decided_on_sets_report_as_the_full_check():
    """Tuples take the quick way (sets made once) when every key is allowed and every
    required one there; otherwise the report is the one lists of the same keys give."""
    for text in ("m: {a: 1, z: 2}\n", "m: {a: 1, q: 2}\n", "m: {z: 2}\n", "m: {}\n",
                 "m: {a: 1, b: 2, z: 3}\n"):
        node, _ = read_yaml(text, "f.yaml")
        reports = []
        for required, optional in ((("a",), ("z", "b")), (["a"], ["z", "b"])):
            for ignore in (False, True):
                sink = Sink()
                held = Fields(sink, "f.yaml").keys(node.get("m"), "m", required, optional,
                                                   ignore_unknown=ignore)
                reports.append((held, [(d.code, d.message, d.help) for d in sink.items]))
        assert reports[:2] == reports[2:], text


def test_a_zero_keeps_its_sign():
    import math
    value, diags = vector("[-0.0, 0, -0]")
    assert value == (0.0, 0.0, 0.0) and not diags
    assert [math.copysign(1, c) for c in value] == [-1, 1, 1]
    node, _ = read_yaml("v: -0.0\n", "f.yaml")
    assert math.copysign(1, Fields(Sink(), "f.yaml").number(node.get("v"), "v")) == -1

"""The loader's fast reader gives exactly the tree and diagnostics of yamlio.read_yaml."""
from __future__ import annotations

import json
import os

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobiledsl.library.fastyaml import read_yaml_fast
from mobiledsl import yamlio
from mobiledsl.yamlio import read_yaml
from tests.library.examples import EXAMPLES
from tests.library.test_fuzz import JSON, TEXT

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "200")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def dump(node):
    if node is None:
        return None
    base = (node.kind, node.span, node.raw, tuple(node.key_spans.items()))
    if node.kind == "map":
        return base + (tuple((k, dump(v)) for k, v in node.value.items()),)
    if node.kind == "seq":
        return base + (tuple(dump(v) for v in node.value),)
    return base + (node.value, type(node.value))


def same(source, file="f.yaml"):
    try:
        expected = read_yaml(source, file)
    except ValueError:      # yamlio's own limit on int() digits; the fast reader reports it
        node, diags = read_yaml_fast(source, file)
        assert node is None and [d.code for d in diags] == ["library.yaml_syntax"]
        return
    got = read_yaml_fast(source, file)
    assert dump(got[0]) == dump(expected[0])
    assert got[1] == expected[1]


def test_the_examples():
    for text in EXAMPLES.values():
        same(text)
        same(text.encode("utf-8"))
        same("\ufeff" + text)


def test_what_the_fast_path_leaves_to_read_yaml():
    for text in ["a: &x [1, 2]\nb: *x\n", "a: &x [1, *x]\n", "a: 1\na: 2\n", "1: 2\n",
                 "? [a]\n: 1\n", "<<: {a: 1}\n", "a: !!str 1\n", "---\na: 1\n---\nb: 2\n",
                 "", "# only a comment\n", "[" * 70 + "]" * 70, "a: [1, 2\n", b"\xff\xfe",
                 "a: 'x'\nb: \"y\"\nc: |\n  z\nd: >\n  w\n", "a: {b: {c: [null, ~, true]}}\n",
                 "x: " + "1" * 5000 + "\n", "a:\n  - b\n  -\n  - c: d\n"]:
        same(text)


def test_a_plain_file_of_many_values_is_read(monkeypatch):
    # The 200,000 bound is on what aliases expand a file to, not on a file as written: a
    # hull of 60,000 corners (240,001 values) is read, by both readers alike. The bound is
    # lowered here to keep the test quick.
    monkeypatch.setattr(yamlio, "MAX_VALUES", 1_000)
    text = "vertices: [" + ", ".join(["[0, 0, 0]"] * 600) + "]\n"
    node, diags = read_yaml(text, "f.yaml")
    assert node is not None and diags == [] and len(node.get("vertices").value) == 600
    same(text)
    aliased = "a: &a [1, 2, 3]\nb: [" + ", ".join(["*a"] * 300) + "]\n"
    assert [d.code for d in read_yaml(aliased, "f.yaml")[1]] == ["library.yaml_syntax"]
    same(aliased)


def test_aliases_that_expand_past_the_bound_are_refused():
    text = ("a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1]\n"
            "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
            "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n"
            "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n"
            "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d]\n"
            "f: [*e, *e]\n")
    node, diags = read_yaml(text, "f.yaml")
    assert node is None and [d.code for d in diags] == ["library.yaml_syntax"]
    assert "aliases expand" in diags[0].message
    same(text)
    # the same aliases within the bound are copies of what their anchors name
    node, diags = read_yaml(text.replace("f: [*e, *e]\n", ""), "f.yaml")
    assert node is not None and diags == []


@SETTINGS
@given(source=st.one_of(TEXT, st.binary(max_size=200)))
def test_any_text(source):
    same(source)


@SETTINGS
@given(value=JSON, indent=st.sampled_from([None, 1, 2]))
def test_any_json(value, indent):
    same(json.dumps(value, indent=indent))

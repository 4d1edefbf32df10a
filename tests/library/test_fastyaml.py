"""The loader's fast reader gives exactly the tree and diagnostics of yamlio.read_yaml."""
from __future__ import annotations

import pytest
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


def test_a_file_of_many_values_is_read_up_to_the_bound(monkeypatch):
    # The bound holds for a file as written (counted while it is read, keys included) and
    # for what aliases expand it to. It is lowered here to keep the test quick.
    monkeypatch.setattr(yamlio, "MAX_VALUES", 1_000)
    at_bound = "vertices: [" + ", ".join(["[0, 0, 0]"] * 249) + ", 1]\n"   # 1,000 values
    node, diags = read_yaml(at_bound, "f.yaml")
    assert node is not None and diags == [] and len(node.get("vertices").value) == 250
    same(at_bound)
    past = at_bound.replace(", 1]", ", 1, 1]")
    node, diags = read_yaml(past, "f.yaml")
    assert node is None and [d.code for d in diags] == ["library.yaml_syntax"]
    assert "more than 1,000 values" in diags[0].message
    assert diags[0].span.line == 1 and diags[0].span.column == len(past) - 2
    same(past)
    aliased = "a: &a [1, 2, 3]\nb: [" + ", ".join(["*a"] * 300) + "]\n"
    assert [d.code for d in read_yaml(aliased, "f.yaml")[1]] == ["library.yaml_syntax"]
    same(aliased)


def test_nesting_is_bounded_while_reading():
    at_bound = "a: " + "[" * 63 + "]" * 63 + "\n"         # the mapping and 63 lists
    assert read_yaml(at_bound, "f.yaml")[1] == []
    same(at_bound)
    for deep in ("a: " + "[" * 64 + "]" * 64 + "\n", "[" * 30_000 + "]" * 30_000,
                 "- " * 30_000 + "x\n", "{a: " * 30_000 + "1" + "}" * 30_000,
                 "a: &x " + "[" * 30_000 + "\n"):          # unclosed, and an anchor first
        node, diags = read_yaml(deep, "f.yaml")
        assert node is None and [d.code for d in diags] == ["library.yaml_syntax"]
        assert "nested more than 64 levels" in diags[0].message
        same(deep)


def test_an_error_at_the_end_of_a_file_without_a_final_newline_is_on_its_last_line():
    for text, line, column in [("a: [1, 2", 1, 9), ("a: b\nc: [1,\n  2", 3, 4),
                               ("a: [1, 2\n", 2, 1)]:
        node, diags = read_yaml(text, "f.yaml")
        ends = [diags[0].span] + [l.span for l in diags[0].labels]
        assert max(s.line for s in ends) == line, text
        assert ends[-1].column == column
        same(text)


@pytest.mark.slow
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


@pytest.mark.slow
@SETTINGS
@given(source=st.one_of(TEXT, st.binary(max_size=200)))
def test_any_text(source):
    same(source)


@pytest.mark.slow
@SETTINGS
@given(value=JSON, indent=st.sampled_from([None, 1, 2]))
def test_any_json(value, indent):
    same(json.dumps(value, indent=indent))


def test_every_yaml_file_of_the_repository():
    """Both readers agree on every library declaration the repository ships (the demo
    libraries, their walkers and objects, the tests' own files)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    files = [os.path.join(folder, name)
             for top in ("libraries", "tests")
             for folder, _dirs, names in os.walk(os.path.join(root, top))
             for name in names if name.endswith((".yaml", ".yml"))]
    assert len(files) >= 30
    for path in files:
        with open(path, "rb") as fh:
            same(fh.read(), path)

"""The one YAML reader: libyaml's events to the tree with every value's place.

Property tests compare it with ruamel.yaml's safe composer (tests/yaml_reference.py) on
documents generated as a component.yaml is written and on any text; the contract
(tests/library/test_yaml_contract.py) pins what it gives for a fixed corpus. The tests here
pin what neither does: the limits at their bounds, aliases, what libyaml 0.2.5 reads that
the older libyaml of ruamel.yaml refused, and that a bug of the reader is an exception, not
a quiet fallback.
"""
from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobiledsl import yamlio, yamlread
from mobiledsl.yamlio import YNode, read_yaml
from tests.library.examples import EXAMPLES
from tests.yaml_reference import Beyond, Refused, reference_read

REPO = Path(__file__).resolve().parents[1]
SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "400")), deadline=None,
                    derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def dump(node):
    """A tree as plain data: kinds, values and their types, raw numbers, every place."""
    if node is None:
        return None
    base = (node.kind, node.span, node.raw, tuple(node.key_spans.items()))
    if node.kind == "map":
        return base + (tuple((k, dump(v)) for k, v in node.value.items()),)
    if node.kind == "seq":
        return base + (tuple(dump(v) for v in node.value),)
    return base + (node.value, type(node.value))


def agree(text, file="f.yaml"):
    """The reader gives ruamel.yaml's tree and diagnostics wherever ruamel.yaml reads the
    text; where it refuses, so does the reader, or the text holds what libyaml 0.2.5 reads
    and the older one refused (a ':', '?' or tag inside [ ] or { })."""
    got = read_yaml(text, file)
    try:
        expected = reference_read(text, file)
    except Beyond:
        return
    except Refused:
        if got[0] is not None:
            assert any(c in text for c in ":?!"), text
        return
    assert dump(got[0]) == dump(expected[0]), text
    assert got[1] == expected[1], text


# -- documents written as a component.yaml is --------------------------------------------

NAMES = st.sampled_from(["a", "b", "mass", "xyz", "origin_xyz", "_x", "a.b", "a-b", "K9",
                         "type", "file", "z" * 30])
PLAIN = st.sampled_from(["0", "1", "-1", "0.5", "-0.25", "1e-5", "2.5E+3", "-0", "007", "1.",
                         ".5", "0x10", "1_000", "null", "~", "true", "false", "True", "yes",
                         "continuous", "assets/model.glb", "solid box at the stated mass",
                         "part#3", "a-b", "-x", "é😀 ünï", "1" * 25, "x" * 80, "Nan",
                         "1.2.3", "a,b", "[x]", "''", "'it''s'", '"a: b"', '"tab\\t"'])
SPOILERS = st.sampled_from(["\t", "\r", "\ufeff", "---\n", "&a ", "*a", "!!str ", "? ", "|\n",
                            "%YAML 1.1\n", "\u2028", "\x85", "...\n", "- ", ": ", "#", "'",
                            '"', "[", "}", ",", "\\", "\n "])


def trees():
    return st.recursive(
        PLAIN, lambda inner: st.one_of(
            st.lists(inner, max_size=4).map(lambda x: ("seq", x)),
            st.dictionaries(NAMES, inner, max_size=4).map(lambda x: ("map", list(x.items())))),
        max_leaves=12)


@st.composite
def documents(draw):
    """A mapping of trees written in block style, its collections now and then in flow
    style (on one line or over several), with comments and blank lines."""
    root = draw(st.dictionaries(NAMES, trees(), min_size=1, max_size=5))
    step = draw(st.sampled_from([1, 2, 4]))
    comment = st.sampled_from(["", "", " # note", "  #: x"])
    lines: list[str] = []

    def flow(node, wrap):
        if isinstance(node, str):
            return node
        kind, items = node
        sep = ",\n    " if wrap else ", "
        if kind == "seq":
            return "[" + sep.join(flow(v, wrap) for v in items) + "]"
        return "{" + sep.join(f"{k}: {flow(v, wrap)}" for k, v in items) + "}"

    def block(items, indent, is_map):
        pad = " " * indent
        for item in items:
            key, value = item if is_map else (None, item)
            lead = pad + (f"{key}:" if is_map else "-")
            if isinstance(value, str) or not value[1] or draw(st.integers(0, 3)) == 0:
                lines.append(f"{lead} {flow(value, draw(st.booleans()))}" + draw(comment))
            else:
                lines.append(lead + draw(comment))
                if draw(st.integers(0, 4)) == 0:
                    lines.append(draw(st.sampled_from(["", "# between"])))
                deeper = 0 if is_map and value[0] == "seq" and draw(st.booleans()) else step
                block(value[1], indent + deeper, value[0] == "map")

    block(list(root.items()), 0, True)
    return "\n".join(lines) + draw(st.sampled_from(["\n", "", "\n\n", "\n# end"]))


@SETTINGS
@given(text=documents())
def test_a_document_reads_as_ruamel_reads_it(text):
    agree(text)
    agree(text.replace("\n", "\r\n"))


@SETTINGS
@given(text=documents(), spoiler=SPOILERS, where=st.floats(0, 1))
def test_a_spoiled_document_reads_as_ruamel_reads_it(text, spoiler, where):
    at = int(where * len(text))
    agree(text[:at] + spoiler + text[at:])


@SETTINGS
@given(source=st.one_of(st.text(max_size=200), st.binary(max_size=100)))
def test_any_text_gives_a_tree_or_diagnostics(source):
    node, diagnostics = read_yaml(source, "f.yaml")
    assert (node is None) == any(d.code == "library.yaml_syntax" for d in diagnostics)
    for d in diagnostics:
        assert d.span is not None and d.span.file == "f.yaml"
    if isinstance(source, str):
        agree(source)


def test_every_yaml_file_of_the_repository_reads_as_ruamel_reads_it():
    files = [p for top in ("libraries", "tests", "programs")
             for p in sorted((REPO / top).rglob("*.y*ml")) if p.is_file()]
    assert len(files) >= 30
    for path in files:
        text = path.read_bytes()
        node, _ = read_yaml(text, str(path))
        agree(text.decode("utf-8"), str(path))


def test_every_example_reads_as_ruamel_reads_it():
    for text in EXAMPLES.values():
        agree(text)
        agree("\ufeff" + text)
        assert dump(read_yaml(text.encode("utf-8"), "f.yaml")[0]) == \
            dump(read_yaml(text, "f.yaml")[0])


# -- what the reader fills in, and what it never does ------------------------------------

def test_a_node_the_reader_fills_in_equals_one_the_record_makes():
    assert [f.name for f in dataclasses.fields(YNode)] == \
        ["kind", "value", "span", "raw", "key_spans"]
    node, _ = read_yaml("a: [1, x]\n", "f.yaml")
    made = YNode("map", {"a": YNode("seq", (
        YNode("number", 1, yamlio.Span("f.yaml", 1, 5, 1, 5), raw="1"),
        YNode("str", "x", yamlio.Span("f.yaml", 1, 8, 1, 8))),
        yamlio.Span("f.yaml", 1, 4, 1, 9))}, yamlio.Span("f.yaml", 1, 1, 1, None),
        key_spans={"a": yamlio.Span("f.yaml", 1, 1, 1, 1)})
    assert dump(node) == dump(made)
    assert repr(node) == repr(made)


def test_a_bug_of_the_reader_is_raised_not_read_another_way(monkeypatch):
    def broken(text):
        raise RuntimeError("a bug")
    monkeypatch.setattr(yamlread, "plain_value", broken)
    monkeypatch.setattr(yamlread, "_RESOLVED", {})
    with pytest.raises(RuntimeError, match="a bug"):
        read_yaml("a: 1\n", "f.yaml")


def test_a_syntax_error_is_a_diagnostic_at_its_place():
    node, diags = read_yaml("a: 1\nb: [1, 2\nc: 3\n", "f.yaml")
    assert node is None and [d.code for d in diags] == ["library.yaml_syntax"]
    assert (diags[0].span.line, diags[0].span.column) == (2, 4)       # where [ opens
    assert diags[0].labels[0].span.line == 3


def test_what_the_reader_keeps_changes_no_result():
    text = "a: [1, {b: 2}]\nc: 0.5\nd: [1, {b: 2}]\n"
    first = dump(read_yaml(text, "f.yaml")[0])
    assert dump(read_yaml(text, "f.yaml")[0]) == first
    yamlread.forget()
    assert not yamlread._RESOLVED and not yamlread._NAMES
    assert dump(read_yaml(text, "f.yaml")[0]) == first


# -- what libyaml 0.2.5 reads that the libyaml of ruamel.yaml (0.1.7) refused ------------

@pytest.mark.parametrize("text, value", [
    ("a: [b:c, d]\n", ["b:c", "d"]),
    ("a: [http://x.y/z]\n", ["http://x.y/z"]),
    ("a: [12:30:00]\n", ["12:30:00"]),
    ("a: [b?c]\n", ["b?c"]),
    ("a: {url: http://x}\n", {"url": "http://x"}),
])
def test_a_colon_or_question_mark_inside_a_flow_scalar_is_text(text, value):
    node, diags = read_yaml(text, "f.yaml")
    assert diags == [] and node.plain() == {"a": value}


def test_a_control_character_after_wide_ones_is_placed_at_its_character():
    # libyaml gives the offset of the character in the UTF-8 bytes; the place counts
    # characters (the older reading took the byte offset for one and fell back to 1:1)
    node, diags = read_yaml("é: é\x01\n", "f.yaml")
    s = diags[0].span
    assert node is None and (s.line, s.column, s.end_line, s.end_column) == (1, 5, 1, 5)
    node, diags = read_yaml("a: ok\nb: 😀😀\x02\n", "f.yaml")
    assert (diags[0].span.line, diags[0].span.column) == (2, 6)


def test_a_lone_surrogate_is_a_diagnostic():
    node, diags = read_yaml("a: 1\nb: x\ud800\n", "f.yaml")
    assert node is None and [d.code for d in diags] == ["library.yaml_syntax"]
    assert (diags[0].span.line, diags[0].span.column) == (2, 5)


# -- the limits, at their bounds ---------------------------------------------------------

def test_a_file_of_many_values_is_read_up_to_the_bound(monkeypatch):
    # the bound holds for a file as written (keys included) and for what aliases expand it
    monkeypatch.setattr(yamlio, "MAX_VALUES", 1_000)
    at_bound = "vertices: [" + ", ".join(["[0, 0, 0]"] * 249) + ", 1]\n"   # 1,000 values
    node, diags = read_yaml(at_bound, "f.yaml")
    assert diags == [] and len(node.get("vertices").value) == 250
    past = at_bound.replace(", 1]", ", 1, 1]")
    node, diags = read_yaml(past, "f.yaml")
    assert node is None and "more than 1,000 values" in diags[0].message
    assert diags[0].span.line == 1 and diags[0].span.column == len(past) - 2


def test_aliases_are_bounded_by_what_they_expand_to(monkeypatch):
    monkeypatch.setattr(yamlio, "MAX_VALUES", 100)
    # a: 1 key + 1 list + 9 numbers = 11; b's list: 1 key + 1 + 9 aliases of 10 each = 92;
    # the root: 1 + 11 + 92 = 104
    text = "a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1]\nb: [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    node, diags = read_yaml(text, "f.yaml")
    assert node is None and "aliases expand this value to more than 100" in diags[0].message
    assert (diags[0].span.line, diags[0].span.column) == (1, 1)       # the root
    within = text.replace("*a, *a, *a]", "*a]")                        # 84
    node, diags = read_yaml(within, "f.yaml")
    assert diags == [] and node.plain()["b"] == [[1] * 9] * 7
    # an alias is its anchor's node, placed where the anchor's value is written
    assert node.get("b").value[3] is node.get("a")
    assert node.get("b").value[3].span.line == 1


def test_aliases_are_bounded_by_the_depth_they_nest_to(monkeypatch):
    monkeypatch.setattr(yamlio, "MAX_DEPTH", 6)
    deep = "a: &a [[[1]]]\nb: [[*a]]\n"               # root, b's two lists, a's three: 6
    assert read_yaml(deep, "f.yaml")[1] == []
    # 7 from the root, 6 from b's outermost list: the root is the value nested too deep
    deeper = "a: &a [[[1]]]\nb: [[[*a]]]\n"
    node, diags = read_yaml(deeper, "f.yaml")
    assert node is None and "nested more than 6 levels" in diags[0].message
    assert (diags[0].span.line, diags[0].span.column) == (1, 1)
    # within b's lists: the innermost value nested past the bound is the one named
    node, diags = read_yaml("a: &a [[[1]]]\nb: [[[[[*a]]]]]\n", "f.yaml")
    assert (diags[0].span.line, diags[0].span.column, diags[0].span.end_column) == (2, 5, 14)


def test_a_limit_crossed_before_a_syntax_error_wins_and_one_after_does_not(monkeypatch):
    monkeypatch.setattr(yamlio, "MAX_DEPTH", 3)
    before = read_yaml("a: [[[[1]]]]\nb: [\n", "f.yaml")[1]
    assert "nested more than 3" in before[0].message
    after = read_yaml("a: b: c\nd: [[[[1]]]]\n", "f.yaml")[1]
    assert "not valid YAML" in after[0].message


def test_an_alias_keeps_the_diagnostics_of_what_it_names():
    node, diags = read_yaml("a: &m {1: 2, b: 3}\nc: *m\n", "f.yaml")
    assert [d.code for d in diags] == ["library.invalid_key"] * 2
    assert node.plain() == {"a": {"b": 3}, "c": {"b": 3}}


def test_a_refused_key_drops_what_its_value_says():
    node, diags = read_yaml("1: {2: 3}\na: 1\na: {4: 5}\n? {6: 7}\n: {8: 9}\n", "f.yaml")
    assert [(d.code, d.span.line) for d in diags] == \
        [("library.invalid_key", 1), ("library.duplicate_key", 3), ("library.invalid_key", 4)]
    assert node.plain() == {"a": 1}


def test_the_second_document_is_refused_at_its_start():
    node, diags = read_yaml("a: 1\n---\nb: [\n", "f.yaml")
    assert node is None and "single document" in diags[0].message
    assert diags[0].labels[0].span.line == 2


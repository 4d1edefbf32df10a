"""A YAML file's places are the same lines and columns whatever ends its lines (\\n, \\r\\n,
\\r alone, or a mix), in every reader, and the renderer quotes the line a place names."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from mobiledsl.render.human import render_human
from mobiledsl.yamlio import read_yaml
from tests.yaml_reference import reference_read
from tests.endings import ENDINGS, ended, where

from .examples import LIDAR, load_text, mutate


def places(node, path=""):
    """Every value's and key's place in a tree, by its path."""
    out = {path: node.span}
    if node.is_map:
        for key, value in node.items():
            out[f"{path}/{key}@key"] = node.key_spans[key]
            out.update(places(value, f"{path}/{key}"))
    elif node.is_seq:
        for i, value in enumerate(node.value):
            out.update(places(value, f"{path}/{i}"))
    return out


BROKEN = "a: 1\nb: {x: 1}\nc: [1, 2\nd: 3\n"        # the flow list is never closed


@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
def test_a_yaml_error_is_at_the_same_line_and_column_in_every_ending(ending):
    text = ended(BROKEN, ending)
    _, expected = read_yaml(BROKEN, "f.yaml")
    assert expected and expected[0].span.line == 3   # where the list opens
    node, diagnostics = read_yaml(text, "f.yaml")
    assert node is None
    assert [where(d) for d in diagnostics] == [where(d) for d in expected]
    assert [l.span for l in diagnostics[0].labels] == [l.span for l in expected[0].labels]
    shown = render_human(diagnostics, {"f.yaml": text}, summary=False)
    assert "3 | c: [1, 2\n" in shown


@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
def test_a_file_without_a_last_break_keeps_the_place_of_its_error(ending):
    text = ended("a: 1\nb: [1, 2", ending)
    (_, diagnostics) = read_yaml(text, "f.yaml")
    (_, expected) = read_yaml("a: 1\nb: [1, 2", "f.yaml")
    assert [where(d) for d in diagnostics] == [where(d) for d in expected]
    assert diagnostics[0].span.line == 2


@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
def test_a_byte_that_is_not_utf8_is_placed_by_the_line_breaks(ending):
    text = ended("a: 1\nb: é", ending).encode("utf-8") + b"\xff\n"
    _, diagnostics = read_yaml(text, "f.yaml")
    assert [where(d) for d in diagnostics] == [("library.yaml_syntax", 2, 5, 2, 5)]


@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
def test_every_reader_places_every_value_as_in_the_newline_file(ending):
    plain, _ = read_yaml(LIDAR, "f.yaml")
    expected = places(plain)
    text = ended(LIDAR, ending)
    for read in (read_yaml, reference_read):
        node, diagnostics = read(text, "f.yaml")
        assert diagnostics == []
        assert places(node) == expected, read.__name__


@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
def test_a_part_error_is_quoted_on_its_own_line(tmp_path, ending):
    text = ended(mutate(LIDAR, "mass: 0.0824982", "mass: -1"), ending)
    _, diagnostics = load_text(tmp_path, text)
    _, expected = load_text(tmp_path / "lf", mutate(LIDAR, "mass: 0.0824982", "mass: -1"))
    assert [where(d) for d in diagnostics] == [where(d) for d in expected] != []
    file = diagnostics[0].span.file
    shown = render_human(diagnostics[:1], {file: text}, summary=False)
    assert f"{diagnostics[0].span.line} |   mass: -1\n" in shown


@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
def test_a_control_character_is_placed_where_it_stands(ending):
    text = ended("a: 1\nb: x\x1by\n", ending)
    _, diagnostics = read_yaml(text, "f.yaml")
    assert [where(d) for d in diagnostics] == [("library.yaml_syntax", 2, 5, 2, 5)]


@pytest.mark.parametrize("ending", list(ENDINGS.values()) + ["\u2028"],
                         ids=list(ENDINGS) + ["ls"])
def test_a_library_s_name_is_placed_on_the_line_the_readers_count(tmp_path, ending):
    from mobiledsl.resolve.catalog import _name_span
    text = ended("# the shop's parts\n\nname: shop\nparts: []\n", ending)
    (tmp_path / "library.yaml").write_bytes(text.encode("utf-8"))
    node, _ = read_yaml(text, "library.yaml")
    span = _name_span(SimpleNamespace(root=tmp_path))
    assert (span.line, span.column, span.end_column) == (node.key_spans["name"].line, 1, 10)

"""A part's span table is made when first read, from places the reader left unmade, and is
the table the reader's tree gives: the same path to the same place for every value and key
of every declaration, and those places are ruamel.yaml's (tests/yaml_reference.py)."""
from __future__ import annotations

from pathlib import Path

import pytest

from mobiledsl.diagnostics import Span
from mobiledsl.library.loader import load_library
from mobiledsl.library.model import Part
from mobiledsl.library.spantable import SpanTable, collect_spans
from mobiledsl.records import from_json, to_json
from mobiledsl.yamlio import read_yaml
from tests.yaml_reference import reference_read

REPO = Path(__file__).resolve().parents[2]
LIBRARIES = sorted(p.parent for p in (REPO / "libraries").glob("*/library.yaml"))


def key_places(node, path=""):
    """Every key's span of a tree, by the path of its mapping and the key."""
    out = {}
    if node.kind == "map":
        for key, child in node.value.items():
            out[(path, key)] = node.key_spans[key]
            out.update(key_places(child, f"{path}.{key}"))
    elif node.kind == "seq":
        for i, child in enumerate(node.value):
            out.update(key_places(child, f"{path}[{i}]"))
    return out


@pytest.mark.parametrize("root", LIBRARIES, ids=lambda p: p.name)
def test_every_part_points_where_its_tree_does(root):
    library, _ = load_library(root)
    assert library.parts
    for part in library.parts.values():
        text = Path(part.file).read_text()
        tree, _ = read_yaml(text, part.file)
        assert isinstance(part.spans, SpanTable)
        assert dict(part.spans) == collect_spans(tree), part.id
        assert all(type(span) is Span for span in part.spans.values())


def test_the_readers_unmade_places_become_ruamels_spans():
    for file in sorted((REPO / "libraries").glob("*/parts/*/component.yaml")):
        text = file.read_text()
        node, _ = read_yaml(text, str(file))
        expected, _ = reference_read(text, str(file))
        assert collect_spans(node) == collect_spans(expected), file
        assert key_places(node) == key_places(expected), file


def test_a_table_is_the_mapping_it_stands_for():
    text = "a: 1\nb: [2, {c: x}]\n"
    table = SpanTable(read_yaml(text, "f.yaml")[0])
    eager = collect_spans(read_yaml(text, "f.yaml")[0])
    assert table == eager and eager == table
    assert list(table) == ["", "a", "b", "b[0]", "b[1]", "b[1].c"]
    assert len(table) == 6 and "b[1].c" in table and "b[2]" not in table
    assert table["b[1].c"] == Span("f.yaml", 2, 12, 2, 12)     # the x
    assert table.get("nowhere") is None and table.get("nowhere", 0) == 0
    assert repr(table) == repr(eager)
    assert table._node is None                  # the tree goes once the table is made


def test_a_part_with_its_table_travels_as_json():
    library, _ = load_library(REPO / "libraries" / "demo_parts")
    part = library.parts["standard_80"]
    again = from_json(Part, to_json(part))
    assert again == part and part == again
    assert again.spans == dict(part.spans)


def test_a_value_asked_for_its_place_gets_one_span():
    node, _ = read_yaml("a: [1, 2]\nb: {c: 3}\n", "f.yaml")
    first = node.value["a"].value[0].span
    assert first is node.value["a"].value[0].span       # made once, then kept
    assert node.value["a"].value[0].key_spans == {}
    assert node.value["b"].key_spans == {"c": Span("f.yaml", 2, 5, 2, 5)}
    with pytest.raises(AttributeError):
        node.value["a"].nothing

"""The schema's tables make the field tables of docs/library-format.md and the keys an editor
offers; the committed page is as the tables make it."""
from __future__ import annotations

import pytest

from mobiledsl.library import schema_docs
from mobiledsl.library.parts import JOINT_TYPES
from mobiledsl.library.schema import Field
from mobiledsl.library.shapes import LINK_SHAPES


def test_the_page_holds_the_tables_as_the_schema_makes_them():
    text = schema_docs.DOC.read_text(encoding="utf-8")
    assert schema_docs.rewrite(text) == text, \
        "run python -m mobiledsl.library.schema_docs to write the tables into the page"


def test_the_check_says_when_the_page_differs(tmp_path, capsys):
    page = tmp_path / "page.md"
    text = schema_docs.DOC.read_text(encoding="utf-8")
    page.write_text(text.replace("| `radius` | positive number | m | yes | the rolling radius |",
                                 "| `radius` | number | m | yes | the rolling radius |"),
                    encoding="utf-8")
    assert schema_docs.main(["--check", str(page)]) == 1
    assert schema_docs.main([str(page)]) == 0
    assert page.read_text(encoding="utf-8") == text
    assert schema_docs.main(["--check", str(page)]) == 0


def test_a_page_without_the_markers_is_refused():
    with pytest.raises(ValueError, match="schema:kind-blocks"):
        schema_docs.rewrite("# a page\n")


def test_the_keys_of_a_wheel():
    keys = schema_docs.schema_keys("wheel")
    top = keys[""]
    assert list(top)[:4] == ["schema_version", "id", "category", "description"]
    assert top["category"] == schema_docs.CATEGORIES
    assert "wheel" in top and "collision" not in top and "motor" in top
    assert keys["wheel"] == {"radius": (), "width": ()}
    assert keys["connectors.*.joint"] == {"type": JOINT_TYPES, "axis": ()}
    assert "steering" not in keys["connectors.*"] and "connectors.*.steering" not in keys
    assert keys["inertial"]["source"] == ("measured", "datasheet", "cad_measured",
                                          "estimated", "placeholder")
    assert set(keys["inertial.inertia"]) == {"ixx", "ixy", "ixz", "iyy", "iyz", "izz"}
    assert "contacts[]" in keys and "profiles.*" in keys


def test_the_keys_of_a_chassis_a_track_an_object_and_an_environment():
    chassis = schema_docs.schema_keys("chassis")
    assert "wheel" not in chassis[""] and "collision" in chassis[""]
    assert {"steering", "driveline", "joint"} <= set(chassis["connectors.*"])
    assert chassis["connectors.*.driveline"] == {"turns": (), "reduction": ()}
    assert chassis["collision"]["type"] == ("box", "hull")
    track = schema_docs.schema_keys("track")
    assert "joint" not in track["connectors.*"]
    obj = schema_docs.schema_keys("object")
    assert set(obj) == {"", "visual", "provenance", "collision[]"}
    assert obj["collision[]"]["type"] == LINK_SHAPES
    env = schema_docs.schema_keys("environment")
    assert set(env) == {"", "provenance", "entities.*"}
    assert env["entities.*"]["type"] == ("box", "sphere", "cylinder")
    with pytest.raises(ValueError, match="no category"):
        schema_docs.schema_keys("spaceship")


def test_a_field_says_its_kind_and_bound_plainly():
    with pytest.raises(ValueError, match="no kind"):
        Field("x", "float")
    with pytest.raises(ValueError, match="no bound"):
        Field("x", "number", bound="negative")
    with pytest.raises(ValueError, match="table"):
        Field("x", "block")
    with pytest.raises(ValueError, match="check"):
        Field("x", "custom")


def test_the_loader_lists_the_fields_the_part_table_holds():
    from mobiledsl.library.parts import PART, PART_FIELDS
    assert sorted(PART_FIELDS) == sorted(f.name for f in PART.fields)
    assert PART.required == ("visual", "inertial", "connectors", "profiles")

"""Objects a world places and environments a scenario takes."""
from __future__ import annotations

import pytest

from mobiledsl.diagnostics import Severity
from mobiledsl.library.model import EnvEntity, Shape
from tests.library.examples import RAMP, ROOM, line_of, load_text, mutate

WORK_TABLE = """\
schema_version: 1
id: work_table
category: object
description: A steel work table 0.88 m by 1.56 m whose top is 0.96 m high.
visual: {file: assets/model.glb, xyz: [0, 0, 0], rpy: [0, 0, 0]}
collision:
- {type: box, size: [0.88, 1.56, 0.07], origin_xyz: [0, 0, 0.932], rpy: [0, 0, 0]}
- {type: box, size: [0.09, 0.045, 0.9], origin_xyz: [0.327, 0.638, 0.45], rpy: [0, 0, 0]}
- {type: cylinder, size: [0.1, 0.1, 0.9], origin_xyz: [-0.327, 0.638, 0.45], rpy: [0, 0, 0]}
- {type: sphere, size: [0.1, 0.1, 0.1], origin_xyz: [-0.327, -0.638, 0.45], rpy: [0, 0, 0]}
provenance: {name: Warehouse desk C, manufacturer: 'Amazon.com, Inc. or its affiliates', source_url: 'https://example.org/desk', license: MIT-0}
"""

FLOOR_DISC = """\
schema_version: 1
id: floor_disc
category: object
description: A mark painted on the floor.
visual: {file: assets/model.glb, xyz: [0, 0, 0], rpy: [0, 0, 0]}
"""


def test_objects_load_with_their_shapes(tmp_path):
    part, diags = load_text(tmp_path, WORK_TABLE)
    assert diags == [] and part.category == "object"
    assert [s.type for s in part.collision] == ["box", "box", "cylinder", "sphere"]
    assert part.collision[0] == Shape("box", (0.88, 1.56, 0.07), (0.0, 0.0, 0.932),
                                      (0.0, 0.0, 0.0))
    assert part.inertial is None and part.connectors == {} and part.profiles == {}
    assert part.provenance["license"] == "MIT-0"
    part, diags = load_text(tmp_path, RAMP)
    assert diags == [] and part.collision[0].rpy == (0.0, -0.174533, 0.0)
    part, diags = load_text(tmp_path, FLOOR_DISC)
    assert diags == [] and part.collision == ()


@pytest.mark.parametrize("field", [
    "inertial: {mass: 1, origin_xyz: [0, 0, 0], source: measured, inertia: {ixx: 1, ixy: 0, "
    "ixz: 0, iyy: 1, iyz: 0, izz: 1}}",
    "connectors: {mount: {pos: [0, 0, 0], dir: [0, 0, 1]}}",
    "profiles: {}",
    "wheel: {radius: 0.04, width: 0.03}",
    "track: {width: 0.03}",
    "range: {min_m: 0, max_m: 1, field_of_view_rad: 0.1, rate_hz: 1}",
    "motor: {rated_voltage_v: 12}",
    "battery: {voltage_nominal_v: 12}",
    "driver: {channels: 1}",
    "contacts: []",
    "links: {}",
    "gait: {}",
    "ground_plane: true",
])
def test_a_parts_field_on_an_object_is_unsupported(tmp_path, field):
    text = FLOOR_DISC + field + "\n"
    part, diags = load_text(tmp_path, text)
    assert part is None
    assert [(d.code, d.span.line, d.severity) for d in diags] == [
        ("library.unsupported", line_of(text, field.split(":")[0] + ":"), Severity.WARNING)]


@pytest.mark.parametrize("old,new,code", [
    ("type: cylinder", "type: capsule", "library.invalid_value"),
    ("type: cylinder", "type: hull", "library.invalid_value"),
    ("size: [0.1, 0.1, 0.9]", "size: [0.1, 0, 0.9]", "library.invalid_value"),
    (", rpy: [0, 0, 0]}\n- {type: sphere", "}\n- {type: sphere", "library.missing_field"),
])
def test_an_objects_shapes(tmp_path, old, new, code):
    text = mutate(WORK_TABLE, old, new)
    part, diags = load_text(tmp_path, text)
    assert part is None and [d.code for d in diags] == [code]
    assert diags[0].span.line == line_of(text, "- {type: cylinder" if "cylinder" in text
                                         else "- {type: capsule" if "capsule" in text
                                         else "- {type: hull")


def test_an_objects_collision_that_is_empty_or_no_list(tmp_path):
    for value in ("[]", "{type: box, size: [1, 1, 1], origin_xyz: [0, 0, 0], rpy: [0, 0, 0]}"):
        part, diags = load_text(tmp_path, FLOOR_DISC + f"collision: {value}\n")
        assert part is None and [d.code for d in diags] == ["library.wrong_type"]


def test_environments_load_their_entities(tmp_path):
    part, diags = load_text(tmp_path, ROOM)
    assert diags == [] and part.category == "environment" and part.ground_plane is True
    assert part.visual is None and part.inertial is None
    wall, table, carton, dock = part.entities
    assert wall == EnvEntity("wall_north", "Obstacle", (2.0, 2.05, 0.25, 0.0, 0.0, 0.0, 1.0),
                             "box", (6.2, 0.1, 0.5), None, None, wall.span)
    assert wall.span.line == line_of(ROOM, "wall_north")
    assert table.ref == "work_table" and table.type is None and table.size is None
    assert carton.pos[5:] == (0.1305262, 0.9914449)
    assert dock.collision is False
    assert part.span("entities.dock.pos").line == line_of(ROOM, "dock:")


@pytest.mark.parametrize("old,new,code,marker", [
    ("id: room_6x4", "id: empty", "library.invalid_value", "id:"),
    ("ground_plane: true\n", "", "library.missing_field", None),
    ("ground_plane: true", "ground_plane: yes", "library.wrong_type", "ground_plane"),
    ("entities:\n", "entities: []\nrest:\n", "library.wrong_type", "entities"),
    ("type: box, size", "ref: crate, type: box, size", "library.invalid_value", "wall_north"),
    ("{entity: Marker, ref: floor_disc, ", "{entity: Marker, ", "library.invalid_value", "dock"),
    ("ref: work_table,", "ref: work_table, size: [1, 1, 1],", "library.unsupported", "table:"),
    ("type: box, size: [6.2, 0.1, 0.5],", "type: box,", "library.missing_field", "wall_north"),
    ("type: box", "type: cone", "library.invalid_value", "wall_north"),
    ("pos: [2, 2.05, 0.25, 0, 0, 0, 1]", "pos: [2, 2.05, 0.25, 0, 0, 0, 2]",
     "library.not_unit_vector", "wall_north"),
    ("pos: [2, 2.05, 0.25, 0, 0, 0, 1]", "pos: [2, 2.05, 0.25]", "library.wrong_type",
     "wall_north"),
    ("collision: false", "collision: 0", "library.wrong_type", "dock"),
    ("  dock:", "  dock-1:", "library.invalid_value", "dock-1"),
    ("{entity: Obstacle, ref: work_table,", "{ref: work_table,", "library.missing_field",
     "table:"),
    ("ground_plane: true", "ground_plane: true\nvisual: {file: assets/model.glb, xyz: [0, 0, "
     "0], rpy: [0, 0, 0]}", "library.unsupported", "visual"),
    ("ground_plane: true", "ground_plane: true\ncollision: []", "library.unsupported",
     "collision"),
    ("ground_plane: true", "ground_plane: true\nconnectors: {}", "library.unsupported",
     "connectors"),
    ("ground_plane: true", "ground_plane: true\ndoors: 2", "library.unknown_field", "doors"),
    ("pos: [2, 2.05, 0.25, 0, 0, 0, 1]", "pos: [2, 2.05, 0.25, 0, 0, 0, 1], is_static: true",
     "library.unknown_field", "wall_north"),
])
def test_environment_rules(tmp_path, old, new, code, marker):
    text = mutate(ROOM, old, new)
    part_id = "empty" if "id: empty" in text else "room_6x4"
    part, diags = load_text(tmp_path, text, part_id=part_id)
    assert part is None
    assert code in [d.code for d in diags], [(d.code, d.message) for d in diags]
    d = next(d for d in diags if d.code == code)
    assert d.span.line == (1 if marker is None else line_of(text, marker)), d.message


def test_environment_near_misses(tmp_path):
    for old, new in [("ground_plane: true", "ground_plane: false"),
                     ("pos: [2, 2.05, 0.25, 0, 0, 0, 1]", "pos: [2, 2.05, 0.25, 0, 0, 0, 1.0009]"),
                     ("id: room_6x4", "id: room_6x4\n"),
                     ]:
        part, diags = load_text(tmp_path, mutate(ROOM, old, new))
        assert part is not None and diags == [], [(d.code, d.message) for d in diags]
    empty_room = ROOM.split("entities:")[0] + "entities: {}\n"
    part, diags = load_text(tmp_path, empty_room)
    assert part is not None and part.entities == () and diags == []
    part, diags = load_text(tmp_path, mutate(ROOM, "id: room_6x4", "id: empty_room"),
                            part_id="empty_room")
    assert part is not None

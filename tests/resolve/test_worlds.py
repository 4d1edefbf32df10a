"""Resolving .world files: settings, environments and their entities, world entities."""
from __future__ import annotations

import pytest

from mobiledsl.diagnostics import Span
from mobiledsl.library.model import EnvEntity, Library
from tests.assembly.fixtures import DIFF_BOT, LIB, codes, demo_library, environment, resolve


def world(body: str, name="storeroom") -> str:
    return f"World {name} {{\n{body}\n}}\n"


def clean_world(body: str, libraries=None):
    resolved, ds = resolve(DIFF_BOT, world(body), libraries=libraries)
    assert resolved is not None, [(d.code, d.message) for d in ds]
    assert ds == []
    return resolved.world


def errors(body: str, libraries=None):
    resolved, ds = resolve(DIFF_BOT, world(body), libraries=libraries)
    assert resolved is None
    return ds


def test_a_world_of_every_setting_and_entity_kind():
    w = clean_world("""\
    environment = "bare_hall"
    ground_plane = true
    start = (0.5, -0.25, 1.57)
    Obstacle crate(type = box, size = (0.4, 0.4, 0.4), pos = (1.0, 0.5, 0.2, 0, 0, 0, 1))
    Obstacle table(ref = "work_table", pos = (2.0, -1.0, 0, 0, 0, 0, 1))
    SupportSurface dais(type = "box", size = (1, 1, 0.05), pos = (0, 2, 0.025, 0, 0, 0, 1))
    Marker station(type = cylinder, size = (0.3, 0.3, 0.002), pos = (3, 1, 0.001, 0, 0, 0, 1))""")
    assert w.name == "storeroom" and w.file == "demo.world"
    assert w.ground_plane and w.start == (0.5, -0.25, 1.57)
    assert w.environment == "demo_parts/bare_hall"
    by = {e.name: e for e in w.entities}
    assert by["crate"].collision and by["crate"].primitive == "box"
    assert by["crate"].shapes[0].size == (0.4, 0.4, 0.4)
    assert by["table"].part == "demo_parts/work_table" and by["table"].primitive is None
    assert by["table"].shapes and by["table"].visual is not None
    assert by["dais"].entity == "SupportSurface" and by["dais"].collision
    assert by["station"].entity == "Marker" and not by["station"].collision
    assert set(w.parts) == {"demo_parts/work_table"}
    assert all(e.origin == "world" for e in w.entities)


def test_an_environment_brings_its_floor_and_entities():
    w = clean_world('    environment = "room_6x4"\n'
                    '    Marker station(type = cylinder, size = (0.3, 0.3, 0.002), '
                    'pos = (3, 1, 0.001, 0, 0, 0, 1))')
    assert w.ground_plane                       # the environment's floor
    names = [e.name for e in w.entities]
    assert names == ["wall_north", "table", "dock", "station"]
    dock = w.entities[2]
    assert dock.origin == "demo_parts/room_6x4" and dock.entity == "Marker"
    assert not dock.collision and dock.part == "demo_parts/floor_disc"
    assert dock.span.file.endswith("room_6x4/component.yaml")


def test_no_world_file_is_a_ground_plane_alone():
    resolved, ds = resolve(DIFF_BOT)
    assert resolved.world.ground_plane and resolved.world.entities == ()
    # a world without an environment or ground_plane has none
    assert not clean_world("").ground_plane
    assert clean_world('    environment = ""').environment is None


def test_a_second_floor():
    ds = errors('    environment = "room_6x4"\n    ground_plane = true')
    assert codes(ds) == ["semantic.ground_plane"]
    assert ds[0].span.line == 3
    assert ds[0].labels[0].span.file.endswith("room_6x4/component.yaml")


def test_an_object_without_collision_cannot_collide():
    ds = errors('    Obstacle disc(ref = "floor_disc", pos = (1, 0, 0, 0, 0, 0, 1))')
    assert codes(ds) == ["semantic.entity_collision"]
    # near misses: as a Marker, or an Obstacle that does not collide
    clean_world('    Marker disc(ref = "floor_disc", pos = (1, 0, 0, 0, 0, 0, 1))')
    w = clean_world('    Obstacle disc(ref = "floor_disc", pos = (1, 0, 0, 0, 0, 0, 1), '
                    'collision = false)')
    assert not w.entities[0].collision


def test_one_namespace_for_world_and_environment():
    ds = errors('    environment = "room_6x4"\n'
                '    Marker dock(type = cylinder, size = (0.3, 0.3, 0.002), '
                'pos = (3, 1, 0.001, 0, 0, 0, 1))')
    (d,) = ds
    assert d.code == "resolve.duplicate_name" and d.span.file == "demo.world"
    assert d.labels[0].span.file.endswith("room_6x4/component.yaml")
    ds = errors('    Marker a(type = box, size = (1, 1, 1), pos = (0, 0, 0, 0, 0, 0, 1))\n'
                '    Marker a(type = box, size = (1, 1, 1), pos = (0, 0, 0, 0, 0, 0, 1))')
    assert codes(ds) == ["resolve.duplicate_name"]
    assert ds[0].span.line == 3 and ds[0].labels[0].span.line == 2


def bad_env_library(*entities) -> list[Library]:
    lib = demo_library()
    env = environment("odd_room", ground_plane=False, entities=entities)
    parts = dict(lib.parts, odd_room=env)
    return [Library(lib.name, lib.root, parts, left_out=lib.left_out)]


def test_environment_entities_are_resolved_when_taken():
    file = f"libraries/{LIB}/parts/odd_room/component.yaml"
    libs = bad_env_library(
        EnvEntity("thing", "Obstacel", (0, 0, 0, 0, 0, 0, 1), type="box", size=(1, 1, 1),
                  span=Span(file, 7, 3, 7, 40)),
        EnvEntity("crate", "Obstacle", (0, 0, 0, 0, 0, 0, 1), ref="no_such_object",
                  span=Span(file, 8, 3, 8, 40)),
        EnvEntity("disc", "Obstacle", (0, 0, 0, 0, 0, 0, 1), ref="floor_disc",
                  span=Span(file, 9, 3, 9, 40)),
        EnvEntity("wheel", "Obstacle", (0, 0, 0, 0, 0, 0, 1), ref="standard_80",
                  span=Span(file, 10, 3, 10, 40)),
    )
    ds = errors('    environment = "odd_room"', libraries=libs)
    assert codes(ds) == ["semantic.unknown_type", "resolve.unknown_part",
                         "semantic.entity_collision", "semantic.part_category"]
    assert [d.span.line for d in ds] == [7, 8, 9, 10]
    assert all(d.span.file == file for d in ds)
    assert ds[0].help[0] == "did you mean 'Obstacle'?"
    assert all(d.labels and d.labels[0].span.file == "demo.world" for d in ds)


def test_the_environment_must_be_an_environment():
    ds = errors('    environment = "work_table"')
    assert codes(ds) == ["semantic.part_category"]
    ds = errors('    environment = "room_7x4"')
    assert codes(ds) == ["resolve.unknown_part"]
    assert ds[0].help[0] == 'did you mean "room_6x4"?'


@pytest.mark.parametrize("line,code", [
    ("    Obstacle a(type = box, size = (1, 1, 1), pos = (0, 0, 0, 0, 0, 0, 2))",
     "semantic.argument_value"),
    ("    Obstacle a(type = box, size = (1, 0, 1), pos = (0, 0, 0, 0, 0, 0, 1))",
     "semantic.argument_value"),
    ("    Obstacle a(type = box, size = (1, 1), pos = (0, 0, 0, 0, 0, 0, 1))",
     "semantic.argument_value"),
    ("    Obstacle a(type = cone, size = (1, 1, 1), pos = (0, 0, 0, 0, 0, 0, 1))",
     "semantic.argument_value"),
    ('    Obstacle a(type = box, ref = "work_table", pos = (0, 0, 0, 0, 0, 0, 1))',
     "semantic.argument_value"),
    ("    Obstacle a(pos = (0, 0, 0, 0, 0, 0, 1))", "semantic.missing_argument"),
    ("    Obstacle a(type = box, pos = (0, 0, 0, 0, 0, 0, 1))", "semantic.missing_argument"),
    ("    Obstacle a(type = box, size = (1, 1, 1))", "semantic.missing_argument"),
    ('    Obstacle a(ref = "work_table", size = (1, 1, 1), pos = (0, 0, 0, 0, 0, 0, 1))',
     "semantic.unknown_argument"),
    ("    Obstacle a(type = box, size = (1, 1, 1), pos = (0, 0, 0, 0, 0, 0, 1), mass = 2)",
     "semantic.unknown_argument"),
    ("    Obstacle a(type = box, size = (1, 1, 1), pos = (0, 0, 0, 0, 0, 0, 1), collision = 1)",
     "semantic.argument_value"),
    ("    Wall a(type = box, size = (1, 1, 1), pos = (0, 0, 0, 0, 0, 0, 1))",
     "semantic.unknown_type"),
    ('    Obstacle a(ref = "standard_80", pos = (0, 0, 0, 0, 0, 0, 1))', "semantic.part_category"),
    ("    gravity = 9.8", "semantic.unknown_argument"),
    ("    ground_plane = yes", "semantic.argument_value"),
    ("    start = (0, 0)", "semantic.argument_value"),
    ("    environment = room_6x4", "semantic.argument_value"),
])
def test_entity_and_setting_mistakes(line, code):
    ds = errors(line)
    assert codes(ds) == [code], [(d.code, d.message) for d in ds]


def test_a_quaternion_within_the_tolerance_is_unit():
    w = clean_world("    Obstacle a(type = box, size = (1, 1, 1), pos = (0, 0, 0, 0, 0, 0.7071, 0.7071))")
    assert w.entities[0].pos[5] == 0.7071


def test_a_marker_that_collides_made_of_an_object_that_only_shows():
    ds = errors('    Marker disc(ref = "floor_disc", pos = (1, 0, 0, 0, 0, 0, 1), collision = true)')
    (d,) = ds
    assert d.code == "semantic.entity_collision"
    # it is a Marker already: the help does not tell it to become one
    assert not any("as a Marker" in h for h in d.help)
    assert d.help[0].startswith("delete `collision = true`")


def test_a_quaternion_not_of_unit_length_is_pointed_at():
    line = "    Obstacle a(type = box, size = (1, 1, 1), pos = (0.5, 0, 0, 0, 0, 0, 2))"
    (d,) = errors(line)
    assert d.code == "semantic.argument_value"
    assert d.span.line == 2
    assert line[d.span.column - 1:d.span.end_column] == "0, 0, 0, 2"
    assert d.help


def test_type_ref_and_size_are_reported_once():
    ds = errors('    Obstacle a(type = box, size = (1, 1, 1), ref = "work_table", '
                'pos = (0, 0, 0, 0, 0, 0, 1))')
    assert codes(ds) == ["semantic.argument_value"], [(d.code, d.message) for d in ds]
    assert "both type and ref" in ds[0].message


def test_an_environment_marker_that_collides_made_of_an_object_that_only_shows():
    file = f"libraries/{LIB}/parts/odd_room/component.yaml"
    libs = bad_env_library(EnvEntity("disc", "Marker", (0, 0, 0, 0, 0, 0, 1), ref="floor_disc",
                                     collision=True, span=Span(file, 7, 3, 7, 40)))
    (d,) = errors('    environment = "odd_room"', libraries=libs)
    assert d.code == "semantic.entity_collision" and d.span.line == 7
    assert not any("Marker" in h for h in d.help)
    assert "collision: true" in d.help[0]

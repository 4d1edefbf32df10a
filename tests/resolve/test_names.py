"""Resolving .core files: refs, names, types, profiles, arguments and references."""
from __future__ import annotations

import pytest

from tests.assembly.fixtures import (DIFF_BOT, POWERED_BOT, codes, demo_library, resolve,
                                     second_library)


def only(ds, code):
    found = [d for d in ds if d.code == code]
    assert found, [(d.code, d.message) for d in ds]
    return found[0]


def clean(text, **kw):
    resolved, ds = resolve(text, **kw)
    assert resolved is not None, [(d.code, d.message) for d in ds]
    assert ds == []
    return resolved


def one_line(line: str, chassis='Diff_two_caster chassis(ref = "diff_base")') -> str:
    return f"Robot r {{\n    {chassis}\n    {line}\n}}\n"


def test_the_robot_resolves():
    r = clean(DIFF_BOT)
    assert r.name == "diff_bot" and r.chassis == "chassis" and r.chassis_type == "Diff_two_caster"
    assert [c.name for c in r.components] == ["chassis", "wheel_l", "wheel_r", "ball", "top_lidar"]
    wl = r.component("wheel_l")
    assert wl.type == "Standard" and wl.part.id == "standard_80" and not wl.chassis
    assert wl.glue.values == (0, 0.12, -0.02, 0, 1, 0) and wl.glue.roll is None
    assert wl.glue.span.line == 5 and wl.glue.span.column == 50
    assert r.chassis_component.chassis and r.chassis_component.glue is None
    assert r.world.name == "empty" and r.world.ground_plane and r.world.entities == ()
    assert r.task is None


def test_power_and_command_name_components():
    r = clean(POWERED_BOT)
    assert r.component("driver").power == "pack"
    assert r.component("motor_l").command == "driver"
    assert r.component("motor_l").power is None


# -- refs ------------------------------------------------------------------------------------

def test_an_unknown_part_with_a_suggestion():
    _, ds = resolve(one_line('Standard w(ref = "standard_08", glue = (0, 0.12, -0.02, 0, 1, 0))'))
    d = only(ds, "resolve.unknown_part")
    assert "'standard_08'" in d.message
    assert d.help[0] == 'did you mean "standard_80"?'
    assert d.span.line == 3


def test_a_part_left_out_repeats_why():
    _, ds = resolve(one_line('Standard w(ref = "broken_wheel", glue = (0, 0.12, -0.02, 0, 1, 0))'))
    d = only(ds, "resolve.unknown_part")
    assert "left out" in d.message
    assert d.notes == ("libraries/demo_parts/parts/broken_wheel/component.yaml:3:1: "
                       "error[library.missing_field]: 'wheel' is required for a wheel",)


def test_an_unknown_library():
    _, ds = resolve(one_line('Standard w(ref = "nolib/standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))'))
    d = only(ds, "resolve.unknown_part")
    assert "library 'nolib'" in d.message


def test_an_ambiguous_part_and_how_to_pick_one():
    libs = [demo_library(), second_library()]
    text = DIFF_BOT
    _, ds = resolve(text, libraries=libs)
    d = only(ds, "resolve.ambiguous_part")
    assert "'demo_parts', 'my_parts'" in d.message
    assert d.help == ('write "demo_parts/lidar_ld06" to take demo_parts\'s',
                      'write "my_parts/lidar_ld06" to take my_parts\'s')
    r = clean(text.replace('"lidar_ld06"', '"my_parts/lidar_ld06"'), libraries=libs)
    assert r.component("top_lidar").part.library == "my_parts"
    # the first library alone: no ambiguity
    clean(text, libraries=[demo_library()])


def test_a_ref_to_an_object_is_the_wrong_category():
    _, ds = resolve(one_line('Attachment t(ref = "work_table", glue = (0, 0, 0.06, 0, 0, 1))'))
    assert codes(ds) == ["semantic.part_category"]


# -- names -----------------------------------------------------------------------------------

def test_two_components_with_one_name():
    text = DIFF_BOT.replace("Standard wheel_r(", "Standard wheel_l(")
    _, ds = resolve(text)
    d = only(ds, "resolve.duplicate_name")
    assert d.span.line == 6 and d.labels[0].span.line == 5


@pytest.mark.parametrize("name,reserved", [
    ("base_link", True), ("base_footprint", True),
    # diff_base declares no contacts and a Diff_two_caster steers nothing: no link of that
    # name is ever added
    ("wheel_l_steer", False), ("chassis_contact_0", False), ("wheel_l_contact_0", False),
    ("base_link_contact_0", False),
    ("base_links", False), ("wheel_l_steering", False), ("nothing_steer", False),
    ("chassis_contact_x", False), ("my_base_link", False),
])
def test_reserved_names(name, reserved):
    text = DIFF_BOT.replace("Lidar top_lidar(", f"Lidar {name}(")
    resolved, ds = resolve(text)
    if reserved:
        d = only(ds, "resolve.duplicate_name")
        assert "reserved" in d.message and d.span.line == 8
        assert d.help
    else:
        assert resolved is not None and ds == []


# diff_motor_base declares one contact: the chassis's link is base_link (the ROS targets name
# its contact base_link_contact_0; the mjcf target names the geom after the component)
@pytest.mark.parametrize("name,reserved", [
    ("base_link_contact_0", True), ("chassis_contact_0", True),
    ("base_link_contact_1", False), ("chassis_contact_1", False),
    ("wheel_l_contact_0", False), ("plate_contact_0", True), ("plate_contact_1", True),
    ("plate_contact_2", False), ("plate_contact_01", False),
])
@pytest.mark.parametrize("before", [False, True])
def test_contact_names_are_reserved_for_each_contact_declared(name, reserved, before):
    plate = '    Attachment plate(ref = "skid_plate", glue = (0, 0, 0.05, 0, 0, 1))\n'
    extra = f'    Battery {name}(ref = "lipo_3s_2200", glue = (-0.1, 0, 0.0344, 0, 0, -1))\n'
    body = POWERED_BOT.replace('    Battery pack(ref = "lipo_3s_2200", '
                               'glue = (-0.1, 0, 0.0344, 0, 0, -1))\n', "")
    body = body.replace(", power = @core/pack", "")
    lines = body.split("\n")
    # the name declared before its owner, or after it
    if before:
        lines.insert(1, extra.rstrip("\n"))
        lines.insert(len(lines) - 2, plate.rstrip("\n"))
    else:
        lines.insert(len(lines) - 2, plate.rstrip("\n"))
        lines.insert(len(lines) - 2, extra.rstrip("\n"))
    text = "\n".join(lines)
    resolved, ds = resolve(text)
    if reserved:
        d = only(ds, "resolve.duplicate_name")
        assert "reserved" in d.message and "contact" in d.message
        assert d.span.line == (2 if before else len(lines) - 2)
        assert d.labels and d.help
    else:
        assert resolved is not None and ds == [], [(d.code, d.message) for d in ds]


# -- types and profiles ----------------------------------------------------------------------

def test_an_unknown_type_with_did_you_mean():
    _, ds = resolve(one_line('Lidr t(ref = "lidar_ld06", glue = (0, 0, 0.06, 0, 0, 1))'))
    d = only(ds, "semantic.unknown_type")
    assert d.help[0] == "did you mean 'Lidar'?"
    assert codes(ds) == ["semantic.unknown_type"]


def test_a_type_the_parts_profiles_lack():
    _, ds = resolve(one_line('Mecanum w(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))'))
    d = only(ds, "semantic.profile_missing")
    assert d.message == "'standard_80' cannot be used as a Mecanum: its profiles do not list it"
    assert d.help[0] == "'standard_80' can be used as: Standard"


def test_a_catalog_entry_has_no_profile():
    _, ds = resolve(one_line('Lidar t(ref = "catalog_only", glue = (0, 0, 0.06, 0, 0, 1))'))
    d = only(ds, "semantic.profile_missing")
    assert "catalog entry" in d.help[0]


def test_a_chassis_profile_without_the_types_mounts():
    _, ds = resolve(one_line("", chassis='Diff_two_caster chassis(ref = "half_base")'))
    d = only(ds, "semantic.profile_mounts")
    assert "'right_wheel'" in d.message


@pytest.mark.parametrize("body,count", [
    ('Standard w(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))', 0),
    ('Diff_two_caster c2(ref = "diff_base")', 2),
])
def test_not_exactly_one_chassis(body, count):
    if count == 0:
        text = f"Robot r {{\n    {body}\n}}\n"
    else:
        text = one_line(body)
    _, ds = resolve(text)
    d = only(ds, "semantic.chassis_count")
    assert ("no chassis" in d.message) == (count == 0)


# -- arguments -------------------------------------------------------------------------------

def test_an_unknown_argument():
    _, ds = resolve(one_line('Standard w(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0), '
                             'speed = 2)'))
    d = only(ds, "semantic.unknown_argument")
    assert "'speed'" in d.message


def test_the_chassis_takes_no_glue():
    _, ds = resolve(one_line("", chassis='Diff_two_caster chassis(ref = "diff_base", '
                             'glue = (0, 0, 0, 0, 0, 1))'))
    d = only(ds, "semantic.unknown_argument")
    assert "takes no glue" in d.message


def test_power_on_a_motor_without_a_bus_and_with_one():
    text = POWERED_BOT.replace("command = @core/driver)\n    Motor motor_r",
                               "command = @core/driver, power = @core/pack)\n    Motor motor_r")
    _, ds = resolve(text)
    d = only(ds, "semantic.unknown_argument")
    assert "states no bus" in d.message
    # a smart servo states its bus and names both
    clean(text.replace('Motor motor_l(ref = "gearmotor_37d"', 'Motor motor_l(ref = "smart_servo"'))


@pytest.mark.parametrize("args", [
    'ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1)',
    'ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0, 0, 0)',
    'ref = "standard_80", glue = 3',
    'ref = standard_80, glue = (0, 0.12, -0.02, 0, 1, 0)',
])
def test_wrong_value_shapes(args):
    _, ds = resolve(one_line(f"Standard w({args})"))
    assert "semantic.argument_value" in codes(ds)


def test_power_must_be_a_core_reference():
    text = POWERED_BOT.replace("power = @core/pack", 'power = "pack"')
    _, ds = resolve(text)
    d = only(ds, "semantic.argument_value")
    assert "write power = @core/<battery>" in d.help[0]


@pytest.mark.parametrize("line,what", [
    ('Standard w(glue = (0, 0.12, -0.02, 0, 1, 0))', "no ref"),
    ('Standard w(ref = "standard_80")', "no glue"),
])
def test_missing_arguments(line, what):
    _, ds = resolve(one_line(line))
    d = only(ds, "semantic.missing_argument")
    assert what in d.message


# -- references ------------------------------------------------------------------------------

def test_a_reference_to_nothing():
    _, ds = resolve(POWERED_BOT.replace("command = @core/driver)\n    Motor motor_r",
                                        "command = @core/drvier)\n    Motor motor_r"))
    d = only(ds, "resolve.unknown_reference")
    assert d.help[0] == "did you mean '@core/driver'?"


@pytest.mark.parametrize("old,new,what", [
    ("command = @core/driver)\n    Motor motor_r", "command = @core/pack)\n    Motor motor_r",
     "names 'pack', a Battery; command names the MotorDriver"),
    ("power = @core/pack", "power = @core/motor_l", "names 'motor_l', a Motor; power names the Battery"),
])
def test_a_reference_to_the_wrong_kind(old, new, what):
    _, ds = resolve(POWERED_BOT.replace(old, new))
    d = only(ds, "semantic.reference_kind")
    assert what in d.message


@pytest.mark.parametrize("ref,what", [("@world/pack", "an entity of the world"),
                                      ("@task/pack", "a name of the task")])
def test_power_naming_another_file_is_the_wrong_kind(ref, what):
    # as a Navigate goal that names @core/...: a reference, to the wrong kind of thing
    text = POWERED_BOT.replace("power = @core/pack", f"power = {ref}")
    _, ds = resolve(text)
    d = only(ds, "semantic.reference_kind")
    assert codes(ds) == ["semantic.reference_kind"]
    assert d.message == (f"power of 'driver' names {ref}, {what}; power names the Battery "
                         "component that feeds it")
    assert d.help == ("write power = @core/pack",)
    assert d.span.line == 4 and text.split("\n")[3][d.span.column - 1:].startswith(ref)

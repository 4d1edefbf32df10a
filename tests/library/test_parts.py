"""The rules of a part's fields, each triggered (code, severity, line) and met by a near miss,
on the example declarations of examples.py."""
from __future__ import annotations

import pytest

from mobiledsl.diagnostics import Severity
from mobiledsl.library.model import (BatterySpec, Connector, Driveline, DriverSpec, Joint,
                                     MotorSpec, RangeSpec, Steering, TrackSpec, Well, WheelSpec)
from tests.library.examples import (BATTERY, CHASSIS, DRIVER, EXAMPLES, LIDAR, MECANUM, MOTOR,
                                    TOF, TRACK, WHEEL, line_of, load_text, mutate)

ADD = "inertial:\n"      # a new top-level field goes in before inertial


def add(text: str, field: str) -> str:
    return mutate(text, ADD, field + "\n" + ADD)


# (name, base text, old, new, code, marker of the expected line; None: line 1)
CASES = [
    # common fields
    ("schema_version 2", WHEEL, "schema_version: 1", "schema_version: 2",
     "library.invalid_value", "schema_version"),
    ("schema_version 1.0", WHEEL, "schema_version: 1", "schema_version: 1.0",
     "library.invalid_value", "schema_version"),
    ("unknown category", WHEEL, "category: wheel", "category: wheels", "library.invalid_value",
     "category"),
    ("no description", WHEEL, "description: Plain rubber wheel, radius 0.04 m.\n", "",
     "library.missing_field", None),
    ("unknown top-level field", WHEEL, "wheel: {", "colour: black\nwheel: {",
     "library.unknown_field", "colour"),
    ("an environment's field on a part", WHEEL, "wheel: {", "ground_plane: true\nwheel: {",
     "library.unsupported", "ground_plane"),
    ("no connectors", WHEEL, "connectors:\n  mount: {pos: [0, 0, 0], dir: [0, 0, 1], joint: "
     "{type: continuous, axis: [0, 0, 1]}}\n", "", "library.missing_field", None),
    ("empty connectors", WHEEL, "connectors:\n  mount: {pos: [0, 0, 0], dir: [0, 0, 1], joint: "
     "{type: continuous, axis: [0, 0, 1]}}\n", "connectors: {}\n", "library.wrong_type",
     "connectors"),
    ("no profiles", WHEEL, "profiles:\n  Standard: {mounts: {default: mount}}\n", "",
     "library.missing_field", None),
    # numbers
    ("1e-400 reads as 0 but is no zero", WHEEL, "pos: [0, 0, 0]", "pos: [0, 0, 1e-400]",
     "library.invalid_value", "mount:"),
    ("1.1e30 is too large", WHEEL, "pos: [0, 0, 0]", "pos: [1.1e30, 0, 0]",
     "library.invalid_value", "mount:"),
    ("9.9e-101 is too small", WHEEL, "pos: [0, 0, 0]", "pos: [9.9e-101, 0, 0]",
     "library.invalid_value", "mount:"),
    ("a quoted number", WHEEL, "mass: 0.1", "mass: '0.1'", "library.wrong_type", "mass"),
    ("a vector of two", WHEEL, "pos: [0, 0, 0]", "pos: [0, 0]", "library.wrong_type", "mount:"),
    # visual
    ("a mesh beside the declaration", WHEEL, "assets/model.dae", "model.dae",
     "library.invalid_value", "visual"),
    ("a visual without rpy", WHEEL, ", rpy: [0, 0, 0]}", "}", "library.missing_field",
     "visual"),
    # collision
    ("a sphere as a part's collision", LIDAR, "type: box", "type: sphere",
     "library.invalid_value", "type: sphere"),
    ("a list as a part's collision", LIDAR, "collision:\n  type: box\n  size: [0.038, 0.038, "
     "0.033]\n  origin_xyz: [0, 0, 0.0165]\n", "collision:\n  - {type: box, size: [1, 1, 1], "
     "origin_xyz: [0, 0, 0], rpy: [0, 0, 0]}\n", "library.wrong_type", "  - {type"),
    ("a hull's faces on a box", LIDAR, "  origin_xyz: [0, 0, 0.0165]\n",
     "  origin_xyz: [0, 0, 0.0165]\n  faces: [[0, 1, 2]]\n", "library.unsupported", "faces"),
    ("a box's size on a hull", CHASSIS, "  faces: [[0, 2, 1]", "  size: [1, 1, 1]\n  faces: "
     "[[0, 2, 1]", "library.unsupported", "size: [1, 1, 1]"),
    ("a box without origin_xyz", LIDAR, "  origin_xyz: [0, 0, 0.0165]\n", "",
     "library.missing_field", "  type: box"),
    ("a box with a zero side", LIDAR, "size: [0.038, 0.038, 0.033]", "size: [0.038, 0, 0.033]",
     "library.invalid_value", "size:"),
    # wheel
    ("a wheel block on a sensor", LIDAR, "", "", "library.unsupported", "wheel:"),
    ("a wheel of zero width", WHEEL, "width: 0.03", "width: 0", "library.invalid_value",
     "wheel:"),
    # inertial
    ("zero mass", WHEEL, "mass: 0.1", "mass: 0", "library.invalid_value", "mass"),
    ("an unknown source", WHEEL, "source: estimated", "source: guessed",
     "library.invalid_value", "source"),
    ("a placeholder without basis", WHEEL, "  source: estimated\n  basis: solid cylinder\n",
     "  source: placeholder\n", "library.missing_field", "  mass"),
    ("an inertia term missing", WHEEL, "ixy: 0, ", "", "library.missing_field", "inertia:"),
    ("a negative ixx", WHEEL, "ixx: 0.00005", "ixx: -0.00005", "library.invalid_value",
     "inertia:"),
    ("not positive definite", WHEEL, "ixy: 0,", "ixy: 0.00006,", "library.invalid_value",
     "inertia:"),
    ("triangle inequality", WHEEL, "izz: 0.00008", "izz: 0.00011", "library.invalid_value",
     "inertia:"),
    # connectors
    ("dir not unit", WHEEL, "dir: [0, 0, 1]", "dir: [0, 0, 0]", "library.not_unit_vector",
     "mount:"),
    ("up not unit", LIDAR, "up: [0, -1, 0]", "up: [0, -2, 0]", "library.not_unit_vector",
     "up:"),
    ("up not perpendicular to dir", LIDAR, "up: [0, -1, 0]", "up: [0, 0.6, 0.8]",
     "library.invalid_value", "up:"),
    ("a connector name that is no identifier", LIDAR, "  mount:\n", "  mount-a:\n",
     "library.invalid_value", "mount-a"),
    ("an unknown joint type", WHEEL, "type: continuous", "type: ball",
     "library.invalid_value", "mount:"),
    ("an axis on a fixed joint", WHEEL, "type: continuous", "type: fixed",
     "library.unsupported", "mount:"),
    ("a turning joint without axis", WHEEL, ", axis: [0, 0, 1]}}", "}}",
     "library.missing_field", "mount:"),
    ("a joint axis not unit", WHEEL, "axis: [0, 0, 1]", "axis: [0, 1, 1]",
     "library.not_unit_vector", "mount:"),
    ("a well of negative radius", WHEEL, "dir: [0, 0, 1],", "dir: [0, 0, 1], well: {radius: "
     "-0.05, width: 0.08},", "library.invalid_value", "mount:"),
    ("a well without width", WHEEL, "dir: [0, 0, 1],", "dir: [0, 0, 1], well: {radius: 0.05},",
     "library.missing_field", "mount:"),
    ("steering outside a chassis", WHEEL, "dir: [0, 0, 1],", "dir: [0, 0, 1], steering: "
     "{axis: [0, 0, 1], max_angle_rad: 0.6},", "library.unsupported", "mount:"),
    ("a steering axis not unit", CHASSIS, "steering: {axis: [0, 0, 1]",
     "steering: {axis: [0, 0, 3]", "library.not_unit_vector", "hub_front_left"),
    ("a steering angle of zero", CHASSIS, "max_angle_rad: 0.6", "max_angle_rad: 0",
     "library.invalid_value", "hub_front_left"),
    ("a driveline outside a chassis", WHEEL, "dir: [0, 0, 1],", "dir: [0, 0, 1], driveline: "
     "{turns: [mount]},", "library.unsupported", "mount:"),
    ("a driveline naming an unknown connector", CHASSIS, "turns: [hub_rear_left,",
     "turns: [hub_rear_middle,", "library.unknown_connector", "turns:"),
    ("a driveline naming a connector twice", CHASSIS, "[hub_rear_left, hub_rear_right]",
     "[hub_rear_left, hub_rear_left]", "library.invalid_value", "turns:"),
    ("a driveline turning a motor's seat", CHASSIS,
     "  hub_rear_right: {pos: [-0.15, -0.13, -0.02], dir: [0, -1, 0]}",
     "  hub_rear_right: {pos: [-0.15, -0.13, -0.02], dir: [0, -1, 0], driveline: {turns: "
     "[hub_rear_left]}}", "library.invalid_value", "turns: [hub_rear_left, hub_rear_right]"),
    ("a driveline turning itself", CHASSIS, "[hub_rear_left, hub_rear_right]",
     "[hub_rear_left, motor_seat_rear]", "library.invalid_value", "turns:"),
    ("a driveline's reduction of zero", CHASSIS, "reduction: 2", "reduction: 0",
     "library.invalid_value", "turns:"),
    ("a driveline that turns nothing", CHASSIS, "turns: [hub_rear_left, hub_rear_right]",
     "turns: []", "library.wrong_type", "turns:"),
    # profiles
    ("two mounts sharing a connector", CHASSIS, "right_wheel: motor_mount_right",
     "right_wheel: motor_mount_left", "library.invalid_value", "mounts: {left_wheel"),
    ("a profile with more than mounts", WHEEL, "{mounts: {default: mount}}",
     "{mounts: {default: mount}, drives: true}", "library.unknown_field", "Standard"),
    ("a profile without mounts", WHEEL, "{mounts: {default: mount}}", "{}",
     "library.missing_field", "Standard"),
    ("mounts that are a list", WHEEL, "{mounts: {default: mount}}", "{mounts: [mount]}",
     "library.wrong_type", "Standard"),
    # track
    ("a Track without its block", TRACK, "track:\n  travel_per_turn_m: 0.12\n  width: 0.0384\n"
     "  ground: {from: [-0.03, 0, -0.03], to: [-0.13, 0, -0.03]}\n", "",
     "library.missing_field", None),
    ("a track block on a motor", MOTOR, "", "", "library.unsupported", "track:"),
    ("a track's run of no length", TRACK, "to: [-0.13, 0, -0.03]", "to: [-0.03, 0, -0.03]",
     "library.invalid_value", "ground:"),
    ("a joint on a track's connector", TRACK, "up: [0, 0, 1]}",
     "up: [0, 0, 1], joint: {type: fixed}}", "library.unsupported", "hub:"),
    ("a track without width", TRACK, "  width: 0.0384\n", "", "library.missing_field",
     "  travel_per_turn_m"),
    # motor
    ("a Motor without its block", MOTOR, "motor: {rated_voltage_v: 12, no_load_speed_rad_s: "
     "36.6, stall_torque_nm: 0.78, stall_current_a: 5}\n", "", "library.missing_field", None),
    ("a Motor without a shaft mount", MOTOR, ", shaft: shaft}", "}", "library.missing_field",
     "Motor:"),
    ("a motor block on a battery", BATTERY, "", "", "library.unsupported", "motor:"),
    ("a motor's voltage_min_v alone", MOTOR, "stall_current_a: 5}",
     "stall_current_a: 5, voltage_min_v: 6}", "library.missing_field", "motor:"),
    ("a motor's voltage_max_v alone", MOTOR, "stall_current_a: 5}",
     "stall_current_a: 5, voltage_max_v: 14}", "library.missing_field", "motor:"),
    ("a rated voltage outside the motor's range", MOTOR, "stall_current_a: 5}",
     "stall_current_a: 5, voltage_min_v: 6, voltage_max_v: 11}", "library.invalid_value",
     "motor:"),
    ("a negative minimum voltage", MOTOR, "stall_current_a: 5}",
     "stall_current_a: 5, voltage_min_v: -1, voltage_max_v: 14}", "library.invalid_value",
     "motor:"),
    ("a stall torque of zero", MOTOR, "stall_torque_nm: 0.78", "stall_torque_nm: 0",
     "library.invalid_value", "motor:"),
    ("a bus that is no name", MOTOR, "stall_current_a: 5}", "stall_current_a: 5, bus: "
     "'dynamixel ttl'}", "library.invalid_value", "motor:"),
    # battery
    ("a Battery without its block", BATTERY, "battery: {voltage_nominal_v: 11.1, voltage_min_v:"
     " 9.0, voltage_max_v: 12.6, capacity_ah: 2.2}\n", "", "library.missing_field", None),
    ("a battery block on a motor", MOTOR, "", "", "library.unsupported", "battery:"),
    ("a nominal voltage outside the range", BATTERY, "voltage_nominal_v: 11.1",
     "voltage_nominal_v: 13", "library.invalid_value", "battery:"),
    ("a battery's voltage_max_v alone", BATTERY, "voltage_min_v: 9.0, ", "",
     "library.missing_field", "battery:"),
    ("a battery's minimum of zero", BATTERY, "voltage_min_v: 9.0", "voltage_min_v: 0",
     "library.invalid_value", "battery:"),
    ("a maximum below the minimum", BATTERY, "voltage_max_v: 12.6", "voltage_max_v: 8",
     "library.invalid_value", "battery:"),
    # driver
    ("a MotorDriver without its block", DRIVER, "driver:\n  channels: 2\n  voltage_min_v: 5.5\n"
     "  voltage_max_v: 24\n  continuous_current_per_channel_a: 12\n"
     "  peak_current_per_channel_a: 30\n", "", "library.missing_field", None),
    ("a driver block on a battery", BATTERY, "", "", "library.unsupported", "driver:"),
    ("a driver with neither channels nor buses", DRIVER, "  channels: 2\n", "",
     "library.missing_field", "  voltage_min_v"),
    ("channels without continuous current", DRIVER, "  continuous_current_per_channel_a: 12\n",
     "", "library.missing_field", "  channels"),
    ("channels without a supply range", DRIVER, "  voltage_min_v: 5.5\n  voltage_max_v: 24\n",
     "", "library.missing_field", "  channels"),
    ("a peak below the continuous current", DRIVER, "peak_current_per_channel_a: 30",
     "peak_current_per_channel_a: 10", "library.invalid_value", "peak_current"),
    ("a channel's current without channels", DRIVER, "  channels: 2\n",
     "  buses: [dynamixel_ttl]\n", "library.unsupported", "continuous_current"),
    ("channels of 2.5", DRIVER, "channels: 2", "channels: 2.5", "library.invalid_value",
     "channels"),
    ("channels of 0", DRIVER, "channels: 2", "channels: 0", "library.invalid_value",
     "channels"),
    ("a bus named twice", DRIVER, "  channels: 2\n", "  channels: 2\n  buses: [can, can]\n",
     "library.invalid_value", "buses"),
    ("a driver's voltage_min_v alone on buses", DRIVER,
     "  channels: 2\n  voltage_min_v: 5.5\n  voltage_max_v: 24\n"
     "  continuous_current_per_channel_a: 12\n  peak_current_per_channel_a: 30\n",
     "  buses: [dynamixel_ttl]\n  voltage_min_v: 5.5\n", "library.missing_field", "  buses"),
    # range
    ("a Range part without range", TOF, "range: {min_m: 0.04, max_m: 4.0, field_of_view_rad: "
     "0.47, rate_hz: 50}\n", "", "library.missing_field", None),
    ("a range block on a Lidar", LIDAR, "", "", "library.unsupported", "range:"),
    ("a maximum range below the minimum", TOF, "max_m: 4.0", "max_m: 0.03",
     "library.invalid_value", "range:"),
    ("a field of view of pi", TOF, "field_of_view_rad: 0.47", "field_of_view_rad: 3.1416",
     "library.invalid_value", "range:"),
    ("a negative minimum range", TOF, "min_m: 0.04", "min_m: -0.01", "library.invalid_value",
     "range:"),
    # contacts
    ("contacts that are a mapping", CHASSIS, "contacts:\n  - {xyz",
     "contacts:\n  skid: {xyz", "library.missing_field", None),
    ("a contact of zero radius", CHASSIS, "radius: 0.025", "radius: 0",
     "library.invalid_value", "  - {xyz"),
    # provenance
    ("a provenance name that is a number", CHASSIS, "name: Diff base", "name: 12",
     "library.wrong_type", "provenance"),
]

# blocks added to a part that may not state them
ADDED = {
    "a wheel block on a sensor": "wheel: {radius: 0.04, width: 0.03}",
    "a track block on a motor": "track: {width: 0.03, ground: {from: [0, 0, 0], to: [1, 0, 0]}}",
    "a motor block on a battery": "motor: {rated_voltage_v: 12, no_load_speed_rad_s: 36.6, "
                                  "stall_torque_nm: 0.78, stall_current_a: 5}",
    "a battery block on a motor": "battery: {voltage_nominal_v: 11.1}",
    "a driver block on a battery": "driver: {channels: 2, voltage_min_v: 5, voltage_max_v: 24, "
                                   "continuous_current_per_channel_a: 2}",
    "a range block on a Lidar": "range: {min_m: 0.1, max_m: 12, field_of_view_rad: 0.1, "
                                "rate_hz: 10}",
}


@pytest.mark.parametrize("name,base,old,new,code,marker", CASES, ids=[c[0] for c in CASES])
def test_rule(tmp_path, name, base, old, new, code, marker):
    text = add(base, ADDED[name]) if name in ADDED else mutate(base, old, new)
    if name == "contacts that are a mapping":
        code, marker = "library.wrong_type", "skid:"
    part, diags = load_text(tmp_path, text)
    assert part is None
    found = [d for d in diags if d.code == code]
    assert found, [(d.code, d.message) for d in diags]
    assert all(d.severity is Severity.WARNING for d in diags)
    expected = 1 if marker is None else line_of(text, marker)
    assert found[0].span.line == expected, (found[0].message, found[0].span)


NEAR_MISSES = [
    ("-2.7e-32 is a zero left by rounding", WHEEL, "pos: [0, 0, 0]", "pos: [0, 0, -2.7e-32]"),
    ("1e30 is within range", WHEEL, "pos: [0, 0, 0]", "pos: [1e30, 0, 0]"),
    ("-0.0 is zero", WHEEL, "pos: [0, 0, 0]", "pos: [-0.0, 0e5, 0.000]"),
    ("a catalog entry with no profile", WHEEL, "profiles:\n  Standard: {mounts: {default: "
     "mount}}\n", "profiles: {}\n"),
    ("a track without travel", TRACK, "  travel_per_turn_m: 0.12\n", ""),
    ("a motor with its supply range and a bus", MOTOR, "stall_current_a: 5}",
     "stall_current_a: 5, voltage_min_v: 0, voltage_max_v: 12, bus: dynamixel_ttl}"),
    ("a battery with only its nominal voltage", BATTERY,
     "voltage_nominal_v: 11.1, voltage_min_v: 9.0, voltage_max_v: 12.6, capacity_ah: 2.2",
     "voltage_nominal_v: 11.1"),
    ("a driver with buses alone", DRIVER,
     "  channels: 2\n  voltage_min_v: 5.5\n  voltage_max_v: 24\n"
     "  continuous_current_per_channel_a: 12\n  peak_current_per_channel_a: 30\n",
     "  buses: [dynamixel_ttl, dynamixel_rs485]\n  output_voltage_v: 12\n"),
    ("a driver with buses and its supply range", DRIVER,
     "  channels: 2\n  voltage_min_v: 5.5\n  voltage_max_v: 24\n"
     "  continuous_current_per_channel_a: 12\n  peak_current_per_channel_a: 30\n",
     "  buses: [dynamixel_ttl]\n  voltage_min_v: 5.5\n  voltage_max_v: 24\n"),
    ("a driver with channels and buses, no peak", DRIVER, "  peak_current_per_channel_a: 30\n",
     "  buses: [can]\n"),
    ("a fixed-distance range finder", TOF, "max_m: 4.0", "max_m: 0.04"),
    ("an Ultrasonic part without range", TOF, "range: {min_m: 0.04, max_m: 4.0, "
     "field_of_view_rad: 0.47, rate_hz: 50}\n", "",),
    ("an up perpendicular within tolerance", LIDAR, "up: [0, -1, 0]", "up: [0, -1, 0.0009]"),
    ("a fixed joint stated", LIDAR, "up: [0, -1, 0]", "up: [0, -1, 0]\n    joint: {type: fixed}"),
    ("a prismatic joint", WHEEL, "type: continuous", "type: prismatic"),
    # "Only a wheel turns on its connector" is the targets' rule (target.unsupported, on a
    # connector a mating uses), not the loader's: a sensor may declare a turning connector
    ("a turning joint on a sensor's connector", LIDAR, "up: [0, -1, 0]",
     "up: [0, -1, 0]\n    joint: {type: revolute, axis: [0, 0, 1]}"),
    ("a driveline without reduction", CHASSIS, ", reduction: 2}", "}"),
    ("a motor with mounts in any order", MOTOR, "{default: mount, shaft: shaft}",
     "{shaft: shaft, default: mount}"),
]


@pytest.mark.parametrize("name,base,old,new", NEAR_MISSES, ids=[n[0] for n in NEAR_MISSES])
def test_near_miss(tmp_path, name, base, old, new):
    text = mutate(base, old, new)
    if name == "an Ultrasonic part without range":
        text = mutate(text, "Range:", "Ultrasonic:")
    part, diags = load_text(tmp_path, text)
    assert diags == [] and part is not None, [(d.code, d.message, d.span) for d in diags]


@pytest.mark.parametrize("part_id", sorted(EXAMPLES))
def test_every_example_declaration_loads(tmp_path, part_id):
    part, diags = load_text(tmp_path, EXAMPLES[part_id])
    assert diags == [] and part is not None, [(d.code, d.message, d.span) for d in diags]
    assert part.id == part_id and part.library == "demo"


def test_records_hold_floats_and_the_stated_values(tmp_path):
    part, _ = load_text(tmp_path, MECANUM)
    assert part.wheel == WheelSpec(0.0487, 0.0479)
    assert all(type(v) is float for v in part.connectors["mount"].pos)
    assert part.connectors["mount"] == Connector("mount", (-0.0013, 0.0011, 0.0),
                                                 (0.0, 0.0, 1.0), None,
                                                 Joint("continuous", (0.0, 0.0, 1.0)))
    assert part.profiles == {"Mecanum": {"default": "mount"}}
    assert part.inertial.inertia.izz == 0.000114351 and part.inertial.basis.startswith("solid")
    assert part.collision == () and part.provenance is None

    part, _ = load_text(tmp_path, CHASSIS)
    c = part.connectors
    assert c["motor_mount_left"].well == Well(0.052, 0.084)
    assert c["hub_front_left"].steering == Steering((0.0, 0.0, 1.0), 0.6)
    assert c["motor_seat_rear"].driveline == Driveline(("hub_rear_left", "hub_rear_right"), 2.0)
    assert part.collision[0].type == "hull" and len(part.collision[0].vertices) == 8
    assert part.provenance == {"name": "Diff base", "manufacturer": None, "source_url": None,
                               "license": "MIT"}      # price is the library's own: not kept
    assert part.contacts[0].note == "molded skid under the tail"

    for text, attr, value in [
        (TRACK, "track", TrackSpec(0.0384, (-0.03, 0.0, -0.03), (-0.13, 0.0, -0.03), 0.12)),
        (MOTOR, "motor", MotorSpec(12.0, 36.6, 0.78, 5.0)),
        (BATTERY, "battery", BatterySpec(11.1, 9.0, 12.6, 2.2)),
        (DRIVER, "driver", DriverSpec(2, (), 5.5, 24.0, 12.0, 30.0, None)),
        (TOF, "range", RangeSpec(0.04, 4.0, 0.47, 50.0)),
    ]:
        part, _ = load_text(tmp_path, text)
        assert getattr(part, attr) == value
    assert type(part.range.rate_hz) is float
    part, _ = load_text(tmp_path, DRIVER)
    assert type(part.driver.channels) is int


def test_spans_point_at_every_checked_path(tmp_path):
    part, _ = load_text(tmp_path, MECANUM)
    text = MECANUM
    assert part.spans[""].line == 1
    assert part.spans["inertial.mass"].line == line_of(text, "mass:")
    assert part.spans["connectors.mount.pos"].line == line_of(text, "pos:")
    assert part.spans["connectors.mount.joint.axis"].line == line_of(text, "joint:")
    assert part.spans["profiles.Mecanum.mounts.default"].line == line_of(text, "{default")
    assert part.span("inertial.inertia.ixx").line == line_of(text, "inertia:")
    assert part.file.endswith("lib/parts/mecanum_black/component.yaml")


def test_relative_root_keeps_relative_paths(tmp_path, monkeypatch):
    from mobiledsl.library.loader import load_part
    from tests.library.examples import write_part
    write_part(tmp_path / "lib", "standard_80", WHEEL)
    monkeypatch.chdir(tmp_path)
    part, diags = load_part("lib", "demo", "standard_80")
    assert diags == []
    assert part.file == "lib/parts/standard_80/component.yaml"
    assert part.dir == "lib/parts/standard_80"
    assert part.spans[""].file == part.file


def test_every_problem_of_a_declaration_is_reported_in_one_pass(tmp_path):
    text = mutate(mutate(mutate(WHEEL, "mass: 0.1", "mass: -1"), "dir: [0, 0, 1]",
                         "dir: [0, 0, 2]"), "{default: mount}", "{default: nothing}")
    _, diags = load_text(tmp_path, text)
    assert {d.code for d in diags} == {"library.invalid_value", "library.not_unit_vector",
                                       "library.unknown_connector"}


def test_load_part_is_deterministic(tmp_path):
    first = load_text(tmp_path, CHASSIS)
    second = load_text(tmp_path, CHASSIS)
    assert first == second
    broken = mutate(CHASSIS, "mass: 1.2", "mass: x")
    assert load_text(tmp_path, broken) == load_text(tmp_path, broken)

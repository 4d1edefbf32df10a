"""Broken libraries: the demo library with one component.yaml, library.yaml or walker.yaml
mutated one way, checked with ``mobiledsl library check DIR --diagnostics json``.

A problem in one part's declaration is a warning, the part is left out and the exit status is
0; a problem in library.yaml is an error (exit 1); no library.yaml at all is an environment
failure (exit 2). Near misses, which must report nothing, close the file.
"""
from __future__ import annotations

import pytest

from tests.library.policies import affine_model

from .harness import (DEMO, ERROR, WARNING, Case, Expect, _under, after, drop, entry_name, judge,
                      judge_basics,
                      link, part, remove, sub, write)

W = WARNING
LIB = "lib/library.yaml"
WALKER = "lib/walkers/quad_walker/walker.yaml"
WALKER_POLICY = "lib/walkers/quad_walker/assets/policy.onnx"


def external_weights(model):
    """The model with its weights said to lie in weights.bin beside it."""
    weight = model.graph.initializer[0]
    del weight.float_data[:]
    weight.data_location = 1                          # TensorProto.EXTERNAL
    weight.external_data.add(key="location", value="weights.bin")
    return model
STD = part("standard_80")
LIDAR = part("lidar_ld06")
MOTOR = part("gearmotor_37d")
PACK = part("lipo_3s_2200")
DRIVER = part("driver_vnh5019")
TOF = part("tof_vl53l1x")
TRACK = part("track_unit")
QUAD = part("quad_body")
LEG = part("hip_leg")
TABLE = part("work_table")
DISC = part("floor_disc")
ROOM = part("room_6x4")
CAR = part("car_base")
DIFF = part("diff_base")

BOMB = ("provenance: {name: null, a: &a [1, 1, 1, 1, 1, 1, 1, 1, 1, 1], "
        "b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a], "
        "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b], "
        "d: &d [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c], "
        "e: &e [*d, *d, *d, *d, *d, *d, *d, *d, *d, *d], "
        "f: [*e, *e, *e]}")

# A closed hull with a dimple: a tetrahedron whose slanted face is three triangles meeting at a
# corner pushed inside it.
DIMPLED_HULL = """collision:
  type: hull
  vertices: [[0, 0, 0], [0.03, 0, 0], [0, 0.03, 0], [0, 0, 0.03], [0.006, 0.006, 0.006]]
  faces: [[0, 1, 2], [0, 1, 3], [0, 2, 3], [1, 2, 4], [2, 3, 4], [3, 1, 4]]"""
OPEN_HULL = """collision:
  type: hull
  vertices: [[0, 0, 0], [0.03, 0, 0], [0, 0.03, 0], [0, 0, 0.03]]
  faces: [[0, 1, 2], [0, 1, 3], [0, 2, 3]]"""
GOOD_HULL = """collision:
  type: hull
  vertices: [[-0.019, -0.019, 0], [0.019, -0.019, 0], [0, 0.019, 0], [0, 0, 0.033]]
  faces: [[0, 1, 2], [0, 1, 3], [1, 2, 3], [2, 0, 3]]"""
LIDAR_BOX = """collision:
  type: box
  size: [0.038, 0.038, 0.033]
  origin_xyz: [0, 0, 0.0165]"""
LEG_LINKS = """links:
  head:
    parent: null
    joint: {type: fixed, xyz: [0, 0, 0.02], rpy: [0, 0, 0]}
    inertial: {mass: 0.01, origin_xyz: [0, 0, 0], inertia: {ixx: 1.0e-06, ixy: 0, ixz: 0, iyy: 1.0e-06, iyz: 0, izz: 1.0e-06}, source: estimated, basis: a guess}
    visual: {file: assets/model.dae, xyz: [0, 0, 0], rpy: [0, 0, 0]}"""
ROOM_AS_EMPTY = (DEMO / "parts" / "room_6x4" / "component.yaml").read_text(
    encoding="utf-8").replace("id: room_6x4", "id: empty")



def lib(id: str, *edits, code: str | None = None, severity: str = W, line="edit",
        file: str | None = None, also=(), in_text=(), labels=(), rc=None, xfail=None) -> Case:
    expect = () if code is None else (Expect(code, severity, file, line, tuple(in_text), tuple(labels)),)
    return Case(id, "check", tuple(edits), expect, also=tuple(also), rc=rc, xfail=xfail)


CASES = [
    # ---- library.yaml_syntax
    lib("yaml_syntax_unclosed_flow", sub(STD, "wheel: {radius: 0.04, width: 0.03}",
                                         "wheel: {radius: 0.04, width: 0.03"),
        code="library.yaml_syntax"),
    # an indentation mistake is found where the next key does not line up: any line
    lib("yaml_syntax_bad_indent", sub(LIDAR, "  mass: 0.0824982", "   mass: 0.0824982"),
        code="library.yaml_syntax", line=0),
    lib("yaml_syntax_tab_indent", sub(LIDAR, "  mass: 0.0824982", "\tmass: 0.0824982"),
        code="library.yaml_syntax"),
    lib("yaml_syntax_alias_in_own_anchor",
        sub(STD, "description: Plain rubber wheel, radius 0.04 m.",
            "description: Plain rubber wheel.\nprovenance: {name: &n [x, *n]}"),
        code="library.yaml_syntax", line=5),
    lib("yaml_syntax_nested_65_deep",
        after(STD, "description:", "provenance: {name: null, deep: " + "[" * 65 + "]" * 65 + "}"),
        code="library.yaml_syntax"),
    lib("yaml_syntax_alias_bomb", after(STD, "description:", BOMB), code="library.yaml_syntax"),
    lib("yaml_syntax_not_utf8",
        sub(STD, "Plain rubber wheel", "Plain rubber wheel \udcff"), code="library.yaml_syntax"),
    lib("yaml_syntax_in_library_yaml", sub(LIB, "  - diff_base", "  - [diff_base"),
        code="library.yaml_syntax", severity=ERROR),

    # ---- library.duplicate_key
    lib("duplicate_key_part", after(STD, "  mass: 0.1", "  mass: 0.2"),
        code="library.duplicate_key", labels=((STD, 8),)),
    lib("duplicate_key_flow_mapping", sub(STD, "width: 0.03}", "width: 0.03, radius: 0.05}"),
        code="library.duplicate_key"),
    lib("duplicate_key_library_yaml", after(LIB, "name: demo_parts", "name: other_parts"),
        code="library.duplicate_key", severity=ERROR),
    lib("duplicate_key_walker", after(WALKER, "  period: 0.004", "  period: 0.008"),
        code="library.duplicate_key"),

    # ---- library.invalid_key
    lib("invalid_key_number", sub(STD, "izz: 0.00008}", "izz: 0.00008, 1: 0.5}"),
        code="library.invalid_key"),
    lib("invalid_key_true", after(STD, "connectors:", "  true: {pos: [0, 0, 0], dir: [0, 0, 1]}"),
        code="library.invalid_key"),
    lib("invalid_key_merge", after(STD, "description:", "<<: {schema_version: 1}"),
        code="library.invalid_key"),
    lib("invalid_key_library_yaml", after(LIB, "name: demo_parts", "7: seven"),
        code="library.invalid_key", severity=ERROR),

    # ---- library.unknown_field
    lib("unknown_field_top_level", after(STD, "description:", "colour: black"),
        code="library.unknown_field"),
    lib("unknown_field_lists_allowed", sub(STD, "width: 0.03}", "width: 0.03, diameter: 0.08}"),
        code="library.unknown_field", in_text=("radius", "width")),
    lib("unknown_field_connector", sub(STD, "dir: [0, 0, 1], joint", "dir: [0, 0, 1], colour: red, joint"),
        code="library.unknown_field"),
    lib("unknown_field_sensor_spec", after(LIDAR, "category: sensor", "fov_rad: 6.28"),
        code="library.unknown_field"),
    lib("unknown_field_library_yaml", after(LIB, "name: demo_parts", "version: 2"),
        code="library.unknown_field", severity=ERROR),
    lib("unknown_field_walker", after(WALKER, "description:", "trainer: somebody"),
        code="library.unknown_field"),

    # ---- library.missing_field (pointing anywhere into the file)
    lib("missing_field_description", drop(STD, "description:"), code="library.missing_field",
        line=0, in_text=("description",)),
    lib("missing_field_wheel_block", drop(STD, "wheel: {radius"), code="library.missing_field",
        line=0, in_text=("wheel",)),
    lib("missing_field_basis_of_estimate", drop(STD, "  basis: solid cylinder"),
        code="library.missing_field", line=0, in_text=("basis",)),
    lib("missing_field_motor_shaft_mount",
        sub(MOTOR, "{default: mount, shaft: shaft}", "{default: mount}"),
        code="library.missing_field", line=0, in_text=("shaft",)),
    lib("missing_field_motor_block", drop(MOTOR, "motor: {rated_voltage_v"),
        code="library.missing_field", line=0, in_text=("motor",)),
    lib("missing_field_battery_block", drop(PACK, "battery: {voltage_nominal_v"),
        code="library.missing_field", line=0, in_text=("battery",)),
    lib("missing_field_driver_channels_and_buses",
        sub(DRIVER, "driver:\n  channels: 2\n  voltage_min_v: 5.5\n  voltage_max_v: 24\n"
                    "  continuous_current_per_channel_a: 12\n  peak_current_per_channel_a: 30\n",
            "driver: {output_voltage_v: 12}\n"),
        code="library.missing_field", line=0),
    lib("missing_field_driver_continuous_current",
        drop(DRIVER, "  continuous_current_per_channel_a: 12"),
        code="library.missing_field", line=0, in_text=("continuous_current_per_channel_a",)),
    lib("missing_field_battery_half_range", sub(PACK, ", voltage_max_v: 12.6", ""),
        code="library.missing_field", line=0, in_text=("voltage_max_v",)),
    lib("missing_field_motor_half_range",
        sub(MOTOR, "stall_current_a: 5}", "stall_current_a: 5, voltage_min_v: 6}"),
        code="library.missing_field", line=0, in_text=("voltage_max_v",)),
    lib("missing_field_range_block", drop(TOF, "range: {min_m"), code="library.missing_field",
        line=0, in_text=("range",)),
    lib("missing_field_track_block",
        sub(TRACK, "track:\n  travel_per_turn_m: 0.12\n  width: 0.0384\n"
                   "  ground: {from: [-0.03, 0, -0.03], to: [-0.13, 0, -0.03]}\n", ""),
        code="library.missing_field", line=0, in_text=("track",)),
    lib("missing_field_legged_gait", drop(QUAD, "gait: {ahead"), code="library.missing_field",
        line=0, in_text=("gait",)),
    lib("missing_field_leg_feet",
        sub(LEG, "feet:                       # the ball the leg stands on\n"
                 "  foot: {link: knee, shape: 1, friction: 0.8}", ""),
        code="library.missing_field", line=0, in_text=("feet",)),
    lib("missing_field_servo_of_revolute",
        drop(LEG, "    servo: {kp: 15.0, damping: 0.15, armature: 0.002, frictionloss: 0.03, effort: 3.0, hold: 0.6"),
        code="library.missing_field", line=0, in_text=("servo",)),
    lib("missing_field_gait_duty", sub(QUAD, "duty: 0.55, ", ""), code="library.missing_field",
        in_text=("duty",)),
    lib("missing_field_controller_policy_or_gait",
        drop(QUAD, "  gait: {period: 0.4"), code="library.missing_field", line=0),
    lib("missing_field_gait_turn", sub(QUAD, ", turn: [-0.6, 0.6]", ""),
        code="library.missing_field", in_text=("turn",)),
    lib("missing_field_foot_friction", sub(LEG, "shape: 1, friction: 0.8}", "shape: 1}"),
        code="library.missing_field", in_text=("friction",)),
    lib("missing_field_environment_ground_plane", drop(ROOM, "ground_plane: true"),
        code="library.missing_field", line=0, in_text=("ground_plane",)),
    lib("missing_field_entity_pos",
        sub(ROOM, "dock: {entity: Marker, ref: floor_disc, pos: [4.0, -1.0, 0, 0, 0, 0, 1]}",
            "dock: {entity: Marker, ref: floor_disc}"),
        code="library.missing_field", in_text=("pos",)),
    lib("missing_field_walker_limb_glue",
        sub(WALKER, "fl: {part: hip_leg, glue: [0.12, 0.08, -0.04, 0, 0, -1]}",
            "fl: {part: hip_leg}"),
        code="library.missing_field", in_text=("glue",)),

    # ---- library.wrong_type
    lib("wrong_type_mass_word", sub(STD, "  mass: 0.1", "  mass: heavy"),
        code="library.wrong_type"),
    lib("wrong_type_mass_quoted", sub(STD, "  mass: 0.1", "  mass: '0.1'"),
        code="library.wrong_type"),
    lib("wrong_type_yes_is_not_a_number", sub(STD, "rpy: [0, 0, 0]}", "rpy: [0, 0, yes]}"),
        code="library.wrong_type"),
    lib("wrong_type_two_vector", sub(STD, "  origin_xyz: [0, 0, 0]", "  origin_xyz: [0, 0]"),
        code="library.wrong_type"),
    lib("wrong_type_block_not_mapping", sub(STD, "wheel: {radius: 0.04, width: 0.03}",
                                            "wheel: [0.04, 0.03]"),
        code="library.wrong_type"),
    lib("wrong_type_description_number", sub(STD, "description: Plain rubber wheel, radius 0.04 m.",
                                             "description: 42"),
        code="library.wrong_type"),
    lib("wrong_type_object_collision_mapping",
        after(DISC, "visual:", "collision: {type: box, size: [0.4, 0.4, 0.002], origin_xyz: [0, 0, 0.001], rpy: [0, 0, 0]}"),
        code="library.wrong_type"),
    lib("wrong_type_object_collision_empty", after(DISC, "visual:", "collision: []"),
        code="library.wrong_type"),
    lib("wrong_type_link_range_one_number", sub(LEG, "range: [-1.5, 1.5]", "range: [-1.5]"),
        code="library.wrong_type"),
    lib("wrong_type_walker_eulerdamp", sub(WALKER, "eulerdamp: true}", "eulerdamp: 0}"),
        code="library.wrong_type"),
    lib("wrong_type_controller_observation_empty",
        sub(WALKER, "  observation: [linear_velocity, angular_velocity, gravity, command, joint_angles,\n"
                    "                joint_velocities, phase]", "  observation: []"),
        code="library.wrong_type"),

    # ---- library.inertia_fits_the_part: a 3 kg pack with the 0.18 kg pack's tensor
    lib("inertia_fits_the_part_heavy_pack", sub(PACK, "  mass: 0.18\n", "  mass: 3.0\n"),
        code="library.inertia_fits_the_part", line=10, in_text=("1/16.7",)),
    # ---- library.invalid_value
    lib("invalid_value_zero_mass", sub(STD, "  mass: 0.1", "  mass: 0"), code="library.invalid_value"),
    lib("invalid_value_tiny_number", sub(STD, "  mass: 0.1", "  mass: 1e-101"),
        code="library.invalid_value"),
    lib("invalid_value_underflows_to_zero", sub(STD, "ixx: 0.00005, ixy: 0,", "ixx: 0.00005, ixy: 1e-400,"),
        code="library.invalid_value"),
    lib("invalid_value_huge_number", sub(PACK, "capacity_ah: 2.2", "capacity_ah: 1e31"),
        code="library.invalid_value"),
    lib("invalid_value_negative_radius", sub(STD, "radius: 0.04,", "radius: -0.04,"),
        code="library.invalid_value"),
    lib("invalid_value_triangle_inequality", sub(STD, "izz: 0.00008}", "izz: 0.00011}"),
        code="library.invalid_value"),
    lib("invalid_value_not_positive_definite", sub(STD, "ixx: 0.00005, ixy: 0,", "ixx: 0.00005, ixy: 0.0001,"),
        code="library.invalid_value"),
    lib("invalid_value_unknown_category", sub(STD, "category: wheel", "category: gizmo"),
        code="library.invalid_value"),
    lib("invalid_value_unknown_joint_type", sub(STD, "joint: {type: continuous", "joint: {type: spinning"),
        code="library.invalid_value"),
    lib("invalid_value_track_run_no_length", sub(TRACK, "to: [-0.13, 0, -0.03]", "to: [-0.03, 0, -0.03]"),
        code="library.invalid_value"),
    lib("invalid_value_visual_beside_declaration", sub(STD, "file: assets/model.dae", "file: README.md"),
        code="library.invalid_value"),
    lib("invalid_value_path_escapes", sub(STD, "file: assets/model.dae", "file: ../lidar_ld06/assets/model.dae"),
        code="library.invalid_value"),
    lib("invalid_value_path_dot_slash", sub(STD, "file: assets/model.dae", "file: ./assets/model.dae"),
        code="library.invalid_value"),
    lib("invalid_value_path_backslash", sub(STD, "file: assets/model.dae", "file: 'assets\\model.dae'"),
        code="library.invalid_value"),
    lib("invalid_value_path_empty_segment", sub(STD, "file: assets/model.dae", "file: assets//model.dae"),
        code="library.invalid_value"),
    lib("invalid_value_asset_links_out",
        link("lib/parts/standard_80/assets/model.dae", "../../lidar_ld06/assets/model.dae"),
        code="library.invalid_value", file=STD, line=5),
    # ---- a declaration is read as hostile input: regular, bounded, inside the library (each
    # on a library copy of its own, rc given: the shared batch rewrites declarations)
    Case("links_outside_declaration", "check", (link(STD, "/etc/hostname"),),
         (Expect("library.links_outside", W, STD, None),), rc=0),
    Case("not_a_file_declaration_is_a_folder", "check", (link(STD, "../lidar_ld06"),),
         (Expect("library.not_a_file", W, STD, None),), rc=0),
    Case("file_too_large_declaration", "check",
         (write(STD, "#" * (16 * 1024 * 1024 + 1) + "\n"),),
         (Expect("library.file_too_large", W, STD, None),), rc=0),
    lib("invalid_value_hull_three_corners",
        sub(LIDAR, LIDAR_BOX, "collision:\n  type: hull\n  vertices: [[0, 0, 0], [0.03, 0, 0], [0, 0.03, 0]]\n"
                              "  faces: [[0, 1, 2]]"),
        code="library.invalid_value", line=0),
    lib("invalid_value_hull_not_convex", sub(LIDAR, LIDAR_BOX, DIMPLED_HULL),
        code="library.invalid_value", line=0),
    lib("invalid_value_hull_open_edge", sub(LIDAR, LIDAR_BOX, OPEN_HULL),
        code="library.invalid_value", line=0),
    lib("invalid_value_object_shape_cone",
        sub(TABLE, "- {type: box, size: [0.88, 1.56, 0.07]", "- {type: cone, size: [0.88, 1.56, 0.07]"),
        code="library.invalid_value"),
    lib("invalid_value_entity_type_and_ref",
        sub(ROOM, "table: {entity: Obstacle, ref: work_table,", "table: {entity: Obstacle, type: box, ref: work_table,"),
        code="library.invalid_value", also=("library.unsupported",)),
    lib("invalid_value_entity_neither_type_nor_ref",
        sub(ROOM, "dock: {entity: Marker, ref: floor_disc, pos", "dock: {entity: Marker, pos"),
        code="library.invalid_value"),
    lib("invalid_value_environment_named_empty",
        write("lib/parts/empty/component.yaml", ROOM_AS_EMPTY),
        after(LIB, "  - room_6x4", "  - empty"),
        code="library.invalid_value", line=2),
    lib("invalid_value_servo_kp_zero",
        sub(LEG, "servo: {kp: 15.0, damping: 0.15, armature: 0.002, frictionloss: 0.03, effort: 3.0, hold: 0.6",
            "servo: {kp: 0, damping: 0.15, armature: 0.002, frictionloss: 0.03, effort: 3.0, hold: 0.6"),
        code="library.invalid_value"),
    lib("invalid_value_servo_hold_outside_range", sub(LEG, "hold: 0.6,", "hold: 2.0,"),
        code="library.invalid_value"),
    lib("invalid_value_link_parent_unknown", sub(LEG, "    parent: hip", "    parent: shin"),
        code="library.invalid_value"),
    lib("invalid_value_link_joint_slides",
        sub(LEG, "joint: {type: revolute, xyz: [0, 0, -0.15]", "joint: {type: prismatic, xyz: [0, 0, -0.15]"),
        code="library.invalid_value"),
    lib("invalid_value_link_range_reversed", sub(LEG, "range: [-1.5, 1.5]", "range: [1.5, -1.5]"),
        code="library.invalid_value", also=()),
    lib("invalid_value_gait_duty_half", sub(QUAD, "duty: 0.55", "duty: 0.5"),
        code="library.invalid_value"),
    lib("invalid_value_gait_range_reversed", sub(QUAD, "ahead: [-0.3, 0.3]", "ahead: [0.3, -0.3]"),
        code="library.invalid_value"),
    lib("invalid_value_gait_range_without_standstill", sub(QUAD, "turn: [-0.6, 0.6]", "turn: [0.1, 0.6]"),
        code="library.invalid_value"),
    lib("invalid_value_foot_on_missing_shape", sub(LEG, "shape: 1, friction", "shape: 5, friction"),
        code="library.invalid_value"),
    lib("invalid_value_walker_integrator_rk4", sub(WALKER, "integrator: implicitfast", "integrator: RK4"),
        code="library.invalid_value"),
    lib("invalid_value_walker_period_not_whole_steps", sub(WALKER, "  period: 0.004", "  period: 0.0041"),
        code="library.invalid_value"),
    lib("invalid_value_walker_observation_twice",
        sub(WALKER, "observation: [linear_velocity, angular_velocity,", "observation: [linear_velocity, linear_velocity,"),
        code="library.invalid_value"),

    # ---- library.not_unit_vector
    lib("not_unit_dir", sub(LIDAR, "    dir: [0, 0, 1]", "    dir: [0, 0, 1.01]"),
        code="library.not_unit_vector"),
    lib("not_unit_up", sub(LIDAR, "    up: [0, -1, 0]", "    up: [0, -2, 0]"),
        code="library.not_unit_vector"),
    lib("not_unit_joint_axis", sub(STD, "axis: [0, 0, 1]}}", "axis: [0, 0, 2]}}"),
        code="library.not_unit_vector"),
    lib("not_unit_link_joint_axis",
        sub(LEG, "axis: [0, 1, 0], range: [-1.5, 1.5]", "axis: [0, 1.1, 0], range: [-1.5, 1.5]"),
        code="library.not_unit_vector"),
    lib("not_unit_entity_quaternion",
        sub(ROOM, "pos: [2, 2.05, 0.25, 0, 0, 0, 1]", "pos: [2, 2.05, 0.25, 0, 0, 0, 2]"),
        code="library.not_unit_vector"),

    # ---- library.unsupported
    lib("unsupported_collision_on_wheel",
        after(STD, "wheel: {radius", "collision: {type: box, size: [0.08, 0.08, 0.03], origin_xyz: [0, 0, 0]}"),
        code="library.unsupported"),
    lib("unsupported_wheel_on_sensor", after(LIDAR, "category: sensor", "wheel: {radius: 0.02, width: 0.01}"),
        code="library.unsupported"),
    lib("unsupported_motor_on_battery",
        after(PACK, "battery: {", "motor: {rated_voltage_v: 12, no_load_speed_rad_s: 36.6, stall_torque_nm: 0.78, stall_current_a: 5}"),
        code="library.unsupported"),
    lib("unsupported_battery_on_motor",
        after(MOTOR, "motor: {", "battery: {voltage_nominal_v: 11.1, voltage_min_v: 9.0, voltage_max_v: 12.6}"),
        code="library.unsupported"),
    lib("unsupported_driver_on_sensor",
        after(LIDAR, "category: sensor", "driver: {buses: [dynamixel_ttl]}"), code="library.unsupported"),
    lib("unsupported_range_on_lidar",
        after(LIDAR, "category: sensor", "range: {min_m: 0.1, max_m: 12, field_of_view_rad: 0.1, rate_hz: 10}"),
        code="library.unsupported"),
    lib("unsupported_track_on_wheel",
        after(STD, "wheel: {radius", "track: {travel_per_turn_m: 0.12, width: 0.03, ground: {from: [0, 0, 0], to: [0.1, 0, 0]}}"),
        code="library.unsupported"),
    lib("unsupported_joint_on_track_hub",
        sub(TRACK, "hub: {pos: [0, 0, 0], dir: [0, -1, 0], up: [0, 0, 1]}",
            "hub: {pos: [0, 0, 0], dir: [0, -1, 0], up: [0, 0, 1], joint: {type: continuous, axis: [0, -1, 0]}}"),
        code="library.unsupported"),
    lib("unsupported_steering_on_wheel",
        sub(STD, "dir: [0, 0, 1], joint", "dir: [0, 0, 1], steering: {axis: [0, 0, 1], max_angle_rad: 0.5}, joint"),
        code="library.unsupported"),
    lib("unsupported_driveline_on_motor",
        sub(MOTOR, "shaft: {pos: [0.02, 0, 0], dir: [1, 0, 0],", "shaft: {pos: [0.02, 0, 0], dir: [1, 0, 0], driveline: {turns: [mount]},"),
        code="library.unsupported", also=("library.invalid_value",)),
    lib("unsupported_axis_on_fixed_joint",
        sub(PACK, "up: [1, 0, 0]}", "up: [1, 0, 0], joint: {type: fixed, axis: [0, 0, 1]}}"),
        code="library.unsupported"),
    lib("unsupported_vertices_on_box", after(LIDAR, "  origin_xyz: [0, 0, 0.0165]", "  vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]"),
        code="library.unsupported"),
    lib("unsupported_size_on_hull", sub(LIDAR, LIDAR_BOX, GOOD_HULL + "\n  size: [0.038, 0.038, 0.033]"),
        code="library.unsupported", line=13),
    lib("unsupported_inertial_on_object",
        after(DISC, "visual:", "inertial: {mass: 0.1, origin_xyz: [0, 0, 0], inertia: {ixx: 1.0e-05, ixy: 0, ixz: 0, iyy: 1.0e-05, iyz: 0, izz: 1.0e-05}, source: estimated, basis: a guess}"),
        code="library.unsupported"),
    lib("unsupported_connectors_on_object",
        after(DISC, "visual:", "connectors: {mount: {pos: [0, 0, 0], dir: [0, 0, 1]}}"),
        code="library.unsupported"),
    lib("unsupported_size_beside_entity_ref",
        sub(ROOM, "table: {entity: Obstacle, ref: work_table,", "table: {entity: Obstacle, ref: work_table, size: [1, 1, 1],"),
        code="library.unsupported"),
    lib("unsupported_links_on_sensor", sub(LIDAR, "profiles:\n", LEG_LINKS + "\nprofiles:\n"),
        code="library.unsupported"),
    lib("unsupported_feet_on_wheeled_chassis",
        sub(DIFF, "profiles:\n", "feet: {front: {link: arm, shape: 0, friction: 0.8}}\nprofiles:\n"),
        code="library.unsupported", also=("library.missing_field", "library.invalid_value")),
    lib("unsupported_gait_on_leg", after(LEG, "category: leg", "gait: {ahead: [-0.2, 0.4], aside: [0, 0], turn: [-0.5, 0.5]}"),
        code="library.unsupported"),
    lib("unsupported_channel_current_without_channels",
        sub(DRIVER, "  channels: 2\n", "  buses: [dynamixel_ttl]\n"),
        code="library.unsupported", line=0),
    lib("unsupported_foot_on_cylinder",
        sub(LEG, "- {type: sphere, size: [0.04, 0.04, 0.04]", "- {type: cylinder, size: [0.04, 0.04, 0.04]"),
        code="library.unsupported", line=0),

    # ---- library.asset_missing
    lib("asset_missing_visual", sub(STD, "file: assets/model.dae", "file: assets/missing.dae"),
        code="library.asset_missing"),
    lib("asset_missing_walker_policy", sub(WALKER, "policy: assets/policy.onnx", "policy: assets/policy2.onnx"),
        code="library.asset_missing"),

    # ---- library.policy_* (the walker's ONNX file, read at load: 44 numbers in, 12 out)
    lib("policy_unreadable_empty", write(WALKER_POLICY, b""), code="library.policy_unreadable",
        file=WALKER, line=14),
    lib("policy_external_data_weights",
        write(WALKER_POLICY, external_weights(affine_model(44, 12)).SerializeToString()),
        code="library.policy_external_data", file=WALKER, line=14),
    lib("policy_names_node_reads_obs",
        write(WALKER_POLICY, affine_model(44, 12, read_name="obs").SerializeToString()),
        code="library.policy_names", file=WALKER, line=14),
    lib("policy_shape_other_observation",
        write(WALKER_POLICY, affine_model(40, 12).SerializeToString()),
        code="library.policy_shape", file=WALKER, line=14, in_text=("44 numbers observed",)),

    # ---- library.id_mismatch
    lib("id_mismatch", sub(STD, "id: standard_80", "id: standard_81"), code="library.id_mismatch"),

    # ---- library.unknown_connector
    lib("unknown_connector_mount", sub(STD, "{default: mount}", "{default: axle}"),
        code="library.unknown_connector"),
    lib("unknown_connector_driveline", sub(CAR, "turns: [hub_rear_left, hub_rear_right]", "turns: [hub_rear_lft, hub_rear_right]"),
        code="library.unknown_connector"),

    # ---- more values a real part cannot have
    lib("invalid_value_up_parallel_to_dir", sub(LIDAR, "    up: [0, -1, 0]", "    up: [0, 0, 1]"),
        code="library.invalid_value"),
    lib("invalid_value_two_mounts_one_connector",
        sub(DIFF, "middle_top: top_mount,", "middle_top: hub_left,"), code="library.invalid_value"),
    lib("invalid_value_motor_min_negative",
        sub(MOTOR, "stall_current_a: 5}", "stall_current_a: 5, voltage_min_v: -1, voltage_max_v: 14}"),
        code="library.invalid_value"),
    lib("invalid_value_motor_rated_outside_range",
        sub(MOTOR, "stall_current_a: 5}", "stall_current_a: 5, voltage_min_v: 13, voltage_max_v: 24}"),
        code="library.invalid_value"),
    lib("invalid_value_battery_nominal_outside_range", sub(PACK, "voltage_nominal_v: 11.1", "voltage_nominal_v: 14.8"),
        code="library.invalid_value"),
    lib("invalid_value_range_min_above_max", sub(TOF, "min_m: 0.04, max_m: 4.0", "min_m: 5.0, max_m: 4.0"),
        code="library.invalid_value"),
    lib("invalid_value_range_fov_pi", sub(TOF, "field_of_view_rad: 0.47", "field_of_view_rad: 3.1416"),
        code="library.invalid_value"),
    lib("invalid_value_range_min_negative", sub(TOF, "min_m: 0.04", "min_m: -0.01"),
        code="library.invalid_value"),
    lib("invalid_value_peak_below_continuous", sub(DRIVER, "peak_current_per_channel_a: 30", "peak_current_per_channel_a: 10"),
        code="library.invalid_value"),
    lib("invalid_value_channels_fraction", sub(DRIVER, "  channels: 2", "  channels: 2.5"),
        code="library.invalid_value"),
    lib("invalid_value_channels_zero", sub(DRIVER, "  channels: 2", "  channels: 0"),
        code="library.invalid_value"),
    lib("wrong_type_channels_bool", sub(DRIVER, "  channels: 2", "  channels: true"),
        code="library.wrong_type"),
    lib("wrong_type_mass_bool", sub(STD, "  mass: 0.1", "  mass: true"), code="library.wrong_type"),
    lib("wrong_type_buses_not_list", sub(DRIVER, "  channels: 2\n", "  channels: 2\n  buses: dynamixel_ttl\n"),
        code="library.wrong_type", line=15),
    lib("invalid_value_schema_version", sub(STD, "schema_version: 1", "schema_version: 2"),
        code="library.invalid_value"),
    lib("invalid_value_source_unknown", sub(STD, "  source: estimated", "  source: guessed"),
        code="library.invalid_value"),
    lib("invalid_value_well_negative", sub(MOTOR, "well: {radius: 0.052,", "well: {radius: -0.052,"),
        code="library.invalid_value"),
    lib("invalid_value_box_zero_side", sub(LIDAR, "  size: [0.038, 0.038, 0.033]", "  size: [0.038, 0, 0.033]"),
        code="library.invalid_value"),
    lib("invalid_value_part_collision_sphere", sub(LIDAR, "  type: box\n  size: [0.038, 0.038, 0.033]", "  type: sphere\n  size: [0.038, 0.038, 0.033]"),
        code="library.invalid_value"),
    lib("invalid_value_hull_face_unknown_corner", sub(LIDAR, LIDAR_BOX, GOOD_HULL.replace("[2, 0, 3]]", "[2, 0, 9]]")),
        code="library.invalid_value", line=0),
    lib("invalid_value_hull_repeated_triangle", sub(LIDAR, LIDAR_BOX, GOOD_HULL.replace("[2, 0, 3]]", "[2, 0, 3], [2, 0, 3]]")),
        code="library.invalid_value", line=0),
    lib("invalid_value_inertia_diagonal_zero", sub(STD, "ixx: 0.00005, ixy: 0,", "ixx: 0, ixy: 0,"),
        code="library.invalid_value"),
    lib("invalid_value_entity_name_not_identifier", sub(ROOM, "  wall_north: {", "  wall-north: {"),
        code="library.invalid_value"),
    lib("wrong_type_entity_collision_word", sub(ROOM, "dock: {entity: Marker, ref: floor_disc,", "dock: {entity: Marker, ref: floor_disc, collision: yes,"),
        code="library.wrong_type"),
    lib("wrong_type_connectors_empty", sub(STD, "connectors:\n  mount: {pos: [0, 0, 0], dir: [0, 0, 1], joint: {type: continuous, axis: [0, 0, 1]}}",
                                             "connectors: {}"),
        code="library.wrong_type", also=("library.unknown_connector",)),
    lib("missing_field_inertia_term", sub(STD, "ixx: 0.00005, ixy: 0, ixz: 0,", "ixx: 0.00005, ixz: 0,"),
        code="library.missing_field", in_text=("ixy",)),
    lib("missing_field_visual_xyz", sub(STD, "visual: {file: assets/model.dae, xyz: [0, 0, 0], rpy", "visual: {file: assets/model.dae, rpy"),
        code="library.missing_field", in_text=("xyz",)),
    lib("invalid_key_space", after(STD, "description:", "ma ss: 1"), code="library.invalid_key"),
    lib("invalid_value_visual_is_directory", sub(STD, "file: assets/model.dae", "file: assets"),
        code="library.invalid_value", in_text=("names a directory", "assets/model.glb")),
    lib("unknown_field_is_static_on_object", after(TABLE, "category: object", "is_static: true"),
        code="library.unknown_field", also=("library.unsupported",)),
    lib("unknown_field_environment_pose", after(ROOM, "ground_plane: true", "pose: [0, 0, 0]"),
        code="library.unknown_field", also=("library.unsupported",)),
    lib("unknown_field_interfaces", after(STD, "description:", "interfaces: [m3_hub]"),
        code="library.unknown_field"),

    # ---- numbers are JSON's: what YAML 1.1 or 1.2 reads as a number and JSON does not is a string
    lib("wrong_type_leading_dot", sub(STD, "  mass: 0.1", "  mass: .1"), code="library.wrong_type"),
    lib("wrong_type_hex", sub(STD, "  mass: 0.1", "  mass: 0x10"), code="library.wrong_type"),
    lib("wrong_type_plus_sign", sub(STD, "  mass: 0.1", "  mass: +0.1"), code="library.wrong_type"),
    lib("wrong_type_trailing_dot", sub(STD, "  mass: 0.1", "  mass: 1."), code="library.wrong_type"),
    lib("wrong_type_inf", sub(STD, "  mass: 0.1", "  mass: .inf"), code="library.wrong_type"),
    lib("wrong_type_nan", sub(STD, "  mass: 0.1", "  mass: .nan"), code="library.wrong_type"),
    lib("wrong_type_underscores", sub(PACK, "capacity_ah: 2.2", "capacity_ah: 2_200"), code="library.wrong_type"),
    lib("wrong_type_on_is_not_true", sub(ROOM, "ground_plane: true", "ground_plane: on"), code="library.wrong_type"),
    lib("wrong_type_quoted_number", sub(STD, "  mass: 0.1", "  mass: \"0.1\""), code="library.wrong_type"),
    lib("invalid_value_just_below_1e-100", sub(STD, "ixx: 0.00005, ixy: 0,", "ixx: 0.00005, ixy: 9.99e-101,"),
        code="library.invalid_value"),
    lib("invalid_value_negative_underflow", sub(STD, "ixx: 0.00005, ixy: 0,", "ixx: 0.00005, ixy: -1e-400,"),
        code="library.invalid_value"),
    lib("invalid_value_just_above_1e30", sub(PACK, "capacity_ah: 2.2", "capacity_ah: 1.00000000000001e30"),
        code="library.invalid_value"),
    lib("invalid_value_zero_mass_negative_zero", sub(STD, "  mass: 0.1", "  mass: -0.0"),
        code="library.invalid_value"),
    lib("invalid_value_triangle_beyond_rounding", sub(STD, "iyy: 0.00005, iyz: 0, izz: 0.00008}", "iyy: 0.00003, iyz: 0, izz: 0.0000800001}"),
        code="library.invalid_value"),
    lib("invalid_value_part_tensor_fails_in_floats",
        sub(STD, "inertia: {ixx: 0.00005, ixy: 0, ixz: 0, iyy: 0.00005, iyz: 0, izz: 0.00008}",
            "inertia: {ixx: 0.01, ixy: 0, ixz: 0, iyy: 0.06, iyz: 0, izz: 0.07}"),
        code="library.invalid_value"),
    lib("invalid_key_number_like", after(STD, "description:", "1e3: x"), code="library.invalid_key"),

    # ---- library.duplicate_part / library.part_missing (warnings: the others still load)
    lib("duplicate_part", after(LIB, "  - standard_80", "  - standard_80"), code="library.duplicate_part"),
    lib("part_missing", after(LIB, "  - standard_80", "  - ghost_wheel"), code="library.part_missing"),
    lib("manifest_missing", remove(LIB), code="library.manifest_missing", severity=ERROR, line=None, rc=2),
    lib("part_missing_walker", after(LIB, "  - quad_walker", "  - ghost_walker"), code="library.part_missing"),
]

NEAR_MISSES = [
    lib("near_inertia_fits_a_pack_2_8_times_as_heavy", sub(PACK, "  mass: 0.18\n", "  mass: 0.5\n")),
    lib("near_policy_with_a_named_batch",
        write(WALKER_POLICY, affine_model(44, 12, in_dims=["batch", 44],
                                          out_dims=["batch", 12]).SerializeToString())),
    lib("near_tiny_number_1e-100", sub(STD, "ixx: 0.00005, ixy: 0,", "ixx: 0.00005, ixy: 1e-100,")),
    lib("near_rounding_zero", sub(STD, "ixx: 0.00005, ixy: 0,", "ixx: 0.00005, ixy: -2.7e-32,")),
    lib("near_negative_zero", sub(STD, "ixx: 0.00005, ixy: 0,", "ixx: 0.00005, ixy: -0.0,")),
    lib("near_huge_number_1e30", sub(PACK, "capacity_ah: 2.2", "capacity_ah: 1e30")),
    lib("near_exponent_without_dot", sub(STD, "  mass: 0.1", "  mass: 1e-1")),
    lib("near_dir_within_tolerance", sub(LIDAR, "    dir: [0, 0, 1]", "    dir: [0, 0, 1.0009]")),
    lib("near_quaternion_within_tolerance",
        sub(ROOM, "pos: [2, 2.05, 0.25, 0, 0, 0, 1]", "pos: [2, 2.05, 0.25, 0, 0, 0, 1.0009]")),
    lib("near_thin_plate_on_the_edge", sub(STD, "iyy: 0.00005, iyz: 0, izz: 0.00008}", "iyy: 0.00003, iyz: 0, izz: 0.00008}")),
    lib("near_provenance_free_keys",
        after(STD, "description:", "provenance: {name: null, manufacturer: null, source_url: null, license: null, price_eur: 3.5, sku: [a, b]}")),
    lib("near_provenance_small_alias", after(STD, "description:", "provenance: {name: &n Wheel, note: *n}")),
    lib("near_datasheet_needs_no_basis", sub(TOF, "  source: estimated\n  basis: board at 0.5 g", "  source: datasheet")),
    lib("near_comments_and_blank_lines", after(STD, "  mass: 0.1", "  # a comment\n\n  # another")),
    lib("near_unlisted_part_does_not_exist", drop(LIB, "  - imu_bno055"),
        after("lib/parts/imu_bno055/component.yaml", "description:", "colour: black")),
    lib("near_peak_equals_continuous", sub(DRIVER, "peak_current_per_channel_a: 30", "peak_current_per_channel_a: 12")),
    lib("near_hull_convex", sub(LIDAR, LIDAR_BOX, GOOD_HULL)),
    lib("near_profiles_empty_catalog_entry", sub(STD, "profiles:\n  Standard: {mounts: {default: mount}}", "profiles: {}")),
    lib("near_profile_type_is_vocabulary", sub(STD, "  Standard: {mounts", "  Standrd: {mounts")),
    lib("near_entity_type_is_vocabulary", sub(ROOM, "dock: {entity: Marker,", "dock: {entity: Markr,")),
    lib("near_entity_ref_is_resolved_later", sub(ROOM, "table: {entity: Obstacle, ref: work_table,", "table: {entity: Obstacle, ref: work_bench,")),
    lib("near_quoted_plain_key", sub(STD, "  mass: 0.1", "  'mass': 0.1")),
    lib("near_motor_range_includes_rated",
        sub(MOTOR, "stall_current_a: 5}", "stall_current_a: 5, voltage_min_v: 0, voltage_max_v: 12}")),
    lib("near_range_fixed_distance", sub(TOF, "min_m: 0.04, max_m: 4.0", "min_m: 0.5, max_m: 0.5")),
    lib("near_capital_exponent", sub(STD, "  mass: 0.1", "  mass: 1E-1")),
    lib("near_long_integer_reads_as_1e30", sub(PACK, "capacity_ah: 2.2", "capacity_ah: 1000000000000000000000000000001")),
    lib("near_1e30_as_the_float_it_reads_as", sub(PACK, "capacity_ah: 2.2", "capacity_ah: 1.00000000000000004e30")),
    lib("near_1e-100_as_the_float_it_reads_as", sub(STD, "ixx: 0.00005, ixy: 0,", "ixx: 0.00005, ixy: 9.9999999999999999e-101,")),
    lib("near_empty_value_is_null_in_provenance", after(STD, "description:", "provenance: {name: , manufacturer: ~, source_url: null, license: null}")),
    lib("near_part_tensor_on_the_edge_in_floats",
        sub(STD, "inertia: {ixx: 0.00005, ixy: 0, ixz: 0, iyy: 0.00005, iyz: 0, izz: 0.00008}",
            # (a wheel's moments, so that they fit its 0.1 kg: library.inertia_fits_the_part)
            "inertia: {ixx: 0.00003, ixy: 0, ixz: 0, iyy: 0.00005, iyz: 0, izz: 0.00008}")),
    lib("near_link_tensor_on_the_edge_in_exact_arithmetic",
        sub(LEG, "inertia: {ixx: 0.0002666, ixy: 0, ixz: 0, iyy: 0.0002736, iyz: 0, izz: 1.417e-05}",
            "inertia: {ixx: 0.07, ixy: 0, ixz: 0, iyy: 0.06, iyz: 0, izz: 0.01}")),
    lib("near_asset_link_inside_the_part", link("lib/parts/standard_80/assets/wheel.dae", "model.dae"),
        sub(STD, "file: assets/model.dae", "file: assets/wheel.dae")),
    # the libraries given with --library beside DIR: only what stops one loading is reported
    Case("near_other_library_broken_part_not_reported", "check", (),
         lib2={"library.yaml": "name: other_parts\nparts:\n  - standard_80\n",
               "parts/standard_80": "@copy:parts/standard_80",
               "parts/standard_80/component.yaml": (DEMO / "parts/standard_80/component.yaml").read_text(
                   encoding="utf-8").replace("  mass: 0.1", "  mass: 0")}),
    lib("near_yaml_null_forms", sub(TABLE, "license: MIT-0}", "license: ~}")),
]


def _param(case: Case):
    marks = [pytest.mark.xfail(strict=True, reason=case.xfail)] if case.xfail else []
    return pytest.param(case, id=case.id, marks=marks)


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_broken_library(corpus, case):
    judge(corpus.result(case))


@pytest.mark.parametrize("case", [_param(c) for c in NEAR_MISSES])
def test_library_near_miss(corpus, case):
    judge(corpus.result(case))


@pytest.mark.slow
def test_batch_of_broken_parts_is_only_warnings(corpus):
    """All the one-part cases share one library: every problem is a warning about one of the
    broken copies, the intact demo parts report nothing, and the exit status is 0."""
    found = corpus.batch_outcome()
    if found is None:
        pytest.skip("no batched case selected")
    whole, cases = found
    judge_basics(whole)
    data = whole.all_data
    copies = [whole.root / "lib" / ("walkers" if "walkers/" in c.edits[0].path else "parts")
              / entry_name(c) for c in cases]
    strays = [d for d in data["diagnostics"]
              if not any(_under(d["file"], c) for c in copies)]
    assert not strays, strays
    assert [d for d in data["diagnostics"] if d["severity"] == ERROR] == []
    assert whole.status == 0

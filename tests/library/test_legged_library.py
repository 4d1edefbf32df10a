"""Legged parts and walkers loaded the whole way, from a small library on disk."""
from __future__ import annotations

from tests.library.policies import write_policy
from mobiledsl.diagnostics import Severity
from mobiledsl.library.loader import load_library
from mobiledsl.library.model import Foot, Gait

from .examples import mutate, write_library, write_part
from .test_walkers import WALKER_TEXT

LINK = """\
    inertial:
      mass: 0.05
      origin_xyz: [0, 0, -0.05]
      inertia: {ixx: 4.0e-05, ixy: 0, ixz: 0, iyy: 4.0e-05, iyz: 0, izz: 1.0e-05}
      source: estimated
      basis: a 50 g servo and its bracket
    visual: {file: assets/model.glb, xyz: [0, 0, 0], rpy: [0, 0, 0]}
"""

HIP_LEG = f"""\
schema_version: 1
id: hip_leg
category: leg
description: A leg of two pitching hinges, a thigh and a shin with a ball at its end.
visual: {{file: assets/model.glb, xyz: [0, 0, 0], rpy: [0, 0, 0]}}
inertial:
  mass: 0.03
  origin_xyz: [0, 0, 0]
  inertia: {{ixx: 1.0e-05, ixy: 0, ixz: 0, iyy: 1.0e-05, iyz: 0, izz: 1.0e-05}}
  source: estimated
  basis: the hip bracket
connectors:
  mount: {{pos: [0, 0, 0], dir: [0, 0, 1], up: [1, 0, 0]}}
profiles:
  Leg: {{mounts: {{default: mount}}}}
links:
  hip:
    parent: null
    joint: {{type: revolute, xyz: [0, 0, 0], rpy: [0, 0, 0], axis: [0, 1, 0], range: [-1.5, 1.5]}}
{LINK}    collision:
      - {{type: box, size: [0.03, 0.03, 0.15], origin_xyz: [0, 0, -0.075], rpy: [0, 0, 0]}}
    servo: {{kp: 4.0, damping: 0.05, armature: 0.0002, frictionloss: 0.01, effort: 0.6, hold: 0.6}}
  knee:
    parent: hip
    joint: {{type: revolute, xyz: [0, 0, -0.15], rpy: [0, 0, 0], axis: [0, 1, 0], range: [-2.6, 0]}}
{LINK}    collision:
      - {{type: capsule, size: [0.02, 0.02, 0.13], origin_xyz: [0, 0, -0.075], rpy: [0, 0, 0]}}
      - {{type: sphere, size: [0.03, 0.03, 0.03], origin_xyz: [0, 0, -0.15], rpy: [0, 0, 0]}}
    servo: {{kp: 4.0, damping: 0.05, armature: 0.0002, frictionloss: 0.01, effort: 0.6, hold: -1.2}}
feet:
  foot: {{link: knee, shape: 1, friction: 0.8}}
"""

QUAD_BODY = """\
schema_version: 1
id: quad_body
category: chassis
description: The body four hip_legs walk under.
visual: {file: assets/model.glb, xyz: [0, 0, 0], rpy: [0, 0, 0]}
collision: {type: box, size: [0.3, 0.2, 0.08], origin_xyz: [0, 0, 0]}
inertial:
  mass: 1.2
  origin_xyz: [0, 0, 0]
  inertia: {ixx: 0.005, ixy: 0, ixz: 0, iyy: 0.01, iyz: 0, izz: 0.012}
  source: estimated
  basis: a box of its size
connectors:
  deck: {pos: [0, 0, 0.04], dir: [0, 0, 1]}
  hip_fl: {pos: [0.12, 0.08, -0.04], dir: [0, 0, -1], up: [1, 0, 0]}
  hip_fr: {pos: [0.12, -0.08, -0.04], dir: [0, 0, -1], up: [1, 0, 0]}
  hip_rl: {pos: [-0.12, 0.08, -0.04], dir: [0, 0, -1], up: [1, 0, 0]}
  hip_rr: {pos: [-0.12, -0.08, -0.04], dir: [0, 0, -1], up: [1, 0, 0]}
profiles:
  Legged: {mounts: {deck: deck}}
gait: {ahead: [-0.3, 0.6], aside: [-0.2, 0.2], turn: [-0.8, 0.8]}
controller:
  gait: {period: 0.4, duty: 0.55, step_height: 0.07}
  basis: a gait from the part's own model, with no training
"""

QUAD_WALKER = WALKER_TEXT           # test_walkers' quad_walker, as it reads it


def library(tmp_path, parts=None, walker=QUAD_WALKER, walkers=("quad_walker",)):
    parts = parts if parts is not None else {"quad_body": QUAD_BODY, "hip_leg": HIP_LEG}
    root = write_library(tmp_path / "lib", parts, walkers=walkers)
    if walker is not None:
        directory = root / "walkers" / "quad_walker"
        (directory / "assets").mkdir(parents=True)
        write_policy(directory / "assets" / "policy.onnx", 36, 8)
        (directory / "walker.yaml").write_text(walker)
    lib, diags = load_library(root)
    assert lib is not None
    return lib, diags


def test_a_body_its_legs_and_their_walker_load(tmp_path):
    lib, diags = library(tmp_path)
    assert diags == [], [(d.code, d.message) for d in diags]
    leg = lib.parts["hip_leg"]
    assert [l.name for l in leg.links] == ["hip", "knee"]
    assert leg.links[1].collision[1].type == "sphere"
    assert leg.links[1].servo.hold == -1.2
    assert leg.feet == (Foot("foot", "knee", 1, 0.8),)
    assert leg.span("links.knee.servo.kp").line == HIP_LEG.count("\n", 0, HIP_LEG.index(
        "kp: 4.0, damping: 0.05, armature: 0.0002, frictionloss: 0.01, effort: 0.6, "
        "hold: -1.2")) + 1
    body = lib.parts["quad_body"]
    assert body.gait == Gait((-0.3, 0.6), (-0.2, 0.2), (-0.8, 0.8))
    assert body.controller["gait"] == {"period": 0.4, "duty": 0.55, "step_height": 0.07}
    assert body.links == () and body.feet == ()
    walker = lib.walkers["quad_walker"]
    assert walker.body == "quad_body" and len(walker.limbs) == 4
    assert walker.controller["joints"][-1] == "rr/knee"


def test_a_broken_leg_is_left_out_and_so_is_its_walker(tmp_path):
    broken = mutate(HIP_LEG, "kp: 4.0", "kp: 0")
    lib, diags = library(tmp_path, {"quad_body": QUAD_BODY, "hip_leg": broken})
    assert "hip_leg" not in lib.parts and "quad_body" in lib.parts
    assert "hip_leg" in lib.left_out and lib.walkers == {}
    assert all(d.severity is Severity.WARNING for d in diags)
    codes = [(d.code, d.span.file.rsplit("/", 2)[-2]) for d in diags]
    assert ("library.invalid_value", "hip_leg") in codes
    assert any(d.code == "library.invalid_value" and "no part the library loaded" in d.message
               for d in diags)


def test_a_walker_problem_leaves_the_parts_loaded(tmp_path):
    walker = mutate(QUAD_WALKER, ", rr/knee]", "]")
    lib, diags = library(tmp_path, walker=walker)
    assert set(lib.parts) == {"quad_body", "hip_leg"} and lib.walkers == {}
    (d,) = diags
    assert d.code == "library.invalid_value" and "rr/knee" in d.message
    assert d.severity is Severity.WARNING


def test_a_registered_walker_without_its_file(tmp_path):
    lib, diags = library(tmp_path, walker=None)
    assert lib.walkers == {} and [d.code for d in diags] == ["library.part_missing"]


def test_legged_rules_reach_the_loader(tmp_path):
    leg_with_gait = HIP_LEG + "gait: {ahead: [0, 1], aside: [0, 0], turn: [0, 0]}\n"
    legged_leg = mutate(HIP_LEG, "  Leg: {mounts: {default: mount}}",
                        "  Leg: {mounts: {default: mount}}\n  Legged: {mounts: {deck: mount}}")
    body_without_gait = mutate(QUAD_BODY, "gait: {ahead: [-0.3, 0.6], aside: [-0.2, 0.2], "
                               "turn: [-0.8, 0.8]}\n", "")
    parts = {"leg_with_gait": leg_with_gait.replace("id: hip_leg", "id: leg_with_gait"),
             "legged_leg": legged_leg.replace("id: hip_leg", "id: legged_leg"),
             "body_without_gait": body_without_gait.replace("id: quad_body",
                                                            "id: body_without_gait")}
    lib, diags = library(tmp_path, parts, walker=None, walkers=())
    assert lib.parts == {}
    found = {(d.span.file.rsplit("/", 2)[-2], d.code) for d in diags}
    assert found == {("leg_with_gait", "library.unsupported"),
                     ("legged_leg", "library.invalid_value"),
                     ("body_without_gait", "library.missing_field")}


def test_a_policy_part_loads_with_its_file(tmp_path):
    text = mutate(QUAD_BODY, "controller:\n  gait: {period: 0.4, duty: 0.55, step_height: 0.07}"
                  "\n  basis: a gait from the part's own model, with no training\n", "")
    text += HIP_LEG[HIP_LEG.index("links:"):]
    text += """\
controller:
  policy: assets/policy.onnx
  period: 0.02
  imu: {link: hip, xyz: [0, 0, 0], rpy: [0, 0, 0]}
  observation: [gravity, command, joint_angles, phase]
  action_scale: 0.5
  phase: {frequency: 2, offsets: [0], still_below: 0.05, still_at: 0}
  simulator: {timestep: 0.004, integrator: implicitfast, iterations: 4, ls_iterations: 8,
              eulerdamp: true}
  basis: a policy trained on this one-legged hopper
"""
    root = tmp_path / "lib"
    write_library(root, {}, listed=["hopper"])
    write_part(root, "hopper", text.replace("id: quad_body", "id: hopper"),
               assets=("assets/model.glb", "assets/policy.onnx"))
    # gravity, command, two joint angles and one phase's cosine and sine; two servos
    write_policy(root / "parts" / "hopper" / "assets" / "policy.onnx", 10, 2)
    lib, diags = load_library(root)
    assert diags == [], [(d.code, d.message) for d in diags]
    c = lib.parts["hopper"].controller
    assert c["phase"] == {"frequency": 2.0, "offsets": [0.0], "still_below": 0.05,
                          "still_at": 0.0}
    assert c["simulator"]["iterations"] == 4 and c["imu"]["link"] == "hip"


def test_legged_records_round_trip_through_json(tmp_path):
    from mobiledsl.library.model import Part, Walker
    from mobiledsl.records import dumps, from_json, to_json

    lib, _ = library(tmp_path)
    for part in lib.parts.values():
        assert from_json(Part, to_json(part)) == part
    walker = lib.walkers["quad_walker"]
    again = from_json(Walker, to_json(walker))
    assert again == walker and dumps(again) == dumps(walker)

"""walkers/<id>/walker.yaml: the file-level rules, each triggered once and met by a near
miss. Every problem is a warning and leaves the walker out."""
from __future__ import annotations

import copy
import json

import pytest

from tests.library.policies import sizes_for, write_policy
from mobiledsl.diagnostics import Severity, Span
from mobiledsl.library.model import (Foot, Gait, Inertia, Inertial, Limb, Link, LinkJoint,
                                     Part, Servo, Shape, Visual)
from mobiledsl.library.walkers import load_walker

# -- the parts a walker names ------------------------------------------------------------

INERTIAL = Inertial(0.05, (0.0, 0.0, 0.0), Inertia(1e-5, 0, 0, 1e-5, 0, 1e-5), "estimated",
                    "a servo")
VISUAL = Visual("assets/link.glb", (0.0, 0.0, 0.0), (0.0, 0.0, 0.0))
SERVO = Servo(4.0, 0.05, 0.0002, 0.01, 0.6, 0.0)
BALL = Shape("sphere", (0.03, 0.03, 0.03), (0.0, 0.0, -0.15), (0.0, 0.0, 0.0))


def hinge(name, parent, servo=True):
    return Link(name, parent, LinkJoint("revolute", (0, 0, 0), (0, 0, 0), (0, 1, 0), (-2.6, 1.5)),
                INERTIAL, VISUAL, (BALL,), SERVO if servo else None)


def weld(name, parent):
    return Link(name, parent, LinkJoint("fixed", (0, 0, 0), (0, 0, 0)), INERTIAL, VISUAL)


def part(part_id, category, profiles, links=(), feet=()):
    return Part(library="demo", id=part_id, category=category, description="x",
                file=f"parts/{part_id}/component.yaml", dir=f"parts/{part_id}",
                visual=VISUAL, inertial=INERTIAL,
                profiles={p: {"default": "mount"} for p in profiles}, links=tuple(links),
                feet=tuple(feet), gait=Gait((-0.5, 1.0), (-0.4, 0.4), (-1.0, 1.0))
                if "Legged" in profiles else None)


def library_parts():
    parts = [
        part("quad_body", "chassis", ["Legged"]),
        part("head_body", "chassis", ["Legged"], [hinge("neck", None), weld("lamp", "neck")]),
        part("hip_leg", "leg", ["Leg"], [hinge("hip", None), hinge("knee", "hip")],
             [Foot("foot", "knee", 0, 0.8)]),
        part("peg_leg", "leg", ["Leg"], [weld("peg", None)], [Foot("foot", "peg", 0, 0.8)]),
        part("own_legs", "chassis", ["Legged"], [hinge("hip", None), hinge("knee", "hip")],
             [Foot("foot", "knee", 0, 0.8)]),
        part("diff_base", "chassis", ["Diff_drive"]),
        part("lidar", "sensor", ["Lidar"]),
    ]
    return {p.id: p for p in parts}


# -- the walker --------------------------------------------------------------------------

WALKER = {
    "schema_version": 1,
    "id": "quad_walker",
    "description": "the body on its four legs, walking by a policy trained for it",
    "assembly": {"body": "quad_body", "limbs": {
        "fl": {"part": "hip_leg", "glue": [0.12, 0.08, -0.04, 0, 0, -1]},
        "fr": {"part": "hip_leg", "glue": [0.12, -0.08, -0.04, 0, 0, -1]},
        "rl": {"part": "hip_leg", "glue": [-0.12, 0.08, -0.04, 0, 0, -1]},
        "rr": {"part": "hip_leg", "glue": [-0.12, -0.08, -0.04, 0, 0, -1]}}},
    "gait": {"ahead": [-0.3, 0.6], "aside": [-0.2, 0.2], "turn": [-0.8, 0.8]},
    "controller": {
        "policy": "assets/policy.onnx",
        "joints": ["fl/hip", "fl/knee", "fr/hip", "fr/knee", "rl/hip", "rl/knee", "rr/hip",
                   "rr/knee"],
        "period": 0.02,
        "imu": {"link": None, "xyz": [0, 0, 0.02], "rpy": [0, 0, 0]},
        "observation": ["linear_velocity", "angular_velocity", "gravity", "command",
                        "joint_angles", "joint_velocities", "last_action"],
        "action_scale": 0.25,
        "simulator": {"timestep": 0.004, "integrator": "Euler", "iterations": 1,
                      "ls_iterations": 5, "eulerdamp": False},
        "basis": "trained on the body on its four legs, in MuJoCo"},
    "provenance": {"name": "The body on its four legs", "manufacturer": None,
                   "source_url": None, "license": None},
}

WALKER_TEXT = """\
schema_version: 1
id: quad_walker
description: the body on its four legs, walking by a policy trained for it
assembly:
  body: quad_body              # a Legged chassis part without legs of its own
  limbs:                       # each leg on it, by a name of the walker's own
    fl: {part: hip_leg, glue: [0.12, 0.08, -0.04, 0, 0, -1]}
    fr: {part: hip_leg, glue: [0.12, -0.08, -0.04, 0, 0, -1]}
    rl: {part: hip_leg, glue: [-0.12, 0.08, -0.04, 0, 0, -1]}
    rr: {part: hip_leg, glue: [-0.12, -0.08, -0.04, 0, 0, -1]}
gait: {ahead: [-0.3, 0.6], aside: [-0.2, 0.2], turn: [-0.8, 0.8]}
controller:
  policy: assets/policy.onnx
  joints: [fl/hip, fl/knee, fr/hip, fr/knee, rl/hip, rl/knee, rr/hip, rr/knee]
  period: 0.02
  imu: {link: null, xyz: [0, 0, 0.02], rpy: [0, 0, 0]}
  observation: [linear_velocity, angular_velocity, gravity, command, joint_angles,
                joint_velocities, last_action]
  action_scale: 0.25
  simulator: {timestep: 0.004, integrator: Euler, iterations: 1, ls_iterations: 5,
              eulerdamp: false}
  basis: trained on the body on its four legs, in MuJoCo
provenance: {name: The body on its four legs, manufacturer: null, source_url: null, license: null}
"""

DELETE = object()


def walker(**changes):
    """The example walker with dotted paths changed: walker(**{"controller.period": 0.03})."""
    doc = copy.deepcopy(WALKER)
    for path, value in changes.items():
        *head, last = path.split(".")
        node = doc
        for key in head:
            node = node[key]
        if value is DELETE:
            del node[last]
        else:
            node[last] = value
    return doc


class Loaded:
    def __init__(self, result):
        self.walker, self.diagnostics = result

    @property
    def codes(self):
        return [d.code for d in self.diagnostics]

    def only(self, code, *words):
        assert self.walker is None
        assert len(self.diagnostics) == 1, [(d.code, d.message) for d in self.diagnostics]
        d = self.diagnostics[0]
        assert d.code == code, (d.code, d.message)
        assert d.severity is Severity.WARNING
        for word in words:
            assert word in d.message, d.message
        return d


def load(tmp_path, doc=None, text=None, walker_id="quad_walker", parts=None, policy=True):
    directory = tmp_path / "walkers" / walker_id
    (directory / "assets").mkdir(parents=True, exist_ok=True)
    if policy:
        fit_policy(directory, doc if doc is not None else WALKER)
    (directory / "walker.yaml").write_text(text if text is not None else json.dumps(doc))
    return Loaded(load_walker(tmp_path, "demo", walker_id,
                              library_parts() if parts is None else parts))


def fit_policy(directory, doc):
    """assets/policy.onnx sized for the walker's observation and joints."""
    controller = doc.get("controller") if isinstance(doc.get("controller"), dict) else {}
    joints = controller.get("joints")
    servos = len(joints) if isinstance(joints, list) else 8
    write_policy(directory / "assets" / "policy.onnx", *sizes_for(controller, servos))


def ok(tmp_path, doc=None, **kw):
    loaded = load(tmp_path, doc, **kw)
    assert loaded.diagnostics == [], [(d.code, d.message) for d in loaded.diagnostics]
    assert loaded.walker is not None
    return loaded.walker


# -- a walker that loads -----------------------------------------------------------------

def test_the_quad_walker_loads(tmp_path):
    w = ok(tmp_path, text=WALKER_TEXT)
    assert (w.library, w.id, w.body) == ("demo", "quad_walker", "quad_body")
    assert w.file == str(tmp_path / "walkers" / "quad_walker" / "walker.yaml")
    assert w.dir == str(tmp_path / "walkers" / "quad_walker")
    assert w.limbs[0] == Limb("fl", "hip_leg", (0.12, 0.08, -0.04, 0.0, 0.0, -1.0))
    assert all(isinstance(v, float) for limb in w.limbs for v in limb.glue)
    assert [l.name for l in w.limbs] == ["fl", "fr", "rl", "rr"]
    assert w.gait == Gait((-0.3, 0.6), (-0.2, 0.2), (-0.8, 0.8))
    assert w.controller["joints"] == WALKER["controller"]["joints"]
    assert w.controller["policy"] == "assets/policy.onnx"
    assert w.controller["period"] == 0.02 and w.controller["action_scale"] == 0.25
    assert w.controller["simulator"]["integrator"] == "Euler"
    assert w.provenance == {"name": "The body on its four legs", "manufacturer": None,
                            "source_url": None, "license": None}
    assert w.spans["assembly.limbs.fr.glue"].line == 8
    assert w.spans["controller.joints"].line == 14
    json.dumps(w.controller)


def test_glue_with_a_roll_and_unknown_provenance_keys(tmp_path):
    doc = walker(**{"assembly.limbs.fl.glue": [0.12, 0.08, -0.04, 0, 0, -1, 0.5],
                    "provenance.price_eur": 1200})
    w = ok(tmp_path, doc)
    assert w.limbs[0].glue[6] == 0.5
    assert "price_eur" not in w.provenance


def test_the_body_own_servos_are_joints_too(tmp_path):
    doc = walker(**{"assembly.body": "head_body"})
    load(tmp_path, doc).only("library.invalid_value", "leaves out body/neck")
    doc["controller"]["joints"].append("body/neck")
    doc["controller"]["hidden"] = ["body/neck"]
    doc["controller"]["imu"]["link"] = "lamp"
    w = ok(tmp_path, doc)
    assert w.controller["hidden"] == ["body/neck"] and w.controller["imu"]["link"] == "lamp"


# -- the file ----------------------------------------------------------------------------

def test_a_registered_walker_without_its_file(tmp_path):
    listed = Span("library.yaml", 5, 5, 5, 15)
    walker_, diags = load_walker(tmp_path, "demo", "ghost", library_parts(), registered_at=listed)
    assert walker_ is None and [d.code for d in diags] == ["library.part_missing"]
    assert diags[0].severity is Severity.WARNING and diags[0].span == listed


def test_a_key_given_twice(tmp_path):
    text = WALKER_TEXT.replace("  period: 0.02\n", "  period: 0.02\n  period: 0.04\n")
    d = load(tmp_path, text=text).only("library.duplicate_key", "period")
    assert d.labels and d.notes and "left out" in d.notes[-1]


def test_yaml_that_cannot_be_read(tmp_path):
    load(tmp_path, text="assembly: [unclosed\n").only("library.yaml_syntax")


def test_the_file_is_a_mapping(tmp_path):
    load(tmp_path, text="- quad_body\n").only("library.wrong_type")


@pytest.mark.parametrize("key", ["schema_version", "id", "description", "assembly", "gait",
                                 "controller", "provenance"])
def test_required_fields(tmp_path, key):
    load(tmp_path, walker(**{key: DELETE})).only("library.missing_field", f"'{key}'")


def test_unknown_field(tmp_path):
    load(tmp_path, walker(trainer="ppo")).only("library.unknown_field", "trainer")


def test_id_equals_the_directory_name(tmp_path):
    d = load(tmp_path, walker(id="dog_walker")).only("library.id_mismatch", "dog_walker")
    assert "quad_walker" in d.help[0]


def test_schema_version(tmp_path):
    load(tmp_path, walker(schema_version=2)).only("library.invalid_value", "schema_version")
    load(tmp_path, walker(schema_version="1")).only("library.wrong_type", "schema_version")


def test_provenance_values(tmp_path):
    load(tmp_path, walker(**{"provenance.license": 3})).only("library.wrong_type",
                                                             "provenance.license")
    load(tmp_path, walker(provenance="mine")).only("library.wrong_type", "provenance")


# -- assembly ----------------------------------------------------------------------------

@pytest.mark.parametrize("body,words", [
    ("no_such_body", ["no part the library loaded"]),
    ("lidar", ["a sensor"]),
    ("diff_base", ["do not list Legged"]),
    ("own_legs", ["legs of its own"]),
    ("hip_leg", ["a leg"]),
])
def test_the_body_is_a_legged_chassis_without_legs(tmp_path, body, words):
    load(tmp_path, walker(**{"assembly.body": body})).only("library.invalid_value",
                                                           "assembly.body", *words)


@pytest.mark.parametrize("limb,code,words", [
    ({"part": "lidar", "glue": [0, 0, 0, 0, 0, -1]}, "library.invalid_value", ["a sensor"]),
    ({"part": "quad_body", "glue": [0, 0, 0, 0, 0, -1]}, "library.invalid_value", ["a chassis"]),
    ({"part": "no_leg", "glue": [0, 0, 0, 0, 0, -1]}, "library.invalid_value", ["no part"]),
    ({"part": "hip_leg", "glue": [0, 0, 0, 0, -1]}, "library.wrong_type", ["glue"]),
    ({"part": "hip_leg", "glue": [0, 0, 0, 0, 0, -1, 0, 0]}, "library.wrong_type", ["glue"]),
    ({"part": "hip_leg", "glue": [0, 0, 0, 0, 0, -2]}, "library.not_unit_vector", ["glue"]),
    ({"part": "hip_leg", "glue": [0, 0, "z", 0, 0, -1]}, "library.wrong_type", ["glue"]),
    ({"part": "hip_leg"}, "library.missing_field", ["glue"]),
    ({"glue": [0, 0, 0, 0, 0, -1]}, "library.missing_field", ["part"]),
    ({"part": "hip_leg", "glue": [0, 0, 0, 0, 0, -1], "roll": 0}, "library.unknown_field",
     ["roll"]),
    ([0, 0, 0], "library.wrong_type", ["assembly.limbs.fl"]),
])
def test_limbs(tmp_path, limb, code, words):
    load(tmp_path, walker(**{"assembly.limbs.fl": limb})).only(code, *words)


@pytest.mark.parametrize("limbs", [{}, [], "fl"])
def test_limbs_that_name_no_leg(tmp_path, limbs):
    load(tmp_path, walker(**{"assembly.limbs": limbs})).only("library.wrong_type",
                                                             "assembly.limbs")


@pytest.mark.parametrize("name,words", [("body", ["body"]), ("front-left", ["identifier"])])
def test_limb_names(tmp_path, name, words):
    doc = walker()
    limbs = doc["assembly"]["limbs"]
    limbs[name] = limbs.pop("fl")
    doc["controller"]["joints"] = [j.replace("fl/", f"{name}/") for j in
                                   doc["controller"]["joints"]]
    load(tmp_path, doc).only("library.invalid_value", *words)


@pytest.mark.parametrize("glue", [
    [0.12, -0.08, -0.04, 0, 0, -1],              # where fr is
    [0.1215, -0.0812, -0.04, 0, 0, -1],          # within 2 mm of it
    [0.12, -0.08, -0.04, 0.0015, 0, -1],         # turned within 2 mrad
    [0.12, -0.08, -0.04, 0, 0, -1, 0.0015],      # rolled within 2 mrad
    [0.12, -0.08, -0.04, 0, 0, -1, 6.2826],      # a turn less 0.5 mrad
])
def test_two_legs_of_one_part_in_one_place(tmp_path, glue):
    d = load(tmp_path, walker(**{"assembly.limbs.fl.glue": glue})).only(
        "library.invalid_value", "fl", "fr", "either")
    assert d.labels


@pytest.mark.parametrize("glue", [
    [0.12, -0.0775, -0.04, 0, 0, -1],            # 2.5 mm away
    [0.12, -0.08, -0.04, 0.0025, 0, -1],         # turned 2.5 mrad
    [0.12, -0.08, -0.04, 0, 0, -1, 0.0025],      # rolled 2.5 mrad
    [0.12, -0.08, -0.04, 0.0016, 0, -1, 0.0016],  # turned and rolled 2.3 mrad together
])
def test_two_legs_of_one_part_apart(tmp_path, glue):
    ok(tmp_path, walker(**{"assembly.limbs.fl.glue": glue}))


def test_two_legs_of_different_parts_may_share_a_place(tmp_path):
    doc = walker(**{"assembly.limbs.fl.glue": [0.12, -0.08, -0.04, 0, 0, -1]})
    doc["assembly"]["limbs"]["fl"]["part"] = "peg_leg"
    doc["controller"]["joints"] = [j for j in doc["controller"]["joints"]
                                   if not j.startswith("fl/")]
    assert ok(tmp_path, doc).limbs[0].part == "peg_leg"


# -- controller --------------------------------------------------------------------------

@pytest.mark.parametrize("joints,code,words", [
    (["fl/hip", "fl/knee", "fr/hip", "fr/knee", "rl/hip", "rl/knee", "rr/hip"],
     "library.invalid_value", ["leaves out rr/knee"]),
    (WALKER["controller"]["joints"] + ["fl/hip"], "library.invalid_value", ["second time"]),
    (WALKER["controller"]["joints"] + ["ml/hip"], "library.invalid_value",
     ["'ml' is neither body nor a limb"]),
    (WALKER["controller"]["joints"] + ["fl/ankle"], "library.invalid_value", ["no link 'ankle'"]),
    (WALKER["controller"]["joints"] + ["hip"], "library.invalid_value", ["owner/link"]),
    (WALKER["controller"]["joints"] + [3], "library.wrong_type", ["joints"]),
    ([], "library.wrong_type", ["names no servo"]),
    ("fl/hip", "library.wrong_type", ["joints"]),
])
def test_joints_name_every_servo_once(tmp_path, joints, code, words):
    load(tmp_path, walker(**{"controller.joints": joints})).only(code, "controller.joints",
                                                                 *words)


def test_joints_in_any_order(tmp_path):
    joints = sorted(WALKER["controller"]["joints"], reverse=True)
    assert ok(tmp_path, walker(**{"controller.joints": joints})).controller["joints"] == joints


def test_joints_name_no_link_without_a_servo(tmp_path):
    doc = walker(**{"assembly.body": "head_body"})
    doc["controller"]["joints"] += ["body/neck", "body/lamp"]
    load(tmp_path, doc).only("library.invalid_value", "body/lamp", "no servo")


def test_joints_are_required(tmp_path):
    load(tmp_path, walker(**{"controller.joints": DELETE})).only("library.missing_field",
                                                                 "controller.joints")


def test_a_robot_with_no_servo_to_move(tmp_path):
    doc = walker()
    doc["assembly"]["limbs"] = {"fl": {"part": "peg_leg", "glue": [0.1, 0, 0, 0, 0, -1]},
                                "fr": {"part": "peg_leg", "glue": [-0.1, 0, 0, 0, 0, -1]}}
    doc["controller"]["joints"] = ["fl/peg"]
    r = load(tmp_path, doc)
    assert r.walker is None
    assert sorted(r.codes) == ["library.invalid_value"] * 2
    assert any("no servo to move" in d.message for d in r.diagnostics)


@pytest.mark.parametrize("hidden,code", [(["fl/knee"], None), (["knee"], "library.invalid_value"),
                                         (["fl/knee", "fl/knee"], "library.invalid_value"),
                                         ([], None)])
def test_hidden_names_servos_as_joints_does(tmp_path, hidden, code):
    doc = walker(**{"controller.hidden": hidden})
    if code is None:
        assert ok(tmp_path, doc).controller["hidden"] == hidden
    else:
        load(tmp_path, doc).only(code, "controller.hidden")


@pytest.mark.parametrize("link,code", [(None, None), ("body/neck", None), ("neck", None),
                                       ("knee", "library.invalid_value"),
                                       ("fl/knee", "library.invalid_value")])
def test_imu_is_on_a_body_link(tmp_path, link, code):
    doc = walker(**{"assembly.body": "head_body", "controller.imu.link": link})
    doc["controller"]["joints"].append("body/neck")
    if code is None:
        assert ok(tmp_path, doc).controller["imu"]["link"] == (link and "neck")
    else:
        load(tmp_path, doc).only(code, "controller.imu.link")


def test_a_walker_controller_is_a_policy(tmp_path):
    doc = walker(**{"controller.gait": {"period": 0.4, "duty": 0.55, "step_height": 0.07}})
    load(tmp_path, doc).only("library.unknown_field", "controller.gait")
    load(tmp_path, walker(**{"controller.policy": DELETE})).only("library.missing_field",
                                                                 "controller.policy")


@pytest.mark.parametrize("path,value,code,word", [
    ("controller.period", 0.021, "library.invalid_value", "controller.period"),
    ("controller.observation", ["gravity", "gravity"], "library.invalid_value",
     "controller.observation"),
    ("controller.simulator.integrator", "RK4", "library.invalid_value",
     "controller.simulator.integrator"),
    ("controller.action_scale", 0, "library.invalid_value", "controller.action_scale"),
    ("controller.observation", ["gravity", "phase"], "library.missing_field",
     "controller.phase"),
    ("gait.turn", [0.1, 0.8], "library.invalid_value", "gait.turn"),
    ("gait.turn", [0.8], "library.wrong_type", "gait.turn"),
])
def test_the_policy_and_gait_as_a_part_states_them(tmp_path, path, value, code, word):
    load(tmp_path, walker(**{path: value})).only(code, word)


def test_the_policy_file_is_the_walkers_own(tmp_path):
    load(tmp_path, walker(), policy=False).only("library.asset_missing", "controller.policy")
    load(tmp_path, walker(**{"controller.policy": "policy.onnx"})).only(
        "library.invalid_value", "controller.policy")


def test_every_problem_is_reported_and_none_blocks(tmp_path):
    doc = walker(**{"id": "other", "controller.period": 0, "assembly.body": "lidar"})
    r = load(tmp_path, doc)
    assert r.walker is None
    assert sorted(r.codes) == ["library.id_mismatch", "library.invalid_value",
                               "library.invalid_value"]
    assert all(d.severity is Severity.WARNING for d in r.diagnostics)


# -- the gains the policy was trained at ---------------------------------------------------

def test_a_walker_without_trained_gains_still_loads(tmp_path):
    assert ok(tmp_path, walker()).trained_kp is None


def test_one_trained_kp_is_every_joints(tmp_path):
    w = ok(tmp_path, walker(**{"controller.trained_kp": 15}))
    assert w.trained_kp == {j: 15.0 for j in WALKER["controller"]["joints"]}
    assert "trained_kp" not in w.controller          # the simulator's description is as it was
    assert w.spans["controller.trained_kp"].line > 0


def by_owner(kps: dict) -> dict:
    out: dict = {}
    for joint, kp in kps.items():
        owner, link = joint.split("/")
        out.setdefault(owner, {})[link] = kp
    return out


EVERY_15 = {j: 15 for j in WALKER["controller"]["joints"]}


def test_trained_kp_by_joint(tmp_path):
    by_joint = {j: 10.0 + i for i, j in enumerate(WALKER["controller"]["joints"])}
    w = ok(tmp_path, walker(**{"controller.trained_kp": by_owner(by_joint)}))
    assert w.trained_kp == by_joint


@pytest.mark.parametrize("value,code,words", [
    (0, "library.invalid_value", ["controller.trained_kp"]),
    (-15, "library.invalid_value", ["controller.trained_kp"]),
    ("stiff", "library.wrong_type", ["controller.trained_kp"]),
    ({"fl": {"hip": 15}}, "library.invalid_value", ["leaves out fl/knee"]),
    (by_owner({**EVERY_15, "fl/ankle": 15}), "library.invalid_value",
     ["'fl/ankle', which is not one of the walker's joints"]),
    (by_owner({**EVERY_15, "fl/hip": 0}), "library.invalid_value",
     ["controller.trained_kp.fl.hip"]),
    ({**by_owner(EVERY_15), "fl": 15}, "library.wrong_type", ["controller.trained_kp.fl"]),
])
def test_trained_kp_values(tmp_path, value, code, words):
    load(tmp_path, walker(**{"controller.trained_kp": value})).only(code, *words)

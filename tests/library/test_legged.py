"""The legged fields of a part: collision shape lists, links, servos, feet, gait and the
walking controller. Each rule is triggered once and met by a near miss.

Declarations are built as Python data and written as JSON, which is YAML, so a test can
change one value; tests about places use YAML text.
"""
from __future__ import annotations

import copy
import json

import pytest

from tests.library.policies import sizes_for, write_policy
from mobiledsl.diagnostics import Sink
from mobiledsl.library.controller import whole_steps
from mobiledsl.library.fields import Fields
from mobiledsl.library.legged import check_legged_fields
from mobiledsl.library.model import Foot, Gait, Link, LinkJoint, Servo, Shape
from mobiledsl.library.shapes import LINK_SHAPES, check_shape_list
from mobiledsl.yamlio import read_yaml

# -- builders ----------------------------------------------------------------------------

INERTIAL = {"mass": 0.05, "origin_xyz": [0, 0, 0],
            "inertia": {"ixx": 1e-05, "ixy": 0, "ixz": 0, "iyy": 1e-05, "iyz": 0, "izz": 1e-05},
            "source": "estimated", "basis": "a 50 g servo"}
VISUAL = {"file": "assets/link.glb", "xyz": [0, 0, 0], "rpy": [0, 0, 0]}
SERVO = {"kp": 4.0, "damping": 0.05, "armature": 0.0002, "frictionloss": 0.01, "effort": 0.6,
         "hold": 0.0}


def shape(kind="box", size=(0.03, 0.05, 0.03), origin=(0, 0, 0)):
    return {"type": kind, "size": list(size), "origin_xyz": list(origin), "rpy": [0, 0, 0]}


def revolute(parent=None, axis=(0, 1, 0), rng=(-1.5, 1.5), xyz=(0, 0, 0), collision=None,
             servo=None):
    link = {"parent": parent,
            "joint": {"type": "revolute", "xyz": list(xyz), "rpy": [0, 0, 0],
                      "axis": list(axis), "range": list(rng)},
            "inertial": copy.deepcopy(INERTIAL), "visual": dict(VISUAL),
            "servo": dict(servo or SERVO)}
    if collision is not None:
        link["collision"] = collision
    return link


def fixed(parent=None, xyz=(0, 0, 0), collision=None):
    link = {"parent": parent, "joint": {"type": "fixed", "xyz": list(xyz), "rpy": [0, 0, 0]},
            "inertial": copy.deepcopy(INERTIAL), "visual": dict(VISUAL)}
    if collision is not None:
        link["collision"] = collision
    return link


def shin():
    """A shin's collision: a capsule, then the ball at its end that a foot stands on."""
    return [shape("capsule", (0.02, 0.02, 0.13), (0, 0, -0.075)),
            shape("sphere", (0.03, 0.03, 0.03), (0, 0, -0.15))]


def quad_links():
    links = {}
    for corner, (x, y) in {"FL": (0.1, 0.05), "FR": (0.1, -0.05), "RL": (-0.1, 0.05),
                           "RR": (-0.1, -0.05)}.items():
        links[f"{corner}_hip"] = revolute(None, axis=(1, 0, 0), rng=(-0.8, 0.8), xyz=(x, y, 0))
        links[f"{corner}_knee"] = revolute(f"{corner}_hip", rng=(-2.6, 0), xyz=(0, 0, -0.1),
                                           collision=shin(), servo=dict(SERVO, hold=-1.2))
    return links


QUAD_FEET = {"front_left": {"link": "FL_knee", "shape": 1, "friction": 0.8},
             "front_right": {"link": "FR_knee", "shape": 1, "friction": 0.8},
             "rear_left": {"link": "RL_knee", "shape": 1, "friction": 0.8},
             "rear_right": {"link": "RR_knee", "shape": 1, "friction": 0.8}}
GAIT = {"ahead": [-0.5, 1.0], "aside": [-0.4, 0.4], "turn": [-1.0, 1.0]}
POLICY = {"policy": "assets/policy.onnx", "period": 0.02,
          "imu": {"link": None, "xyz": [-0.016, -0.067, -0.006], "rpy": [0, 0, 0]},
          "observation": ["linear_velocity", "angular_velocity", "gravity", "joint_angles",
                          "joint_velocities", "last_action", "command"],
          "action_scale": 0.5,
          "simulator": {"timestep": 0.004, "integrator": "Euler", "iterations": 1,
                        "ls_iterations": 5, "eulerdamp": False},
          "basis": "MuJoCo Playground's go1_policy.onnx (Apache-2.0)"}
GAIT_CONTROLLER = {"gait": {"period": 0.4, "duty": 0.55, "step_height": 0.07},
                   "basis": "a gait from the part's own model, with no training"}


def quad(**extra):
    """A Legged chassis with four legs of its own, walking by a policy."""
    doc = {"links": quad_links(), "feet": copy.deepcopy(QUAD_FEET), "gait": dict(GAIT),
           "controller": copy.deepcopy(POLICY)}
    doc.update(extra)
    return doc


def hip_leg():
    return {"links": {"hip": revolute(None), "knee": revolute("hip", rng=(-2.6, 0),
                                                              xyz=(0, 0, -0.15),
                                                              collision=shin(),
                                                              servo=dict(SERVO, hold=-1.0))},
            "feet": {"foot": {"link": "knee", "shape": 1, "friction": 0.8}}}


@pytest.fixture
def part_dir(tmp_path):
    (tmp_path / "assets").mkdir()
    for name in ("link.glb", "policy.onnx"):
        (tmp_path / "assets" / name).write_bytes(b"x")
    return tmp_path


class Result:
    def __init__(self, fields, diagnostics):
        self.fields = fields
        self.diagnostics = diagnostics

    @property
    def codes(self):
        return [d.code for d in self.diagnostics]

    def only(self, code, *words):
        """Exactly one diagnostic, of ``code``, whose message holds each of ``words``."""
        assert len(self.diagnostics) == 1, [(d.code, d.message) for d in self.diagnostics]
        d = self.diagnostics[0]
        assert d.code == code, (d.code, d.message)
        for word in words:
            assert word in d.message, d.message
        assert self.fields is None
        return d


def check(part_dir, doc, category="chassis", profiles=("Legged",), text=None, fit=True):
    file = str(part_dir / "component.yaml")
    if fit and doc is not None and isinstance(doc.get("controller"), dict):
        fit_policy(part_dir, doc)
    node, diags = read_yaml(text if text is not None else json.dumps(doc), file)
    assert not diags and node is not None
    sink = Sink()
    F = Fields(sink, file)
    fields = check_legged_fields(F, node, part_dir, category,
                                 None if profiles is None else set(profiles))
    assert (fields is None) == F.failed
    return Result(fields, sink.items)


def fit_policy(part_dir, doc):
    """assets/policy.onnx sized for the doc's observation and servos, as the loader reads
    the file against them."""
    links = doc.get("links") if isinstance(doc.get("links"), dict) else {}
    servos = sum(1 for link in links.values() if isinstance(link, dict) and "servo" in link
                 and (link.get("joint") or {}).get("type") == "revolute")
    write_policy(part_dir / "assets" / "policy.onnx", *sizes_for(doc["controller"], servos))


def ok(part_dir, doc, **kw):
    r = check(part_dir, doc, **kw)
    assert r.diagnostics == [], [(d.code, d.message) for d in r.diagnostics]
    assert r.fields is not None
    return r.fields


# -- collision shape lists ---------------------------------------------------------------

def shapes(node_text, allowed=("box", "sphere", "cylinder")):
    node, diags = read_yaml(node_text, "f.yaml")
    assert not diags
    sink = Sink()
    result = check_shape_list(Fields(sink, "f.yaml"), node.get("c"), "collision", allowed)
    return result, [d.code for d in sink.items], sink.items


def test_shape_list_reads_each_shape_as_floats():
    result, codes, _ = shapes("c: [{type: box, size: [1, 2, 3], origin_xyz: [0, 0, 0.5], "
                              "rpy: [0, 0, 1]}, {type: sphere, size: [0.1, 0.1, 0.1], "
                              "origin_xyz: [0, 0, 0], rpy: [0, 0, 0]}]")
    assert codes == []
    assert result == (Shape("box", (1.0, 2.0, 3.0), (0.0, 0.0, 0.5), (0.0, 0.0, 1.0)),
                      Shape("sphere", (0.1, 0.1, 0.1), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)))
    assert all(isinstance(v, float) for v in result[0].size)


def test_absent_shape_list_is_none_without_a_diagnostic():
    node, _ = read_yaml("a: 1", "f.yaml")
    sink = Sink()
    assert check_shape_list(Fields(sink, "f.yaml"), node.get("c"), "collision") is None
    assert sink.items == []


@pytest.mark.parametrize("text", ["c: []", "c: {type: box}", "c: ~", "c: box"])
def test_shape_list_that_is_no_list_or_empty_is_wrong_type(text):
    result, codes, _ = shapes(text)
    assert result is None and codes == ["library.wrong_type"]


def test_capsule_only_where_allowed():
    text = "c: [{type: capsule, size: [0.02, 0.02, 0.1], origin_xyz: [0, 0, 0], rpy: [0, 0, 0]}]"
    result, codes, diags = shapes(text)
    assert codes == ["library.invalid_value"] and "capsule" in diags[0].message
    result, codes, _ = shapes(text, LINK_SHAPES)
    assert codes == [] and result[0].type == "capsule"


@pytest.mark.parametrize("text,code", [
    ("{type: hull, size: [1, 1, 1], origin_xyz: [0, 0, 0], rpy: [0, 0, 0]}", "library.invalid_value"),
    ("{type: cone, size: [1, 1, 1], origin_xyz: [0, 0, 0], rpy: [0, 0, 0]}", "library.invalid_value"),
    ("{type: box, size: [1, 0, 1], origin_xyz: [0, 0, 0], rpy: [0, 0, 0]}", "library.invalid_value"),
    ("{type: box, size: [1, -1, 1], origin_xyz: [0, 0, 0], rpy: [0, 0, 0]}", "library.invalid_value"),
    ("{type: box, size: [1, 1], origin_xyz: [0, 0, 0], rpy: [0, 0, 0]}", "library.wrong_type"),
    ("{type: box, size: [1, 1, 1], origin_xyz: [0, 0, 0]}", "library.missing_field"),
    ("{type: box, size: [1, 1, 1], origin_xyz: [0, 0, 0], rpy: [0, 0, 0], mass: 1}",
     "library.unknown_field"),
    ("{type: 3, size: [1, 1, 1], origin_xyz: [0, 0, 0], rpy: [0, 0, 0]}", "library.wrong_type"),
    ("[box]", "library.wrong_type"),
])
def test_bad_shape(text, code):
    result, codes, _ = shapes(f"c: [{text}]")
    assert result is None and codes == [code]


# -- links -------------------------------------------------------------------------------

def test_pan_tilt_head_reads_into_records(part_dir):
    doc = {"links": {"head": revolute(None, axis=(0, 0, 1), rng=(-1.57, 1.57),
                                      xyz=(0, 0, 0.02), collision=[shape()],
                                      servo=dict(SERVO, hold=0.5, basis="datasheet"))}}
    fields = ok(part_dir, doc, category="attachment", profiles=("Attachment",))
    (head,) = fields.links
    assert head == Link(
        "head", None, LinkJoint("revolute", (0.0, 0.0, 0.02), (0.0, 0.0, 0.0), (0.0, 0.0, 1.0),
                                (-1.57, 1.57)),
        head.inertial, head.visual,
        (Shape("box", (0.03, 0.05, 0.03), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)),),
        Servo(4.0, 0.05, 0.0002, 0.01, 0.6, 0.5, "datasheet"))
    assert head.inertial.mass == 0.05 and head.visual.file == "assets/link.glb"
    assert fields.feet == () and fields.gait is None and fields.controller is None


def test_links_keep_declaration_order_and_parents(part_dir):
    fields = ok(part_dir, hip_leg(), category="leg", profiles=("Leg",))
    assert [(l.name, l.parent) for l in fields.links] == [("hip", None), ("knee", "hip")]
    assert fields.links[1].collision[0].type == "capsule"
    assert fields.feet == (Foot("foot", "knee", 1, 0.8),)


@pytest.mark.parametrize("category", ["chassis", "attachment", "leg"])
def test_links_allowed_on_chassis_attachment_and_leg(part_dir, category):
    doc = {"links": {"head": fixed(None)}}
    if category == "leg":
        doc = hip_leg()
    ok(part_dir, doc, category=category, profiles=("Leg",) if category == "leg" else ())


@pytest.mark.parametrize("category", ["sensor", "wheel", "motor", "battery"])
def test_links_on_other_parts_unsupported(part_dir, category):
    check(part_dir, {"links": {"head": fixed(None)}}, category=category,
          profiles=()).only("library.unsupported", "links")


def test_leg_without_links_or_feet_is_missing_them(part_dir):
    r = check(part_dir, {}, category="leg", profiles=("Leg",))
    assert sorted(r.codes) == ["library.missing_field"] * 2
    assert {"'links'", "'feet'"} == {d.message.split(" ")[0] for d in r.diagnostics}


@pytest.mark.parametrize("value", [{}, [], None, "head"])
def test_links_that_name_no_link(part_dir, value):
    check(part_dir, {"links": value}, category="attachment",
          profiles=()).only("library.wrong_type", "links")


def test_link_name_must_be_an_identifier(part_dir):
    check(part_dir, {"links": {"pan-head": fixed(None)}}, category="attachment",
          profiles=()).only("library.invalid_value", "pan-head", "identifier")


def test_link_must_be_a_mapping(part_dir):
    check(part_dir, {"links": {"head": [1, 2]}}, category="attachment",
          profiles=()).only("library.wrong_type", "links.head")


@pytest.mark.parametrize("key", ["parent", "joint", "inertial", "visual"])
def test_link_required_fields(part_dir, key):
    link = fixed(None)
    del link[key]
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.missing_field", f"links.head.{key}")


def test_link_unknown_field(part_dir):
    link = dict(fixed(None), connectors={})
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.unknown_field", "links.head.connectors")


@pytest.mark.parametrize("parent,words", [
    ("nowhere", ["'nowhere'", "no link"]),
    ("tilt", ["'tilt'", "declared below"]),
    ("pan", ["itself"]),
])
def test_link_parent_must_be_declared_above(part_dir, parent, words):
    doc = {"links": {"base": fixed(None), "pan": fixed(parent), "tilt": fixed("pan")}}
    check(part_dir, doc, category="attachment", profiles=()).only("library.invalid_value",
                                                                    *words)


def test_link_parent_above_is_fine(part_dir):
    doc = {"links": {"base": fixed(None), "pan": fixed("base"), "tilt": fixed("base")}}
    assert [l.parent for l in ok(part_dir, doc, category="attachment",
                                 profiles=()).links] == [None, "base", "base"]


def test_link_parent_of_the_wrong_type(part_dir):
    check(part_dir, {"links": {"head": fixed(3)}}, category="attachment",
          profiles=()).only("library.wrong_type", "links.head.parent")


@pytest.mark.parametrize("kind,words", [("prismatic", ["slides"]), ("continuous", ["range"]),
                                        ("ball", ["revolute or fixed"])])
def test_link_joint_is_revolute_or_fixed(part_dir, kind, words):
    link = revolute(None)
    link["joint"]["type"] = kind
    del link["servo"]
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.invalid_value", *words)


def test_link_joint_axis_must_be_unit(part_dir):
    check(part_dir, {"links": {"head": revolute(None, axis=(0, 0, 1.01))}},
          category="attachment", profiles=()).only("library.not_unit_vector",
                                                   "links.head.joint.axis")
    ok(part_dir, {"links": {"head": revolute(None, axis=(0, 0, 1.0009))}},
       category="attachment", profiles=())


@pytest.mark.parametrize("rng,code", [
    ([1.0, -1.0], "library.invalid_value"),
    ([0.5, 0.5], "library.invalid_value"),
    ([-1, 0, 1], "library.wrong_type"),
    ([-1, "1"], "library.wrong_type"),
    (1.0, "library.wrong_type"),
])
def test_link_joint_range(part_dir, rng, code):
    link = revolute(None)
    link["joint"]["range"] = rng
    link["servo"]["hold"] = 1.0 if rng == [1.0, -1.0] else 0.5
    r = check(part_dir, {"links": {"head": link}}, category="attachment", profiles=())
    assert r.codes == [code], [(d.code, d.message) for d in r.diagnostics]


def test_link_joint_range_near_miss(part_dir):
    link = revolute(None, rng=(-2.6, 0))
    link["servo"]["hold"] = 0
    assert ok(part_dir, {"links": {"knee": link}}, category="attachment",
              profiles=()).links[0].joint.range == (-2.6, 0.0)


@pytest.mark.parametrize("key", ["axis", "range", "xyz", "rpy", "type"])
def test_revolute_joint_required_fields(part_dir, key):
    link = revolute(None)
    del link["joint"][key]
    if key == "type":
        del link["servo"]
    r = check(part_dir, {"links": {"head": link}}, category="attachment", profiles=())
    r.only("library.missing_field", f"links.head.joint.{key}")


@pytest.mark.parametrize("key,value", [("axis", [0, 0, 1]), ("range", [-1, 1])])
def test_fixed_joint_states_no_axis_or_range(part_dir, key, value):
    link = fixed(None)
    link["joint"][key] = value
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.unsupported", f"links.head.joint.{key}")


def test_fixed_joint_states_no_servo(part_dir):
    link = dict(fixed(None), servo=dict(SERVO))
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.unsupported", "links.head.servo")


def test_revolute_joint_needs_a_servo(part_dir):
    link = revolute(None)
    del link["servo"]
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.missing_field", "links.head.servo")


@pytest.mark.parametrize("key,value", [
    ("kp", 0), ("kp", -1), ("effort", 0), ("damping", -0.01), ("armature", -1e-6),
    ("frictionloss", -0.1), ("hold", 1.6), ("hold", -1.5001),
])
def test_servo_values(part_dir, key, value):
    link = revolute(None)
    link["servo"][key] = value
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.invalid_value", f"links.head.servo.{key}")


def test_servo_near_misses(part_dir):
    link = revolute(None)
    link["servo"].update(damping=0, armature=0, frictionloss=0, hold=1.5, kp=1e-3)
    servo = ok(part_dir, {"links": {"head": link}}, category="attachment",
               profiles=()).links[0].servo
    assert servo == Servo(1e-3, 0.0, 0.0, 0.0, 0.6, 1.5, None)


@pytest.mark.parametrize("key", ["kp", "damping", "armature", "frictionloss", "effort", "hold"])
def test_servo_required_fields(part_dir, key):
    link = revolute(None)
    del link["servo"][key]
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.missing_field", f"links.head.servo.{key}")


def test_servo_unknown_field_and_types(part_dir):
    link = revolute(None)
    link["servo"]["velocity"] = 3
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.unknown_field", "velocity")
    link = revolute(None)
    link["servo"]["kp"] = "stiff"
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.wrong_type", "links.head.servo.kp")
    link = revolute(None)
    link["servo"]["basis"] = 3
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.wrong_type", "links.head.servo.basis")


def test_link_inertial_visual_and_collision_are_checked(part_dir):
    link = revolute(None)
    link["inertial"]["mass"] = 0
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.invalid_value", "links.head.inertial.mass")
    link = revolute(None)
    link["visual"]["file"] = "assets/missing.glb"
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.asset_missing", "links.head.visual.file")
    link = revolute(None, collision=[shape("hull")])
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.invalid_value", "links.head.collision[0].type")
    link = revolute(None, collision=[])
    check(part_dir, {"links": {"head": link}}, category="attachment",
          profiles=()).only("library.wrong_type", "links.head.collision")


def test_every_link_problem_is_reported(part_dir):
    bad = revolute("later", axis=(0, 0, 2))
    bad["servo"]["kp"] = 0
    doc = {"links": {"head": bad, "later": fixed(None, collision=[shape("cone")])}}
    r = check(part_dir, doc, category="attachment", profiles=())
    assert sorted(r.codes) == ["library.invalid_value", "library.invalid_value",
                               "library.invalid_value", "library.not_unit_vector"]


# -- feet --------------------------------------------------------------------------------

def test_quad_reads_its_feet_gait_and_policy(part_dir):
    fields = ok(part_dir, quad())
    assert len(fields.links) == 8
    assert fields.feet == tuple(Foot(n, f["link"], 1, 0.8) for n, f in QUAD_FEET.items())
    assert fields.gait == Gait((-0.5, 1.0), (-0.4, 0.4), (-1.0, 1.0))
    assert all(isinstance(v, float) for v in fields.gait.ahead)
    c = fields.controller
    assert c == {"policy": "assets/policy.onnx", "period": 0.02,
                 "imu": {"link": None, "xyz": [-0.016, -0.067, -0.006], "rpy": [0.0, 0.0, 0.0]},
                 "observation": POLICY["observation"], "action_scale": 0.5,
                 "simulator": {"timestep": 0.004, "integrator": "Euler", "iterations": 1,
                               "ls_iterations": 5, "eulerdamp": False},
                 "basis": POLICY["basis"]}
    assert isinstance(c["period"], float) and isinstance(c["simulator"]["iterations"], int)
    json.dumps(c)                       # plain data


def test_feet_on_a_part_neither_legged_nor_a_leg(part_dir):
    doc = quad()
    del doc["gait"], doc["controller"]
    check(part_dir, doc, profiles=("Diff_drive",)).only("library.unsupported", "feet")


def test_feet_without_links(part_dir):
    doc = quad()
    del doc["links"], doc["controller"]
    check(part_dir, doc).only("library.missing_field", "'links'")


@pytest.mark.parametrize("value", [{}, [], "FL_knee"])
def test_feet_that_name_no_foot(part_dir, value):
    check(part_dir, quad(feet=value, controller=GAIT_CONTROLLER)).only("library.wrong_type",
                                                                       "feet")


def test_foot_that_is_not_a_mapping(part_dir):
    feet = dict(QUAD_FEET, front_left=3)
    check(part_dir, quad(feet=feet)).only("library.wrong_type", "feet.front_left")


def test_foot_name_must_be_an_identifier(part_dir):
    feet = dict(QUAD_FEET)
    feet["front-left"] = feet.pop("front_left")
    check(part_dir, quad(feet=feet)).only("library.invalid_value", "front-left")


@pytest.mark.parametrize("key", ["link", "shape", "friction"])
def test_foot_required_fields(part_dir, key):
    feet = copy.deepcopy(QUAD_FEET)
    del feet["front_left"][key]
    check(part_dir, quad(feet=feet)).only("library.missing_field", f"feet.front_left.{key}")


@pytest.mark.parametrize("key,value,code,words", [
    ("link", 3, "library.wrong_type", ["feet.front_left.link"]),
    ("link", "FL_ankle", "library.invalid_value", ["'FL_ankle'", "no link"]),
    ("shape", "1", "library.wrong_type", ["feet.front_left.shape"]),
    ("shape", 1.5, "library.invalid_value", ["whole number"]),
    ("shape", -1, "library.invalid_value", ["whole number"]),
    ("shape", 2, "library.invalid_value", ["2 collision shapes"]),
    ("friction", 0, "library.invalid_value", ["positive"]),
    ("friction", -0.5, "library.invalid_value", ["positive"]),
    ("friction", "grippy", "library.wrong_type", ["feet.front_left.friction"]),
])
def test_foot_values(part_dir, key, value, code, words):
    feet = copy.deepcopy(QUAD_FEET)
    feet["front_left"][key] = value
    check(part_dir, quad(feet=feet)).only(code, *words)


def test_foot_shape_near_misses(part_dir):
    feet = copy.deepcopy(QUAD_FEET)
    feet["front_left"]["shape"] = 0          # the capsule
    feet["front_right"]["shape"] = 1.0       # a whole number written with a point
    fields = ok(part_dir, quad(feet=feet))
    assert [f.shape for f in fields.feet][:2] == [0, 1]


def test_foot_on_a_link_without_collision(part_dir):
    feet = copy.deepcopy(QUAD_FEET)
    feet["front_left"]["link"] = "FL_hip"
    feet["front_left"]["shape"] = 0
    check(part_dir, quad(feet=feet)).only("library.invalid_value", "states no collision")


def test_foot_on_a_cylinder_is_unsupported(part_dir):
    doc = quad()
    doc["links"]["FL_knee"]["collision"][1] = shape("cylinder", (0.03, 0.03, 0.01))
    check(part_dir, doc).only("library.unsupported", "cylinder")
    doc["links"]["FL_knee"]["collision"][1] = shape("box", (0.03, 0.03, 0.01))
    ok(part_dir, doc)


def test_two_feet_on_one_shape(part_dir):
    feet = copy.deepcopy(QUAD_FEET)
    feet["front_right"]["link"] = "FL_knee"
    check(part_dir, quad(feet=feet)).only("library.invalid_value", "feet.front_left")


def test_two_feet_on_two_shapes_of_one_link(part_dir):
    feet = copy.deepcopy(QUAD_FEET)
    feet["front_right"] = {"link": "FL_knee", "shape": 0, "friction": 0.8}
    ok(part_dir, quad(feet=feet))


def test_a_leg_states_feet(part_dir):
    leg = hip_leg()
    del leg["feet"]
    check(part_dir, leg, category="leg", profiles=("Leg",)).only("library.missing_field",
                                                                 "'feet'")


# -- Legged profile, gait ----------------------------------------------------------------

@pytest.mark.parametrize("category", ["attachment", "leg", "wheel"])
def test_a_part_used_as_legged_that_is_not_a_chassis(part_dir, category):
    text = "profiles:\n  Legged: {mounts: {deck: deck}}\n"
    if category == "leg":
        text += "".join(f"{key}: {json.dumps(value)}\n" for key, value in hip_leg().items())
    r = check(part_dir, None, category=category, profiles=("Legged",), text=text)
    d = r.only("library.invalid_value", "profiles.Legged", category)
    assert (d.span.line, d.span.column) == (2, 3)


def test_legged_chassis_states_a_gait(part_dir):
    doc = quad()
    del doc["gait"]
    check(part_dir, doc).only("library.missing_field", "'gait'")


def test_a_body_states_a_gait_and_no_feet(part_dir):
    fields = ok(part_dir, {"gait": GAIT, "controller": GAIT_CONTROLLER})
    assert fields.links == () and fields.feet == ()
    assert fields.controller == {"gait": {"period": 0.4, "duty": 0.55, "step_height": 0.07},
                                 "basis": GAIT_CONTROLLER["basis"]}


def test_no_gait_is_fine_on_a_chassis_not_used_as_legged(part_dir):
    ok(part_dir, {"links": {"head": fixed(None)}}, profiles=("Diff_drive",))


@pytest.mark.parametrize("key", ["gait", "controller"])
def test_gait_and_controller_on_a_part_not_used_as_legged(part_dir, key):
    value = GAIT if key == "gait" else GAIT_CONTROLLER
    check(part_dir, {key: value}, profiles=("Diff_drive",)).only("library.unsupported", key)


@pytest.mark.parametrize("key", ["gait", "controller"])
def test_gait_and_controller_on_a_leg(part_dir, key):
    leg = hip_leg()
    leg[key] = GAIT if key == "gait" else GAIT_CONTROLLER
    check(part_dir, leg, category="leg", profiles=("Leg",)).only("library.unsupported", key)


@pytest.mark.parametrize("key", ["ahead", "aside", "turn"])
def test_gait_required_ranges(part_dir, key):
    gait = dict(GAIT)
    del gait[key]
    check(part_dir, quad(gait=gait)).only("library.missing_field", f"gait.{key}")


@pytest.mark.parametrize("value,code,words", [
    ([1.0], "library.wrong_type", []),
    ([-1, 0, 1], "library.wrong_type", []),
    (0.5, "library.wrong_type", []),
    ([1.0, -0.5], "library.invalid_value", ["lowest"]),
    ([0.1, 1.0], "library.invalid_value", ["standing still"]),
    ([-1.0, -0.1], "library.invalid_value", ["standing still"]),
])
def test_gait_range_values(part_dir, value, code, words):
    gait = dict(GAIT, ahead=value)
    check(part_dir, quad(gait=gait)).only(code, "gait.ahead", *words)


@pytest.mark.parametrize("value", [[0, 0], [0, 1.0], [-0.5, 0]])
def test_gait_range_near_misses(part_dir, value):
    assert ok(part_dir, quad(gait=dict(GAIT, aside=value))).gait.aside == tuple(map(float, value))


def test_gait_not_a_mapping_and_unknown_field(part_dir):
    check(part_dir, quad(gait=[1, 2])).only("library.wrong_type", "gait")
    check(part_dir, quad(gait=dict(GAIT, climb=[0, 1]))).only("library.unknown_field",
                                                              "gait.climb")


# -- walking controller ------------------------------------------------------------------

def policy(**changes):
    out = copy.deepcopy(POLICY)
    for key, value in changes.items():
        if value is DELETE:
            del out[key]
        else:
            out[key] = value
    return out


DELETE = object()


def test_controller_that_is_not_a_mapping(part_dir):
    check(part_dir, quad(controller="go1.onnx")).only("library.wrong_type", "controller")


def test_controller_with_neither_policy_nor_gait(part_dir):
    check(part_dir, quad(controller={"basis": "x"})).only("library.missing_field", "neither")


def test_controller_with_both_policy_and_gait(part_dir):
    c = policy(gait=GAIT_CONTROLLER["gait"])
    check(part_dir, quad(controller=c)).only("library.unknown_field", "both")


def test_policy_on_a_chassis_with_no_feet_of_its_own(part_dir):
    doc = {"links": {"head": revolute(None)}, "gait": GAIT, "controller": policy()}
    check(part_dir, doc).only("library.unsupported", "controller.policy", "no feet")


def test_policy_on_a_part_none_of_whose_links_has_a_servo(part_dir):
    links = {"frame": fixed(None, collision=[shape("sphere", (0.04, 0.04, 0.04))])}
    feet = {"pad": {"link": "frame", "shape": 0, "friction": 1.0}}
    doc = {"links": links, "feet": feet, "gait": GAIT, "controller": policy()}
    check(part_dir, doc).only("library.invalid_value", "none of whose links has a servo")


@pytest.mark.parametrize("key", ["period", "imu", "observation", "action_scale", "simulator",
                                 "basis"])
def test_policy_required_fields(part_dir, key):
    check(part_dir, quad(controller=policy(**{key: DELETE}))).only(
        "library.missing_field", f"controller.{key}")


def test_policy_unknown_field(part_dir):
    check(part_dir, quad(controller=policy(joints=["FL_hip"]))).only(
        "library.unknown_field", "controller.joints")


@pytest.mark.parametrize("value,code", [
    ("assets/nothing.onnx", "library.asset_missing"),
    ("policy.onnx", "library.invalid_value"),
    ("../policy.onnx", "library.invalid_value"),
    (3, "library.wrong_type"),
])
def test_policy_file(part_dir, value, code):
    (part_dir / "policy.onnx").write_bytes(b"x")
    check(part_dir, quad(controller=policy(policy=value))).only(code, "controller.policy")


def test_a_policy_file_of_another_size_is_refused_at_the_parts_policy(part_dir):
    """The quad's 8 servos and its observation (3 + 3 + 3 + 8 + 8 + 8 + 3 = 36 numbers)."""
    write_policy(part_dir / "assets" / "policy.onnx", 36, 12)
    d = check(part_dir, quad(), fit=False).only("library.policy_shape")
    assert "[1, 12]" in d.message and "8 servos" in d.message
    assert d.span.file.endswith("component.yaml")
    write_policy(part_dir / "assets" / "policy.onnx", 36, 8)
    ok(part_dir, quad(), fit=False)


@pytest.mark.parametrize("period,timestep", [(0.021, 0.004), (0.002, 0.004), (0.01, 0.003)])
def test_period_is_a_whole_number_of_steps(part_dir, period, timestep):
    c = policy(period=period)
    c["simulator"]["timestep"] = timestep
    check(part_dir, quad(controller=c)).only("library.invalid_value", "controller.period",
                                             "whole number")


@pytest.mark.parametrize("period,timestep", [(0.02, 0.004), (0.004, 0.004), (0.03, 0.002),
                                             (0.1, 0.005), (1e-2, 2e-3)])
def test_period_near_misses(part_dir, period, timestep):
    c = policy(period=period)
    c["simulator"]["timestep"] = timestep
    ok(part_dir, quad(controller=c))


def test_whole_steps_on_decimals_as_written():
    assert whole_steps("0.02", "0.004") == 5        # 0.02 / 0.004 is 5.000000000000001 in floats
    assert whole_steps("0.3", "0.1") == 3
    assert whole_steps("0.020000000000000004", "0.004") == 5
    assert whole_steps("0.0201", "0.004") is None
    assert whole_steps("0.002", "0.004") is None


@pytest.mark.parametrize("key,value", [("period", 0), ("period", -0.02),
                                       ("action_scale", 0), ("action_scale", -1)])
def test_policy_positive_numbers(part_dir, key, value):
    check(part_dir, quad(controller=policy(**{key: value}))).only("library.invalid_value",
                                                                  f"controller.{key}")


@pytest.mark.parametrize("imu,code", [
    ({"link": "trunk", "xyz": [0, 0, 0], "rpy": [0, 0, 0]}, "library.invalid_value"),
    ({"link": 3, "xyz": [0, 0, 0], "rpy": [0, 0, 0]}, "library.wrong_type"),
    ({"link": None, "xyz": [0, 0], "rpy": [0, 0, 0]}, "library.wrong_type"),
    ({"link": None, "xyz": [0, 0, 0]}, "library.missing_field"),
    ({"xyz": [0, 0, 0], "rpy": [0, 0, 0]}, "library.missing_field"),
    ([0, 0, 0], "library.wrong_type"),
])
def test_imu(part_dir, imu, code):
    check(part_dir, quad(controller=policy(imu=imu))).only(code, "controller.imu")


def test_imu_on_a_link_of_the_part(part_dir):
    imu = {"link": "FL_hip", "xyz": [0, 0, 0], "rpy": [0, 0, 0]}
    assert ok(part_dir, quad(controller=policy(imu=imu))).controller["imu"]["link"] == "FL_hip"


@pytest.mark.parametrize("value,code,words", [
    ([], "library.wrong_type", ["names no term"]),
    ("gravity", "library.wrong_type", []),
    (["gravity", "height"], "library.invalid_value", ["'height'", "eight"]),
    (["gravity", "command", "gravity"], "library.invalid_value", ["second time"]),
    (["gravity", 3], "library.wrong_type", []),
])
def test_observation(part_dir, value, code, words):
    check(part_dir, quad(controller=policy(observation=value))).only(
        code, "controller.observation", *words)


def test_observation_takes_each_of_the_eight_terms_once(part_dir):
    terms = ["phase", "last_action", "joint_velocities", "joint_angles", "command", "gravity",
             "angular_velocity", "linear_velocity"]
    c = policy(observation=terms, phase={"frequency": 1.5, "offsets": [0, 3.14159, 3.14159, 0]})
    fields = ok(part_dir, quad(controller=c))
    assert fields.controller["observation"] == terms
    assert fields.controller["phase"] == {"frequency": 1.5,
                                          "offsets": [0.0, 3.14159, 3.14159, 0.0]}


@pytest.mark.parametrize("hidden,code,words", [
    (["FL_ankle"], "library.invalid_value", ["no servo"]),
    (["FL_hip", "FL_hip"], "library.invalid_value", ["second time"]),
    ("FL_hip", "library.wrong_type", []),
    ([7], "library.wrong_type", []),
])
def test_hidden(part_dir, hidden, code, words):
    check(part_dir, quad(controller=policy(hidden=hidden))).only(code, "controller.hidden",
                                                                 *words)


def test_hidden_link_that_no_servo_turns(part_dir):
    doc = quad(controller=policy(hidden=["toe"]))
    doc["links"]["toe"] = fixed("FL_knee")
    check(part_dir, doc).only("library.invalid_value", "'toe'", "no servo")


def test_hidden_near_miss(part_dir):
    fields = ok(part_dir, quad(controller=policy(hidden=["FL_hip", "RR_hip"])))
    assert fields.controller["hidden"] == ["FL_hip", "RR_hip"]
    assert "hidden" not in ok(part_dir, quad()).controller


def phased(**phase):
    base = {"frequency": 1.5, "offsets": [0, 3.14]}
    base.update(phase)
    return policy(observation=POLICY["observation"] + ["phase"],
                  phase={k: v for k, v in base.items() if v is not DELETE})


def test_phase_required_when_observed(part_dir):
    c = policy(observation=POLICY["observation"] + ["phase"])
    check(part_dir, quad(controller=c)).only("library.missing_field", "controller.phase")


def test_phase_only_when_observed(part_dir):
    c = policy(phase={"frequency": 1.5, "offsets": [0]})
    check(part_dir, quad(controller=c)).only("library.invalid_value", "controller.phase",
                                             "does not list")


@pytest.mark.parametrize("changes,code,words", [
    ({"frequency": 0}, "library.invalid_value", ["frequency"]),
    ({"frequency": DELETE}, "library.missing_field", ["frequency"]),
    ({"offsets": []}, "library.wrong_type", ["offsets", "names no offset"]),
    ({"offsets": 0.5}, "library.wrong_type", ["offsets"]),
    ({"offsets": ["a"]}, "library.wrong_type", ["offsets"]),
    ({"still_below": 0.1}, "library.missing_field", ["still_at"]),
    ({"still_at": 0.0}, "library.missing_field", ["still_below"]),
    ({"still_below": 0, "still_at": 0}, "library.invalid_value", ["still_below"]),
    ({"speed": 1}, "library.unknown_field", ["speed"]),
])
def test_phase_fields(part_dir, changes, code, words):
    check(part_dir, quad(controller=phased(**changes))).only(code, "controller.phase", *words)


def test_phase_still_pair_near_miss(part_dir):
    fields = ok(part_dir, quad(controller=phased(still_below=0.1, still_at=1.5708)))
    assert fields.controller["phase"] == {"frequency": 1.5, "offsets": [0.0, 3.14],
                                          "still_below": 0.1, "still_at": 1.5708}


def sim(**changes):
    c = policy()
    for key, value in changes.items():
        if value is DELETE:
            del c["simulator"][key]
        else:
            c["simulator"][key] = value
    return c


@pytest.mark.parametrize("changes,code,words", [
    ({"timestep": 0}, "library.invalid_value", ["timestep", "positive"]),
    ({"timestep": "4ms"}, "library.wrong_type", ["timestep"]),
    ({"integrator": "RK4"}, "library.invalid_value", ["RK4", "two halves"]),
    ({"integrator": "euler"}, "library.invalid_value", ["integrator"]),
    ({"iterations": 0}, "library.invalid_value", ["2147483647"]),
    ({"iterations": 2147483648}, "library.invalid_value", ["2147483647"]),
    ({"ls_iterations": 2.5}, "library.invalid_value", ["ls_iterations"]),
    ({"ls_iterations": -1}, "library.invalid_value", ["ls_iterations"]),
    ({"iterations": "many"}, "library.wrong_type", ["iterations"]),
    ({"eulerdamp": "no"}, "library.wrong_type", ["eulerdamp", "true or false"]),
    ({"eulerdamp": 0}, "library.wrong_type", ["eulerdamp"]),
    ({"ls_iterations": DELETE}, "library.missing_field", ["ls_iterations"]),
    ({"solver": "Newton"}, "library.unknown_field", ["solver"]),
])
def test_simulator(part_dir, changes, code, words):
    check(part_dir, quad(controller=sim(**changes))).only(code, "controller.simulator", *words)


@pytest.mark.parametrize("changes", [{"integrator": "implicit"}, {"integrator": "implicitfast"},
                                     {"iterations": 2147483647}, {"eulerdamp": True},
                                     {"ls_iterations": 5.0}])
def test_simulator_near_misses(part_dir, changes):
    simulator = ok(part_dir, quad(controller=sim(**changes))).controller["simulator"]
    for key, value in changes.items():
        assert simulator[key] == value and type(simulator[key]) is type(value) or \
            (key == "ls_iterations" and simulator[key] == 5 and type(simulator[key]) is int)


def test_simulator_not_a_mapping(part_dir):
    check(part_dir, quad(controller=policy(simulator="mujoco"))).only(
        "library.wrong_type", "controller.simulator")


# -- a gait controller -------------------------------------------------------------------

def gaited(**gait):
    c = copy.deepcopy(GAIT_CONTROLLER)
    for key, value in gait.items():
        if value is DELETE:
            del c["gait"][key]
        else:
            c["gait"][key] = value
    return c


def test_gait_controller_on_a_quad(part_dir):
    assert ok(part_dir, quad(controller=gaited())).controller == {
        "gait": {"period": 0.4, "duty": 0.55, "step_height": 0.07},
        "basis": GAIT_CONTROLLER["basis"]}


@pytest.mark.parametrize("changes,code,words", [
    ({"period": 0}, "library.invalid_value", ["period", "positive"]),
    ({"step_height": 0}, "library.invalid_value", ["step_height", "positive"]),
    ({"duty": 0.5}, "library.invalid_value", ["more than 0.5"]),
    ({"duty": 1.0}, "library.invalid_value", ["less than 1"]),
    ({"duty": 0.51}, "library.invalid_value", ["4 ms", "8 ms"]),        # 0.01 x 0.4 s
    ({"duty": 0.91}, "library.invalid_value", ["36 ms", "40 ms"]),      # 0.09 x 0.4 s
    ({"period": 0.09, "duty": 0.6}, "library.invalid_value", ["in the air"]),
    ({"duty": "half"}, "library.wrong_type", ["duty"]),
    ({"step_height": DELETE}, "library.missing_field", ["step_height"]),
    ({"duty": DELETE}, "library.missing_field", ["duty"]),
    ({"stride": 0.1}, "library.unknown_field", ["stride"]),
])
def test_gait_controller_values(part_dir, changes, code, words):
    check(part_dir, quad(controller=gaited(**changes))).only(code, "controller.gait", *words)


@pytest.mark.parametrize("changes", [{"duty": 0.52}, {"duty": 0.9}, {"period": 0.096,
                                                                       "duty": 0.5833333333333333}])
def test_gait_controller_timing_near_misses(part_dir, changes):
    """Exactly 8 ms with every foot down and 40 ms in the air pass, judged on the decimals."""
    if "period" in changes:
        changes = {"period": 0.096, "duty": 0.583333333334}   # 8.000000000032 ms, 39.99999999 ms
        check(part_dir, quad(controller=gaited(**changes))).only("library.invalid_value",
                                                                 "in the air")
        changes = {"period": 0.096, "duty": 0.58333333333}    # 7.99999999968 ms all down
        check(part_dir, quad(controller=gaited(**changes))).only("library.invalid_value",
                                                                 "together")
        return
    ok(part_dir, quad(controller=gaited(**changes)))


def test_gait_controller_fields(part_dir):
    check(part_dir, quad(controller={"gait": GAIT_CONTROLLER["gait"]})).only(
        "library.missing_field", "controller.basis")
    check(part_dir, quad(controller={"gait": [0.4, 0.55], "basis": "x"})).only(
        "library.wrong_type", "controller.gait")
    check(part_dir, quad(controller=dict(GAIT_CONTROLLER, period=0.02))).only(
        "library.unknown_field", "controller.period")


def test_gait_needs_an_even_number_of_feet_four_or_more(part_dir):
    for drop in (["rear_right"], ["rear_left", "rear_right"]):
        feet = {k: v for k, v in QUAD_FEET.items() if k not in drop}
        check(part_dir, quad(feet=feet, controller=gaited())).only(
            "library.unsupported", "even number of feet", str(len(feet)))
    # a policy walks three feet as it was trained to
    feet = {k: v for k, v in QUAD_FEET.items() if k != "rear_right"}
    ok(part_dir, quad(feet=feet))


def test_gait_steps_each_foot_by_two_servos_of_its_own(part_dir):
    doc = quad(controller=gaited())
    knee = doc["links"]["FL_knee"]
    knee["joint"] = {"type": "fixed", "xyz": [0, 0, -0.1], "rpy": [0, 0, 0]}
    del knee["servo"]
    d = check(part_dir, doc).only("library.unsupported", "feet.front_left", "1 of its own")
    assert d.labels and d.labels[0].message == "feet.front_left"


def test_gait_does_not_step_a_servo_above_two_feet(part_dir):
    # a six-legged walker whose middle legs hang from a waist servo that also carries a
    # hip: the waist is above two feet, so the middle feet have one servo of their own
    links = quad_links()
    links["waist"] = revolute(None, axis=(0, 0, 1))
    for side, y in (("ML", 0.05), ("MR", -0.05)):
        links[f"{side}_knee"] = revolute("waist", rng=(-2.6, 0), xyz=(0, y, -0.1),
                                         collision=shin(), servo=dict(SERVO, hold=-1.2))
    feet = dict(QUAD_FEET, mid_left={"link": "ML_knee", "shape": 1, "friction": 0.8},
                mid_right={"link": "MR_knee", "shape": 1, "friction": 0.8})
    r = check(part_dir, quad(links=links, feet=feet, controller=gaited()))
    assert r.codes == ["library.unsupported"] * 2
    assert all("waist turns other feet too" in d.message for d in r.diagnostics)
    # with a hip of their own under the waist, each middle foot has two
    for side, y in (("ML", 0.05), ("MR", -0.05)):
        del links[f"{side}_knee"]
        links[f"{side}_hip"] = revolute("waist", axis=(1, 0, 0), rng=(-0.8, 0.8))
        links[f"{side}_knee"] = revolute(f"{side}_hip", rng=(-2.6, 0), xyz=(0, y, -0.1),
                                         collision=shin(), servo=dict(SERVO, hold=-1.2))
    ok(part_dir, quad(links=links, feet=feet, controller=gaited()))


def test_a_body_walks_by_a_gait_with_links_that_are_no_legs(part_dir):
    doc = {"links": {"head": revolute(None, axis=(0, 0, 1))}, "gait": GAIT,
           "controller": gaited()}
    assert ok(part_dir, doc).controller["gait"]["duty"] == 0.55


# -- places and records ------------------------------------------------------------------

QUAD_TEXT = """\
links:
  head:
    parent: null
    joint: {type: revolute, xyz: [0, 0, 0.02], rpy: [0, 0, 0], axis: [0, 0, 1], range: [-1.57, 1.57]}
    inertial:
      mass: 0.04
      origin_xyz: [0, 0, 0.015]
      inertia: {ixx: 1.1e-05, ixy: 0, ixz: 0, iyy: 1.1e-05, iyz: 0, izz: 1.0e-05}
      source: estimated
      basis: a 40 g servo of 30 by 50 by 30 mm
    visual: {file: assets/link.glb, xyz: [0, 0, 0], rpy: [0, 0, 0]}
    collision:
      - {type: box, size: [0.03, 0.05, 0.03], origin_xyz: [0, 0, 0.015], rpy: [0, 0, 0]}
    servo: {kp: 4.0, damping: 0.05, armature: 0.0002, frictionloss: 0.01, effort: 0.6, hold: 0.5}
gait: {ahead: [-0.5, 1.0], aside: [-0.4, 0.4], turn: [-1.0, 1.0]}
controller:
  gait: {period: 0.4, duty: 0.55, step_height: 0.07}
  basis: a gait from the part's own model, with no training
"""


def test_spans_point_into_the_declaration(part_dir):
    fields = ok(part_dir, None, text=QUAD_TEXT)
    spans = fields.spans
    assert spans["links.head.servo.kp"].line == 14
    assert spans["links.head.servo.kp"].column == 17
    assert spans["links.head.collision.0"].line == 13
    assert spans["links.head.inertial.mass"].line == 6
    assert spans["controller.gait.duty"].line == 17
    assert spans["gait.ahead"].line == 15


def test_without_spans_the_same_records_and_no_places(part_dir):
    """The loader asks for no places (a part's table has them): the records are the same."""
    file = str(part_dir / "component.yaml")
    node, _ = read_yaml(QUAD_TEXT, file)
    with_spans = check_legged_fields(Fields(Sink(), file), node, part_dir, "chassis",
                                     {"Legged"})
    without = check_legged_fields(Fields(Sink(), file), node, part_dir, "chassis",
                                  {"Legged"}, spans=False)
    assert with_spans.spans and without.spans == {}
    assert (without.links, without.feet, without.gait, without.controller) == \
        (with_spans.links, with_spans.feet, with_spans.gait, with_spans.controller)


def test_diagnostics_point_at_the_value(part_dir):
    text = QUAD_TEXT.replace("kp: 4.0", "kp: 0").replace("duty: 0.55", "duty: 0.45")
    r = check(part_dir, None, text=text)
    assert sorted((d.code, d.span.line) for d in r.diagnostics) == [
        ("library.invalid_value", 14), ("library.invalid_value", 17)]


def test_unknown_category_or_profiles_skip_the_rules_that_need_them(part_dir):
    doc = {"links": {"head": fixed(None)}, "gait": GAIT, "feet": {}}
    r = check(part_dir, doc, category=None, profiles=None)
    assert r.codes == ["library.wrong_type"]       # feet names no foot; nothing guessed


def test_an_earlier_failure_is_kept_and_not_blamed_on_the_legged_fields(part_dir):
    node, _ = read_yaml(json.dumps(hip_leg()), str(part_dir / "component.yaml"))
    F = Fields(Sink(), "component.yaml")
    F.failed = True
    assert check_legged_fields(F, node, part_dir, "leg", {"Leg"}) is not None
    assert F.failed

"""The legged rules: feet_touch_the_ground, links_clear_the_ground, legs_on_a_legged_chassis,
one_walker and gait_walks_the_feet, and which walker a robot walks by. Each rule has a robot
that breaks it and one that passes it narrowly."""
from __future__ import annotations

import json
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from mobiledsl.analysis import Analysis, analyse, write_report
from mobiledsl.assembly.assemble import place_links
from mobiledsl.library.limbframes import placed_limbs
from mobiledsl.model.frames import Transform, matrix_from_quat
from mobiledsl.library.model import (Connector, Foot, Gait, Limb, Link, LinkJoint, Part,
                                     Servo, Shape, Steering, Walker)
from mobiledsl.records import from_json

from . import fixtures as F

FEET = "validation.assembly.feet_touch_the_ground"
CLEAR = "validation.assembly.links_clear_the_ground"
LEGS = "validation.assembly.legs_on_a_legged_chassis"
ONE = "validation.assembly.one_walker"
GAIT = "validation.kinematics.gait_walks_the_feet"
PLANE = "validation.assembly.wheels_touch_one_plane"
STATICS = "validation.statics.com_over_support"

ROOT = Path(__file__).resolve().parents[2]
HIPS = {"hip_fl": (0.12, 0.08), "hip_fr": (0.12, -0.08), "hip_rl": (-0.12, 0.08),
        "hip_rr": (-0.12, -0.08)}
NAMES = {"hip_fl": "front_left", "hip_fr": "front_right", "hip_rl": "rear_left",
         "hip_rr": "rear_right"}
GAIT_CONTROLLER = {"gait": {"period": 0.4, "duty": 0.55, "step_height": 0.07},
                   "basis": "a gait"}


# -- parts -----------------------------------------------------------------------------------

def servo(hold: float) -> Servo:
    return Servo(15.0, 0.15, 0.002, 0.03, 3.0, hold)


def capsule(diameter: float, length: float, origin) -> Shape:
    return Shape("capsule", (diameter, diameter, length), tuple(origin), (0.0, 0.0, 0.0))


def sphere(diameter: float, origin) -> Shape:
    return Shape("sphere", (diameter, diameter, diameter), tuple(origin), (0.0, 0.0, 0.0))


def revolute(xyz=(0.0, 0.0, 0.0)) -> LinkJoint:
    return LinkJoint("revolute", tuple(xyz), (0.0, 0.0, 0.0), (0.0, 1.0, 0.0), (-2.6, 2.6))


def thigh(name="hip", parent=None, hold=0.6, xyz=(0.0, 0.0, 0.0)) -> Link:
    return Link(name, parent, revolute(xyz), F.box_inertial(0.12, (0.02, 0.02, 0.15),
                                                           (0.0, 0.0, -0.075)), F.VIS,
                (capsule(0.03, 0.09, (0.0, 0.0, -0.075)),), servo(hold))


def shin(name="knee", parent="hip", hold=-1.2, turns=True, extra=(), xyz=(0.0, 0.0, -0.15)) -> Link:
    joint = revolute(xyz) if turns else LinkJoint("fixed", tuple(xyz), (0.0, 0.0, 0.0))
    return Link(name, parent, joint, F.box_inertial(0.05, (0.016, 0.016, 0.13), (0.0, 0.0, -0.094)),
                F.VIS, (capsule(0.024, 0.08, (0.0, 0.0, -0.07)), sphere(0.04, (0.0, 0.0, -0.15)))
                + tuple(extra), servo(hold) if turns else None)


def leg_part(id="leg", hip=0.6, knee=-1.2, foot_shape=1, knee_turns=True, extra=()) -> Part:
    """hip_leg: a thigh on a pitching hip and a shin on a pitching knee, on a ball (shape 1
    of the knee)."""
    return F.part(id, "leg", inertial=F.box_inertial(0.07, (0.04, 0.03, 0.02), (0.0, 0.0, -0.01)),
                  collision=(F.box_shape((0.04, 0.03, 0.02), (0.0, 0.0, -0.01)),),
                  connectors={"mount": Connector("mount", (0.0, 0.0, 0.0), (0.0, 0.0, 1.0),
                                                 up=(1.0, 0.0, 0.0))},
                  profiles={"Leg": {"default": "mount"}},
                  links=(thigh(hold=hip), shin(hold=knee, turns=knee_turns, extra=extra)),
                  feet=(Foot("foot", "knee", foot_shape, 0.8),))


def pair_leg() -> Part:
    """Two shins on one hip: the hip's servo is above both feet."""
    return F.part("pair", "leg", inertial=F.box_inertial(0.07, (0.04, 0.03, 0.02)),
                  collision=(F.box_shape((0.04, 0.03, 0.02), (0.0, 0.0, -0.01)),),
                  connectors={"mount": Connector("mount", (0.0, 0.0, 0.0), (0.0, 0.0, 1.0),
                                                 up=(1.0, 0.0, 0.0))},
                  profiles={"Leg": {"default": "mount"}},
                  links=(thigh(hold=0.0), shin("knee_a", hold=0.0, xyz=(0.0, 0.03, -0.15)),
                         shin("knee_b", hold=0.0, xyz=(0.0, -0.03, -0.15))),
                  feet=(Foot("a", "knee_a", 1, 0.8), Foot("b", "knee_b", 1, 0.8)))


def body_part(id="body", controller=GAIT_CONTROLLER, extra=None, feet=(), links=()) -> Part:
    conns = {"deck": Connector("deck", (0.0, 0.0, 0.04), (0.0, 0.0, -1.0), up=(0.0, -1.0, 0.0)),
             "tail": Connector("tail", (0.0, 0.0, -0.04), (0.0, 0.0, -1.0))}
    for name, (x, y) in HIPS.items():
        conns[name] = Connector(name, (x, y, -0.04), (0.0, 0.0, -1.0), up=(1.0, 0.0, 0.0))
    conns.update(extra or {})
    return F.chassis_part(size=(0.3, 0.2, 0.08), mass=1.6, id=id, connectors=conns,
                          profiles={"Legged": {"deck": "deck"}},
                          gait=Gait((-0.2, 0.4), (0.0, 0.0), (-0.5, 0.5)),
                          controller=controller, feet=tuple(feet), links=tuple(links))


# -- robots ----------------------------------------------------------------------------------

def placed(name, part, at, quat=F.IDENTITY, line=3, parent="body", host=None, type="Leg",
           connector="mount"):
    t = Transform(matrix_from_quat(quat), np.asarray(at, dtype=float))
    return F.comp(name, type, part, at, quat, line=line, parent=parent, host_connector=host,
                  connector=connector, links=place_links(part, t))


def quad(leg=None, hips=tuple(HIPS), body=None, shift=None, turn=None, order=None,
         chassis_type="Legged") -> "F.Robot":
    """The demo quadruped (a body on four hip_legs), by hand: ``shift`` and ``turn`` move or
    turn a leg by name ({"front_left": (dx, dy, dz)}, {"front_left": yaw})."""
    body = body or body_part()
    leg = leg or leg_part()
    shift, turn = shift or {}, turn or {}
    items = [(F.comp("body", chassis_type, body, line=2), body)]
    legs = []
    for i, host in enumerate(hips):
        name = NAMES[host]
        x, y = HIPS[host]
        d = shift.get(name, (0.0, 0.0, 0.0))
        at = (x + d[0], y + d[1], -0.04 + d[2])
        legs.append((placed(name, leg, at, F.quat_z(turn.get(name, 0.0)), line=3 + i,
                            host=host), leg))
    if order is not None:
        legs = [legs[i] for i in order]
    return F.robot("quad", chassis_type, items + legs)


def add(r, component, part):
    r = F.with_part(r, part)
    return replace(r, components=r.components + (component,))


def codes(diags):
    return [d.code for d in diags]


def only(diags, code):
    found = [d for d in diags if d.code == code]
    assert found, codes(diags)
    return found


def walker(id="w", limbs=None, body="body", leg="leg") -> Walker:
    limbs = limbs or tuple(Limb(n[:1] + n.split("_")[1][:1], leg, (x, y, -0.04, 0, 0, -1))
                           for (h, (x, y)), n in zip(HIPS.items(), NAMES.values()))
    # each limb placed on the body as the walker's load places it
    limbs = placed_limbs(body_part(id=body), limbs, {leg: leg_part(id=leg)})
    return Walker("test", id, id, f"lib/walkers/{id}/walker.yaml", f"lib/walkers/{id}", body,
                  tuple(limbs), Gait((-0.3, 0.6), (-0.2, 0.2), (-0.8, 0.8)), {"policy": "p"})


# -- the quadruped as it stands ------------------------------------------------------------

def test_the_quadruped_stands_on_its_four_feet():
    a, diags = analyse(quad())
    assert [d for d in diags if d.is_error] == []
    assert len(a.support_polygon) == 4
    assert a.com_margin_m is not None and a.com_margin_m > 0.05
    assert a.walker is None


# -- feet_touch_the_ground -------------------------------------------------------------------

def test_a_foot_raised_past_the_plane_is_off_the_ground():
    a, diags = analyse(quad(shift={"front_left": (0.0, 0.0, 0.0041)}))
    (d,) = only(diags, FEET)
    assert "'front_left.foot'" in d.message and "4.1 mm above" in d.message
    assert "'hip' at 0.6 rad" in d.message and "'knee' at -1.2 rad" in d.message
    assert d.span.line == 3                       # the leg's declaration
    assert len(d.labels) == 3                     # the foot and its two servos
    assert d.help
    # the statics rule cannot judge the feet while one stands off the ground
    assert a.com_margin_m is None and STATICS not in codes(diags)


def test_a_foot_raised_within_the_plane_tolerance_stands():
    # four feet, one raised by t: the plane under them leaves two opposite feet t/2 above it
    _, diags = analyse(quad(shift={"front_left": (0.0, 0.0, 0.0039)}))
    assert FEET not in codes(diags)


def test_a_longer_leg_reaches_below_the_others():
    _, diags = analyse(quad(shift={"rear_right": (0.0, 0.0, -0.0045)}))
    (d,) = only(diags, FEET)
    assert "'rear_right.foot'" in d.message and "4.5 mm below" in d.message
    assert d.span.line == 6


def test_a_leg_held_otherwise_is_off_the_ground():
    bent = leg_part(id="bent", knee=-1.3)
    r = quad()
    comps = []
    for c in r.components:
        if c.name == "front_left":
            t = Transform(matrix_from_quat(c.pose.quat), np.asarray(c.pose.xyz))
            c = replace(c, part=bent.key, links=place_links(bent, t))
        comps.append(c)
    r = F.with_part(replace(r, components=tuple(comps)), bent)
    _, diags = analyse(r)
    (d,) = only(diags, FEET)
    assert "front_left.foot" in d.message and "-1.3 rad" in d.message


def test_a_caster_under_a_legged_chassis_stands_with_the_feet():
    a, _ = analyse(quad())
    caster = F.caster_part()

    def with_caster(lift):
        z = a.ground_z + 0.02 + lift
        return add(quad(), F.comp("ball", "Caster", caster, (0.0, 0.0, z), line=8,
                                  parent="body", host_connector="tail", connector="mount"),
                   caster)

    _, diags = analyse(with_caster(0.005))
    (d,) = only(diags, PLANE)
    assert "caster 'ball'" in d.message and "5.0 mm above" in d.message
    assert FEET not in codes(diags)
    _, diags = analyse(with_caster(0.0019))
    assert PLANE not in codes(diags) and FEET not in codes(diags)


# -- links_clear_the_ground ------------------------------------------------------------------

def test_a_foot_named_by_the_wrong_shape_leaves_the_ball_below_the_ground():
    _, diags = analyse(quad(leg=leg_part(foot_shape=0)))
    found = only(diags, CLEAR)
    assert len(found) == 4
    d = next(d for d in found if "'front_left'" in d.message)
    assert "the sphere (shape 1) of link 'knee'" in d.message and "mm below" in d.message
    assert any("feet.foot.shape: 1" in h for h in d.help)
    assert d.span.line == 3


def test_a_shape_just_touching_the_ground_clears_it():
    # straight legs: the ball's bottom is 0.17 below the knee; a box beside it reaches lower
    def with_box(below):
        bottom = -0.17 - below
        box = F.box_shape((0.01, 0.01, 0.01), (0.03, 0.0, bottom + 0.005))
        return quad(leg=leg_part(hip=0.0, knee=0.0, extra=(box,)))

    _, diags = analyse(with_box(0.00009))
    assert CLEAR not in codes(diags)
    _, diags = analyse(with_box(0.0003))
    found = only(diags, CLEAR)
    assert len(found) == 4 and "box (shape 2)" in found[0].message
    assert "0.3 mm below" in found[0].message


# -- legs_on_a_legged_chassis ----------------------------------------------------------------

def test_a_leg_on_a_rolling_base_hangs():
    r = F.diff_four()
    leg = leg_part()
    r = add(r, placed("dangle", leg, (0.0, 0.0, -0.03), line=9, parent="chassis"), leg)
    _, diags = analyse(r)
    (d,) = only(diags, LEGS)
    assert "'dangle'" in d.message and "Diff_drive" in d.message and "rolls" in d.message
    assert d.span.line == 9
    assert FEET not in codes(diags) and PLANE not in codes(diags)


def own_legs() -> tuple[list[Link], list[Foot]]:
    links, feet = [], []
    for host, (x, y) in HIPS.items():
        n = NAMES[host]
        links += [thigh(f"{n}_hip", None, xyz=(x, y, -0.04)),
                  shin(f"{n}_knee", f"{n}_hip")]
        feet.append(Foot(n, f"{n}_knee", 1, 0.8))
    return links, feet


def test_a_leg_on_a_chassis_with_legs_of_its_own():
    links, feet = own_legs()
    body = body_part(id="walker_body", links=links, feet=feet, extra={
        "side": Connector("side", (0.0, 0.1, 0.0), (0.0, 1.0, 0.0), up=(0.0, 0.0, 1.0))})
    alone = F.robot("own", "Legged", [(placed("body", body, (0.0, 0.0, 0.0), line=2,
                                              parent=None, type="Legged", connector=None), body)])
    a, diags = analyse(alone)
    assert [d for d in diags if d.is_error] == []
    assert len(a.support_polygon) == 4
    leg = leg_part()
    r = add(alone, placed("extra", leg, (0.12, 0.08, -0.04), line=3, host="hip_fl"), leg)
    _, diags = analyse(r)
    (d,) = only(diags, LEGS)
    assert "'extra'" in d.message and "legs of its own" in d.message
    assert "front_left, front_right" in d.message


def test_a_legged_chassis_without_legs_has_nothing_to_stand_on():
    _, diags = analyse(quad(hips=()))
    (d,) = only(diags, LEGS)
    assert "'body'" in d.message and "carries none" in d.message and d.span.line == 2
    assert GAIT not in codes(diags)


def spacer_part(steering: bool = False) -> Part:
    return F.part("spacer", "attachment", inertial=F.box_inertial(0.01, (0.02, 0.02, 0.01)),
                  collision=(F.box_shape((0.02, 0.02, 0.01), (0.0, 0.0, -0.005)),),
                  connectors={"mount": Connector("mount", (0.0, 0.0, 0.0), (0.0, 0.0, 1.0),
                                                 up=(1.0, 0.0, 0.0)),
                              "under": Connector("under", (0.0, 0.0, -0.01), (0.0, 0.0, -1.0),
                                                 up=(1.0, 0.0, 0.0))},
                  profiles={"Attachment": {"default": "mount"}})


SWIVEL = {"swivel": Connector("swivel", (0.0, 0.0, -0.04), (0.0, 0.0, -1.0), up=(1.0, 0.0, 0.0),
                              steering=Steering((0.0, 0.0, 1.0), 0.5))}


def test_a_leg_on_a_connector_that_steers():
    r = quad(body=body_part(extra=SWIVEL))
    leg = leg_part()
    r = add(r, placed("middle", leg, (0.0, 0.0, -0.04), line=9, host="swivel"), leg)
    _, diags = analyse(r)
    (d,) = only(diags, LEGS)
    assert "'middle'" in d.message and "'swivel'" in d.message and "kingpin" in d.message


def test_a_leg_on_a_spacer_on_a_connector_that_steers():
    r = quad(body=body_part(extra=SWIVEL))
    sp, leg = spacer_part(), leg_part()
    r = add(r, placed("spacer", sp, (0.0, 0.0, -0.04), line=9, host="swivel",
                      type="Attachment"), sp)
    r = add(r, placed("middle", leg, (0.0, 0.0, -0.05), line=10, parent="spacer",
                      host="under"), leg)
    _, diags = analyse(r)
    (d,) = only(diags, LEGS)
    assert "'middle'" in d.message and "through 'spacer'" in d.message


def test_legs_on_spacers_fixed_to_the_chassis_hang_fixed():
    sp, leg = spacer_part(), leg_part()
    body = body_part()
    items = [(F.comp("body", "Legged", body, line=2), body)]
    for i, (host, (x, y)) in enumerate(HIPS.items()):
        items.append((placed(f"sp_{i}", sp, (x, y, -0.04), line=3 + 2 * i, host=host,
                             type="Attachment"), sp))
        items.append((placed(NAMES[host], leg, (x, y, -0.05), line=4 + 2 * i,
                             parent=f"sp_{i}", host="under"), leg))
    _, diags = analyse(F.robot("quad", "Legged", items))
    assert [d for d in diags if d.is_error] == []


# -- walkers and one_walker ------------------------------------------------------------------

def test_the_robot_walks_by_the_walker_whose_robot_it_is():
    w = walker()
    a, diags = analyse(quad(), walkers={"test/w": w})
    assert a.walker == "test/w"
    assert [d for d in diags if d.is_error] == []
    # it takes the command the walker takes
    assert a.kinematics.max_speed_mps == 0.6 and a.kinematics.max_yaw_rate_rad_s == 0.8
    data = json.loads(write_report(a)["analysis.json"])
    assert data["walker"] == "test/w" and from_json(Analysis, data) == a


def test_legs_in_any_order_are_the_walkers():
    a, _ = analyse(quad(order=(3, 1, 0, 2)), walkers={"test/w": walker()})
    assert a.walker == "test/w"


@pytest.mark.parametrize("dx, walks", [(0.0009, True), (0.0011, False)])
def test_a_leg_within_a_millimetre_is_the_walkers(dx, walks):
    a, _ = analyse(quad(shift={"rear_left": (dx, 0.0, 0.0)}), walkers={"test/w": walker()})
    assert (a.walker == "test/w") is walks


@pytest.mark.parametrize("yaw, walks", [(0.0009, True), (0.0011, False)])
def test_a_leg_turned_within_a_milliradian_is_the_walkers(yaw, walks):
    a, _ = analyse(quad(turn={"front_right": yaw}), walkers={"test/w": walker()})
    assert (a.walker == "test/w") is walks


def test_a_robot_with_other_legs_or_another_body_is_not_the_walkers():
    walkers = {"test/w": walker()}
    other = leg_part(id="other_leg")
    assert analyse(quad(leg=other), walkers=walkers)[0].walker is None
    assert analyse(quad(body=body_part(id="other_body")), walkers=walkers)[0].walker is None
    assert analyse(quad(hips=("hip_fl", "hip_fr", "hip_rl")), walkers=walkers)[0].walker is None
    # a part carried besides is a load, and the robot still walks by the walker
    lid = F.sensor_part()
    r = add(quad(), F.comp("lidar", "Lidar", lid, (0.0, 0.0, 0.04), line=9, parent="body",
                           host_connector="deck", connector="mount"), lid)
    assert analyse(r, walkers=walkers)[0].walker == "test/w"
    # without the libraries' walkers the rule is undecided
    assert analyse(quad())[0].walker is None


def test_two_walkers_for_the_same_robot_are_refused():
    walkers = {"test/a": walker("a"), "test/b": walker("b")}
    a, diags = analyse(quad(), walkers=walkers)
    (d,) = only(diags, ONE)
    assert "'test/a'" in d.message and "'test/b'" in d.message and d.span.line == 2
    assert len(d.labels) == 2 and a.walker is None
    # one of them for another robot: the robot walks by the other
    b = walker("b", leg="other_leg")
    a, diags = analyse(quad(), walkers={"test/a": walker("a"), "test/b": b})
    assert ONE not in codes(diags) and a.walker == "test/a"


# -- gait_walks_the_feet ---------------------------------------------------------------------

def test_a_gait_on_three_feet():
    _, diags = analyse(quad(hips=("hip_fl", "hip_fr", "hip_rl")))
    (d,) = only(diags, GAIT)
    assert "stands on 3" in d.message and d.span.line == 2
    assert "front_left.foot" in d.message


def test_a_gait_on_three_feet_is_not_judged_when_a_walker_walks_them():
    three = ("hip_fl", "hip_fr", "hip_rl")
    w = walker(limbs=tuple(Limb(f"l{i}", "leg", (*HIPS[h], -0.04, 0, 0, -1))
                           for i, h in enumerate(three)))
    a, diags = analyse(quad(hips=three), walkers={"test/w": w})
    assert a.walker == "test/w" and GAIT not in codes(diags)


def test_a_chassis_walked_by_no_gait_is_not_judged():
    _, diags = analyse(quad(body=body_part(controller=None), hips=("hip_fl", "hip_fr", "hip_rl")))
    assert GAIT not in codes(diags)


def test_a_foot_stepped_by_one_servo():
    _, diags = analyse(quad(leg=leg_part(knee_turns=False)))
    found = only(diags, GAIT)
    assert len(found) == 4
    d = next(d for d in found if "front_left.foot" in d.message)
    assert "1 of its own (hip)" in d.message and d.span.line == 3


def test_a_servo_above_two_feet_is_not_their_own():
    leg = pair_leg()
    body = body_part()
    items = [(F.comp("body", "Legged", body, line=2), body)]
    for i, host in enumerate(("hip_fl", "hip_rr")):
        x, y = HIPS[host]
        items.append((placed(NAMES[host], leg, (x, y, -0.04), line=3 + i, host=host), leg))
    _, diags = analyse(F.robot("quad", "Legged", items))
    found = only(diags, GAIT)
    assert len(found) == 4
    assert all("hip turns other feet too" in d.message for d in found)
    assert any("'front_left.a'" in d.message for d in found)


# -- through the real pipeline ---------------------------------------------------------------

def test_programs_quad_walks_by_the_demo_walker():
    from mobiledsl.pipeline import compile_program
    q = ROOT / "programs" / "quad"
    r = compile_program(q / "quad.core", q / "quad.world", q / "quad.task",
                        [ROOT / "libraries" / "demo_parts"], check_only=True)
    assert [d for d in r.diagnostics if d.is_error] == []
    assert r.analysis.walker == "demo_parts/quad_walker"


def test_a_library_with_two_walkers_for_the_quad_is_refused(tmp_path):
    from mobiledsl.pipeline import compile_program
    lib = tmp_path / "demo_parts"
    shutil.copytree(ROOT / "libraries" / "demo_parts", lib)
    shutil.copytree(lib / "walkers" / "quad_walker", lib / "walkers" / "quad_walker_2")
    w = lib / "walkers" / "quad_walker_2" / "walker.yaml"
    w.write_text(w.read_text().replace("id: quad_walker", "id: quad_walker_2"))
    manifest = lib / "library.yaml"
    manifest.write_text(manifest.read_text().replace("  - quad_walker\n",
                                                     "  - quad_walker\n  - quad_walker_2\n"))
    q = ROOT / "programs" / "quad"
    r = compile_program(q / "quad.core", None, None, [lib], check_only=True)
    found = [d for d in r.diagnostics if d.code == ONE]
    assert len(found) == 1 and "quad_walker_2" in found[0].message
    assert found[0].span.file.endswith("quad.core")
    assert r.analysis.walker is None

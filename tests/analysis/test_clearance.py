"""The clearance rules: wheels' swept spaces and parts fixed to the base, with their wells."""
from dataclasses import replace

import numpy as np
import pytest

from mobiledsl.analysis import analyse
from mobiledsl.analysis import geometry as G
from mobiledsl.analysis import overlap as O
from mobiledsl.library.model import Well
from mobiledsl.model.frames import Transform as Frame

from . import fixtures as F

WHEELS = "validation.assembly.wheels_clear_other_parts"
PARTS = "validation.assembly.parts_clear_each_other"


def codes(diags):
    return sorted(d.code for d in diags)


def by_code(diags, code):
    return [d for d in diags if d.code == code]


# -- wheels -----------------------------------------------------------------------------------

def test_wheel_into_the_chassis_and_its_motor():
    # wheels 10 mm inward: their cylinders (y 0.095 to 0.125) reach 5 mm into the chassis box
    # (up to y = 0.1) and into the motor's box, and the motor's bay holds only a radius of 27 mm
    _, diags = analyse(F.diff_caster(wheel_y=0.11), None, None)
    found = by_code(diags, WHEELS)
    assert len(found) == 4           # each wheel into the chassis and into its motor
    d = next(d for d in found if "'wheel_l'" in d.message and "'chassis'" in d.message)
    assert d.severity.value == "error"
    assert "reaches 5.0 mm into the collision box of 'chassis'" in d.message
    assert "beyond the well on 'chassis.mount_left'" in d.message
    assert d.span.line == 5 and d.span.column == 30          # the wheel's glue
    assert any("well" in h for h in d.help)
    m = next(d for d in found if "'wheel_l'" in d.message and "'motor_l'" in d.message)
    assert "5.0 mm" in m.message
    assert any("declare the void as a well on connector 'shaft'" in h for h in m.help)


def test_wheel_touching_passes_narrowly():
    # 0.05 mm into the chassis and the motor: shapes that only touch do not overlap
    _, diags = analyse(F.diff_caster(wheel_y=0.11495), None, None)
    assert by_code(diags, WHEELS) == []


def test_wheel_just_beyond_touching_fails():
    _, diags = analyse(F.diff_caster(wheel_y=0.1148), None, None)
    assert len(by_code(diags, WHEELS)) == 4


def _arch_robot(well: Well | None, wheel_y=0.11):
    """The wheels 5 mm into the chassis box, the motors moved out of the way (no motor),
    and the mount's well as given."""
    r = F.diff_caster(wheel_y=wheel_y, mount_well=well)
    r = replace(r, components=tuple(c for c in r.components if not c.name.startswith("motor")))
    r = F.with_component(r, "wheel_l", parent="chassis", host_connector="mount_left",
                         driven_by=None)
    r = F.with_component(r, "wheel_r", parent="chassis", host_connector="mount_right",
                         driven_by=None)
    return r


def test_a_well_holds_the_wheel_exactly_as_far_as_it_reaches():
    # the well: a cylinder about the mount's axis (y) at y = 0.1, radius 41 mm, 12 mm wide:
    # it holds the 5 mm of the wheel (radius 40 mm) inside the box
    _, diags = analyse(_arch_robot(Well(0.041, 0.012)), None, None)
    assert by_code(diags, WHEELS) == []


def test_a_well_too_small_lets_in_only_what_it_holds():
    # radius 38 mm: the rim of the wheel, 2 mm deep, is outside it
    _, diags = analyse(_arch_robot(Well(0.038, 0.012)), None, None)
    found = by_code(diags, WHEELS)
    assert len(found) == 2
    d = found[0]
    assert "'chassis.mount_left'" in d.message or "'chassis.mount_right'" in d.message
    assert "needs well: {radius: 0.0401, width: 0.01" in " ".join(d.help)    # what would hold it
    # what is left outside the well: the rim beyond 38 mm, 2 mm deep but only 5 mm of it inside
    depth = float(d.message.split("reaches ")[1].split(" mm")[0])
    assert 1.5 <= depth <= 5.0


def test_a_well_too_narrow():
    # 9 mm wide: 4.5 mm either side of y = 0.1 holds the box only to y = 0.0955; the wheel
    # reaches to 0.095: 0.5 mm beyond it
    _, diags = analyse(_arch_robot(Well(0.045, 0.009)), None, None)
    found = by_code(diags, WHEELS)
    assert len(found) == 2
    assert "0.5 mm" in found[0].message


def test_a_well_just_wide_enough():
    _, diags = analyse(_arch_robot(Well(0.045, 0.0099)), None, None)
    assert by_code(diags, WHEELS) == []


@pytest.mark.slow
def test_a_steered_wheel_sweeps_into_the_chassis():
    # the front wheel's kingpin at x = 0.15: straight ahead its cylinder reaches back to
    # x = 0.11; turned it reaches back to 0.15 - sqrt(0.04^2 + 0.015^2) = 0.1073 at most
    # (at 0.36 rad). A box reaching to x = 0.109 is in the way of the sweep only.
    arch = ((0.218, 0.16, 0.06), (0.0, 0.0, 0.0))
    _, diags = analyse(F.tricycle(arch=arch), None, None)
    found = by_code(diags, WHEELS)
    assert len(found) == 1
    assert "steering lock of ±0.6 rad" in found[0].message
    _, diags = analyse(F.tricycle(arch=arch, max_angle=0.05), None, None)
    assert by_code(diags, WHEELS) == []


def test_a_steered_wheel_clear_of_the_chassis():
    _, diags = analyse(F.tricycle(), None, None)
    assert by_code(diags, WHEELS) == []


def test_a_caster_without_its_pocket():
    r = F.diff_caster()
    ch = r.parts["test/base"]
    conns = dict(ch.connectors)
    conns["tail"] = replace(conns["tail"], well=None)
    r = F.with_part(r, replace(ch, connectors=conns))
    _, diags = analyse(r, None, None)
    found = by_code(diags, WHEELS)
    assert len(found) == 1 and "caster 'ball'" in found[0].message
    assert "10.0 mm" in found[0].message


# -- parts ------------------------------------------------------------------------------------

def _pack_at(z, well=None):
    r = F.diff_caster()
    r = F.with_component(r, "pack", pose=F.comp("p", "Battery", r.parts["test/pack"],
                                                    (-0.08, 0.0, z)).pose)
    if well is not None:
        ch = r.parts["test/base"]
        conns = dict(ch.connectors)
        conns["deck"] = replace(conns["deck"], well=well)
        r = F.with_part(r, replace(ch, connectors=conns))
    return r


def test_a_pack_sunk_into_the_deck_is_a_warning():
    _, diags = analyse(_pack_at(0.025), None, None)
    found = by_code(diags, PARTS)
    assert len(found) == 1
    d = found[0]
    assert d.severity.value == "warning"
    assert "the collision box of 'pack' reaches 5.0 mm into the collision box of 'chassis'" in d.message
    assert d.span.line == 8
    assert any("well on connector 'deck'" in h for h in d.help)


def test_a_pack_sitting_on_the_deck_is_clear():
    _, diags = analyse(_pack_at(0.02995), None, None)       # 0.05 mm: touching
    assert by_code(diags, PARTS) == []


def test_a_pocket_well_lets_the_pack_in():
    # the pack's box is 34 x 105 mm: a well of radius 0.0553 about the deck's axis holds it
    _, diags = analyse(_pack_at(0.025, Well(0.0553, 0.011)), None, None)
    assert by_code(diags, PARTS) == []
    _, diags = analyse(_pack_at(0.025, Well(0.05, 0.011)), None, None)
    assert len(by_code(diags, PARTS)) == 1


def test_a_link_is_judged_where_its_servo_holds_it():
    pan = F.link_part()
    r = F.diff_caster()
    # the arm, held along +x, passes 2 mm over the driver (x 0.0275 to 0.0925, top at 0.04)
    pan_c = F.comp("pan", "Attachment", pan, (0.0, 0.0, 0.05), parent="chassis", line=11,
                   links=(F.placed_link("arm", (0.0, 0.0, 0.052), 0.0),))
    r = F.with_part(replace(r, components=tuple(c for c in r.components if c.name != "lidar")
                            + (pan_c,)), pan)
    _, diags = analyse(r, None, None)
    assert by_code(diags, PARTS) == []
    # held 12 mm lower it reaches 10 mm into the driver
    pan_c2 = replace(pan_c, links=(F.placed_link("arm", (0.0, 0.0, 0.04), 0.0),))
    r2 = replace(r, components=tuple(c for c in r.components if c.name != "pan") + (pan_c2,))
    _, diags = analyse(r2, None, None)
    found = by_code(diags, PARTS)
    assert len(found) == 1
    d = found[0]
    assert "link 'arm' of 'pan'" in d.message and "'driver'" in d.message
    assert "10.0 mm" in d.message
    assert "servo" in " ".join(d.help)


# -- geometry ---------------------------------------------------------------------------------

def test_sphere_polytope_stands_at_most_174_percent_past():
    assert 0 < G.ball_polytope_excess() <= 0.0174


def test_sphere_judged_as_it_is_but_held_as_its_polytope():
    box = G.box((0.1, 0.1, 0.1), Frame.identity())
    ball = G.Round(np.array([0.0, 0.0, 0.07]), np.array([0.0, 0.0, 0.07]), 0.03)
    d, _ = O.depth(ball, box)
    assert d == pytest.approx(0.01, abs=1e-9)             # exactly its radius less 20 mm
    # a well exactly the sphere's size does not hold it (its polytope stands past it) ...
    exact = O.Well(np.array([0, 0, 0.07]), np.array([0, 0, 1.0]), 0.03, 0.06)
    assert O.depth_beyond_wells(ball, box, [exact], 1e-4) is not None
    # ... one 1.74 % larger does
    roomy = O.Well(np.array([0, 0, 0.07]), np.array([0, 0, 1.0]), 0.03 * 1.0174, 0.06 * 1.0174)
    assert O.depth_beyond_wells(ball, box, [roomy], 1e-4) is None


# -- the wells that let a wheel in: also the one on the connector it mates by -------------------

def _hub_recess(r, well):
    """The wheels' own mating connector with ``well``: a recess in the wheel's hub."""
    wheel = r.parts["test/wheel"]
    conns = {"mount": replace(wheel.connectors["mount"], well=well)}
    return F.with_part(r, replace(wheel, connectors=conns))


@pytest.mark.slow
def test_the_well_on_the_connector_a_wheel_mates_by_lets_its_host_in():
    # the wheels 10 mm inward reach 5 mm into their motors' boxes (corners 26.2 mm off the
    # axis); the chassis' bays are wide enough for the wheels (radius 45 mm)
    r = F.diff_caster(wheel_y=0.11, mount_well=Well(0.045, 0.122))
    found = by_code(analyse(r, None, None)[1], WHEELS)
    assert len(found) == 2 and all("'motor_" in d.message for d in found)
    # a recess in each wheel's hub, 30 mm across and as wide as the wheel, holds the motor
    _, diags = analyse(_hub_recess(r, Well(0.03, 0.031)), None, None)
    assert by_code(diags, WHEELS) == []
    # one 25 mm across holds only part of it
    found = by_code(analyse(_hub_recess(r, Well(0.025, 0.031)), None, None)[1], WHEELS)
    assert len(found) == 2
    assert "beyond the well on 'wheel_l.mount'" in next(d.message for d in found
                                                         if "'wheel_l'" in d.message)


def test_the_hub_recess_lets_in_only_what_the_wheel_mates_onto():
    # the chassis' own bays hold only 27 mm: the recess in the wheel does not let the chassis in
    r = _hub_recess(F.diff_caster(wheel_y=0.11), Well(0.03, 0.031))
    found = by_code(analyse(r, None, None)[1], WHEELS)
    assert len(found) == 2 and all("'chassis'" in d.message for d in found)


def test_wheels_that_overlap_each_other():
    # the rear left wheel 70 mm behind the front left one: their cylinders (radius 40 mm)
    # share 10 mm
    r = F.diff_four()
    rl = r.component("wheel_rear_left")
    r = F.with_component(r, "wheel_rear_left",
                         pose=replace(rl.pose, xyz=(0.03,) + rl.pose.xyz[1:]),
                         joint_point=(0.03,) + rl.joint_point[1:])
    found = by_code(analyse(r, None, None)[1], WHEELS)
    assert len(found) == 1
    d = found[0]
    assert "wheel 'wheel_rear_left'" in d.message and "wheel 'wheel_front_left'" in d.message
    depth = float(d.message.split("reaches ")[1].split(" mm")[0])
    assert 10.0 <= depth <= 10.3
    assert d.span.line == 5                                  # the later-declared wheel
    assert [l.span.line for l in d.labels] == [3]
    # 81 mm apart they are clear
    r = F.with_component(r, "wheel_rear_left",
                         pose=replace(rl.pose, xyz=(0.019,) + rl.pose.xyz[1:]))
    assert by_code(analyse(r, None, None)[1], WHEELS) == []


def test_parts_finding_points_at_the_later_declared_part():
    # the pack moved over the driver (10 mm into it) and declared after it
    r = F.diff_caster()
    pack = r.component("pack")
    r = F.with_component(r, "pack", pose=replace(pack.pose, xyz=(0.04, 0.0, 0.03)),
                         span=F.span(20))
    found = by_code(analyse(r, None, None)[1], PARTS)
    assert len(found) == 1
    d = found[0]
    assert d.message.startswith("the collision box of 'pack' reaches 10.0 mm into the "
                                "collision box of 'driver'")
    assert d.span.line == 20
    assert [l.span.line for l in d.labels] == [9]

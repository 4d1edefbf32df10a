"""The ground plane, the supports on it, and the centre of mass over them."""
import math

import pytest

from mobiledsl.analysis import analyse
from mobiledsl.library.model import Contact

from . import fixtures as F

PLANE = "validation.assembly.wheels_touch_one_plane"
COM = "validation.statics.com_over_support"


def codes(diags):
    return [d.code for d in diags]


def test_diff_caster_stands_level_with_a_margin():
    a, diags = analyse(F.diff_caster(), None, None)
    assert diags == []
    assert a.ground_z == pytest.approx(F.GROUND)
    assert a.ground_normal == (0.0, 0.0, 1.0)
    # two wheel contacts and the caster's bottom, counter-clockwise
    assert sorted(a.support_polygon) == sorted([(0.0, 0.12), (0.0, -0.12), (-0.12, 0.0)])
    # the centre of mass lies behind the axle: its margin is its distance to the axle line
    assert a.com_margin_m == pytest.approx(-a.com[0], abs=1e-9)
    assert a.com_ground == pytest.approx((a.com[0], a.com[1]))


def test_four_wheels_one_raised_beyond_two_mm_is_an_error():
    # one wheel 4.1 mm up: the plane under all four leaves two of them 2.05 mm above it
    _, diags = analyse(F.diff_four(raise_rear_left=0.0041), None, None)
    assert codes(diags) == [PLANE]
    d = diags[0]
    assert "wheel 'wheel_rear_left'" in d.message and "4.1 mm above" in d.message
    assert d.span.line == 5


def test_four_wheels_one_raised_within_two_mm_pass():
    a, diags = analyse(F.diff_four(raise_rear_left=0.0039), None, None)
    assert diags == []
    assert a.ground_z == pytest.approx(F.GROUND, abs=0.002)
    assert len(a.support_polygon) == 4


def test_a_wheel_reaching_below_the_others():
    _, diags = analyse(F.diff_four(raise_rear_left=-0.0042), None, None)
    assert codes(diags) == [PLANE]
    assert "4.2 mm below" in diags[0].message


def test_larger_rear_wheels_stand_tilted_on_one_plane():
    r = F.diff_four()
    big = F.wheel_part(radius=0.05, id="big")
    r = F.with_part(r, big)
    r = F.with_component(r, "wheel_rear_left", part=big.key)
    r = F.with_component(r, "wheel_rear_right", part=big.key)
    a, diags = analyse(r, None, None)
    assert PLANE not in codes(diags)
    n = a.ground_normal
    # the plane touches circles of radius 0.05 and 0.04 whose centres are 0.2 m apart
    assert math.atan2(-n[0], n[2]) == pytest.approx(math.asin(0.01 / 0.2), abs=1e-6)
    assert len(a.support_polygon) == 4


def test_a_contact_reaching_below_the_wheels():
    r = F.diff_four()
    ch = r.parts["test/four"]
    from dataclasses import replace
    r = F.with_part(r, replace(ch, contacts=(Contact((0.0, 0.0, -0.054), 0.01, "skid"),)))
    _, diags = analyse(r, None, None)
    assert codes(diags) == [PLANE]
    assert "contact 0 of 'chassis' (skid)" in diags[0].message
    assert "4.0 mm below" in diags[0].message


def test_a_contact_that_does_not_reach_is_not_a_support():
    r = F.diff_caster()
    ch = r.parts["test/base"]
    from dataclasses import replace
    r = F.with_part(r, replace(ch, contacts=(Contact((0.13, 0.0, -0.045), 0.01, "nose"),)))
    a, diags = analyse(r, None, None)
    assert diags == []
    assert len(a.support_polygon) == 3      # 5 mm above the ground: it bears nothing


def test_a_contact_that_reaches_widens_the_support():
    r = F.diff_caster()
    ch = r.parts["test/base"]
    from dataclasses import replace
    r = F.with_part(r, replace(ch, contacts=(Contact((0.13, 0.0, -0.0505), 0.01, "nose"),)))
    a, diags = analyse(r, None, None)
    assert diags == []
    assert any(p == pytest.approx((0.13, 0.0), abs=1e-3) for p in a.support_polygon)
    assert len(a.support_polygon) == 4


def test_com_outside_the_support_is_an_error_with_the_margin():
    _, diags = analyse(F.diff_caster(chassis_com=(0.02, 0.0, 0.0)), None, None)
    assert codes(diags) == [COM]
    # the chassis (2 kg of 2.928) at x = 0.02, the rest as placed: the robot's CoM x
    assert "outside the support polygon" in diags[0].message
    assert "mm" in diags[0].message


def _com_x(r):
    a, _ = analyse(r, None, None)
    return a.com[0]


def test_com_exactly_on_an_edge_is_an_error():
    # place the chassis' own centre of mass so that the robot's lies on the axle line x = 0
    r = F.diff_caster(chassis_com=(0.0, 0.0, 0.0))
    a, _ = analyse(r, None, None)
    m_rest = a.mass - 2.0
    rest_x = a.com[0] * a.mass            # the other parts' first moment (chassis at x = 0)
    r = F.diff_caster(chassis_com=(-rest_x / 2.0, 0.0, 0.0))
    a, diags = analyse(r, None, None)
    assert abs(a.com[0]) < 1e-12
    assert codes(diags) == [COM]
    assert "on the edge" in diags[0].message and "margin 0.0 mm" in diags[0].message
    assert m_rest > 0


def test_com_just_inside_passes():
    r = F.diff_caster(chassis_com=(0.0, 0.0, 0.0))
    a, _ = analyse(r, None, None)
    rest_x = a.com[0] * a.mass
    r = F.diff_caster(chassis_com=((-rest_x - 0.001 * a.mass) / 2.0, 0.0, 0.0))
    a, diags = analyse(r, None, None)
    assert diags == []
    assert a.com_margin_m == pytest.approx(0.001, abs=1e-9)


def test_two_wheels_alone_tip_over():
    r = F.diff_caster()
    r = r.__class__(**{**r.__dict__, "components": tuple(c for c in r.components if c.name != "ball")})
    a, diags = analyse(r, None, None)
    assert codes(diags) == [COM]
    assert len(a.support_polygon) == 2
    assert "on one line" in " ".join(diags[0].help)


def test_tracks_stand_on_their_runs():
    a, diags = analyse(F.tracked(), None, None)
    assert diags == []
    assert a.ground_z == pytest.approx(-0.03)
    assert sorted(a.support_polygon) == sorted([(-0.05, -0.09), (0.05, -0.09), (0.05, 0.09),
                                                (-0.05, 0.09)])

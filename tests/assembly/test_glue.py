"""Glue matching and the glue error."""
from __future__ import annotations

import re

import pytest

from mobiledsl.assembly.glue import fixed, short

from .fixtures import DIFF_BOT, POWERED_BOT, build, codes, mecanum_program

GLUE = "validation.assembly.glue_on_connector"

WRONG = "(0.12, 0.1494, -0.0216, 0, 1, 0)"


def glue_errors(ds):
    return [d for d in ds if d.code == GLUE]


def test_the_glue_error_of_a_wheel_off_its_shaft_exactly():
    robot, ds = build(mecanum_program(WRONG))
    assert robot is None
    assert codes(ds) == [GLUE]
    d = ds[0]
    assert d.message == ("the glue of 'wheel_lf' matches no connector of the chassis or of a "
                         "placed part; the nearest is 'motor_lf.shaft', 0.008 m away with "
                         "direction cosine 1.00")
    assert d.label == "matches no connector"
    assert (d.span.file, d.span.line, d.span.column) == ("demo.core", 17, 52)
    assert d.span.end_line == 17 and d.span.end_column == 52 + len(WRONG) - 1
    assert d.help == (
        "to mount on 'motor_lf.shaft' write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)",
        "the free connectors are: chassis.front_mount, motor_lf.shaft",
    )


def test_the_glue_error_of_a_wheel_off_its_shaft_renders_exactly():
    human = pytest.importorskip("mobiledsl.render.human")
    text = mecanum_program(WRONG)
    _, ds = build(text)
    out = human.render_human(ds, {"demo.core": text}, summary=False)
    expected = """\
error[validation.assembly.glue_on_connector]: the glue of 'wheel_lf' matches no connector of the chassis or of a placed part; the nearest is 'motor_lf.shaft', 0.008 m away with direction cosine 1.00
   --> demo.core:17:52
   |
17 |     Mecanum wheel_lf(ref = "mecanum_black", glue = (0.12, 0.1494, -0.0216, 0, 1, 0))
   |                                                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ matches no connector
   |
   = help: to mount on 'motor_lf.shaft' write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)
   = help: the free connectors are: chassis.front_mount, motor_lf.shaft
"""
    assert out.startswith(expected)


SUGGESTION = re.compile(r"write glue = (\(.*\))$")


@pytest.mark.parametrize("wrong", [
    WRONG,
    "(0.1275, 0.15, -0.0216, 0, 1, 0)",          # 0.6 mm off: still a match, no error
    "(0.13, 0.16, -0.03, 0, 1, 0)",
    "(0.1275, 0.1494, -0.0216, 0, 0.995, 0.0998749)",  # tilted by 0.1 rad
    "(0.1275, 0.1494, -0.0216, 0, -1, 0)",       # facing the wrong way
    "(0.12, 0.1494, -0.0216, 0, 1, 0, 0.7853981633974483)",  # with a roll
    "(0.5, 0.5, 0.5, 1, 0, 0)",                   # far from everything
])
def test_pasting_the_suggested_glue_back_assembles(wrong):
    text = mecanum_program(wrong)
    robot, ds = build(text)
    if robot is not None:
        return
    (d,) = glue_errors(ds)
    m = SUGGESTION.search(d.help[0])
    assert m, d.help
    fixed_text = text.replace(wrong, m.group(1))
    robot, ds = build(fixed_text)
    assert [x for x in ds if x.is_error] == [] or all(x.code != GLUE for x in ds), ds
    if "(0.5, 0.5, 0.5" not in wrong:
        assert robot is not None, ds
        assert robot.component("wheel_lf").parent == "motor_lf"


def test_a_given_roll_is_kept_in_the_suggestion():
    _, ds = build(mecanum_program("(0.12, 0.1494, -0.0216, 0, 1, 0, 0.25)"))
    (d,) = glue_errors(ds)
    assert d.help[0].endswith("write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0, 0.25)")


def test_within_one_millimetre_matches_and_beyond_does_not():
    at = mecanum_program("(0.1275, 0.1494, -0.0206, 0, 1, 0)")     # exactly 1 mm
    robot, ds = build(at)
    assert robot is not None, ds
    beyond = mecanum_program("(0.1275, 0.1494, -0.0205, 0, 1, 0)")  # 1.1 mm
    robot, ds = build(beyond)
    assert robot is None and codes(ds) == [GLUE]
    assert "0.001 m away" in ds[0].message


def test_direction_within_a_hundredth_matches_and_beyond_does_not():
    # a unit direction 0.0099 away from (0, 1, 0), and one 0.0101 away
    import math
    for dist, ok in ((0.0099, True), (0.0101, False)):
        angle = 2 * math.asin(dist / 2)
        glue = f"(0.1275, 0.1494, -0.0216, 0, {math.cos(angle)!r}, {math.sin(angle)!r})"
        robot, ds = build(mecanum_program(glue))
        assert (robot is not None) is ok, (dist, ds)


def test_a_glue_whose_direction_is_not_unit():
    robot, ds = build(mecanum_program("(0.1275, 0.1494, -0.0216, 0, 1.01, 0)"))
    assert robot is None
    (d,) = ds
    assert d.code == GLUE and "not of unit length" in d.message
    # it names motor_lf's shaft all the same: the help gives the exact glue for it
    assert d.help == ("to mount on 'motor_lf.shaft' write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)",)
    # naming no connector, the help gives the unit direction along it
    robot, ds = build(mecanum_program("(1.5, 1.5, 1.5, 0, 1.01, 0)"))
    (d,) = ds
    assert "not of unit length" in d.message and "(0, 1, 0)" in d.help[0]
    # within the tolerance it is unit, and matches
    robot, ds = build(mecanum_program("(0.1275, 0.1494, -0.0216, 0, 1.0009, 0)"))
    assert robot is not None, ds


def test_a_glue_matching_two_connectors_and_what_mates_onto_it():
    text = """\
Robot twin {
    Diff_two_caster chassis(ref = "twin_base")
    Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))
    Standard wheel_r(ref = "standard_80", glue = (0, -0.12, -0.02, 0, -1, 0))
    Motor m(ref = "gearmotor_37d", glue = (0, 0, 0.05025, 0, 0, 1))
    Standard on_m(ref = "standard_80", glue = (0, 0, 0.07025, 0, 0, 1))
}
"""
    robot, ds = build(text)
    assert robot is None
    assert codes(ds) == [GLUE], ds      # on_m is not reported a second time
    d = ds[0]
    assert "matches 2 connectors: 'chassis.deck_a', 'chassis.deck_b'" in d.message
    assert d.notes == ("not placed either, since they mate onto it: 'on_m'",)
    assert len(d.help) == 2


def test_no_free_connector_left():
    text = DIFF_BOT.replace("}\n", '    Lidar extra(ref = "lidar_ld06", glue = (1, 1, 1, 0, 0, 1))\n}\n')
    robot, ds = build(text)
    assert robot is None
    (d,) = ds
    assert d.code == GLUE
    # every connector of the robot holds a part: there is nothing to suggest
    assert d.message.endswith("and no connector is free")


def test_numbers_as_the_help_writes_them():
    assert short(0.12750000000000003) == "0.1275"
    assert short(-0.0) == "0"
    assert short(-0.00001) == "0"
    assert short(1.0) == "1"
    assert short(0.1) == "0.1"
    assert short(-0.02) == "-0.02"
    assert fixed(0.007500000000000007, 3) == "0.008"
    assert fixed(0.0075, 3) == "0.008"
    assert fixed(0.99999, 2) == "1.00"
    assert fixed(-0.0001, 2) == "0.00"


def test_a_glue_matching_two_connectors_silences_what_mates_onto_it_at_either():
    # the motor's glue lies between deck_a and deck_c (1.6 mm apart); the wheel is glued on
    # the shaft the motor would have on deck_c, 1.6 mm from where it would be on deck_a
    text = """\
Robot gap {
    Diff_two_caster chassis(ref = "gap_base")
    Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))
    Standard wheel_r(ref = "standard_80", glue = (0, -0.12, -0.02, 0, -1, 0))
    Motor m(ref = "gearmotor_37d", glue = (0, 0, 0.0508, 0, 0, 1))
    Standard on_m(ref = "standard_80", glue = (0, 0, 0.0716, 0, 0, 1))
}
"""
    robot, ds = build(text)
    assert robot is None
    assert codes(ds) == [GLUE], [(d.code, d.message) for d in ds]
    d = ds[0]
    assert "matches 2 connectors: 'chassis.deck_a', 'chassis.deck_c'" in d.message
    assert d.notes == ("not placed either, since they mate onto it: 'on_m'",)


def test_a_glue_without_direction_says_what_to_write():
    robot, ds = build(mecanum_program("(0.1275, 0.1494, -0.0216, 0, 0, 0)"))
    assert robot is None
    (d,) = ds
    assert d.code == GLUE and "not of unit length" in d.message
    assert d.help and "write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)" in d.help[0]


def test_what_mates_onto_a_part_whose_glue_has_no_direction_is_not_reported_again():
    text = POWERED_BOT.replace("glue = (0, -0.1, -0.02, 0, -1, 0)", "glue = (0, -0.1, -0.02, 0, 0, 0)")
    robot, ds = build(text)
    assert robot is None
    assert codes(ds) == [GLUE], [(d.code, d.message) for d in ds]
    assert "not of unit length" in ds[0].message
    assert ds[0].notes == ("not placed either, since they mate onto it: 'wheel_r'",)
    assert "write glue = (0, -0.1, -0.02, 0, -1, 0)" in ds[0].help[0]

"""validation.statics.com_over_support names the part that pulls the centre of mass out:
a second label on the heaviest contributor in the direction of the miss."""
import pytest

from mobiledsl.analysis import analyse
from mobiledsl.analysis.statics import nearest_on_polygon
from mobiledsl.model.robot import Pose

from . import fixtures as F

COM = "validation.statics.com_over_support"


def com_diagnostic(robot):
    a, diags = analyse(robot, None, None)
    found = [d for d in diags if d.code == COM]
    return a, (found[0] if found else None)


def moved(robot, name, xyz):
    c = robot.component(name)
    return F.with_component(robot, name, pose=Pose(xyz, c.pose.quat))


def test_a_pack_hung_far_forward_is_named():
    # the supports run x -0.12 .. 0 (caster, axle): 0.18 kg at x = 1.2 tips it forward
    a, d = com_diagnostic(moved(F.diff_caster(), "pack", (1.2, 0.0, 0.03)))
    assert d is not None and a.com_ground[0] > 0
    assert [(l.span.line, l.message) for l in d.labels] == \
        [(8, "'pack' (0.18 kg) pulls the centre of mass out most")]
    assert d.span.line == 1                           # the primary place is unchanged
    assert d.help[0].startswith("'pack' pulls the centre of mass out most")
    finding = next(f for f in a.findings if f.code == COM)
    assert finding.components[0] == "pack"


def test_the_chassis_itself_can_be_the_one_and_gets_no_move_it_help():
    a, d = com_diagnostic(F.diff_caster(chassis_com=(0.06, 0.0, 0.0)))
    assert d is not None
    assert [l.span.line for l in d.labels] == [2]
    assert "'chassis' (2 kg) pulls" in d.labels[0].message
    assert not d.help[0].startswith("'chassis'")


def test_on_the_edge_there_is_no_direction_and_no_second_label():
    r = F.diff_caster(chassis_com=(0.0, 0.0, 0.0))
    a, _ = analyse(r, None, None)
    r = F.diff_caster(chassis_com=(-a.com[0] * a.mass / 2.0, 0.0, 0.0))
    a, d = com_diagnostic(r)
    assert d is not None and "on the edge" in d.message
    assert d.labels == ()


def test_inside_there_is_nothing_to_name():
    _, d = com_diagnostic(F.diff_caster())
    assert d is None


@pytest.mark.parametrize("point, polygon, nearest", [
    ((2.0, 0.5), [(0, 0), (1, 0), (1, 1), (0, 1)], (1.0, 0.5)),     # beside an edge
    ((2.0, 2.0), [(0, 0), (1, 0), (1, 1), (0, 1)], (1.0, 1.0)),     # past a corner
    ((-1.0, 0.0), [(0, -1), (0, 1)], (0.0, 0.0)),                   # a segment: two wheels
    ((0.0, 3.0), [(0, -1), (0, 1)], (0.0, 1.0)),                    # beyond its end
    ((5.0, 5.0), [(1, 1)], (1.0, 1.0)),                             # one support
])
def test_nearest_point_of_the_supports(point, polygon, nearest):
    assert tuple(nearest_on_polygon(point, polygon)) == pytest.approx(nearest)

"""validation.footprint.bounded: a part with no collision shape cannot be bounded."""
from dataclasses import replace

from mobiledsl.analysis import analyse

from . import fixtures as F

BOUNDED = "validation.footprint.bounded"


def bounded(robot):
    _, diags = analyse(robot, None, None)
    return [d for d in diags if d.code == BOUNDED]


def test_wheels_and_casters_need_no_collision_shape():
    assert bounded(F.diff_caster()) == []


def test_a_part_without_a_collision_shape_is_warned():
    found = bounded(F.diff_caster(lidar_collision=False))
    assert len(found) == 1
    d = found[0]
    assert d.severity.value == "warning"
    assert "'lidar'" in d.message and "no collision shape" in d.message
    assert d.span.file == F.CORE and d.span.line == 10
    assert d.labels and d.labels[0].span.file.endswith("component.yaml")
    assert any("collision" in h for h in d.help)


def test_a_track_needs_its_collision_box():
    r = F.tracked()
    tr = r.parts["test/track"]
    found = bounded(F.with_part(r, replace(tr, collision=())))
    assert len(found) == 2 and all("track_" in d.message for d in found)

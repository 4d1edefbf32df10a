"""The robot is placed once for the whole analysis: ``placed.place`` gives the frames, bodies,
wheels, tracks and feet ``placement`` works out, and ``analyse`` places each component's
frame, each link's and each shape's solid once, however many rules read them."""
from __future__ import annotations

import sys
from collections import Counter

import numpy as np
import pytest

from mobiledsl.analysis import analyse
from mobiledsl.analysis import placement as P
from mobiledsl.analysis.geometry import Round, shape_solid
from mobiledsl.analysis.placed import place, standing_feet

from . import fixtures as F
from .test_legged_rules import quad

ROBOTS = {
    "diff_caster": F.diff_caster,
    "diff_four": F.diff_four,
    "tricycle": F.tricycle,  # a steered wheel
    "tracked": F.tracked,
    "quad": quad,  # links and feet
}


def same_solid(a, b) -> bool:
    if isinstance(a, Round):
        return (isinstance(b, Round) and a.radius == b.radius
                and np.array_equal(a.a, b.a) and np.array_equal(a.b, b.b))
    return all(np.array_equal(getattr(a, k), getattr(b, k)) for k in ("vertices", "A", "b"))


def same_frame(a, b) -> bool:
    return np.array_equal(a.rotation, b.rotation) and np.array_equal(a.translation, b.translation)


@pytest.mark.parametrize("name", sorted(ROBOTS))
def test_place_gives_what_placement_works_out(name):
    robot = ROBOTS[name]()
    placed = place(robot)
    for c in robot.components:
        assert same_frame(placed.frame(c), P.frame_of(c))
        for pl in c.links:
            assert same_frame(placed.link_frame(c, pl.name), P.link_frame(c, pl.name))
    old = P.bodies(robot)
    assert [(b.component.name, b.link) for b in placed.bodies] == [
        (b.component.name, b.link) for b in old]
    for new, was in zip(placed.bodies, old):
        assert same_frame(new.frame, was.frame)
        assert len(new.shapes) == len(was.shapes)
        assert all(same_solid(s.solid, t.solid) for s, t in zip(new.shapes, was.shapes))
    wheels, tracks = P.wheels(robot), P.tracks(robot)
    assert [w.component.name for w in placed.wheels] == [w.component.name for w in wheels]
    for new, was in zip(placed.wheels, wheels):
        assert np.array_equal(new.centre, was.centre) and np.array_equal(new.axis, was.axis)
        assert (new.radius, new.width, new.caster) == (was.radius, was.width, was.caster)
        assert placed.wheel(new.component) is new
    assert [t.component.name for t in placed.tracks] == [t.component.name for t in tracks]
    for new, was in zip(placed.tracks, tracks):
        assert np.array_equal(new.run_from, was.run_from)
        assert np.array_equal(new.run_to, was.run_to)
        assert same_solid(new.belt, was.belt)
    # each foot's solid: its link's shape, where the link's servo holds it
    feet = standing_feet(robot)
    assert [(h.component.name, h.foot.name) for h in placed.feet] == [
        (c.name, f.name) for c, _, f in feet]
    for held in placed.feet:
        link = next(l for l in held.part.links if l.name == held.foot.link)
        frame = P.link_frame(held.component, held.foot.link)
        assert same_solid(held.solid, shape_solid(link.collision[held.foot.shape], frame))
    if name == "quad":
        assert len(placed.feet) == 4


def placings(robot) -> Counter:
    """How often one analyse places a component's frame, a link's frame and a shape's solid,
    and how often it builds each wheel's prism."""
    counts: Counter = Counter()

    def profile(frame, event, arg):
        if event != "call":
            return
        code = frame.f_code
        if code.co_filename.endswith("model/frames.py") and code.co_name == "from_pose":
            caller = frame.f_back.f_code.co_filename if frame.f_back else ""
            if caller.endswith("analysis/placement.py"):  # the robot's, not the world's
                counts["from_pose"] += 1
        elif code.co_filename.endswith("analysis/geometry.py") and code.co_name == "shape_solid":
            counts["shape_solid"] += 1
        elif code.co_filename.endswith("analysis/geometry.py") and code.co_name == "prism":
            counts["prism"] += 1

    sys.setprofile(profile)
    try:
        analyse(robot, None, F.task(F.step("Spin", angle_rad=1.0)))
    finally:
        sys.setprofile(None)
    return counts


@pytest.mark.parametrize("name", sorted(ROBOTS))
def test_analyse_places_each_frame_and_solid_once(name):
    robot = ROBOTS[name]()
    frames = len(robot.components) + sum(len(c.links) for c in robot.components)
    shapes = sum(len(b.shapes) for b in P.bodies(robot))
    rims = sum(1 for w in P.wheels(robot) if not w.caster)
    counts = placings(robot)
    assert counts["from_pose"] == frames
    assert counts["shape_solid"] == shapes
    # a cylinder's prism is built with its shape; a wheel's once, for its sweep and outline
    cylinders = sum(1 for b in P.bodies(robot) for s in b.shapes if s.shape.type == "cylinder")
    assert counts["prism"] == rims + cylinders

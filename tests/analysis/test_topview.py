"""The top view a person reads: every part named on it, a scale bar of a round length, a
legend of only what is drawn, and the world's entities near the start drawn around the robot
(the farther ones listed with their distance)."""
import xml.etree.ElementTree as ET

import pytest

from mobiledsl.analysis import analyse, write_report
from mobiledsl.analysis.topview import NEAR, clip, Box, nice_length
from mobiledsl.model.world import Entity, World
from mobiledsl.library.model import Shape

from . import fixtures as F

SVG = "{http://www.w3.org/2000/svg}"


def view(robot, world=None, task=None):
    a, _ = analyse(robot, world, task)
    root = ET.fromstring(write_report(a)["topview.svg"])
    return a, root, {g.get("id"): g for g in root.iter(SVG + "g") if g.get("id")}


def texts(group) -> list[str]:
    return ["".join(t.itertext()) for t in group.iter(SVG + "text")]


def box_entity(name, kind, x, y, size=(0.2, 0.2, 0.2)):
    shape = Shape("box", size, (0.0, 0.0, 0.0), (0.0, 0.0, 0.0))
    return Entity(name, kind, (x, y, size[2] / 2, 0.0, 0.0, 0.0, 1.0), kind != "Marker",
                  (shape,), "box")


def world(*entities, start=(0.0, 0.0, 0.0)):
    return World("w", None, True, start, entities=tuple(entities))


def test_every_component_is_named_on_the_drawing():
    a, _, groups = view(F.diff_caster())
    names = texts(groups["names"])
    assert sorted(names) == sorted({c.name for c in F.diff_caster().components
                                    if any(o.component == c.name for o in a.outlines)})
    assert len(names) == len(set(names))            # once each


def test_the_legend_lists_only_what_is_drawn():
    _, _, groups = view(F.diff_caster())
    legend = " ".join(texts(groups["legend"]))
    assert "wheel (its cylinder)" in legend and "caster (its sphere)" in legend
    for absent in ("track (belt box)", "link (at its servo's hold)", "obstacle of the world",
                   "marker of the world", "error, with its code", "warning, with its code"):
        assert absent not in legend
    _, _, tracked = view(F.tracked())
    legend = " ".join(texts(tracked["legend"]))
    assert "track (belt box)" in legend and "wheel (its cylinder)" not in legend


def test_a_finding_brings_its_severity_into_the_legend():
    _, _, groups = view(F.diff_caster(chassis_com=(0.05, 0.0, 0.0)))
    assert "error, with its code" in " ".join(texts(groups["legend"]))


@pytest.mark.parametrize("span, length", [(0.04, 0.01), (0.37, 0.05), (0.4, 0.1),
                                          (2.0, 0.5), (9.0, 2.0), (40.0, 10.0)])
def test_the_scale_bar_is_a_round_length_near_a_quarter(span, length):
    assert nice_length(span) == pytest.approx(length)


def test_the_scale_bar_is_drawn_with_its_length():
    _, _, groups = view(F.diff_caster())
    bar = groups["scale"]
    assert texts(bar) == ["50 mm"] and bar.get("data-length-m") == "0.05"


def test_the_world_near_the_start_is_drawn_and_the_rest_listed():
    near = box_entity("crate", "Obstacle", 0.4, 0.0)
    dock = box_entity("dock", "Marker", 0.0, -0.4, (0.3, 0.3, 0.002))
    far = box_entity("far_crate", "Obstacle", 3.05, 0.0)   # 2.8 m past the chassis
    a, _, groups = view(F.diff_caster(), world(near, dock, far))
    drawn = {p.get("data-component"): p.get("class") for p in groups["world"].iter(SVG + "polygon")}
    assert drawn == {"crate": "obstacle", "dock": "marker"}
    assert {"crate", "dock"} <= set(texts(groups["names"]))
    legend = texts(groups["legend"])
    assert "obstacle of the world" in legend and "marker of the world" in legend
    assert "far_crate (obstacle), 2.8 m away" in legend
    assert [e.component for e in a.surroundings] == ["crate", "dock", "far_crate"]


def test_without_a_world_there_is_no_world_group():
    _, _, groups = view(F.diff_caster())
    assert "world" not in groups


def test_the_start_pose_turns_the_world_into_the_robot_s_frame():
    # the robot starts at (1, 2) facing +y: a crate at world (1, 2.4) is 0.4 m ahead of it
    crate = box_entity("crate", "Obstacle", 1.0, 2.4)
    a, _, _ = view(F.diff_caster(), world(crate, start=(1.0, 2.0, 1.5707963267948966)))
    xs = [p[0] for p in a.surroundings[0].polygon]
    ys = [p[1] for p in a.surroundings[0].polygon]
    assert (min(xs), max(xs)) == pytest.approx((0.3, 0.5))
    assert (min(ys), max(ys)) == pytest.approx((-0.1, 0.1))


def test_an_entity_just_inside_the_window_is_cut_at_it_and_one_just_beyond_is_listed():
    a, _ = analyse(F.diff_caster(), None, None)
    robot_hi_x = max(p[0] for o in a.outlines for p in o.polygon)
    inside = box_entity("inside", "Obstacle", robot_hi_x + NEAR + 0.09, 0.0)   # reaches in 1 cm
    beyond = box_entity("beyond", "Obstacle", robot_hi_x + NEAR + 0.11, 1.0)
    _, _, groups = view(F.diff_caster(), world(inside, beyond))
    drawn = [p for p in groups["world"].iter(SVG + "polygon")]
    assert [p.get("data-component") for p in drawn] == ["inside"]
    xs = [float(pt.split(",")[0]) / 1000 for pt in drawn[0].get("points").split()]
    assert max(xs) == pytest.approx(robot_hi_x + NEAR, abs=1e-6)
    assert any(t.startswith("beyond (obstacle)") for t in texts(groups["legend"]))


def test_clip_keeps_what_is_inside_the_box():
    square = [(-1, -1), (1, -1), (1, 1), (-1, 1)]
    assert clip(square, Box(-2, -2, 2, 2)) == [tuple(p) for p in square]
    assert clip(square, Box(5, 5, 6, 6)) == []
    half = clip(square, Box(0, -2, 2, 2))
    assert sorted(half) == sorted([(0, -1), (1, -1), (1, 1), (0, 1)])


# --- pictures people read: axes, the forward arrow, the frame, labels apart -------------

from tests.svgtext import overlapping  # noqa: E402


def test_the_top_view_has_axes_with_titles_ticks_in_metres_and_a_forward_arrow():
    _, root, groups = view(F.diff_caster())
    axes = groups["axes"]
    ticks = [t for t in axes.iter(SVG + "text") if t.get("class") == "tick-x"]
    assert len(ticks) >= 3 and "0" in texts(axes)
    assert any("x, forward (m)" in t for t in texts(axes))
    assert any("y, left (m)" in t for t in texts(axes))
    arrow = groups["forward"].find(SVG + "polygon")
    xs = [float(p.split(",")[0]) for p in arrow.get("points").split()]
    assert min(xs) == 0.0 and max(xs) > 0           # from base_footprint's origin, along +x
    assert root.find(f".//{SVG}text[@id='forward-label']").text == "forward"


def test_an_entity_cut_at_the_window_reaches_the_frame_s_bordered_edge():
    wall = box_entity("wall", "Obstacle", 0.6, 0.0, (0.2, 3.0, 0.3))   # far longer than the view
    _, root, groups = view(F.diff_caster(), world(wall))
    border = root.find(f".//{SVG}rect[@id='border']")
    assert border is not None and border.get("stroke") not in (None, "none")
    (poly,) = [p for p in groups["world"].iter(SVG + "polygon")]
    assert poly.get("data-clipped") == "true"
    ys = [float(p.split(",")[1]) for p in poly.get("points").split()]
    top, bottom = float(border.get("y")), float(border.get("y")) + float(border.get("height"))
    assert min(ys) == pytest.approx(top) and max(ys) == pytest.approx(bottom)


@pytest.mark.parametrize("robot, entities", [
    ("diff_caster", ()),
    ("tracked", ()),
    ("tricycle", ()),
    ("diff_caster", ("crate", "dock", "post")),
    ("diff_four", ("crate", "dock", "post")),
])
def test_no_two_labels_of_the_top_view_overlap(robot, entities):
    near = {"crate": box_entity("crate", "Obstacle", 0.35, 0.0),
            "dock": box_entity("dock", "Marker", 0.3, 0.05, (0.3, 0.3, 0.002)),
            "post": box_entity("post", "Obstacle", 0.3, 0.1, (0.05, 0.05, 0.3))}
    a, _ = analyse(getattr(F, robot)(), world(*(near[e] for e in entities)) if entities
                   else None, None)
    svg = write_report(a)["topview.svg"]
    assert overlapping(svg) == []


def test_stacked_parts_with_a_finding_get_names_apart_with_leader_lines():
    # a robot whose parts all sit on base_footprint's origin, the centre of mass off its
    # support (an error placed there): every name and the code want the same place
    r = F.diff_caster(chassis_com=(0.05, 0.0, 0.0))
    parts = [F.sensor_part(id=f"sensor_{k}") for k in range(30)]
    sensors = [(F.comp(f"sensor_{k}", "Lidar", p, xyz=(0.0, 0.0, 0.05 + 0.01 * k),
                       line=11 + k, parent="chassis", connector="mount"), p)
               for k, p in enumerate(parts)]
    crowded = F.robot("crowded", r.chassis_type,
                      [(c, r.parts[c.part]) for c in r.components] + sensors)
    a, _ = analyse(crowded, None, None)
    svg = write_report(a)["topview.svg"]
    assert overlapping(svg) == []
    root = ET.fromstring(svg)
    assert root.find(f".//{SVG}g[@id='leaders']") is not None

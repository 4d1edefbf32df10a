"""analysis.json and topview.svg: deterministic bytes, valid XML, the expected elements."""
import json
import xml.etree.ElementTree as ET

from mobiledsl.analysis import Analysis, analyse, write_report
from mobiledsl.records import dumps, from_json

from . import fixtures as F

SVG = "{http://www.w3.org/2000/svg}"


def report(robot, task=None):
    a, diags = analyse(robot, None, task)
    return a, diags, write_report(a)


def test_report_files_and_determinism():
    a, _, files = report(F.diff_caster())
    assert set(files) == {"analysis.json", "topview.svg"}
    _, _, again = report(F.diff_caster())
    assert files == again
    data = json.loads(files["analysis.json"])
    for key in ("mass", "com", "inertia", "ground_z", "ground_normal", "support_polygon",
                "com_margin_m", "footprint", "kinematics", "findings"):
        assert key in data
    assert from_json(Analysis, data) == a
    assert dumps(from_json(Analysis, data)).encode() == files["analysis.json"]


def test_footprint_holds_every_outline():
    a, _, _ = report(F.diff_caster())
    xs = [p[0] for p in a.footprint]
    ys = [p[1] for p in a.footprint]
    # the chassis box reaches x +-0.15; the wheels' outer faces y +-0.135
    assert min(xs) <= -0.15 and max(xs) >= 0.15
    assert max(ys) >= 0.135 - 1e-9 and min(ys) <= -0.135 + 1e-9


def test_svg_shows_the_robot_and_its_findings():
    r = F.diff_caster(wheel_y=0.11, chassis_com=(0.05, 0.0, 0.0), lidar_collision=False)
    a, diags, files = report(r, F.task(F.step("Strafe", direction="left", distance_m=0.3)))
    root = ET.fromstring(files["topview.svg"])
    assert root.tag == SVG + "svg"
    groups = {g.get("id"): g for g in root.iter(SVG + "g") if g.get("id")}
    for gid in ("footprint", "parts", "support", "com", "findings", "legend"):
        assert gid in groups
    kinds = [p.get("class") for p in groups["parts"].iter(SVG + "polygon")]
    assert kinds.count("wheel") == 2 and kinds.count("caster") == 1 and "shape" in kinds
    assert groups["footprint"].find(SVG + "polygon") is not None
    assert groups["support"].find(SVG + "polygon") is not None
    placed = [g.get("data-code") for g in groups["findings"].iter(SVG + "g")]
    assert "validation.assembly.wheels_clear_other_parts" in placed
    assert "validation.statics.com_over_support" in placed
    assert "validation.footprint.bounded" in placed
    texts = "".join(t.text or "" for t in groups["findings"].iter(SVG + "text"))
    assert "validation.statics.com_over_support" in texts
    # a finding with no place (the task's) is listed in the legend
    legend_codes = [t.get("data-code") for t in groups["legend"].iter(SVG + "text")]
    assert "validation.kinematics.strafe_supported" in legend_codes
    # every finding of the analysis is one diagnostic
    assert len(a.findings) == len(diags)

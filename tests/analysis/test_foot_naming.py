"""The foot check names the foot the rule names (docs/analysis.md: of the feet that are each
the odd one out, the one whose height in base_link stands out from the others'), and, when
the foot names the wrong shape, the shape that stands on the ground."""
from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from mobiledsl.analysis import analyse
from mobiledsl.assembly.assemble import place_links
from mobiledsl.model.frames import Transform, matrix_from_quat

from ..sim.go2 import ROOT
from . import fixtures as F
from .test_legged_rules import FEET, leg_part, quad

FIRST_SHAPE = "{link: knee, shape: 1}"


def with_leg(robot, name, part):
    comps = []
    for c in robot.components:
        if c.name == name:
            t = Transform(matrix_from_quat(c.pose.quat), np.asarray(c.pose.xyz))
            c = replace(c, part=part.key, links=place_links(part, t))
        comps.append(c)
    return F.with_part(replace(robot, components=tuple(comps)), part)


def test_a_front_left_foot_on_the_wrong_shape_is_the_front_left():
    wrong = replace(leg_part(id="wrong", foot_shape=0), id="wrong")
    _, diags = analyse(with_leg(quad(), "front_left", wrong))
    (d,) = [d for d in diags if d.code == FEET]
    assert "'front_left.foot'" in d.message and "above" in d.message
    assert any(f"write feet.foot: {FIRST_SHAPE}" in h for h in d.help), d.help


@pytest.mark.parametrize("leg", ["front_right", "rear_left", "rear_right"])
def test_each_foot_on_the_wrong_shape_is_named(leg):
    wrong = replace(leg_part(id="wrong", foot_shape=0), id="wrong")
    _, diags = analyse(with_leg(quad(), leg, wrong))
    (d,) = [d for d in diags if d.code == FEET]
    assert f"'{leg}.foot'" in d.message


def test_a_foot_raised_names_no_other_shape():
    # the leg is glued higher: no shape of it stands on the ground, so no shape is offered
    _, diags = analyse(quad(shift={"front_left": (0.0, 0.0, 0.01)}))
    (d,) = [d for d in diags if d.code == FEET]
    assert "'front_left.foot'" in d.message
    assert not any("write feet." in h for h in d.help)


@pytest.mark.slow
def test_a_go2_front_left_foot_on_its_calf_capsule(tmp_path):
    import os
    import subprocess
    import sys
    sys.path.insert(0, str(ROOT))
    from bench.robotgen import write_go2_project
    core, libs = write_go2_project(tmp_path, kp=100)
    yaml = libs[0] / "parts" / "go2_class" / "component.yaml"
    yaml.write_text(yaml.read_text().replace("FL_foot: {link: FL_calf, shape: 1",
                                             "FL_foot: {link: FL_calf, shape: 0"))
    proc = subprocess.run([sys.executable, "-m", "mobiledsl", "compile", str(core), "--library",
                           str(libs[0]), "--check"], check=False, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "foot 'body.FL_foot' does not stand on the ground" in proc.stderr
    assert "FR_foot" not in proc.stderr
    assert "write feet.FL_foot: {link: FL_calf, shape: 1}" in proc.stderr

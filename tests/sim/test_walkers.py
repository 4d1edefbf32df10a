"""A program whose body and legs are a walker's walks by the walker's policy, whatever its
body states, with the walker's command ranges; any other walks by its body's gait."""
from __future__ import annotations

import json

from mobiledsl.pipeline import compile_program
from mobiledsl.sim.runtime import controller_path

from ..targets.conftest import LIBRARY, ROOT

QUAD = (ROOT / "programs" / "quad" / "quad.core").read_text()


def emitted(tmp_path, text: str) -> dict:
    core = tmp_path / "robot.core"
    core.write_text(text)
    compile_program(str(core), None, None, [str(LIBRARY)], ["mjcf"], str(tmp_path / "out"),
                    False)
    xml = next((tmp_path / "out" / "mjcf").glob("*.xml"))
    return json.loads(controller_path(xml).read_text()), xml.parent


def test_the_walkers_robot_walks_by_its_policy_over_the_bodys_gait(model_xml):
    xml = model_xml("quad")
    desc = json.loads(controller_path(xml).read_text())
    assert desc["kind"] == "policy" and desc["gait"] is None
    assert desc["walker"]["id"] == "demo_parts/quad_walker"
    assert (xml.parent / desc["policy"]["policy"]).is_file()      # copied beside the model
    assert desc["policy"]["actuators"] == [
        f"{leg}_{servo}" for leg in ("front_left", "front_right", "rear_left", "rear_right")
        for servo in ("abduct", "hip", "knee")]


def test_the_walker_takes_its_own_command_ranges_not_the_bodys(tmp_path):
    import shutil
    library = tmp_path / "lib"
    shutil.copytree(LIBRARY, library)
    walker = library / "walkers" / "quad_walker" / "walker.yaml"
    text = walker.read_text()
    stated = next(line for line in text.splitlines() if line.startswith("gait:"))
    walker.write_text(text.replace(stated, "gait: {ahead: [-0.1, 0.25], aside: [0, 0], "
                                           "turn: [-0.12, 0.1]}"))
    core = tmp_path / "quad.core"
    core.write_text(QUAD)
    compile_program(str(core), None, None, [str(library)], ["mjcf"], str(tmp_path / "out"),
                    False)
    desc = json.loads((tmp_path / "out" / "mjcf" / "quad.controller.json").read_text())
    assert desc["kind"] == "policy"
    assert desc["limits"]["vx"] == [-0.1, 0.25] and desc["limits"]["wz"] == [-0.12, 0.1]


def test_legs_declared_in_another_order_and_names_are_still_the_walkers(tmp_path):
    text = QUAD.replace("Robot quad", "Robot shuffled")
    lines = text.splitlines()
    legs = [line for line in lines if line.strip().startswith("Leg ")]
    renamed = [leg.replace("front_left", "a").replace("front_right", "b")
               .replace("rear_left", "c").replace("rear_right", "d") for leg in legs]
    body = [line for line in lines if not line.strip().startswith("Leg ")]
    close = body.index("}")
    text = "\n".join(body[:close] + list(reversed(renamed)) + body[close:]) + "\n"
    desc, _ = emitted(tmp_path, text)
    assert desc["kind"] == "policy"
    # the walker's joints fl, fr, rl, rr named as this program names those legs
    assert desc["policy"]["actuators"] == [f"{leg}_{servo}" for leg in "abcd"
                                           for servo in ("abduct", "hip", "knee")]


def test_legs_placed_otherwise_walk_by_the_bodys_gait(model_xml):
    desc = json.loads(controller_path(model_xml("quad_gait")).read_text())
    assert desc["kind"] == "gait" and desc["walker"] is None and desc["policy"] is None
    assert desc["gait"]["period"] == 0.4 and desc["gait"]["duty"] == 0.55
    assert desc["gait"]["step_height"] == 0.07
    assert desc["limits"]["vy"] == [-0.15, 0.15]       # the legs' brackets step aside
    assert sorted(desc["feet"]) == ["front_left.foot", "front_right.foot",
                                    "rear_left.foot", "rear_right.foot"]


def test_a_leg_turned_about_is_not_the_walkers(tmp_path):
    text = QUAD.replace("Robot quad", "Robot nudged").replace(
        "Leg rear_right(ref = \"hip_leg\", glue = (-0.12, -0.08, -0.04, 0, 0, -1))",
        "Leg rear_right(ref = \"hip_leg\", "
        "glue = (-0.12, -0.08, -0.04, 0, 0, -1, 3.14159265358979))")
    desc, _ = emitted(tmp_path, text)
    assert desc["kind"] == "gait" and desc["walker"] is None

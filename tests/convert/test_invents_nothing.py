"""What the converter cannot know stays as it was written, and is reported on the result."""
from __future__ import annotations

import pytest

from .conftest import v3_chassis, v3_wheel


def test_placeholder_inertial_without_basis_stays_and_the_loader_reports_it(checkout):
    data = v3_wheel()
    data["inertial"]["source"] = "placeholder"
    del data["inertial"]["estimate_basis"]
    checkout.part("wheel", "w80", data)
    r = checkout.convert()
    assert r.status == 1
    assert "basis" not in r.doc("w80")["inertial"]
    assert r.codes == ["library.missing_field"]
    assert r.report["left_out"] == ["w80"]
    [d] = r.report["diagnostics"]
    assert d["file"] == "parts/w80/component.yaml" and "basis" in d["message"]


def test_placeholder_inertial_with_its_basis_loads(checkout):
    data = v3_wheel()
    data["inertial"]["source"] = "placeholder"
    checkout.part("wheel", "w80", data)
    r = checkout.convert()
    assert r.status == 0 and r.codes == []
    assert r.doc("w80")["inertial"]["basis"] == "a solid cylinder"


def test_steered_mount_without_kingpin_stays_without_and_is_named(checkout):
    checkout.part("chassis", "body", v3_chassis(steering=False))
    r = checkout.convert()
    assert r.status == 0                          # the format itself allows it
    assert "steering" not in r.doc("body")["connectors"]["fork"]
    [item] = r.report["carried_as_written_to_settle"]
    assert item["part"] == "body" and item["path"] == "connectors.fork"
    assert "steers its front_wheel" in item["why"] and "kingpin" in item["why"]
    assert "body: connectors.fork: a Tricycle steers its front_wheel" in r.err


def test_a_mount_the_type_does_not_steer_needs_no_kingpin(checkout):
    data = v3_chassis(steering=False)
    data["connectors"]["rl"]["steering"] = {"axis": [0, 0, 1], "max_angle_rad": 0.6}
    data["connectors"]["fork"]["steering"] = {"axis": [0, 0, 1], "max_angle_rad": 0.6}
    checkout.part("chassis", "body", data)
    r = checkout.convert()
    assert r.report["carried_as_written_to_settle"] == []


def test_profile_name_that_is_no_type_is_carried_as_written_and_named(checkout):
    checkout.part("wheel", "w80", dict(v3_wheel(), profiles={
        "roller": {"mounts": {"default": "mount"}}}))
    r = checkout.convert()
    assert list(r.doc("w80")["profiles"]) == ["roller"]
    [item] = r.report["carried_as_written_to_settle"]
    assert item["path"] == "profiles.roller" and "names no component type" in item["why"]


@pytest.mark.slow
def test_a_compile_refuses_the_chassis_without_kingpin(tmp_path):
    """The compiler reports the missing kingpin where a program uses the converted part:
    the demo library, its tricycle's fork without steering in v3, under the demo program."""
    import contextlib
    import io
    import json

    from mobiledsl.cli import main
    from mobiledsl.convert import convert_library

    from .test_round_trip import DEMO
    from .v3 import write_v3
    write_v3(DEMO, tmp_path / "v3")
    file = tmp_path / "v3" / "chassis" / "trike_base" / "part.yaml"
    data = json.loads(file.read_text())
    del data["connectors"]["front_fork"]["steering"]
    file.write_text(json.dumps(data))
    # v3 calls a battery's profile battery, an Attachment; this program places a Battery
    pack = tmp_path / "v3" / "battery" / "lipo_3s_2200" / "part.yaml"
    data = json.loads(pack.read_text())
    data["profiles"] = {"Battery": data["profiles"]["battery"]}
    pack.write_text(json.dumps(data))
    result = convert_library(str(tmp_path / "v3"), str(tmp_path / "demo_parts"))
    assert [i.path for i in result.report.to_settle] == ["connectors.front_fork"]
    program = DEMO.parents[1] / "programs" / "tricycle" / "tricycle.core"
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(["compile", str(program), "--library", str(tmp_path / "demo_parts"), "--check",
              "--diagnostics", "json"])
    codes = {d["code"] for d in json.loads(out.getvalue())["diagnostics"]}
    assert "validation.assembly.steering_declared" in codes, codes


def test_a_battery_made_an_attachment_is_named(checkout):
    checkout.part("battery", "pack", dict(v3_wheel("pack"), geometry=None, profiles={
        "battery": {"mounts": {"default": "mount"}}}))
    r = checkout.convert()
    assert list(r.doc("pack")["profiles"]) == ["Attachment"]
    [item] = r.report["carried_as_written_to_settle"]
    assert item["path"] == "profiles.Attachment" and "rename the profile to Battery" in item["why"]


def test_a_battery_with_its_battery_profile_is_not_named(checkout):
    checkout.part("battery", "pack", dict(v3_wheel("pack"), geometry=None, profiles={
        "Battery": {"mounts": {"default": "mount"}}, "arm": {"mounts": {"default": "mount"}}}))
    r = checkout.convert()
    assert list(r.doc("pack")["profiles"]) == ["Battery", "Attachment"]
    assert r.report["carried_as_written_to_settle"] == []

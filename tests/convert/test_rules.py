"""One v3 part per rename rule and per dropped field."""
from __future__ import annotations

import pytest

from mobiledsl.convert.rules import profile_type

from .conftest import v3_chassis, v3_wheel


def test_a_wheel_converts_with_every_rename(checkout):
    checkout.part("wheel", "w80")
    r = checkout.convert()
    assert r.status == 0, r.err
    inertia = v3_wheel()["inertial"]["inertia"]          # carried unchanged
    assert r.doc("w80") == {
        "schema_version": 1, "id": "w80", "category": "wheel", "description": "An 80 mm wheel.",
        "visual": {"file": "assets/model.stl", "xyz": [0, 0, 0], "rpy": [0, 0, 0]},
        "wheel": {"radius": 0.04, "width": 0.03},
        "inertial": {"mass": 0.1, "origin_xyz": [0, 0, 0], "inertia": inertia,
                     "source": "estimated", "basis": "a solid cylinder"},
        "connectors": {"mount": {"pos": [0, 0, 0], "dir": [0, 0, 1],
                                 "joint": {"type": "continuous", "axis": [0, 0, 1]}}},
        "profiles": {"Standard": {"mounts": {"default": "mount"}}},
    }
    # the new format's key order, whatever order part.yaml had
    keys = [line.split(":")[0] for line in r.text("w80").splitlines() if not line[0].isspace()]
    assert keys == ["schema_version", "id", "category", "description", "visual", "wheel",
                    "inertial", "connectors", "profiles"]


def test_model_folder_is_copied_whole_to_assets(checkout):
    folder = checkout.part("wheel", "w80", dict(v3_wheel(), model={
        "file": "meshes/sub/model.gltf", "xyz": [0, 0, 0], "rpy": [0, 0, 0]}), mesh=None)
    (folder / "meshes" / "sub").mkdir(parents=True)
    (folder / "meshes" / "sub" / "model.gltf").write_text("{}")
    (folder / "meshes" / "model.bin").write_bytes(b"\x00\x01")
    (folder / "meshes" / "textures").mkdir()
    (folder / "meshes" / "textures" / "wood.png").write_bytes(b"png")
    (folder / "README.md").write_text("not copied")
    r = checkout.convert()
    assert r.status == 0, r.err
    assert r.doc("w80")["visual"]["file"] == "assets/sub/model.gltf"
    part = r.dest / "parts" / "w80"
    assert sorted(str(p.relative_to(part)) for p in part.rglob("*") if p.is_file()) == [
        "assets/model.bin", "assets/sub/model.gltf", "assets/textures/wood.png",
        "component.yaml"]
    assert r.report["parts"][0]["copied"] == [{"from": "wheel/w80/meshes",
                                               "to": "parts/w80/assets"}]


def test_model_beside_part_yaml_is_copied_alone(checkout):
    folder = checkout.part("wheel", "w80", dict(v3_wheel(), model={
        "file": "model.stl", "xyz": [0, 0, 0], "rpy": [0, 0, 0]}), mesh="model.stl")
    (folder / "notes.txt").write_text("beside, not named: not copied")
    r = checkout.convert()
    assert r.status == 0, r.err
    assert r.doc("w80")["visual"]["file"] == "assets/model.stl"
    part = r.dest / "parts" / "w80"
    assert sorted(str(p.relative_to(part)) for p in part.rglob("*") if p.is_file()) == [
        "assets/model.stl", "component.yaml"]


def test_an_assets_folder_stays_assets(checkout):
    checkout.part("wheel", "w80", dict(v3_wheel(), model={
        "file": "assets/model.stl", "xyz": [0, 0, 0], "rpy": [0, 0, 0]}), mesh="assets/model.stl")
    r = checkout.convert()
    assert r.status == 0, r.err
    assert r.doc("w80")["visual"]["file"] == "assets/model.stl"


def test_connector_vectors_lose_their_suffix(checkout):
    data = v3_wheel()
    data["connectors"]["mount"]["up_local"] = [1, 0, 0]
    checkout.part("wheel", "w80", data)
    conn = checkout.convert().doc("w80")["connectors"]["mount"]
    assert list(conn) == ["pos", "dir", "up", "joint"]
    assert conn["up"] == [1, 0, 0]


def test_top_level_joint_moves_onto_its_connector_with_what_else_it_states(checkout):
    data = v3_wheel()
    data["connectors"]["other"] = {"pos_local": [0, 0, 0.01], "dir_local": [0, 0, -1]}
    data["joint"] = {"connector": "other", "type": "fixed"}
    checkout.part("wheel", "w80", data)
    r = checkout.convert()
    doc = r.doc("w80")
    assert doc["connectors"]["other"]["joint"] == {"type": "fixed"}
    assert "joint" not in doc["connectors"]["mount"] and "joint" not in doc


@pytest.mark.parametrize("joint, why", [
    ({"type": "fixed"}, "names no connector"),
    ({"connector": "ghost", "type": "fixed"}, "'ghost', which the part does not declare"),
])
def test_a_joint_without_its_connector_stays_where_it_was(checkout, joint, why):
    checkout.part("wheel", "w80", dict(v3_wheel(), joint=joint))
    r = checkout.convert()
    assert r.status == 1                       # the loader leaves the part out
    assert r.doc("w80")["joint"] == joint
    assert "library.unknown_field" in r.codes
    [item] = r.report["not_carried"]
    assert item["path"] == "joint" and why in item["why"] and item["value"] == joint


def test_geometry_of_a_part_that_is_no_wheel_stays_as_written(checkout):
    checkout.part("sensor", "cam", dict(v3_wheel("cam"), profiles={
        "camera": {"mounts": {"default": "mount"}}}))
    r = checkout.convert()
    assert r.doc("cam")["geometry"] == {"radius": 0.04, "height": 0.03}
    assert "library.unknown_field" in r.codes
    assert [i["path"] for i in r.report["not_carried"]] == ["geometry"]


def test_a_new_name_already_stated_keeps_the_old_one_as_written(checkout):
    data = v3_wheel()
    data["connectors"]["mount"]["pos"] = [0, 0, 0]
    checkout.part("wheel", "w80", data)
    r = checkout.convert()
    conn = r.doc("w80")["connectors"]["mount"]
    assert conn["pos_local"] == [0, 0, 0] and conn["pos"] == [0, 0, 0]
    assert [i["path"] for i in r.report["not_carried"]] == ["connectors.mount.pos_local"]


@pytest.mark.parametrize("v3, new", [
    ("laser", "Lidar"), ("diff_four_wheel", "Diff_drive"), ("arm", "Attachment"),
    ("battery", "Attachment"), ("circuit", "Attachment"), ("diff_two_caster", "Diff_two_caster"),
    ("omni_wheel", "Omni_wheel"), ("lidar3d", "Lidar3D"), ("motor", "Motor"),
    ("motor_driver", "MotorDriver"), ("imu", "IMU"), ("Standard", "Standard"),
    ("mecanum_four_wheel", "Mecanum_four_wheel"), ("tricycle", "Tricycle"),
])
def test_profile_names(v3, new):
    assert profile_type(v3) == new


@pytest.mark.parametrize("name", ["lazer", "diff_four", "wheel", "", "omni__wheel_x"])
def test_a_profile_name_that_is_no_type(name):
    assert profile_type(name) is None


def test_two_profiles_that_become_one_type_keep_the_second_as_written(checkout):
    checkout.part("attachment", "arm1", dict(v3_wheel("arm1"), geometry=None, profiles={
        "arm": {"mounts": {"default": "mount"}}, "circuit": {"mounts": {"default": "mount"}}}))
    r = checkout.convert()
    assert list(r.doc("arm1")["profiles"]) == ["Attachment", "circuit"]
    assert any(i["path"] == "profiles.circuit" for i in r.report["not_carried"])


@pytest.mark.parametrize("field, value", [
    ("images", ["images/a.png", "images/b.jpg"]),
    ("catalog", {"price": 3, "sku": "W-80"}),
])
def test_dropped_fields_are_named_in_the_report(checkout, field, value):
    checkout.part("wheel", "w80", dict(v3_wheel(), **{field: value}))
    r = checkout.convert()
    assert r.status == 0, r.err
    assert field not in r.doc("w80")
    assert r.report["dropped"] == [{"part": "w80", "path": field, "value": value,
                                    "why": r.report["dropped"][0]["why"]}]
    assert f"w80: {field} = " in r.err           # the human summary names it too


def test_numbers_are_carried_as_written(checkout):
    checkout.part("wheel", "w80", v3_wheel(), mesh="meshes/model.stl")
    raw = (checkout.source / "wheel" / "w80" / "part.yaml").read_text()
    (checkout.source / "wheel" / "w80" / "part.yaml").write_text(
        raw.replace('"mass": 0.1', '"mass": 1.00000000000000000001e-1'))
    r = checkout.convert()
    assert "mass: 1.00000000000000000001e-1" in r.text("w80")


def test_strings_come_back_as_written(checkout):
    tricky = ["1e-3", "true", "null", "a: b", "# not a comment", "x, y", " lead", "trail ",
              "caf\u00e9 \u00b5m", "tab\there", "", "~", "-", "[list]", "line\nbreak"]
    data = v3_wheel()
    data["provenance"] = {"name": "n", "manufacturer": None, "source_url": None,
                          "license": None, "notes": tricky}
    checkout.part("wheel", "w80", data)
    r = checkout.convert()
    assert r.status == 0, r.err
    assert r.doc("w80")["provenance"]["notes"] == tricky


def test_v3_chassis_with_its_kingpin_converts(checkout):
    checkout.part("chassis", "body", v3_chassis())
    r = checkout.convert()
    assert r.status == 0, r.err
    assert r.doc("body")["connectors"]["fork"]["steering"] == {"axis": [0, 0, 1],
                                                                "max_angle_rad": 0.6}
    assert r.report["carried_as_written_to_settle"] == []


def test_other_named_files_move_with_their_folder(checkout):
    data = v3_chassis()
    data["links"] = {"head": {"visual": {"file": "meshes/head.stl", "xyz": [0, 0, 0],
                                         "rpy": [0, 0, 0]}}}
    data["controller"] = {"policy": "policy/walk.onnx"}
    folder = checkout.part("chassis", "body", data)
    (folder / "meshes" / "head.stl").write_text("solid head")
    (folder / "policy").mkdir()
    (folder / "policy" / "walk.onnx").write_bytes(b"onnx")
    r = checkout.convert()
    doc = r.doc("body")
    assert doc["links"]["head"]["visual"]["file"] == "assets/head.stl"
    assert doc["controller"]["policy"] == "assets/policy/walk.onnx"
    part = r.dest / "parts" / "body"
    assert (part / "assets" / "policy" / "walk.onnx").read_bytes() == b"onnx"
    assert (part / "assets" / "head.stl").read_text() == "solid head"


def test_two_folders_that_would_land_on_one_path_are_refused(checkout):
    data = v3_chassis()
    data["controller"] = {"policy": "policy/walk.onnx"}
    folder = checkout.part("chassis", "body", data)
    (folder / "policy").mkdir()
    (folder / "policy" / "walk.onnx").write_bytes(b"onnx")
    (folder / "meshes" / "policy").mkdir()
    (folder / "meshes" / "policy" / "walk.onnx").write_bytes(b"other")
    r = checkout.convert()
    assert r.status == 2 and "would both be copied to" in r.err

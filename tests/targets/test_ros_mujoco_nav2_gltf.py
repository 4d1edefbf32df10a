"""The node's glTF reader on files made here, one for each form it reads and each rule it
refuses by, and the MuJoCo model it lays those meshes onto."""
from __future__ import annotations

import base64
from pathlib import Path

import numpy as np
import pytest

import mobiledsl.targets.ros_mujoco_nav2 as target

from .gltf_files import INDICES, JPEG, SQUARE, UV, png, square, write

NODE = Path(target.__file__).parent / "node"


@pytest.fixture
def reader(monkeypatch):
    monkeypatch.syspath_prepend(str(NODE))
    import gltf_reader
    return gltf_reader


@pytest.fixture
def core(monkeypatch, reader):
    import mujoco_core
    return mujoco_core


# -- what it reads ---------------------------------------------------------------------------
@pytest.mark.parametrize("form", ["glb", "external", "embedded"])
def test_each_form_gives_every_triangle_moved_by_its_node(reader, tmp_path, form):
    doc, blob = square()
    [prim] = reader.read_gltf(str(write(tmp_path, doc, blob, form)))
    np.testing.assert_allclose(prim.vertices, SQUARE + (1.0, 2.0, 3.0))
    np.testing.assert_array_equal(prim.faces, INDICES.reshape(-1, 3))
    assert prim.rgba == (0.2, 0.4, 0.6, 1.0)
    assert prim.texture is None


@pytest.mark.parametrize("form", ["glb", "external", "embedded"])
def test_png_texture_with_its_coordinates(reader, tmp_path, form):
    picture = png()
    doc, blob = square(picture)
    [prim] = reader.read_gltf(str(write(tmp_path, doc, blob, form)))
    assert prim.texture == picture
    np.testing.assert_allclose(prim.texcoords, UV)


@pytest.mark.parametrize("where", ["beside", "data URI"])
def test_png_beside_the_file_or_written_into_it(reader, tmp_path, where):
    doc, blob = square()
    (tmp_path / "look.png").write_bytes(png())
    uri = "look.png" if where == "beside" else \
        "data:image/png;base64," + base64.b64encode(png()).decode()
    doc["images"] = [{"uri": uri}]
    doc["textures"] = [{"source": 0}]
    doc["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"] = {"index": 0}
    [prim] = reader.read_gltf(str(write(tmp_path, doc, blob, "external")))
    assert prim.texture == png()


def test_nested_nodes_compose_and_a_mirror_keeps_faces_outward(reader, tmp_path):
    doc, blob = square()
    # the parent by a column-major matrix (a shift along x), the child turned a quarter
    # about z and mirrored in x by its scale
    shift = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 0, 0, 1]
    s = np.sqrt(0.5)
    doc["nodes"] = [{"matrix": shift, "children": [1]},
                    {"mesh": 0, "rotation": [0, 0, s, s], "scale": [-1, 1, 1]}]
    [prim] = reader.read_gltf(str(write(tmp_path, doc, blob)))
    # (x, y) -> scale (-x, y) -> quarter turn (-y, -x) -> shift (5 - y, -x)
    expected = np.stack([5 - SQUARE[:, 1], -SQUARE[:, 0], SQUARE[:, 2]], axis=1)
    np.testing.assert_allclose(prim.vertices, expected, atol=1e-9)
    a, b, c = (prim.vertices[i] for i in prim.faces[0])
    original = np.cross(SQUARE[1] - SQUARE[0], SQUARE[2] - SQUARE[0])
    # a quarter turn and a mirror: the square's +z side stays +z only if the faces turned
    assert np.dot(np.cross(b - a, c - a), original) > 0


def test_only_the_default_scene_is_read(reader, tmp_path):
    doc, blob = square()
    doc["nodes"].append({"mesh": 0})                    # node 1, at the origin
    doc["scenes"] = [{"nodes": [0]}, {"nodes": [1]}]
    doc["scene"] = 1
    [prim] = reader.read_gltf(str(write(tmp_path, doc, blob)))
    np.testing.assert_allclose(prim.vertices, SQUARE)
    doc.pop("scene")                                   # without one, the first scene
    [prim] = reader.read_gltf(str(write(tmp_path, doc, blob)))
    np.testing.assert_allclose(prim.vertices, SQUARE + (1.0, 2.0, 3.0))


def test_triangles_without_indices(reader, tmp_path):
    doc, blob = square()
    doc["meshes"][0]["primitives"][0].pop("indices")
    doc["accessors"][0]["count"] = 3                   # the first three corners: one triangle
    [prim] = reader.read_gltf(str(write(tmp_path, doc, blob)))
    np.testing.assert_array_equal(prim.faces, [[0, 1, 2]])


def test_normals_vertex_colours_and_emission_are_not_read(reader, tmp_path):
    doc, blob = square(rgba=(1.0, 0.5, 0.25, 0.5))
    doc["meshes"][0]["primitives"][0]["attributes"].update(NORMAL=0, COLOR_0=0)
    [prim] = reader.read_gltf(str(write(tmp_path, doc, blob)))
    assert prim.rgba == (1.0, 0.5, 0.25, 0.5)
    assert set(vars(prim)) == {"vertices", "faces", "rgba", "texcoords", "texture",
                               "texture_name"}


def test_an_extension_it_may_ignore_is_not_a_refusal(reader, tmp_path):
    doc, blob = square()
    doc["extensionsUsed"] = ["KHR_materials_emissive_strength"]
    doc["meshes"][0]["primitives"][0]["mode"] = 4        # triangles, stated
    assert len(reader.read_gltf(str(write(tmp_path, doc, blob)))) == 1


# -- what stops it -----------------------------------------------------------------------------
def required_extension(doc):
    doc["extensionsUsed"] = doc["extensionsRequired"] = ["KHR_draco_mesh_compression"]


def sparse(doc):
    doc["accessors"][0]["sparse"] = {
        "count": 1, "indices": {"bufferView": 2, "componentType": 5123},
        "values": {"bufferView": 0}}


def drawn_as(mode):
    def change(doc):
        doc["meshes"][0]["primitives"][0]["mode"] = mode
    return change


def texture_transform_used(doc):
    doc["extensionsUsed"] = ["KHR_texture_transform"]


def texture_transform_on_material(doc):
    info = doc["materials"][0]["pbrMetallicRoughness"]["baseColorTexture"]
    info["extensions"] = {"KHR_texture_transform": {"scale": [2, 2]}}


REFUSED = {
    "required extension": (required_extension, None, "KHR_draco_mesh_compression"),
    "sparse accessor": (sparse, None, "sparse"),
    "points": (drawn_as(0), None, "points"),
    "lines": (drawn_as(1), None, "lines"),
    "line loops": (drawn_as(2), None, "line loops"),
    "line strips": (drawn_as(3), None, "line strips"),
    "triangle strips": (drawn_as(5), None, "triangle strips"),
    "triangle fans": (drawn_as(6), None, "triangle fans"),
    "jpeg picture": (lambda doc: None, JPEG, "not a PNG"),
    "texture transform used": (texture_transform_used, png(), "KHR_texture_transform"),
    "texture transform on a material": (texture_transform_on_material, png(),
                                        "KHR_texture_transform"),
}


@pytest.mark.parametrize("case", sorted(REFUSED))
def test_refused_naming_the_file_and_the_rule(reader, tmp_path, case):
    change, picture, rule = REFUSED[case]
    doc, blob = square(picture)
    change(doc)
    path = write(tmp_path, doc, blob)
    with pytest.raises(reader.GltfRefused) as caught:
        reader.read_gltf(str(path))
    assert str(path) in str(caught.value)
    assert rule in caught.value.rule


def test_a_buffer_missing_beside_the_file(reader, tmp_path):
    path = write(tmp_path, *square(), "external")
    (tmp_path / "model.bin").unlink()
    with pytest.raises(reader.GltfRefused, match="model.bin"):
        reader.read_gltf(str(path))


def test_not_a_gltf_file(reader, tmp_path):
    path = tmp_path / "model.glb"
    path.write_bytes(b"not a model")
    with pytest.raises(reader.GltfRefused, match="model.glb"):
        reader.read_gltf(str(path))


# -- onto the MuJoCo model -----------------------------------------------------------------------
MODEL = """<mujoco model="tiny">
  <worldbody>
    <geom name="ground" type="plane" size="0 0 0.05"/>
    <body name="world_crate" pos="2 0 0.2"><geom name="world_crate_0" type="box" size="0.2 0.2 0.2"/></body>
    <body name="base_link" pos="0 0 0.1">
      <freejoint name="root"/>
      <geom name="base" type="box" size="0.1 0.1 0.05" mass="2"/>
    </body>
  </worldbody>
</mujoco>
"""


def model_folder(tmp_path: Path, visuals: list[dict]) -> tuple[Path, dict]:
    (tmp_path / "tiny.xml").write_text(MODEL)
    return tmp_path, {"model": "tiny.xml", "visuals": visuals}


def test_meshes_and_textures_laid_on_their_bodies_without_mass(core, tmp_path):
    import mujoco
    write(tmp_path / "robot" / "deck" / "assets", *square(png()))
    doc, blob = square(rgba=(0.9, 0.1, 0.1, 1.0))
    doc["meshes"][0]["primitives"][0].pop("indices")
    doc["accessors"][0]["count"] = 3                   # one triangle: three vertices
    write(tmp_path / "world" / "box" / "assets", doc, blob, "embedded")
    folder, description = model_folder(tmp_path, [
        {"body": "base_link", "file": "robot/deck/assets/model.glb", "pos": [0, 0, 0.05],
         "quat": [1, 0, 0, 0]},
        {"body": "world_crate", "file": "world/box/assets/model.gltf", "pos": [0, 0, 0],
         "quat": [1, 0, 0, 0]}])
    model = core.build_model(str(folder), description)
    plain = mujoco.MjModel.from_xml_string(MODEL)
    assert model.nmesh == 2 and model.ntex == 1
    assert (model.tex_width[0], model.tex_height[0]) == (2, 3)
    np.testing.assert_allclose(model.body_mass, plain.body_mass)
    meshes = [g for g in range(model.ngeom) if model.geom_type[g] == mujoco.mjtGeom.mjGEOM_MESH]
    assert len(meshes) == 2
    for g in meshes:
        assert model.geom_contype[g] == 0 and model.geom_conaffinity[g] == 0
        assert model.geom_group[g] == core.VISUAL_GROUP
    rgba = sorted(tuple(np.round(model.mat_rgba[model.geom_matid[g]], 3)) for g in meshes)
    assert rgba == [(0.2, 0.4, 0.6, 1.0), (0.9, 0.1, 0.1, 1.0)]
    # the shapes under a mesh hide behind it; the world's stay in the scan, the robot's not
    group = {mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_GEOM, g): model.geom_group[g]
             for g in range(model.ngeom)}
    assert (group["world_crate_0"], group["base"], group["ground"]) == (3, 4, 0)
    assert [core.SCANNED_GROUPS[group[n]] for n in ("world_crate_0", "base", "ground")] == \
        [1, 0, 1]


def test_without_a_mesh_the_shapes_show_and_the_robot_is_not_scanned(core, tmp_path):
    import mujoco
    folder, description = model_folder(tmp_path, [])
    model = core.build_model(str(folder), description)
    group = {mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_GEOM, g): model.geom_group[g]
             for g in range(model.ngeom)}
    assert (group["world_crate_0"], group["base"]) == (0, 2)
    assert core.SCANNED_GROUPS[0] == 1 and core.SCANNED_GROUPS[2] == 0


def test_a_refused_mesh_stops_the_model_before_it_is_built(core, reader, tmp_path):
    doc, blob = square()
    drawn_as(5)(doc)
    write(tmp_path / "robot" / "deck" / "assets", doc, blob)
    folder, description = model_folder(tmp_path, [
        {"body": "base_link", "file": "robot/deck/assets/model.glb", "pos": [0, 0, 0],
         "quat": [1, 0, 0, 0]}])
    with pytest.raises(core.NotStarted, match="model.glb: .*triangle strips"):
        core.build_model(str(folder), description)

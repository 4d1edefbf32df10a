"""The node's glTF reader on files that ask what the node does not give: files outside the
part's or object's folder, files that are no regular file, more than its caps, references
to what the file does not have, node graphs that are no trees, numbers that are not finite.
Each ends in the reader's refusal (GltfRefused), never a traceback, a hang or a read of the
whole machine; next to each, a file that nearly does it and is read."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import numpy as np
import pytest

from .gltf_files import SQUARE, png, square, write
from .test_ros_mujoco_nav2_gltf import MODEL, NODE, core, reader  # noqa: F401 (fixtures)


def object_file(tmp_path: Path, doc: dict, blob: bytes, form: str = "external") -> tuple:
    """A glTF file in obj/assets/ and obj/, the folder it may read from."""
    root = tmp_path / "obj"
    return str(write(root / "assets", doc, blob, form)), str(root)


def with_buffer_uri(tmp_path: Path, uri: str) -> tuple:
    doc, blob = square()
    path, root = object_file(tmp_path, doc, blob)
    text = json.loads(Path(path).read_text())
    text["buffers"][0]["uri"] = uri
    Path(path).write_text(json.dumps(text))
    return path, root


def refused(reader, path, root, *fragments, **limits):
    with pytest.raises(reader.GltfRefused) as caught:
        reader.read_gltf(path, root, reader.Limits(**limits))
    assert caught.value.path == path
    for fragment in fragments:
        assert fragment in caught.value.rule, caught.value.rule
    return caught.value.rule


# -- where a buffer or a picture may lie ---------------------------------------------------------
@pytest.mark.parametrize("uri", ["../../secret.bin", "%2e%2e/%2e%2e/secret.bin",
                                 "..%2F..%2Fsecret.bin"])
def test_a_buffer_outside_the_objects_folder_is_not_read(reader, tmp_path, uri):
    (tmp_path / "secret.bin").write_bytes(square()[1])
    path, root = with_buffer_uri(tmp_path, uri)
    refused(reader, path, root, "buffer 0", "lies outside", root)


def test_a_buffer_elsewhere_in_its_objects_folder_is_read(reader, tmp_path):
    path, root = with_buffer_uri(tmp_path, "../other/model%20data.bin")
    (Path(root) / "other").mkdir()
    (Path(root) / "other" / "model data.bin").write_bytes(square()[1])
    [prim] = reader.read_gltf(path, root)
    np.testing.assert_allclose(prim.vertices, SQUARE + (1.0, 2.0, 3.0))


@pytest.mark.parametrize("uri, rule", [
    ("/dev/zero", "no relative path"), ("%2Fdev%2Fzero", "no relative path"),
    ("file:///dev/zero", "does not fetch"), ("http://127.0.0.1:9/model.bin", "does not fetch")])
def test_an_absolute_path_or_another_scheme_is_not_read(reader, tmp_path, uri, rule):
    path, root = with_buffer_uri(tmp_path, uri)
    refused(reader, path, root, f"buffer 0 names '{uri}'", rule)


def test_a_link_out_of_the_folder_is_not_followed_and_one_within_it_is(reader, tmp_path):
    path, root = with_buffer_uri(tmp_path, "model.bin")
    bin_file = Path(root) / "assets" / "model.bin"
    (Path(root) / "kept.bin").write_bytes(bin_file.read_bytes())
    bin_file.unlink()
    bin_file.symlink_to(Path(root) / "kept.bin")
    assert len(reader.read_gltf(path, root)) == 1
    bin_file.unlink()
    bin_file.symlink_to("/dev/zero")
    refused(reader, path, root, "lies outside")


def test_a_fifo_is_refused_without_waiting_for_a_writer(reader, tmp_path):
    path, root = with_buffer_uri(tmp_path, "pipe.bin")
    fifo = Path(root) / "assets" / "pipe.bin"
    os.mkfifo(fifo)
    outcome = []

    def read():
        try:
            reader.read_gltf(path, root)
        except reader.GltfRefused as exc:
            outcome.append(exc.rule)
    worker = threading.Thread(target=read, daemon=True)
    worker.start()
    worker.join(10)
    if worker.is_alive():                       # release it: a writer that closes at once
        os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(10)
        pytest.fail("the reader waited on a FIFO")
    assert outcome and "not a regular file" in outcome[0]


def test_the_gltf_file_itself_must_be_a_regular_file_inside_the_folder(reader, tmp_path):
    root = tmp_path / "obj"
    root.mkdir()
    os.mkfifo(root / "model.gltf")
    refused(reader, str(root / "model.gltf"), str(root), "the file is not a regular file")
    outside = write(tmp_path / "elsewhere", *square())
    refused(reader, str(outside), str(root), "the file lies outside")


# -- how much it reads -----------------------------------------------------------------------------
def test_a_buffer_over_the_cap_is_refused_before_a_byte_is_read(reader, tmp_path):
    path, root = with_buffer_uri(tmp_path, "huge.bin")
    huge = Path(root) / "assets" / "huge.bin"
    huge.write_bytes(square()[1])
    os.truncate(huge, reader.LIMITS.file_bytes + 1)      # sparse: no disk, no memory
    refused(reader, path, root, "buffer 0", "huge.bin", f"{reader.LIMITS.file_bytes + 1} bytes")
    cap = max(os.path.getsize(path), 1024)
    os.truncate(huge, cap)                               # at a cap of its size: read
    assert len(reader.read_gltf(path, root, reader.Limits(file_bytes=cap))) == 1


def test_a_gltf_file_over_the_cap_is_refused(reader, tmp_path):
    path, root = object_file(tmp_path, *square(), "glb")
    size = os.path.getsize(path)
    refused(reader, path, root, f"holds {size} bytes", file_bytes=size - 1)
    assert len(reader.read_gltf(path, root, reader.Limits(file_bytes=size))) == 1


@pytest.mark.parametrize("form", ["external", "embedded"])
def test_what_one_file_reads_together_is_capped(reader, tmp_path, form):
    doc, blob = square()
    path, root = object_file(tmp_path, doc, blob, form)
    size = os.path.getsize(path)
    refused(reader, path, root, "buffer 0", "more than the", total_bytes=size + len(blob) - 1)
    assert len(reader.read_gltf(path, root, reader.Limits(total_bytes=size + len(blob)))) == 1


def test_json_over_its_caps_is_refused(reader, tmp_path):
    path, root = object_file(tmp_path, *square(), "glb")
    refused(reader, path, root, "more than the 5 objects", json_objects=5)
    refused(reader, path, root, "its JSON is", json_bytes=100)
    assert len(reader.read_gltf(path, root, reader.Limits(json_objects=30))) == 1


def test_a_glb_chunk_past_the_end_of_the_file(reader, tmp_path):
    path, root = object_file(tmp_path, *square(), "glb")
    data = Path(path).read_bytes()
    Path(path).write_bytes(data[:-8])
    refused(reader, path, root, "not a glTF 2.0 file", "past the end")


def test_ten_million_triangles_are_refused_before_any_is_made(reader, tmp_path):
    doc, blob = square()
    # accessors without a bufferView are zeros of any count: no file needs to hold them
    doc["accessors"][0] = {"componentType": 5126, "count": 30_000_000, "type": "VEC3"}
    doc["meshes"][0]["primitives"][0].pop("indices")
    doc["meshes"][0]["primitives"][0]["attributes"].pop("TEXCOORD_0")
    path, root = object_file(tmp_path, doc, blob)
    refused(reader, path, root, "mesh 0", "30000000", "vertices")
    refused(reader, path, root, "mesh 0", "10000000", "triangles", vertices=30_000_000)


@pytest.mark.parametrize("cap, most, fragment", [
    ("triangles", 2, "triangles"), ("vertices", 4, "vertices"), ("pieces", 1, "primitives")])
def test_each_count_is_capped_over_the_whole_file(reader, tmp_path, cap, most, fragment):
    doc, blob = square()
    doc["nodes"] = [{"children": [1, 2]}, {"mesh": 0}, {"mesh": 0}]   # the square laid twice
    path, root = object_file(tmp_path, doc, blob)
    refused(reader, path, root, "mesh 0", fragment, f"the {most} it lays", **{cap: most})
    assert len(reader.read_gltf(path, root, reader.Limits(**{cap: 2 * most}))) == 2


def test_the_pictures_laid_are_capped_by_their_pixels(reader, tmp_path):
    path, root = object_file(tmp_path, *square(png(2, 3)), "glb")
    refused(reader, path, root, "image 0 (2 x 3)", "pixels", pixels=5)
    assert reader.read_gltf(path, root, reader.Limits(pixels=6))[0].texture == png(2, 3)


# -- what the file refers to -------------------------------------------------------------------------
def scene_out_of_range(doc):
    doc["scene"] = 5


def change(where: str, value):
    """Sets doc[a][i][b]... to ``value``, the place written as 'a.0.b'."""
    def apply(doc):
        *path, last = where.split(".")
        target = doc
        for key in path:
            target = target[int(key)] if key.isdigit() else target[key]
        target[int(last) if last.isdigit() else last] = value
    return apply


DANGLING = {
    "scene": (scene_out_of_range, "the file's default scene names scene 5"),
    "node in a scene": (change("scenes.0.nodes", [3]), "scene 0 names node 3"),
    "child": (change("nodes.0.children", [-1]), "node 0 names node -1"),
    "mesh": (change("nodes.0.mesh", 9), "node 0 names mesh 9"),
    "accessor": (change("meshes.0.primitives.0.attributes.POSITION", 7),
                 "mesh 0 names accessor 7"),
    "bufferView": (change("accessors.0.bufferView", 8), "accessor 0 names bufferView 8"),
    "buffer": (change("bufferViews.0.buffer", 2), "bufferView 0 names buffer 2"),
    "material": (change("meshes.0.primitives.0.material", 4), "mesh 0 names material 4"),
    "texture": (change("materials.0.pbrMetallicRoughness.baseColorTexture.index", 6),
                "material 0 names texture 6"),
    "image": (change("textures.0.source", 3), "texture 0 names image 3"),
    "null accessor": (change("accessors.0", None), "mesh 0 names accessor 0, which is null"),
}


@pytest.mark.parametrize("case", sorted(DANGLING))
def test_a_reference_to_what_the_file_does_not_have(reader, tmp_path, case):
    edit, rule = DANGLING[case]
    doc, blob = square(png())
    edit(doc)
    refused(reader, *object_file(tmp_path, doc, blob, "glb"), rule)


# -- accessors and indices -----------------------------------------------------------------------------
ACCESSORS = {
    "past its bufferView": (change("accessors.0.count", 5), "accessor 0", "reaches byte 60 of "
                            "bufferView 0, which holds 48"),
    "offset past its bufferView": (change("accessors.0.byteOffset", 4), "reaches byte 52"),
    "view past its buffer": (change("bufferViews.2.byteLength", 400), "bufferView 2 reaches "
                             "byte 480 of buffer 0"),
    "stride under an element": (change("bufferViews.0.byteStride", 8), "wider than its "
                                "bufferView's stride (8)"),
    "unknown component type": (change("accessors.0.componentType", 5124), "component type 5124"),
    "positions of another type": (change("accessors.0.type", "VEC2"), "holds VEC2"),
    "float indices": (change("accessors.2.componentType", 5126), "the indices of mesh 0"),
    "indices no whole triangles": (change("accessors.2.count", 5), "5 triangle corners"),
    "texture coordinates short": (change("accessors.1.count", 3), "accessor 1", "holds 3"),
    "count no number": (change("accessors.0.count", -4), "count that is no whole number"),
}


@pytest.mark.parametrize("case", sorted(ACCESSORS))
def test_an_accessor_that_does_not_fit_its_data(reader, tmp_path, case):
    edit, *fragments = ACCESSORS[case]
    doc, blob = square(png())
    edit(doc)
    refused(reader, *object_file(tmp_path, doc, blob, "glb"), *fragments)


@pytest.mark.parametrize("last, fits", [(4, False), (3, True)])
def test_an_index_past_the_last_vertex(reader, tmp_path, last, fits):
    doc, blob = square()
    # the indices end the buffer: their view reaches its last byte
    blob = blob[:80] + np.array([0, 1, 2, 0, 2, last], dtype="<u2").tobytes()
    path, root = object_file(tmp_path, doc, blob, "glb")
    if fits:
        assert reader.read_gltf(path, root)[0].faces.max() == 3
    else:
        refused(reader, path, root, "accessor 2, the indices of mesh 0, names vertex 4",
                "has 4 vertices")


# -- the node graph ------------------------------------------------------------------------------------
GRAPHS = {
    "a cycle": ([{"children": [1]}, {"mesh": 0, "children": [0]}], "node 0 lies below itself"),
    "its own child": ([{"mesh": 0, "children": [0]}], "node 0 lies below itself"),
    "two parents": ([{"children": [2]}, {"children": [2]}, {"mesh": 0}],
                    "node 2 is reached twice, from node 0 and from node 1"),
}


@pytest.mark.parametrize("case", sorted(GRAPHS))
def test_a_node_graph_that_is_no_tree(reader, tmp_path, case):
    nodes, rule = GRAPHS[case]
    doc, blob = square()
    doc["nodes"] = nodes
    doc["scenes"] = [{"nodes": [0, 1] if case == "two parents" else [0]}]
    refused(reader, *object_file(tmp_path, doc, blob, "glb"), rule)


def test_nodes_deeper_than_the_cap(reader, tmp_path):
    doc, blob = square()
    doc["nodes"] = [{"children": [i + 1]} for i in range(9)] + [{"mesh": 0}]
    path, root = object_file(tmp_path, doc, blob, "glb")
    refused(reader, path, root, "node 9 lies 10 nodes deep", depth=9)
    assert len(reader.read_gltf(path, root, reader.Limits(depth=10))) == 1


# -- numbers -------------------------------------------------------------------------------------------
def nan_vertex(blob: bytes) -> bytes:
    positions = SQUARE.copy()
    positions[2, 1] = np.nan
    return positions.tobytes() + blob[48:]


def test_a_vertex_that_is_not_a_finite_number(reader, tmp_path):
    doc, blob = square()
    refused(reader, *object_file(tmp_path, doc, nan_vertex(blob), "glb"), "mesh 0",
            "not a finite number", "node 0")


@pytest.mark.parametrize("field, value", [("translation", [float("inf"), 0, 0]),
                                          ("rotation", [float("nan"), 0, 0, 1])])
def test_a_transform_that_makes_a_vertex_infinite(reader, tmp_path, field, value):
    doc, blob = square()
    doc["nodes"][0][field] = value
    refused(reader, *object_file(tmp_path, doc, blob, "glb"), "not a finite number")


@pytest.mark.parametrize("edit, rule", [
    (change("nodes.0.translation", [1, 2]), "node 0's translation is not 3 numbers"),
    (change("nodes.0.matrix", [1] * 9), "node 0's matrix is not 16 numbers"),
    (change("materials.0.pbrMetallicRoughness.baseColorFactor", [1, 1, 1]),
     "material 0's baseColorFactor is not four finite numbers")])
def test_a_value_of_the_wrong_size(reader, tmp_path, edit, rule):
    doc, blob = square()
    edit(doc)
    refused(reader, *object_file(tmp_path, doc, blob, "glb"), rule)


# -- in the node ---------------------------------------------------------------------------------------
def test_the_node_reads_only_from_the_visuals_own_folder(core, tmp_path):
    (tmp_path / "tiny.xml").write_text(MODEL)
    path, _ = with_buffer_uri(tmp_path / "world" / "crate", "../../../../tiny.xml")
    visual = {"body": "world_crate", "file": "world/crate/obj/assets/model.gltf",
              "pos": [0, 0, 0], "quat": [1, 0, 0, 0]}
    with pytest.raises(core.NotStarted, match="buffer 0 names '../../../../tiny.xml', which lies "
                                              "outside .*world/crate"):
        core.build_model(str(tmp_path), {"model": "tiny.xml", "visuals": [visual]})
    for file in ("../outside/model.glb", "world/crate", "/etc/model.glb"):
        with pytest.raises(core.NotStarted, match="no plain path"):
            core.build_model(str(tmp_path), {"model": "tiny.xml",
                                             "visuals": [dict(visual, file=file)]})


def crate_visuals(tmp_path: Path, doc: dict, blob: bytes, count: int = 1) -> dict:
    (tmp_path / "tiny.xml").write_text(MODEL)
    write(tmp_path / "world" / "crate" / "assets", doc, blob)
    visual = {"body": "world_crate", "file": "world/crate/assets/model.glb", "pos": [0, 0, 0],
              "quat": [1, 0, 0, 0]}
    return {"model": "tiny.xml", "visuals": [visual] * count}


def test_the_models_meshes_together_are_capped(core, tmp_path):
    description = crate_visuals(tmp_path, *square(), count=2)       # 2 triangles each
    with pytest.raises(core.NotStarted, match="model.glb: it brings the triangles of the "
                                              "model's glTF meshes to 4, more than the 3"):
        core.build_model(str(tmp_path), description, most_triangles=3)
    assert core.build_model(str(tmp_path), description, most_triangles=4).nmesh == 2


def test_a_mesh_mujoco_does_not_take_stops_the_node_named_by_its_file(core, tmp_path):
    doc, blob = square()
    doc["accessors"][0].pop("bufferView")           # every corner at the origin: no area
    with pytest.raises(core.NotStarted, match="world/crate/assets/model.glb: MuJoCo does not "
                                              "take it .*surface area"):
        core.build_model(str(tmp_path), crate_visuals(tmp_path, doc, blob))


def test_the_node_shows_a_refusal_with_the_files_controls_escaped(tmp_path):
    import mobiledsl.targets.ros_mujoco_nav2 as target
    node = tmp_path / "node"
    for name, data in target.node_files().items():
        (node / name).parent.mkdir(parents=True, exist_ok=True)
        (node / name).write_bytes(data)
    mjcf = tmp_path / "mjcf"
    mjcf.mkdir()
    (mjcf / "tiny.xml").write_text(MODEL)
    (mjcf / "controller.json").write_text("{}")
    with_buffer_uri(mjcf / "world" / "crate", "\x1b]0;owned\x07.bin")
    (mjcf / "node.json").write_text(json.dumps({
        "model": "tiny.xml", "controller": "controller.json", "visuals": [
            {"body": "world_crate", "file": "world/crate/obj/assets/model.gltf",
             "pos": [0, 0, 0], "quat": [1, 0, 0, 0]}]}))
    result = subprocess.run([sys.executable, "mujoco_node.py", "--headless", "--mjcf", str(mjcf)],
                            cwd=node, capture_output=True, text=True, timeout=120)
    assert result.returncode == 1, result.stderr
    assert "buffer 0 names '\\x1b]0;owned\\x07.bin'" in result.stderr
    assert "\x1b" not in result.stderr and "Traceback" not in result.stderr

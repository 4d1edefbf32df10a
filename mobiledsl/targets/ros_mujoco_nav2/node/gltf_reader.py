"""Reads a glTF 2.0 file (.glb, or .gltf with its buffers beside it or written into it as
data URIs) as the node shows it in MuJoCo: every triangle of the default scene after its
nodes' transforms, each primitive in its material's base colour with its base colour
texture (a PNG). Nothing else of a material is read: no other maps, no emission, no
normals, no vertex colours.

What the node cannot show faithfully stops it before the simulation starts (GltfRefused,
naming the file and the rule): a required extension, a sparse accessor, points, lines,
strips or fans, a picture that is not a PNG, a texture moved or scaled where it is laid.

This file is copied into the generated ROS package: it imports numpy and pygltflib only.
"""
from __future__ import annotations

import base64
import os
from dataclasses import dataclass

import numpy as np

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
TRIANGLES = 4
MODES = {0: "points", 1: "lines", 2: "line loops", 3: "line strips", 5: "triangle strips",
         6: "triangle fans"}
COMPONENTS = {5120: np.int8, 5121: np.uint8, 5122: np.int16, 5123: np.uint16,
              5125: np.uint32, 5126: np.float32}
WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}
TEXTURE_TRANSFORM = "KHR_texture_transform"


class GltfRefused(ValueError):
    """A glTF file the node does not read, with the file and the rule in its message."""

    def __init__(self, path: str, rule: str):
        super().__init__(f"{path}: {rule}")
        self.path, self.rule = path, rule


@dataclass
class Primitive:
    vertices: np.ndarray             # (n, 3) in the file's scene frame, metres, z up as stated
    faces: np.ndarray                # (m, 3) vertex indices, counter-clockwise seen from outside
    rgba: tuple                      # baseColorFactor
    # (n, 2), origin at the picture's top left: glTF's convention and the one MuJoCo keeps
    # (its OBJ reader turns OBJ's bottom-up v into it), so they pass through unchanged
    texcoords: np.ndarray | None
    texture: bytes | None            # the PNG laid on it
    texture_name: str | None         # a name unique within the file


def read_gltf(path: str) -> list[Primitive]:
    from pygltflib import GLTF2   # only the node (and its tests) need the reader
    try:
        gltf = GLTF2().load(path)
    except Exception as exc:      # pygltflib raises whatever its JSON or struct reader does
        raise GltfRefused(path, f"not a glTF 2.0 file ({exc})") from exc
    if gltf is None:
        raise GltfRefused(path, "not a glTF 2.0 file")
    return _Reader(path, gltf).primitives()


class _Reader:
    def __init__(self, path: str, gltf):
        self.path, self.gltf = path, gltf
        self.folder = os.path.dirname(os.path.abspath(path))
        self._buffers: dict[int, bytes] = {}
        self._check_file()

    def refuse(self, rule: str):
        raise GltfRefused(self.path, rule)

    # -- what stops the node -----------------------------------------------------------------
    def _check_file(self) -> None:
        g = self.gltf
        for ext in g.extensionsRequired or []:
            self.refuse(f"it requires the extension {ext} (a compressed or quantized mesh, "
                        "which the node does not decode); export it without")
        if TEXTURE_TRANSFORM in (g.extensionsUsed or []):
            self.refuse(f"it moves or scales a texture where it is laid ({TEXTURE_TRANSFORM}); "
                        "bake the transform into the texture coordinates")
        for i, accessor in enumerate(g.accessors or []):
            if accessor.sparse is not None:
                self.refuse(f"accessor {i} is sparse; export it dense")

    def _check_primitive(self, mesh_index: int, prim) -> None:
        mode = TRIANGLES if prim.mode is None else prim.mode
        if mode != TRIANGLES:
            self.refuse(f"mesh {mesh_index} is drawn as {MODES.get(mode, f'mode {mode}')}; "
                        "the node reads triangles only")

    # -- data ------------------------------------------------------------------------------------
    def buffer(self, index: int) -> bytes:
        if index not in self._buffers:
            uri = self.gltf.buffers[index].uri
            if uri is None:                         # a .glb's binary chunk
                blob = self.gltf.binary_blob()
                if blob is None:
                    self.refuse(f"buffer {index} has no data")
                self._buffers[index] = bytes(blob)
            else:
                self._buffers[index] = self.uri_bytes(uri, f"buffer {index}")
        return self._buffers[index]

    def uri_bytes(self, uri: str, what: str) -> bytes:
        if uri.startswith("data:"):
            header, _, payload = uri.partition(",")
            if not header.endswith(";base64"):
                self.refuse(f"{what} is a data URI that is not base64")
            return base64.b64decode(payload)
        from urllib.parse import unquote
        file = os.path.join(self.folder, unquote(uri))
        try:
            with open(file, "rb") as fh:
                return fh.read()
        except OSError as exc:
            self.refuse(f"{what} names '{uri}', which cannot be read beside it "
                        f"({exc.strerror or exc})")

    def view_bytes(self, index: int) -> tuple[bytes, int]:
        view = self.gltf.bufferViews[index]
        data = self.buffer(view.buffer)
        start = view.byteOffset or 0
        return data[start:start + view.byteLength], view.byteStride or 0

    def accessor(self, index: int) -> np.ndarray:
        acc = self.gltf.accessors[index]
        dtype = np.dtype(COMPONENTS[acc.componentType]).newbyteorder("<")
        width = WIDTH[acc.type]
        if acc.bufferView is None:                  # all zeros, as the format says
            return np.zeros((acc.count, width))
        data, stride = self.view_bytes(acc.bufferView)
        item = dtype.itemsize * width
        stride = stride or item
        offset = acc.byteOffset or 0
        rows = np.ndarray((acc.count, width), dtype=dtype, buffer=data, offset=offset,
                          strides=(stride, dtype.itemsize))
        out = rows.astype(np.float64)
        if acc.normalized and dtype.kind in "iu":
            out /= float(np.iinfo(dtype).max)
        return out

    # -- materials -------------------------------------------------------------------------------
    def material(self, index: int | None) -> tuple[tuple, int | None, int]:
        """(baseColorFactor, texture index or None, TEXCOORD set)."""
        if index is None:
            return (1.0, 1.0, 1.0, 1.0), None, 0
        pbr = self.gltf.materials[index].pbrMetallicRoughness
        factor = tuple(pbr.baseColorFactor) if pbr and pbr.baseColorFactor else (1.0,) * 4
        info = pbr.baseColorTexture if pbr else None
        if info is None:
            return factor, None, 0
        if TEXTURE_TRANSFORM in (info.extensions or {}):
            self.refuse(f"material {index} moves or scales its texture where it is laid "
                        f"({TEXTURE_TRANSFORM}); bake the transform into the texture coordinates")
        return factor, info.index, info.texCoord or 0

    def picture(self, texture: int) -> bytes:
        source = self.gltf.textures[texture].source
        if source is None:
            self.refuse(f"texture {texture} names no picture the node can read (only a PNG)")
        image = self.gltf.images[source]
        if image.uri is not None:
            data = self.uri_bytes(image.uri, f"image {source}")
        else:
            data = self.view_bytes(image.bufferView)[0]
        if not data.startswith(PNG_SIGNATURE):
            kind = image.mimeType or (image.uri or "").rsplit(".", 1)[-1][:10] or "unknown"
            self.refuse(f"image {source} is not a PNG ({kind}); MuJoCo decodes PNG only, "
                        "convert the picture to PNG")
        return bytes(data)

    # -- the scene --------------------------------------------------------------------------------
    def primitives(self) -> list[Primitive]:
        g = self.gltf
        scenes = g.scenes or []
        if not scenes:
            return []
        scene = scenes[g.scene if g.scene is not None else 0]
        out: list[Primitive] = []
        stack = [(n, np.eye(4)) for n in reversed(scene.nodes or [])]
        while stack:
            index, parent = stack.pop()
            node = g.nodes[index]
            world = parent @ local_matrix(node)
            if node.mesh is not None:
                for prim in g.meshes[node.mesh].primitives:
                    out.append(self.primitive(node.mesh, prim, world))
            stack.extend((c, world) for c in reversed(node.children or []))
        return out

    def primitive(self, mesh_index: int, prim, world: np.ndarray) -> Primitive:
        self._check_primitive(mesh_index, prim)
        attributes = prim.attributes
        if attributes.POSITION is None:
            self.refuse(f"mesh {mesh_index} has a primitive without positions")
        local = self.accessor(attributes.POSITION)
        vertices = local @ world[:3, :3].T + world[:3, 3]
        if prim.indices is not None:
            faces = self.accessor(prim.indices).astype(np.int64).reshape(-1, 3)
        else:
            faces = np.arange(len(local)).reshape(-1, 3)
        if np.linalg.det(world[:3, :3]) < 0:      # a mirroring transform turns the winding
            faces = faces[:, ::-1]
        rgba, texture, coord_set = self.material(prim.material)
        texcoords = png = name = None
        if texture is not None:
            accessor = getattr(attributes, f"TEXCOORD_{coord_set}", None)
            if accessor is not None:
                texcoords = self.accessor(accessor)
                png = self.picture(texture)
                name = f"texture{texture}"
        return Primitive(vertices, faces, tuple(float(c) for c in rgba), texcoords, png, name)


def local_matrix(node) -> np.ndarray:
    """A node's transform: its matrix (column-major) or translation, rotation, scale."""
    if node.matrix is not None:
        return np.asarray(node.matrix, dtype=float).reshape(4, 4).T
    m = np.eye(4)
    if node.rotation is not None:
        x, y, z, w = node.rotation
        m[:3, :3] = [[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]]
    if node.scale is not None:
        m[:3, :3] = m[:3, :3] * np.asarray(node.scale, dtype=float)
    if node.translation is not None:
        m[:3, 3] = node.translation
    return m

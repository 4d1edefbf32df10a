"""Reads a glTF 2.0 file (.glb, or .gltf with its buffers beside it or written into it as
data URIs) as the node shows it in MuJoCo: every triangle of the default scene after its
nodes' transforms, each primitive in its material's base colour with its base colour
texture (a PNG). Nothing else of a material is read: no other maps, no emission, no
normals, no vertex colours.

What the node cannot show faithfully stops it before the simulation starts (GltfRefused,
naming the file and the rule): a required extension, a sparse accessor, points, lines,
strips or fans, a picture that is not a PNG, a texture moved or scaled where it is laid.

So does a file that is not what it says or asks more than the node gives one file: a buffer
or picture outside the folder it may read from (``root``, the part's or object's folder),
one that is no regular file, anything over a cap (gltf_document.Limits), a reference to
something the file does not have, an accessor that reads past its view or its buffer, an
index past the mesh's vertices, a vertex that is not a finite number, a node graph that is
no tree. Each is refused before any of it is laid, naming what stands in the way.

This file is copied into the generated ROS package: it imports numpy, pygltflib and the
modules beside it only.
"""
from __future__ import annotations

import base64
import binascii
import os
import re
import struct
from dataclasses import dataclass
from urllib.parse import unquote

import numpy as np
from gltf_document import LIMITS, GltfRefused, Limits, brief, load_document
from package_files import Unreadable, read_inside

__all__ = ["GltfRefused", "Limits", "LIMITS", "Primitive", "read_gltf", "local_matrix"]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
TRIANGLES = 4
MODES = {0: "points", 1: "lines", 2: "line loops", 3: "line strips", 5: "triangle strips",
         6: "triangle fans"}
COMPONENTS = {5120: np.int8, 5121: np.uint8, 5122: np.int16, 5123: np.uint16,
              5125: np.uint32, 5126: np.float32}
WIDTH = {"SCALAR": 1, "VEC2": 2, "VEC3": 3, "VEC4": 4, "MAT4": 16}
# what each use of an accessor may hold: its type and component types
POSITIONS = ("VEC3", (5126,))
INDICES = ("SCALAR", (5121, 5123, 5125))
TEXCOORDS = ("VEC2", (5126, 5121, 5123))
MAX_STRIDE = 252                          # the format's bound on a bufferView's byteStride
TRANSFORM_FIELDS = (("matrix", 16), ("rotation", 4), ("scale", 3), ("translation", 3))
SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")   # http:, file:, ...; data: is read apart
TEXTURE_TRANSFORM = "KHR_texture_transform"
# a value whose shape no check foresaw still ends in the node's refusal, not a traceback
MALFORMED = (TypeError, ValueError, AttributeError, KeyError, IndexError, OverflowError)


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


def read_gltf(path: str, root: str | None = None, limits: Limits = LIMITS) -> list[Primitive]:
    """Every primitive of the default scene. ``root``: the folder the file and every file it
    names must lie in (the file's own folder when None)."""
    root = os.path.dirname(os.path.abspath(path)) if root is None else root
    gltf, blob, size = load_document(path, root, limits)
    try:    # a transform may overflow or make NaN: the vertices' check refuses it, silently
        with np.errstate(over="ignore", invalid="ignore"):
            return _Reader(path, root, gltf, blob, limits, size).primitives()
    except GltfRefused:
        raise
    except MALFORMED as exc:
        raise GltfRefused(path, "it holds a value of a shape the node cannot read "
                                f"({type(exc).__name__}: {brief(exc)})") from exc


def is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_index(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


class _Reader:
    def __init__(self, path: str, root: str, gltf, blob, limits: Limits, size: int):
        self.path, self.root, self.gltf, self.blob, self.limits = path, root, gltf, blob, limits
        self.folder = os.path.dirname(os.path.abspath(path))
        self._buffers: dict[int, bytes] = {}
        # what the file has had laid so far, against the caps
        self.read_bytes, self.triangles, self.vertices, self.pieces, self.pixels = \
            size, 0, 0, 0, 0
        self._check_file()

    def refuse(self, rule: str):
        raise GltfRefused(self.path, rule)

    def pick(self, kind: str, items, index, who: str):
        """``items[index]``, or the refusal of a reference to what the file does not have."""
        items = items or []
        if not is_index(index) or index >= len(items):
            self.refuse(f"{who} names {kind} {brief(index)}, which the file does not have "
                        f"(its {kind} list holds {len(items)})")
        if items[index] is None:                    # JSON's null in the list
            self.refuse(f"{who} names {kind} {index}, which is null in the file")
        return items[index]

    def cap(self, total: int, most: int, what: str, who: str) -> int:
        if total > most:
            self.refuse(f"{who} brings the {what} the node lays from this file to {total}, "
                        f"more than the {most} it lays from one file; simplify the mesh")
        return total

    # -- what stops the node -----------------------------------------------------------------
    def _check_file(self) -> None:
        g = self.gltf
        for ext in g.extensionsRequired or []:
            self.refuse(f"it requires the extension {brief(ext)} (a compressed or quantized "
                        "mesh, which the node does not decode); export it without")
        if TEXTURE_TRANSFORM in (g.extensionsUsed or []):
            self.refuse(f"it moves or scales a texture where it is laid ({TEXTURE_TRANSFORM}); "
                        "bake the transform into the texture coordinates")
        for i, accessor in enumerate(g.accessors or []):
            if getattr(accessor, "sparse", None) is not None:
                self.refuse(f"accessor {i} is sparse; export it dense")

    def _check_primitive(self, mesh_index: int, prim) -> None:
        mode = TRIANGLES if prim.mode is None else prim.mode
        if mode != TRIANGLES:
            self.refuse(f"mesh {mesh_index} is drawn as {MODES.get(mode, f'mode {brief(mode)}')}"
                        "; the node reads triangles only")

    # -- files and buffers ---------------------------------------------------------------------
    def charge(self, size: int, what: str) -> None:
        self.read_bytes += size
        if self.read_bytes > self.limits.total_bytes:
            self.refuse(f"{what} brings what the node reads for this file to {self.read_bytes} "
                        f"bytes, more than the {self.limits.total_bytes} it reads for one")

    def buffer(self, index, who: str) -> bytes:
        buffer = self.pick("buffer", self.gltf.buffers, index, who)
        if index not in self._buffers:
            if buffer.uri is None:                  # a .glb's binary chunk
                if self.blob is None:
                    self.refuse(f"buffer {index} has no data (no uri, and no binary chunk)")
                self._buffers[index] = self.blob
            else:
                self._buffers[index] = self.uri_bytes(buffer.uri, f"buffer {index}")
        return self._buffers[index]

    def uri_bytes(self, uri, what: str) -> bytes:
        if not isinstance(uri, str):
            self.refuse(f"{what} has a uri that is no text ({brief(uri)})")
        if uri.startswith("data:"):
            return self.data_uri(uri, what)
        if SCHEME.match(uri):
            self.refuse(f"{what} names '{brief(uri)}', which the node does not fetch; put the "
                        "file beside the glTF file and name it by its relative path")
        name = unquote(uri)             # the path it stands for, %2e%2e as much as ..
        if "\x00" in name or os.path.isabs(name):
            self.refuse(f"{what} names '{brief(uri)}', which is no relative path; name the "
                        "file by its path from the glTF file")
        try:
            data = read_inside(os.path.join(self.folder, name), self.root,
                               self.limits.file_bytes)
        except Unreadable as exc:
            self.refuse(f"{what} names '{brief(uri)}', which {exc}")
        self.charge(len(data), what)
        return data

    def data_uri(self, uri: str, what: str) -> bytes:
        header, _, payload = uri.partition(",")
        if not header.endswith(";base64"):
            self.refuse(f"{what} is a data URI that is not base64")
        try:        # the text lies in the JSON, under its cap: what it decodes to is less
            data = base64.b64decode(payload)
        except binascii.Error:
            self.refuse(f"{what} is a data URI whose base64 does not decode")
        self.charge(len(data), what)
        return data

    def view_bytes(self, index, who: str) -> tuple[memoryview, int]:
        """A bufferView's bytes and its stride (0 where it states none)."""
        view = self.pick("bufferView", self.gltf.bufferViews, index, who)
        data = self.buffer(view.buffer, f"bufferView {index}")
        start, length, stride = view.byteOffset or 0, view.byteLength, view.byteStride or 0
        if not (is_index(start) and is_index(length) and is_index(stride)):
            self.refuse(f"bufferView {index} has a byte offset, length or stride that is no "
                        "whole number")
        if start + length > len(data):
            self.refuse(f"bufferView {index} reaches byte {start + length} of buffer "
                        f"{view.buffer}, which holds {len(data)}")
        if stride > MAX_STRIDE:
            self.refuse(f"bufferView {index} strides {stride} bytes, more than glTF's "
                        f"{MAX_STRIDE}")
        return memoryview(data)[start:start + length], stride

    # -- accessors -------------------------------------------------------------------------------
    def count(self, index, who: str) -> int:
        count = self.pick("accessor", self.gltf.accessors, index, who).count
        if not is_index(count):
            self.refuse(f"accessor {index} has a count that is no whole number "
                        f"({brief(count)})")
        return count

    def accessor(self, index: int, who: str, holds: tuple[str, tuple[int, ...]]) -> np.ndarray:
        """The accessor's elements as float64 rows; ``holds``: the type and component types
        its use asks (``who`` names the use)."""
        acc = self.gltf.accessors[index]
        kind, components = holds
        if acc.type != kind or acc.componentType not in components:
            self.refuse(f"accessor {index}, {who}, holds {brief(acc.type)} of component type "
                        f"{brief(acc.componentType)}; glTF asks {kind} of "
                        f"{' or '.join(map(str, components))} there")
        dtype = np.dtype(COMPONENTS[acc.componentType]).newbyteorder("<")
        count, width = acc.count, WIDTH[acc.type]
        if acc.bufferView is None:                  # all zeros, as the format says
            return np.zeros((count, width))
        data, stride = self.view_bytes(acc.bufferView, f"accessor {index}")
        item = dtype.itemsize * width
        stride, offset = stride or item, acc.byteOffset or 0
        if not is_index(offset) or stride < item:
            self.refuse(f"accessor {index} has a byte offset that is no whole number or an "
                        f"element ({item} bytes) wider than its bufferView's stride ({stride})")
        end = offset + (count - 1) * stride + item if count else 0
        if end > len(data):
            self.refuse(f"accessor {index}, {who}, reaches byte {end} of bufferView "
                        f"{acc.bufferView}, which holds {len(data)}: its offset, count and "
                        "stride ask more than the view has")
        rows = np.ndarray((count, width), dtype=dtype, buffer=data, offset=offset,
                          strides=(stride, dtype.itemsize))
        out = rows.astype(np.float64)
        if acc.normalized and dtype.kind in "iu":
            out /= float(np.iinfo(dtype.type).max)
        return out

    # -- materials -------------------------------------------------------------------------------
    def material(self, index, who: str) -> tuple[tuple, int | None, int]:
        """(baseColorFactor, texture index or None, TEXCOORD set)."""
        if index is None:
            return (1.0, 1.0, 1.0, 1.0), None, 0
        pbr = self.pick("material", self.gltf.materials, index, who).pbrMetallicRoughness
        factor = tuple(pbr.baseColorFactor) if pbr and pbr.baseColorFactor else (1.0,) * 4
        if len(factor) != 4 or not all(is_number(c) and np.isfinite(c) for c in factor):
            self.refuse(f"material {index}'s baseColorFactor is not four finite numbers")
        info = pbr.baseColorTexture if pbr else None
        if info is None:
            return factor, None, 0
        if TEXTURE_TRANSFORM in (info.extensions or {}):
            self.refuse(f"material {index} moves or scales its texture where it is laid "
                        f"({TEXTURE_TRANSFORM}); bake the transform into the texture coordinates")
        self.pick("texture", self.gltf.textures, info.index, f"material {index}")
        return factor, info.index, info.texCoord or 0

    def picture(self, texture: int) -> bytes:
        source = self.gltf.textures[texture].source
        if source is None:
            self.refuse(f"texture {texture} names no picture the node can read (only a PNG)")
        image = self.pick("image", self.gltf.images, source, f"texture {texture}")
        data: bytes | memoryview
        if image.uri is not None:
            data = self.uri_bytes(image.uri, f"image {source}")
        else:
            data = self.view_bytes(image.bufferView, f"image {source}")[0]
        if not bytes(data[:8]) == PNG_SIGNATURE:
            kind = image.mimeType or (image.uri or "").rsplit(".", 1)[-1][:10] or "unknown"
            self.refuse(f"image {source} is not a PNG ({brief(kind)}); MuJoCo decodes PNG "
                        "only, convert the picture to PNG")
        self.count_pixels(source, bytes(data[:24]))
        return bytes(data)

    def count_pixels(self, source: int, head: bytes) -> None:
        """A PNG's size as its header states it, before MuJoCo decodes it."""
        if len(head) < 24 or head[12:16] != b"IHDR":
            self.refuse(f"image {source} is a PNG without its header (IHDR)")
        width, height = struct.unpack(">II", head[16:24])
        self.pixels = self.cap(self.pixels + width * height, self.limits.pixels, "pixels",
                               f"image {source} ({width} x {height})")

    # -- the scene --------------------------------------------------------------------------------
    def primitives(self) -> list[Primitive]:
        g = self.gltf
        scenes = g.scenes or []
        if not scenes:
            return []
        index = g.scene if g.scene is not None else 0
        scene = self.pick("scene", scenes, index, "the file's default scene")
        out: list[Primitive] = []
        parents: dict[int, int | None] = {}        # each node reached: the node it hangs from
        stack = [(n, np.eye(4), 1, None) for n in reversed(scene.nodes or [])]
        while stack:
            node_index, parent_world, depth, parent = stack.pop()
            where = f"scene {index}" if parent is None else f"node {parent}"
            node = self.pick("node", g.nodes, node_index, where)
            self.check_tree(node_index, parent, parents, depth)
            parents[node_index] = parent
            world = parent_world @ self.local_matrix(node_index, node)
            if node.mesh is not None:
                mesh = self.pick("mesh", g.meshes, node.mesh, f"node {node_index}")
                for prim in mesh.primitives or []:
                    out.append(self.primitive(node_index, node.mesh, prim, world))
            stack.extend((c, world, depth + 1, node_index) for c in reversed(node.children or []))
        return out

    def check_tree(self, index: int, parent, parents: dict, depth: int) -> None:
        """The nodes form trees (the format's rule): reached once, never below themselves,
        and no deeper than the cap."""
        if index in parents:
            ancestor = parent
            while ancestor is not None and ancestor != index:
                ancestor = parents[ancestor]
            if ancestor == index:
                self.refuse(f"node {index} lies below itself (its children lead back to it); "
                            "glTF's nodes form trees")
            first, now = (f"scene {self.gltf.scene or 0}" if p is None else f"node {p}"
                          for p in (parents[index], parent))
            self.refuse(f"node {index} is reached twice, from {first} and from {now}; a "
                        "glTF node has one parent at most")
        if depth > self.limits.depth:
            self.refuse(f"node {index} lies {depth} nodes deep, deeper than the "
                        f"{self.limits.depth} the node reads")

    def local_matrix(self, index: int, node) -> np.ndarray:
        for field, size in TRANSFORM_FIELDS:
            value = getattr(node, field)
            if value is not None and not (isinstance(value, list) and len(value) == size
                                          and all(map(is_number, value))):
                self.refuse(f"node {index}'s {field} is not {size} numbers")
        return local_matrix(node)

    def primitive(self, node_index: int, mesh_index: int, prim, world: np.ndarray) -> Primitive:
        self._check_primitive(mesh_index, prim)
        limits, who = self.limits, f"mesh {mesh_index}"
        self.pieces = self.cap(self.pieces + 1, limits.pieces, "primitives", who)
        attributes = prim.attributes
        if getattr(attributes, "POSITION", None) is None:     # none, or not an object
            self.refuse(f"mesh {mesh_index} has a primitive without positions")
        n = self.count(attributes.POSITION, who)
        self.reserve(mesh_index, prim, n)
        local = self.accessor(attributes.POSITION, f"the positions of {who}", POSITIONS)
        vertices = local @ world[:3, :3].T + world[:3, 3]
        if not np.isfinite(vertices).all():
            self.refuse(f"{who} has a vertex that is not a finite number (NaN or infinity) "
                        f"where node {node_index} lays it (accessor {attributes.POSITION})")
        faces = self.faces(mesh_index, prim, n)
        if np.linalg.det(world[:3, :3]) < 0:      # a mirroring transform turns the winding
            faces = faces[:, ::-1]
        rgba, texture, coord_set = self.material(prim.material, who)
        texcoords = png = name = None
        if texture is not None:
            accessor = getattr(attributes, f"TEXCOORD_{coord_set}", None)
            if accessor is not None:
                texcoords = self.texcoords(accessor, who, n)
                png = self.picture(texture)
                name = f"texture{texture}"
        return Primitive(vertices, faces, tuple(float(c) for c in rgba), texcoords, png, name)

    def reserve(self, mesh_index: int, prim, n: int) -> None:
        """Counts the primitive's ``n`` vertices and its triangles against the caps before
        any of them is read (an accessor without a bufferView is zeros of any count)."""
        who = f"mesh {mesh_index}"
        self.vertices = self.cap(self.vertices + n, self.limits.vertices, "vertices", who)
        corners = n if prim.indices is None else self.count(prim.indices, who)
        if corners % 3:
            self.refuse(f"{who} has {corners} triangle corners, which is no whole number of "
                        "triangles")
        self.triangles = self.cap(self.triangles + corners // 3, self.limits.triangles,
                                  "triangles", who)

    def faces(self, mesh_index: int, prim, n: int) -> np.ndarray:
        """The primitive's triangles, each index within its ``n`` vertices."""
        if prim.indices is None:
            return np.arange(n).reshape(-1, 3)
        who = f"mesh {mesh_index}"
        faces = self.accessor(prim.indices, f"the indices of {who}", INDICES).astype(np.int64)
        if faces.size and faces.max() >= n:
            self.refuse(f"accessor {prim.indices}, the indices of {who}, names vertex "
                        f"{faces.max()}, and the primitive has {n} vertices")
        return faces.reshape(-1, 3)

    def texcoords(self, index, who: str, n: int) -> np.ndarray:
        count = self.count(index, who)
        if count != n:
            self.refuse(f"accessor {index}, the texture coordinates of {who}, holds {count}, "
                        f"and the primitive has {n} vertices")
        coords = self.accessor(index, f"the texture coordinates of {who}", TEXCOORDS)
        if not np.isfinite(coords).all():
            self.refuse(f"accessor {index}, the texture coordinates of {who}, holds a number "
                        "that is not finite (NaN or infinity)")
        return coords


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

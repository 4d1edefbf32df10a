#!/usr/bin/env python3
"""Write the small mesh files of the demo component library (libraries/demo_parts).

Every part, object and walker of the demo library names a file in its own ``assets/``
directory; this script draws each of them from a few boxes, cylinders, spheres and prisms
that approximate the part, in each of the mesh formats a library may carry:

    .dae            COLLADA 1.4.1 (the reference parts)
    .glb            binary glTF 2.0
    .gltf + .bin    glTF 2.0 with its buffer beside it (and a PNG picture for floor_disc)
    .obj + .mtl     Wavefront OBJ with its material library
    .stl            binary STL

(The walker ``quad_walker``'s policy is made by ``make_walker_policy.py``.)

Shapes are stated in the part's own frame (metres, +x forward, +z up), as its
``component.yaml`` states its collision shape. A part whose ``visual`` places the mesh at
an ``xyz``/``rpy`` other than zero gets its mesh drawn in the mesh's own frame, so that
once placed it lands where the shapes say; the ``VISUAL`` poses below repeat those of the
declarations and must be kept equal to them.

The output is deterministic (no timestamps, fixed float formatting, sorted tables), so
running it twice leaves git with nothing to commit. Standard library and numpy only.

    python libraries/make_demo_meshes.py            # writes into libraries/demo_parts
    python libraries/make_demo_meshes.py --check    # exits 1 if a file would change
"""
from __future__ import annotations

import argparse
import json
import math
import os
import struct
import sys
import zlib

import numpy as np

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "demo_parts")

# --------------------------------------------------------------------------- colours
COLOURS = {
    "black": (0.05, 0.05, 0.05, 1.0),
    "dark": (0.18, 0.18, 0.2, 1.0),
    "grey": (0.55, 0.56, 0.58, 1.0),
    "silver": (0.78, 0.79, 0.8, 1.0),
    "white": (0.95, 0.95, 0.95, 1.0),
    "orange": (0.95, 0.42, 0.05, 1.0),
    "blue": (0.1, 0.28, 0.7, 1.0),
    "red": (0.75, 0.1, 0.1, 1.0),
    "green": (0.05, 0.45, 0.2, 1.0),
    "purple": (0.4, 0.15, 0.55, 1.0),
    "gold": (0.8, 0.62, 0.2, 1.0),
    "wood": (0.72, 0.55, 0.33, 1.0),
    "carton": (0.66, 0.5, 0.3, 1.0),
    "tape": (0.85, 0.75, 0.55, 1.0),
    "yellow": (0.95, 0.8, 0.1, 1.0),
    "wrap": (0.82, 0.86, 0.9, 1.0),
    "acrylic": (0.75, 0.85, 0.9, 1.0),
    "textured": (1.0, 1.0, 1.0, 1.0),
}


# --------------------------------------------------------------------------- rotations
def rot_rpy(r: float, p: float, y: float) -> np.ndarray:
    """Fixed-axis roll, pitch, yaw: Rz(y) @ Ry(p) @ Rx(r)."""
    cr, sr, cp, sp, cy, sy = (math.cos(r), math.sin(r), math.cos(p), math.sin(p),
                              math.cos(y), math.sin(y))
    rx = np.array([[1, 0, 0], [0, cr, -sr], [0, sr, cr]])
    ry = np.array([[cp, 0, sp], [0, 1, 0], [-sp, 0, cp]])
    rz = np.array([[cy, -sy, 0], [sy, cy, 0], [0, 0, 1]])
    return rz @ ry @ rx


AXES = {  # a rotation taking +z onto the named axis
    "z": np.eye(3),
    "x": np.array([[0, 0, 1], [0, 1, 0], [-1, 0, 0]], float),
    "y": np.array([[1, 0, 0], [0, 0, 1], [0, -1, 0]], float),
}


# --------------------------------------------------------------------------- primitives
class Mesh:
    """Triangles grouped by material; each group holds positions, normals, uvs, indices."""

    def __init__(self) -> None:
        self.groups: dict[str, dict] = {}

    def group(self, material: str) -> dict:
        return self.groups.setdefault(material, {"pos": [], "nrm": [], "idx": []})

    def add_face(self, material: str, pts, normal=None) -> None:
        """A convex planar polygon, counter-clockwise seen from outside (flat shaded)."""
        pts = [np.asarray(p, float) for p in pts]
        if normal is None:
            normal = np.cross(pts[1] - pts[0], pts[2] - pts[0])
        normal = np.asarray(normal, float)
        normal = normal / np.linalg.norm(normal)
        g = self.group(material)
        base = len(g["pos"])
        for p in pts:
            g["pos"].append(p)
            g["nrm"].append(normal)
        for k in range(1, len(pts) - 1):
            g["idx"].append((base, base + k, base + k + 1))

    def add_strip(self, material: str, ring_a, ring_b, normals_a, normals_b) -> None:
        """Quads between two closed rings of points (smooth shaded)."""
        g = self.group(material)
        n = len(ring_a)
        base = len(g["pos"])
        for k in range(n):
            g["pos"].extend([ring_a[k], ring_b[k]])
            g["nrm"].extend([normals_a[k], normals_b[k]])
        for k in range(n):
            j = (k + 1) % n
            a0, b0, a1, b1 = base + 2 * k, base + 2 * k + 1, base + 2 * j, base + 2 * j + 1
            g["idx"].append((a0, a1, b1))
            g["idx"].append((a0, b1, b0))

    # -- solids in the part frame ----------------------------------------------------------
    def box(self, material, center, size, rot=None):
        c = np.asarray(center, float)
        R = np.eye(3) if rot is None else np.asarray(rot, float)
        hx, hy, hz = (s / 2 for s in size)
        corner = lambda sx, sy, sz: c + R @ np.array([sx * hx, sy * hy, sz * hz])
        faces = [  # counter-clockwise from outside
            [(1, -1, -1), (1, 1, -1), (1, 1, 1), (1, -1, 1)],
            [(-1, 1, -1), (-1, -1, -1), (-1, -1, 1), (-1, 1, 1)],
            [(1, 1, -1), (-1, 1, -1), (-1, 1, 1), (1, 1, 1)],
            [(-1, -1, -1), (1, -1, -1), (1, -1, 1), (-1, -1, 1)],
            [(-1, -1, 1), (1, -1, 1), (1, 1, 1), (-1, 1, 1)],
            [(-1, 1, -1), (1, 1, -1), (1, -1, -1), (-1, -1, -1)],
        ]
        for f in faces:
            self.add_face(material, [corner(*v) for v in f])

    def cylinder(self, material, center, radius, height, axis="z", radius_top=None, seg=24):
        """A cylinder (or a frustum when radius_top is given) about an axis through center."""
        c = np.asarray(center, float)
        R = AXES[axis] if isinstance(axis, str) else np.asarray(axis, float)
        r0, r1 = radius, radius if radius_top is None else radius_top
        h = height / 2
        angles = [2 * math.pi * k / seg for k in range(seg)]
        slope = (r0 - r1) / height
        bottom = [c + R @ np.array([r0 * math.cos(a), r0 * math.sin(a), -h]) for a in angles]
        top = [c + R @ np.array([r1 * math.cos(a), r1 * math.sin(a), h]) for a in angles]
        nrm = []
        for a in angles:
            n = np.array([math.cos(a), math.sin(a), slope])
            nrm.append(R @ (n / np.linalg.norm(n)))
        self.add_strip(material, bottom, top, nrm, nrm)
        if r1 > 0:
            self.add_face(material, top, R @ np.array([0, 0, 1.0]))
        self.add_face(material, bottom[::-1], R @ np.array([0, 0, -1.0]))

    def sphere(self, material, center, radius, nlat=8, nlon=16):
        c = np.asarray(center, float)
        g = self.group(material)
        base = len(g["pos"])
        for i in range(nlat + 1):
            th = math.pi * i / nlat
            for j in range(nlon + 1):
                ph = 2 * math.pi * j / nlon
                n = np.array([math.sin(th) * math.cos(ph), math.sin(th) * math.sin(ph),
                              math.cos(th)])
                g["pos"].append(c + radius * n)
                g["nrm"].append(n)
        w = nlon + 1
        for i in range(nlat):
            for j in range(nlon):
                a, b = base + i * w + j, base + (i + 1) * w + j
                if i > 0:
                    g["idx"].append((a, b, a + 1))
                if i < nlat - 1:
                    g["idx"].append((a + 1, b, b + 1))

    def prism(self, material, polygon, z0, z1):
        """A vertical prism over a convex polygon given counter-clockwise in x, y."""
        bottom = [np.array([x, y, z0]) for x, y in polygon]
        top = [np.array([x, y, z1]) for x, y in polygon]
        self.add_face(material, top)
        self.add_face(material, bottom[::-1])
        n = len(polygon)
        for k in range(n):
            j = (k + 1) % n
            self.add_face(material, [bottom[k], bottom[j], top[j], top[k]])

    def polyhedron(self, material, vertices, faces):
        """Flat faces over vertices, each face counter-clockwise seen from outside."""
        v = [np.asarray(p, float) for p in vertices]
        for f in faces:
            self.add_face(material, [v[i] for i in f])

    # -- placement -------------------------------------------------------------------------
    def to_mesh_frame(self, xyz, rpy) -> "Mesh":
        """The same triangles in the frame of a mesh that the part places at xyz, rpy."""
        R = rot_rpy(*rpy)
        t = np.asarray(xyz, float)
        out = Mesh()
        for name, g in self.groups.items():
            og = out.group(name)
            og["pos"] = [R.T @ (p - t) for p in g["pos"]]
            og["nrm"] = [R.T @ n for n in g["nrm"]]
            og["idx"] = list(g["idx"])
            if "uv" in g:
                og["uv"] = list(g["uv"])
        return out

    def sorted_groups(self):
        return [(name, self.groups[name]) for name in sorted(self.groups)]


def regular_polygon(apothem, n, phase_deg):
    r = apothem / math.cos(math.pi / n)
    return [(r * math.cos(math.radians(phase_deg + 360.0 * k / n)),
             r * math.sin(math.radians(phase_deg + 360.0 * k / n))) for k in range(n)]


# --------------------------------------------------------------------------- writers
def _f(x: float) -> str:
    text = f"{x:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "", "-") else text


def stl_bytes(mesh: Mesh, name: str) -> bytes:
    tris = []
    for _, g in mesh.sorted_groups():
        for a, b, c in g["idx"]:
            pa, pb, pc = g["pos"][a], g["pos"][b], g["pos"][c]
            n = np.cross(pb - pa, pc - pa)
            length = np.linalg.norm(n)
            n = n / length if length > 0 else np.zeros(3)
            tris.append((n, pa, pb, pc))
    header = f"binary STL {name} by make_demo_meshes.py".encode()[:80].ljust(80, b" ")
    out = [header, struct.pack("<I", len(tris))]
    for n, a, b, c in tris:
        out.append(struct.pack("<12fH", *n, *a, *b, *c, 0))
    return b"".join(out)


def obj_files(mesh: Mesh, stem: str) -> dict[str, bytes]:
    obj = [f"# {stem}.obj, written by make_demo_meshes.py", f"mtllib {stem}.mtl"]
    mtl = [f"# {stem}.mtl, written by make_demo_meshes.py"]
    offset = 0
    for name, g in mesh.sorted_groups():
        r, gg, b, a = COLOURS[name]
        mtl += [f"newmtl {name}", "Ka 0 0 0", f"Kd {_f(r)} {_f(gg)} {_f(b)}", "Ks 0.1 0.1 0.1",
                "Ns 20", f"d {_f(a)}", "illum 2"]
        obj.append(f"o {name}")
        obj += [f"v {_f(p[0])} {_f(p[1])} {_f(p[2])}" for p in g["pos"]]
        obj += [f"vn {_f(n[0])} {_f(n[1])} {_f(n[2])}" for n in g["nrm"]]
        obj.append(f"usemtl {name}")
        for tri in g["idx"]:
            obj.append("f " + " ".join(f"{i + 1 + offset}//{i + 1 + offset}" for i in tri))
        offset += len(g["pos"])
    return {f"{stem}.obj": ("\n".join(obj) + "\n").encode(),
            f"{stem}.mtl": ("\n".join(mtl) + "\n").encode()}


def dae_bytes(mesh: Mesh, name: str) -> bytes:
    effects, materials, sources, tris, binds = [], [], [], [], []
    offset = 0
    positions, normals = [], []
    for mat, g in mesh.sorted_groups():
        r, gg, b, a = COLOURS[mat]
        effects.append(
            f'    <effect id="{mat}-effect"><profile_COMMON><technique sid="common"><lambert>'
            f'<diffuse><color sid="diffuse">{_f(r)} {_f(gg)} {_f(b)} {_f(a)}</color></diffuse>'
            f'</lambert></technique></profile_COMMON></effect>')
        materials.append(f'    <material id="{mat}-material" name="{mat}">'
                         f'<instance_effect url="#{mat}-effect"/></material>')
        positions += g["pos"]
        normals += g["nrm"]
        p = " ".join(f"{i + offset} {i + offset}" for tri in g["idx"] for i in tri)
        tris.append(
            f'        <triangles material="{mat}" count="{len(g["idx"])}">'
            f'<input semantic="VERTEX" source="#mesh-vertices" offset="0"/>'
            f'<input semantic="NORMAL" source="#mesh-normals" offset="1"/><p>{p}</p></triangles>')
        binds.append(f'<instance_material symbol="{mat}" target="#{mat}-material"/>')
        offset += len(g["pos"])

    def source(sid, values):
        flat = " ".join(_f(c) for v in values for c in v)
        return (f'        <source id="{sid}"><float_array id="{sid}-array" count="{3 * len(values)}">'
                f'{flat}</float_array><technique_common><accessor source="#{sid}-array" '
                f'count="{len(values)}" stride="3"><param name="X" type="float"/>'
                f'<param name="Y" type="float"/><param name="Z" type="float"/></accessor>'
                f'</technique_common></source>')

    sources = [source("mesh-positions", positions), source("mesh-normals", normals)]
    text = "\n".join([
        '<?xml version="1.0" encoding="utf-8"?>',
        '<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">',
        "  <asset>",
        "    <contributor><authoring_tool>make_demo_meshes.py</authoring_tool></contributor>",
        # COLLADA requires both dates; a fixed one keeps the file deterministic
        "    <created>2026-01-01T00:00:00Z</created>",
        "    <modified>2026-01-01T00:00:00Z</modified>",
        '    <unit name="meter" meter="1"/>',
        "    <up_axis>Z_UP</up_axis>",
        "  </asset>",
        "  <library_effects>", *effects, "  </library_effects>",
        "  <library_materials>", *materials, "  </library_materials>",
        "  <library_geometries>",
        f'    <geometry id="mesh" name="{name}">',
        "      <mesh>",
        *sources,
        '        <vertices id="mesh-vertices"><input semantic="POSITION" source="#mesh-positions"/></vertices>',
        *tris,
        "      </mesh>",
        "    </geometry>",
        "  </library_geometries>",
        "  <library_visual_scenes>",
        f'    <visual_scene id="scene" name="scene"><node id="{name}" name="{name}" type="NODE">'
        f'<instance_geometry url="#mesh"><bind_material><technique_common>{"".join(binds)}'
        f"</technique_common></bind_material></instance_geometry></node></visual_scene>",
        "  </library_visual_scenes>",
        '  <scene><instance_visual_scene url="#scene"/></scene>',
        "</COLLADA>",
    ])
    return (text + "\n").encode()


def _pad4(data: bytes, fill: bytes = b"\0") -> bytes:
    return data + fill * (-len(data) % 4)


def gltf_document(mesh: Mesh, name: str, texture: str | None = None,
                  texture_bytes: bytes | None = None, embed_image: bool = False):
    """The glTF JSON (a dict) and its binary buffer."""
    buf = bytearray()
    views, accessors, prims, mats = [], [], [], []

    def add_view(data: bytes, target: int | None) -> int:
        while len(buf) % 4:
            buf.append(0)
        view = {"buffer": 0, "byteOffset": len(buf), "byteLength": len(data)}
        if target is not None:
            view["target"] = target
        buf.extend(data)
        views.append(view)
        return len(views) - 1

    for mat, g in mesh.sorted_groups():
        pos = np.asarray(g["pos"], dtype="<f4")
        nrm = np.asarray(g["nrm"], dtype="<f4")
        idx = np.asarray(g["idx"], dtype="<u2" if len(pos) < 65536 else "<u4").ravel()
        attrs = {}
        v = add_view(pos.tobytes(), 34962)
        accessors.append({"bufferView": v, "componentType": 5126, "count": len(pos),
                          "type": "VEC3", "min": [float(x) for x in pos.min(axis=0)],
                          "max": [float(x) for x in pos.max(axis=0)]})
        attrs["POSITION"] = len(accessors) - 1
        v = add_view(nrm.tobytes(), 34962)
        accessors.append({"bufferView": v, "componentType": 5126, "count": len(nrm),
                          "type": "VEC3"})
        attrs["NORMAL"] = len(accessors) - 1
        if "uv" in g:
            uv = np.asarray(g["uv"], dtype="<f4")
            v = add_view(uv.tobytes(), 34962)
            accessors.append({"bufferView": v, "componentType": 5126, "count": len(uv),
                              "type": "VEC2"})
            attrs["TEXCOORD_0"] = len(accessors) - 1
        v = add_view(idx.tobytes(), 34963)
        accessors.append({"bufferView": v,
                          "componentType": 5123 if idx.dtype == np.dtype("<u2") else 5125,
                          "count": int(idx.size), "type": "SCALAR"})
        r, gg, b, a = COLOURS[mat]
        pbr = {"baseColorFactor": [r, gg, b, a], "metallicFactor": 0.0,
               "roughnessFactor": 0.8}
        if "uv" in g and texture:
            pbr["baseColorTexture"] = {"index": 0}
        mats.append({"name": mat, "pbrMetallicRoughness": pbr})
        prims.append({"attributes": attrs, "indices": len(accessors) - 1,
                      "material": len(mats) - 1, "mode": 4})

    doc = {
        "asset": {"version": "2.0", "generator": "make_demo_meshes.py"},
        "scene": 0,
        "scenes": [{"name": name, "nodes": [0]}],
        "nodes": [{"name": name, "mesh": 0}],
        "meshes": [{"name": name, "primitives": prims}],
        "materials": mats,
        "accessors": accessors,
        "bufferViews": views,
    }
    if texture:
        doc["samplers"] = [{"magFilter": 9729, "minFilter": 9729, "wrapS": 10497,
                            "wrapT": 10497}]
        doc["textures"] = [{"sampler": 0, "source": 0}]
        if embed_image:
            v = add_view(texture_bytes, None)
            doc["images"] = [{"bufferView": v, "mimeType": "image/png", "name": texture}]
        else:
            doc["images"] = [{"uri": texture, "name": texture}]
    while len(buf) % 4:
        buf.append(0)
    doc["buffers"] = [{"byteLength": len(buf)}]
    return doc, bytes(buf)


def gltf_files(mesh: Mesh, stem: str, texture: str | None = None,
               texture_bytes: bytes | None = None) -> dict[str, bytes]:
    doc, buf = gltf_document(mesh, stem, texture)
    doc["buffers"][0]["uri"] = f"{stem}.bin"
    text = json.dumps(doc, indent=1, sort_keys=True) + "\n"
    files = {f"{stem}.gltf": text.encode(), f"{stem}.bin": buf}
    if texture:
        files[texture] = texture_bytes
    return files


def glb_bytes(mesh: Mesh, stem: str) -> bytes:
    doc, buf = gltf_document(mesh, stem)
    js = _pad4(json.dumps(doc, separators=(",", ":"), sort_keys=True).encode(), b" ")
    bin_chunk = _pad4(buf)
    total = 12 + 8 + len(js) + 8 + len(bin_chunk)
    return b"".join([struct.pack("<III", 0x46546C67, 2, total),
                     struct.pack("<II", len(js), 0x4E4F534A), js,
                     struct.pack("<II", len(bin_chunk), 0x004E4942), bin_chunk])


def png_bytes(width: int, height: int, pixel) -> bytes:
    """An 8-bit RGB PNG; pixel(x, y) -> (r, g, b)."""
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for x in range(width):
            raw.extend(pixel(x, y))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    return b"".join([b"\x89PNG\r\n\x1a\n",
                     chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)),
                     chunk(b"IDAT", zlib.compress(bytes(raw), 9)), chunk(b"IEND", b"")])


# --------------------------------------------------------------------------- the parts
# The mesh pose each declaration states in visual.xyz / visual.rpy (keep in step).
VISUAL = {
    "lidar_ld06": ([0.0033, -0.0001, -0.012], [0, 0, -1.5708]),
    "mecanum_black": ([-0.0002, 0, -0.001], [0, 0, 1.57079]),
    "tof_vl53l1x": ([-0.021, 0, 0], [0, 0, 0]),
    "track_unit": ([-0.08, 0, -0.005], [0, 0, 0]),
    "gearmotor_37d": ([-0.03, 0, 0], [0, 0, 0]),
    "lipo_3s_2200": ([0, 0, 0.012], [0, 0, 0]),
    "driver_vnh5019": ([0, 0, 0.005], [0, 0, 0]),
}


def lidar_ld06(m):
    m.box("dark", [0, 0, 0.01], [0.038, 0.038, 0.02])
    m.cylinder("black", [0, 0, 0.0265], 0.0185, 0.013)
    m.cylinder("grey", [0.0033, -0.0001, -0.012], 0.004, 0.024)          # the post to the mount


def standard_80(m):
    m.cylinder("black", [0, 0, 0], 0.04, 0.03, seg=32)
    m.cylinder("grey", [0, 0, 0], 0.015, 0.032)


def mecanum_black(m):
    m.cylinder("black", [0, 0, 0], 0.0487, 0.04, seg=32)
    for z in (-0.0215, 0.0215):
        m.cylinder("silver", [0, 0, z], 0.042, 0.005, seg=32)
    m.cylinder("grey", [0, 0, 0], 0.012, 0.0479)


def caster_ball(m):
    m.sphere("silver", [0, 0, 0], 0.0095)
    m.box("black", [0, 0, 0.0095], [0.03, 0.03, 0.012])


def omni_100(m):
    for z in (-0.009, 0.009):
        m.cylinder("black", [0, 0, z], 0.05, 0.014, seg=32)
    m.cylinder("silver", [0, 0, 0], 0.02, 0.032)


def tof_vl53l1x(m):
    m.box("purple", [-0.0022, 0, 0], [0.0016, 0.018, 0.013])
    m.box("black", [-0.0007, 0, 0.002], [0.0014, 0.0049, 0.0025])


def track_unit(m):
    m.box("black", [-0.08, 0, 0.017], [0.16, 0.0384, 0.006])       # upper run
    m.box("black", [-0.08, 0, -0.027], [0.10, 0.0384, 0.006])      # run on the ground
    m.cylinder("dark", [0, 0, 0], 0.02, 0.0384, "y")                # drive sprocket
    m.cylinder("dark", [-0.16, 0, 0], 0.02, 0.0384, "y")            # idler
    for x in (-0.05, -0.08, -0.11):
        m.cylinder("grey", [x, 0, -0.012], 0.012, 0.03, "y")        # road wheels


def gearmotor_37d(m):
    m.cylinder("gold", [-0.011, 0, 0], 0.0185, 0.022, "x")          # gearbox
    m.cylinder("silver", [-0.041, 0, 0], 0.017, 0.038, "x")         # motor can
    m.cylinder("grey", [0.01, 0, 0], 0.003, 0.02, "x", seg=12)      # output shaft


def lipo_3s_2200(m):
    m.box("blue", [0, 0, 0.012], [0.034, 0.105, 0.024])
    m.box("red", [0, -0.045, 0.0255], [0.008, 0.01, 0.003])


def driver_vnh5019(m):
    m.box("green", [0, 0, 0.0008], [0.065, 0.051, 0.0016])
    for x in (-0.015, 0.005):
        m.box("black", [x, 0, 0.0031], [0.01, 0.01, 0.003])
    m.box("blue", [0.027, 0, 0.0056], [0.01, 0.03, 0.008])


def camera_rpi_v2(m):
    m.box("green", [-0.004, 0, 0], [0.002, 0.025, 0.024])
    m.box("black", [0.0005, 0, 0], [0.007, 0.0085, 0.0085])
    m.box("grey", [-0.004, 0, -0.019], [0.012, 0.025, 0.002])
    m.box("grey", [-0.006, 0, -0.0105], [0.002, 0.02, 0.015])


def imu_bno055(m):
    m.box("blue", [0, 0, -0.0012], [0.0267, 0.0203, 0.0016])
    m.box("black", [0, 0, 0.0002], [0.005, 0.005, 0.0012])


def diff_base(m):
    m.box("dark", [-0.025, 0, -0.01], [0.30, 0.19, 0.05])                 # body between the arches
    m.box("dark", [0.0925, 0, -0.01], [0.065, 0.27, 0.05])                # nose
    m.box("dark", [-0.13, 0, -0.01], [0.09, 0.27, 0.05])                  # tail
    m.box("acrylic", [-0.025, 0, 0.0625], [0.30, 0.26, 0.005])            # top plate
    for x, y in ((0.09, 0.1), (0.09, -0.1), (-0.14, 0.1), (-0.14, -0.1)):
        m.cylinder("silver", [x, y, 0.0375], 0.004, 0.045, seg=12)        # standoffs


def rover4_base(m):
    m.box("orange", [0, 0, -0.015], [0.32, 0.2, 0.06])
    m.box("dark", [0, 0, 0.0324], [0.32, 0.2, 0.004])
    for x in (-0.15, 0.15):
        for y in (-0.09, 0.09):
            m.box("dark", [x, y, 0.0225], [0.015, 0.015, 0.015])


def tslot_1515_drone(m):
    for y in (0.1125, -0.1125):
        m.box("silver", [0, y, -0.0075], [0.32, 0.015, 0.015])
    for x in (0.1525, -0.1525):
        m.box("silver", [x, 0, -0.0075], [0.015, 0.21, 0.015])
    m.box("acrylic", [0, 0, 0.0015], [0.32, 0.24, 0.003])
    m.box("dark", [0, 0, -0.04], [0.25, 0.2, 0.01])
    for sx in (1, -1):
        for sy in (1, -1):
            m.box("grey", [sx * 0.1275, sy * 0.11, -0.025], [0.04, 0.02, 0.04])


def tracked_base(m):
    m.box("green", [0, 0, 0.015], [0.24, 0.18, 0.06])
    m.cylinder("grey", [0.08, 0.1025, 0], 0.008, 0.025, "y", seg=12)
    m.cylinder("grey", [-0.08, -0.1025, 0], 0.008, 0.025, "y", seg=12)


def _plates(m, polygon, standoffs):
    m.prism("acrylic", polygon, -0.03, -0.027)
    m.prism("acrylic", polygon, 0.032, 0.035)
    for x, y in standoffs:
        m.cylinder("silver", [x, y, 0.0025], 0.004, 0.059, seg=12)


def omni4_base(m):
    _plates(m, regular_polygon(0.14, 8, 22.5), [(0.1, 0), (0, 0.1), (-0.1, 0), (0, -0.1)])


def omni3_base(m):
    _plates(m, regular_polygon(0.13, 6, 30),
            [(0.09 * math.cos(a), 0.09 * math.sin(a)) for a in (math.pi / 3, math.pi, -math.pi / 3)])


def trike_base(m):
    m.box("red", [-0.0275, 0, 0], [0.265, 0.21, 0.06])
    m.box("dark", [0.13, 0, 0.03], [0.03, 0.06, 0.05])                    # steering head
    for y in (-0.022, 0.022):
        m.box("grey", [0.16, y, 0.005], [0.012, 0.006, 0.05])             # fork blades
    m.cylinder("grey", [-0.1, 0, -0.02], 0.005, 0.26, "y", seg=12)        # rear axle


def car_base(m):
    m.box("blue", [0, 0, -0.0075], [0.42, 0.16, 0.075])
    m.cylinder("grey", [-0.15, 0, -0.02], 0.005, 0.26, "y", seg=12)       # rear axle
    m.box("dark", [-0.15, 0, -0.02], [0.05, 0.06, 0.03])                  # differential
    for y in (-0.1, 0.1):
        m.box("grey", [0.15, y, -0.02], [0.02, 0.04, 0.02])               # knuckles


def quad_body(m):
    m.box("white", [0, 0, 0], [0.30, 0.20, 0.08])
    for x in (-0.12, 0.12):
        for y in (-0.08, 0.08):
            m.cylinder("dark", [x, y, -0.0425], 0.015, 0.005)


def hip_leg_mount(m):
    m.box("dark", [0, 0, -0.002], [0.05, 0.04, 0.004])


def hip_leg_hip(m):
    m.box("dark", [0, 0, -0.01], [0.04, 0.03, 0.02])


def hip_leg_thigh(m):
    m.cylinder("silver", [0, 0, -0.075], 0.012, 0.12)
    m.box("dark", [0, 0, -0.15], [0.04, 0.02, 0.03])


def hip_leg_shin(m):
    m.cylinder("silver", [0, 0, -0.07], 0.009, 0.11)
    m.sphere("black", [0, 0, -0.15], 0.02)


def work_table(m):
    m.box("grey", [0, 0, 0.932], [0.88, 1.56, 0.07])
    for x in (0.327, -0.327):
        for y in (0.638, -0.638):
            m.box("dark", [x, y, 0.45], [0.09, 0.045, 0.9])
    m.box("carton", [0.111, 0.35, 1.1], [0.48, 0.6, 0.26])
    m.box("carton", [0.111, -0.3, 1.06], [0.4, 0.5, 0.18])
    m.box("black", [0.111, -0.3, 1.29], [0.05, 0.6, 0.3])                 # monitor


def ramp_10deg(m):
    h = math.tan(math.radians(10.0))
    v = [(0, -0.4, 0), (1, -0.4, 0), (1, -0.4, h), (0, 0.4, 0), (1, 0.4, 0), (1, 0.4, h)]
    m.polyhedron("yellow", v, [[0, 1, 2], [3, 5, 4], [0, 2, 5, 3], [1, 4, 5, 2], [0, 3, 4, 1]])


def pallet_rack(m):
    for x in (-1.31, 0, 1.31):
        for y in (-0.41, 0.41):
            m.box("blue", [x, y, 1.0], [0.08, 0.08, 2.0])
    for z in (0.9, 1.8):
        for y in (-0.41, 0.41):
            m.box("orange", [0, y, z], [2.7, 0.08, 0.1])                  # beams
        m.box("grey", [0, 0, z + 0.045], [2.62, 0.74, 0.01])              # decking
    for x, z, hgt in ((-0.655, 0, 0.75), (0.655, 0, 0.75), (-0.655, 0.95, 0.65)):
        m.box("wood", [x, 0, z + 0.0725], [1.2, 0.8, 0.145])              # pallet
        m.box("wrap", [x, 0, z + 0.145 + (hgt - 0.145) / 2], [1.16, 0.76, hgt - 0.145])


def euro_pallet(m):
    for x in (-0.33, -0.165, 0, 0.165, 0.33):
        m.box("wood", [x, 0, 0.133], [0.13, 1.2, 0.022])                  # top boards
    for y in (-0.55, 0, 0.55):
        m.box("wood", [0, y, 0.011], [0.8, 0.1, 0.022])                   # bottom boards
        for x in (-0.345, 0, 0.345):
            m.box("wood", [x, y, 0.072], [0.11, 0.1, 0.078])              # blocks
        m.box("wood", [0, y, 0.1105], [0.8, 0.1, 0.023])                  # stringer boards


def cardboard_box(m):
    m.box("carton", [0, 0, 0.15], [0.4, 0.3, 0.3])
    m.box("tape", [0, 0, 0.3005], [0.4, 0.05, 0.001])


def pallet_jack(m):
    for y in (-0.195, 0.195):
        m.box("red", [-0.2, y, 0.04], [1.15, 0.16, 0.08])
    m.box("red", [0.525, 0, 0.175], [0.3, 0.5, 0.35])
    m.box("dark", [0.63, 0, 0.775], [0.06, 0.5, 0.85])
    m.cylinder("black", [0.525, 0, 0.08], 0.08, 0.12, "y")


def traffic_cone(m):
    m.box("black", [0, 0, 0.015], [0.28, 0.28, 0.03])
    m.cylinder("orange", [0, 0, 0.155], 0.1, 0.25, radius_top=0.06)
    m.cylinder("white", [0, 0, 0.32], 0.06, 0.08, radius_top=0.045)
    m.cylinder("orange", [0, 0, 0.41], 0.045, 0.08, radius_top=0.02)


def floor_disc(m):
    m.cylinder("textured", [0, 0, 0.001], 0.2, 0.002, seg=48)
    g = m.groups["textured"]
    g["uv"] = [(0.5 + p[0] / 0.4, 0.5 - p[1] / 0.4) for p in g["pos"]]


def rings_pixel(x, y, size=32):
    r = math.hypot(x + 0.5 - size / 2, y + 0.5 - size / 2) / (size / 2)
    return (242, 204, 26) if int(r * 4) % 2 == 0 else (20, 20, 20)


# part or object id -> [(file under assets/, drawing function)], with the format the suffix says
MESHES = {
    "lidar_ld06": [("model.dae", lidar_ld06)],
    "standard_80": [("model.dae", standard_80)],
    "mecanum_black": [("model.dae", mecanum_black)],
    "tof_vl53l1x": [("model.dae", tof_vl53l1x)],
    "track_unit": [("model.dae", track_unit)],
    "gearmotor_37d": [("model.dae", gearmotor_37d)],
    "lipo_3s_2200": [("model.dae", lipo_3s_2200)],
    "driver_vnh5019": [("model.dae", driver_vnh5019)],
    "caster_ball": [("model.obj", caster_ball)],
    "omni_100": [("model.obj", omni_100)],
    "camera_rpi_v2": [("model.obj", camera_rpi_v2)],
    "imu_bno055": [("model.obj", imu_bno055)],
    "diff_base": [("model.stl", diff_base)],
    "rover4_base": [("model.stl", rover4_base)],
    "tslot_1515_drone": [("model.gltf", tslot_1515_drone)],
    "tracked_base": [("model.stl", tracked_base)],
    "omni4_base": [("model.obj", omni4_base)],
    "omni3_base": [("model.obj", omni3_base)],
    "trike_base": [("model.obj", trike_base)],
    "car_base": [("model.stl", car_base)],
    "quad_body": [("model.stl", quad_body)],
    "hip_leg": [("mount.stl", hip_leg_mount), ("hip.stl", hip_leg_hip), ("thigh.stl", hip_leg_thigh), ("shin.stl", hip_leg_shin)],
    "work_table": [("model.glb", work_table)],
    "ramp_10deg": [("model.glb", ramp_10deg)],
    "pallet_rack": [("model.gltf", pallet_rack)],
    "euro_pallet": [("model.glb", euro_pallet)],
    "cardboard_box": [("model.gltf", cardboard_box)],
    "pallet_jack": [("model.glb", pallet_jack)],
    "traffic_cone": [("model.glb", traffic_cone)],
    "floor_disc": [("model.gltf", floor_disc)],
}


def files_for(part: str, filename: str, draw) -> dict[str, bytes]:
    mesh = Mesh()
    draw(mesh)
    xyz, rpy = VISUAL.get(part, ([0, 0, 0], [0, 0, 0]))
    mesh = mesh.to_mesh_frame(xyz, rpy)
    stem, ext = os.path.splitext(filename)
    if ext == ".stl":
        return {filename: stl_bytes(mesh, f"{part}/{stem}")}
    if ext == ".obj":
        return obj_files(mesh, stem)
    if ext == ".dae":
        return {filename: dae_bytes(mesh, part)}
    if ext == ".glb":
        return {filename: glb_bytes(mesh, part)}
    if ext == ".gltf":
        if part == "floor_disc":
            return gltf_files(mesh, stem, "rings.png", png_bytes(32, 32, rings_pixel))
        return gltf_files(mesh, stem)
    raise ValueError(f"no writer for {filename}")


def all_files() -> dict[str, bytes]:
    out = {}
    for part in sorted(MESHES):
        for filename, draw in MESHES[part]:
            for name, data in files_for(part, filename, draw).items():
                out[os.path.join("parts", part, "assets", name)] = data
    return out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 when a file is missing or differs")
    parser.add_argument("--root", default=ROOT, help="the library to write into")
    args = parser.parse_args(argv)
    stale = []
    total = 0
    for rel, data in sorted(all_files().items()):
        path = os.path.join(args.root, rel)
        total += len(data)
        try:
            with open(path, "rb") as f:
                same = f.read() == data
        except FileNotFoundError:
            same = False
        if same:
            continue
        stale.append(rel)
        if not args.check:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path + ".tmp", "wb") as f:
                f.write(data)
            os.replace(path + ".tmp", path)
    verb = "differ" if args.check else "written"
    print(f"{len(stale)} file(s) {verb}, {total} bytes in all", file=sys.stderr)
    for rel in stale:
        print(f"  {rel}", file=sys.stderr)
    return 1 if (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())

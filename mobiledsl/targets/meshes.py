"""What MuJoCo refuses in an STL mesh, found from the file's bytes alone: MuJoCo itself stays
off the compile path, and a mesh it would refuse is a diagnostic at the part rather than a
simulation that never starts (``stl_decoder ... perhaps this is an ASCII file?``).

MuJoCo reads binary STL only, of 1 to 200,000 triangles; it merges equal vertices and wants
at least 4 of them, and it refuses a mesh that encloses no volume (a flat sheet). The mjcf
and ros-mujoco-nav2 targets load every part's STL visual mesh into MuJoCo; Gazebo reads
ASCII STL too, so the ros-gz-nav2 target does not ask.
"""

from __future__ import annotations

import os
import struct

import numpy as np

from ..diagnostics import Diagnostic, Severity, error, warning

CODE = "target.mesh_unreadable"
MAX_FACES = 200_000  # MuJoCo's stl_decoder
MIN_VERTICES = 4  # MuJoCo: "at least 4 vertices required"
MIN_VOLUME = 1e-15  # MuJoCo's mjMINVAL: "mesh volume is too small"
_HEADER = 84  # 80 bytes of header, the triangle count
_TRIANGLE = 50  # a normal, three vertices (12 floats) and 2 bytes

_seen: dict[tuple[str, int, int], str | None] = {}  # (path, size, mtime) -> the problem


def stl_problem(path: str) -> str | None:
    """Why MuJoCo would refuse the STL at ``path``, or None when it takes it (or when the
    file cannot be read here: the asset checks report that)."""
    try:
        st = os.stat(path)
    except OSError:
        return None
    key = (path, st.st_size, st.st_mtime_ns)
    if key not in _seen:
        _seen[key] = _read_problem(path, st.st_size)
    return _seen[key]


def _read_problem(path: str, size: int) -> str | None:
    with open(path, "rb") as fh:
        head = fh.read(_HEADER)
        if len(head) < _HEADER:
            return f"it holds {len(head)} bytes, fewer than a binary STL's header of 84"
        (count,) = struct.unpack_from("<I", head, 80)
        if size != _HEADER + _TRIANGLE * count:
            # a binary STL's header may begin with "solid" too: ASCII says "facet" early
            text = head + fh.read(512)
            if head.lstrip()[:5].lower() == b"solid" and (b"facet" in text or b"endsolid" in text):
                return "it is an ASCII STL; MuJoCo reads binary STL only"
            return (
                f"its header counts {count} triangles, which its {size} bytes do not "
                "hold: it is no binary STL"
            )
        if not 1 <= count <= MAX_FACES:
            return f"it holds {count} triangles; MuJoCo takes 1 to {MAX_FACES:,}".replace(",", " ")
        data = fh.read(_TRIANGLE * count)
    return _shape_problem(data, count)


def _shape_problem(data: bytes, count: int) -> str | None:
    rows = np.frombuffer(
        data, dtype=np.dtype([("n", "<f4", 3), ("v", "<f4", (3, 3)), ("a", "<u2")]), count=count
    )
    tri = rows["v"].astype(float)
    if not np.isfinite(tri).all():
        return "a vertex of it is not a finite number"
    distinct = len(np.unique(tri.reshape(-1, 3), axis=0))
    if distinct < MIN_VERTICES:
        return f"it has {distinct} distinct vertices; MuJoCo needs at least {MIN_VERTICES}"
    a, b, c = tri[:, 0], tri[:, 1], tri[:, 2]
    volume = (
        abs(np.einsum("ij,ij->i", a - a.mean(0), np.cross(b - a.mean(0), c - a.mean(0))).sum()) / 6
    )
    if volume < MIN_VOLUME:
        return "it encloses no volume (a flat or open sheet); MuJoCo refuses such a mesh"
    return None


def _stl_meshes(part) -> list[tuple[str, str]]:
    """(field path, file as written) of each STL mesh of a part MuJoCo would load."""
    out = []
    if part.visual is not None:
        out.append(("visual.file", part.visual.file))
    for i, link in enumerate(part.links):
        out.append((f"links[{i}].visual.file", link.visual.file))
    return [(path, file) for path, file in out if file.lower().endswith(".stl")]


def part_mesh_problems(part) -> list[tuple[str, str, str]]:
    """(field path, file, why) of each of the part's STL meshes MuJoCo would refuse."""
    found = []
    for path, file in _stl_meshes(part):
        why = stl_problem(os.path.join(part.dir, *file.split("/")))
        if why is not None:
            found.append((path, file, why))
    return found


def fix_help(file: str, why: str) -> str:
    """What to write: a binary STL in the file's place."""
    if "ASCII" in why:
        return (
            f"export {file} again as binary STL (the 'binary' choice of the STL export "
            "in FreeCAD, Fusion, Onshape, SolidWorks or Blender), or convert it, e.g. "
            "`python -c \"import trimesh; trimesh.load('model.stl').export('model.stl')\"`"
            " (trimesh writes binary STL)"
        )
    return (
        f"export {file} again from the CAD model as a closed binary STL solid, or point "
        "visual.file at a mesh MuJoCo takes"
    )


def mesh_refusals(robot, target: str) -> list[Diagnostic]:
    """target.mesh_unreadable at each component whose part has a mesh MuJoCo refuses."""
    problems: list[Diagnostic] = []
    for c in robot.components:
        part = robot.parts[c.part]
        for path, file, why in part_mesh_problems(part):
            problems.append(
                error(
                    CODE,
                    f"'{c.name}' ({part.key}) has a mesh MuJoCo cannot load, {file}: {why}",
                    c.span,
                    label=f"its mesh cannot be loaded by the {target} target",
                    help=fix_help(file, why),
                    notes=(f"{part.file}: {path} names {file}",),
                )
            )
    return problems


def library_mesh_warnings(library) -> list[Diagnostic]:
    """For ``library check``: a warning at each part's mesh MuJoCo refuses (the part still
    loads: the ros-gz-nav2 target reads it; the MuJoCo targets refuse it at compile)."""
    found: list[Diagnostic] = []
    for part in sorted((getattr(library, "parts", None) or {}).values(), key=lambda p: p.id):
        for path, file, why in part_mesh_problems(part):
            found.append(
                warning(
                    CODE,
                    f"part '{part.id}': MuJoCo cannot load {file}: {why}",
                    part.span(path),
                    label="the mjcf and ros-mujoco-nav2 targets refuse this mesh",
                    help=fix_help(file, why),
                )
            )
    return found


__all__ = ["CODE", "Severity", "library_mesh_warnings", "mesh_refusals", "stl_problem"]

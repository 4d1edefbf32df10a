"""Binary STL, the form both simulators take a hull in."""

from __future__ import annotations

import struct
from collections.abc import Iterable, Sequence

import numpy as np

_HEADER = b"mobiledsl convex hull".ljust(80, b" ")
HULLS = "robot/hulls"


def hull_stl(vertices: Sequence[Sequence[float]], faces: Sequence[Sequence[int]]) -> bytes:
    """Triangles wound outward (a hull may be stated wound either way), with normals."""
    v = np.asarray(vertices, dtype=float)
    centre = v.mean(axis=0)
    out = [_HEADER, struct.pack("<I", len(faces))]
    for face in faces:
        a, b, c = (v[i] for i in face)
        n = np.cross(b - a, c - a)
        if np.dot(n, a - centre) < 0:
            b, c, n = c, b, -n
        length = np.linalg.norm(n)
        n = n / length if length > 0 else n
        out.append(struct.pack("<12fH", *n, *a, *b, *c, 0))
    return b"".join(out)


def hull_files(parts: Iterable, *folders: str) -> dict[str, bytes]:
    """Each part's hull as ``<folder>/<part>_hull.stl`` in every folder asked (by default
    ``robot/hulls``, where every target keeps them), each hull made once."""
    hulls = {
        part.id: hull_stl(part.collision[0].vertices, part.collision[0].faces)
        for part in parts
        if part.collision and part.collision[0].type == "hull"
    }
    return {
        f"{folder}/{part_id}_hull.stl": data
        for folder in folders or (HULLS,)
        for part_id, data in hulls.items()
    }

"""A part's convex hull collision: ``{type: hull, vertices, faces}``.

The triangles must close one convex solid of some volume: at least four corners, no corner
given twice, each face a triangle of three distinct corners the hull has, no triangle given
twice, every edge on exactly two triangles, one closed surface (Euler characteristic 2), every
corner on or inside every face's plane within 1 µm, and a positive volume. Faces may be wound
either way: each face's outward side is found from the hull's own corners, not its winding.
"""

from __future__ import annotations

from ..yamlio import YNode
from .fields import Fields, plain_triple
from .model import Shape

CONVEX_TOLERANCE = 1e-6  # m: how far a corner may lie outside a face's plane
MIN_AREA2 = 1e-24  # m^4: a triangle's squared doubled area below this has none
MIN_VOLUME = 1e-18  # m^3: a hull enclosing less encloses nothing


def check_hull(F: Fields, node: YNode, path: str) -> Shape | None:
    """Check the fields of a hull collision mapping (whose type is already known to be hull).
    Unknown keys and a box's keys are reported by the caller."""
    vnode, fnode = node.get("vertices"), node.get("faces")
    if vnode is None or fnode is None:
        for key in ("vertices", "faces"):
            if node.get(key) is None:
                F.missing(node, f"{path}.{key}")
        return None
    vertices = _vertices(F, vnode, f"{path}.vertices")
    faces = _plain_faces(fnode, len(vertices)) if vertices is not None else None
    if faces is None:
        faces = _faces(F, fnode, f"{path}.faces", None if vertices is None else len(vertices))
    if vertices is None or faces is None:
        return None
    why = hull_problem(vertices, faces)
    if why is not None:
        where, message = why
        F.invalid(
            _locate(node, where),
            path,
            message,
            help="list the corners of a convex solid and the triangles of its surface, each once",
        )
        return None
    return Shape(
        "hull", None, (0.0, 0.0, 0.0), (0.0, 0.0, 0.0), vertices=tuple(vertices), faces=tuple(faces)
    )


def _plain_faces(node: YNode, n: int) -> list[tuple[int, int, int]] | None:
    """The triangles when ``_faces`` would take them without a word (each three whole
    numbers naming corners 0 to n - 1), else None."""
    if node.kind != "seq" or not node.value:
        return None
    out = []
    for face in node.value:
        if face.kind != "seq" or len(face.value) != 3:
            return None
        a, b, c = face.value
        a, b, c = _CORNER.get(a.raw), _CORNER.get(b.raw), _CORNER.get(c.raw)
        if a is None or b is None or c is None:
            tri = tuple(_whole(index.raw) for index in face.value)
            if None in tri:
                return None
            a, b, c = tri
        if a >= n or b >= n or c >= n:
            return None
        out.append((a, b, c))
    return out


# the corner indices most hulls use, by their text ("0" ...)
_CORNER = {str(i): i for i in range(1024)}


def _whole(raw: str | None) -> int | None:
    """The corner index a number's text names when it is a whole number, else None."""
    return int(raw) if raw is not None and raw.isdigit() else None


def _vertices(F: Fields, node: YNode, path: str) -> list[tuple[float, float, float]] | None:
    if not node.is_seq:
        F.wrong_type(node, path, "a list of [x, y, z] points")
        return None
    out = []
    for i, v in enumerate(node.value):
        # three plain numbers (nearly every corner) taken without building their path
        p = (v.kind == "seq" and len(v.value) == 3 and plain_triple(v.value)) or F.vec3(
            v, f"{path}[{i}]"
        )
        if p is None:
            return None
        out.append(p)
    if len(out) < 4:
        F.invalid(
            node,
            path,
            f"has {len(out)} corner{'s' if len(out) != 1 else ''}: a hull has at least four",
        )
        return None
    return out


def _faces(F: Fields, node: YNode, path: str, n: int | None) -> list[tuple[int, int, int]] | None:
    if not node.is_seq:
        F.wrong_type(node, path, "a list of triangles, each [i, j, k]")
        return None
    out: list[tuple[int, int, int]] = []
    ok = True
    for i, face in enumerate(node.value):
        fpath = f"{path}[{i}]"
        if not face.is_seq:
            F.wrong_type(face, fpath, "a triangle [i, j, k]")
            ok = False
            continue
        if len(face.value) != 3:
            F.invalid(
                face,
                fpath,
                f"has {len(face.value)} entries: a face is a triangle of three corner indices",
            )
            ok = False
            continue
        tri = [_index(F, index, f"{fpath}[{j}]", n) for j, index in enumerate(face.value)]
        a, b, c = tri
        if a is None or b is None or c is None:
            ok = False
        elif ok:
            out.append((a, b, c))
    if not ok:
        return None
    if not out:
        F.invalid(node, path, "names no triangle")
        return None
    return out


def _index(F: Fields, node: YNode, path: str, n: int | None) -> int | None:
    if not node.is_number:
        F.wrong_type(node, path, "a corner index")
        return None
    raw = node.raw or ""
    if not raw.lstrip("-").isdigit() or len(raw) > 18:
        if raw.lstrip("-").isdigit():
            F.invalid(node, path, f"is {raw[:20]}..., a corner the hull does not have")
            return None
        F.invalid(node, path, f"is {raw}: a corner index is a whole number, counting from 0")
        return None
    k = int(raw)
    if k < 0 or (n is not None and k >= n):
        F.invalid(
            node,
            path,
            f"is {k}, a corner the hull does not have (it has "
            f"{n if n is not None else 'fewer'} corners, counted from 0)",
        )
        return None
    return k


def _locate(node: YNode, where: tuple[str, int] | None) -> YNode:
    if where is None:
        return node
    key, i = where
    seq = node.get(key)
    if seq is not None and seq.is_seq and 0 <= i < len(seq.value):
        return seq.value[i]
    return node


def hull_problem(vertices, faces) -> tuple[tuple[str, int] | None, str] | None:
    """Why these corners and triangles bound no convex solid, with where ("vertices" or
    "faces", index) when one entry is to blame; None when they do."""
    used = _plainly_closed(vertices, faces)
    if used is None:
        return _surface_problem(vertices, faces)
    if _clearly_convex(vertices, faces, used):
        return None
    return _geometry_problem(vertices, faces, used)


def _surface_problem(vertices, faces) -> tuple[tuple[str, int] | None, str] | None:
    """``hull_problem`` step by step, finding the first problem in order: each corner and
    triangle in turn, the edges, one closed surface, then the geometry."""
    seen_corner: dict[tuple[float, float, float], int] = {}
    for i, v in enumerate(vertices):
        corner = (float(v[0]), float(v[1]), float(v[2]))
        if corner in seen_corner:
            return ("vertices", i), (
                f"repeats a corner: vertices[{i}] is vertices[{seen_corner[corner]}]"
            )
        seen_corner[corner] = i
    seen_tri: dict[tuple[int, int, int], int] = {}
    edges: dict[tuple[int, int], int] = {}
    for i, (a, b, c) in enumerate(faces):
        if a == b or b == c or a == c:
            return ("faces", i), f"has a triangle that names a corner twice: faces[{i}]"
        lo, mid, hi = sorted((a, b, c))
        key = (lo, mid, hi)
        if key in seen_tri:
            return ("faces", i), f"repeats a triangle: faces[{i}] is faces[{seen_tri[key]}]"
        seen_tri[key] = i
        for e in (
            (a, b) if a < b else (b, a),
            (b, c) if b < c else (c, b),
            (c, a) if c < a else (a, c),
        ):
            edges[e] = edges.get(e, 0) + 1
    # every edge on two triangles (the common case); else the first wrong one, in order
    if any(n != 2 for n in edges.values()):
        for (a, b), count in sorted(edges.items()):
            if count == 1:
                return None, (
                    f"leaves an edge open: the edge between corners {a} and {b} "
                    "borders only one triangle"
                )
            if count > 2:
                return None, (
                    f"puts {count} triangles on the edge between corners {a} and "
                    f"{b}: every edge borders exactly two"
                )
    used = sorted({k for f in faces for k in f})
    if len(used) - len(edges) + len(faces) != 2 or not _connected(used, edges):
        return None, "has triangles that do not close one solid"
    if _clearly_convex(vertices, faces, used):
        return None
    return _geometry_problem(vertices, faces, used)


def _plainly_closed(vertices, faces) -> list[int] | None:
    """The corners the triangles use, in order, when they plainly close one surface: no
    corner given twice, each triangle three distinct corners of the hull and given once,
    every edge on exactly two triangles, one connected surface of Euler characteristic 2.
    None when anything may be wrong: ``hull_problem`` then finds what, in order."""
    m = len(vertices)
    if len(set(map(tuple, vertices))) != m:
        return None
    edges: list[int] = []  # each as a * m + b, a < b
    triangles = set()
    for a, b, c in faces:
        if a > b:
            a, b = b, a
        if b > c:
            b, c = c, b
        if a > b:
            a, b = b, a
        if a == b or b == c or a < 0 or c >= m:
            return None
        ab = a * m + b
        triangles.add(ab * m + c)
        edges += (ab, b * m + c, a * m + c)
    if len(triangles) != len(faces):
        return None
    edges.sort()
    once = edges[0::2]  # every edge twice: pairs of equals, each pair distinct
    if once != edges[1::2] or len(set(once)) != len(once):
        return None
    used = sorted({k for f in faces for k in f})
    if len(used) - len(once) + len(faces) != 2:
        return None
    return used if _connected(used, [divmod(e, m) for e in once]) else None


# Below this many faces, and for corners within this many metres of the origin, plain
# Python decides first whether a hull is clearly a convex solid: its rounding errors are
# then far below half the tolerances it must clear.
SMALL_HULL = 64
NEAR = 1e3


def _clearly_convex(vertices, faces, used) -> bool:
    """True when every face has an area, no corner lies near or beyond a face's plane on
    the far side, and the volume is well clear of none: the numpy check would find no
    problem. False leaves the decision (and the words) to ``_geometry_problem``."""
    if len(faces) > SMALL_HULL or any(abs(c) > NEAR for v in vertices for c in v):
        return False
    n = len(used)
    cx = sum(vertices[k][0] for k in used) / n
    cy = sum(vertices[k][1] for k in used) / n
    cz = sum(vertices[k][2] for k in used) / n
    six_volume = 0.0
    for a, b, c in faces:
        ax, ay, az = vertices[a]
        ux, uy, uz = vertices[b][0] - ax, vertices[b][1] - ay, vertices[b][2] - az
        vx, vy, vz = vertices[c][0] - ax, vertices[c][1] - ay, vertices[c][2] - az
        nx, ny, nz = uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx
        area2 = nx * nx + ny * ny + nz * nz
        if not area2 > 4 * MIN_AREA2:
            return False
        scale = area2**0.5
        offset = nx * ax + ny * ay + nz * az
        # the highest and lowest corner over the plane, as n . v (the offset taken away and
        # the scale divided out after: both keep the order of the numbers exactly)
        high = low = offset
        for x, y, z in vertices:
            h = nx * x + ny * y + nz * z
            if h > high:
                high = h
            elif h < low:
                low = h
        if (high - offset) / scale > CONVEX_TOLERANCE / 2 and (
            low - offset
        ) / scale < -CONVEX_TOLERANCE / 2:
            return False
        six_volume += abs((ax - cx) * (nx) + (ay - cy) * (ny) + (az - cz) * (nz))
    return six_volume / 6.0 > 2 * MIN_VOLUME


def _geometry_problem(vertices, faces, used) -> tuple[tuple[str, int] | None, str] | None:
    """Flat faces, corners outside a face's plane, no volume: in numpy, with the words (the
    one user of numpy here, imported for the hulls plain Python leaves to it)."""
    import numpy as np

    V = np.asarray(vertices, dtype=np.float64)
    T = np.asarray(faces, dtype=np.intp)
    A, B, C = V[T[:, 0]], V[T[:, 1]], V[T[:, 2]]
    normals = np.cross(B - A, C - A)
    area2 = np.einsum("ij,ij->i", normals, normals)
    flat = np.nonzero(area2 <= MIN_AREA2)[0]
    if flat.size:
        i = int(flat[0])
        return ("faces", i), f"has a triangle with no area: faces[{i}]"
    unit = normals / np.sqrt(area2)[:, None]
    # signed distance of every corner from every face's plane: (faces, vertices)
    dist = unit @ V.T - np.einsum("ij,ij->i", unit, A)[:, None]
    above = dist.max(axis=1) > CONVEX_TOLERANCE
    below = dist.min(axis=1) < -CONVEX_TOLERANCE
    bad = np.nonzero(above & below)[0]
    if bad.size:
        i = int(bad[0])
        side = dist[i] if dist[i].sum() < 0 else -dist[i]  # outward: most corners behind
        k = int(np.argmax(side))
        return ("faces", i), (
            f"is not convex: corner {k} lies {side[k] * 1000:.4g} mm outside "
            f"the plane of faces[{i}] (at most 0.001 mm is allowed)"
        )
    # orient every face away from the corners' centroid, which lies inside a convex solid
    centre = V[used].mean(axis=0)
    six_v = np.abs(np.einsum("ij,ij->i", np.cross(A - centre, B - centre), C - centre))
    volume = float(six_v.sum()) / 6.0
    if not volume > MIN_VOLUME:
        return None, "encloses no volume: its corners lie in one plane"
    return None


def _connected(used: list[int], edges) -> bool:
    parent = {k: k for k in used}

    def find(k):
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    for a, b in edges:
        ra, rb = find(a), find(b)
        if ra != rb:
            parent[ra] = rb
    return len({find(k) for k in used}) == 1

"""A part's hull collision: one closed convex solid of some volume, wound either way."""
from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobiledsl.diagnostics import Sink
from mobiledsl.library import hull as hull_module
from mobiledsl.library.fields import Fields
from mobiledsl.library.parts import check_part_collision
from mobiledsl.yamlio import read_yaml

# a frustum: a square base 60 mm wide, a top 20 mm wide, 40 mm up
FRUSTUM_V = [[-0.03, -0.03, 0], [0.03, -0.03, 0], [0.03, 0.03, 0], [-0.03, 0.03, 0],
             [-0.01, -0.01, 0.04], [0.01, -0.01, 0.04], [0.01, 0.01, 0.04], [-0.01, 0.01, 0.04]]
FRUSTUM_F = [[0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4], [1, 2, 6],
             [1, 6, 5], [2, 3, 7], [2, 7, 6], [3, 0, 4], [3, 4, 7]]
TETRA_V = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]]
TETRA_F = [[0, 2, 1], [0, 1, 3], [1, 2, 3], [0, 3, 2]]


def check(vertices, faces, **extra):
    node = {"type": "hull", "vertices": vertices, "faces": faces, **extra}
    root, diags = read_yaml(json.dumps(node), "hull.yaml")
    assert root is not None and not diags
    sink = Sink()
    shape = check_part_collision(Fields(sink, "hull.yaml"), root, "collision")
    return shape, sink.items


def ok(vertices, faces):
    shape, diags = check(vertices, faces)
    assert shape is not None and diags == [], [d.message for d in diags]
    return shape


def refused(vertices, faces, words: str, code="library.invalid_value", **extra):
    shape, diags = check(vertices, faces, **extra)
    assert shape is None
    assert [d.code for d in diags] == [code], [d.message for d in diags]
    assert words in diags[0].message, diags[0].message
    return diags[0]


def test_a_frustum_and_a_tetrahedron_pass():
    shape = ok(FRUSTUM_V, FRUSTUM_F)
    assert shape.type == "hull" and shape.size is None
    assert shape.vertices[4] == (-0.01, -0.01, 0.04) and shape.faces[0] == (0, 2, 1)
    assert all(type(c) is float for v in shape.vertices for c in v)
    ok(TETRA_V, TETRA_F)


def test_faces_may_be_wound_either_way():
    flipped = [f[::-1] if i % 3 == 0 else f for i, f in enumerate(FRUSTUM_F)]
    ok(FRUSTUM_V, flipped)
    ok(FRUSTUM_V, [f[::-1] for f in FRUSTUM_F])


def test_convex_within_a_micrometre():
    # lift a top corner off the plane of its top face's neighbours: half a micrometre passes
    v = [list(p) for p in FRUSTUM_V]
    v[6][2] = 0.04 + 0.5e-6
    ok(v, FRUSTUM_F)
    v[6][2] = 0.04 + 2e-6
    refused(v, FRUSTUM_F, "not convex")


def test_a_dent_is_not_convex():
    v = [list(p) for p in FRUSTUM_V]
    v[6] = [0.001, 0.001, 0.01]      # a top corner pushed down inside: the hull is dented
    refused(v, FRUSTUM_F, "not convex")


def test_an_open_edge():
    refused(FRUSTUM_V, FRUSTUM_F[:-1], "leaves an edge open")


def test_a_third_triangle_on_an_edge():
    v = FRUSTUM_V + [[0, 0, 0.02], [0.001, 0.002, 0.01]]
    # a closed fin inside, whose two triangles (0, 2, 8) and (2, 0, 9) put the edge 0-2 on
    # four triangles with the two of the base
    fin = [[0, 2, 8], [2, 0, 9], [0, 8, 9], [2, 9, 8]]
    refused(v, FRUSTUM_F + fin, "4 triangles on the edge between corners 0 and 2")


def test_a_repeated_triangle_in_either_winding():
    refused(TETRA_V, TETRA_F + [[1, 0, 2]], "repeats a triangle")


def test_a_triangle_naming_a_corner_twice():
    refused(TETRA_V, [[0, 2, 2]] + TETRA_F[1:], "names a corner twice")


def test_a_repeated_corner():
    refused(TETRA_V + [[1, 0, 0]], TETRA_F, "repeats a corner")


def test_fewer_than_four_corners():
    refused(TETRA_V[:3], [[0, 1, 2]], "at least four")


def test_a_face_that_is_not_a_triangle():
    refused(FRUSTUM_V, [[0, 1, 2, 3]] + FRUSTUM_F[2:], "triangle")


def test_a_face_naming_a_corner_the_hull_does_not_have():
    refused(TETRA_V, [[0, 2, 4]] + TETRA_F[1:], "does not have")
    refused(TETRA_V, [[0, 2, -1]] + TETRA_F[1:], "does not have")
    refused(TETRA_V, [[0, 2, 1.5]] + TETRA_F[1:], "whole number")


def test_no_volume():
    flat = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0]]
    refused(flat, [[0, 1, 2], [1, 3, 2], [0, 2, 3], [0, 3, 1]], "no volume")


def test_two_solids_are_not_one():
    far = [[x + 5, y, z] for x, y, z in TETRA_V]
    faces2 = [[a + 4, b + 4, c + 4] for a, b, c in TETRA_F]
    d = refused(TETRA_V + far, TETRA_F + faces2, "do not close one solid")
    assert d.span.line == 1


def test_a_surface_covering_itself_twice_is_not_one_solid():
    # an octahedron's eight faces listed, then a second octahedron sharing no edge with it
    # is caught as not convex; a surface that is closed but of two pieces touching at a
    # corner only is not one solid
    v = [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1], [-1, 0, 0], [0, -1, 0], [0, 0, -1]]
    faces = [[0, 1, 2], [0, 2, 3], [0, 3, 1], [1, 3, 2],      # a tetrahedron at the corner 0
             [0, 4, 5], [0, 5, 6], [0, 6, 4], [4, 6, 5]]      # and another, opposite
    refused(v, faces, "not")


def test_box_fields_on_a_hull_and_hull_fields_on_a_box():
    shape, diags = check(TETRA_V, TETRA_F, size=[1, 1, 1])
    assert shape is None and [d.code for d in diags] == ["library.unsupported"]
    root, _ = read_yaml(json.dumps({"type": "box", "size": [1, 1, 1], "origin_xyz": [0, 0, 0],
                                    "vertices": TETRA_V}), "box.yaml")
    sink = Sink()
    assert check_part_collision(Fields(sink, "box.yaml"), root, "collision") is None
    assert [d.code for d in sink.items] == ["library.unsupported"]


def test_wrong_shapes():
    refused("corners", TETRA_F, "a list", code="library.wrong_type")
    refused(TETRA_V, [[0, 1, "x"]] + TETRA_F[1:], "corner index", code="library.wrong_type")
    refused([[0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]], TETRA_F, "[x, y, z]",
            code="library.wrong_type")
    shape, diags = check(TETRA_V, TETRA_F)
    assert shape is not None
    root, _ = read_yaml('{"type": "hull", "vertices": [[0, 0, 0]]}', "h.yaml")
    sink = Sink()
    assert check_part_collision(Fields(sink, "h.yaml"), root, "collision") is None
    assert [d.code for d in sink.items] == ["library.missing_field"]


@pytest.mark.parametrize("n", [6, 20, 60])
def test_a_large_hull_of_a_convex_polytope(n):
    import math
    # a bipyramid over an n-gon
    v = [[math.cos(2 * math.pi * k / n), math.sin(2 * math.pi * k / n), 0] for k in range(n)]
    v += [[0, 0, 1], [0, 0, -1]]
    faces = []
    for k in range(n):
        faces.append([k, (k + 1) % n, n])
        faces.append([(k + 1) % n, k, n + 1])
    ok(v, faces)


# -- the plain-Python decision for small hulls ------------------------------------------

def _both(vertices, faces):
    """(what hull_problem says, what the numpy check alone says)."""
    used = sorted({k for f in faces for k in f})
    return hull_module.hull_problem(vertices, faces), \
        hull_module._geometry_problem(vertices, faces, used)


@settings(max_examples=200, deadline=None)
@given(scale=st.sampled_from([1e-4, 1e-3, 0.05, 1.0, 500.0, 5e3]),
       bend=st.sampled_from([0.0, 1e-9, 4e-7, 6e-7, 9e-7, 1.1e-6, 2e-6, 1e-3]),
       which=st.integers(0, 7), squash=st.sampled_from([1.0, 1e-6, 1e-9, 0.0]))
def test_the_plain_decision_agrees_with_numpy(scale, bend, which, squash):
    """Corners pushed out of a face's plane by about the tolerance, hulls squashed flat,
    large and small: the plain-Python decision never passes a hull the numpy check
    refuses, and every answer (and message) is the numpy check's."""
    vertices = [[x * scale, y * scale, z * scale * squash] for x, y, z in FRUSTUM_V]
    vertices[which][2] += bend if which >= 4 else -bend
    faces = [tuple(f) for f in FRUSTUM_F]
    answer, numpy_answer = _both(vertices, faces)
    assert answer == numpy_answer
    if hull_module._clearly_convex(vertices, faces, list(range(8))):
        assert numpy_answer is None


def test_the_plain_decision_leaves_large_and_many_faced_hulls_to_numpy(monkeypatch):
    calls = []
    real = hull_module._geometry_problem
    monkeypatch.setattr(hull_module, "_geometry_problem",
                        lambda *a: calls.append(1) or real(*a))
    ok(FRUSTUM_V, FRUSTUM_F)                                  # clear: no numpy
    assert calls == []
    ok([[x * 5e4, y * 5e4, z * 5e4] for x, y, z in FRUSTUM_V], FRUSTUM_F)
    assert calls == [1]                                       # beyond NEAR
    monkeypatch.setattr(hull_module, "SMALL_HULL", 11)
    ok(FRUSTUM_V, FRUSTUM_F)                                  # 12 faces > 11
    assert calls == [1, 1]


# -- the one-pass check of a plainly closed surface ----------------------------------------

SPOIL = st.lists(st.tuples(st.sampled_from(["drop", "again", "corner", "twice", "flip",
                                            "extra", "solid", "move"]),
                           st.integers(0, 40), st.integers(0, 12)), max_size=3)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(base=st.sampled_from(["frustum", "tetra"]), spoils=SPOIL)
def test_the_one_pass_closure_check_answers_as_the_step_by_step_one(base, spoils):
    """Hulls spoiled every way the steps look for (a triangle dropped, given again, naming
    a corner twice, a corner given twice, a second solid, a corner moved off its plane):
    the answer, and where it points, is the step-by-step check's."""
    vertices = [tuple(map(float, v)) for v in (FRUSTUM_V if base == "frustum" else TETRA_V)]
    faces = [list(f) for f in (FRUSTUM_F if base == "frustum" else TETRA_F)]
    for what, i, k in spoils:
        f = faces[i % len(faces)] if faces else None
        if what == "drop" and faces:
            faces.pop(i % len(faces))
        elif what == "again" and f:
            faces.append(list(reversed(f)))
        elif what == "corner" and f:
            f[k % 3] = k % len(vertices)
        elif what == "twice":
            vertices.append(vertices[i % len(vertices)])
        elif what == "flip" and f:
            f.reverse()
        elif what == "extra":
            vertices.append((5.0 + k, 1.0, 1.0))
        elif what == "solid":
            n = len(vertices)
            vertices += [(x + 5.0, y, z) for x, y, z in map(tuple, TETRA_V)]
            faces += [[a + n, b + n, c + n] for a, b, c in TETRA_F]
        elif what == "move":
            x, y, z = vertices[i % len(vertices)]
            vertices[i % len(vertices)] = (x, y, z + (k - 6) * 0.004)
    faces = [tuple(f) for f in faces]
    assert hull_module.hull_problem(vertices, faces) == \
        hull_module._surface_problem(vertices, faces)

"""The analysis answers its convex questions without a general solver: the small linear
program, the corners of a polytope, two boxes turned alike, the hull in the plane, the
broad phase of the clearance rules and the connector index of glue matching. Each is held
to the general solver (scipy) or to the plain loop it replaces, over random cases; and a
compile of every demo program imports no scipy at all."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from scipy.optimize import linprog
from scipy.spatial import ConvexHull, HalfspaceIntersection

from mobiledsl.analysis import geometry as G
from mobiledsl.analysis import overlap as O
from mobiledsl.analysis import planar, smalllp
from mobiledsl.assembly import glue
from mobiledsl.model.frames import Transform, axis_angle

REPO = Path(__file__).resolve().parents[2]


def random_box(rng, turned=True):
    R = axis_angle(rng.normal(size=3), rng.uniform(0, 3)) if turned else np.eye(3)
    return G.box(rng.uniform(0.005, 0.3, 3), Transform(R, rng.normal(scale=0.1, size=3)))


def random_prism(rng):
    return G.prism(rng.normal(scale=0.1, size=3), rng.normal(size=3), rng.uniform(0.01, 0.1),
                   rng.uniform(0.01, 0.05))


def scipy_chebyshev(A, b):
    m = A.shape[0]
    res = linprog(c=[0, 0, 0, -1], A_ub=np.hstack([A, np.ones((m, 1))]), b_ub=b,
                  bounds=[(None, None)] * 3 + [(None, 1.0)], method="highs")
    return float(res.x[3]), res.x[:3]


def corners(points):
    return np.unique(np.round(points, 7), axis=0)


@pytest.mark.slow
def test_small_lp_two_wheels_on_one_line():
    # two prisms about parallel axes share their side planes: degenerate corners everywhere
    rng = np.random.default_rng(21)
    for _ in range(200):
        axis = rng.normal(size=3)
        r = rng.uniform(0.01, 0.1)
        centre = rng.normal(scale=0.1, size=3)
        other = centre + rng.normal(scale=0.06, size=3) * [1, 1, 0]
        p = G.prism(centre, axis, r, 0.03)
        q = G.prism(other if rng.random() < 0.5 else centre + (other - centre) * 0.2, axis,
                    r * rng.uniform(0.5, 1.5), 0.03)
        A, b = np.vstack([p.A, q.A]), np.concatenate([p.b, q.b])
        got = smalllp.chebyshev(A, b)
        assert got is not None
        assert got[0] == pytest.approx(scipy_chebyshev(A, b)[0], abs=1e-12)


def test_many_planes_go_to_the_general_solver():
    ball = G.Round(np.zeros(3), np.zeros(3), 0.05).poly()       # hundreds of planes
    box = G.box((0.06, 0.06, 0.06), Transform(np.eye(3), np.array([0.04, 0, 0])))
    A, b = np.vstack([ball.A, box.A]), np.concatenate([ball.b, box.b])
    assert len(A) > smalllp.MAX_PLANES
    got = smalllp.vertices(A, b)
    theirs = HalfspaceIntersection(np.hstack([A, -b[:, None]]), scipy_chebyshev(A, b)[1])
    assert np.allclose(corners(got), corners(theirs.intersections), atol=1e-6)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_small_lp_matches_highs(seed):
    rng = np.random.default_rng(seed)
    for _ in range(150):
        p = random_box(rng) if rng.random() < 0.5 else random_prism(rng)
        q = random_box(rng)
        A, b = np.vstack([p.A, q.A]), np.concatenate([p.b, q.b])
        want = scipy_chebyshev(A, b)
        got = smalllp.chebyshev(A, b)
        assert got is not None
        assert got[0] == pytest.approx(want[0], abs=1e-12)
        assert np.all(A @ got[1] + got[0] <= b + 1e-9)           # the ball is inside
        if want[0] > 1e-6:
            theirs = HalfspaceIntersection(np.hstack([A, -b[:, None]]), want[1]).intersections
            assert np.allclose(corners(smalllp.vertices(A, b)), corners(theirs), atol=1e-6)


@pytest.mark.slow
def test_boxes_turned_alike_are_exact():
    rng = np.random.default_rng(7)
    for _ in range(300):
        R = axis_angle(rng.normal(size=3), rng.uniform(0, 3))
        flip = np.eye(3)[rng.permutation(3)] * rng.choice([-1, 1], size=3)
        p = G.box(rng.uniform(0.005, 0.3, 3), Transform(R, rng.normal(scale=0.1, size=3)))
        q = G.box(rng.uniform(0.005, 0.3, 3), Transform(R @ flip, rng.normal(scale=0.1, size=3)))
        A, b = np.vstack([p.A, q.A]), np.concatenate([p.b, q.b])
        assert O._as_box(A, b) is not None
        radius, centre = O._chebyshev(A, b)
        assert radius == pytest.approx(scipy_chebyshev(A, b)[0], abs=1e-12)
        if radius > 1e-6:
            assert np.allclose(corners(O._vertices_of(A, b, centre)),
                               corners(smalllp.vertices(A, b)), atol=1e-6)
        # turned a little: not a box any more, and the general walk answers
        s = G.box((0.1, 0.1, 0.1), Transform(axis_angle((0, 0, 1), 0.3) @ R, np.zeros(3)))
        assert O._as_box(np.vstack([p.A, s.A]), np.concatenate([p.b, s.b])) is None


def test_a_pair_of_polytopes_is_a_box_as_their_planes_together_are():
    rng = np.random.default_rng(17)
    for i in range(400):
        R = axis_angle(rng.normal(size=3), rng.uniform(0, 3))
        flip = np.eye(3)[rng.permutation(3)] * rng.choice([-1, 1], size=3)
        turn = R @ flip if i % 4 else axis_angle(rng.normal(size=3), 1e-11 * (i % 3)) @ R
        p = G.box(rng.uniform(0.005, 0.3, 3), Transform(R, rng.normal(scale=0.1, size=3)))
        q = G.box(rng.uniform(0.005, 0.3, 3), Transform(turn, rng.normal(scale=0.1, size=3)))
        for a, b in ((p, q), (q, p), (p, random_prism(rng)), (random_prism(rng), q)):
            together = O._as_box(np.vstack([a.A, b.A]), np.concatenate([a.b, b.b]))
            pair = O._pair_box(a, b)
            assert (pair is None) == (together is None)
            if pair is not None:
                assert all(np.array_equal(x, y) for x, y in zip(pair, together))


def scipy_polygon(pts):
    hull = ConvexHull(pts)
    poly = pts[hull.vertices]
    start = min(range(len(poly)), key=lambda i: (poly[i][1], poly[i][0]))
    return [(float(x), float(y)) for x, y in np.roll(poly, -start, axis=0)]


@pytest.mark.slow
def test_plane_hull_matches_qhull():
    rng = np.random.default_rng(11)
    for _ in range(3000):
        pts = np.round(rng.normal(size=(int(rng.integers(3, 14)), 2)), int(rng.integers(1, 4)))
        distinct = np.unique(pts, axis=0)
        if len(distinct) < 3 or np.linalg.matrix_rank(distinct - distinct[0]) < 2:
            continue
        assert planar.convex_polygon(pts) == scipy_polygon(distinct)


def test_plane_hull_ends():
    assert planar.convex_polygon([]) == []
    assert planar.convex_polygon([(1, 2), (1, 2)]) == [(1.0, 2.0)]
    # on one line: its two extreme points
    assert planar.convex_polygon([(0, 0), (2, 2), (1, 1)]) == [(0.0, 0.0), (2.0, 2.0)]
    square = [(0, 0), (1, 0), (1, 1), (0, 1), (0.5, 0), (0.5, 0.5)]
    assert planar.convex_polygon(square) == [(0.0, 0.0), (1.0, 0.0), (1.0, 1.0), (0.0, 1.0)]
    inside = planar.inside(np.array([[0.5, 0.5], [1.0, 1.0], [1.5, 0.5]]), square)
    assert inside.tolist() == [True, True, False]
    assert not planar.inside(np.array([[0.0, 0.0]]), [(0, 0), (1, 1)]).any()


def test_sweep_finds_every_touching_pair():
    class Shape:
        def __init__(self, solid):
            self.solid = solid

    class Body:
        def __init__(self, shapes):
            self.shapes = shapes

    rng = np.random.default_rng(5)
    bodies = [Body([Shape(random_box(rng)) for _ in range(int(rng.integers(1, 3)))])
              for _ in range(40)]
    from mobiledsl.analysis.clearance import touching_shapes
    want = []
    for i, a in enumerate(bodies):
        for j in range(i + 1, len(bodies)):
            for ia, sa in enumerate(a.shapes):
                for jb, sb in enumerate(bodies[j].shapes):
                    if O.boxes_overlap(sa.solid, sb.solid):
                        want.append(((i, ia), (j, jb)))
    assert touching_shapes(bodies) == want
    assert touching_shapes([]) == []


@pytest.mark.slow
def test_connector_index_is_the_plain_loop():
    rng = np.random.default_rng(9)
    hosts = []
    for k in range(300):
        pos = np.round(rng.uniform(-0.2, 0.2, 3), 3)
        d = rng.normal(size=3)
        hosts.append(glue.HostConnector("deck", f"c{k}", pos, d / np.linalg.norm(d), None, None))
    index = glue.ConnectorIndex(hosts)
    for k in range(600):
        host = hosts[k % len(hosts)]
        jitter = rng.normal(scale=6e-4, size=3) if k % 3 else np.zeros(3)
        g = (*(host.pos + jitter), *(host.dir + rng.normal(scale=3e-3, size=3)))
        for loose in (False, True):
            assert index.matching(g, loose) == glue.matching(g, hosts, loose)
    # the largest number the languages accept, a point no cell can file, no direction at all
    for odd in ((1e30, 0, 0, 0, 0, 1), (float("inf"), 0, 0, 0, 0, 1), (0, 0, 0, 0, 0, 0)):
        assert index.matching(odd) == glue.matching(odd, hosts)


# A steered wheel sweeps a true hull (its prism turned through the lock), which the general
# hull finder still draws; every other program is boxes, cylinders and declared hulls.
STEERED = ("ackermann", "tricycle")


@pytest.mark.slow
@pytest.mark.parametrize("program", sorted(p.name for p in (REPO / "programs").iterdir()
                                           if p.is_dir() and p.name not in STEERED))
def test_demo_programs_compile_without_scipy(program):
    script = (
        "import sys, glob\n"
        "from mobiledsl.pipeline import compile_program\n"
        f"prog = 'programs/{program}'\n"
        "files = [next(iter(sorted(glob.glob(f'{prog}/*.{k}'))), None) for k in ('core', 'world', 'task')]\n"
        "targets = ['mjcf'] if prog.endswith('quad') else ['mjcf', 'ros-gz-nav2']\n"
        "r = compile_program(*files, ['libraries/demo_parts'], targets=targets, check_only=True)\n"
        "assert r.analysis is not None\n"
        "print('scipy' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True,
                         text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("text", ["plain", "a & b < c > d", 'say "hi"', "it's", 'both "a" and \'b\'',
                                  "line\nbreak\ttab\rcr", "", "&amp;"])
def test_xml_quoting_is_saxutils(text):
    from xml.sax.saxutils import escape, quoteattr

    from mobiledsl import xmlquote
    assert xmlquote.escape(text) == escape(text)
    assert xmlquote.quoteattr(text) == quoteattr(text)

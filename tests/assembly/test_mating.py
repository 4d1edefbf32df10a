"""The rotation math of mating: proper rotations, up aligned, roll, the half-turn rule."""
from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobiledsl.model.mating import link_transform, mate, mating_rotation, shortest_arc
from mobiledsl.model.frames import (Transform, axis_angle, matrix_from_quat, quat_from_matrix,
                                    rpy_matrix)


def proper(r: np.ndarray) -> None:
    assert np.allclose(r @ r.T, np.eye(3), atol=1e-12)
    assert np.linalg.det(r) == pytest.approx(1.0, abs=1e-12)


unit_vectors = st.tuples(*[st.floats(-1, 1, allow_nan=False)] * 3).filter(
    lambda v: np.linalg.norm(v) > 0.1).map(lambda v: tuple(np.asarray(v) / np.linalg.norm(v)))


@given(unit_vectors, unit_vectors, st.floats(-4, 4, allow_nan=False))
@settings(max_examples=200, deadline=None)
def test_own_dir_becomes_the_glue_direction_negated(own, host, roll):
    r = mating_rotation(own, None, host, None, roll)
    proper(r)
    assert np.allclose(r @ np.asarray(own), -np.asarray(host), atol=1e-9)


def perpendicular(v):
    a = np.asarray(v)
    other = np.array([1.0, 0, 0]) if abs(a[0]) < 0.9 else np.array([0, 1.0, 0])
    p = np.cross(a, other)
    return tuple(p / np.linalg.norm(p))


@given(unit_vectors, unit_vectors, st.floats(0, 2 * math.pi))
@settings(max_examples=200, deadline=None)
def test_up_is_turned_onto_the_hosts_up(own, host, spin):
    own_up = tuple(axis_angle(own, spin) @ np.asarray(perpendicular(own)))
    host_up = perpendicular(host)
    r = mating_rotation(own, own_up, host, host_up)
    proper(r)
    assert np.allclose(r @ np.asarray(own), -np.asarray(host), atol=1e-9)
    assert np.allclose(r @ np.asarray(own_up), np.asarray(host_up), atol=1e-9)


def test_up_needs_both_connectors():
    # only the part states up: the shortest arc is used
    r = mating_rotation((0, 0, 1), (1, 0, 0), (0, 1, 0), None)
    assert np.allclose(r, shortest_arc((0, 0, 1), (0, -1, 0)))


def test_roll_turns_about_the_glue_direction():
    base = mating_rotation((0, 0, 1), (1, 0, 0), (0, 0, 1), (1, 0, 0))
    rolled = mating_rotation((0, 0, 1), (1, 0, 0), (0, 0, 1), (1, 0, 0), math.pi / 2)
    proper(rolled)
    # the axis stays; up (x) turns a quarter about +z (the glue direction) onto +y
    assert np.allclose(rolled @ np.array([0, 0, 1.0]), [0, 0, -1])
    assert np.allclose(base @ np.array([1.0, 0, 0]), [1, 0, 0])
    assert np.allclose(rolled @ np.array([1.0, 0, 0]), [0, 1, 0])


def test_half_turn_about_x_when_exactly_opposite():
    # the part's dir (0, 0, 1) must become (0, 0, 1) negated... i.e. glue (0, 0, -1) keeps it;
    # glue (0, 0, 1) asks for the opposite: a half turn about the part's x axis
    r = mating_rotation((0, 0, 1), None, (0, 0, 1), None)
    proper(r)
    assert np.allclose(r, np.diag([1.0, -1.0, -1.0]))


def test_half_turn_about_y_when_x_is_along_the_axis():
    r = mating_rotation((1, 0, 0), None, (1, 0, 0), None)
    proper(r)
    assert np.allclose(r, np.diag([-1.0, 1.0, -1.0]))
    r = mating_rotation((-1, 0, 0), None, (-1, 0, 0), None)
    assert np.allclose(r, np.diag([-1.0, 1.0, -1.0]))


def test_half_turn_about_the_part_of_x_across_a_slanted_axis():
    d = np.array([1.0, 1.0, 0]) / math.sqrt(2)
    r = mating_rotation(d, None, d, None)
    proper(r)
    assert np.allclose(r @ d, -d)
    # the turn's axis is x's part across d: (1, -1, 0)/sqrt 2, which it keeps
    k = np.array([1.0, -1.0, 0]) / math.sqrt(2)
    assert np.allclose(r @ k, k)


def test_no_turn_when_already_facing():
    assert np.allclose(mating_rotation((0, 0, 1), None, (0, 0, -1), None), np.eye(3))


def test_mate_makes_the_points_coincide():
    t = mate((0.02, 0, 0), (1, 0, 0), None, (0.1, 0.2, 0.3), (0, 1, 0), None)
    assert np.allclose(t.point((0.02, 0, 0)), [0.1, 0.2, 0.3])
    assert np.allclose(t.vector((1, 0, 0)), [0, -1, 0])


@given(st.tuples(*[st.floats(-math.pi, math.pi)] * 3))
@settings(max_examples=100, deadline=None)
def test_quaternions_round_trip(rpy):
    r = rpy_matrix(rpy)
    proper(r)
    q = quat_from_matrix(r)
    assert q[0] >= 0
    assert sum(c * c for c in q) == pytest.approx(1.0)
    assert np.allclose(matrix_from_quat(q), r, atol=1e-9)


def test_rpy_is_fixed_axis_roll_pitch_yaw():
    # yaw a quarter turn: x onto y
    assert np.allclose(rpy_matrix((0, 0, math.pi / 2)) @ [1, 0, 0], [0, 1, 0])
    # roll then pitch then yaw about the fixed axes: R = Rz Ry Rx
    r = rpy_matrix((0.3, 0.2, 0.1))
    assert np.allclose(r, axis_angle((0, 0, 1), 0.1) @ axis_angle((0, 1, 0), 0.2)
                       @ axis_angle((1, 0, 0), 0.3))


def test_link_transform_turns_by_hold_after_xyz_and_rpy():
    t = link_transform((0, 0, 0.02), (0, 0, 0), (0, 0, 1), 0.5)
    assert np.allclose(t.translation, [0, 0, 0.02])
    assert np.allclose(t.rotation, axis_angle((0, 0, 1), 0.5))
    composed = Transform.identity() @ t
    assert np.allclose(composed.point((1, 0, 0)), [math.cos(0.5), math.sin(0.5), 0.02])


def test_norm_is_numpys_to_the_bit():
    from mobiledsl.model.frames import norm
    rng = np.random.default_rng(11)
    vectors = [rng.normal(size=3) * 10.0 ** rng.integers(-150, 150) for _ in range(2000)]
    vectors += [np.zeros(3), [0, 3, 4], (1e-320, 0.0, 0.0), [1e308, 1e308, 0.0],
                [np.inf, 0.0, 1.0], [np.nan, 0.0, 1.0], rng.normal(size=2), [-0.0, -0.0, -0.0]]
    with np.errstate(over="ignore", invalid="ignore"):
        for v in vectors:
            theirs = float(np.linalg.norm(v))
            ours = norm(v)
            assert type(ours) is float
            assert repr(ours) == repr(theirs), v


def test_a_rotation_is_worked_out_once_per_exact_directions():
    a = mating_rotation((0, 0, 1), (1, 0, 0), (0.3, 0, -1.0), None, 0.5)
    b = mating_rotation(np.array([0, 0, 1]), [1.0, 0.0, 0.0], (0.3, 0.0, -1), None, 0.5)
    assert a is b and not a.flags.writeable
    with pytest.raises(ValueError):
        a[0, 0] = 1.0
    # the same numbers but for the sign of a zero, or another roll: worked out again
    assert mating_rotation((0, 0, 1), (1, 0, 0), (0.3, -0.0, -1.0), None, 0.5) is not a
    assert mating_rotation((0, 0, 1), (1, 0, 0), (0.3, 0, -1.0), None, 0.25) is not a


def test_a_quaternions_matrix_is_worked_out_once_and_read_only():
    q = (0.9, 0.1, -0.3, 0.2)
    n = math.sqrt(sum(c * c for c in q))
    q = tuple(c / n for c in q)
    m = matrix_from_quat(q)
    assert matrix_from_quat(np.array(q)) is m and not m.flags.writeable
    assert np.allclose(m @ m.T, np.eye(3)) and quat_from_matrix(m) == pytest.approx(q)
    other = matrix_from_quat((1.0, -0.0, 0.0, 0.0))
    assert other is not matrix_from_quat((1.0, 0.0, 0.0, 0.0))
    assert np.array_equal(other, np.eye(3))


def test_an_rpy_matrix_is_worked_out_once_and_read_only():
    from mobiledsl.model.frames import quat_from_rpy
    m = rpy_matrix((0.1, -0.2, 0.3))
    assert rpy_matrix(np.array([0.1, -0.2, 0.3])) is m and not m.flags.writeable
    assert np.allclose(m, matrix_from_quat(quat_from_rpy((0.1, -0.2, 0.3))))
    assert rpy_matrix((0.0, 0.0, -0.0)) is not rpy_matrix((0.0, 0.0, 0.0))

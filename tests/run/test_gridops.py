"""The grid operations the planner and the goal check share give scipy.ndimage's answers,
over random grids of every shape from a single cell to long thin ones, both on numpy's path
(small grids) and on scipy's (large ones)."""
from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st
from scipy.ndimage import binary_dilation, distance_transform_edt, label

from mobiledsl.run import gridops


@st.composite
def grids(draw):
    h = draw(st.integers(1, 40))
    w = draw(st.integers(1, 40))
    seed = draw(st.integers(0, 2**32 - 1))
    fill = draw(st.floats(0.0, 0.9))
    return np.random.default_rng(seed).random((h, w)) < fill


@settings(max_examples=150, deadline=None)
@given(grids())
def test_the_distance_is_scipys_exact_one(occupied):
    if not occupied.any():
        occupied[0, 0] = True
    assert np.array_equal(gridops.distance_cells(occupied), distance_transform_edt(~occupied))


@settings(max_examples=150, deadline=None)
@given(grids(), st.integers(0, 2**16))
def test_a_region_is_scipys_eight_connected_label(closed, pick):
    open_ = ~closed
    cell = divmod(pick % open_.size, open_.shape[1])
    regions, _ = label(open_, structure=np.ones((3, 3), bool))
    want = (regions == regions[cell]) if open_[cell] else np.zeros_like(open_)
    assert np.array_equal(gridops.region_of(open_, cell), want)


@settings(max_examples=100, deadline=None)
@given(grids(), st.integers(0, 6))
def test_a_mask_grows_as_scipys_dilation(mask, cells):
    want = binary_dilation(mask, iterations=cells) if cells else mask
    assert np.array_equal(gridops.grown(mask, cells), want)


@pytest.mark.parametrize("shape", [(1, 1), (1, 300), (300, 2), (97, 61)])
def test_the_ends_of_the_shapes(shape):
    occupied = np.zeros(shape, bool)
    occupied[-1, -1] = True
    assert np.array_equal(gridops.distance_cells(occupied), distance_transform_edt(~occupied))


def test_a_large_grid_takes_scipys_path_with_the_same_answer(monkeypatch):
    occupied = np.random.default_rng(3).random((60, 50)) < 0.2
    small = gridops.distance_cells(occupied)
    region = gridops.region_of(~occupied, (0, 0) if not occupied[0, 0] else (1, 1))
    monkeypatch.setattr(gridops, "_NUMPY_MOST", 0)
    assert np.array_equal(gridops.distance_cells(occupied), small)
    assert np.array_equal(gridops.region_of(~occupied, (0, 0) if not occupied[0, 0] else (1, 1)),
                          region)

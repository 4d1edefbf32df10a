"""The three operations on an occupancy grid that the planner and the compile-time goal check
share: each cell's distance to the nearest occupied one, the cells reachable from one cell,
and a mask grown by whole cells.

A compile with a world and a task asks them of a small grid, where plain numpy answers
in milliseconds without importing scipy (a quarter of a second of a compile's start-up);
a large grid goes to scipy.ndimage, which gives the same answers (the distance is exact
in both, the square root of a whole number of cells squared)."""

from __future__ import annotations

import numpy as np

# Above this many cell pairs in the distance's row pass (rows x row length squared) scipy
# is the quicker; below it numpy's broadcast does the pass in a few chunks.
_NUMPY_MOST = 60_000_000
_CHUNK = 4_000_000  # elements of one broadcast block


def _small(shape: tuple[int, ...]) -> bool:
    h, w = shape
    return h * w * min(h, w) <= _NUMPY_MOST


def distance_cells(occupied: np.ndarray) -> np.ndarray:
    """Each cell's Euclidean distance, in cells, to the nearest occupied cell (0 on one);
    as ``scipy.ndimage.distance_transform_edt(~occupied)``. ``occupied`` holds at least
    one True."""
    if not _small(occupied.shape):
        from scipy.ndimage import distance_transform_edt

        return distance_transform_edt(~occupied)
    flip = occupied.shape[1] > occupied.shape[0]  # the row pass over the shorter rows
    occ = occupied.T if flip else occupied
    g2 = _column_distance(occ) ** 2
    d2 = _row_pass(g2)
    out = np.sqrt(d2)
    return out.T if flip else out


def _column_distance(occ: np.ndarray) -> np.ndarray:
    """Down each column, the distance to the nearest occupied cell of that column (inf
    where the column has none)."""
    h = occ.shape[0]
    idx = np.arange(h, dtype=float)[:, None]
    above = np.where(occ, idx, -np.inf)
    np.maximum.accumulate(above, axis=0, out=above)
    below = np.where(occ, idx, np.inf)[::-1]
    np.minimum.accumulate(below, axis=0, out=below)
    below = below[::-1]
    return np.minimum(idx - above, below - idx)


def _row_pass(g2: np.ndarray) -> np.ndarray:
    """Along each row, min over k of (j - k)^2 + g2[i, k]: the exact squared distance."""
    h, w = g2.shape
    k = np.arange(w, dtype=float)
    offsets = (k[:, None] - k[None, :]) ** 2  # [j, k]
    rows = max(1, _CHUNK // (w * w))
    out = np.empty_like(g2)
    for i in range(0, h, rows):
        block = g2[i : i + rows]
        out[i : i + rows] = np.min(block[:, None, :] + offsets[None, :, :], axis=2)
    return out


def region_of(open_: np.ndarray, cell: tuple[int, int]) -> np.ndarray:
    """The open cells joined to ``cell`` through open cells, a step to any of the eight
    neighbours (as the planner moves); empty when ``cell`` is not open."""
    if not open_[cell]:
        return np.zeros_like(open_, dtype=bool)
    if not _small(open_.shape):
        from scipy.ndimage import label

        regions, _ = label(open_, structure=np.ones((3, 3), bool))
        return regions == regions[cell]
    # grown one step to the eight neighbours at a time, kept to the open cells, until it
    # stops growing: whole-grid steps, far fewer than the cells a cell-by-cell search visits
    region = np.zeros_like(open_, dtype=bool)
    region[cell] = True
    while True:
        step = region.copy()
        step[1:] |= region[:-1]
        step[:-1] |= region[1:]
        step[:, 1:] |= step[:, :-1].copy()
        step[:, :-1] |= step[:, 1:].copy()
        step &= open_
        if np.array_equal(step, region):
            return region
        region = step


def grown(mask: np.ndarray, cells: int) -> np.ndarray:
    """``mask`` grown by ``cells`` steps to the four side neighbours, as
    ``scipy.ndimage.binary_dilation(mask, iterations=cells)``."""
    out = mask.copy()
    for _ in range(cells):
        step = out.copy()
        step[1:] |= out[:-1]
        step[:-1] |= out[1:]
        step[:, 1:] |= out[:, :-1]
        step[:, :-1] |= out[:, 1:]
        if np.array_equal(step, out):
            break
        out = step
    return out

"""Placing texts on a drawing so that none overprints another: a greedy placement. Each text
tries candidate places in rings around the point it names (the point itself first) and keeps
the first whose box is free; a text moved off its point gets a leader line back to it.

Boxes are estimated as the drawings' tests estimate them: a character is 0.6 of the font size
wide, a line is the font size high (0.8 above the baseline, 0.2 below). Placed boxes are filed
in a grid of cells, so a drawing of a thousand names looks only at its neighbours.
"""

from __future__ import annotations

import math

#: a character's width, as a share of the font size (sans-serif, a little generous)
CHAR_W = 0.6
#: rings of candidates tried around the point (beyond these, the text stays on the last one)
RINGS = 40
#: the directions tried on each ring, right and left first, then above and below
DIRECTIONS = (
    0,
    180,
    90,
    270,
    45,
    135,
    315,
    225,
    22.5,
    157.5,
    337.5,
    202.5,
    67.5,
    112.5,
    292.5,
    247.5,
)


def text_width(text: str, font: float) -> float:
    return CHAR_W * font * len(text)


def text_box(x: float, baseline: float, text: str, font: float, anchor: str = "start"):
    """The (lo_x, lo_y, hi_x, hi_y) box of a text written at ``x`` and ``baseline``, in the
    drawing's y-up coordinates."""
    w = text_width(text, font)
    lo = {"start": x, "middle": x - w / 2, "end": x - w}[anchor]
    return (lo, baseline - 0.2 * font, lo + w, baseline + 0.8 * font)


def overlaps(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


class Placer:
    """Boxes taken so far, and where the next text goes. ``bounds``: the (lo_x, lo_y, hi_x,
    hi_y) a text must stay within (a legend beside it, say), when it can."""

    def __init__(self, cell: float, bounds=None, gap: float = 0.0):
        self.cell = max(cell, 1e-9)
        self.bounds = bounds
        self.gap = gap  # kept clear around each text, beyond its box
        self.cells: dict[tuple[int, int], list[tuple]] = {}

    def _keys(self, box):
        c = self.cell
        for i in range(math.floor(box[0] / c), math.floor(box[2] / c) + 1):
            for j in range(math.floor(box[1] / c), math.floor(box[3] / c) + 1):
                yield i, j

    def take(self, box) -> None:
        """A box no text may overprint (a mark, a text placed by other means)."""
        box = tuple(box)
        for key in self._keys(box):
            self.cells.setdefault(key, []).append(box)

    def free(self, box) -> bool:
        g = self.gap
        grown = (box[0] - g, box[1] - g, box[2] + g, box[3] + g)
        b = self.bounds
        if b is not None and (box[0] < b[0] or box[1] < b[1] or box[2] > b[2] or box[3] > b[3]):
            return False
        return not any(
            overlaps(grown, other) for key in self._keys(grown) for other in self.cells.get(key, ())
        )

    def place(self, x: float, y: float, text: str, font: float, step: float | None = None):
        """Where a text naming the point (x, y) goes: (centre x, baseline y, moved). The text
        is written with ``text-anchor="middle"``; ``moved`` says it left its point (draw a
        leader line to the point)."""
        w, h = text_width(text, font), font
        step = font * 1.1 if step is None else step
        first: tuple[float, float, tuple[float, float, float, float]] | None = None
        for ring in range(RINGS + 1):
            for k, deg in enumerate(DIRECTIONS if ring else (0,)):
                if ring and ring < 3 and k >= 8:
                    continue  # the near rings: eight directions do
                a = math.radians(deg)
                # a ring's distance clears the text's own half-size in that direction
                cx = x + math.cos(a) * (ring * step + (w / 2 + font * 0.3) * (ring > 0))
                cy = y + math.sin(a) * (ring * step + (h / 2 + font * 0.2) * (ring > 0))
                box = (cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
                if first is None:
                    first = (cx, cy, box)
                if self.free(box):
                    self.take(box)
                    return cx, cy - 0.3 * font, ring > 0
        assert first is not None  # ring 0 always tries the point itself
        cx, cy, box = first
        self.take(box)
        return cx, cy - 0.3 * font, False

"""Reading the texts of a drawing as a person sees them: each text's box, estimated from its
font size and its characters (0.6 of the font a character, the font high), in the SVG's
own coordinates, so that tests can say no two labels overprint one another."""
from __future__ import annotations

import xml.etree.ElementTree as ET

SVG = "{http://www.w3.org/2000/svg}"


def _font(el, parents) -> float:
    while el is not None:
        if el.get("font-size"):
            return float(el.get("font-size"))
        el = parents.get(el)
    return 16.0


def _anchor(el, parents) -> str:
    while el is not None:
        if el.get("text-anchor"):
            return el.get("text-anchor")
        el = parents.get(el)
    return "start"


def text_boxes(svg: bytes | str) -> list[tuple[str, tuple[float, float, float, float]]]:
    """(text, (x0, y0, x1, y1)) of every text (SVG coordinates: y grows downward)."""
    root = ET.fromstring(svg.encode() if isinstance(svg, str) else svg)
    parents = {c: p for p in root.iter() for c in p}
    out = []
    for t in root.iter(SVG + "text"):
        text = "".join(t.itertext())
        if not text.strip():
            continue
        font = _font(t, parents)
        w = 0.6 * font * len(text)
        x, y = float(t.get("x")), float(t.get("y"))
        lo = {"start": x, "middle": x - w / 2, "end": x - w}[_anchor(t, parents)]
        out.append((text, (lo, y - 0.8 * font, lo + w, y + 0.2 * font)))
    return out


def overlapping(svg) -> list[tuple[str, str]]:
    """Pairs of texts whose boxes overlap (by more than a hair)."""
    boxes = text_boxes(svg)
    pairs = []
    for i, (ta, a) in enumerate(boxes):
        eps = 1e-6 * max(abs(a[2] - a[0]), 1.0)
        for tb, b in boxes[i + 1:]:
            if a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps:
                pairs.append((ta, tb))
    return pairs

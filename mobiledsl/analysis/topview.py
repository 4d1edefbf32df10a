"""The robot seen from above, as SVG: each part's outline, the wheels and tracks, the footprint,
the support polygon, the centre of mass, every finding at its place with its code, a legend.

Drawn in millimetres of base_footprint, x to the right and y up (the SVG's y is flipped).
Numbers are written with two decimals, so the same analysis gives the same bytes.
"""
from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from .model import Analysis

STYLE = {
    "shape": ("#cfd8e3", "#44546a"),
    "link": ("#e3d7ef", "#6a4c8c"),
    "wheel": ("#3b3b3b", "#111111"),
    "caster": ("#7a7a7a", "#333333"),
    "track": ("#5b5b4b", "#222211"),
    "contact": ("#b0a080", "#5a4a2a"),
}
LEGEND = (
    ("shape", "part (collision shape)"),
    ("link", "link (at its servo's hold)"),
    ("wheel", "wheel (its cylinder)"),
    ("caster", "caster (its sphere)"),
    ("track", "track (belt box)"),
    ("contact", "ground contact"),
)
SEVERITY_COLOUR = {"error": "#d62728", "warning": "#ff7f0e", "note": "#1f77b4"}


def _f(v: float) -> str:
    s = f"{v:.2f}"
    return "0.00" if s == "-0.00" else s


def _pt(x: float, y: float) -> str:
    return f"{_f(x * 1000)},{_f(-y * 1000)}"


def _points(poly) -> str:
    return " ".join(_pt(x, y) for x, y in poly)


def topview(a: Analysis) -> bytes:
    xs, ys = [0.0], [0.0]
    for o in a.outlines:
        for x, y in o.polygon:
            xs.append(x)
            ys.append(y)
    for x, y in tuple(a.footprint) + tuple(a.support_polygon):
        xs.append(x)
        ys.append(y)
    if a.com_ground is not None:
        xs.append(a.com_ground[0])
        ys.append(a.com_ground[1])
    for f in a.findings:
        if f.at is not None:
            xs.append(f.at[0])
            ys.append(f.at[1])
    lo_x, hi_x, lo_y, hi_y = min(xs), max(xs), min(ys), max(ys)
    size = max(hi_x - lo_x, hi_y - lo_y, 0.05)
    pad = 0.12 * size
    unit = size / 60                    # text and marker scale, in metres
    legend_w = 34 * unit
    x0, x1 = lo_x - pad, hi_x + pad + legend_w
    y0, y1 = lo_y - pad, hi_y + pad
    unplaced = [f for f in a.findings if f.at is None]
    extra = (len(LEGEND) + 6 + len(unplaced)) * 2.2 * unit - (y1 - y0)
    if extra > 0:
        y0 -= extra
    vb_w, vb_h = (x1 - x0) * 1000, (y1 - y0) * 1000
    px_w = 900
    px_h = max(200, round(px_w * vb_h / vb_w))
    stroke = _f(unit * 1000 * 0.12)
    font = _f(unit * 1000 * 1.2)

    out: list[str] = []
    w = out.append
    w('<?xml version="1.0" encoding="UTF-8"?>')
    w(f'<svg xmlns="http://www.w3.org/2000/svg" width="{px_w}" height="{px_h}" '
      f'viewBox="{_f(x0 * 1000)} {_f(-y1 * 1000)} {_f(vb_w)} {_f(vb_h)}" '
      f'font-family="sans-serif" font-size="{font}">')
    w(f"<title>{escape(a.robot)} seen from above</title>")
    w(f'<rect id="background" x="{_f(x0 * 1000)}" y="{_f(-y1 * 1000)}" width="{_f(vb_w)}" '
      f'height="{_f(vb_h)}" fill="#ffffff"/>')

    w(f'<g id="footprint" fill="none" stroke="#2c7fb8" stroke-width="{stroke}" '
      f'stroke-dasharray="{_f(unit * 1000)} {_f(unit * 500)}">')
    if len(a.footprint) >= 2:
        w(f'<polygon class="footprint" points="{_points(a.footprint)}"/>')
    w("</g>")

    w(f'<g id="parts" stroke-width="{stroke}" fill-opacity="0.8">')
    for o in a.outlines:
        fill, line = STYLE.get(o.kind, STYLE["shape"])
        if len(o.polygon) < 2:
            continue
        w(f'<polygon class="{o.kind}" data-component={quoteattr(o.component)} '
          f'points="{_points(o.polygon)}" fill="{fill}" stroke="{line}">'
          f"<title>{escape(o.label)} ({o.kind})</title></polygon>")
    w("</g>")

    w(f'<g id="support" fill="#2ca02c" fill-opacity="0.15" stroke="#2ca02c" '
      f'stroke-width="{stroke}">')
    if len(a.support_polygon) >= 3:
        w(f'<polygon class="support" points="{_points(a.support_polygon)}"/>')
    elif len(a.support_polygon) == 2:
        w(f'<polyline class="support" points="{_points(a.support_polygon)}" fill="none"/>')
    w("</g>")

    # base_footprint's axes
    r = unit * 3
    w(f'<g id="frame" stroke-width="{stroke}">'
      f'<line x1="0.00" y1="0.00" x2="{_f(r * 1000)}" y2="0.00" stroke="#d62728"/>'
      f'<line x1="0.00" y1="0.00" x2="0.00" y2="{_f(-r * 1000)}" stroke="#2ca02c"/>'
      f"</g>")

    if a.com_ground is not None:
        cx, cy = a.com_ground
        r = unit * 1.2
        margin = "" if a.com_margin_m is None else f", margin {a.com_margin_m * 1000:.1f} mm"
        w(f'<g id="com"><title>centre of mass{escape(margin)}</title>'
          f'<circle cx="{_f(cx * 1000)}" cy="{_f(-cy * 1000)}" r="{_f(r * 1000)}" '
          f'fill="#ffffff" stroke="#000000" stroke-width="{stroke}"/>'
          f'<path d="M {_pt(cx - r, cy)} L {_pt(cx + r, cy)} M {_pt(cx, cy - r)} '
          f'L {_pt(cx, cy + r)}" stroke="#000000" stroke-width="{stroke}"/></g>')

    w('<g id="findings">')
    placed: list[tuple[float, float]] = []
    for f in a.findings:
        if f.at is None:
            continue
        # findings near one another stack their codes downward
        k = sum(1 for p in placed if abs(p[0] - f.at[0]) < unit * 25 and abs(p[1] - f.at[1]) < unit * 2)
        placed.append(f.at)
        colour = SEVERITY_COLOUR.get(f.severity, "#1f77b4")
        fx, fy = f.at
        w(f'<g class="finding {f.severity}" data-code={quoteattr(f.code)}>'
          f"<title>{escape(f.message)}</title>"
          f'<circle cx="{_f(fx * 1000)}" cy="{_f(-fy * 1000)}" r="{_f(unit * 800)}" '
          f'fill="{colour}" fill-opacity="0.85"/>'
          f'<text x="{_f((fx + unit * 1.2) * 1000)}" y="{_f(-(fy - unit * 2 * k) * 1000)}" '
          f'fill="{colour}" stroke="#ffffff" stroke-width="{stroke}" paint-order="stroke">'
          f"{escape(f.code)}</text></g>")
    w("</g>")

    # legend, to the right of the drawing
    lx = hi_x + pad
    ly = hi_y + pad - unit * 2.5
    step = unit * 2.2
    box = unit * 1.4
    w('<g id="legend">')
    w(f'<text x="{_f(lx * 1000)}" y="{_f(-ly * 1000)}" font-weight="bold">'
      f"{escape(a.robot)}: {a.mass:.3f} kg</text>")
    ly -= step
    for kind, text in LEGEND:
        fill, line = STYLE[kind]
        w(f'<rect x="{_f(lx * 1000)}" y="{_f(-(ly + box * 0.8) * 1000)}" width="{_f(box * 1000)}" '
          f'height="{_f(box * 1000)}" fill="{fill}" stroke="{line}" stroke-width="{stroke}"/>'
          f'<text x="{_f((lx + box * 1.5) * 1000)}" y="{_f(-ly * 1000)}">{escape(text)}</text>')
        ly -= step
    for colour, text, dash in (("#2c7fb8", "footprint", True), ("#2ca02c", "support polygon", False)):
        w(f'<line x1="{_f(lx * 1000)}" y1="{_f(-(ly + box * 0.3) * 1000)}" '
          f'x2="{_f((lx + box) * 1000)}" y2="{_f(-(ly + box * 0.3) * 1000)}" stroke="{colour}" '
          f'stroke-width="{stroke}"' + (f' stroke-dasharray="{_f(unit * 500)}"' if dash else "")
          + f'/><text x="{_f((lx + box * 1.5) * 1000)}" y="{_f(-ly * 1000)}">{text}</text>')
        ly -= step
    margin = "undecided" if a.com_margin_m is None else f"margin {a.com_margin_m * 1000:.1f} mm"
    w(f'<circle cx="{_f((lx + box / 2) * 1000)}" cy="{_f(-(ly + box * 0.3) * 1000)}" '
      f'r="{_f(box * 400)}" fill="#ffffff" stroke="#000000" stroke-width="{stroke}"/>'
      f'<text x="{_f((lx + box * 1.5) * 1000)}" y="{_f(-ly * 1000)}">centre of mass '
      f"({escape(margin)})</text>")
    ly -= step
    for sev in ("error", "warning"):
        w(f'<circle cx="{_f((lx + box / 2) * 1000)}" cy="{_f(-(ly + box * 0.3) * 1000)}" '
          f'r="{_f(box * 400)}" fill="{SEVERITY_COLOUR[sev]}"/>'
          f'<text x="{_f((lx + box * 1.5) * 1000)}" y="{_f(-ly * 1000)}">{sev}, with its code</text>')
        ly -= step
    for f in unplaced:
        w(f'<text class="finding {f.severity}" data-code={quoteattr(f.code)} '
          f'x="{_f(lx * 1000)}" y="{_f(-ly * 1000)}" fill="{SEVERITY_COLOUR.get(f.severity, "#000")}">'
          f"<title>{escape(f.message)}</title>{escape(f.code)}</text>")
        ly -= step
    w("</g>")
    w("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8")

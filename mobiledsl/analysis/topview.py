"""The robot seen from above, as SVG: each part's outline with its name, the wheels and tracks,
the footprint, the support polygon, the centre of mass, every finding at its place with its
code, a scale bar, and a legend of what is drawn. With a world, the obstacles, surfaces and
markers within ``NEAR`` of the robot are drawn around it (cut at that window), and the others
are listed with their distance.

Drawn in millimetres of base_footprint, x to the right and y up (the SVG's y is flipped).
Numbers are written with two decimals, so the same analysis gives the same bytes.
"""

from __future__ import annotations

import math

from ..recordtype import record
from ..xmlquote import escape, quoteattr
from .labels import Placer, text_box, text_width
from .model import Analysis, Outline

STYLE = {
    "shape": ("#cfd8e3", "#44546a"),
    "link": ("#e3d7ef", "#6a4c8c"),
    "wheel": ("#3b3b3b", "#111111"),
    "caster": ("#7a7a7a", "#333333"),
    "track": ("#5b5b4b", "#222211"),
    "contact": ("#b0a080", "#5a4a2a"),
    "obstacle": ("#f1dcc0", "#8a5a2b"),
    "surface": ("#e6efd8", "#5b7a3a"),
    "marker": ("none", "#1f77b4"),
}
LEGEND = (
    ("shape", "part (collision shape)"),
    ("link", "link (at its servo's hold)"),
    ("wheel", "wheel (its cylinder)"),
    ("caster", "caster (its sphere)"),
    ("track", "track (belt box)"),
    ("contact", "ground contact"),
    ("obstacle", "obstacle of the world"),
    ("surface", "support surface of the world"),
    ("marker", "marker of the world"),
)
WORLD_KINDS = frozenset({"obstacle", "surface", "marker"})
SEVERITY_COLOUR = {"error": "#d62728", "warning": "#ff7f0e", "note": "#1f77b4"}
#: how far around the robot the world is drawn, in metres
NEAR = 0.5


def svg_head(
    title: str, x0: float, y1: float, vb_w: float, vb_h: float, px_w: int, px_h: int, font: str
) -> list[str]:
    """The opening lines of a drawing seen from above: the SVG element (metres drawn as
    millimetres, y up), its title and a white background."""
    box = f"{_f(x0 * 1000)} {_f(-y1 * 1000)} {_f(vb_w)} {_f(vb_h)}"
    x, y = _f(x0 * 1000), _f(-y1 * 1000)
    return [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{px_w}" height="{px_h}" '
        f'viewBox="{box}" font-family="sans-serif" font-size="{font}">',
        f"<title>{escape(title)}</title>",
        f'<rect id="background" x="{x}" y="{y}" width="{_f(vb_w)}" height="{_f(vb_h)}" '
        'fill="#ffffff"/>',
    ]


def _f(v: float) -> str:
    s = f"{v:.2f}"
    return "0.00" if s == "-0.00" else s


def _pt(x: float, y: float) -> str:
    return f"{_f(x * 1000)},{_f(-y * 1000)}"


def _points(poly) -> str:
    return " ".join(_pt(x, y) for x, y in poly)


@record
class Box:
    lo_x: float
    lo_y: float
    hi_x: float
    hi_y: float

    @staticmethod
    def around(points) -> Box:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return Box(min(xs), min(ys), max(xs), max(ys))

    def grown(self, d: float) -> Box:
        return Box(self.lo_x - d, self.lo_y - d, self.hi_x + d, self.hi_y + d)

    def union(self, other: Box) -> Box:
        return Box(
            min(self.lo_x, other.lo_x),
            min(self.lo_y, other.lo_y),
            max(self.hi_x, other.hi_x),
            max(self.hi_y, other.hi_y),
        )

    def distance(self, other: Box) -> float:
        dx = max(other.lo_x - self.hi_x, self.lo_x - other.hi_x, 0.0)
        dy = max(other.lo_y - self.hi_y, self.lo_y - other.hi_y, 0.0)
        return math.hypot(dx, dy)


def robot_points(a: Analysis) -> list[tuple[float, float]]:
    """Everything of the robot the view must hold: outlines, polygons, the centre of mass,
    the findings' places, and base_footprint's origin."""
    pts = [(0.0, 0.0)]
    pts += [p for o in a.outlines for p in o.polygon]
    pts += list(a.footprint) + list(a.support_polygon)
    if a.com_ground is not None:
        x, y = a.com_ground
        pts.append((x, y))
    pts += [f.at for f in a.findings if f.at is not None]
    return pts


def clip(poly, box: Box) -> list[tuple[float, float]]:
    """The part of a convex polygon inside the box (Sutherland-Hodgman, edge by edge)."""
    pts = [tuple(p) for p in poly]
    for axis, bound, keep_above in (
        (0, box.lo_x, True),
        (0, box.hi_x, False),
        (1, box.lo_y, True),
        (1, box.hi_y, False),
    ):

        def inside(p, axis=axis, bound=bound, keep_above=keep_above):
            return p[axis] >= bound if keep_above else p[axis] <= bound

        out = []
        for i, p in enumerate(pts):
            q = pts[i - 1]
            if inside(p) != inside(q):
                t = (bound - q[axis]) / (p[axis] - q[axis])
                out.append((q[0] + t * (p[0] - q[0]), q[1] + t * (p[1] - q[1])))
            if inside(p):
                out.append(p)
        pts = out
        if not pts:
            break
    return pts


def split_world(a: Analysis, robot: Box) -> tuple[list[Outline], list[tuple[str, str, float]]]:
    """(the world's outlines within NEAR of the robot, cut at that window, and (name, kind,
    distance in metres) of each entity none of whose outlines reaches into it)."""
    window = robot.grown(NEAR)
    near = []
    for o in a.surroundings:
        cut = clip(o.polygon, window) if len(o.polygon) >= 2 else []
        if len(cut) >= 2:
            near.append(Outline(o.component, o.kind, o.label, tuple(cut)))
    drawn = {o.component for o in near}
    far: dict[str, tuple[str, float]] = {}
    for o in a.surroundings:
        if o.component in drawn or len(o.polygon) < 1:
            continue
        d = robot.distance(Box.around(o.polygon))
        if o.component not in far or d < far[o.component][1]:
            far[o.component] = (o.kind, d)
    return near, [(n, k, d) for n, (k, d) in far.items()]


def nice_length(span: float) -> float:
    """A round length (1, 2 or 5 times a power of ten) near a quarter of ``span``."""
    target = max(span, 1e-6) / 4
    power = 10 ** math.floor(math.log10(target))
    return max(m * power for m in (1, 2, 5) if m * power <= target)


def _length_text(metres: float) -> str:
    if metres >= 1:
        return f"{metres:g} m"
    return f"{metres * 1000:g} mm"


def _centroid(poly) -> tuple[float, float]:
    """The centre of a polygon's area (its mean point when it has none)."""
    area = cx = cy = 0.0
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        cross = x0 * y1 - x1 * y0
        area += cross
        cx += (x0 + x1) * cross
        cy += (y0 + y1) * cross
    if abs(area) < 1e-12:
        return (sum(p[0] for p in poly) / n, sum(p[1] for p in poly) / n)
    return cx / (3 * area), cy / (3 * area)


def _area(poly) -> float:
    n = len(poly)
    return (
        abs(
            sum(
                poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
                for i in range(n)
            )
        )
        / 2
    )


def name_places(outlines: list[Outline]) -> list[tuple[str, tuple[float, float]]]:
    """Where each component's (or entity's) name goes: the centre of its largest outline."""
    best: dict[str, Outline] = {}
    for o in outlines:
        if len(o.polygon) >= 3 and (
            o.component not in best or _area(o.polygon) > _area(best[o.component].polygon)
        ):
            best[o.component] = o
    return [(name, _centroid(o.polygon)) for name, o in best.items()]


def topview(a: Analysis) -> bytes:
    robot = Box.around(robot_points(a))
    window = robot.grown(NEAR)
    near, far = split_world(a, robot)
    drawing = robot
    for o in near:
        drawing = drawing.union(Box.around(o.polygon))
    size = max(drawing.hi_x - drawing.lo_x, drawing.hi_y - drawing.lo_y, 0.05)
    pad = 0.12 * size
    unit = size / 60  # text and marker scale, in metres
    # the frame: the drawing with a margin, but never past the window the world is cut at,
    # so an entity cut there reaches the frame's edge
    grown = drawing.grown(pad * 0.6)
    frame = Box(
        max(grown.lo_x, window.lo_x),
        max(grown.lo_y, window.lo_y),
        min(grown.hi_x, window.hi_x),
        min(grown.hi_y, window.hi_y),
    )
    legend_w = 34 * unit
    x0, x1 = frame.lo_x - unit * 6, frame.hi_x + unit * 2 + legend_w
    y0, y1 = frame.lo_y - unit * 8, frame.hi_y + unit * 3  # axes, scale bar, y's title
    unplaced = [f for f in a.findings if f.at is None]
    kinds = [k for k, _ in LEGEND if any(o.kind == k for o in (*a.outlines, *near))]
    rows = len(kinds) + 6 + len(unplaced) + (len(far) + 1 if far else 0)
    extra = rows * 2.2 * unit - (y1 - y0)
    if extra > 0:
        y0 -= extra
    vb_w, vb_h = (x1 - x0) * 1000, (y1 - y0) * 1000
    px_w = 900
    px_h = max(200, round(px_w * vb_h / vb_w))
    stroke = _f(unit * 1000 * 0.12)
    font = _f(unit * 1000 * 1.2)

    out = svg_head(f"{a.robot} seen from above", x0, y1, vb_w, vb_h, px_w, px_h, font)
    w = out.append
    _grid_and_border(w, frame, unit, stroke)
    if near:
        _world(w, near, window, stroke, unit)
    _robot(w, a, stroke, unit)
    placer = Placer(unit * 4, (frame.lo_x, frame.lo_y, frame.hi_x, frame.hi_y), gap=unit * 0.15)
    if a.com_ground is not None:
        cx, cy = a.com_ground
        placer.take((cx - unit * 1.2, cy - unit * 1.2, cx + unit * 1.2, cy + unit * 1.2))
    for f in a.findings:
        if f.at is not None:
            fx, fy = f.at
            placer.take((fx - unit * 0.8, fy - unit * 0.8, fx + unit * 0.8, fy + unit * 0.8))
    leaders: list[str] = []
    _forward(w, a, robot, unit, stroke, placer, leaders)
    _findings(w, a, unit, stroke, placer, leaders)
    _names(w, a, near, unit, stroke, placer, leaders)
    if leaders:
        w(
            f'<g id="leaders" stroke="#555555" stroke-width="{_f(unit * 1000 * 0.06)}" '
            f'fill="none">' + "".join(leaders) + "</g>"
        )
    _axes(w, frame, unit, stroke)
    _scale_bar(w, frame, unit, stroke)
    _legend(
        w, a, kinds, unplaced, far, frame.hi_x + unit * 2, frame.hi_y - unit * 1.5, unit, stroke
    )
    w("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8")


def leader(x: float, y: float, cx: float, baseline: float, text: str, font: float) -> str:
    """A thin line from the point a moved text names to the nearest point of its box."""
    lo_x, lo_y, hi_x, hi_y = text_box(cx, baseline, text, font, "middle")
    nx, ny = min(max(x, lo_x), hi_x), min(max(y, lo_y), hi_y)
    return (
        f'<line x1="{_f(x * 1000)}" y1="{_f(-y * 1000)}" x2="{_f(nx * 1000)}" '
        f'y2="{_f(-ny * 1000)}"/>'
    )


def _grid_and_border(w, frame: Box, unit: float, stroke: str) -> None:
    """Faint lines at the axes' ticks, and the frame's border (where the world is cut)."""
    step = nice_length(max(frame.hi_x - frame.lo_x, frame.hi_y - frame.lo_y))
    w(f'<g id="grid" stroke="#e4e4e4" stroke-width="{_f(unit * 1000 * 0.06)}">')
    for v in _ticks(frame.lo_x, frame.hi_x, step):
        w(
            f'<line class="grid-x" x1="{_f(v * 1000)}" y1="{_f(-frame.lo_y * 1000)}" '
            f'x2="{_f(v * 1000)}" y2="{_f(-frame.hi_y * 1000)}"/>'
        )
    for v in _ticks(frame.lo_y, frame.hi_y, step):
        w(
            f'<line class="grid-y" x1="{_f(frame.lo_x * 1000)}" y1="{_f(-v * 1000)}" '
            f'x2="{_f(frame.hi_x * 1000)}" y2="{_f(-v * 1000)}"/>'
        )
    w("</g>")
    w(
        f'<rect id="border" x="{_f(frame.lo_x * 1000)}" y="{_f(-frame.hi_y * 1000)}" '
        f'width="{_f((frame.hi_x - frame.lo_x) * 1000)}" '
        f'height="{_f((frame.hi_y - frame.lo_y) * 1000)}" fill="none" stroke="#444444" '
        f'stroke-width="{stroke}"/>'
    )


def _ticks(lo: float, hi: float, step: float) -> list[float]:
    first = math.ceil(lo / step - 1e-9)
    return [k * step for k in range(first, math.floor(hi / step + 1e-9) + 1)]


def _tick_text(v: float, step: float) -> str:
    digits = max(0, -math.floor(math.log10(step) + 1e-9))
    return f"{v:.{digits}f}" if abs(v) > 1e-12 else "0"


def _axes(w, frame: Box, unit: float, stroke: str) -> None:
    """x (forward) along the frame's lower edge and y (left) along its left edge, ticked in
    metres of base_footprint, with their titles."""
    step = nice_length(max(frame.hi_x - frame.lo_x, frame.hi_y - frame.lo_y))
    tick, small = unit * 0.8, unit * 1.0
    w(
        f'<g id="axes" stroke="#000000" stroke-width="{stroke}" font-size="{_f(small * 1000)}" '
        f'data-step-m="{step:g}">'
    )
    for v in _ticks(frame.lo_x, frame.hi_x, step):
        w(
            f'<line class="tick-x" x1="{_f(v * 1000)}" y1="{_f(-frame.lo_y * 1000)}" '
            f'x2="{_f(v * 1000)}" y2="{_f(-(frame.lo_y - tick) * 1000)}"/>'
            f'<text class="tick-x" x="{_f(v * 1000)}" '
            f'y="{_f(-(frame.lo_y - tick - small) * 1000)}" text-anchor="middle" stroke="none">'
            f"{_tick_text(v, step)}</text>"
        )
    for v in _ticks(frame.lo_y, frame.hi_y, step):
        w(
            f'<line class="tick-y" x1="{_f(frame.lo_x * 1000)}" y1="{_f(-v * 1000)}" '
            f'x2="{_f((frame.lo_x - tick) * 1000)}" y2="{_f(-v * 1000)}"/>'
            f'<text class="tick-y" x="{_f((frame.lo_x - tick * 1.5) * 1000)}" '
            f'y="{_f(-(v - small * 0.3) * 1000)}" text-anchor="end" stroke="none">'
            f"{_tick_text(v, step)}</text>"
        )
    w(
        f'<text class="axis-title" id="x-title" x="{_f(frame.hi_x * 1000)}" '
        f'y="{_f(-(frame.lo_y - tick - small * 2.4) * 1000)}" text-anchor="end" stroke="none">'
        f"x, forward (m) \u2192</text>"
    )
    w(
        f'<text class="axis-title" id="y-title" x="{_f(frame.lo_x * 1000)}" '
        f'y="{_f(-(frame.hi_y + small * 0.6) * 1000)}" stroke="none">'
        f"\u2191 y, left (m)</text>"
    )
    w("</g>")


def _forward(w, a: Analysis, robot: Box, unit: float, stroke: str, placer, leaders) -> None:
    """An arrow from base_footprint's origin along x: which way the robot faces."""
    length = max(unit * 6, 0.5 * max(robot.hi_x, unit))
    shaft, head = unit * 0.35, min(unit * 2.2, length * 0.5)
    pts = [
        (0.0, shaft),
        (length - head, shaft),
        (length - head, head * 0.55),
        (length, 0.0),
        (length - head, -head * 0.55),
        (length - head, -shaft),
        (0.0, -shaft),
    ]
    w(
        f'<g id="forward"><title>forward: base_footprint\'s x</title>'
        f'<polygon points="{_points(pts)}" fill="#d62728" fill-opacity="0.75" '
        f'stroke="#7f1010" stroke-width="{stroke}"/></g>'
    )
    small = unit * 1.0
    placer.take((0.0, -head * 0.55, length, head * 0.55))
    cx, base, moved = placer.place(
        length + unit * 0.5 + text_width("forward", small) / 2, 0.0, "forward", small
    )
    if moved:
        leaders.append(leader(length, 0.0, cx, base, "forward", small))
    w(
        f'<text id="forward-label" x="{_f(cx * 1000)}" y="{_f(-base * 1000)}" '
        f'font-size="{_f(small * 1000)}" text-anchor="middle" fill="#7f1010" stroke="#ffffff" '
        f'stroke-width="{stroke}" paint-order="stroke">forward</text>'
    )


def _polygon(o: Outline, stroke: str, extra: str = "") -> str:
    fill, line = STYLE.get(o.kind, STYLE["shape"])
    return (
        f'<polygon class="{o.kind}" data-component={quoteattr(o.component)} '
        f'points="{_points(o.polygon)}" fill="{fill}" stroke="{line}"{extra}>'
        f"<title>{escape(o.label)} ({o.kind})</title></polygon>"
    )


def _world(w, near: list[Outline], window: Box, stroke: str, unit: float) -> None:
    """The world's entities near the robot, already cut at the window; one cut there is
    marked ``clipped`` and reaches the frame's edge."""
    w(f'<g id="world" stroke-width="{stroke}" fill-opacity="0.8">')
    dash = f' stroke-dasharray="{_f(unit * 600)} {_f(unit * 300)}"'
    eps = 1e-9
    for o in near:
        cut = any(
            x <= window.lo_x + eps
            or x >= window.hi_x - eps
            or y <= window.lo_y + eps
            or y >= window.hi_y - eps
            for x, y in o.polygon
        )
        extra = (dash if o.kind == "marker" else "") + (' data-clipped="true"' if cut else "")
        w(_polygon(o, stroke, extra))
    w("</g>")


def _robot(w, a: Analysis, stroke: str, unit: float) -> None:
    w(
        f'<g id="footprint" fill="none" stroke="#2c7fb8" stroke-width="{stroke}" '
        f'stroke-dasharray="{_f(unit * 1000)} {_f(unit * 500)}">'
    )
    if len(a.footprint) >= 2:
        w(f'<polygon class="footprint" points="{_points(a.footprint)}"/>')
    w("</g>")

    w(f'<g id="parts" stroke-width="{stroke}" fill-opacity="0.8">')
    for o in a.outlines:
        if len(o.polygon) >= 2:
            w(_polygon(o, stroke))
    w("</g>")

    w(
        f'<g id="support" fill="#2ca02c" fill-opacity="0.15" stroke="#2ca02c" '
        f'stroke-width="{stroke}">'
    )
    if len(a.support_polygon) >= 3:
        w(f'<polygon class="support" points="{_points(a.support_polygon)}"/>')
    elif len(a.support_polygon) == 2:
        w(f'<polyline class="support" points="{_points(a.support_polygon)}" fill="none"/>')
    w("</g>")

    if a.com_ground is not None:
        cx, cy = a.com_ground
        r = unit * 1.2
        margin = "" if a.com_margin_m is None else f", margin {a.com_margin_m * 1000:.1f} mm"
        w(
            f'<g id="com"><title>centre of mass{escape(margin)}</title>'
            f'<circle cx="{_f(cx * 1000)}" cy="{_f(-cy * 1000)}" r="{_f(r * 1000)}" '
            f'fill="#ffffff" stroke="#000000" stroke-width="{stroke}"/>'
            f'<path d="M {_pt(cx - r, cy)} L {_pt(cx + r, cy)} M {_pt(cx, cy - r)} '
            f'L {_pt(cx, cy + r)}" stroke="#000000" stroke-width="{stroke}"/></g>'
        )


DARK = frozenset({"wheel", "caster", "track"})  # names on these are written light


def _names(w, a: Analysis, near: list[Outline], unit: float, stroke: str, placer, leaders) -> None:
    """Each part's and nearby entity's name, written on it (not only as a tooltip) where it
    overprints nothing, else as near as is free with a leader line to it."""
    small = unit * 1.0
    kind_of = {o.component: o.kind for o in (*a.outlines, *near)}
    w(
        f'<g id="names" font-size="{_f(small * 1000)}" text-anchor="middle" '
        f'stroke-width="{stroke}" paint-order="stroke">'
    )
    for group, colour in ((a.outlines, "#1a1a1a"), (near, "#6b4423")):
        for name, (x, y) in name_places(list(group)):
            cx, base, moved = placer.place(x, y, name, small)
            if moved:
                leaders.append(leader(x, y, cx, base, name, small))
            dark = kind_of[name] in DARK and not moved
            fill, halo = ("#ffffff", "#111111") if dark else (colour, "#ffffff")
            w(
                f'<text class="name" x="{_f(cx * 1000)}" y="{_f(-base * 1000)}" '
                f'fill="{fill}" stroke="{halo}">{escape(name)}</text>'
            )
    w("</g>")


def _findings(w, a: Analysis, unit: float, stroke: str, placer, leaders) -> None:
    """Each finding's dot at its place; its code beside it, once for the findings of one
    code at one place (with their count: ``code x3``), placed apart from every other text."""
    w('<g id="findings">')
    font = unit * 1.2
    placed = [(f, f.at) for f in a.findings if f.at is not None]
    count: dict[tuple, int] = {}
    for f, at in placed:
        key = (f.code, round(at[0] / unit), round(at[1] / unit))
        count[key] = count.get(key, 0) + 1
    written: set[tuple] = set()
    for f, (fx, fy) in placed:
        colour = SEVERITY_COLOUR.get(f.severity, "#1f77b4")
        key = (f.code, round(fx / unit), round(fy / unit))
        label = ""
        if key not in written:
            written.add(key)
            code = f.code + (f" \u00d7{count[key]}" if count[key] > 1 else "")
            cx, base, moved = placer.place(
                fx + unit * 1.2 + text_width(code, font) / 2, fy, code, font
            )
            if moved:
                leaders.append(leader(fx, fy, cx, base, code, font))
            label = (
                f'<text x="{_f(cx * 1000)}" y="{_f(-base * 1000)}" text-anchor="middle" '
                f'fill="{colour}" stroke="#ffffff" stroke-width="{stroke}" '
                f'paint-order="stroke">{escape(code)}</text>'
            )
        w(
            f'<g class="finding {f.severity}" data-code={quoteattr(f.code)}>'
            f"<title>{escape(f.message)}</title>"
            f'<circle cx="{_f(fx * 1000)}" cy="{_f(-fy * 1000)}" r="{_f(unit * 800)}" '
            f'fill="{colour}" fill-opacity="0.85"/>{label}</g>'
        )
    w("</g>")


def _scale_bar(w, drawing: Box, unit: float, stroke: str) -> None:
    """A bar of a round length under the drawing's lower left corner."""
    length = nice_length(drawing.hi_x - drawing.lo_x)
    x, y = drawing.lo_x, drawing.lo_y - unit * 5.5
    tick = unit * 0.6
    w(
        f'<g id="scale" stroke="#000000" stroke-width="{stroke}" data-length-m="{length:g}">'
        f'<path d="M {_pt(x, y + tick)} L {_pt(x, y)} L {_pt(x + length, y)} '
        f'L {_pt(x + length, y + tick)}" fill="none"/>'
        f'<text x="{_f((x + length + unit) * 1000)}" y="{_f(-(y - unit * 0.4) * 1000)}" '
        f'stroke="none" fill="#000000">{_length_text(length)}</text></g>'
    )


def _legend(
    w, a: Analysis, kinds: list[str], unplaced, far, lx: float, ly: float, unit: float, stroke: str
) -> None:
    """The legend, to the right of the drawing: only what is drawn."""
    step = unit * 2.2
    box = unit * 1.4
    w('<g id="legend">')
    w(
        f'<text x="{_f(lx * 1000)}" y="{_f(-ly * 1000)}" font-weight="bold">'
        f"{escape(a.robot)}: {a.mass:.3f} kg</text>"
    )
    ly -= step

    def entry(mark: str, text: str, cls: str = "") -> None:
        nonlocal ly
        attr = f' class="{cls}"' if cls else ""
        w(
            f'<g{attr}>{mark}<text x="{_f((lx + box * 1.5) * 1000)}" y="{_f(-ly * 1000)}">'
            f"{escape(text)}</text></g>"
        )
        ly -= step

    def swatch(kind: str) -> str:
        fill, line = STYLE[kind]
        return (
            f'<rect x="{_f(lx * 1000)}" y="{_f(-(ly + box * 0.8) * 1000)}" '
            f'width="{_f(box * 1000)}" height="{_f(box * 1000)}" fill="{fill}" '
            f'stroke="{line}" stroke-width="{stroke}"/>'
        )

    def rule(colour: str, dash: bool) -> str:
        return (
            f'<line x1="{_f(lx * 1000)}" y1="{_f(-(ly + box * 0.3) * 1000)}" '
            f'x2="{_f((lx + box) * 1000)}" y2="{_f(-(ly + box * 0.3) * 1000)}" '
            f'stroke="{colour}" stroke-width="{stroke}"'
            + (f' stroke-dasharray="{_f(unit * 500)}"' if dash else "")
            + "/>"
        )

    def dot(fill: str, line: str = "none") -> str:
        return (
            f'<circle cx="{_f((lx + box / 2) * 1000)}" cy="{_f(-(ly + box * 0.3) * 1000)}" '
            f'r="{_f(box * 400)}" fill="{fill}" stroke="{line}" stroke-width="{stroke}"/>'
        )

    texts = dict(LEGEND)
    for kind in kinds:
        entry(swatch(kind), texts[kind], f"legend-{kind}")
    if len(a.footprint) >= 2:
        entry(rule("#2c7fb8", True), "footprint", "legend-footprint")
    if len(a.support_polygon) >= 2:
        entry(rule("#2ca02c", False), "support polygon", "legend-support")
    if a.com_ground is not None:
        margin = "undecided" if a.com_margin_m is None else f"margin {a.com_margin_m * 1000:.1f} mm"
        entry(dot("#ffffff", "#000000"), f"centre of mass ({margin})", "legend-com")
    severities = {f.severity for f in a.findings if f.at is not None}
    for sev in ("error", "warning", "note"):
        if sev in severities:
            entry(dot(SEVERITY_COLOUR[sev]), f"{sev}, with its code", f"legend-{sev}")
    for f in unplaced:
        w(
            f'<text class="finding {f.severity}" data-code={quoteattr(f.code)} '
            f'x="{_f(lx * 1000)}" y="{_f(-ly * 1000)}" '
            f'fill="{SEVERITY_COLOUR.get(f.severity, "#000")}">'
            f"<title>{escape(f.message)}</title>{escape(f.code)}</text>"
        )
        ly -= step
    if far:
        w(
            f'<text x="{_f(lx * 1000)}" y="{_f(-ly * 1000)}" font-style="italic">'
            f"beyond the view:</text>"
        )
        ly -= step
        for name, kind, d in sorted(far, key=lambda e: (e[2], e[0])):
            w(
                f'<text class="far" data-entity={quoteattr(name)} x="{_f(lx * 1000)}" '
                f'y="{_f(-ly * 1000)}" fill="{STYLE[kind][1]}">'
                f"{escape(name)} ({kind}), {d:.1f} m away</text>"
            )
            ly -= step
    w("</g>")

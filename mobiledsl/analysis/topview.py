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

from ..xmlquote import escape, quoteattr
from .model import Analysis, Outline
from ..recordtype import record

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


def svg_head(title: str, x0: float, y1: float, vb_w: float, vb_h: float, px_w: int,
             px_h: int, font: str) -> list[str]:
    """The opening lines of a drawing seen from above: the SVG element (metres drawn as
    millimetres, y up), its title and a white background."""
    box = f"{_f(x0 * 1000)} {_f(-y1 * 1000)} {_f(vb_w)} {_f(vb_h)}"
    x, y = _f(x0 * 1000), _f(-y1 * 1000)
    return ['<?xml version="1.0" encoding="UTF-8"?>',
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{px_w}" height="{px_h}" '
            f'viewBox="{box}" font-family="sans-serif" font-size="{font}">',
            f"<title>{escape(title)}</title>",
            f'<rect id="background" x="{x}" y="{y}" width="{_f(vb_w)}" height="{_f(vb_h)}" '
            'fill="#ffffff"/>']


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
    def around(points) -> "Box":
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        return Box(min(xs), min(ys), max(xs), max(ys))

    def grown(self, d: float) -> "Box":
        return Box(self.lo_x - d, self.lo_y - d, self.hi_x + d, self.hi_y + d)

    def union(self, other: "Box") -> "Box":
        return Box(min(self.lo_x, other.lo_x), min(self.lo_y, other.lo_y),
                   max(self.hi_x, other.hi_x), max(self.hi_y, other.hi_y))

    def distance(self, other: "Box") -> float:
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
        pts.append(tuple(a.com_ground))
    pts += [f.at for f in a.findings if f.at is not None]
    return pts


def clip(poly, box: Box) -> list[tuple[float, float]]:
    """The part of a convex polygon inside the box (Sutherland-Hodgman, edge by edge)."""
    pts = [tuple(p) for p in poly]
    for axis, bound, keep_above in ((0, box.lo_x, True), (0, box.hi_x, False),
                                    (1, box.lo_y, True), (1, box.hi_y, False)):
        def inside(p):
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
    return abs(sum(poly[i][0] * poly[(i + 1) % n][1] - poly[(i + 1) % n][0] * poly[i][1]
                   for i in range(n))) / 2


def name_places(outlines: list[Outline]) -> list[tuple[str, tuple[float, float]]]:
    """Where each component's (or entity's) name goes: the centre of its largest outline."""
    best: dict[str, Outline] = {}
    for o in outlines:
        if len(o.polygon) >= 3 and (o.component not in best or
                                    _area(o.polygon) > _area(best[o.component].polygon)):
            best[o.component] = o
    return [(name, _centroid(o.polygon)) for name, o in best.items()]


class _Stack:
    """Texts placed near one another (or on a marker) move down instead of overprinting.
    Placed texts are filed by horizontal band, so a robot of a thousand parts looks only at
    its neighbours' names, not at every name placed before."""

    MOVES = 400                         # a text moved this far down stays where it is

    def __init__(self, unit: float, taken=()):
        self.unit = unit
        self.band = unit * 1.6          # texts closer than this vertically may overlap
        self.bands: dict[int, list[tuple[float, float, float]]] = {}
        for px, py, pw in taken:
            self._file(px, py, pw)

    def _file(self, x: float, y: float, half_width: float) -> None:
        self.bands.setdefault(math.floor(y / self.band), []).append((x, y, half_width))

    def _blocker(self, x: float, y: float, half_width: float) -> tuple[int, float] | None:
        """(band, height) of a placed text that a text at (x, y) would overprint, or None."""
        band = self.band
        k = math.floor(y / band)
        for b in (k - 1, k, k + 1):                 # loops, not any(): asked for by every move
            for px, py, pw in self.bands.get(b, ()):
                if abs(px - x) < half_width + pw and abs(py - y) < band:
                    return b, py
        return None

    def place(self, x: float, y: float, half_width: float) -> float:
        """Down by a step until nothing is overprinted (at most ``MOVES`` steps). While the
        text that was in the way is still in the way (close enough, in a band next to the
        new height's), the search would find it again: the steps past it are taken without
        asking, so a text that moves down a long column of names costs no search a step."""
        step, band = self.unit * 1.8, self.band
        moves = 0
        while moves < self.MOVES:
            hit = self._blocker(x, y, half_width)
            if hit is None:
                break
            b, py = hit
            y -= step
            moves += 1
            while moves < self.MOVES and abs(py - y) < band and \
                    abs(math.floor(y / band) - b) <= 1:
                y -= step
                moves += 1
        self._file(x, y, half_width)
        return y


def topview(a: Analysis) -> bytes:
    robot = Box.around(robot_points(a))
    near, far = split_world(a, robot)
    drawing = robot
    for o in near:
        drawing = drawing.union(Box.around(o.polygon))
    size = max(drawing.hi_x - drawing.lo_x, drawing.hi_y - drawing.lo_y, 0.05)
    pad = 0.12 * size
    unit = size / 60                    # text and marker scale, in metres
    legend_w = 34 * unit
    x0, x1 = drawing.lo_x - pad, drawing.hi_x + pad + legend_w
    y0, y1 = drawing.lo_y - pad - unit * 4, drawing.hi_y + pad    # room for the scale bar
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
    if near:
        _world(w, near, stroke, unit)
    _robot(w, a, stroke, unit)
    _names(w, a, near, unit, stroke)
    _findings(w, a, unit, stroke)
    _scale_bar(w, drawing, unit, stroke)
    _legend(w, a, kinds, unplaced, far, drawing.hi_x + pad, drawing.hi_y + pad - unit * 2.5,
            unit, stroke)
    w("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8")


def _polygon(o: Outline, stroke: str, extra: str = "") -> str:
    fill, line = STYLE.get(o.kind, STYLE["shape"])
    return (f'<polygon class="{o.kind}" data-component={quoteattr(o.component)} '
            f'points="{_points(o.polygon)}" fill="{fill}" stroke="{line}"{extra}>'
            f"<title>{escape(o.label)} ({o.kind})</title></polygon>")


def _world(w, near: list[Outline], stroke: str, unit: float) -> None:
    """The world's entities near the robot (already cut at the window)."""
    w(f'<g id="world" stroke-width="{stroke}" fill-opacity="0.8">')
    dash = f' stroke-dasharray="{_f(unit * 600)} {_f(unit * 300)}"'
    for o in near:
        w(_polygon(o, stroke, dash if o.kind == "marker" else ""))
    w("</g>")


def _robot(w, a: Analysis, stroke: str, unit: float) -> None:
    w(f'<g id="footprint" fill="none" stroke="#2c7fb8" stroke-width="{stroke}" '
      f'stroke-dasharray="{_f(unit * 1000)} {_f(unit * 500)}">')
    if len(a.footprint) >= 2:
        w(f'<polygon class="footprint" points="{_points(a.footprint)}"/>')
    w("</g>")

    w(f'<g id="parts" stroke-width="{stroke}" fill-opacity="0.8">')
    for o in a.outlines:
        if len(o.polygon) >= 2:
            w(_polygon(o, stroke))
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


DARK = frozenset({"wheel", "caster", "track"})   # names on these are written light


def _names(w, a: Analysis, near: list[Outline], unit: float, stroke: str) -> None:
    """Each part's and nearby entity's name, written on it (not only as a tooltip), moved
    off the centre of mass and the findings' marks."""
    small = unit * 1.0
    # a finding's mark and its code to the right of it (characters about 0.6 of the font)
    code_w = 0.36 * unit
    taken = [(f.at[0] + unit * 1.2 + len(f.code) * code_w, f.at[1], unit * 1.2 +
              len(f.code) * code_w) for f in a.findings if f.at is not None]
    if a.com_ground is not None:
        taken.append((a.com_ground[0], a.com_ground[1], unit * 1.2))
    stack = _Stack(small, taken)
    kind_of = {o.component: o.kind for o in (*a.outlines, *near)}
    w(f'<g id="names" font-size="{_f(small * 1000)}" text-anchor="middle" '
      f'stroke-width="{stroke}" paint-order="stroke">')
    for group, colour in ((a.outlines, "#1a1a1a"), (near, "#6b4423")):
        for name, (x, y) in name_places(list(group)):
            y = stack.place(x, y, small * 0.3 * len(name))
            fill, halo = ("#ffffff", "#111111") if kind_of[name] in DARK else (colour, "#ffffff")
            w(f'<text class="name" x="{_f(x * 1000)}" y="{_f(-(y - small * 0.35) * 1000)}" '
              f'fill="{fill}" stroke="{halo}">{escape(name)}</text>')
    w("</g>")


def _findings(w, a: Analysis, unit: float, stroke: str) -> None:
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


def _scale_bar(w, drawing: Box, unit: float, stroke: str) -> None:
    """A bar of a round length under the drawing's lower left corner."""
    length = nice_length(drawing.hi_x - drawing.lo_x)
    x, y = drawing.lo_x, drawing.lo_y - unit * 2.5
    tick = unit * 0.6
    w(f'<g id="scale" stroke="#000000" stroke-width="{stroke}" data-length-m="{length:g}">'
      f'<path d="M {_pt(x, y + tick)} L {_pt(x, y)} L {_pt(x + length, y)} '
      f'L {_pt(x + length, y + tick)}" fill="none"/>'
      f'<text x="{_f((x + length + unit) * 1000)}" y="{_f(-(y - unit * 0.4) * 1000)}" '
      f'stroke="none" fill="#000000">{_length_text(length)}</text></g>')


def _legend(w, a: Analysis, kinds: list[str], unplaced, far, lx: float, ly: float,
            unit: float, stroke: str) -> None:
    """The legend, to the right of the drawing: only what is drawn."""
    step = unit * 2.2
    box = unit * 1.4
    w('<g id="legend">')
    w(f'<text x="{_f(lx * 1000)}" y="{_f(-ly * 1000)}" font-weight="bold">'
      f"{escape(a.robot)}: {a.mass:.3f} kg</text>")
    ly -= step

    def entry(mark: str, text: str, cls: str = "") -> None:
        nonlocal ly
        attr = f' class="{cls}"' if cls else ""
        w(f'<g{attr}>{mark}<text x="{_f((lx + box * 1.5) * 1000)}" y="{_f(-ly * 1000)}">'
          f"{escape(text)}</text></g>")
        ly -= step

    def swatch(kind: str) -> str:
        fill, line = STYLE[kind]
        return (f'<rect x="{_f(lx * 1000)}" y="{_f(-(ly + box * 0.8) * 1000)}" '
                f'width="{_f(box * 1000)}" height="{_f(box * 1000)}" fill="{fill}" '
                f'stroke="{line}" stroke-width="{stroke}"/>')

    def rule(colour: str, dash: bool) -> str:
        return (f'<line x1="{_f(lx * 1000)}" y1="{_f(-(ly + box * 0.3) * 1000)}" '
                f'x2="{_f((lx + box) * 1000)}" y2="{_f(-(ly + box * 0.3) * 1000)}" '
                f'stroke="{colour}" stroke-width="{stroke}"'
                + (f' stroke-dasharray="{_f(unit * 500)}"' if dash else "") + "/>")

    def dot(fill: str, line: str = "none") -> str:
        return (f'<circle cx="{_f((lx + box / 2) * 1000)}" cy="{_f(-(ly + box * 0.3) * 1000)}" '
                f'r="{_f(box * 400)}" fill="{fill}" stroke="{line}" stroke-width="{stroke}"/>')

    texts = dict(LEGEND)
    for kind in kinds:
        entry(swatch(kind), texts[kind], f"legend-{kind}")
    if len(a.footprint) >= 2:
        entry(rule("#2c7fb8", True), "footprint", "legend-footprint")
    if len(a.support_polygon) >= 2:
        entry(rule("#2ca02c", False), "support polygon", "legend-support")
    if a.com_ground is not None:
        margin = "undecided" if a.com_margin_m is None else \
            f"margin {a.com_margin_m * 1000:.1f} mm"
        entry(dot("#ffffff", "#000000"), f"centre of mass ({margin})", "legend-com")
    severities = {f.severity for f in a.findings if f.at is not None}
    for sev in ("error", "warning", "note"):
        if sev in severities:
            entry(dot(SEVERITY_COLOUR[sev]), f"{sev}, with its code", f"legend-{sev}")
    for f in unplaced:
        w(f'<text class="finding {f.severity}" data-code={quoteattr(f.code)} '
          f'x="{_f(lx * 1000)}" y="{_f(-ly * 1000)}" fill="{SEVERITY_COLOUR.get(f.severity, "#000")}">'
          f"<title>{escape(f.message)}</title>{escape(f.code)}</text>")
        ly -= step
    if far:
        w(f'<text x="{_f(lx * 1000)}" y="{_f(-ly * 1000)}" font-style="italic">'
          f"beyond the view:</text>")
        ly -= step
        for name, kind, d in sorted(far, key=lambda e: (e[2], e[0])):
            w(f'<text class="far" data-entity={quoteattr(name)} x="{_f(lx * 1000)}" '
              f'y="{_f(-ly * 1000)}" fill="{STYLE[kind][1]}">'
              f"{escape(name)} ({kind}), {d:.1f} m away</text>")
            ly -= step
    w("</g>")

"""The run seen from above, as SVG: the world's entities where they stand, the goal markers,
the robot's footprint at the start and at the end, the path each step drove, coloured by its
result, the path each Navigate planned, and where the robot touched something.

Drawn like the analysis' top view (millimetres, x to the right, y up, two decimals), with
its number and point primitives, so the same run gives the same bytes.
"""

from __future__ import annotations

import math

import numpy as np

from ..analysis.labels import Placer, text_width
from ..analysis.topview import _f as num
from ..analysis.topview import _points as points
from ..analysis.topview import _pt as point
from ..analysis.topview import _ticks, leader, nice_length, svg_head
from ..targets.ros.occupancy import shape_outline
from ..xmlquote import escape, quoteattr

ENTITY_STYLE = {
    "Obstacle": ("#c8875a", "#7a4a25"),
    "SupportSurface": ("#9fb09f", "#4f604f"),
    "Marker": ("#5fcf7f", "#1f7f3f"),
}
RESULT_COLOUR = {True: "#2ca02c", False: "#d62728"}
PLANNED = "#1f77b4"
MARK_RADIUS = 0.15
#: points kept of a step's trace (every n-th tick): enough for the eye, small files
TRACE_POINTS = 400


def _pose_polygon(footprint, pose) -> list[tuple[float, float]]:
    x, y, yaw = pose
    c, s = math.cos(yaw), math.sin(yaw)
    return [(x + c * px - s * py, y + s * px + c * py) for px, py in footprint]


def _thin(trace: list) -> list:
    if len(trace) <= TRACE_POINTS:
        return list(trace)
    step = math.ceil(len(trace) / TRACE_POINTS)
    return list(trace[::step]) + [trace[-1]]


def run_view(robot: str, world, analysis, start, report: dict, runs) -> bytes:
    entities = list(world.entities) if world is not None else []
    shapes = [(e, shape_outline(e, s)) for e in entities for s in e.shapes] + [
        (e, _disc(e.pos[0], e.pos[1])) for e in entities if not e.shapes
    ]
    footprint = list(analysis.footprint)
    start_poly = _pose_polygon(footprint, start)
    traces = [_thin(r.trace) for r in runs]
    pts = (
        [p for _, o in shapes for p in o]
        + start_poly
        + [p for t in traces for p in t]
        + [p for r in runs for p in r.planned]
    )
    xy = np.asarray(pts, float).reshape(-1, 2)
    lo, hi = xy.min(axis=0), xy.max(axis=0)
    size = max(float(np.max(hi - lo)), 0.5)
    pad = 0.08 * size
    unit = size / 80
    legend_w = 30 * unit
    x0, x1, y0, y1 = lo[0] - pad, hi[0] + pad + legend_w, lo[1] - pad, hi[1] + pad
    rows = len(runs) + 8
    y0 = min(y0, y1 - rows * 2.2 * unit - 2 * pad)
    vb_w, vb_h = (x1 - x0) * 1000, (y1 - y0) * 1000
    px_w = 1000
    px_h = max(200, round(px_w * vb_h / vb_w))
    stroke = num(unit * 1000 * 0.15)
    font_size = num(unit * 1000 * 1.2)

    out = svg_head(
        f"{robot}: the task's run seen from above", x0, y1, vb_w, vb_h, px_w, px_h, font_size
    )
    w = out.append

    _grid(w, (lo[0] - pad, lo[1] - pad, hi[0] + pad, hi[1] + pad), unit, stroke)
    w(f'<g id="world" stroke-width="{stroke}">')
    for entity, outline in shapes:
        fill, line = ENTITY_STYLE.get(entity.entity, ENTITY_STYLE["Obstacle"])
        hull = _hull(outline)
        opacity = "0.5" if entity.entity == "Marker" or not entity.collision else "0.85"
        w(
            f'<polygon class="{entity.entity}" data-name={quoteattr(entity.name)} '
            f'points="{points(hull)}" fill="{fill}" fill-opacity="{opacity}" stroke="{line}">'
            f"<title>{escape(entity.name)} ({entity.entity})</title></polygon>"
        )
    w("</g>")

    w(
        f'<g id="planned" fill="none" stroke="{PLANNED}" stroke-width="{stroke}" '
        f'stroke-dasharray="{num(unit * 800)} {num(unit * 500)}">'
    )
    for r in runs:
        if len(r.planned) >= 2:
            w(f'<polyline data-step="{r.index + 1}" points="{points(r.planned)}"/>')
    w("</g>")

    w(
        f'<g id="start" fill="#ffffff" fill-opacity="0.6" stroke="#000000" stroke-width="{stroke}">'
        f'<polygon points="{points(start_poly)}"><title>the robot at the start</title></polygon>'
        f"{_arrow(start, unit, stroke)}</g>"
    )

    entries = {e["step"]: e for e in report["steps"]}
    w(
        f'<g id="steps" fill="none" stroke-width="{num(unit * 1000 * 0.35)}" '
        f'stroke-linecap="round" stroke-linejoin="round">'
    )
    for r, trace in zip(runs, traces):
        ok = entries[r.index + 1]["ok"]
        if len(trace) >= 2:
            w(
                f'<polyline class="{"ok" if ok else "failed"}" data-step="{r.index + 1}" '
                f'points="{points(trace)}" stroke="{RESULT_COLOUR[ok]}">'
                f"<title>step {r.index + 1}: {escape(r.kind)}</title></polyline>"
            )
    w("</g>")

    placer = Placer(unit * 4, (lo[0] - pad, lo[1] - pad, hi[0] + pad, hi[1] + pad), gap=unit * 0.15)
    touches = [(r, name, at) for r in runs for name, at in sorted(_touch_points(r).items())]
    for _, _, (x, y) in touches:
        placer.take((x - unit * 1.2, y - unit * 1.2, x + unit * 1.2, y + unit * 1.2))
    bar = _grid_step(size)  # the scale bar's room, at the map's lower left
    placer.take((lo[0] - pad, lo[1] - pad, lo[0] - pad + bar + unit * 8, lo[1] - pad + unit * 3))
    leaders: list[str] = []
    font = unit * 1.2
    small = unit * 1.0

    w('<g id="collisions">')
    for r, name, (x, y) in touches:
        d = unit * 1.2
        w(
            f'<circle class="contact" data-step="{r.index + 1}" cx="{num(x * 1000)}" '
            f'cy="{num(-y * 1000)}" r="{num(d * 1000)}" '
            f'fill="#ffffff" fill-opacity="0.7" stroke="#d62728" stroke-width="{stroke}"/>'
        )
        w(
            f'<path data-step="{r.index + 1}" data-name={quoteattr(name)} '
            f'd="M {point(x - d, y - d)} L {point(x + d, y + d)} M {point(x - d, y + d)} '
            f'L {point(x + d, y - d)}" stroke="#d62728" stroke-width="{stroke}">'
            f"<title>step {r.index + 1} hit {escape(name)} here</title></path>"
        )
    w("</g>")

    w(
        f'<g id="labels" stroke="#ffffff" stroke-width="{num(unit * 1000 * 0.25)}" '
        f'paint-order="stroke" stroke-linejoin="round" '
        f'text-anchor="middle">'
    )
    for r, trace in zip(runs, traces):
        if trace:
            x, y = trace[-1]
            ok = entries[r.index + 1]["ok"]
            text = str(r.index + 1)
            cx, base, moved = placer.place(x, y + unit * 1.5, text, font)
            if moved:
                leaders.append(leader(x, y, cx, base, text, font))
            w(
                f'<text class="step-label" data-step="{r.index + 1}" x="{num(cx * 1000)}" '
                f'y="{num(-base * 1000)}" fill="{RESULT_COLOUR[ok]}" font-weight="bold">'
                f"{text}</text>"
            )
    for r, name, (x, y) in touches:
        text = f"hit {name}"
        cx, base, moved = placer.place(x + unit * 1.6 + text_width(text, small) / 2, y, text, small)
        if moved:
            leaders.append(leader(x, y, cx, base, text, small))
        w(
            f'<text class="contact-label" data-step="{r.index + 1}" x="{num(cx * 1000)}" '
            f'y="{num(-base * 1000)}" font-size="{num(small * 1000)}" fill="#d62728">'
            f"{escape(text)}</text>"
        )
    for entity, outline in _named(shapes):
        colour = {"Obstacle": "#4a2a10", "SupportSurface": "#2f402f", "Marker": "#0f5f2f"}.get(
            entity.entity, "#4a2a10"
        )
        x, y = np.mean(np.asarray(outline, float), axis=0)
        cx, base, moved = placer.place(float(x), float(y), entity.name, small)
        if moved:
            leaders.append(leader(float(x), float(y), cx, base, entity.name, small))
        w(
            f'<text class="entity-name {entity.entity}" data-name={quoteattr(entity.name)} '
            f'x="{num(cx * 1000)}" y="{num(-base * 1000)}" font-size="{num(small * 1000)}" '
            f'fill="{colour}">{escape(entity.name)}</text>'
        )
    w("</g>")
    if leaders:
        w(
            f'<g id="leaders" stroke="#555555" stroke-width="{num(unit * 1000 * 0.06)}" '
            f'fill="none">' + "".join(leaders) + "</g>"
        )
    _scale_bar(w, lo[0] - pad, lo[1] - pad, size, unit, stroke)

    _legend(w, robot, report, runs, hi[0] + 2 * pad, hi[1], unit, stroke)
    w("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8")


def _named(shapes) -> list:
    """One outline an entity: the largest (its name goes at its middle)."""
    best: dict[str, tuple] = {}
    for entity, outline in shapes:
        o = np.asarray(outline, float)
        span = float(np.prod(o.max(axis=0) - o.min(axis=0))) if len(o) else 0.0
        if entity.name not in best or span > best[entity.name][2]:
            best[entity.name] = (entity, o, span)
    return [(e, o) for e, o, _ in best.values()]


def _grid(w, box, unit: float, stroke: str) -> None:
    """Faint lines every round length (0.5 m, 1 m, ...) over the map, under everything."""
    lo_x, lo_y, hi_x, hi_y = box
    step = _grid_step(max(hi_x - lo_x, hi_y - lo_y))
    w(
        f'<g id="grid" stroke="#e6e6e6" stroke-width="{num(unit * 1000 * 0.08)}" '
        f'data-step-m="{step:g}">'
    )
    for v in _ticks(lo_x, hi_x, step):
        w(
            f'<line class="grid-x" x1="{num(v * 1000)}" y1="{num(-lo_y * 1000)}" '
            f'x2="{num(v * 1000)}" y2="{num(-hi_y * 1000)}"/>'
        )
    for v in _ticks(lo_y, hi_y, step):
        w(
            f'<line class="grid-y" x1="{num(lo_x * 1000)}" y1="{num(-v * 1000)}" '
            f'x2="{num(hi_x * 1000)}" y2="{num(-v * 1000)}"/>'
        )
    w("</g>")


def _grid_step(span: float) -> float:
    """0.5 m or 1 m for a room; a round length near an eighth of a larger or smaller span."""
    return 0.5 if span <= 6 else 1.0 if span <= 15 else nice_length(span / 2)


def _scale_bar(w, x: float, y: float, size: float, unit: float, stroke: str) -> None:
    """A bar one grid step long at the map's lower left corner, inside it."""
    length = _grid_step(size)
    x, y = x + unit * 1.5, y + unit * 2
    tick = unit * 0.6
    text = f"{length:g} m"
    w(
        f'<g id="scale" stroke="#000000" stroke-width="{stroke}" data-length-m="{length:g}">'
        f'<path d="M {point(x, y + tick)} L {point(x, y)} L {point(x + length, y)} '
        f'L {point(x + length, y + tick)}" fill="none"/>'
        f'<text x="{num((x + length + unit) * 1000)}" y="{num(-(y - unit * 0.4) * 1000)}" '
        f'stroke="none" fill="#000000">{text}</text></g>'
    )


def _touch_points(run) -> dict[str, tuple[float, float]]:
    """Where the robot first touched each obstacle in a step: the contact point itself,
    or the base's centre when the contact was not recorded."""
    points = dict(run.touched)
    for contact in reversed(run.contacts):
        points[contact.obstacle] = contact.at
    return points


def _disc(x: float, y: float) -> np.ndarray:
    """A place without a shape (a marker the environment names): a disc as the model draws."""
    t = np.linspace(0, 2 * math.pi, 24, endpoint=False)
    return np.stack([x + MARK_RADIUS * np.cos(t), y + MARK_RADIUS * np.sin(t)], axis=1)


def _hull(outline) -> list:
    from scipy.spatial import ConvexHull, QhullError

    try:
        hull = ConvexHull(outline)
    except (QhullError, ValueError):
        return [tuple(p) for p in outline]
    return [tuple(outline[i]) for i in hull.vertices]


def _arrow(pose, unit: float, stroke: str) -> str:
    x, y, yaw = pose
    tip = (x + 4 * unit * math.cos(yaw), y + 4 * unit * math.sin(yaw))
    return (
        f'<line x1="{num(x * 1000)}" y1="{num(-y * 1000)}" x2="{num(tip[0] * 1000)}" '
        f'y2="{num(-tip[1] * 1000)}" stroke="#000000" stroke-width="{stroke}"/>'
    )


def _legend(
    w, robot: str, report: dict, runs, lx: float, ly: float, unit: float, stroke: str
) -> None:
    step = unit * 2.2
    box = unit * 1.4
    ly -= step
    w('<g id="legend">')
    verdict = "every step reached" if report["ok"] else "some steps failed"
    w(
        f'<text x="{num(lx * 1000)}" y="{num(-ly * 1000)}" font-weight="bold">'
        f"{escape(robot)}: {verdict}</text>"
    )
    ly -= step
    for e in report["steps"]:
        colour = RESULT_COLOUR[e["ok"]]
        result = "ok" if e["ok"] else e["code"]
        w(
            f'<rect x="{num(lx * 1000)}" y="{num(-(ly + box * 0.8) * 1000)}" '
            f'width="{num(box * 1000)}" height="{num(box * 1000)}" fill="{colour}"/>'
            f'<text x="{num((lx + box * 1.5) * 1000)}" y="{num(-ly * 1000)}">'
            f"{e['step']}. {escape(e['kind'])}: {escape(result)} ({e['seconds']:.1f} s)</text>"
        )
        ly -= step
    ly -= step / 2
    for fill, text in (
        (PLANNED, "planned path (Navigate)"),
        ("#000000", "robot at the start"),
        (ENTITY_STYLE["Obstacle"][0], "obstacle"),
        (ENTITY_STYLE["SupportSurface"][0], "support surface"),
        (ENTITY_STYLE["Marker"][0], "marker"),
    ):
        w(
            f'<rect x="{num(lx * 1000)}" y="{num(-(ly + box * 0.8) * 1000)}" '
            f'width="{num(box * 1000)}" height="{num(box * 1000)}" fill="{fill}"/>'
            f'<text x="{num((lx + box * 1.5) * 1000)}" y="{num(-ly * 1000)}">{text}</text>'
        )
        ly -= step
    w("</g>")

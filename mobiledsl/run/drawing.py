"""The run seen from above, as SVG: the world's entities where they stand, the goal markers,
the robot's footprint at the start and at the end, the path each step drove, coloured by its
result, the path each Navigate planned, and where the robot touched something.

Drawn like the analysis' top view (millimetres, x to the right, y up, two decimals), with
its number and point primitives, so the same run gives the same bytes.
"""
from __future__ import annotations

import math

import numpy as np

from ..analysis.topview import _f as num, _points as points, _pt as point, svg_head
from ..targets.ros.occupancy import shape_outline
from ..xmlquote import escape, quoteattr

ENTITY_STYLE = {"Obstacle": ("#c8875a", "#7a4a25"), "SupportSurface": ("#9fb09f", "#4f604f"),
                "Marker": ("#5fcf7f", "#1f7f3f")}
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
    shapes = [(e, shape_outline(e, s)) for e in entities for s in e.shapes] \
        + [(e, _disc(e.pos[0], e.pos[1])) for e in entities if not e.shapes]
    footprint = list(analysis.footprint)
    start_poly = _pose_polygon(footprint, start)
    traces = [_thin(r.trace) for r in runs]
    pts = [p for _, o in shapes for p in o] + start_poly \
        + [p for t in traces for p in t] + [p for r in runs for p in r.planned]
    xy = np.asarray(pts, float).reshape(-1, 2)
    lo, hi = xy.min(axis=0), xy.max(axis=0)
    size = max(float(np.max(hi - lo)), 0.5)
    pad = 0.05 * size
    unit = size / 80
    legend_w = 30 * unit
    x0, x1, y0, y1 = lo[0] - pad, hi[0] + pad + legend_w, lo[1] - pad, hi[1] + pad
    rows = len(runs) + 8
    y0 = min(y0, y1 - rows * 2.2 * unit - 2 * pad)
    vb_w, vb_h = (x1 - x0) * 1000, (y1 - y0) * 1000
    px_w = 1000
    px_h = max(200, round(px_w * vb_h / vb_w))
    stroke = num(unit * 1000 * 0.15)
    font = num(unit * 1000 * 1.2)

    out = svg_head(f"{robot}: the task's run seen from above", x0, y1, vb_w, vb_h, px_w, px_h,
                   font)
    w = out.append

    w(f'<g id="world" stroke-width="{stroke}">')
    for entity, outline in shapes:
        fill, line = ENTITY_STYLE.get(entity.entity, ENTITY_STYLE["Obstacle"])
        hull = _hull(outline)
        opacity = "0.5" if entity.entity == "Marker" or not entity.collision else "0.85"
        w(f'<polygon class="{entity.entity}" data-name={quoteattr(entity.name)} '
          f'points="{points(hull)}" fill="{fill}" fill-opacity="{opacity}" stroke="{line}">'
          f"<title>{escape(entity.name)} ({entity.entity})</title></polygon>")
    for entity in entities:
        if entity.entity == "Marker":
            x, y = entity.pos[0], entity.pos[1]
            w(f'<text class="marker-name" x="{num(x * 1000)}" y="{num(-y * 1000)}" '
              f'text-anchor="middle" fill="#1f7f3f">{escape(entity.name)}</text>')
    w("</g>")

    w(f'<g id="planned" fill="none" stroke="{PLANNED}" stroke-width="{stroke}" '
      f'stroke-dasharray="{num(unit * 800)} {num(unit * 500)}">')
    for r in runs:
        if len(r.planned) >= 2:
            w(f'<polyline data-step="{r.index + 1}" points="{points(r.planned)}"/>')
    w("</g>")

    w(f'<g id="start" fill="#ffffff" fill-opacity="0.6" stroke="#000000" stroke-width="{stroke}">'
      f'<polygon points="{points(start_poly)}"><title>the robot at the start</title></polygon>'
      f"{_arrow(start, unit, stroke)}</g>")

    entries = {e["step"]: e for e in report["steps"]}
    w(f'<g id="steps" fill="none" stroke-width="{num(unit * 1000 * 0.35)}" '
      f'stroke-linecap="round" stroke-linejoin="round">')
    for r, trace in zip(runs, traces):
        ok = entries[r.index + 1]["ok"]
        if len(trace) >= 2:
            w(f'<polyline class="{"ok" if ok else "failed"}" data-step="{r.index + 1}" '
              f'points="{points(trace)}" stroke="{RESULT_COLOUR[ok]}">'
              f"<title>step {r.index + 1}: {escape(r.kind)}</title></polyline>")
    w("</g>")

    w('<g id="labels">')
    for r, trace in zip(runs, traces):
        if trace:
            x, y = trace[-1]
            ok = entries[r.index + 1]["ok"]
            w(f'<text x="{num((x + unit) * 1000)}" y="{num(-(y + unit) * 1000)}" '
              f'fill="{RESULT_COLOUR[ok]}" stroke="#ffffff" stroke-width="{stroke}" '
              f'paint-order="stroke">{r.index + 1}</text>')
    w("</g>")

    w('<g id="collisions">')
    for r in runs:
        for name, (x, y) in sorted(_touch_points(r).items()):
            d = unit * 1.2
            w(f'<path data-step="{r.index + 1}" data-name={quoteattr(name)} '
              f'd="M {point(x - d, y - d)} L {point(x + d, y + d)} M {point(x - d, y + d)} '
              f'L {point(x + d, y - d)}" stroke="#d62728" stroke-width="{stroke}">'
              f"<title>step {r.index + 1} hit {escape(name)}</title></path>")
    w("</g>")

    _legend(w, robot, report, runs, hi[0] + 2 * pad, hi[1], unit, stroke)
    w("</svg>")
    return ("\n".join(out) + "\n").encode("utf-8")


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
    return f'<line x1="{num(x * 1000)}" y1="{num(-y * 1000)}" x2="{num(tip[0] * 1000)}" ' \
           f'y2="{num(-tip[1] * 1000)}" stroke="#000000" stroke-width="{stroke}"/>'


def _legend(w, robot: str, report: dict, runs, lx: float, ly: float, unit: float,
            stroke: str) -> None:
    step = unit * 2.2
    box = unit * 1.4
    ly -= step
    w('<g id="legend">')
    verdict = "every step reached" if report["ok"] else "some steps failed"
    w(f'<text x="{num(lx * 1000)}" y="{num(-ly * 1000)}" font-weight="bold">'
      f"{escape(robot)}: {verdict}</text>")
    ly -= step
    for e in report["steps"]:
        colour = RESULT_COLOUR[e["ok"]]
        result = "ok" if e["ok"] else e["code"]
        w(f'<rect x="{num(lx * 1000)}" y="{num(-(ly + box * 0.8) * 1000)}" '
          f'width="{num(box * 1000)}" height="{num(box * 1000)}" fill="{colour}"/>'
          f'<text x="{num((lx + box * 1.5) * 1000)}" y="{num(-ly * 1000)}">'
          f'{e["step"]}. {escape(e["kind"])}: {escape(result)} ({e["seconds"]:.1f} s)</text>')
        ly -= step
    ly -= step / 2
    for fill, text in ((PLANNED, "planned path (Navigate)"), ("#000000", "robot at the start"),
                       (ENTITY_STYLE["Obstacle"][0], "obstacle"),
                       (ENTITY_STYLE["SupportSurface"][0], "support surface"),
                       (ENTITY_STYLE["Marker"][0], "marker")):
        w(f'<rect x="{num(lx * 1000)}" y="{num(-(ly + box * 0.8) * 1000)}" '
          f'width="{num(box * 1000)}" height="{num(box * 1000)}" fill="{fill}"/>'
          f'<text x="{num((lx + box * 1.5) * 1000)}" y="{num(-ly * 1000)}">{text}</text>')
        ly -= step
    w("</g>")

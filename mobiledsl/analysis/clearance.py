"""The clearance rules: ``validation.assembly.wheels_clear_other_parts`` (error) and
``validation.assembly.parts_clear_each_other`` (warning).

A wheel's swept space is its cylinder (a prism drawn around it), swept over its steering lock
about the kingpin when it steers; a caster's is its sphere; a track's is its belt box. Parts
fixed to the base are their collision shapes, links where their servos hold them.

Two solids overlap when what they share is deeper than ``TOLERANCE`` (0.1 mm): shapes that
only touch are clear. A well is a cylinder about a connector's axis, centred on it, declared
by a part as a void in its own collision shape that what mates there may fill. Which wells
count for a pair is told by ``wheel_wells`` and ``part_wells``; what of the overlap a well
holds does not count (geometry.depth_beyond_wells).
"""

from __future__ import annotations

import math

import numpy as np

from ..diagnostics import Label
from ..model.frames import rotation_about, unit_or_zero
from ..model.robot import Component, Robot
from ..recordtype import record
from .geometry import Poly, Solid, poly_from_points
from .model import Findings
from .overlap import Well, boxes_overlap, depth_beyond_wells
from .placed import Placed
from .placement import Body, PlacedShape, chassis_connector, where

WHEELS = "validation.assembly.wheels_clear_other_parts"
PARTS = "validation.assembly.parts_clear_each_other"
TOLERANCE = 1e-4
#: the widest a chord of a steered wheel's sweep strays inside its arc
SWEEP_CHORD = 1e-5
MAX_SWEEP_PIECES = 400


@record
class NamedWell:
    well: Well
    owner: str  # the component whose shape it is a void in
    connector: str

    @property
    def name(self) -> str:
        return f"{self.owner}.{self.connector}"


def well_at(
    robot: Robot, placed: Placed, comp: Component, connector: str | None
) -> NamedWell | None:
    if connector is None:
        return None
    part = robot.parts.get(comp.part)
    conn = part.connectors.get(connector) if part is not None else None
    if conn is None or conn.well is None:
        return None
    f = placed.frame(comp)
    return NamedWell(
        Well(
            f.point(conn.pos), unit_or_zero(f.vector(conn.dir)), conn.well.radius, conn.well.width
        ),
        comp.name,
        connector,
    )


def _connector_axis(
    robot: Robot, placed: Placed, comp: Component, connector: str
) -> tuple[np.ndarray, np.ndarray] | None:
    part = robot.parts.get(comp.part)
    conn = part.connectors.get(connector) if part is not None else None
    if conn is None:
        return None
    f = placed.frame(comp)
    return f.point(conn.pos), unit_or_zero(f.vector(conn.dir))


# -- which wells count ----------------------------------------------------------------------


def wheel_well_connectors(robot: Robot, wheel: Component, other: Component) -> list[str]:
    """The connectors of ``other`` whose wells let ``wheel`` in: the one it mates onto, the
    chassis mount it fills, and the one its motor seats on."""
    names: list[str] = []
    if wheel.parent == other.name and wheel.host_connector:
        names.append(wheel.host_connector)
    if other.name == robot.chassis:
        mount = chassis_connector(robot, wheel.mount)
        if mount:
            names.append(mount)
    if wheel.driven_by:
        try:
            motor = robot.component(wheel.driven_by)
        except KeyError:
            motor = None
        if motor is not None and motor.parent == other.name and motor.host_connector:
            names.append(motor.host_connector)
    return list(dict.fromkeys(names))


def part_wells(robot: Robot, placed: Placed, a: Component, b: Component) -> list[NamedWell]:
    """Wells between two mated parts: on the connector one mates onto, and on the one it
    mates by; each lets the other part into its owner's shape."""
    out = []
    for child, host in ((a, b), (b, a)):
        if child.parent == host.name:
            for w in (
                well_at(robot, placed, host, child.host_connector),
                well_at(robot, placed, child, child.connector),
            ):
                if w is not None:
                    out.append(w)
    return out


# -- swept spaces ---------------------------------------------------------------------------


@record
class Sweep:
    component: Component
    pieces: tuple[Solid, ...]
    description: str


def _steered_pieces(prism: Poly, axis, point, max_angle: float) -> list[Poly]:
    a = unit_or_zero(axis)
    p = np.asarray(point, dtype=float)
    d = prism.vertices - p
    reach = float(np.linalg.norm(d - np.outer(d @ a, a), axis=1).max())
    if reach <= SWEEP_CHORD or max_angle <= 0:
        return [prism]
    step = 2 * math.acos(1 - SWEEP_CHORD / reach)
    n = min(MAX_SWEEP_PIECES, max(1, math.ceil(2 * max_angle / step)))
    angles = np.linspace(-max_angle, max_angle, n + 1)
    turned = [rotation_about(a, p, float(t)).points(prism.vertices) for t in angles]
    return [poly_from_points(np.vstack([turned[i], turned[i + 1]])) for i in range(n)]


def sweeps(robot: Robot, placed: Placed) -> list[Sweep]:
    out = []
    for c in robot.components:
        w = placed.wheel(c)
        if w is not None:
            pieces: list[Solid]
            if c.steer is not None and not w.caster:
                pieces = list(
                    _steered_pieces(w.rim, c.steer.axis, c.steer.point, c.steer.max_angle_rad)
                )
                desc = (
                    f"the space {w.describe()} sweeps over its steering lock of "
                    f"±{c.steer.max_angle_rad:g} rad"
                )
            else:
                pieces = [w.solid]
                desc = w.describe()
            out.append(Sweep(c, tuple(pieces), desc))
            continue
        t = placed.track(c)
        if t is not None:
            out.append(Sweep(c, (t.belt,), t.describe()))
    return out


# -- findings --------------------------------------------------------------------------------


def _mm(x: float) -> str:
    return f"{x * 1000:.1f} mm"


def _point(p) -> str:
    return "(" + ", ".join(f"{c:.4f}" for c in p) + ")"


def _reaches_into(what: str, into: str, deep: float, at, wells: list[NamedWell]) -> str:
    """How deep one solid reaches into another and where, beyond the wells (named) that
    excuse the rest of the overlap."""
    beyond = ""
    if wells:
        beyond = (
            ", beyond the well"
            + ("s" if len(wells) > 1 else "")
            + " on "
            + ", ".join(f"'{w.name}'" for w in wells)
        )
    return f"{what} reaches {_mm(deep)} into {into} at {_point(at)} m in base_link{beyond}"


def _ceil(x: float) -> float:
    return math.ceil(x * 1e4 - 1e-6) / 1e4


def _well_help(
    robot: Robot,
    placed: Placed,
    owner: Component,
    connector: str,
    corners: np.ndarray,
    existing: NamedWell | None,
    what: str,
) -> str | None:
    ax = _connector_axis(robot, placed, owner, connector)
    if ax is None:
        return None
    radius, width = Well(ax[0], ax[1], 0.0, 0.0).reach(corners)
    part = robot.parts[owner.part]
    size = f"{{radius: {_ceil(radius):g}, width: {_ceil(width):g}}}"
    if existing is not None:
        return (
            f"the well on '{owner.name}.{connector}' holds radius {existing.well.radius:g}, "
            f"width {existing.well.width:g}; to hold {what} it needs well: {size} "
            f"(connector '{connector}' of {part.key})"
        )
    return (
        f"if '{owner.name}' is hollow there, declare the void as a well on connector "
        f"'{connector}' of {part.key}: well: {size} holds {what}"
    )


def _link_help(c: Component, shape: PlacedShape, robot: Robot) -> str:
    part = robot.parts.get(c.part)
    turns = False
    if part is not None:
        links = {l.name: l for l in part.links}
        name = shape.link
        while name is not None and name in links:
            if links[name].joint.type == "revolute":
                turns = True
            name = links[name].parent
    text = (
        f"a well lets nothing into a link's shape: give link '{shape.link}' of "
        f"'{c.name}' a tighter shape"
    )
    if turns:
        text += ", or have its servo hold it elsewhere (servo.hold)"
    return text


def own_well(robot: Robot, placed: Placed, wheel: Component, other: Component) -> NamedWell | None:
    """The well on the connector a wheel (or a track) mates by: a void in the wheel's hub
    that what it mates onto may fill, so it lets in only that part's own shape (not its
    links). Not counted for a steered wheel, whose hub turns over its lock while what it
    mates onto stays."""
    if wheel.parent != other.name or wheel.steer is not None:
        return None
    return well_at(robot, placed, wheel, wheel.connector)


def declared_later(a: Component, b: Component) -> bool:
    """Whether ``a`` is declared after ``b`` in the .core (by where each is declared)."""
    if a.span is None or b.span is None:
        return False
    return a.span.order() > b.span.order()


def check_wheels(robot: Robot, placed: Placed, out: Findings, to_ground) -> None:
    all_sweeps = sweeps(robot, placed)
    for sw in all_sweeps:
        for body in placed.bodies:
            other = body.component
            if other.name == sw.component.name:
                continue
            names = recess = None  # asked for once a shape of the body is touched
            for shape in body.shapes:
                touched = [piece for piece in sw.pieces if boxes_overlap(piece, shape.solid)]
                if not touched:
                    continue
                if names is None:
                    names = wheel_well_connectors(robot, sw.component, other)
                    recess = own_well(robot, placed, sw.component, other)
                found = (well_at(robot, placed, other, n) for n in names)
                wells = [] if shape.link is not None else [w for w in found if w is not None]
                if recess is not None and shape.link is None:
                    wells.append(recess)  # the host's own shape, not its links
                worst = None
                overlaps: list[np.ndarray] = []
                for piece in touched:
                    hit = depth_beyond_wells(piece, shape.solid, [w.well for w in wells], TOLERANCE)
                    if hit is None:
                        continue
                    overlaps.append(hit[2])
                    if worst is None or hit[0] > worst[0]:
                        worst = hit
                if worst is None:
                    continue
                deep, at, _ = worst
                corners = np.vstack(overlaps)
                message = _reaches_into(sw.description, shape.describe(), deep, at, wells)
                helps = []
                if shape.link is not None:
                    helps.append(_link_help(other, shape, robot))
                else:
                    for n in names:
                        existing = next(
                            (w for w in wells if w.owner == other.name and w.connector == n), None
                        )
                        h = _well_help(
                            robot,
                            placed,
                            other,
                            n,
                            corners,
                            existing,
                            f"what of '{sw.component.name}' reaches in",
                        )
                        if h:
                            helps.append(h)
                            break
                    helps.append(
                        f"or give '{other.name}' a tighter collision shape (a hull) "
                        f"that clears the wheel"
                    )
                helps.append(
                    f"or move '{sw.component.name}' at least {_mm(deep)} clear "
                    f"(its glue, or the mount it sits on)"
                )
                out.error(
                    WHEELS,
                    message,
                    where(sw.component),
                    components=(sw.component.name, other.name),
                    at=to_ground(at),
                    label="its swept space overlaps another part",
                    labels=_placed_here(other),
                    help=helps,
                )
    _check_sweeps_apart(all_sweeps, out, to_ground)


def _placed_here(c: Component) -> tuple[Label, ...]:
    span = where(c)
    return (Label(span, f"'{c.name}' is placed here"),) if span is not None else ()


def _check_sweeps_apart(all_sweeps: list[Sweep], out: Findings, to_ground) -> None:
    """Two wheels (casters, tracks) whose swept spaces overlap: no well lets one wheel into
    another, as a wheel declares no shape for one to be a void in."""
    for i, sa in enumerate(all_sweeps):
        for sb in all_sweeps[i + 1 :]:
            worst = None
            for pa in sa.pieces:
                for pb in sb.pieces:
                    if not boxes_overlap(pa, pb):
                        continue
                    hit = depth_beyond_wells(pa, pb, [], TOLERANCE)
                    if hit is not None and (worst is None or hit[0] > worst[0]):
                        worst = hit
            if worst is None:
                continue
            mover, still = (sa, sb) if declared_later(sa.component, sb.component) else (sb, sa)
            deep, at, _ = worst
            m, o = mover.component, still.component
            out.error(
                WHEELS,
                f"{mover.description} reaches {_mm(deep)} into {still.description} "
                f"at {_point(at)} m in base_link",
                where(m),
                components=(m.name, o.name),
                at=to_ground(at),
                label="its swept space overlaps another wheel's",
                labels=_placed_here(o),
                help=(
                    f"move '{m.name}' at least {_mm(deep)} clear of '{o.name}' (its "
                    f"glue, or the mount it sits on)",
                    "or choose smaller wheels, or a smaller steering lock where one steers",
                ),
            )


def fixed_to_base(robot: Robot, c: Component) -> bool:
    """Whether the part and everything between it and the chassis are fixed (no wheel, no
    moving joint, no kingpin)."""
    seen = set()
    while c is not None and c.name not in seen:
        seen.add(c.name)
        part = robot.parts.get(c.part)
        if part is None or part.wheel is not None or c.joint != "fixed" or c.steer is not None:
            return False
        if c.parent is None:
            return True
        try:
            c = robot.component(c.parent)
        except KeyError:
            return False
    return False


def check_parts(robot: Robot, placed: Placed, out: Findings, to_ground) -> None:
    fixed = [b for b in placed.bodies if b.shapes and fixed_to_base(robot, b.component)]
    for (i, ia), (j, jb) in touching_shapes(fixed):
        ba, bb = fixed[i], fixed[j]
        a, b = ba.component, bb.component
        if a.name == b.name:
            continue  # a part's links against each other and its base
        sa, sb = ba.shapes[ia], bb.shapes[jb]
        wells = part_wells(robot, placed, a, b)
        usable = [
            w
            for w in wells
            if (w.owner == a.name and sa.link is None) or (w.owner == b.name and sb.link is None)
        ]
        hit = depth_beyond_wells(sa.solid, sb.solid, [w.well for w in usable], TOLERANCE)
        if hit is None:
            continue
        _report_parts(robot, placed, out, sa, sb, a, b, hit, usable, to_ground)


def touching_shapes(bodies: list[Body]) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    """The pairs of shapes of different bodies whose bounding boxes meet, as ((body, shape),
    (body, shape)) with the first body listed first, ordered by the two bodies, then by
    their shapes. Sort and sweep along x: a shape is compared only with those whose extent along
    x overlaps its own, so a robot of many parts side by side costs what it has in pairs."""
    keys = [(i, k) for i, body in enumerate(bodies) for k in range(len(body.shapes))]
    # plain floats: most shapes meet few others, and a pair's test is then a few comparisons
    lo, hi = zip(*(bodies[i].shapes[k].solid.bounds for i, k in keys)) if keys else ((), ())
    order = sorted(range(len(keys)), key=lambda n: lo[n][0])
    pairs = []
    for n, p in enumerate(order):
        (plx, ply, plz), (phx, phy, phz) = lo[p], hi[p]
        for m in range(n + 1, len(order)):
            q = order[m]
            (qlx, qly, qlz), (qhx, qhy, qhz) = lo[q], hi[q]
            if qlx > phx:
                break  # sorted by where they start along x: none further meets
            if (
                keys[q][0] != keys[p][0]
                and qly <= phy
                and qlz <= phz
                and plx <= qhx
                and ply <= qhy
                and plz <= qhz
            ):
                pairs.append((keys[p], keys[q]) if keys[p] < keys[q] else (keys[q], keys[p]))
    return sorted(pairs, key=lambda pq: (pq[0][0], pq[1][0], pq[0][1], pq[1][1]))


def _report_parts(robot, placed, out, sa, sb, a, b, hit, wells, to_ground) -> None:
    deep, at, corners = hit
    # the one declared later is the one the finding points at (its glue put it there)
    mover, still, ms, ss = (a, b, sa, sb) if declared_later(a, b) else (b, a, sb, sa)
    message = _reaches_into(ms.describe(), ss.describe(), deep, at, wells)
    helps = []
    for s, c in ((ms, mover), (ss, still)):
        if s.link is not None:
            helps.append(_link_help(c, s, robot))
    mated = next(
        ((child, host) for child, host in ((a, b), (b, a)) if child.parent == host.name), None
    )
    if mated is not None and ms.link is None and ss.link is None:
        child, host = mated
        existing = next((w for w in wells if w.owner == host.name), None)
        h = _well_help(
            robot,
            placed,
            host,
            child.host_connector,
            corners,
            existing,
            f"what of '{child.name}' sits in '{host.name}'",
        )
        if h:
            helps.append(h)
    helps.append(
        "or give one of them a tighter collision shape (a hull) where a box reaches over the other"
    )
    helps.append(f"or move '{mover.name}' at least {_mm(deep)} clear (its glue)")
    out.warning(
        PARTS,
        message,
        where(mover),
        components=(mover.name, still.name),
        at=to_ground(at),
        label="overlaps another part",
        labels=_placed_here(still),
        help=helps,
    )

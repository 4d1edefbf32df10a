"""Where the robot stands: the ground plane, what touches it, the support polygon, and the
rule ``validation.assembly.wheels_touch_one_plane``.

Supports are of two sorts. Those that must touch: every wheel (its cylinder's lowest
point), every caster (the bottom of its sphere), each end of every track's run on the ground,
and every foot of a legged robot. Those that touch when they reach: the ground contacts parts
declare (spheres), counted when they come within 2 mm of the plane the others stand on.

The ground is a plane under every support (none reaches below it) that leaves the highest
of them as little above it as can be: found from the supports' lowest points, and again from
the lowest points along its own normal until it settles, so a robot with larger rear wheels
stands tilted on all four. The supports stand on one plane when that highest one is within
2 mm of it. (For four wheels whose lowest points are twisted by t, the plane meets two
opposite wheels and leaves the other two t/2 above it.)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import field

import numpy as np

from ..library.model import Foot
from ..model.frames import ground_basis, norm, unit_or_zero
from ..model.robot import Component, Robot
from ..recordtype import mutable_record, record
from . import smalllp
from .geometry import Round
from .model import Findings
from .placed import Placed, placed_contacts
from .placement import Track, Wheel, where
from .planar import convex_polygon

CODE = "validation.assembly.wheels_touch_one_plane"
#: how far from one plane the supports may be
PLANE_TOLERANCE = 0.002
#: the steepest plane taken for the ground, against base_link's z (beyond it the robot lies
#: on its side, and the plane found is not a ground)
MAX_TILT_RAD = math.radians(30)
UP = np.array([0.0, 0.0, 1.0])


@record(eq=False)
class Support:
    component: Component
    kind: str  # wheel | caster | track | contact | foot
    label: str  # for messages
    lowest_point: Callable[[np.ndarray], np.ndarray]
    contact: Callable[[np.ndarray], np.ndarray]  # the point it bears on, for the polygon
    must_touch: bool
    foot: Foot | None = None  # a foot's declaration (kind "foot"), in its component's part

    def height(self, n: np.ndarray) -> float:
        return float(self.lowest_point(n) @ n)


@mutable_record
class Ground:
    normal: np.ndarray
    offset: float  # the plane: normal . x = offset (base_link)
    origin: np.ndarray  # base_footprint: the base_link origin moved onto it along normal
    ex: np.ndarray
    ey: np.ndarray
    supports: list[Support]  # those that bear on it
    spread: float  # how far the highest of them stands above it
    decided: bool  # enough supports to judge a plane
    polygon: list[tuple[float, float]] = field(default_factory=list)

    def to_ground(self, p) -> tuple[float, float]:
        d = np.asarray(p, dtype=float) - self.origin
        return float(d @ self.ex), float(d @ self.ey)

    @property
    def z(self) -> float:
        return float(self.origin[2])

    @property
    def ok(self) -> bool:
        """The supports stand on it (when fewer than three bound no plane, it is taken level
        under them: a robot on two wheels still has a ground, and tips over on it)."""
        return self.spread <= PLANE_TOLERANCE


# -- supports --------------------------------------------------------------------------------


def _wheel_support(w: Wheel) -> Support:
    c, a, R, half = w.centre, w.axis, w.radius, w.width / 2

    if w.caster:
        return Support(
            w.component,
            "caster",
            f"caster '{w.component.name}'",
            lambda n: c - R * n,
            lambda n: c - R * n,
            True,
        )

    def radial(n):
        r = n - (n @ a) * a
        return unit_or_zero(r) if norm(r) > 1e-12 else np.zeros(3)

    def lowest(n):
        s = 1.0 if n @ a >= 0 else -1.0
        return c - R * radial(n) - s * half * a

    return Support(
        w.component,
        "wheel",
        f"wheel '{w.component.name}'",
        lowest,
        lambda n: c - R * radial(n),
        True,
    )


def _track_supports(t: Track) -> list[Support]:
    out = []
    for end in ("from", "to"):
        corners = t.run_corners(end)
        mid = corners.mean(axis=0)
        out.append(
            Support(
                t.component,
                "track",
                f"the {end} end of track '{t.component.name}'s run",
                _lowest_of(corners, 0.0),
                _always(mid),
                True,
            )
        )
    return out


# A support's points as functions of the ground's normal n, each over the points it is made
# with (a function made in a loop keeps its own).
Towards = Callable[[np.ndarray], np.ndarray]


def _always(p: np.ndarray) -> Towards:
    return lambda n: p


def _below(p: np.ndarray, r: float) -> Towards:
    """The point of the ball of radius ``r`` about ``p`` furthest along -n."""
    return lambda n: p - r * n


def _lowest_of(points: np.ndarray, r: float) -> Towards:
    """The lowest of ``points`` along n, then ``r`` further down (r = 0.0: the point)."""
    if not r:
        return lambda n: points[int(np.argmin(points @ n))]
    return lambda n: points[int(np.argmin(points @ n))] - r * n


def _bearing_of(points: np.ndarray, r: float) -> Towards:
    """The middle of the lowest of ``points`` (within PLANE_TOLERANCE), ``r`` further down."""

    def bears(n: np.ndarray) -> np.ndarray:
        h = points @ n
        middle = points[h <= h.min() + PLANE_TOLERANCE].mean(axis=0)
        return middle - r * n if r else middle

    return bears


def _contact_supports(robot: Robot, placed: Placed) -> list[Support]:
    out = []
    for c, i, k, centre in placed_contacts(robot, placed):
        what = f" ({k.note})" if k.note else ""
        out.append(
            Support(
                c,
                "contact",
                f"contact {i} of '{c.name}'{what}",
                _below(centre, k.radius),
                _below(centre, k.radius),
                False,
            )
        )
    return out


def _foot_supports(placed: Placed) -> list[Support]:
    out = []
    for held in placed.feet:
        c, foot, solid = held.component, held.foot, held.solid
        if isinstance(solid, Round):
            ends = np.array([solid.a, solid.b])
            low, bears = _lowest_of(ends, solid.radius), _bearing_of(ends, solid.radius)
        else:
            low, bears = _lowest_of(solid.vertices, 0.0), _bearing_of(solid.vertices, 0.0)
        out.append(Support(c, "foot", f"foot '{c.name}.{foot.name}'", low, bears, True, foot=foot))
    return out


def supports(robot: Robot, placed: Placed) -> tuple[list[Support], list[Support]]:
    """(those that must touch, ground contacts)."""
    must: list[Support] = []
    for w in placed.wheels:
        must.append(_wheel_support(w))
    for t in placed.tracks:
        must.extend(_track_supports(t))
    must.extend(_foot_supports(placed))
    return must, _contact_supports(robot, placed)


# -- the plane -------------------------------------------------------------------------------


def _spans_area(points: np.ndarray) -> bool:
    if len(points) < 3:
        return False
    xy = points[:, :2] - points[:, :2].mean(axis=0)
    s = np.linalg.svd(xy, compute_uv=False)
    return len(s) >= 2 and s[1] > 1e-6


def _fit(sups: list[Support]) -> np.ndarray:
    """The normal of the plane under the supports' lowest points that leaves the highest of
    them least above it (measured vertically), settled by refitting along each new normal."""
    n = UP
    limit = math.tan(MAX_TILT_RAD)
    for _ in range(12):
        pts = np.array([s.lowest_point(n) for s in sups])
        if not _spans_area(pts):
            return UP
        # variables alpha, beta, gamma, e: 0 <= z_i - (alpha x_i + beta y_i + gamma) <= e
        found = _least_spread_plane(pts, limit)
        if found is None:
            return n
        alpha, beta = found
        new = unit_or_zero(np.array([-alpha, -beta, 1.0]))
        if norm(new - n) < 1e-12:
            return new
        n = new
    return n


def _least_spread_plane(pts: np.ndarray, limit: float) -> tuple[float, float] | None:
    """The slopes (alpha, beta), each within ``limit``, of the plane z = alpha x + beta y +
    gamma under every point that leaves the highest least above it: a linear program in
    (alpha, beta, gamma, e), walked from the level plane under the lowest point."""
    x, y, z = pts[:, 0], pts[:, 1], pts[:, 2]
    ones, zeros = np.ones(len(pts)), np.zeros(len(pts))
    G = np.vstack(
        [
            np.column_stack([-x, -y, -ones, -ones]),  # z - plane <= e
            np.column_stack([x, y, ones, zeros]),  # plane <= z
            [[1, 0, 0, 0], [-1, 0, 0, 0], [0, 1, 0, 0], [0, -1, 0, 0], [0, 0, 0, -1]],
        ]
    )
    h = np.concatenate([-z, z, [limit, limit, limit, limit, 0.0]])
    start = np.array([0.0, 0.0, float(z.min()), float(z.max() - z.min())])
    best = smalllp.maximize(np.array([0.0, 0.0, 0.0, -1.0]), G, h, start)
    return None if best is None else (float(best[0]), float(best[1]))


def _settle(sups: list[Support], n: np.ndarray) -> tuple[float, float]:
    h = [s.height(n) for s in sups]
    return min(h), max(h) - min(h)


def find_ground(robot: Robot, placed: Placed) -> Ground | None:
    must, contacts = supports(robot, placed)
    if not must and not contacts:
        return None
    fitted = must
    if len(must) >= 3 and _spans_area(np.array([s.lowest_point(UP) for s in must])):
        n = _fit(must)
    elif len(must) == 2 and contacts:
        # two wheels and contacts: the robot rests on the contact that keeps it most level
        # among those it can rest on (no contact reaching below the plane)
        best = None
        for c in contacts:
            trial = _fit(must + [c])
            d, _ = _settle(must + [c], trial)
            if all(k.height(trial) >= d - PLANE_TOLERANCE for k in contacts):
                if best is None or trial[2] > best[2] + 1e-12:
                    best = trial
        n = best if best is not None else _fit(must + contacts)
        fitted = must + contacts
    else:
        n = _fit(must + contacts)
        fitted = must + contacts
    d = min(s.height(n) for s in fitted)
    bearing = must + [c for c in contacts if c.height(n) <= d + PLANE_TOLERANCE]
    if len(bearing) != len(fitted) and _spans_area(np.array([s.lowest_point(n) for s in bearing])):
        n = _fit(bearing)
    d, spread = _settle(bearing, n)
    origin = d * n
    ex, ey = ground_basis(n)
    decided = len(bearing) >= 3 and _spans_area(np.array([s.lowest_point(n) for s in bearing]))
    g = Ground(n, d, origin, ex, ey, bearing, spread, decided)
    if spread <= PLANE_TOLERANCE:
        g.polygon = convex_polygon([g.to_ground(s.contact(n)) for s in bearing])
    return g


# -- the rule --------------------------------------------------------------------------------


def check_plane(robot: Robot, ground: Ground | None, out: Findings) -> None:
    if ground is None or not ground.decided or ground.spread <= PLANE_TOLERANCE:
        return
    if any(s.kind == "foot" for s in ground.supports):
        return  # judged with the feet by legged.check_feet (feet_touch_the_ground)
    sups = ground.supports
    # the support whose leaving out lets the others stand on one plane is the odd one. The
    # robot rests on a plane no support reaches below: when leaving out exactly one support
    # gives such a plane (it stands above the plane of the others, in the air), that is where
    # the robot rests, and it is the odd one, even when another leaves the rest on a plane it
    # reaches below by more (that plane is no ground). When several do, the robot rocks
    # between them (a twisted four-wheeler) and when none does, no such plane decides: then
    # the odd one is the support off the most level plane of the rest, the one the chassis
    # was laid out for, and the farthest off among equals.
    found = []
    for i, s in enumerate(sups):
        rest = sups[:i] + sups[i + 1 :]
        if len(rest) < 3 or not _spans_area(np.array([r.lowest_point(UP) for r in rest])):
            continue
        n = _fit(rest)
        d, spread = _settle(rest, n)
        if spread <= PLANE_TOLERANCE:
            found.append((s, s.height(n) - d, n, d))
    hanging = [f for f in found if f[1] > PLANE_TOLERANCE]
    odd = None
    if len(hanging) == 1:
        odd = hanging[0]
    elif found:
        odd = max(found, key=lambda f: (round(float(f[2] @ UP), 9), abs(f[1])))
    if odd is not None:
        s, off, n, d = odd
        if off > 0:
            how = f"stands {off * 1000:.1f} mm above the plane the others stand on"
            hint = (
                "lower it by that much (its glue, or a mount lower on the chassis), or "
                "raise the others"
            )
        else:
            how = f"reaches {-off * 1000:.1f} mm below the plane the others stand on"
            hint = "raise it by that much, or lower the others"
        message = f"the supports do not stand on one plane: {s.label} {how}"
        subject = s.component
        at = ground.to_ground(s.lowest_point(ground.normal))
        helps = [hint, f"supports must lie within {PLANE_TOLERANCE * 1000:g} mm of one plane"]
    else:
        heights = [(s.height(ground.normal) - ground.offset, s) for s in sups]
        top, s = max(heights, key=lambda h: h[0])
        message = (
            f"the supports do not stand on one plane: they spread "
            f"{ground.spread * 1000:.1f} mm about the best plane; {s.label} stands "
            f"{top * 1000:.1f} mm above the lowest"
        )
        subject = s.component
        at = ground.to_ground(s.lowest_point(ground.normal))
        helps = [
            f"place the wheels, casters and tracks so that their lowest points lie within "
            f"{PLANE_TOLERANCE * 1000:g} mm of one plane"
        ]
    out.error(
        CODE,
        message,
        where(subject),
        components=(subject.name,),
        at=at,
        label="off the ground plane",
        help=helps,
    )

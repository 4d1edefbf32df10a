"""The servos of a robot walking by its gait: each one's expected peak torque at the speeds
the task asks (docs/analysis.md, "Servos while walking").

The gait states its period, duty and step height, and how it moves each foot: on the floor
the foot goes back under the body at the speed asked, in the air it rises along
``(1 - cos 2 pi u) / 2`` and swings forward along a cycloid to land half a stride ahead.
Each leg is moved along that plan through its joints (the product of the joints' turns
about their axes as placed at the holds, solved for the foot by damped least squares), and
each servo's torque worked out along it, the trunk held level:

- on the floor, the push of the ground on the foot: its standing share of the weight times
  the feet there are over the fewest feet down with it (a trot carries the robot on two),
  and the push for the command's ramp (``RAMP`` m/s each second, the robot's whole mass,
  shared so too), either way;
- the legs' own dynamics along the plan: each link's weight, the force and the turn its
  motion needs (its centre of mass's acceleration, its angular acceleration and its
  gyroscopic term), the joints' armature;
- the joints' damping at the planned rate and their friction.

The strides are those of the speed asked plus the most the gait trims them by when the body
falls short (``TRIM``). The largest torque over the period is the bound.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain

import numpy as np

from ..diagnostics import Label, Severity
from ..library.model import Part
from ..model.robot import Robot
from .ground import Ground
from .model import Findings, WalkingPeak, clean
from .placement import Body
from .servos import GRAVITY, FootLoad, JointLoad

#: the command moves toward the asked one by at most this, m/s each second (the mjcf
#: target's controller description for a gait, ``GAIT_AX``)
RAMP = 1.0
#: the most the gait lengthens the strides by when the body falls short, m/s ahead and aside,
#: rad/s turning (mobiledsl/sim/gait.py, ``TRIM_MOST``)
TRIM = (0.15, 0.15, 0.3)
#: the ground's push across the way a foot goes, as a share of its push up: the trunk rocks
#: about the two feet of a trot, and the feet hold it (with TRACKING, this covers the demo
#: quad's abduction walking 0.6 m/s, 0.83 N·m measured; docs/legged.md, "Servos while
#: walking")
SIDEWAYS = 0.2
#: what the servos' following of the plan adds to the planned torques (a servo lags the plan
#: and catches up: the knees measured up to about 1.25 times the plan, the demo's and the
#: Go2-class's, docs/legged.md)
TRACKING = 1.35
SWING_SAMPLES = 24
STANCE_SAMPLES = 8
IK_STEPS = 30
DAMPED = 1e-4


@dataclass
class LegLink:
    mass: float
    com: np.ndarray  # base_link, at the holds
    inertia: np.ndarray  # about its centre of mass, base_link axes, at the holds
    depth: int  # how many of the leg's joints (from the root) move it


@dataclass
class Leg:
    """One foot and the servos between it and the trunk, as placed at the holds."""

    name: str  # component.foot
    joints: list[JointLoad]  # from the trunk down
    foot: np.ndarray  # where it bears, base_link
    force: float  # its standing share of the weight, N
    links: list[LegLink] = field(default_factory=list)

    def __post_init__(self) -> None:
        # the joints' origins and axes and the foot as plain floats: the plan solves the leg
        # some thousand times a walk, and numpy's cost on one 3-vector is most of a solve
        self.frame = tuple((_floats(j.origin), _floats(j.axis)) for j in self.joints)
        self.tip = _floats(self.foot)


def _floats(v) -> tuple[float, float, float]:
    return (float(v[0]), float(v[1]), float(v[2]))


def _cross(a, b) -> np.ndarray:
    """a x b of two 3-vectors (numpy's cross is slow on one pair)."""
    return np.array(
        [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
    )


def _crosses(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """a x b along the last index of two stacks of 3-vectors (as np.cross, without its
    axis shuffling, which costs more than the products on a phase's few samples)."""
    a0, a1, a2 = a[..., 0], a[..., 1], a[..., 2]
    b0, b1, b2 = b[..., 0], b[..., 1], b[..., 2]
    return np.stack((a1 * b2 - a2 * b1, a2 * b0 - a0 * b2, a0 * b1 - a1 * b0), axis=-1)


_EYE = (1.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 1.0)


class _Turned:
    """The leg with its joints turned by ``delta`` from the holds, in plain floats: each
    joint's axis and origin, the turn and shift that carry a point of the links below it,
    and the foot."""

    __slots__ = ("axes", "origins", "rots", "shifts", "foot")

    def __init__(self, leg: Leg, delta) -> None:
        # written out term by term: this runs a few thousand times a walk, and a call or a
        # generator per 3-vector costs more than the arithmetic
        r0, r1, r2, r3, r4, r5, r6, r7, r8 = _EYE
        sx = sy = sz = 0.0
        self.axes, self.origins, self.rots, self.shifts = [], [], [], []
        for ((px, py, pz), (qx, qy, qz)), d in zip(leg.frame, delta):
            ox = r0 * px + r1 * py + r2 * pz + sx
            oy = r3 * px + r4 * py + r5 * pz + sy
            oz = r6 * px + r7 * py + r8 * pz + sz
            x = r0 * qx + r1 * qy + r2 * qz
            y = r3 * qx + r4 * qy + r5 * qz
            z = r6 * qx + r7 * qy + r8 * qz
            # the turn by d about the joint's axis (x, y, z) as the leg is now placed
            c, s = math.cos(d), math.sin(d)
            t = 1.0 - c
            t0, t1, t2 = t * x * x + c, t * x * y - s * z, t * x * z + s * y
            t3, t4, t5 = t * x * y + s * z, t * y * y + c, t * y * z - s * x
            t6, t7, t8 = t * x * z - s * y, t * y * z + s * x, t * z * z + c
            r0, r1, r2, r3, r4, r5, r6, r7, r8 = (
                t0 * r0 + t1 * r3 + t2 * r6,
                t0 * r1 + t1 * r4 + t2 * r7,
                t0 * r2 + t1 * r5 + t2 * r8,
                t3 * r0 + t4 * r3 + t5 * r6,
                t3 * r1 + t4 * r4 + t5 * r7,
                t3 * r2 + t4 * r5 + t5 * r8,
                t6 * r0 + t7 * r3 + t8 * r6,
                t6 * r1 + t7 * r4 + t8 * r7,
                t6 * r2 + t7 * r5 + t8 * r8,
            )
            ux, uy, uz = sx - ox, sy - oy, sz - oz
            sx = t0 * ux + t1 * uy + t2 * uz + ox
            sy = t3 * ux + t4 * uy + t5 * uz + oy
            sz = t6 * ux + t7 * uy + t8 * uz + oz
            self.axes.append((x, y, z))
            self.origins.append((ox, oy, oz))
            self.rots.append((r0, r1, r2, r3, r4, r5, r6, r7, r8))
            self.shifts.append((sx, sy, sz))
        fx, fy, fz = leg.tip
        self.foot = (
            r0 * fx + r1 * fy + r2 * fz + sx,
            r3 * fx + r4 * fy + r5 * fz + sy,
            r6 * fx + r7 * fy + r8 * fz + sz,
        )

    def columns(self) -> list[tuple[float, float, float]]:
        """The jacobian's columns: how the foot moves per radian of each joint."""
        fx, fy, fz = self.foot
        out = []
        for (ax, ay, az), (ox, oy, oz) in zip(self.axes, self.origins):
            rx, ry, rz = fx - ox, fy - oy, fz - oz
            out.append((ay * rz - az * ry, az * rx - ax * rz, ax * ry - ay * rx))
        return out


def _damped(columns, v) -> list[float]:
    """The joints' rates moving the foot at ``v`` by damped least squares:
    ``J^T (J J^T + DAMPED I)^-1 v``, the 3x3 solved by its cofactors."""
    m00 = m11 = m22 = DAMPED
    m01 = m02 = m12 = 0.0
    for x, y, z in columns:
        m00 += x * x
        m01 += x * y
        m02 += x * z
        m11 += y * y
        m12 += y * z
        m22 += z * z
    c00, c01, c02 = m11 * m22 - m12 * m12, m02 * m12 - m01 * m22, m01 * m12 - m02 * m11
    c11, c12, c22 = m00 * m22 - m02 * m02, m01 * m02 - m00 * m12, m00 * m11 - m01 * m01
    det = m00 * c00 + m01 * c01 + m02 * c02
    x = (c00 * v[0] + c01 * v[1] + c02 * v[2]) / det
    y = (c01 * v[0] + c11 * v[1] + c12 * v[2]) / det
    z = (c02 * v[0] + c12 * v[1] + c22 * v[2]) / det
    return [cx * x + cy * y + cz * z for cx, cy, cz in columns]


class LegPose:
    """The leg with its joints turned by ``delta`` from the holds: each joint's axis and
    origin, and the turn and shift that carry a point of the links below it (numpy arrays,
    for whoever looks at one pose; the plan itself keeps the plain floats)."""

    def __init__(self, leg: Leg, delta: np.ndarray, turned: _Turned | None = None):
        t = turned if turned is not None else _Turned(leg, delta)
        self.axes = [np.array(a) for a in t.axes]
        self.origins = [np.array(o) for o in t.origins]
        self.rots = [np.array(r).reshape(3, 3) for r in t.rots]
        self.shifts = [np.array(s) for s in t.shifts]
        self.foot = np.array(t.foot)
        self._columns = t.columns()

    def jacobian(self) -> np.ndarray:
        return np.array(self._columns).T.reshape(3, len(self._columns))

    def carry(self, depth: int, p: np.ndarray) -> np.ndarray:
        return p if depth == 0 else self.rots[depth - 1] @ p + self.shifts[depth - 1]


def _solve_turned(leg: Leg, target, start: list[float]) -> tuple[list[float], _Turned]:
    """The joints' turns putting the foot at ``target``, by damped least squares from
    ``start``."""
    delta = list(start)
    pose = _Turned(leg, delta)
    tx, ty, tz = target
    for _ in range(IK_STEPS):
        fx, fy, fz = pose.foot
        err = (tx - fx, ty - fy, tz - fz)
        if err[0] * err[0] + err[1] * err[1] + err[2] * err[2] < 1e-14:
            break
        delta = [d + s for d, s in zip(delta, _damped(pose.columns(), err))]
        pose = _Turned(leg, delta)
    return delta, pose


def _solve(leg: Leg, target: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, LegPose]:
    delta, turned = _solve_turned(leg, _floats(target), [float(d) for d in start])
    return np.array(delta), LegPose(leg, np.array(delta), turned)


@dataclass(frozen=True)
class Plan:
    """The gait as its controller states it."""

    period: float
    duty: float
    step_height: float


def _smooth(u):
    """The swing's progress forward (a cycloid) and its rate, per unit of ``u``."""
    w = 2 * math.pi
    return u - np.sin(w * u) / w, 1 - np.cos(w * u)


def _swing_path(plan: Plan, home, half, up, t) -> tuple[np.ndarray, np.ndarray]:
    """Where the plan puts a foot in the air ``t`` seconds after it lifts (base_link), and
    its velocity against the trunk: from half a stride behind home to half a stride ahead.
    ``t`` may be an array of times (then one row for each)."""
    swing = (1 - plan.duty) * plan.period
    u = t / swing
    s, ds = _smooth(u)
    lift = (1 - np.cos(2 * math.pi * u)) / 2
    dlift = math.pi * np.sin(2 * math.pi * u)
    along = np.multiply.outer
    p = home - half + along(2 * s, half) + along(plan.step_height * lift, up)
    return p, (along(2 * ds, half) + along(plan.step_height * dlift, up)) / swing


def _stance_path(plan: Plan, home, half, stride_v, t) -> tuple[np.ndarray, np.ndarray]:
    """Where a foot on the floor is ``t`` seconds after it lands: going back under the body.
    ``t`` may be an array of times (then one row for each)."""
    t = np.asarray(t, float)
    return home + half - np.multiply.outer(t, stride_v), np.broadcast_to(-stride_v, (*t.shape, 3))


def _phase(leg: Leg, path, duration: float, samples: int, start):
    """The leg along one phase of the plan, at ``samples`` times and one either side (so
    rates and accelerations come from neighbours): each time's pose and joint rates."""
    h = duration / samples
    # the plan's points all at once (numpy), the solves one after another (each starts
    # from the last), in plain floats
    points, velocities = path((np.arange(-1, samples + 1) + 0.5) * h)
    out, delta, rate = [], [float(d) for d in start], None
    for p, v in zip(points.tolist(), velocities.tolist()):
        # started where the last pose's rates carry the leg, the solve takes a step or two
        guess = delta if rate is None else [d + r * h for d, r in zip(delta, rate)]
        delta, pose = _solve_turned(leg, p, guess)
        rate = _damped(pose.columns(), v)
        out.append((pose, rate))
    return out, h, delta


def leg_peaks(
    leg: Leg,
    plan: Plan,
    stride_v: np.ndarray,
    pushes: list[np.ndarray],
    up: np.ndarray,
    known: dict | None = None,
) -> np.ndarray:
    """The largest torque of each of the leg's servos over a period, N m, walking with the
    floor moving under the foot at ``stride_v`` (base_link, along the ground), the ground
    pushing it by the worst of ``pushes`` (N) while it is down. ``known`` keeps the legs'
    motions walked already, by ``shape_of`` and stride, for another leg of that shape."""
    key = (shape_of(leg), tuple(float(v) for v in stride_v))
    if known is None or key not in known:
        motion = _motion(leg, plan, stride_v, up)
        if known is not None:
            known[key] = motion
    else:
        motion = known[key]
    peak = np.zeros(len(leg.joints))
    friction = np.array([j.servo.frictionloss for j in leg.joints])
    for torque, levers in motion:
        if levers is not None:  # the ground's push, the worst way for each servo
            torque = np.max(
                np.abs(torque[:, None, :] + np.einsum("pk,mjk->mpj", np.array(pushes), levers)),
                axis=1,
            )
        peak = np.maximum(peak, np.max(np.abs(torque) + friction, axis=0))
    return peak


def _motion(leg: Leg, plan: Plan, stride_v: np.ndarray, up: np.ndarray) -> list:
    """The leg along the plan, phase by phase (the swing, then the stance): the servos'
    torques moving it at each sample, and on the floor each servo's lever from the ground's
    push at the foot (None in the air)."""
    swing = (1 - plan.duty) * plan.period
    stance = plan.duty * plan.period
    half = stride_v * stance / 2
    delta = [0.0] * len(leg.joints)
    out = []
    for down, duration, samples, path in (
        (False, swing, SWING_SAMPLES, lambda t: _swing_path(plan, leg.foot, half, up, t)),
        (True, stance, STANCE_SAMPLES, lambda t: _stance_path(plan, leg.foot, half, stride_v, t)),
    ):
        states, h, delta = _phase(leg, path, duration, samples, delta)
        stack = _Stack(states)
        levers = (
            _crosses(stack.feet[1:-1, None, :] - stack.origins[1:-1], stack.axes[1:-1])
            if down
            else None
        )
        out.append((_torques(leg, stack, h, up), levers))
    return out


def shape_of(leg: Leg) -> tuple:
    """What the motion of a leg along the plan depends on: its joints and links as placed
    about its foot, and its servos' damping and armature. The plan moves a foot about its
    home, gravity and the ground's normal are the same under every foot, and each torque is
    a joint axis's component of moments about points of the leg: two legs of one shape, one
    shifted from the other, move alike and need the same torques to (their pushes from the
    ground, which differ, are added after). Rounded to SHAPE_DIGITS, so that the rounding
    of placing a part (1e-17 m) does not tell two legs apart."""
    foot = leg.tip

    def about(p) -> tuple[float, ...]:
        return _rounded(float(p[i]) - foot[i] for i in range(3))

    joints = tuple(
        (about(origin), _rounded(axis), j.servo.damping, j.servo.armature)
        for (origin, axis), j in zip(leg.frame, leg.joints)
    )
    links = tuple(
        (l.mass, about(l.com), _rounded(np.asarray(l.inertia, float).ravel().tolist()), l.depth)
        for l in leg.links
    )
    return joints, links


#: the decimals (m, kg m^2) two legs' shapes are compared to: far below what the torques show
SHAPE_DIGITS = 12


def _rounded(values) -> tuple[float, ...]:
    return tuple(round(v, SHAPE_DIGITS) + 0.0 for v in values)


class _Stack:
    """A phase's poses and rates stacked, sample by sample (the first index), for the
    torques to be worked out over all of them at once."""

    def __init__(self, states) -> None:
        poses = [p for p, _ in states]
        n = len(states)
        self.axes = _stacked((p.axes for p in poses), n, 3)
        self.origins = _stacked((p.origins for p in poses), n, 3)
        self.rots = _stacked((p.rots for p in poses), n, 3, 3)
        self.shifts = _stacked((p.shifts for p in poses), n, 3)
        self.feet = np.array([p.foot for p in poses])
        self.rates = np.array([r for _, r in states]).reshape(n, -1)


def _stacked(rows, n: int, *shape: int) -> np.ndarray:
    """Each sample's list of tuples of floats as one array of ``n`` rows of ``shape``
    (np.fromiter over the flattened floats: quicker than np.array on nested lists)."""
    flat = chain.from_iterable(chain.from_iterable(rows))
    return np.fromiter(flat, float).reshape(n, -1, *shape)


def _torques(leg: Leg, stack: _Stack, h: float, up: np.ndarray) -> np.ndarray:
    """Each servo's torque moving the leg (the links' weight and motion, the joints' damping
    and armature) at each sample but the first and last (their neighbours ``h`` seconds
    apart give the rates' and positions' changes): a row per sample. All links at once
    (the second index), each moved by the joints its ``depth`` counts."""
    accel = (stack.rates[2:] - stack.rates[:-2]) / (2 * h)
    rate, axes, origins = stack.rates[1:-1], stack.axes[1:-1], stack.origins[1:-1]
    torque = np.zeros(rate.shape)
    if leg.links:
        links = _Links(leg)
        last = links.depth - 1  # the joint each link turns with
        c = np.einsum("slij,lj->sli", stack.rots[:, last], links.com) + stack.shifts[:, last]
        a_c = (c[2:] - 2 * c[1:-1] + c[:-2]) / h**2
        omega = np.einsum("mjk,mj,lj->mlk", axes, rate, links.moved)
        alpha = np.einsum("mjk,mj,lj->mlk", axes, accel, links.moved)
        rot = stack.rots[1:-1][:, last]
        inertia = rot @ links.inertia @ rot.swapaxes(-1, -2)
        force = links.mass[:, None] * (a_c + GRAVITY * up)
        spin = np.einsum("mlij,mlj->mli", inertia, omega)
        moment = np.einsum("mlij,mlj->mli", inertia, alpha) + _crosses(omega, spin)
        arm = _crosses(c[1:-1, :, None, :] - origins[:, None], force[:, :, None, :])
        torque += np.einsum("mjk,mljk,lj->mj", axes, arm + moment[:, :, None, :], links.moved)
    servos = [j.servo for j in leg.joints]
    torque += np.array([s.damping for s in servos]) * rate
    torque += np.array([s.armature for s in servos]) * accel
    return torque


class _Links:
    """A leg's links stacked (the first index): mass, centre of mass, inertia, and which of
    the joints move each one."""

    def __init__(self, leg: Leg) -> None:
        self.mass = np.array([l.mass for l in leg.links])
        self.com = np.array([l.com for l in leg.links])
        self.inertia = np.array([l.inertia for l in leg.links])
        self.depth = np.array([l.depth for l in leg.links])
        self.moved = (np.arange(len(leg.joints))[None, :] < self.depth[:, None]).astype(float)


def _legs(
    robot: Robot,
    bodies: Sequence[Body],
    joints: list[JointLoad],
    feet: list[FootLoad],
) -> list[Leg]:
    by_name = {j.name: j for j in joints}
    out = []
    for foot in feet:
        chain = [by_name[k] for k in reversed(list(foot.sag)) if k in by_name]
        if not chain:
            continue
        leg = Leg(foot.name, chain, foot.point, foot.force)
        c = chain[0].component
        names = [j.link.name for j in chain]
        for b in bodies:
            if b.component is not c or b.link is None or b.inertial is None:
                continue
            above = _servos_of(b.part, b.link)
            if not set(above) <= set(names):
                continue  # on another branch of the part
            depth = max((names.index(k) + 1 for k in above), default=0)
            if depth == 0 or b.inertial.mass <= 0:
                continue
            i = b.inertial.inertia
            local = np.array([[i.ixx, i.ixy, i.ixz], [i.ixy, i.iyy, i.iyz], [i.ixz, i.iyz, i.izz]])
            r = b.frame.rotation
            leg.links.append(
                LegLink(
                    b.inertial.mass, b.frame.point(b.inertial.origin_xyz), r @ local @ r.T, depth
                )
            )
        out.append(leg)
    return out


def _servos_of(part: Part, link: str) -> list[str]:
    by_name = {l.name: l for l in part.links}
    out: list[str] = []
    name: str | None = link
    while name is not None and name in by_name and name not in out:
        l = by_name[name]
        if l.servo is not None and l.joint.type == "revolute":
            out.append(name)
        name = l.parent
    return out


# -- the robot walking at a twist ----------------------------------------------------------


def offsets_in_turn(points: list[tuple[float, float]]) -> list[float]:
    """Each foot's phase offset, as the gait takes them: in turn about their middle, every
    other one half a period apart."""
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    order = sorted(
        range(len(points)),
        key=lambda i: math.atan2(points[i][1] - cy, points[i][0] - cx) % (2 * math.pi),
    )
    out = [0.0] * len(points)
    for rank, i in enumerate(order):
        out[i] = 0.5 * (rank % 2)
    return out


def fewest_down(offsets: list[float], duty: float, steps: int = 400) -> list[int]:
    """For each foot, the fewest feet on the floor while it is (itself counted)."""
    out = [len(offsets)] * len(offsets)
    for k in range(steps):
        phase = (k + 0.5) / steps
        down = [(phase - o) % 1.0 >= 1.0 - duty for o in offsets]
        for i, d in enumerate(down):
            if d:
                out[i] = min(out[i], sum(down))
    return out


@dataclass
class Walk:
    """A robot's legs and its gait, ready to be walked at any twist."""

    legs: list[Leg]
    plan: Plan
    mass: float
    up: np.ndarray
    ex: np.ndarray
    ey: np.ndarray
    fewest: list[int]
    turn_gain: float

    known: dict = field(default_factory=dict)

    def peaks(self, twist: tuple[float, float, float]) -> dict[str, float]:
        """Each servo's expected peak torque walking at ``twist``, N m, by joint name."""
        key = tuple(round(float(v), 12) for v in twist)
        if key not in self.known:
            self.known[key] = self._peaks(key)
        return self.known[key]

    def _peaks(self, twist: tuple[float, ...]) -> dict[str, float]:
        planned = [v + math.copysign(t, v) if abs(v) > 1e-9 else 0.0 for v, t in zip(twist, TRIM)]
        vx, vy, wz = planned
        out: dict[str, float] = {}
        n = len(self.legs)
        motions: dict = {}  # the legs' of one shape are walked once
        for leg, few in zip(self.legs, self.fewest):
            px, py = float(leg.foot @ self.ex), float(leg.foot @ self.ey)
            stride = (vx - wz * py * self.turn_gain) * self.ex + (vy + wz * px) * self.ey
            along = stride / np.linalg.norm(stride) if np.linalg.norm(stride) > 1e-9 else self.ex
            bear = leg.force * n / few
            ramp = self.mass * RAMP / few * along
            side = SIDEWAYS * bear * _cross(self.up, along)
            pushes = [bear * self.up + a * ramp + b * side for a in (-1, 1) for b in (-1, 1)]
            peak = leg_peaks(leg, self.plan, stride, pushes, self.up, motions) * TRACKING
            for j, p in zip(leg.joints, peak):
                out[j.name] = max(out.get(j.name, 0.0), float(p))
        return out


def walk_of(
    robot: Robot,
    ground: Ground,
    bodies: Sequence[Body],
    mass: float,
    joints: list[JointLoad],
    feet: list[FootLoad],
    gait: dict,
) -> Walk | None:
    legs = _legs(robot, bodies, joints, feet)
    if len(legs) != len(feet) or not legs:
        return None
    plan = Plan(float(gait["period"]), float(gait["duty"]), float(gait["step_height"]))
    up = np.asarray(ground.normal, float)
    flat = [(float(l.foot @ ground.ex), float(l.foot @ ground.ey)) for l in legs]
    fewest = fewest_down(offsets_in_turn(flat), plan.duty)
    return Walk(
        legs,
        plan,
        mass,
        up,
        np.asarray(ground.ex, float),
        np.asarray(ground.ey, float),
        fewest,
        _turn_gain(legs, flat, ground),
    )


def _turn_gain(legs: list[Leg], flat, ground: Ground) -> float:
    """As the gait lengthens the strides of the sides of legs that cannot step across."""
    for leg in legs:
        if np.abs(ground.ey @ LegPose(leg, np.zeros(len(leg.joints))).jacobian()).max() > 1e-6:
            return 1.0
    cx = sum(p[0] for p in flat) / len(flat)
    cy = sum(p[1] for p in flat) / len(flat)
    reach = sum(abs(p[0] - cx) for p in flat) / len(flat)
    across = sum(abs(p[1] - cy) for p in flat) / len(flat)
    return 1.0 + (reach / across) ** 2 if across > 1e-6 else 1.0


# -- the asked speeds and the judgement --------------------------------------------------------


def asked_twists(task, gait) -> list[tuple[tuple[float, float, float], tuple[int, ...], str]]:
    """Each twist the task asks of the gait, with the steps that ask it and the words for it:
    a step's speed (within the gait's range), or the range's end when the step gives none.
    Without a task, the range's ends."""
    (back, ahead), (right, left), (cw, ccw) = gait.ahead, gait.aside, gait.turn
    out: dict[tuple[float, float, float], list[int]] = {}

    def add(twist, i):
        if any(abs(v) > 1e-9 for v in twist):
            out.setdefault(tuple(float(v) for v in twist), []).append(i)

    if task is None:
        for twist in (
            (ahead, 0, 0),
            (back, 0, 0),
            (0, left, 0),
            (0, right, 0),
            (0, 0, ccw),
            (0, 0, cw),
        ):
            add(twist, -1)
    for i, step in enumerate(task.steps if task else ()):
        speed = _number(step.args.get("speed_mps"))
        rate = _number(step.args.get("rate_rad_s"))
        lefts = step.args.get("direction") == "left"
        if step.kind in ("Advance", "Navigate"):
            add((_held(speed, ahead, True), 0, 0), i)
        elif step.kind == "BackUp":
            add((_held(speed, back, False), 0, 0), i)
        elif step.kind == "Strafe":
            add((0, _held(speed, left if lefts else right, lefts), 0), i)
        elif step.kind == "Spin":
            add((0, 0, _held(rate, ccw if lefts else cw, lefts)), i)
    return [(t, tuple(steps), describe(t)) for t, steps in out.items()]


def _held(asked: float | None, reach: float, positive: bool) -> float:
    """A step's speed (a size) as the signed twist the gait is told, held within the
    range's end ``reach`` on that side; the end itself when the step gives none."""
    if asked is None:
        return reach
    return min(asked, reach) if positive else max(-asked, reach)


def _number(v) -> float | None:
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else None


def describe(twist) -> str:
    vx, vy, wz = twist
    if wz:
        return f"turning {abs(wz):g} rad/s {'left' if wz > 0 else 'right'}"
    if vy:
        return f"{abs(vy):g} m/s to the {'left' if vy > 0 else 'right'}"
    return f"{abs(vx):g} m/s {'ahead' if vx > 0 else 'back'}"


PEAK_CODE = "validation.statics.gait_peak_torque"
PEAK_MARGIN_CODE = "validation.statics.gait_peak_margin"
#: a servo expected to peak beyond this share of its effort walking has little left for a
#: stumble, a slope or a push
WALK_SHARE = 0.8
#: a servo expected to peak beyond this multiple of its effort cannot carry the walk: the
#: bound runs 1.1-2.3 times the peaks measured in MuJoCo, and robots walked at the asked
#: speed with bounds up to 1.5 times their effort (a Go2-class at 0.6 m/s, its thighs
#: saturating in half the steps) and fell or fell short beyond 1.7 (the demo quad at 1 m/s,
#: a Go2-class at 1 m/s on kp 20)
CANNOT_SHARE = 1.6


def check_walking(
    robot: Robot,
    ground: Ground,
    bodies: Sequence[Body],
    mass: float,
    joints: list[JointLoad],
    feet: list[FootLoad],
    task,
    out: Findings,
) -> tuple[WalkingPeak, ...]:
    """Each servo's expected peak at each twist the task asks of the gait, judged against
    its effort: an error beyond it, a warning beyond WALK_SHARE of it (a warning at most when
    no task asks anything: the range's ends are then only what the robot may be told)."""
    part = robot.part_of(robot.chassis)
    assert part.controller is not None, "check_servos walks a robot by its chassis's gait"
    walk = walk_of(robot, ground, bodies, mass, joints, feet, part.controller["gait"])
    if walk is None or part.gait is None:
        return ()
    by_name = {j.name: j for j in joints}
    record: list[WalkingPeak] = []
    worst: dict[str, tuple] = {}  # joint -> (share, torque, twist, steps, words)
    for twist, steps, words in asked_twists(task, part.gait):
        for name, torque in walk.peaks(twist).items():
            j = by_name[name]
            record.append(
                WalkingPeak(
                    name, twist, steps if task else (), clean(torque), clean(j.servo.effort)
                )
            )
            share = torque / j.servo.effort
            if share > WALK_SHARE and share > worst.get(name, (0.0,))[0]:
                worst[name] = (share, torque, twist, steps, words)
    for name, (share, torque, twist, steps, words) in worst.items():
        _judge(by_name[name], share, torque, twist, steps, words, walk, task, out)
    return tuple(record)


#: the shares of an asked twist the speed that fits is looked for among
FIT_SHARES = (0.01, 0.125, 0.25, 0.375, 0.5, 0.625, 0.75, 0.875, 1.0)


def fitting_speed(walk: Walk, twist, name: str, most: float) -> float | None:
    """The largest share of ``twist`` at which the servo's expected peak is at most
    ``most`` (between the shares of FIT_SHARES, the peak taken as growing evenly), or None
    when even a creep (the gait's trim alone) asks more. The creep is tried first, then the
    shares from the top down, so a servo near its limit costs a walk or two, not one per
    share."""

    def peak(k: float) -> float:
        return walk.peaks(tuple(k * v for v in twist))[name]

    above = peak(FIT_SHARES[-1])
    if above <= most:
        return 1.0
    if peak(FIT_SHARES[0]) > most:
        return None
    for k0, k1 in zip(FIT_SHARES[-2::-1], FIT_SHARES[:0:-1]):
        p0 = peak(k0)
        if p0 <= most:
            return k0 + (k1 - k0) * (most - p0) / (above - p0)
        above = p0
    return None


def _judge(
    j: JointLoad, share, torque, twist, steps, words, walk: Walk, task, out: Findings
) -> None:
    effort = j.servo.effort
    error = share > CANNOT_SHARE and task is not None
    many = len(steps) > 1
    asked = (
        f"{words}, as step{'s' if many else ''} "
        f"{', '.join(str(i + 1) for i in steps)} of the task ask{'' if many else 's'}"
        if task is not None
        else f"{words}, the end of the gait's range"
    )
    labels = [
        Label(task.steps[i].span, "asks this speed")
        for i in steps
        if task is not None and task.steps[i].span is not None
    ][:1]
    speed = max(abs(v) for v in twist)
    unit = "rad/s" if twist[2] else "m/s"
    fits = fitting_speed(walk, twist, j.name, (1.0 if error else WALK_SHARE) * effort)
    slower = (
        (
            f"or ask for at most {math.floor(fits * speed * 100) / 100:g} {unit} there, "
            f"where the expected peak is {(1.0 if error else WALK_SHARE) * 100:.0f} % of "
            "its effort"
        )
        if fits is not None and fits * speed >= 0.01
        else (
            "no speed fits: even creeping the gait's step (period, duty, step_height) asks more "
            "of it; lower the step or lengthen the period"
        )
    )
    help = (
        f"use a servo of at least {torque / WALK_SHARE:.3g} N·m at "
        f"links.{j.link.name}.servo.effort in {j.part.file} (the expected peak with "
        f"{(1 - WALK_SHARE) * 100:.0f} % left)",
        slower,
    )
    message = (
        f"walking {asked}, the servo of '{j.name}' is expected to peak at "
        f"{torque:.2f} N·m, {share * 100:.0f} % of its effort of {effort:g} N·m"
    )
    note = (
        "the gait's plan at that speed: the ground's push on the fewest feet down, the "
        "legs' own dynamics, the joints' damping, times the servos' tracking "
        "(docs/analysis.md, Servos while walking)"
    )
    span = j.part.span(f"links.{j.link.name}.servo.effort")
    at = j.component.span or j.component.glue_span
    comp = (Label(at, f"'{j.component.name}'"),) if at else ()
    if error:
        severity, code, why = Severity.ERROR, PEAK_CODE, ": it cannot walk there"
    else:
        severity, code = Severity.WARNING, PEAK_MARGIN_CODE
        why = (
            f": beyond {WALK_SHARE * 100:.0f} % it has little left for a stumble or a slope"
            if share <= 1.0
            else ": beyond its effort, so it saturates through part of every "
            "step, with nothing left for a stumble, a slope or a push"
        )
    out.add(
        severity,
        code,
        message + why,
        span,
        components=(j.component.name,),
        label="the effort it has",
        labels=(*comp, *labels),
        help=help,
        notes=(note,),
    )


def expected_walk(robot: Robot) -> tuple[Walk, dict[str, float]]:
    """The walk of a robot that walks by its gait, and each servo's effort by joint name, as
    the analysis finds them (for a bench or a test to tell it any twist)."""
    from .ground import find_ground
    from .mass import mass_properties
    from .placed import place
    from .servos import stance_loads

    placed = place(robot)
    bodies = placed.bodies
    mp = mass_properties(bodies)
    unwalked = ValueError("the robot does not stand on its feet to walk by its chassis's gait")
    ground = find_ground(robot, placed)
    controller = robot.part_of(robot.chassis).controller
    if ground is None or controller is None:
        raise unwalked
    found = stance_loads(robot, ground, placed, mp.mass, np.asarray(mp.com, float))
    if found is None:
        raise unwalked
    joints, feet = found
    walk = walk_of(robot, ground, bodies, mp.mass, joints, feet, controller["gait"])
    if walk is None:
        raise unwalked
    return walk, {j.name: j.servo.effort for j in joints}

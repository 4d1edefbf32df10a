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
from dataclasses import dataclass, field

import numpy as np

from ..diagnostics import Label
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
    com: np.ndarray               # base_link, at the holds
    inertia: np.ndarray           # about its centre of mass, base_link axes, at the holds
    depth: int                    # how many of the leg's joints (from the root) move it


@dataclass
class Leg:
    """One foot and the servos between it and the trunk, as placed at the holds."""

    name: str                     # component.foot
    joints: list[JointLoad]       # from the trunk down
    foot: np.ndarray              # where it bears, base_link
    force: float                  # its standing share of the weight, N
    links: list[LegLink] = field(default_factory=list)


def _cross(a, b) -> np.ndarray:
    """a x b of two 3-vectors (numpy's cross is slow on one pair)."""
    return np.array([a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2],
                     a[0] * b[1] - a[1] * b[0]])


def _rotation(axis: np.ndarray, angle: float) -> np.ndarray:
    x, y, z = axis
    c, s, t = math.cos(angle), math.sin(angle), 1.0 - math.cos(angle)
    return np.array([[t * x * x + c, t * x * y - s * z, t * x * z + s * y],
                     [t * x * y + s * z, t * y * y + c, t * y * z - s * x],
                     [t * x * z - s * y, t * y * z + s * x, t * z * z + c]])


class LegPose:
    """The leg with its joints turned by ``delta`` from the holds: each joint's axis and
    origin, and the turn and shift that carry a point of the links below it."""

    def __init__(self, leg: Leg, delta: np.ndarray):
        rot, shift = np.eye(3), np.zeros(3)
        self.axes, self.origins, self.rots, self.shifts = [], [], [], []
        for j, d in zip(leg.joints, delta):
            o = rot @ j.origin + shift
            a = rot @ j.axis
            turn = _rotation(a, float(d))
            rot, shift = turn @ rot, turn @ (shift - o) + o
            self.axes.append(a)
            self.origins.append(o)
            self.rots.append(rot)
            self.shifts.append(shift)
        self.foot = rot @ leg.foot + shift

    def jacobian(self) -> np.ndarray:
        return np.column_stack([_cross(a, self.foot - o)
                                for a, o in zip(self.axes, self.origins)])

    def carry(self, depth: int, p: np.ndarray) -> np.ndarray:
        return p if depth == 0 else self.rots[depth - 1] @ p + self.shifts[depth - 1]


def _solve(leg: Leg, target: np.ndarray, start: np.ndarray) -> tuple[np.ndarray, LegPose]:
    delta = start.copy()
    pose = LegPose(leg, delta)
    for _ in range(IK_STEPS):
        err = target - pose.foot
        if float(err @ err) < 1e-14:
            break
        jac = pose.jacobian()
        delta = delta + jac.T @ np.linalg.solve(jac @ jac.T + DAMPED * np.eye(3), err)
        pose = LegPose(leg, delta)
    return delta, pose


def _rates(pose: LegPose, velocity: np.ndarray) -> np.ndarray:
    jac = pose.jacobian()
    return jac.T @ np.linalg.solve(jac @ jac.T + DAMPED * np.eye(3), velocity)


@dataclass(frozen=True)
class Plan:
    """The gait as its controller states it."""

    period: float
    duty: float
    step_height: float


def _smooth(u: float) -> tuple[float, float]:
    """The swing's progress forward (a cycloid) and its rate, per unit of ``u``."""
    w = 2 * math.pi
    return u - math.sin(w * u) / w, 1 - math.cos(w * u)


def _swing_path(plan: Plan, home, half, up, t: float) -> tuple[np.ndarray, np.ndarray]:
    """Where the plan puts a foot in the air ``t`` seconds after it lifts (base_link), and
    its velocity against the trunk: from half a stride behind home to half a stride ahead."""
    swing = (1 - plan.duty) * plan.period
    u = t / swing
    s, ds = _smooth(u)
    lift = (1 - math.cos(2 * math.pi * u)) / 2
    dlift = math.pi * math.sin(2 * math.pi * u)
    p = home - half + 2 * half * s + plan.step_height * lift * up
    return p, (2 * half * ds + plan.step_height * dlift * up) / swing


def _stance_path(plan: Plan, home, half, stride_v, t: float) -> tuple[np.ndarray, np.ndarray]:
    """Where a foot on the floor is ``t`` seconds after it lands: going back under the body."""
    return home + half - stride_v * t, -stride_v


def _phase(leg: Leg, path, duration: float, samples: int, start: np.ndarray):
    """The leg along one phase of the plan, at ``samples`` times and one either side (so
    rates and accelerations come from neighbours): each time's pose and joint rates."""
    h = duration / samples
    out, delta, rate = [], start, None
    for i in range(-1, samples + 1):
        p, v = path((i + 0.5) * h)
        # started where the last pose's rates carry the leg, the solve takes a step or two
        delta, pose = _solve(leg, p, delta if rate is None else delta + rate * h)
        rate = _rates(pose, v)
        out.append((pose, rate))
    return out, h, delta


def leg_peaks(leg: Leg, plan: Plan, stride_v: np.ndarray, pushes: list[np.ndarray],
              up: np.ndarray) -> np.ndarray:
    """The largest torque of each of the leg's servos over a period, N m, walking with the
    floor moving under the foot at ``stride_v`` (base_link, along the ground), the ground
    pushing it by the worst of ``pushes`` (N) while it is down."""
    swing = (1 - plan.duty) * plan.period
    stance = plan.duty * plan.period
    half = stride_v * stance / 2
    peak = np.zeros(len(leg.joints))
    delta = np.zeros(len(leg.joints))
    phases = []
    for down, duration, samples, path in (
            (False, swing, SWING_SAMPLES,
             lambda t: _swing_path(plan, leg.foot, half, up, t)),
            (True, stance, STANCE_SAMPLES,
             lambda t: _stance_path(plan, leg.foot, half, stride_v, t))):
        states, h, delta = _phase(leg, path, duration, samples, delta)
        phases.append((down, states, h))
    friction = np.array([j.servo.frictionloss for j in leg.joints])
    for down, states, h in phases:
        for k in range(1, len(states) - 1):
            torque = _torque(leg, states[k - 1:k + 2], h, up)
            pose = states[k][0]
            if down:        # the ground's push, the worst way for each servo
                levers = np.array([_cross(pose.foot - o, a) for a, o in
                                   zip(pose.axes, pose.origins)])
                torque = np.max(np.abs(torque[None, :] + np.array(pushes) @ levers.T), axis=0)
            peak = np.maximum(peak, np.abs(torque) + friction)
    return peak


def _torque(leg: Leg, states, h: float, up: np.ndarray) -> np.ndarray:
    """Each servo's torque moving the leg (the links' weight and motion, the joints' damping
    and armature) at the middle of three neighbouring states ``h`` seconds apart."""
    (pa, ra), (pose, rate), (pb, rb) = states
    accel = (rb - ra) / (2 * h)
    g = GRAVITY * up
    torque = np.zeros(len(leg.joints))
    for link in leg.links:
        c = [q.carry(link.depth, link.com) for q in (pa, pose, pb)]
        a_c = (c[2] - 2 * c[1] + c[0]) / h ** 2
        omega = sum((pose.axes[i] * rate[i] for i in range(link.depth)), np.zeros(3))
        alpha = sum((pose.axes[i] * accel[i] for i in range(link.depth)), np.zeros(3))
        rot = pose.rots[link.depth - 1]
        inertia = rot @ link.inertia @ rot.T
        force = link.mass * (a_c + g)
        moment = inertia @ alpha + _cross(omega, inertia @ omega)
        for i in range(link.depth):
            torque[i] += pose.axes[i] @ (_cross(c[1] - pose.origins[i], force) + moment)
    for i, j in enumerate(leg.joints):
        s = j.servo
        torque[i] += s.damping * rate[i] + s.armature * accel[i]
    return torque


def _legs(robot: Robot, bodies: list[Body], joints: list[JointLoad], feet: list[FootLoad],
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
                continue          # on another branch of the part
            depth = max((names.index(k) + 1 for k in above), default=0)
            if depth == 0 or b.inertial.mass <= 0:
                continue
            i = b.inertial.inertia
            local = np.array([[i.ixx, i.ixy, i.ixz], [i.ixy, i.iyy, i.iyz],
                              [i.ixz, i.iyz, i.izz]])
            r = b.frame.rotation
            leg.links.append(LegLink(b.inertial.mass, b.frame.point(b.inertial.origin_xyz),
                                     r @ local @ r.T, depth))
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
    order = sorted(range(len(points)),
                   key=lambda i: math.atan2(points[i][1] - cy, points[i][0] - cx) % (2 * math.pi))
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
        planned = [v + math.copysign(t, v) if abs(v) > 1e-9 else 0.0
                   for v, t in zip(twist, TRIM)]
        vx, vy, wz = planned
        out: dict[str, float] = {}
        n = len(self.legs)
        for leg, few in zip(self.legs, self.fewest):
            px, py = float(leg.foot @ self.ex), float(leg.foot @ self.ey)
            stride = (vx - wz * py * self.turn_gain) * self.ex + (vy + wz * px) * self.ey
            along = stride / np.linalg.norm(stride) if np.linalg.norm(stride) > 1e-9 \
                else self.ex
            bear = leg.force * n / few
            ramp = self.mass * RAMP / few * along
            side = SIDEWAYS * bear * _cross(self.up, along)
            pushes = [bear * self.up + a * ramp + b * side for a in (-1, 1) for b in (-1, 1)]
            peak = leg_peaks(leg, self.plan, stride, pushes, self.up) * TRACKING
            for j, p in zip(leg.joints, peak):
                out[j.name] = max(out.get(j.name, 0.0), float(p))
        return out


def walk_of(robot: Robot, ground: Ground, bodies: list[Body], mass: float,
            joints: list[JointLoad], feet: list[FootLoad], gait: dict) -> Walk | None:
    legs = _legs(robot, bodies, joints, feet)
    if len(legs) != len(feet) or not legs:
        return None
    plan = Plan(float(gait["period"]), float(gait["duty"]), float(gait["step_height"]))
    up = np.asarray(ground.normal, float)
    flat = [(float(l.foot @ ground.ex), float(l.foot @ ground.ey)) for l in legs]
    fewest = fewest_down(offsets_in_turn(flat), plan.duty)
    return Walk(legs, plan, mass, up, np.asarray(ground.ex, float),
                np.asarray(ground.ey, float), fewest, _turn_gain(legs, flat, ground))


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
        for twist in ((ahead, 0, 0), (back, 0, 0), (0, left, 0), (0, right, 0), (0, 0, ccw),
                      (0, 0, cw)):
            add(twist, -1)
    for i, step in enumerate(task.steps if task else ()):
        speed = _number(step.args.get("speed_mps"))
        rate = _number(step.args.get("rate_rad_s"))
        lefts = step.args.get("direction") == "left"
        if step.kind in ("Advance", "Navigate"):
            add((min(speed, ahead) if speed is not None else ahead, 0, 0), i)
        elif step.kind == "BackUp":
            add((max(-speed, back) if speed is not None else back, 0, 0), i)
        elif step.kind == "Strafe":
            reach = left if lefts else right
            add((0, (min(speed, reach) if lefts else max(-speed, reach))
                 if speed is not None else reach, 0), i)
        elif step.kind == "Spin":
            reach = ccw if lefts else cw
            add((0, 0, (min(rate, reach) if lefts else max(-rate, reach))
                 if rate is not None else reach), i)
    return [(t, tuple(steps), describe(t)) for t, steps in out.items()]


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


def check_walking(robot: Robot, ground: Ground, bodies: list[Body], mass: float,
                  joints: list[JointLoad], feet: list[FootLoad], task,
                  out: Findings) -> tuple[WalkingPeak, ...]:
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
    worst: dict[str, tuple] = {}        # joint -> (share, torque, twist, steps, words)
    for twist, steps, words in asked_twists(task, part.gait):
        for name, torque in walk.peaks(twist).items():
            j = by_name[name]
            record.append(WalkingPeak(name, twist, steps if task else (), clean(torque),
                                      clean(j.servo.effort)))
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


def _judge(j: JointLoad, share, torque, twist, steps, words, walk: Walk, task,
           out: Findings) -> None:
    effort = j.servo.effort
    error = share > 1.0 and task is not None
    many = len(steps) > 1
    asked = (f"{words}, as step{'s' if many else ''} "
             f"{', '.join(str(i + 1) for i in steps)} of the task ask{'' if many else 's'}"
             if task is not None else f"{words}, the end of the gait's range")
    labels = [Label(task.steps[i].span, "asks this speed") for i in steps
              if task is not None and task.steps[i].span is not None][:1]
    speed = max(abs(v) for v in twist)
    unit = "rad/s" if twist[2] else "m/s"
    fits = fitting_speed(walk, twist, j.name, (1.0 if error else WALK_SHARE) * effort)
    slower = (f"or ask for at most {math.floor(fits * speed * 100) / 100:g} {unit} there, "
              f"where the expected peak is {(1.0 if error else WALK_SHARE) * 100:.0f} % of "
              "its effort") if fits is not None and fits * speed >= 0.01 else \
        ("no speed fits: even creeping the gait's step (period, duty, step_height) asks more "
         "of it; lower the step or lengthen the period")
    help = (f"use a servo of at least {torque / WALK_SHARE:.3g} N·m at "
            f"links.{j.link.name}.servo.effort in {j.part.file} (the expected peak with "
            f"{(1 - WALK_SHARE) * 100:.0f} % left)", slower)
    message = (f"walking {asked}, the servo of '{j.name}' is expected to peak at "
               f"{torque:.2f} N·m, {share * 100:.0f} % of its effort of {effort:g} N·m")
    note = ("the gait's plan at that speed: the ground's push on the fewest feet down, the "
            "legs' own dynamics, the joints' damping, times the servos' tracking "
            "(docs/analysis.md, Servos while walking)")
    span = j.part.span(f"links.{j.link.name}.servo.effort")
    at = j.component.span or j.component.glue_span
    comp = (Label(at, f"'{j.component.name}'"),) if at else ()
    if error:
        out.error(PEAK_CODE, message + ": it cannot walk there", span,
                  components=(j.component.name,), label="the effort it has",
                  labels=(*comp, *labels), help=help, notes=(note,))
    else:
        out.warning(PEAK_MARGIN_CODE, message + (
            f": beyond {WALK_SHARE * 100:.0f} % it has little left for a stumble or a slope"
            if share <= 1.0 else ": beyond its effort, so told to walk there it cannot"),
            span, components=(j.component.name,), label="the effort it has",
            labels=(*comp, *labels), help=help, notes=(note,))


def expected_walk(robot: Robot) -> tuple[Walk, dict[str, float]]:
    """The walk of a robot that walks by its gait, and each servo's effort by joint name, as
    the analysis finds them (for a bench or a test to tell it any twist)."""
    from .ground import find_ground
    from .mass import mass_properties
    from .placement import bodies as place_bodies
    from .servos import stance_loads
    bodies = place_bodies(robot)
    mp = mass_properties(bodies)
    unwalked = ValueError("the robot does not stand on its feet to walk by its chassis's gait")
    ground = find_ground(robot)
    controller = robot.part_of(robot.chassis).controller
    if ground is None or controller is None:
        raise unwalked
    found = stance_loads(robot, ground, bodies, mp.mass, np.asarray(mp.com, float))
    if found is None:
        raise unwalked
    joints, feet = found
    walk = walk_of(robot, ground, bodies, mp.mass, joints, feet, controller["gait"])
    if walk is None:
        raise unwalked
    return walk, {j.name: j.servo.effort for j in joints}

"""How the base moves, and the task's steps judged against it (``validation.kinematics.*``).

Top speed: each driven wheel's motor no-load speed times the wheel's radius (a track: its
belt's travel per turn over 2 pi), over the driveline's reduction (1 on the motor's own
shaft); the base goes no faster than its slowest driven wheel. Undecided (None) when a driven
wheel has no motor, a driveline states no reduction, or a track states no travel. With the
robot's mass known, the top speed and the start are the motors' torque-speed line's under its
weight, each motor counted once however many wheels it turns (``motorline``).

Yaw rate at that speed (documented in docs/analysis.md):

- differential bases (Diff_two_caster): 2 v / W, the two sides running opposite at v, W the
  distance between the left and right contact lines;
- skid-steer bases (Diff_drive, Tracked): 2 v / W_eff, where the contacts slide sideways as
  the base turns, so their friction takes part of the wheels' pull: W_eff = W (a^2 + b^2) / b^2
  with b^2 the mean square of the contacts' distances from the middle across and a^2 along
  (a track's run of length l counts l^2 / 12 along), the effective track width of a skid-steer
  base whose sliding contacts balance the turn; and v the speed at which the motors' line still
  pulls what that sideways slide takes (mu m g a / sqrt(a^2 + b^2), of which a sliding contact
  passes 0.79, ``SCRUB_CONE``) with rolling resistance;
- Mecanum_four_wheel: v / (lx + ly), lx and ly half the wheelbase and half the track;
- Omni_drive, Omni_three_wheel: v / r, r the mean distance of the wheels from their middle;
- Tricycle, Ackermann: v tan(max steering angle) / L, L the wheelbase (steered to rear axle);
- Legged: the gait's largest turn.
"""

from __future__ import annotations

import dataclasses
import math

import numpy as np

from ..library.model import Gait
from ..model.frames import norm
from ..model.robot import Component, Robot
from ..model.vocabulary import CHASSIS_TYPES
from ..model.world import Step, Task
from ..targets.surfaces import TYRE_FRICTION
from .drivepower import check_base_moves, judge_reach, motor_figures, top_speed_text
from .model import Findings, Kinematics, StepVerdict, clean
from .motorline import GRAVITY, reduction_of, volts_share, wheel_limits
from .placed import Placed
from .placement import where

SPIN = "validation.kinematics.spin_supported"
STRAFE = "validation.kinematics.strafe_supported"
SPEED = "validation.kinematics.speed_supported"
WALK = "validation.kinematics.walk_supported"
TRAVEL = "validation.kinematics.tracks_state_their_travel"

SKIDDING = ("Diff_drive", "Tracked")

#: Of the tyres' friction, what a skidding contact passes on average as the base turns: the
#: MJCF's contacts (condim 3, MuJoCo's pyramidal cone) pass at most mu N / (|cos t| + |sin t|)
#: sliding at t to the contact's frame, which turns under a spinning base, so their mean over
#: the directions, 2 sqrt(2) ln(1 + sqrt(2)) / pi = 0.79 of mu N. Measured in a spin of a
#: Husky-class base (tests/fidelity/test_turn.py) the scrub took 0.8-0.97 of mu's figure;
#: with mu's whole figure the analysis stated no turn (0) where the model spun, and a third
#: below its rate near that threshold.
SCRUB_CONE = 2 * math.sqrt(2) * math.log(1 + math.sqrt(2)) / math.pi

SPINNERS = tuple(n for n, t in CHASSIS_TYPES.items() if t.spin)
HOLONOMIC = tuple(n for n, t in CHASSIS_TYPES.items() if t.holonomic)


def _wheel_speed(robot: Robot, c: Component) -> tuple[float | None, str]:
    """The rim (or belt) speed of a driven wheel or track at its motor's no-load speed."""
    part = robot.parts.get(c.part)
    if part is None:
        return None, ""
    if c.driven_by is None:
        return None, f"'{c.name}' has no motor declared, so its speed is not stated"
    try:
        motor = robot.component(c.driven_by)
    except KeyError:
        return None, ""
    mpart = robot.parts.get(motor.part)
    if mpart is None or mpart.motor is None:
        return None, ""
    omega = mpart.motor.no_load_speed_rad_s
    reduction = reduction_of(robot, c)
    if reduction is None or reduction <= 0:
        return None, f"the driveline turning '{c.name}' states no reduction"
    geared = f" / {reduction:g}" if reduction != 1.0 else ""
    if part.wheel is not None:
        v = omega * part.wheel.radius / reduction
        return v, (
            f"'{c.name}' on motor '{motor.name}': {omega:g} rad/s x {part.wheel.radius:g} m{geared}"
        )
    if part.track is not None:
        if part.track.travel_per_turn_m is None:
            return None, f"track '{c.name}' states no travel_per_turn_m"
        v = omega * part.track.travel_per_turn_m / (2 * math.pi) / reduction
        return v, (
            f"'{c.name}' on motor '{motor.name}': {omega:g} rad/s x "
            f"{part.track.travel_per_turn_m:g} m per turn / 2 pi{geared}"
        )
    return None, ""


def _top_speed(robot: Robot) -> tuple[float | None, str]:
    driven = [c for c in robot.components if c.driven]
    if not driven:
        return None, "no wheel is driven"
    best, why = None, ""
    for c in driven:
        v, text = _wheel_speed(robot, c)
        if v is None:
            return None, text
        if best is None or v < best:
            best, why = v, text
    return best, why


def _contact_points(placed: Placed, to_ground) -> list[tuple[Component, np.ndarray]]:
    pts = []
    for w in placed.wheels:
        if not w.caster:
            pts.append((w.component, np.array(to_ground(w.centre))))
    for t in placed.tracks:
        pts.append((t.component, np.array(to_ground((t.run_from + t.run_to) / 2))))
    return pts


def skid_factor(robot: Robot, placed: Placed) -> float:
    """How much wider than its contacts a skid-steer base turns (W_eff / W), 1 for any other
    base. The analysis' turn rate uses it, and records it (``Kinematics.skid_factor``) for
    the targets' twist maps and drive systems."""
    if robot.chassis_type not in SKIDDING:
        return 1.0
    pts = [
        (w.centre[0], w.centre[1], 0.0)
        for w in placed.wheels
        if not w.caster and w.component.driven
    ]
    pts += [
        (
            (t.run_from[0] + t.run_to[0]) / 2,
            (t.run_from[1] + t.run_to[1]) / 2,
            float(norm((t.run_to - t.run_from)[:2])) ** 2 / 12,
        )
        for t in placed.tracks
    ]
    if len(pts) < 2:
        return 1.0
    xy = np.array([p[:2] for p in pts], float)
    mid = xy.mean(axis=0)
    a2 = float(np.mean((xy[:, 0] - mid[0]) ** 2 + np.array([p[2] for p in pts])))
    b2 = float(np.mean((xy[:, 1] - mid[1]) ** 2))
    return (a2 + b2) / b2 if b2 > 0 else 1.0


def scrub_share(robot: Robot, placed: Placed) -> float:
    """Of a skid-steer base's weight times its tyres' friction, the pull its wheels must give
    to turn it in place: 0 for any other base. Its contacts slide sideways as it turns and
    their friction opposes the slide; the slide's balance that makes W_eff (``skid_factor``)
    leaves each contact's friction a share a / sqrt(a^2 + b^2) along the wheel, a^2 and b^2
    the contacts' mean squares along and across. In W_eff's terms: sqrt(1 - W / W_eff)."""
    if robot.chassis_type not in SKIDDING:
        return 0.0
    return math.sqrt(max(0.0, 1.0 - 1.0 / skid_factor(robot, placed)))


def _turn_speed(robot: Robot, placed: Placed, v: float | None, line) -> float | None:
    """The wheels' rim speed in the base's fastest turn in place: its top speed, or for a
    skid-steer base the speed at which its motors' line still gives the pull the tyres'
    sideways scrub takes (``scrub_share`` of its weight at the tyres' friction, ``SCRUB_CONE``
    of it passed sliding) besides
    rolling resistance: 0 when stalled they give less. The top speed without a line."""
    share = scrub_share(robot, placed)
    if v is None or line is None or share <= 0:
        return v
    return line.top_speed(
        line.resistance + SCRUB_CONE * TYRE_FRICTION * share * line.mass * GRAVITY
    )


def _yaw(
    robot: Robot, placed: Placed, v: float | None, to_ground
) -> tuple[float | None, float | None, float | None]:
    """(max yaw rate, track width, wheelbase)."""
    if v is None:
        return None, None, None
    kind = robot.chassis_type
    pts = _contact_points(placed, to_ground)
    driven = [(c, p) for c, p in pts if c.driven]
    if kind in ("Diff_two_caster", "Diff_drive", "Tracked"):
        left = [p[1] for _, p in driven if p[1] > 0]
        right = [p[1] for _, p in driven if p[1] < 0]
        if not left or not right:
            return None, None, None
        width = float(np.mean(left) - np.mean(right))
        return 2 * v / (width * skid_factor(robot, placed)), width, None
    if kind == "Mecanum_four_wheel" and len(driven) >= 3:
        xy = np.array([p for _, p in driven])
        d = np.abs(xy - xy.mean(axis=0))
        lx, ly = float(d[:, 0].mean()), float(d[:, 1].mean())
        return v / (lx + ly), 2 * ly, 2 * lx
    if kind in ("Omni_drive", "Omni_three_wheel") and len(driven) >= 3:
        xy = np.array([p for _, p in driven])
        r = float(np.linalg.norm(xy - xy.mean(axis=0), axis=1).mean())
        return v / r, None, None
    if kind in ("Tricycle", "Ackermann"):
        steered = [(c.steer, p) for c, p in pts if c.steer is not None]
        rear = [(c, p) for c, p in pts if c.steer is None]
        if not steered or not rear:
            return None, None, None
        L = abs(float(np.mean([p[0] for _, p in steered]) - np.mean([p[0] for _, p in rear])))
        delta = min(steer.max_angle_rad for steer, _ in steered)
        if L <= 0:
            return None, None, None
        ys = [p[1] for _, p in rear]
        track = float(max(ys) - min(ys)) if len(ys) >= 2 else None
        return v * math.tan(delta) / L, track, L
    return None, None, None


def _turns_either_way(robot: Robot) -> bool:
    ct = CHASSIS_TYPES.get(robot.chassis_type)
    if ct is not None and ct.spin:
        return True
    steers = [c.steer for c in robot.components if c.steer is not None]
    return bool(steers) and all(s.max_angle_rad > 0 for s in steers)


def analyse_kinematics(
    robot: Robot,
    placed: Placed,
    task: Task | None,
    to_ground,
    out: Findings,
    mass: float | None = None,
) -> Kinematics:
    for c in robot.components:
        part = robot.parts.get(c.part)
        if part is not None and part.track is not None and part.track.travel_per_turn_m is None:
            out.warning(
                TRAVEL,
                f"track '{c.name}' ({part.key}) states no travel_per_turn_m: the "
                f"compiler cannot tell how far the base moves per turn, and no "
                f"target drives it",
                where(c),
                components=(c.name,),
                label="travel per turn unknown",
                help=(
                    f"state track.travel_per_turn_m in {part.file} from the maker's "
                    "data (a link tread: the sprocket's teeth times the links' pitch)",
                ),
            )
    if robot.chassis_type == "Legged":
        return _with_drive_limits(robot, _legged(robot, task, out))
    ct = CHASSIS_TYPES.get(robot.chassis_type)
    v, why = _top_speed(robot)
    # the top speed and the start by the motors' torque-speed line under the robot's weight
    motors, line = motor_figures(robot, mass)
    accel = None  # the start, as the top speed, by the motors' line, each counted once
    if v is not None and line is not None and motors is not None:  # both or neither
        v, why, accel = motors.top_speed_full_mps, top_speed_text(line), motors.accel_mps2
    check_base_moves(robot, line, out)
    yaw, width, base = _yaw(robot, placed, _turn_speed(robot, placed, v, line), to_ground)
    can_spin = ct.spin if ct is not None else None
    holonomic = ct.holonomic if ct is not None else None
    steps = []
    if task is not None:
        for i, step in enumerate(task.steps):
            verdict = _judge_wheeled(robot, i, step, can_spin, holonomic, v, why, out, yaw)
            steps.append(_within_motors(verdict, step, line, out))
    return _with_drive_limits(
        robot,
        Kinematics(
            can_spin,
            holonomic,
            clean(v),
            clean(yaw),
            clean(width),
            clean(base),
            tuple(steps),
            clean(accel),
            motors,
            skid_factor(robot, placed),
        ),
    )


def _with_drive_limits(robot: Robot, kin: Kinematics) -> Kinematics:
    """``kin`` with the limits the targets' drives take (``Kinematics.hub_limits``,
    ``volts_shares``), unrounded as the targets write them."""
    hubs: dict[str, tuple[float, float]] = {}
    shares: dict[str, float] = {}
    for c in robot.components:
        torque, speed = wheel_limits(robot, c)
        if torque is not None and speed is not None:
            hubs[c.name] = (torque, speed)
        part = robot.parts.get(c.part)
        if part is not None and part.motor is not None:
            shares[c.name] = volts_share(robot, c, part.motor)
    return dataclasses.replace(kin, hub_limits=hubs, volts_shares=shares)


def _within_motors(verdict: StepVerdict, step: Step, line, out: Findings) -> StepVerdict:
    """The verdict with the motors' judgement of the step added: its time to speed, and a
    refusal when they reach its speed only past its distance."""
    if verdict.codes and SPEED in verdict.codes:
        return verdict  # above the top speed: already refused with the figures
    codes, reason, t = judge_reach(step, _speed_arg(step), line, out)
    if not codes:
        return dataclasses.replace(verdict, time_to_speed_s=t)
    return dataclasses.replace(
        verdict,
        supported=False,
        codes=verdict.codes + codes,
        reason="; ".join(r for r in (verdict.reason, reason) if r),
        time_to_speed_s=t,
    )


def _speed_arg(step: Step) -> float | None:
    s = step.args.get("speed_mps")
    return float(s) if isinstance(s, (int, float)) and not isinstance(s, bool) else None


def _rate_arg(step: Step) -> float | None:
    s = step.args.get("rate_rad_s")
    return float(s) if isinstance(s, (int, float)) and not isinstance(s, bool) else None


def _judge_wheeled(robot, i, step, can_spin, holonomic, v, why, out, yaw=None) -> StepVerdict:
    kind = step.kind
    codes, reasons = [], []
    decided = True
    t = robot.chassis_type
    if kind == "Spin" and can_spin is False:
        codes.append(SPIN)
        reasons.append(f"a {t} base cannot spin in place")
        out.error(
            SPIN,
            f"Spin needs the base to turn in place, and a {t} base cannot: it turns "
            f"only by steering while it moves",
            step.span,
            at=None,
            label="cannot spin in place",
            help=(
                f"reach the heading with Navigate, which drives a curve, or choose a "
                f"chassis type that spins: {', '.join(SPINNERS)}",
            ),
        )
    if kind == "Navigate" and not _turns_either_way(robot):
        codes.append(SPIN)
        reasons.append("the base cannot turn either way")
        out.error(
            SPIN,
            "Navigate needs the base to turn either way, as a planner turns it to "
            "follow its path, and this base turns neither in place nor by steering",
            step.span,
            label="cannot turn",
            help=("choose a chassis type that spins or steers",),
        )
    if kind == "Strafe" and holonomic is False:
        codes.append(STRAFE)
        reasons.append(f"a {t} base cannot move sideways")
        out.error(
            STRAFE,
            f"Strafe needs a holonomic base, and a {t} base cannot move sideways",
            step.span,
            label="cannot strafe",
            help=(
                f"turn and drive instead (Spin, Advance), or choose a holonomic chassis "
                f"type: {', '.join(HOLONOMIC)}",
            ),
        )
    speed = _speed_arg(step)
    if kind in ("Advance", "BackUp", "Strafe", "Navigate") and speed is not None:
        if v is None:
            decided = False
        elif speed > v:
            codes.append(SPEED)
            reasons.append(f"{speed:g} m/s is above the base's {_at_most(v)} m/s")
            span = step.arg_spans.get("speed_mps", step.span)
            out.error(
                SPEED,
                f"{kind} asks for {speed:g} m/s, but the base goes at most "
                f"{_at_most(v)} m/s ({why})",
                span,
                label="faster than the base goes",
                help=(
                    f"ask for at most {_at_most(v)} m/s, or give the "
                    f"base faster motors or larger wheels",
                ),
            )
    rate = _rate_arg(step)
    if (
        kind in ("Spin", "Navigate")
        and can_spin
        and yaw is not None
        and yaw <= 0
        and (rate is None or kind == "Navigate")
    ):
        # a turn rate of 0: the motors' line leaves nothing to slide the tyres sideways
        codes.append(SPEED)
        reasons.append("the base cannot turn: its turn rate is 0 rad/s")
        out.error(
            SPEED,
            f"{kind} needs the base to turn, and it turns at 0 rad/s: its motors "
            "cannot slide its tyres sideways as a skid-steer base turns",
            step.span,
            label="the base cannot turn",
            help=(
                "give the base stronger motors or a larger reduction (the analysis "
                "states the turn rate they give), or a chassis that steers",
            ),
        )
    if kind == "Spin" and can_spin and rate is not None:
        if yaw is None:
            decided = False
        elif rate > yaw:
            codes.append(SPEED)
            reasons.append(f"{rate:g} rad/s is above the base's {_at_most(yaw)} rad/s")
            skid = (
                " (its wheels slide sideways as it turns, so it turns slower than its "
                "wheels' speed alone would say)"
                if t in SKIDDING
                else ""
            )
            out.error(
                SPEED,
                f"Spin asks for {rate:g} rad/s, but the base turns at most "
                f"{_at_most(yaw)} rad/s{skid}",
                step.arg_spans.get("rate_rad_s", step.span),
                label="faster than the base turns",
                help=(f"ask for at most {_at_most(yaw)} rad/s, or give the base faster motors",),
            )
    supported = False if codes else (True if decided else None)
    return StepVerdict(i, kind, supported, tuple(codes), "; ".join(reasons))


def _at_most(limit: float) -> str:
    """A top speed or rate for people, rounded down to the millimetre (or mrad): the same
    figure in the message and in the help's "ask for at most", and one the base reaches."""
    return f"{math.floor(limit * 1000) / 1000:.3f}"


def _legged(robot: Robot, task: Task | None, out: Findings) -> Kinematics:
    try:
        gait = robot.part_of(robot.chassis).gait
    except KeyError:
        gait = None
    if gait is None:
        return Kinematics(
            None,
            None,
            None,
            None,
            steps=tuple(StepVerdict(i, s.kind, None) for i, s in enumerate(task.steps))
            if task
            else (),
        )
    (_, ahead), (right, left), (cw, ccw) = gait.ahead, gait.aside, gait.turn
    can_spin = cw < 0 < ccw
    holonomic = right < 0 < left
    steps = tuple(
        _gait_step(i, step, gait, out) for i, step in enumerate(task.steps if task else ())
    )
    top = ahead if ahead > 0 else None
    yaw = max(abs(cw), abs(ccw)) or None
    return Kinematics(can_spin, holonomic, clean(top), clean(yaw), steps=steps)


def _gait_step(i: int, step: Step, gait: Gait, out: Findings) -> StepVerdict:
    """A task's step judged against the gait's ranges: refused where the gait does not go
    that way, or not as fast as the step asks."""
    (back, ahead), (right, left), (cw, ccw) = gait.ahead, gait.aside, gait.turn
    codes: list[str] = []
    reasons: list[str] = []
    direction = step.args.get("direction")
    speed = _speed_arg(step)

    def refuse(code, message, span, reason):
        codes.append(code)
        reasons.append(reason)
        out.error(
            code,
            message,
            span,
            label="the gait does not go there",
            help=(
                "choose a step the gait allows, or a walking controller whose gait goes that way",
            ),
        )

    def speed_within(code, reach, way, no_speed, no_speed_reason):
        """Refused when the gait has no speed that way (``no_speed`` says so), or less than
        the step asks."""
        if reach <= 0:
            refuse(code, no_speed, step.span, no_speed_reason)
        elif speed is not None and speed > reach:
            refuse(
                code,
                f"{step.kind} asks for {speed:g} m/s, above the gait's {reach:g} m/s {way}",
                step.arg_spans.get("speed_mps", step.span),
                "too fast",
            )

    if step.kind == "Spin":
        reach = ccw if direction == "left" else -cw
        if reach <= 0:
            refuse(
                SPIN,
                f"Spin {direction} needs a turn to the {direction}, and the gait "
                f"turns {cw:g} to {ccw:g} rad/s",
                step.span,
                "no turn that way",
            )
    elif step.kind in ("Navigate", "Advance", "BackUp"):
        if step.kind == "Navigate" and not (cw < 0 < ccw):
            refuse(
                SPIN,
                f"Navigate needs a turn either way, and the gait turns {cw:g} to {ccw:g} rad/s",
                step.span,
                "no turn either way",
            )
        reach, way = (-back, "back") if step.kind == "BackUp" else (ahead, "ahead")
        speed_within(
            WALK,
            reach,
            way,
            f"{step.kind} needs a speed {way}, and the gait has none",
            f"no speed {way}",
        )
    elif step.kind == "Strafe":
        reach = left if direction == "left" else -right
        speed_within(
            STRAFE,
            reach,
            f"to the {direction}",
            f"Strafe {direction} needs a speed to the {direction}, and the "
            f"gait moves aside {right:g} to {left:g} m/s",
            "no speed aside that way",
        )
    return StepVerdict(i, step.kind, not codes, tuple(codes), "; ".join(reasons))

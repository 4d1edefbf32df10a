"""The motors against the robot they carry (``validation.kinematics.motors_*``): the base's
figures by its motors' torque-speed line (``motorline``), a base they cannot start, and a
step they cannot bring to its speed within its distance. Judged before any simulation."""

from __future__ import annotations

import math

from ..model.robot import Robot
from ..model.world import Step
from .model import Findings, Motors, clean
from .motorline import (
    GRAVITY,
    GRIP,
    ROLLING_RESISTANCE,
    BaseLine,
    base_line,
    motor_volts,
)

START = "validation.kinematics.motors_start_the_base"
REACH = "validation.kinematics.motors_reach_the_speed"

#: the steps that drive the base along its path at a speed, from rest
DRIVEN_STEPS = ("Advance", "BackUp", "Strafe", "Navigate")


def _n(x: float) -> str:
    return f"{x:.3g}"


def motor_figures(robot: Robot, mass: float | None) -> tuple[Motors | None, BaseLine | None]:
    """The record of what the motors do, and the line at the full pack the rules judge by."""
    full = base_line(robot, mass, "full")
    if full is None:
        return None, None
    low = base_line(robot, mass, "low")
    assert low is not None  # undecided by the robot and its mass alone, as full is
    _, _, fed = motor_volts(robot, robot.component(full.drives[0].motor))
    return Motors(
        fed,
        clean(full.volts),
        clean(low.volts),
        clean(full.stall_pull),
        clean(full.resistance),
        clean(full.top_speed()),
        clean(low.top_speed()),
        clean(full.accel()),
        clean(full.max_slope()),
        clean(full.stall_pull / full.mass),
    ), full


def top_speed_text(line: BaseLine) -> str:
    volts = f"{line.volts:g} V" if line.volts is not None else "their rated voltage"
    return (
        f"its motors' torque-speed line at {volts}: {_n(line.stall_pull)} N at rest, "
        f"{_n(line.no_load_speed)} m/s unloaded, against {_n(line.resistance)} N of "
        f"rolling resistance under its {_n(line.mass)} kg"
    )


def _motor_names(line: BaseLine) -> tuple[str, ...]:
    return tuple(d.motor for d in line.drives)


def _to_start(line: BaseLine) -> str:
    """The stall torque that barely starts the base, and twice it, a start worth having."""
    factor = line.resistance / line.stall_pull if line.stall_pull > 0 else math.inf
    d = line.drives[0]
    least = d.spec.stall_torque_nm * factor
    return (
        f"choose motors of more than {_n(least)} N·m stalled to start it at all, and "
        f"about {_n(2 * least)} N·m for a start worth having (each now gives "
        f"{d.spec.stall_torque_nm:g}), a larger reduction, or smaller wheels"
    )


def check_base_moves(robot: Robot, line: BaseLine | None, out: Findings) -> None:
    """A base whose motors, stalled, do not overcome its rolling resistance never moves."""
    if line is None or line.starts():
        return
    chassis = robot.component(robot.chassis)
    out.error(
        START,
        f"the motors cannot move the base: stalled they pull {_n(line.stall_pull)} N "
        f"at the ground, and rolling it on level ground takes {_n(line.resistance)} N "
        f"({ROLLING_RESISTANCE:g} of its {_n(line.mass)} kg's weight)",
        chassis.span,
        components=_motor_names(line),
        at=None,
        label="its motors cannot start it",
        help=(_to_start(line) + ", or a lighter robot",),
    )


def judge_reach(
    step: Step, speed: float | None, line: BaseLine | None, out: Findings
) -> tuple[tuple[str, ...], str, float | None]:
    """(codes, reason, time to speed) of a step that drives the base, by the motors' line:
    refused when it asks for a speed the base, accelerating from rest on level ground, reaches
    only past the step's distance."""
    if line is None or step.kind not in DRIVEN_STEPS or speed is None or not line.starts():
        return (), "", None
    reached = line.time_to(speed)
    if reached is None:
        return (), "", None  # above the top speed: speed_supported says so
    t, x = reached
    distance = step.args.get("distance_m")
    if not isinstance(distance, (int, float)) or isinstance(distance, bool) or x <= distance:
        return (), "", clean(t)
    span = step.arg_spans.get("speed_mps", step.span)
    a0 = line.accel()
    out.error(
        REACH,
        f"{step.kind} asks for {speed:g} m/s over {distance:g} m, but from rest "
        f"the motors bring the base to {speed:g} m/s only after {_n(x)} m "
        f"({_n(t)} s, starting at {_n(a0)} m/s²{_grip(a0)})",
        span,
        components=_motor_names(line),
        label="not reached within the step",
        help=(
            f"ask for at most {_n(_reachable(line, float(distance)))} m/s over "
            f"{distance:g} m, lengthen the step, or give the base stronger motors",
        ),
    )
    return (REACH,), f"{speed:g} m/s is reached only after {_n(x)} m", clean(t)


def _grip(a0: float) -> str:
    return ", the most its tyres pass to the floor" if a0 >= GRIP * GRAVITY - 1e-9 else ""


def _reachable(line: BaseLine, distance: float) -> float:
    """The fastest speed the base reaches from rest within ``distance`` (bisection)."""
    lo, hi = 0.0, line.top_speed()
    for _ in range(40):
        mid = (lo + hi) / 2
        got = line.time_to(mid)
        if got is not None and got[1] <= distance:
            lo = mid
        else:
            hi = mid
    return math.floor(lo * 1000) / 1000

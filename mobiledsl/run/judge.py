"""Judging each executed step: reached or not, and why, as a report entry and (for a failed
step) one ``run.*`` diagnostic at the step's place in the .task.

The tolerances: a distance within 5 % of the asked one or 2 cm, whichever is wider; a turn
within 5 degrees; a Navigate within 0.15 m of its marker. A step that touched an obstacle
fails whatever it reached; a step in which the robot tipped over fails and ends the run.
"""

from __future__ import annotations

import math

from ..diagnostics import Diagnostic, Label, error
from ..textsafe import shown
from .codes import (
    COLLISION,
    MAP_TOO_LARGE,
    NO_PATH,
    POLICY_FAILED,
    RUN_TOO_LONG,
    STEP_NOT_REACHED,
    TIPPED_OVER,
)
from .execute import StepRun

DISTANCE_SHARE = 0.05
DISTANCE_FLOOR_M = 0.02
ANGLE_RAD = math.radians(5.0)
GOAL_M = 0.15
#: report figures are rounded to a tenth of a millimetre (or milliradian)
PLACES = 4


def _round(value):
    if isinstance(value, float):
        if not math.isfinite(value):
            return None
        r = round(value, PLACES)
        return 0.0 if r == 0 else r
    if isinstance(value, dict):
        return {k: _round(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_round(v) for v in value]
    return value


def reached(run: StepRun) -> bool:
    """Whether the step got where it asked (collisions and tipping aside)."""
    if run.kind == "Spin":
        return abs(run.reached["angle_rad"] - run.asked["angle_rad"]) <= ANGLE_RAD
    if run.kind == "Navigate":
        return bool(run.reached) and run.reached["to_goal_m"] <= GOAL_M
    asked = run.asked["distance_m"]
    return abs(run.reached["distance_m"] - asked) <= max(DISTANCE_SHARE * asked, DISTANCE_FLOOR_M)


def verdict(run: StepRun) -> str | None:
    """The code of the step's failure, the gravest first, or None when it is ok."""
    if run.policy_error:
        return POLICY_FAILED
    if run.not_run:
        return STEP_NOT_REACHED
    if run.tipped:
        return TIPPED_OVER
    if run.too_far:
        return MAP_TOO_LARGE
    if run.no_path:
        return NO_PATH
    if run.out_of_time:
        return RUN_TOO_LONG
    if run.touched:
        return COLLISION
    return None if reached(run) else STEP_NOT_REACHED


def _n(value: float, places: int = 3) -> str:
    """A figure for people: no "-0.000"."""
    return f"{round(value, places) + 0.0:.{places}f}"


def _text(run: StepRun, asked: bool) -> str:
    """What the step asked (``asked``) or reached, for people."""
    v = run.asked if asked else run.reached
    if run.kind == "Spin":
        turn = f"{_n(v['angle_rad'])} rad ({_n(math.degrees(v['angle_rad']), 1)} deg)"
        return f"{v['direction']} {turn}" if asked else turn
    if run.kind == "Navigate":
        at = f"({_n(v['x'], 2)}, {_n(v['y'], 2)})"
        return (
            f"to '{v['goal']}' at {at}"
            if asked
            else f"{_n(v['to_goal_m'])} m from the goal, at {at}"
        )
    return f"{_n(v['distance_m'])} m"


def diagnostic(
    run: StepRun, code: str, span, driver: str = "", legged: bool = False, world=None
) -> Diagnostic:
    what = f"step {run.index + 1} ({run.kind})"
    notes = [f"measured by the base's true pose in the simulator, after {run.seconds:.2f} s"]
    if code in (POLICY_FAILED, MAP_TOO_LARGE, RUN_TOO_LONG):
        return _bound_reached(run, code, span, what, world)
    if code == TIPPED_OVER:
        how = f": {run.fall}" if run.fall else ""
        return error(
            code,
            f"{what}: the robot tipped over{how}",
            span,
            label="tipped over here",
            help=("lower the centre of mass, widen the base or ask for a gentler speed",),
            notes=notes + ["the steps after it were not run"],
        )
    if code == NO_PATH:
        return error(
            code,
            f"{what}: no path to '{run.asked['goal']}': {run.no_path}",
            span,
            label="no way there",
            help=(
                "move the marker or the obstacles so that a gap wider than the "
                "robot's footprint leads to it",
            ),
        )
    if code == COLLISION:
        hits = ", ".join(
            f"'{name}' (the base at ({x:.2f}, {y:.2f}))"
            for name, (x, y) in sorted(run.touched.items())
        )
        extra = [] if reached(run) else [f"asked {_text(run, True)}, reached {_text(run, False)}"]
        return error(
            code,
            f"{what}: the robot hit {hits}",
            span,
            label="collided",
            help=(
                "move the obstacle out of the way, shorten the step, or use "
                "Navigate to go around it",
            ),
            notes=notes + extra,
        )
    if run.not_run:
        help_ = (
            (
                "the simulator drives wheeled bases by their twist map and legged ones by "
                "their gait or walker policy; this robot's controller is not driven yet",
            )
            if run.not_run.startswith("the simulator")
            else ("fix what stopped the run first",)
        )
        return error(code, f"{what} was not run: {run.not_run}", span, label="not run", help=help_)
    why = " (it ran out of time)" if run.timed_out else ""
    if driver:
        notes.append(f"the robot is driven by {driver}")
    if _barely_moved(run):
        notes.append("it barely moved: its controller does not take it that way")
    advice = (
        "ask for less, or give the robot stronger motors or grippier wheels"
        if not legged
        else (
            "check that the gait or the walker's policy walks the robot: `mobiledsl "
            "simulate MODEL.xml --twist VX VY WZ --seconds S --json` runs one command"
        )
    )
    return error(
        code,
        f"{what}: asked {_text(run, True)}, reached {_text(run, False)}{why}",
        span,
        label="not reached",
        help=(advice,),
        notes=notes,
    )


def _bound_reached(run: StepRun, code: str, span, what: str, world) -> Diagnostic:
    """A step a bound of the run ended: the policy's, the map's or the run's time."""
    if code == POLICY_FAILED:
        return error(
            code,
            f"{what}: the walking policy stopped the run: {shown(run.policy_error)}",
            span,
            label="the policy failed here",
            help=(
                "export the policy again with the declared observation and "
                "action, small enough to run within its budget; `mobiledsl "
                "simulate MODEL.xml --twist VX VY WZ --seconds S` runs it alone",
            ),
            notes=["the steps after it were not run"],
        )
    if code == RUN_TOO_LONG:
        return error(
            code,
            f"{what}: the run reached its cap of simulated time during this "
            f"step, after {run.seconds:.2f} s of it",
            span,
            label="cut short here",
            help=("ask for less in this step, or a longer cap with --max-seconds (at most 600 s)",),
            notes=["the steps after it were not run"],
        )
    entity = next(
        (e for e in (world.entities if world is not None else ()) if e.name == run.too_far), None
    )
    far = entity.span if entity is not None and entity.span is not None else None
    message = f"{what}: no map holds the way to '{run.asked['goal']}': {run.no_path}"
    help_ = (f"place '{run.too_far}' within about 200 m of the other entities and the start",)
    if far is None:
        return error(code, message, span, label="no map for this step", help=help_)
    return error(
        code,
        message,
        far,
        label=f"'{run.too_far}' lies furthest out",
        labels=(Label(span, "the step that plans over the map"),),
        help=help_,
    )


def _barely_moved(run: StepRun) -> bool:
    """Less than a tenth of what was asked."""
    if run.kind == "Spin":
        return abs(run.reached["angle_rad"]) < 0.1 * run.asked["angle_rad"]
    if run.kind == "Navigate":
        start = run.trace[0] if run.trace else (run.reached["x"], run.reached["y"])
        moved = math.dist(start, (run.reached["x"], run.reached["y"]))
        return moved < 0.1 * (moved + run.reached["to_goal_m"])
    return abs(run.reached["distance_m"]) < 0.1 * run.asked["distance_m"]


def judge(
    runs: list[StepRun], steps, driver: str = "", legged: bool = False, world=None
) -> tuple[dict, list[Diagnostic]]:
    """The report (``run.json``'s content) and one diagnostic a failed step. ``driver``
    says, for people, what drives the robot (its twist map, its gait, a walker's policy)."""
    entries, diags = [], []
    for run in runs:
        code = verdict(run)
        if code is not None:
            diags.append(diagnostic(run, code, steps[run.index].span, driver, legged, world))
        entries.append(
            _round(
                {
                    "step": run.index + 1,
                    "kind": run.kind,
                    "ok": code is None,
                    "code": code,
                    "asked": run.asked,
                    "reached": run.reached,
                    "seconds": run.seconds,
                    "collisions": sorted(run.touched),
                    "contacts": [c.as_json() for c in run.contacts],
                    "closest_m": run.closest,
                    "tipped_over": run.tipped,
                    "timed_out": run.timed_out,
                    **({"path": [list(p) for p in run.planned]} if run.kind == "Navigate" else {}),
                    **(
                        {"why": run.policy_error or run.no_path or run.not_run}
                        if (run.policy_error or run.no_path or run.not_run)
                        else {}
                    ),
                    **({"out_of_time": True} if run.out_of_time else {}),
                }
            )
        )
    report = {
        "steps": entries,
        "ok": all(e["ok"] for e in entries),
        "driven_by": driver,
        "measured_by": "the base's true pose in the simulator (its free joint)",
    }
    return report, diags


def step_line(entry: dict) -> str:
    """One report entry for people: reached or not, how long it took, what was left."""
    what = f"step {entry['step']} {entry['kind']}"
    if not entry["reached"]:
        return f"{what}: not run ({entry.get('why') or entry['code']})"
    verdict = "reached" if entry["ok"] else f"not reached ({entry['code']})"
    line = f"{what}: {verdict} in {entry['seconds']:.1f} s, {_left(entry)}"
    hits = entry.get("collisions") or []
    if hits:
        line += "; touched " + ", ".join(f"'{n}'" for n in hits)
    return line


def _left(entry: dict) -> str:
    """What separates where the step ended from what it asked."""
    asked, reached = entry["asked"], entry["reached"]
    if entry["kind"] == "Navigate":
        return f"{_n(reached['to_goal_m'])} m left to '{asked['goal']}'"
    if entry["kind"] == "Spin":
        left = math.degrees(asked["angle_rad"] - reached["angle_rad"])
        return f"{_n(abs(left), 1)} deg {'left' if left >= 0 else 'past'}"
    left = asked["distance_m"] - reached["distance_m"]
    return f"{_n(abs(left))} m {'left' if left >= 0 else 'past'}"

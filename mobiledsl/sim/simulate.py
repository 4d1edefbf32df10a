"""One command from rest: the robot told a twist for some seconds, its pose traced every
10 ms, and where it ended up."""
from __future__ import annotations

import math
from collections.abc import Callable
from typing import IO, Any

from .pose import yaw_roll_pitch
from .runtime import Simulation

TRACE_PERIOD = 0.01
TRACE_HEADER = "t,x,y,z,qw,qx,qy,qz"


def trace_row(sim: Simulation) -> str:
    pos, quat = sim.base_pose()
    values = [sim.time, *pos, *quat]
    return ",".join(f"{v:.6f}" for v in values)


def run_twist(sim: Simulation, twist: tuple[float, float, float], seconds: float,
              trace: IO[str] | None = None,
              on_tick: Callable[[], None] | None = None) -> dict:
    """Tell ``sim`` the twist for ``seconds``; write a trace row every 10 ms (from t = 0) to
    ``trace`` when given, and call ``on_tick`` every 10 ms (what watches the contacts).
    Returns the summary: final pose, feet down, fell."""
    sim.command(*twist)
    if trace is not None:
        trace.write(TRACE_HEADER + "\n")
        trace.write(trace_row(sim) + "\n")
    rows = int(round(seconds / TRACE_PERIOD))
    fall = sim.fall()           # the first fall, with the time it came
    fall_at = sim.time if fall is not None else None
    for _ in range(rows):
        sim.advance(TRACE_PERIOD)
        if fall is None and (fall := sim.fall()) is not None:
            fall_at = sim.time
        if on_tick is not None:
            on_tick()
        if trace is not None:
            trace.write(trace_row(sim) + "\n")
    left = seconds - rows * TRACE_PERIOD
    if left > 0.5 * sim.dt:
        sim.advance(left)
        if fall is None and (fall := sim.fall()) is not None:
            fall_at = sim.time
        if on_tick is not None:
            on_tick()
    return summary(sim, fall, fall_at)


def summary(sim: Simulation, fall: str | None, fall_at: float | None = None) -> dict:
    pos, quat = sim.base_pose()
    yaw, roll, pitch = yaw_roll_pitch(quat)
    final = {"x": pos[0], "y": pos[1], "z": pos[2], "yaw": yaw, "roll": roll, "pitch": pitch}
    out: dict[str, Any] = {"final": {k: round(float(v), 6) for k, v in final.items()},
                           "feet_down": sim.feet_down(), "fell": fall is not None}
    if fall is not None and fall_at is not None:    # a fall comes with its time
        out["fall"] = {"t": round(float(fall_at), 6), "how": fall}
    return out


def describe(result: dict) -> str:
    """The summary in one line for people."""
    f = result["final"]
    feet = {None: "", True: ", every foot down", False: ", not every foot down"}
    return (f"ended at x {f['x']:.3f} m, y {f['y']:.3f} m, heading "
            f"{math.degrees(f['yaw']):.1f} deg{feet[result['feet_down']]}"
            + (f", and it fell at t = {result['fall']['t']:.2f} s: {result['fall']['how']}"
               if result["fell"] else ""))

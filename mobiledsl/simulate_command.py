"""``mobiledsl simulate MODEL.xml --twist VX VY WZ --seconds S [--trace FILE.csv] [--json]``:
one command from rest in MuJoCo, by the simulation runtime."""

from __future__ import annotations

import argparse
import json
import math
import os

from .cli import UsageError, say, subcommand

# one command from rest: an hour is far past any settling, and bounds the run and its trace
MAX_SECONDS = 3600.0


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "model",
        metavar="MODEL.xml",
        help="a model the mjcf target wrote (its .controller.json beside it)",
    )
    p.add_argument(
        "--twist",
        nargs=3,
        type=float,
        metavar=("VX", "VY", "WZ"),
        required=True,
        help="the body twist asked: m/s ahead, m/s to the left, rad/s turning left",
    )
    p.add_argument(
        "--seconds",
        type=float,
        required=True,
        metavar="S",
        help="how long to simulate (at most 3600)",
    )
    p.add_argument(
        "--trace", metavar="FILE.csv", help="write t,x,y,z,qw,qx,qy,qz of the base every 10 ms"
    )
    p.add_argument(
        "--json",
        action="store_true",
        help="print the final pose, feet_down and fell as JSON on stdout",
    )


@subcommand("simulate", "drive an emitted MuJoCo model by one body twist from rest", _configure)
def run_simulate(args: argparse.Namespace) -> int:
    if not all(math.isfinite(v) for v in args.twist):
        raise UsageError("--twist takes three finite numbers")
    if not math.isfinite(args.seconds) or not 0 <= args.seconds <= MAX_SECONDS:
        raise UsageError(
            f"--seconds takes a number of seconds from 0 to {MAX_SECONDS:g} "
            "(an hour of simulated time)"
        )
    if not os.path.isfile(args.model):
        raise UsageError(f"cannot read '{args.model}': no such file")
    from .sim import load_simulation
    from .sim.policy import PolicyError
    from .sim.simulate import describe, run_twist

    try:
        sim = load_simulation(args.model)
    except PolicyError as exc:
        return _policy_failed(args, exc)
    except (ValueError, OSError) as exc:  # mujoco reports a bad model as ValueError
        raise UsageError(f"cannot load '{args.model}': {exc}") from exc
    watch = _contact_watch(sim)
    trace = open(args.trace, "w", encoding="utf-8", newline="\n") if args.trace else None
    try:
        result = run_twist(
            sim,
            tuple(args.twist),
            args.seconds,
            trace,
            on_tick=lambda: watch.look(tuple(sim.pose2d()[:2])),
        )
    except PolicyError as exc:
        return _policy_failed(args, exc)
    finally:
        if trace is not None:
            trace.close()
    result["contacts"] = [c.as_json() for c in watch.contacts]
    if args.json:
        print(json.dumps(result, sort_keys=True))
    else:
        say(describe(result))
        for contact in watch.contacts:
            say(contact.describe())
    return 0


def _contact_watch(sim):
    """What notes each contact of the robot with an obstacle of the model's world (the
    same watch ``run`` judges a step by)."""
    from .run.watch import Watch, model_obstacles

    return Watch(sim.model, sim.data, model_obstacles(sim.model))


def _policy_failed(args: argparse.Namespace, exc: Exception) -> int:
    """The policy broke a bound (see mobiledsl.sim.policy): one diagnostic, status 1."""
    from .cli import report
    from .diagnostics import Span, error
    from .textsafe import shown

    report(
        [
            error(
                "run.policy_failed",
                f"the walking policy stopped the simulation: {shown(str(exc))}",
                Span(args.model),
                label="its policy failed",
                help="export the policy again with the declared observation and action, "
                "small enough to run within its budget",
            )
        ],
        args,
    )
    return 1

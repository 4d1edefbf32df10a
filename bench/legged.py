"""Legged robots walking in MuJoCo, by their gait or their walker's policy: for every legged
program in programs/, the speed reached against the speed asked, the heading error, whether
it fell (roll or pitch beyond 45 degrees, or the body on the floor) and whether every foot
is down once it is told to stop.

Runs, each from rest in a fresh simulation:

- ahead 0.2 m/s, 5 s (back 0.2 m/s too when the ranges allow);
- aside 0.1 m/s to the left, 5 s, where the ranges move the robot aside;
- turning left 0.5 rad/s, 5 s (the range's end when it turns less);
- 60 s of random commands within the ranges, a new one every 2 to 4 s.

Speed reached: over the last 3 s of a run (after the command's ramp), the distance along
the asked direction (or the turn) over the time, against the asked. Heading error: how far
the heading ends from the one the command asked (integrated as the robot was told it). For
the random run: the path's length along the asked twists over the asked length, and the
heading error at the end. Then 3 s of a stop: every foot down?

    python bench/legged.py [--programs quad quad_gait] [--seconds 5] [--random 60]
"""
from __future__ import annotations

import argparse
import math
import sys
import tempfile
from pathlib import Path

import numpy as np

from mobiledsl.sim.pose import reached_share, wrap

ROOT = Path(__file__).resolve().parents[1]
YES_NO = {True: "yes", False: "no"}
LIBRARY = ROOT / "libraries" / "demo_parts"


def legged_programs() -> list[Path]:
    out = []
    for folder in sorted((ROOT / "programs").iterdir()):
        core = folder / f"{folder.name}.core"
        if core.exists() and any(line.strip().startswith("Legged ")
                                 for line in core.read_text().splitlines()):
            out.append(folder)
    return out


def build(program: Path, tmp: Path) -> Path:
    from mobiledsl.pipeline import compile_program
    compile_program(str(program / f"{program.name}.core"), None, None, [str(LIBRARY)],
                    ["mjcf"], str(tmp / program.name), False)
    return tmp / program.name / "mjcf" / f"{program.name}.xml"


class Watch:
    """Steps a simulation by 10 ms, tracking the heading the command asks and falls."""

    def __init__(self, sim):
        self.sim = sim
        self.heading_asked = sim.pose2d()[2]
        self.fell = False

    def run(self, seconds: float, on_step=None) -> None:
        for _ in range(int(round(seconds / 0.01))):
            self.sim.advance(0.01)
            self.heading_asked += self.sim.twist[2] * 0.01
            self.fell = self.fell or self.sim.fell()
            if on_step:
                on_step()

    def heading_error(self) -> float:
        return abs(wrap(self.sim.pose2d()[2] - self.heading_asked))

    def stop(self) -> bool | None:
        self.sim.command(0.0, 0.0, 0.0)
        self.run(3.0)
        return self.sim.feet_down()


def one_command(xml: Path, twist, seconds: float) -> dict:
    from mobiledsl.sim import load_simulation
    sim = load_simulation(xml)
    sim.settle(0.3)
    watch = Watch(sim)
    sim.command(*twist)
    watch.run(seconds - 3.0)
    start = sim.pose2d()
    watch.run(3.0)
    share = reached_share(start, sim.pose2d(), twist, 3.0)
    reached = share * (math.hypot(twist[0], twist[1]) or abs(twist[2]))
    heading = watch.heading_error()
    feet = watch.stop()
    return {"share": share, "reached": reached, "heading": heading, "fell": watch.fell,
            "feet": feet}


def random_run(xml: Path, seconds: float, seed: int) -> dict:
    from mobiledsl.sim import load_simulation
    rng = np.random.default_rng(seed)
    sim = load_simulation(xml)
    sim.settle(0.3)
    limits = sim.controller["limits"]
    watch = Watch(sim)
    asked_len = [0.0]
    along = [0.0]
    last = list(sim.pose2d())

    def track():
        x, y, h = sim.pose2d()
        vx, vy, _ = sim.twist
        speed = math.hypot(vx, vy)
        if speed > 1e-6:
            ang = last[2] + math.atan2(vy, vx)
            along[0] += (x - last[0]) * math.cos(ang) + (y - last[1]) * math.sin(ang)
            asked_len[0] += speed * 0.01
        last[:] = [x, y, h]

    t = 0.0
    while t < seconds:
        cmd = [float(rng.uniform(*limits[k])) if limits[k][0] < limits[k][1] else 0.0
               for k in ("vx", "vy", "wz")]
        hold = min(float(rng.uniform(2.0, 4.0)), seconds - t)
        sim.command(*cmd)
        watch.run(hold, track)
        t += hold
    heading = watch.heading_error()
    feet = watch.stop()
    return {"share": along[0] / asked_len[0] if asked_len[0] else float("nan"),
            "reached": along[0], "heading": heading, "fell": watch.fell, "feet": feet}


def runs_for(limits: dict) -> list[tuple[str, tuple[float, float, float]]]:
    """The runs, each asked within the ranges (the range's end where it reaches less)."""
    def within(key, v):
        lo, hi = limits[key]
        return max(lo, min(hi, v))
    out = [("ahead", (within("vx", 0.2), 0.0, 0.0))]
    if limits["vx"][0] < 0:
        out.append(("back", (within("vx", -0.2), 0.0, 0.0)))
    if limits["vy"][1] > 0:
        out.append(("aside", (0.0, within("vy", 0.1), 0.0)))
    out.append(("turn", (0.0, 0.0, within("wz", 0.5))))
    return [(f"{name} {abs(next(v for v in twist if v)):g} "
             f"{'rad/s' if name == 'turn' else 'm/s'}", twist) for name, twist in out]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", nargs="*", help="program names (default: every legged)")
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--random", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    programs = legged_programs()
    if args.programs:
        programs = [p for p in programs if p.name in args.programs]
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for program in programs:
            xml = build(program, Path(tmp))
            import json
            desc = json.loads(xml.with_name(xml.stem + ".controller.json").read_text())
            by = "walker policy" if desc["kind"] == "policy" else desc["kind"]
            for label, twist in runs_for(desc["limits"]):
                r = one_command(xml, twist, args.seconds)
                rows.append((program.name, by, label, r))
                print(f"{program.name}: {label}: {r}", file=sys.stderr, flush=True)
            r = random_run(xml, args.random, args.seed)
            rows.append((program.name, by, f"random {args.random:g} s", r))
            print(f"{program.name}: random: {r}", file=sys.stderr, flush=True)
    print("| program | walks by | run | reached / asked | heading error | fell "
          "| feet down once stopped |")
    print("|---|---|---|---|---|---|---|")
    for name, by, label, r in rows:
        unit = "rad/s" if label.startswith("turn") else "m/s"
        reached = f"{r['share'] * 100:.0f} %" + (
            f" ({r['reached']:.3f} {unit})" if not label.startswith("random") else "")
        print(f"| {name} | {by} | {label} | {reached} | {math.degrees(r['heading']):.1f} deg | "
              f"{'yes' if r['fell'] else 'no'} | {YES_NO.get(r['feet'], 'n/a')} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())

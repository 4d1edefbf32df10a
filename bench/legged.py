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
    python bench/legged.py --stiffness     # the table over servo kp, Go2-class and demo quads
                                           # (their leg servos at kp 20 to 300 as well)
    python bench/legged.py --peaks         # each servo's expected peak torque walking ahead
                                           # at 0.1 to 1 m/s against the measured one
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


def build(program: Path, tmp: Path, library: Path = LIBRARY) -> Path:
    from mobiledsl.pipeline import compile_program
    out = tmp / f"{program.name}_{library.name}"
    compile_program(str(program / f"{program.name}.core"), None, None, [str(library)],
                    ["mjcf"], str(out), False)
    return out / "mjcf" / f"{program.name}.xml"


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
    parser.add_argument("--stiffness", action="store_true",
                        help="the table over servo kp 20 to 300 (a Go2-class robot, the "
                             "demo quads)")
    parser.add_argument("--peaks", action="store_true",
                        help="the servos' expected peak torques walking against the measured")
    args = parser.parse_args(argv)
    if args.stiffness:
        print("\n".join(stiffness_table()))
        return 0
    if args.peaks:
        print("\n".join(peak_table()))
        return 0
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



# -- the servo-stiffness table: a Go2-class robot and the demo quads ---------------------------

KPS = (20, 50, 100, 200, 300)
ASKED = {"forward": (0.3, 0.0, 0.0), "sideways": (0.0, 0.15, 0.0), "turn": (0.0, 0.0, 0.5)}


def measured(xml: Path, twist, seconds: float = 5.0) -> dict:
    """Reached / asked over the last 3 s, falls, and the peak servo torque / effort."""
    from mobiledsl.sim import load_simulation
    sim = load_simulation(xml)
    sim.settle(0.3)
    effort = np.abs(sim.model.actuator_forcerange[:, 1])
    peak, fell = 0.0, False
    sim.command(*twist)
    start = None
    for k in range(int(round(seconds / 0.01))):
        if k == int(round((seconds - 3.0) / 0.01)):
            start = sim.pose2d()
        sim.advance(0.01)
        fell = fell or sim.fell()
        peak = max(peak, float(np.max(np.abs(sim.data.actuator_force) / effort)))
    return {"share": reached_share(start, sim.pose2d(), twist, 3.0), "fell": fell, "peak": peak}


def straight_drift(xml: Path, seconds: float = 10.0) -> tuple[float, float, bool]:
    """Heading (deg) and distance off the line (m) after walking ahead 0.2 m/s, each the mean
    over the last second (the trunk sways within a step)."""
    from mobiledsl.sim import load_simulation
    sim = load_simulation(xml)
    sim.settle(0.3)
    x0, y0, h0 = sim.pose2d()
    sim.command(0.2, 0.0, 0.0)
    hs, offs, fell = [], [], False
    for k in range(int(round(seconds / 0.05))):
        sim.advance(0.05)
        fell = fell or sim.fell()
        if k >= int(round((seconds - 1.0) / 0.05)):
            x, y, h = sim.pose2d()
            hs.append(wrap(h - h0))
            offs.append(-(x - x0) * math.sin(h0) + (y - y0) * math.cos(h0))
    return math.degrees(float(np.mean(hs))), float(np.mean(offs)), fell


def go2_model(tmp: Path, kp: float) -> Path:
    from mobiledsl.pipeline import compile_program
    sys.path.insert(0, str(ROOT))
    from bench.robotgen import write_go2_project
    core, libs = write_go2_project(tmp / f"go2_kp{kp:g}", kp=kp)
    out = tmp / f"go2_kp{kp:g}" / "out"
    compile_program(str(core), None, None, [str(libs[0])], ["mjcf"], str(out), False)
    return out / "mjcf" / "go2.xml"


def stiffness_row(name: str, kp: str, xml: Path) -> str:
    r = {k: measured(xml, t) for k, t in ASKED.items()}
    heading, off, fell = straight_drift(xml)
    falls = sum(v["fell"] for v in r.values()) + fell
    peak = max(v["peak"] for v in r.values())
    cells = " | ".join(f"{r[k]['share'] * 100:.0f} %" for k in ASKED)
    return (f"| {name} | {kp} | {cells} | {heading:.1f} deg, {off:.3f} m | {falls} | "
            f"{peak * 100:.0f} % |")


def stiffness_table(kps=KPS, programs=("quad", "quad_gait")) -> list[str]:
    rows = ["| robot | kp (N·m/rad) | forward 0.3 m/s | sideways 0.15 m/s | turn 0.5 rad/s | "
            "drift over 10 s | falls | peak torque / effort |", "|---|---|---|---|---|---|---|---|"]
    with tempfile.TemporaryDirectory() as tmp:
        for kp in kps:
            rows.append(stiffness_row("Go2-class", f"{kp:g}", go2_model(Path(tmp), kp)))
            print(rows[-1], file=sys.stderr, flush=True)
        sys.path.insert(0, str(ROOT))
        for name in programs:
            near = NEAR_TRAINED if name == "quad" else ()
            for kp in (None,) + near + tuple(kps):    # as stated (15), then the legs at kp
                library = LIBRARY if kp is None else demo_library_at(Path(tmp), kp)
                label = "15 (stated)" if kp is None else f"{kp:g}"
                xml = build(ROOT / "programs" / name, Path(tmp), library)
                rows.append(stiffness_row(f"{name} ({walks_by(xml)})", label, xml))
                print(rows[-1], file=sys.stderr, flush=True)
    return rows


#: the demo walker's servos near the kp it was trained at (15): where its policy stops
#: holding the asked speeds (the analysis's walker_trained_gains tolerance)
NEAR_TRAINED = (12, 13.5, 16.5, 18)
TRAINED_KP = "trained_kp: 15.0"


def demo_library_at(folder: Path, kp: float) -> Path:
    """The demo library with its leg servos at ``kp``, and its walker told it was trained
    there: the compile refuses a walker's robot on servos other than its training's, and
    this table measures what the policy does on them."""
    sys.path.insert(0, str(ROOT))
    from bench.robotgen import write_demo_library
    lib = write_demo_library(folder, kp)
    walker = lib / "walkers" / "quad_walker" / "walker.yaml"
    text = (LIBRARY / "walkers" / "quad_walker" / "walker.yaml").read_text()
    assert text.count(TRAINED_KP) == 1, "quad_walker no longer states trained_kp: 15.0"
    walker.write_text(text.replace(TRAINED_KP, f"trained_kp: {float(kp)!r}"))
    return lib


# -- the expected peak torques against the measured ones ---------------------------------------

PEAK_SPEEDS = (0.1, 0.3, 0.6, 1.0)


def unbounded(xml: Path, top: float = 1.5) -> Path:
    """The model with its controller description's speed limits widened to ``top``, so the
    gait is told speeds beyond its stated range (the simulator holds the command within
    them)."""
    import json
    path = xml.with_name(xml.stem + ".controller.json")
    desc = json.loads(path.read_text())
    desc["limits"].update(vx=[-top, top], vy=[-top, top], wz=[-3 * top, 3 * top])
    path.write_text(json.dumps(desc))
    return xml


def measured_peaks(xml: Path, twist, seconds: float = 6.0, share: float = 95.0
                   ) -> tuple[dict[str, float], dict[str, float], bool]:
    """Each servo's peak |torque| in each step (half a period: each foot steps once a
    period, every other one half a period later), from once the command has ramped up and a
    period gone by; the ``share`` percentile over the steps by actuator name, the share of
    steps in which it saturated, and whether the robot fell."""
    import json

    import mujoco

    from mobiledsl.sim import load_simulation
    desc = json.loads(xml.with_name(xml.stem + ".controller.json").read_text())
    period = float(desc["gait"]["period"])
    sim = load_simulation(xml)
    sim.settle(0.3)
    model = sim.model
    names = [mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_ACTUATOR, i) for i in range(model.nu)]
    effort = np.abs(model.actuator_forcerange[:, 1])
    ax = float(desc["limits"].get("ax") or 1.0)
    sim.command(*twist)
    sim.advance(max(abs(v) for v in twist[:2]) / ax + abs(twist[2]) / 2.0 + period)
    steps, now, start, fell = [], np.zeros(model.nu), sim.time, False
    while sim.time - start < seconds:
        sim.advance(0.004)
        fell = fell or sim.fell()
        now = np.maximum(now, np.abs(sim.data.actuator_force))
        if sim.time - start >= period / 2 * (len(steps) + 1):
            steps.append(now)
            now = np.zeros(model.nu)
    steps = np.array(steps)
    peak = np.percentile(steps, share, axis=0)
    saturated = np.mean(steps >= effort * 0.999, axis=0)
    return dict(zip(names, map(float, peak))), dict(zip(names, map(float, saturated))), fell


def expected_peaks(core: Path, library: Path, twist) -> dict[str, tuple[float, float]]:
    """The analysis's expected peak and the effort of each servo at ``twist``, by the
    actuator's name (component_link)."""
    from mobiledsl.analysis.walking import expected_walk
    from mobiledsl.pipeline import compile_program
    robot = compile_program(str(core), None, None, [str(library)], [], None, True).robot
    walk, efforts = expected_walk(robot)
    return {name.replace(".", "_"): (torque, efforts[name])
            for name, torque in walk.peaks(tuple(twist)).items()}


def peak_rows(name: str, core: Path, library: Path, xml: Path, speeds=PEAK_SPEEDS) -> list[str]:
    """One row per speed and kind of joint (the worst leg of each): measured against
    expected."""
    rows = []
    for v in speeds:
        twist = (v, 0.0, 0.0)
        peak, saturated, fell = measured_peaks(unbounded(xml), twist)
        expected = expected_peaks(core, library, twist)
        kinds: dict[str, list] = {}
        for actuator, (bound, effort) in expected.items():
            kind = actuator.rsplit("_", 1)[-1]
            row = kinds.setdefault(kind, [0.0, 0.0, 0.0, effort])
            row[0] = max(row[0], peak[actuator])
            row[1] = max(row[1], saturated[actuator])
            row[2] = max(row[2], bound)
        for kind, (m, sat, bound, effort) in kinds.items():
            judged = ("error" if bound > effort else "warning" if bound > 0.8 * effort else "")
            rows.append(f"| {name} | {v:g} m/s{' (falls)' if fell else ''} | {kind} | "
                        f"{m:.2f} ({m / effort * 100:.0f} %) | {sat * 100:.0f} % | "
                        f"{bound:.2f} ({bound / effort * 100:.0f} %) | {bound / m:.2f} | "
                        f"{effort:g} | {judged} |")
    return rows


def peak_table(kp: float = 50.0) -> list[str]:
    """The expected peaks against the measured ones: a Go2-class robot at ``kp`` and the
    demo quad_gait, walking ahead at PEAK_SPEEDS."""
    rows = ["| robot | ahead | servo | measured, 95th percentile of steps (of effort) | "
            "steps saturated | expected peak (of effort) | expected / measured | effort "
            "(N·m) | finding |", "|---|---|---|---|---|---|---|---|---|"]
    sys.path.insert(0, str(ROOT))
    from bench.robotgen import write_go2_project
    with tempfile.TemporaryDirectory() as tmp:
        core, libs = write_go2_project(Path(tmp) / f"go2_kp{kp:g}", kp=kp)
        rows += peak_rows(f"Go2-class, kp {kp:g}", core, libs[0], go2_model(Path(tmp), kp))
        program = ROOT / "programs" / "quad_gait"
        rows += peak_rows("demo quad_gait", program / "quad_gait.core", LIBRARY,
                          build(program, Path(tmp)))
    return rows


def walks_by(xml: Path) -> str:
    """How a model walks, from the controller description beside it."""
    import json
    kind = json.loads(xml.with_name(xml.stem + ".controller.json").read_text())["kind"]
    return "walker policy" if kind == "policy" else kind


if __name__ == "__main__":
    sys.exit(main())

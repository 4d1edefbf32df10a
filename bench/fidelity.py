"""The fidelity sweep: every program of programs/ and generated robots from 0.5 kg on 20 mm
wheels to 50 kg on 200 mm wheels, driven through their MJCF's twist map at 10-90 % of the top
speed the analysis accepts (forward, sideways where holonomic, spin where the base spins).
Prints reached/asked per run, and each model's step time; with ``--before REV`` also the
step time of the model the compiler at git revision REV writes for the same robot, timed
alternately with this one's so the machine's load falls on both alike.

    python bench/fidelity.py [--before REV] [name ... | chains | loaded]

``loaded``: loaded robots against their motors' torque-speed line (reached across the range,
the start from rest against the analysis' figure, a slope it climbs and one it cannot).
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import mujoco  # noqa: E402

from mobiledsl.pipeline import compile_program  # noqa: E402
from mobiledsl.model.vocabulary import CHASSIS_TYPES  # noqa: E402
from tests.fidelity import generated  # noqa: E402
from tests.fidelity.sweep import FRACTIONS, sweep  # noqa: E402


def cases(tmp: Path):
    """(name, core, world, library) for every wheeled program and generated robot."""
    for program in sorted((ROOT / "programs").iterdir()):
        core = program / f"{program.name}.core"
        if core.exists():
            # on an empty floor: the program's world would stop a run at its first obstacle
            yield program.name, core, None, ROOT / "libraries" / "demo_parts"
    for scale in generated.SCALES:
        lib, core = generated.write(scale, tmp / scale.name)
        yield scale.name, core, None, lib


def step_time(model, steps: int = 1000) -> float:
    """Microseconds a step, the robot at rest."""
    data = mujoco.MjData(model)
    t0 = time.perf_counter()
    for _ in range(steps):
        mujoco.mj_step(model, data)
    return (time.perf_counter() - t0) / steps * 1e6


def step_times(*models, rounds: int = 5) -> list[float]:
    """Each model's best step time over a few rounds, the models taken in turn."""
    best = [float("inf")] * len(models)
    for _ in range(rounds):
        for i, m in enumerate(models):
            best[i] = min(best[i], step_time(m))
    return best


def checkout(rev: str, tmp: Path) -> Path:
    """The repository's files at ``rev``, unpacked under ``tmp``."""
    dest = tmp / f"rev-{rev}"
    if not dest.exists():
        dest.mkdir()
        archive = subprocess.run(["git", "archive", rev], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(dest)], input=archive, check=True)
    return dest


def model_before(rev: str, core: Path, lib: Path, name: str, tmp: Path):
    """The MJCF the compiler at ``rev`` writes for the same program, loaded."""
    src = checkout(rev, tmp)
    out = tmp / "before" / name
    env = dict(os.environ, PYTHONPATH=str(src))
    subprocess.run([sys.executable, "-m", "mobiledsl", "compile", str(core), "--library",
                    str(lib), "--target", "mjcf", "-o", str(out)], cwd=src, env=env,
                   check=True, capture_output=True)
    return mujoco.MjModel.from_xml_path(str(next((out / "mjcf").glob("*.xml"))))


def cell(runs, kind) -> str:
    picked = [r for r in runs if r.kind == kind]
    if not picked:
        return "—"
    marks = []
    for r in picked:
        text = "div" if r.diverged else f"{100 * r.ratio:.0f}"
        if r.kind != "spin" and not r.diverged and r.heading_deg_m >= 5:
            text += f" ({r.heading_deg_m:.0f}°/m)"
        if r.lifted:
            text += " lift"
        marks.append(text if r.ok else f"**{text}**")
    return " ".join(marks)


# Husky-class bases (four 330 mm tyres, a motor a side on a chain): (mass kg, reduction)
CHAINS = ((20.0, 20.0), (50.0, 78.71), (80.0, 40.0))


def side_speeds(model, asked: float, seconds: float = 3.0) -> tuple[float, float, float]:
    """Spinning at ``asked`` rad/s through the twist map: the turn reached (mean over the
    second half) and the rear over the front wheel's speed on the left and on the right."""
    import numpy as np
    from tests.fidelity.sweep import settle, twist_table
    rest = settle(model)
    data = mujoco.MjData(model)
    data.qpos[:], data.qvel[:] = rest.qpos, rest.qvel
    for act, coeff in twist_table(model).items():
        data.ctrl[act] = float(coeff @ np.array([0.0, 0.0, asked]))
    samples = []
    steps = int(seconds / model.opt.timestep)
    for k in range(steps):
        mujoco.mj_step(model, data)
        if k >= steps // 2:
            samples.append([data.joint(f"wheel_{w}_joint").qvel[0]
                            for w in ("fl", "rl", "fr", "rr")] + [data.qvel[5]])
    fl, rl, fr, rr, wz = np.mean(samples, axis=0)
    return wz, rl / fl, rr / fr


def chain_rows(tmp: Path) -> None:
    """A side's chain turns its wheels alike: the spin reached and the rear/front wheel
    speed of each side, across mass and reduction."""
    print("\nHusky-class, a motor a side on a chain: spin reached/asked in % at 30/60/90 % of "
          "the turn rate, and rear/front wheel speed per side at 90 %\n")
    print("| kg | reduction | top rad/s | spin | rear/front left | rear/front right |")
    print("|---|---|---|---|---|---|")
    for mass, reduction in CHAINS:
        scale = generated.husky(f"husky_{mass:g}_{reduction:g}".replace(".", "_"), mass=mass,
                                reduction=reduction)
        lib, core = generated.write(scale, tmp / scale.name)
        result = compile_program(core, None, None, [lib], ["mjcf"], tmp / "out" / scale.name)
        model = mujoco.MjModel.from_xml_path(str(next((Path(result.outdir) / "mjcf")
                                                      .glob("*.xml"))))
        w = result.analysis.kinematics.max_yaw_rate_rad_s
        spins = [side_speeds(model, f * w) for f in (0.3, 0.6, 0.9)]
        reached = " ".join(f"{100 * s[0] / (f * w):.0f}" for s, f in zip(spins, (0.3, 0.6, 0.9)))
        _, left, right = spins[-1]
        print(f"| {mass:g} | {reduction:g} | {w:.3g} | {reached} | {left:.3f} | {right:.3f} |",
              flush=True)


def loaded_scales():
    """Loaded robots, whose motors' line bounds their start and their top speed: the suite's
    two loaded differential bases and a Husky-class base at 80 kg on weak motors."""
    from tests.fidelity.test_motorline_motion import LOADED
    return [LOADED[m] for m in sorted(LOADED)] + [
        generated.husky("husky_loaded_80", mass=80.0, torque_ratio=0.3)]


def loaded_rows(tmp: Path) -> int:
    """A loaded base against its motors' line: reached/asked across the range; the start
    from rest (the mean acceleration to a tenth of the top speed) against the analysis'
    figure; a slope of 0.7 of the steepest the analysis says it climbs, and one of 1.3."""
    import math

    import numpy as np

    from mobiledsl.analysis.motorline import base_line
    from tests.fidelity.test_motorline_motion import build, forward
    print("\nLoaded robots by their motors' line: reached/asked in % at 10/30/60/90 % of the "
          "top speed; acceleration from rest, the mean to 10 % of the top speed, model against "
          "the analysis' line (and its figure at rest); metres climbed in 2 s at 30 % of the top speed on 0.7 and 1.3 of the "
          "steepest slope the analysis states\n")
    print("| model | kg | top m/s | reached | accel model / analysis m/s² | steepest ° "
          "| 0.7 of it | 1.3 of it | ok |")
    print("|---|---|---|---|---|---|---|---|---|")
    failed = 0
    for scale in loaded_scales():
        res, model = build(scale, tmp / "loaded")
        kin = res.analysis.kinematics
        top = kin.max_speed_mps
        ratios = []
        for share in (0.1, 0.3, 0.6, 0.9):
            _, v, _ = forward(model, share * top, 3.0)
            ratios.append(float(v[len(v) // 2:].mean()) / (share * top))
        t, v, _ = forward(model, 0.9 * top, 1.0)
        reach = 0.1 * top
        sim = reach / float(t[np.argmax(v >= reach)])
        stated = reach / base_line(res.robot, res.analysis.mass).time_to(reach)[0]
        steepest = kin.motors.max_slope_rad
        _, model = build(scale, tmp / "up")
        _, _, up = forward(model, 0.3 * top, 2.0, slope=0.7 * steepest)
        _, model = build(scale, tmp / "down")
        _, _, down = forward(model, 0.3 * top, 2.0, slope=1.3 * steepest)
        ok = (all(0.85 <= r <= 1.10 for r in ratios) and abs(sim / stated - 1) <= 0.15
              and up > 0 and down < 0)
        failed += not ok
        print(f"| {scale.name} | {res.analysis.mass:.3g} | {top:.3g} | "
              f"{' '.join(f'{100 * r:.0f}' for r in ratios)} | {sim:.3g} / {stated:.3g} "
              f"(at rest {kin.max_accel_mps2:.3g}) | {math.degrees(steepest):.3g} | {up:+.3f} | "
              f"{down:+.3f} | {'yes' if ok else 'NO'} |", flush=True)
    return failed


def main(args: list[str]) -> int:
    before = None
    if args[:1] == ["--before"]:
        before, args = args[1], args[2:]
    names = args
    print(f"reached/asked in % at {', '.join(f'{f:.0%}' for f in FRACTIONS)} of the top speed "
          "(bold: outside the contract)\n")
    step = "step µs before → after" if before else "step µs"
    print(f"| model | chassis | kg | top m/s | top rad/s | forward | sideways | spin | {step} | ok |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    failed = 0
    with tempfile.TemporaryDirectory() as tmp:
        for name, core, world, lib in cases(Path(tmp)):
            if names and name not in names:
                continue
            result = compile_program(core, world, None, [lib], ["mjcf"], Path(tmp) / "out" / name)
            if result.robot is None or result.robot.chassis_type == "Legged":
                continue
            xml = next((Path(result.outdir) / "mjcf").glob("*.xml"))
            model = mujoco.MjModel.from_xml_path(str(xml))
            kin = result.analysis.kinematics
            kind = CHASSIS_TYPES[result.robot.chassis_type]
            runs = sweep(model, kin.max_speed_mps, kin.max_yaw_rate_rad_s, kind.holonomic,
                         kind.spin)
            ok = all(r.ok for r in runs)
            failed += not ok
            if before:
                old, new = step_times(model_before(before, core, lib, name, Path(tmp)), model)
                timing = f"{old:.0f} → {new:.0f}"
            else:
                timing = f"{step_times(model)[0]:.0f}"
            top = f"{kin.max_speed_mps:.3g}" if kin.max_speed_mps else "(1)"
            yaw = f"{kin.max_yaw_rate_rad_s:.3g}" if kin.max_yaw_rate_rad_s else "—"
            print(f"| {name} | {result.robot.chassis_type} | {result.analysis.mass:.3g} | {top} "
                  f"| {yaw} | {cell(runs, 'forward')} | {cell(runs, 'sideways')} "
                  f"| {cell(runs, 'spin')} | {timing} | {'yes' if ok else 'NO'} |",
                  flush=True)
        if not names or "chains" in names:
            chain_rows(Path(tmp))
        if not names or "loaded" in names:
            failed += loaded_rows(Path(tmp))
    print("\n(1): the analysis leaves the top speed undecided (a wheel without a motor); the "
          "sweep takes 1 m/s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

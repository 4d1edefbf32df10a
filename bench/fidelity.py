"""The fidelity sweep: every program of programs/ and generated robots from 0.5 kg on 20 mm
wheels to 50 kg on 200 mm wheels, driven through their MJCF's twist map at 10-90 % of the top
speed the analysis accepts (forward, sideways where holonomic, spin where the base spins).
Prints reached/asked per run, and each model's step time.

    python bench/fidelity.py [name ...]
"""
from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import mujoco  # noqa: E402

from mobiledsl.pipeline import compile_program  # noqa: E402
from mobiledsl.resolve.vocabulary import CHASSIS_TYPES  # noqa: E402
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


def step_time(model, steps: int = 2000) -> float:
    """Microseconds a step, the robot at rest."""
    data = mujoco.MjData(model)
    t0 = time.perf_counter()
    for _ in range(steps):
        mujoco.mj_step(model, data)
    return (time.perf_counter() - t0) / steps * 1e6


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


def main(names: list[str]) -> int:
    print(f"reached/asked in % at {', '.join(f'{f:.0%}' for f in FRACTIONS)} of the top speed "
          "(bold: outside the contract)\n")
    print("| model | chassis | kg | top m/s | top rad/s | forward | sideways | spin | step µs | ok |")
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
            top = f"{kin.max_speed_mps:.3g}" if kin.max_speed_mps else "(1)"
            yaw = f"{kin.max_yaw_rate_rad_s:.3g}" if kin.max_yaw_rate_rad_s else "—"
            print(f"| {name} | {result.robot.chassis_type} | {result.analysis.mass:.3g} | {top} "
                  f"| {yaw} | {cell(runs, 'forward')} | {cell(runs, 'sideways')} "
                  f"| {cell(runs, 'spin')} | {step_time(model):.0f} | {'yes' if ok else 'NO'} |",
                  flush=True)
    print("\n(1): the analysis leaves the top speed undecided (a wheel without a motor); the "
          "sweep takes 1 m/s")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""Prints how every program's MJCF behaves in MuJoCo: rest height and its drift, and what a
forward, spin, strafe and steer command does in 3 s. A measurement, not a pass/fail check
(tests/targets/test_mjcf_behaviour.py asserts the behaviour).

    python bench/mujoco_behaviour.py
"""
from __future__ import annotations

import math
import subprocess
import sys
import tempfile
from pathlib import Path

import mujoco
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fidelity.sweep import twist_table, yaw as yaw_of_qpos  # noqa: E402


def yaw(data) -> float:
    return yaw_of_qpos(data.qpos)


def command(model, rest, twist=(0.0, 0.0, 0.0), steer=0.0, seconds=3.0):
    data = mujoco.MjData(model)
    data.qpos[:], data.qvel[:] = rest.qpos, rest.qvel
    for act, coeff in twist_table(model).items():
        data.ctrl[act] = float(coeff @ twist)
    for i in range(model.nu):
        if mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_ACTUATOR, i).endswith("_steer"):
            data.ctrl[i] = steer
    y0 = yaw(rest)
    for _ in range(int(seconds / model.opt.timestep)):
        mujoco.mj_step(model, data)
    moved = data.qpos[:2] - rest.qpos[:2]
    ahead = np.array([math.cos(y0), math.sin(y0)])
    left = np.array([-math.sin(y0), math.cos(y0)])
    return (float(moved @ ahead), float(moved @ left),
            math.degrees(math.remainder(yaw(data) - y0, 2 * math.pi)))


def measure(program: Path, out: Path) -> str:
    files = [str(program / f"{program.name}{e}") for e in (".core", ".world", ".task")
             if (program / f"{program.name}{e}").exists()]
    subprocess.run([sys.executable, "-m", "mobiledsl", "compile", *files, "--library",
                    str(ROOT / "libraries" / "demo_parts"), "--target", "mjcf", "-o", str(out)],
                   check=True, capture_output=True, cwd=ROOT)
    model = mujoco.MjModel.from_xml_path(str(next((out / "mjcf").glob("*.xml"))))
    rest = mujoco.MjData(model)
    heights = []
    for _ in range(int(2.0 / model.opt.timestep)):
        mujoco.mj_step(model, rest)
        heights.append(rest.qpos[2])
    tail = np.array(heights[-250:])
    fwd = command(model, rest, (0.3, 0.0, 0.0))
    spin = command(model, rest, (0.0, 0.0, 0.8))
    strafe = command(model, rest, (0.0, 0.2, 0.0))
    steer = command(model, rest, (0.3, 0.0, 0.0), steer=0.4)
    return (f"{program.name:12} {rest.qpos[2]*1000:7.1f} {np.ptp(tail)*1000:7.3f} "
            f"{fwd[0]:7.3f} {fwd[2]:7.1f} {spin[2]:8.1f} {math.hypot(spin[0], spin[1]):6.3f} "
            f"{strafe[1]:7.3f} {strafe[2]:7.1f} {steer[2]:7.1f}")


def main() -> None:
    print("program      rest_mm drift_mm fwd_m  fwd_yaw° spin_yaw° spin_m strafe_m str_yaw° steer_yaw°")
    print("(commands: forward 0.3 m/s, spin 0.8 rad/s, strafe 0.2 m/s left, steer 0.4 rad at 0.3 m/s; 3 s each)")
    with tempfile.TemporaryDirectory() as tmp:
        for program in sorted((ROOT / "programs").iterdir()):
            if (program / f"{program.name}.core").exists():
                print(measure(program, Path(tmp) / program.name))


if __name__ == "__main__":
    main()

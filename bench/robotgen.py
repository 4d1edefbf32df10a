"""A generated robot of N parts, for timing the compiler as it grows.

A flat deck (a Diff_two_caster chassis) carries two drive wheels, a rear caster and a grid of
mounts facing up on its top; the rest of the N parts are time-of-flight sensors, one a mount,
taken from the demo library (so the parts are real ones). The deck has as many mounts as the
largest robot needs, in rows of 16, 50 mm apart.

    write_project(folder, parts=100) -> (core file, library folders)
"""
from __future__ import annotations

import math
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DEMO = REPO / "libraries" / "demo_parts"
ROW = 16
PITCH = 0.05
FIXED = 4                         # chassis, two wheels, caster


def _mounts(count: int) -> list[tuple[str, float, float]]:
    rows = max(1, math.ceil(count / ROW))
    out = []
    for k in range(count):
        i, j = divmod(k, ROW)
        x = (i - (rows - 1) / 2) * PITCH
        y = (j - (ROW - 1) / 2) * PITCH
        out.append((f"m{k:04d}", round(x, 4), round(y, 4)))
    return out


def deck_yaml(mounts: int) -> str:
    rows = max(1, math.ceil(mounts / ROW))
    length = max(0.3, rows * PITCH + 0.1)
    width = ROW * PITCH + 0.02
    mass = round(0.02 * length * width * 100, 4)
    lines = [
        "schema_version: 1",
        "id: bench_deck",
        "category: chassis",
        f"description: A flat deck {length:.2f} m long with {mounts} sensor mounts on its top.",
        "visual: {file: assets/model.stl, xyz: [0, 0, 0], rpy: [0, 0, 0]}",
        f"collision: {{type: box, size: [{length:.3f}, {width:.3f}, 0.04], origin_xyz: [0, 0, 0]}}",
        "inertial:",
        f"  mass: {mass}",
        "  origin_xyz: [0, 0, 0]",
        f"  inertia: {{ixx: {mass * (width ** 2 + 0.0016) / 12:.6g}, ixy: 0, ixz: 0, "
        f"iyy: {mass * (length ** 2 + 0.0016) / 12:.6g}, iyz: 0, "
        f"izz: {mass * (length ** 2 + width ** 2) / 12:.6g}}}",
        "  source: estimated",
        "  basis: a plate of uniform density",
        "connectors:",
        f"  hub_left: {{pos: [0, {width / 2 + 0.025:.4f}, -0.02], dir: [0, 1, 0]}}",
        f"  hub_right: {{pos: [0, {-width / 2 - 0.025:.4f}, -0.02], dir: [0, -1, 0]}}",
        f"  caster_mount: {{pos: [{-length / 2 + 0.03:.4f}, 0, -0.035], dir: [0, 0, -1]}}",
    ]
    for name, x, y in _mounts(mounts):
        lines.append(f"  {name}: {{pos: [{x}, {y}, 0.02], dir: [0, 0, 1], up: [1, 0, 0]}}")
    lines += ["profiles:", "  Diff_two_caster:",
              "    mounts: {left_wheel: hub_left, right_wheel: hub_right}"]
    return "\n".join(lines) + "\n"


def core_text(parts: int) -> str:
    sensors = max(0, parts - FIXED)
    rows = max(1, math.ceil(max(sensors, ROW) / ROW))
    length = max(0.3, rows * PITCH + 0.1)
    width = ROW * PITCH + 0.02
    lines = [f"Robot bench_{parts} {{", f'    intent "A deck of {sensors} range sensors"', "",
             '    Diff_two_caster chassis(ref = "bench_deck")',
             f'    Standard wheel_l(ref = "standard_80", glue = (0, {width / 2 + 0.025:.4f}, -0.02, 0, 1, 0))',
             f'    Standard wheel_r(ref = "standard_80", glue = (0, {-width / 2 - 0.025:.4f}, -0.02, 0, -1, 0))',
             f'    Caster ball(ref = "caster_ball", glue = ({-length / 2 + 0.03:.4f}, 0, -0.035, 0, 0, -1))']
    for name, x, y in _mounts(sensors):
        lines.append(f'    Range tof_{name}(ref = "tof_vl53l1x", glue = ({x}, {y}, 0.02, 0, 0, 1))')
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_project(folder: Path, parts: int = 100) -> tuple[Path, list[Path]]:
    """A library (the demo parts plus the deck) and the robot's .core in ``folder``."""
    folder = Path(folder)
    lib = folder / "bench_parts"
    if not lib.exists():
        shutil.copytree(DEMO, lib)
    deck = lib / "parts" / "bench_deck"
    deck.mkdir(parents=True, exist_ok=True)
    if not (deck / "assets").exists():
        shutil.copytree(lib / "parts" / "diff_base" / "assets", deck / "assets")
    mounts = max(ROW, parts - FIXED)
    (deck / "component.yaml").write_text(deck_yaml(mounts))
    manifest = (lib / "library.yaml").read_text()
    if "bench_deck" not in manifest:
        manifest = manifest.replace("name: demo_parts", "name: bench_parts", 1)
        manifest = manifest.replace("parts:", "parts:\n  - bench_deck", 1)
        (lib / "library.yaml").write_text(manifest)
    core = folder / f"bench_{parts}.core"
    core.write_text(core_text(parts))
    return core, [lib]

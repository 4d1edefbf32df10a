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


# -- a Go2-class quadruped ---------------------------------------------------------------------
# Modelled from public figures (MuJoCo Menagerie's unitree_go2): 15.2 kg, a 0.213 m thigh
# and calf, hip and thigh servos of 23.7 N m and knee servos of 45.43 N m, standing at
# thigh 0.9 rad and knee -1.8 rad.

GO2_LEGS = {"FL": (0.1934, 0.0465, 1), "FR": (0.1934, -0.0465, -1),
            "RL": (-0.1934, 0.0465, 1), "RR": (-0.1934, -0.0465, -1)}
GO2_EFFORT = {"hip": 23.7, "thigh": 23.7, "calf": 45.43}
GO2_HOLD = {"hip": 0.0, "thigh": 0.9, "calf": -1.8}


def _go2_link(name, parent, xyz, axis, rng, mass, com, inertia, kp, effort, hold, shapes):
    ixx, iyy, izz = inertia
    lines = [f"  {name}:",
             f"    parent: {parent if parent else 'null'}",
             f"    joint: {{type: revolute, xyz: {list(xyz)}, rpy: [0, 0, 0], axis: {list(axis)}, "
             f"range: {list(rng)}}}",
             "    inertial:",
             f"      mass: {mass}",
             f"      origin_xyz: {list(com)}",
             f"      inertia: {{ixx: {ixx}, ixy: 0, ixz: 0, iyy: {iyy}, iyz: 0, izz: {izz}}}",
             "      source: estimated",
             "      basis: Menagerie's unitree_go2, rounded",
             "    visual: {file: assets/model.stl, xyz: [0, 0, 0], rpy: [0, 0, 0]}"]
    if shapes:
        lines.append("    collision:")
        lines += [f"      - {s}" for s in shapes]
    # Menagerie's joint damping, armature and friction, whatever the gain
    lines.append(f"    servo: {{kp: {kp}, damping: 2.0, armature: 0.01, frictionloss: 0.2, "
                 f"effort: {effort}, hold: {hold}}}")
    return lines


def go2_yaml(kp: float = 50.0, effort: dict | None = None, kd: float | None = None) -> str:
    """The component.yaml of a Go2-class quadruped with legs of its own, walking by a gait;
    every servo at ``kp``, efforts as ``effort`` says (by hip, thigh, calf)."""
    effort = {**GO2_EFFORT, **(effort or {})}
    lines = ["schema_version: 1", "id: go2_class", "category: chassis",
             "description: A Go2-class quadruped, 15.2 kg on 0.213 m thighs and calves.",
             "visual: {file: assets/model.stl, xyz: [0, 0, 0], rpy: [0, 0, 0]}",
             "collision: {type: box, size: [0.376, 0.094, 0.114], origin_xyz: [0, 0, 0]}",
             "inertial:", "  mass: 7.1", "  origin_xyz: [0.021, 0, -0.005]",
             "  inertia: {ixx: 0.0251, ixy: 0, ixz: 0, iyy: 0.1006, iyz: 0, izz: 0.1098}",
             "  source: estimated", "  basis: Menagerie's unitree_go2 trunk, rounded",
             "connectors:", "  deck: {pos: [0, 0, 0.057], dir: [0, 0, -1], up: [1, 0, 0]}",
             "profiles:", "  Legged: {mounts: {deck: deck}}",
             "gait: {ahead: [-0.5, 0.5], aside: [-0.3, 0.3], turn: [-1.0, 1.0]}",
             "controller:", "  gait: {period: 0.4, duty: 0.6, step_height: 0.08}",
             "  basis: a gait from the part's own model, with no training",
             "links:"]
    for leg, (x, y, side) in GO2_LEGS.items():
        thigh_range = [-1.5708, 3.4907] if leg[0] == "F" else [-0.5236, 4.5379]
        lines += _go2_link(f"{leg}_hip", None, (x, y, 0), (1, 0, 0), (-1.0472, 1.0472),
                           0.678, (-0.0054 if x > 0 else 0.0054, 0.0019 * side, 0),
                           (0.00048, 0.000884, 0.000596), kp, effort["hip"], GO2_HOLD["hip"],
                           ())
        lines += _go2_link(f"{leg}_thigh", f"{leg}_hip", (0, 0.0955 * side, 0), (0, 1, 0),
                           thigh_range, 1.152, (-0.0037, -0.0223 * side, -0.0327),
                           (0.00584, 0.0058, 0.00103), kp, effort["thigh"], GO2_HOLD["thigh"],
                           ("{type: capsule, size: [0.04, 0.04, 0.12], origin_xyz: "
                            "[0, 0, -0.1], rpy: [0, 0, 0]}",))
        lines += _go2_link(f"{leg}_calf", f"{leg}_thigh", (0, 0, -0.213), (0, 1, 0),
                           (-2.7227, -0.8378), 0.194, (0.004, 0, -0.14),
                           (0.0013, 0.0013, 4.0e-05), kp, effort["calf"], GO2_HOLD["calf"],
                           ("{type: capsule, size: [0.024, 0.024, 0.12], origin_xyz: "
                            "[0, 0, -0.09], rpy: [0, 0, 0]}",
                            "{type: sphere, size: [0.044, 0.044, 0.044], origin_xyz: "
                            "[0, 0, -0.213], rpy: [0, 0, 0]}"))
    lines.append("feet:")
    for leg in GO2_LEGS:
        lines.append(f"  {leg}_foot: {{link: {leg}_calf, shape: 1, friction: 0.8}}")
    return "\n".join(lines) + "\n"


def write_go2_project(folder: Path, kp: float = 50.0, effort: dict | None = None
                      ) -> tuple[Path, list[Path]]:
    """A library (the demo parts plus go2_class) and go2.core, a Go2-class robot alone."""
    folder = Path(folder)
    lib = folder / "go2_parts"
    if not lib.exists():
        shutil.copytree(DEMO, lib)
        manifest = (lib / "library.yaml").read_text()
        manifest = manifest.replace("name: demo_parts", "name: go2_parts", 1)
        (lib / "library.yaml").write_text(manifest.replace("parts:", "parts:\n  - go2_class", 1))
    part = lib / "parts" / "go2_class"
    part.mkdir(parents=True, exist_ok=True)
    if not (part / "assets").exists():
        shutil.copytree(lib / "parts" / "quad_body" / "assets", part / "assets")
    (part / "component.yaml").write_text(go2_yaml(kp, effort))
    core = folder / "go2" / "go2.core"
    core.parent.mkdir(exist_ok=True)
    core.write_text('Robot go2 {\n    intent "A Go2-class quadruped walking by its gait"\n\n'
                    '    Legged body(ref = "go2_class")\n}\n')
    return core, [lib]


# -- the demo library's legs at another gain ---------------------------------------------------
DEMO_LEG_KP = "kp: 15.0"          # what hip_leg's servos state


def write_demo_library(folder: Path, kp: float) -> Path:
    """A copy of the demo library in ``folder`` whose leg servos (hip_leg) are at ``kp``,
    everything else as stated: the demo quads at another servo stiffness."""
    lib = Path(folder) / f"demo_parts_kp{kp:g}"
    if not lib.exists():
        shutil.copytree(DEMO, lib)
    leg = lib / "parts" / "hip_leg" / "component.yaml"
    text = (DEMO / "parts" / "hip_leg" / "component.yaml").read_text()
    assert text.count(DEMO_LEG_KP) == 3, "hip_leg no longer states its three servos at kp 15"
    leg.write_text(text.replace(DEMO_LEG_KP, f"kp: {float(kp)!r}"))
    return lib

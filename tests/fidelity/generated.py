"""Robots generated across the scale the fidelity contract covers, from a light robot on small
wheels to a heavy one on large wheels: a small library (chassis, wheel, motor) written for each,
and a program that seats a motor at each wheel mount with the wheel on its shaft."""
from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

G = 9.81


@dataclass(frozen=True)
class Scale:
    """A generated robot: total mass (kg), wheel radius (m), its motors' stall torque as a
    multiple of the torque that lifts the robot's share of weight on one wheel, and its top
    speed (m/s)."""

    name: str
    chassis: str               # Diff_two_caster | Diff_drive | Mecanum_four_wheel
    mass: float
    radius: float
    torque_ratio: float
    top_speed: float
    sides: bool = False        # a motor per side, turning its wheels through a driveline
    reduction: float | None = 1.0   # the sides' drivelines' (None: they state none)
    grouping: str = "sides"    # which hubs a driveline turns: sides | axles | all
    seat: str = "apart"        # apart: a seat of its own; front_hub: the motor on the front
    #                            mount, its wheel on its shaft, a chain to the rear hub


def husky(name: str = "husky", mass: float = 50.0, reduction: float | None = 78.71,
          **kw) -> Scale:
    """A Husky-class skid-steer base: four 330 mm tyres, a motor a side turning its front and
    rear wheel through a chain of ``reduction``, about 1 m/s."""
    return Scale(name, "Diff_drive", mass, 0.165, kw.pop("torque_ratio", 2.0),
                 kw.pop("top_speed", 1.0), sides=True, reduction=reduction, **kw)


SCALES = (
    Scale("light_diff", "Diff_two_caster", 0.5, 0.02, 8.0, 0.2),
    Scale("tb3_diff", "Diff_two_caster", 1.0, 0.033, 8.6, 0.16),
    Scale("heavy_diff", "Diff_two_caster", 50.0, 0.2, 2.0, 1.5),
    Scale("light_skid", "Diff_drive", 0.5, 0.02, 4.0, 0.3),
    Scale("heavy_skid", "Diff_drive", 50.0, 0.2, 3.0, 1.5),
    Scale("light_skid_sides", "Diff_drive", 0.5, 0.02, 4.0, 0.3, sides=True),
    Scale("heavy_skid_sides", "Diff_drive", 50.0, 0.2, 3.0, 1.5, sides=True),
    Scale("light_mecanum", "Mecanum_four_wheel", 0.5, 0.02, 4.0, 0.3),
    Scale("heavy_mecanum", "Mecanum_four_wheel", 50.0, 0.2, 3.0, 1.5),
    husky("husky_chain"),
)


def box_inertia(m: float, x: float, y: float, z: float) -> str:
    return (f"{{ixx: {m * (y * y + z * z) / 12:.6g}, ixy: 0, ixz: 0, "
            f"iyy: {m * (x * x + z * z) / 12:.6g}, iyz: 0, izz: {m * (x * x + y * y) / 12:.6g}}}")


def layout(s: Scale) -> dict[str, float]:
    r = s.radius
    return {"length": 6 * r + 0.06, "width": 5 * r + 0.05, "height": 1.5 * r + 0.02,
            "wheel_width": 0.5 * r + 0.006, "motor_len": 1.5 * r + 0.01}


def mounts(s: Scale) -> dict[str, tuple[float, float]]:
    """Wheel mount (x, y) on the chassis' side faces, by profile role."""
    d = layout(s)
    y = d["width"] / 2
    if s.chassis == "Diff_two_caster":
        # wheels ahead of the middle, so the centre of mass rests between them and the skid
        return {"left_wheel": (d["length"] / 4, y), "right_wheel": (d["length"] / 4, -y)}
    x = d["length"] / 2 - 1.2 * s.radius
    return {"front_left_wheel": (x, y), "front_right_wheel": (x, -y),
            "rear_left_wheel": (-x, y), "rear_right_wheel": (-x, -y)}


def parts(s: Scale) -> dict[str, str]:
    d = layout(s)
    n = len(mounts(s))
    r, w = s.radius, d["wheel_width"]
    wheel_mass = 0.04 * s.mass
    motor_mass = 0.04 * s.mass
    motors = (len(drivelines(s)) if s.seat == "apart" else 2) if s.sides else n
    chassis_mass = s.mass - n * wheel_mass - motors * motor_mass
    L, W, H = d["length"], d["width"], d["height"]
    ml = d["motor_len"]
    z = -0.2 * H                      # axle height on the chassis
    conns = []
    roles = []
    for role, (x, y) in mounts(s).items():
        side = 1 if y > 0 else -1
        conns.append(f"  m_{role}: {{pos: [{x:.6g}, {y:.6g}, {z:.6g}], dir: [0, {side}, 0]}}")
        roles.append(f"{role}: m_{role}")
    if s.sides and s.seat == "front_hub":
        conns = [c if "m_front_" not in c else
                 c[:-1] + f", driveline: {{turns: [{c.split(':')[0].strip().replace('front', 'rear')}]"
                 f"{reduction_field(s)}}}}}" for c in conns]
    for name, hubs in drivelines(s) if s.sides and s.seat == "apart" else ():
        side = 1 if name.endswith("left") or name == "all" else -1
        conns.append(f"  seat_{name}: {{pos: [0, {side * d['width'] / 4:.6g}, {z:.6g}], "
                     f"dir: [-1, 0, 0], well: {{radius: {0.4 * r:.6g}, width: {ml:.6g}}}, "
                     f"driveline: {{turns: [{hubs}]{reduction_field(s)}}}}}")
    contacts = ""
    if s.chassis == "Diff_two_caster":
        cz = z - r                   # the skid touches where the wheels do
        cr = min(0.3 * r, H / 2)
        contacts = ("contacts:\n"
                    f"  - {{xyz: [{-L / 2 + cr:.6g}, 0, {cz + cr:.6g}], radius: {cr:.6g}, "
                    "note: skid under the tail}\n")
    # the wheel's torque and speed at the motor: through the driveline's reduction
    gear = (s.reduction or 1.0) if s.sides else 1.0
    stall = s.torque_ratio * s.mass * G * r / n * (n / motors) / gear
    wheel_kind = "Mecanum" if s.chassis == "Mecanum_four_wheel" else "Standard"
    iw = wheel_mass * (3 * r * r + w * w) / 12
    return {
        "gen_base": f"""\
schema_version: 1
id: gen_base
category: chassis
visual: {{file: assets/model.dae, xyz: [0, 0, 0], rpy: [0, 0, 0]}}
description: A generated box chassis of {s.mass:g} kg for wheels of {r:g} m.
collision: {{type: box, size: [{L:.6g}, {W:.6g}, {H:.6g}], origin_xyz: [0, 0, 0]}}
inertial:
  mass: {chassis_mass:.6g}
  origin_xyz: [0, 0, 0]
  inertia: {box_inertia(chassis_mass, L, W, H)}
  source: estimated
  basis: uniform box
connectors:
{chr(10).join(conns)}
  top: {{pos: [0, 0, {H / 2:.6g}], dir: [0, 0, 1], up: [1, 0, 0]}}
{contacts}profiles:
  {s.chassis}:
    mounts: {{{', '.join(roles)}, middle_top: top}}
""",
        "gen_motor": f"""\
schema_version: 1
id: gen_motor
category: motor
visual: {{file: assets/model.dae, xyz: [0, 0, 0], rpy: [0, 0, 0]}}
description: A generated gearmotor.
collision: {{type: box, size: [0.0015, {0.3 * r:.6g}, {0.3 * r:.6g}], origin_xyz: [0.00075, 0, 0]}}
inertial:
  mass: {motor_mass:.6g}
  origin_xyz: [{-ml / 2:.6g}, 0, 0]
  inertia: {box_inertia(motor_mass, 0.0015, 0.3 * r, 0.3 * r)}
  source: estimated
  basis: uniform box
motor: {{rated_voltage_v: 12, no_load_speed_rad_s: {s.top_speed / r * gear:.6g}, stall_torque_nm: {stall:.6g}, stall_current_a: 5}}
connectors:
  mount: {{pos: [0, 0, 0], dir: [-1, 0, 0]}}
  shaft: {{pos: [{w / 2 + 0.002:.6g}, 0, 0], dir: [1, 0, 0]}}
profiles:
  Motor: {{mounts: {{default: mount, shaft: shaft}}}}
""",
        "gen_wheel": f"""\
schema_version: 1
id: gen_wheel
category: wheel
visual: {{file: assets/model.dae, xyz: [0, 0, 0], rpy: [0, 0, 0]}}
description: A generated wheel of radius {r:g} m.
wheel: {{radius: {r:.6g}, width: {w:.6g}}}
inertial:
  mass: {wheel_mass:.6g}
  origin_xyz: [0, 0, 0]
  inertia: {{ixx: {iw:.6g}, ixy: 0, ixz: 0, iyy: {iw:.6g}, iyz: 0, izz: {wheel_mass * r * r / 2:.6g}}}
  source: estimated
  basis: solid cylinder
connectors:
  mount: {{pos: [0, 0, {-w / 2:.6g}], dir: [0, 0, -1], joint: {{type: continuous, axis: [0, 0, 1]}}}}
profiles:
  {wheel_kind}: {{mounts: {{default: mount}}}}
""",
    }


def reduction_field(s: Scale) -> str:
    return f", reduction: {s.reduction:g}" if s.reduction is not None else ""


def drivelines(s: Scale) -> list[tuple[str, str]]:
    """(seat name, the hubs it turns) of a base with a motor a side: by side (a chain each),
    by axle, or all four on one."""
    roles = mounts(s)

    def hubs(keep) -> str:
        return ", ".join(f"m_{role}" for role in roles if keep(role))
    if s.grouping == "axles":
        return [("left", hubs(lambda m: m.startswith("front"))),
                ("right", hubs(lambda m: m.startswith("rear")))]
    if s.grouping == "all":
        return [("all", hubs(lambda m: True))]
    return [(side, hubs(lambda m, side=side: f"_{side}_" in m)) for side in ("left", "right")]


def program(s: Scale) -> str:
    d = layout(s)
    z = -0.2 * d["height"]
    wheel_kind = "Mecanum" if s.chassis == "Mecanum_four_wheel" else "Standard"
    lines = [f"Robot {s.name} {{", f'    intent "generated {s.chassis} at {s.mass:g} kg"',
             f'    {s.chassis} chassis(ref = "gen_base")']
    if s.sides and s.seat == "apart":
        for name, _ in drivelines(s):
            side = 1 if name in ("left", "all") else -1
            lines.append(f'    Motor motor_{name[0]}(ref = "gen_motor", '
                         f'glue = (0, {side * d["width"] / 4:.6g}, {z:.6g}, -1, 0, 0))')
    for role, (x, y) in mounts(s).items():
        side = 1 if y > 0 else -1
        tag = "".join(w[0] for w in role.split("_")[:-1])
        if s.sides and (s.seat == "apart" or role.startswith("rear")):
            # on the chassis' hub, turned by its side's motor
            lines.append(f'    {wheel_kind} wheel_{tag}(ref = "gen_wheel", '
                         f'glue = ({x:.6g}, {y:.6g}, {z:.6g}, 0, {side}, 0))')
            continue
        shaft = y + side * (d["wheel_width"] / 2 + 0.002)
        lines.append(f'    Motor motor_{tag}(ref = "gen_motor", glue = ({x:.6g}, {y:.6g}, {z:.6g}, 0, {side}, 0))')
        lines.append(f'    {wheel_kind} wheel_{tag}(ref = "gen_wheel", glue = ({x:.6g}, {shaft:.6g}, {z:.6g}, 0, {side}, 0))')
    lines.append("}")
    return "\n".join(lines) + "\n"


def write(s: Scale, root: Path) -> tuple[Path, Path]:
    """The library folder and the .core file of a generated robot."""
    lib = root / "lib"
    lib.mkdir(parents=True, exist_ok=True)
    ps = parts(s)
    (lib / "library.yaml").write_text("name: gen\nparts:\n" + "".join(f"  - {p}\n" for p in ps))
    for pid, text in ps.items():
        (lib / "parts" / pid).mkdir(parents=True, exist_ok=True)
        (lib / "parts" / pid / "component.yaml").write_text(text)
        (lib / "parts" / pid / "assets").mkdir(exist_ok=True)
        (lib / "parts" / pid / "assets" / "model.dae").write_bytes(b"mesh")  # shown by no target
    core = root / f"{s.name}.core"
    core.write_text(program(s))
    return lib, core

"""Example declarations (a lidar and a range sensor, wheels, a track, a motor, a battery, a
driver, a chassis, an object and an environment), and a helper that lays a library out on disk."""
from __future__ import annotations

import textwrap
from pathlib import Path

LIDAR = """\
schema_version: 1
id: lidar_ld06                     # the directory's name
category: sensor
description: LDRobot LD06 2D lidar.
visual:
  file: assets/model.dae
  xyz: [0.0033, -0.0001, -0.012]   # where the mesh sits in the part frame
  rpy: [0, 0, -1.5708]
collision:
  type: box
  size: [0.038, 0.038, 0.033]
  origin_xyz: [0, 0, 0.0165]
inertial:
  mass: 0.0824982
  origin_xyz: [-0.000109908, -0.003282139, 0.01204194]
  inertia: {ixx: 3.621828e-05, ixy: 0, ixz: 0, iyy: 4.345764e-05, iyz: 0, izz: 4.733319e-05}
  source: cad_measured
connectors:
  mount:
    pos: [0.0033, -0.0001, -0.024]
    dir: [0, 0, 1]
    up: [0, -1, 0]
profiles:
  Lidar:
    mounts: {default: mount}
"""

WHEEL = """\
schema_version: 1
id: standard_80
category: wheel
description: Plain rubber wheel, radius 0.04 m.
visual: {file: assets/model.dae, xyz: [0, 0, 0], rpy: [0, 0, 0]}
wheel: {radius: 0.04, width: 0.03}
inertial:
  mass: 0.1
  origin_xyz: [0, 0, 0]
  inertia: {ixx: 0.00005, ixy: 0, ixz: 0, iyy: 0.00005, iyz: 0, izz: 0.00008}
  source: estimated
  basis: solid cylinder
connectors:
  mount: {pos: [0, 0, 0], dir: [0, 0, 1], joint: {type: continuous, axis: [0, 0, 1]}}
profiles:
  Standard: {mounts: {default: mount}}
"""

MECANUM = """\
schema_version: 1
id: mecanum_black           # equals the directory name
category: wheel
description: Black 97 mm mecanum wheel.
visual:
  file: assets/model.dae    # relative to the part directory
  xyz: [-0.0002, 0, -0.001]
  rpy: [0, 0, 1.57079]
wheel:                      # wheels only, and required for them
  radius: 0.0487            # across the axle
  width: 0.0479             # along the axle
inertial:
  mass: 0.09643
  origin_xyz: [0, 0, 0]
  inertia: {ixx: 7.5613e-05, ixy: 0, ixz: 0, iyy: 7.5613e-05, iyz: 0, izz: 0.000114351}
  source: estimated         # measured | datasheet | cad_measured | estimated | placeholder
  basis: solid cylinder at 270 kg/m^3
connectors:                 # mating points, at least one
  mount:
    pos: [-0.0013, 0.0011, 0]
    dir: [0, 0, 1]          # mating axis, unit length
    joint: {type: continuous, axis: [0, 0, 1]}   # fixed when absent
profiles:
  Mecanum:
    mounts: {default: mount}
"""

TRACK = """\
schema_version: 1
id: track_unit
category: track
description: A link tread around a driven sprocket and road wheels.
visual: {file: assets/model.dae, xyz: [-0.08, 0, -0.005], rpy: [0, 0, 0]}
collision: {type: box, size: [0.20, 0.0384, 0.05], origin_xyz: [-0.08, 0, -0.005]}
inertial:
  mass: 0.06
  origin_xyz: [-0.08, 0, -0.005]
  inertia: {ixx: 1.99e-05, ixy: 0, ixz: 0, iyy: 2.125e-04, iyz: 0, izz: 2.07e-04}
  source: estimated
  basis: solid box of 200 by 38.4 by 50 mm at 60 g
track:
  travel_per_turn_m: 0.12
  width: 0.0384
  ground: {from: [-0.03, 0, -0.03], to: [-0.13, 0, -0.03]}
connectors:
  hub: {pos: [0, 0, 0], dir: [0, -1, 0], up: [0, 0, 1]}
profiles:
  Track: {mounts: {default: hub}}
"""

TOF = """\
schema_version: 1
id: tof_vl53l1x
category: sensor
description: A time-of-flight distance sensor on a small carrier board.
visual: {file: assets/model.dae, xyz: [-0.021, 0, 0], rpy: [0, 0, 0]}
collision: {type: box, size: [0.003, 0.018, 0.013], origin_xyz: [-0.0015, 0, 0]}
inertial:
  mass: 0.0005
  origin_xyz: [-0.0015, 0, 0]
  inertia: {ixx: 2.1e-08, ixy: 0, ixz: 0, iyy: 7.4e-09, iyz: 0, izz: 1.4e-08}
  source: estimated
  basis: board at 0.5 g
range: {min_m: 0.04, max_m: 4.0, field_of_view_rad: 0.47, rate_hz: 50}
connectors:
  mount: {pos: [-0.0015, 0, -0.0065], dir: [0, 0, -1], up: [1, 0, 0]}
profiles:
  Range: {mounts: {default: mount}}
"""

MOTOR = """\
schema_version: 1
id: gearmotor_37d
category: motor
description: A 37 mm brushed gearmotor, 30:1, rated at 12 V.
visual: {file: assets/model.dae, xyz: [-0.03, 0, 0], rpy: [0, 0, 0]}
collision: {type: box, size: [0.06, 0.037, 0.037], origin_xyz: [-0.03, 0, 0]}
inertial:
  mass: 0.205
  origin_xyz: [-0.03, 0, 0]
  inertia: {ixx: 3.5e-05, ixy: 0, ixz: 0, iyy: 7.9e-05, iyz: 0, izz: 7.9e-05}
  source: estimated
  basis: solid cylinder of 37 mm by 60 mm at 205 g
motor: {rated_voltage_v: 12, no_load_speed_rad_s: 36.6, stall_torque_nm: 0.78, stall_current_a: 5}
connectors:
  mount: {pos: [0, 0, 0], dir: [-1, 0, 0]}
  shaft: {pos: [0.02, 0, 0], dir: [1, 0, 0]}
profiles:
  Motor: {mounts: {default: mount, shaft: shaft}}
"""

BATTERY = """\
schema_version: 1
id: lipo_3s_2200
category: battery
description: A 3S lithium polymer pack of 2200 mAh, sold as 11.1 V.
visual: {file: assets/model.dae, xyz: [0, 0, 0.012], rpy: [0, 0, 0]}
collision: {type: box, size: [0.034, 0.105, 0.024], origin_xyz: [0, 0, 0.012]}
inertial:
  mass: 0.18
  origin_xyz: [0, 0, 0.012]
  inertia: {ixx: 1.740e-04, ixy: 0, ixz: 0, iyy: 2.598e-05, iyz: 0, izz: 1.827e-04}
  source: estimated
  basis: solid box of 34 by 105 by 24 mm at 180 g
battery: {voltage_nominal_v: 11.1, voltage_min_v: 9.0, voltage_max_v: 12.6, capacity_ah: 2.2}
connectors:
  mount: {pos: [0, 0, 0], dir: [0, 0, 1], up: [1, 0, 0]}
profiles:
  Battery: {mounts: {default: mount}}
"""

DRIVER = """\
schema_version: 1
id: driver_vnh5019
category: motor_driver
description: A dual brushed motor driver board.
visual: {file: assets/model.dae, xyz: [0, 0, 0.005], rpy: [0, 0, 0]}
collision: {type: box, size: [0.065, 0.051, 0.01], origin_xyz: [0, 0, 0.005]}
inertial:
  mass: 0.018
  origin_xyz: [0, 0, 0.005]
  inertia: {ixx: 4.051e-06, ixy: 0, ixz: 0, iyy: 6.488e-06, iyz: 0, izz: 1.024e-05}
  source: estimated
  basis: solid box of 65 by 51 by 10 mm at the maker's 18 g
driver:
  channels: 2
  voltage_min_v: 5.5
  voltage_max_v: 24
  continuous_current_per_channel_a: 12
  peak_current_per_channel_a: 30
connectors:
  mount: {pos: [0, 0, 0], dir: [0, 0, 1], up: [1, 0, 0]}
profiles:
  MotorDriver: {mounts: {default: mount}}
"""

CHASSIS = """\
schema_version: 1
id: diff_base
category: chassis
description: A two-wheel base on a molded skid.
visual: {file: assets/model.dae, xyz: [0, 0, 0], rpy: [0, 0, 0]}
collision:
  type: hull
  vertices: [[-0.15, -0.1, -0.01], [0.15, -0.1, -0.01], [0.15, 0.1, -0.01], [-0.15, 0.1, -0.01], [-0.13, -0.08, 0.05], [0.13, -0.08, 0.05], [0.13, 0.08, 0.05], [-0.13, 0.08, 0.05]]
  faces: [[0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4], [1, 2, 6], [1, 6, 5], [2, 3, 7], [2, 7, 6], [3, 0, 4], [3, 4, 7]]
inertial:
  mass: 1.2
  origin_xyz: [0, 0, 0.02]
  inertia: {ixx: 0.004, ixy: 0, ixz: 0, iyy: 0.006, iyz: 0, izz: 0.009}
  source: estimated
  basis: solid box of 300 by 200 by 60 mm at 1.2 kg
connectors:
  motor_mount_left:  {pos: [0, 0.1, -0.02], dir: [0, 1, 0], well: {radius: 0.052, width: 0.084}}
  motor_mount_right: {pos: [0, -0.1, -0.02], dir: [0, -1, 0]}
  top_mount:         {pos: [0, 0, 0.05], dir: [0, 0, 1], up: [1, 0, 0]}
  hub_front_left: {pos: [0.15, 0.13, -0.02], dir: [0, 1, 0], steering: {axis: [0, 0, 1], max_angle_rad: 0.6}}
  hub_rear_left:  {pos: [-0.15, 0.13, -0.02], dir: [0, 1, 0]}
  hub_rear_right: {pos: [-0.15, -0.13, -0.02], dir: [0, -1, 0]}
  motor_seat_rear:
    pos: [-0.07, 0, -0.02]
    dir: [-1, 0, 0]
    driveline: {turns: [hub_rear_left, hub_rear_right], reduction: 2}
contacts:
  - {xyz: [-0.15, 0, -0.035], radius: 0.025, note: molded skid under the tail}
profiles:
  Diff_two_caster:
    mounts: {left_wheel: motor_mount_left, right_wheel: motor_mount_right, middle_top: top_mount}
provenance: {name: Diff base, manufacturer: null, source_url: null, license: MIT, price: 12}
"""

RAMP = """\
schema_version: 1
id: ramp_10deg
category: object
description: A ramp 0.8 m wide that rises 10 degrees along +x over one metre.
visual:
  file: assets/model.glb
  xyz: [0, 0, 0]
  rpy: [0, 0, 0]
collision:                      # absent when it is only shown
  - type: box                   # box | sphere | cylinder
    size: [1.01543, 0.8, 0.05]
    origin_xyz: [0.50434, 0, 0.06354]
    rpy: [0, -0.174533, 0]
provenance:
  name: null
  manufacturer: null
  source_url: null
  license: null
"""

ROOM = """\
schema_version: 1
id: room_6x4                    # never `empty`
category: environment
description: A storeroom 6 m by 4 m with walls 0.5 m high.
ground_plane: true
entities:
  wall_north: {entity: Obstacle, type: box, size: [6.2, 0.1, 0.5], pos: [2, 2.05, 0.25, 0, 0, 0, 1]}
  table: {entity: Obstacle, ref: work_table, pos: [4.5, 1.1, 0, 0, 0, 0, 1]}
  carton_b: {entity: Obstacle, ref: cardboard_box, pos: [0.5, -1.35, 0.144, 0, 0, 0.1305262, 0.9914449]}
  dock: {entity: Marker, ref: floor_disc, pos: [4.0, -1.0, 0, 0, 0, 0, 1], collision: false}
"""

EXAMPLES = {
    "lidar_ld06": LIDAR, "standard_80": WHEEL, "mecanum_black": MECANUM,
    "track_unit": TRACK, "tof_vl53l1x": TOF, "gearmotor_37d": MOTOR,
    "lipo_3s_2200": BATTERY, "driver_vnh5019": DRIVER, "diff_base": CHASSIS,
    "ramp_10deg": RAMP, "room_6x4": ROOM,
}


def write_part(root: Path, part_id: str, text: str, assets: tuple[str, ...] | None = None) -> Path:
    """Write parts/<id>/component.yaml and the asset files its visual names."""
    part_dir = root / "parts" / part_id
    part_dir.mkdir(parents=True, exist_ok=True)
    (part_dir / "component.yaml").write_text(textwrap.dedent(text), encoding="utf-8")
    for asset in assets if assets is not None else ("assets/model.dae", "assets/model.glb"):
        path = part_dir / asset
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"mesh")
    return part_dir


def write_library(root: Path, parts: dict[str, str], name: str = "demo", walkers=(),
                  listed: list[str] | None = None) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    ids = list(parts) if listed is None else listed
    lines = [f"name: {name}", "parts:"] + [f"  - {i}" for i in ids]
    if not ids:
        lines[-1] = "parts: []"
    if walkers:
        lines += ["walkers:"] + [f"  - {w}" for w in walkers]
    (root / "library.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    for part_id, text in parts.items():
        write_part(root, part_id, text)
    return root


def mutate(text: str, old: str, new: str, count: int = 1) -> str:
    """Replace ``old`` (which must occur) by ``new`` in a declaration's text."""
    assert old in text, f"{old!r} is not in the declaration"
    return text.replace(old, new, count)


def line_of(text: str, marker: str) -> int:
    """The 1-based line of the first occurrence of ``marker``."""
    index = text.index(marker)
    return text.count("\n", 0, index) + 1


def load_text(tmp_path: Path, text: str, part_id: str | None = None,
              assets: tuple[str, ...] | None = None):
    """Write one declaration into a library at tmp_path/lib and load it with load_part."""
    from mobiledsl.library.loader import load_part
    if part_id is None:
        part_id = next(line.split(":", 1)[1].split("#")[0].strip()
                       for line in text.splitlines() if line.startswith("id:"))
    root = tmp_path / "lib"
    write_part(root, part_id, text, assets)
    return load_part(root, "demo", part_id)

"""How fast a component library loads.

Generates a library of N parts (default 1,000; a mix of wheels, sensors, motors, batteries,
drivers, tracks and chassis with hulls, each with its own mesh file) in a temporary
directory, then loads it with ``load_library`` and, for comparison, reads the same
component.yaml files with a plain ``ruamel.yaml`` safe load, with PyYAML's C loader and with
the loader's reader alone (no schema checks). Prints parts per second for each and the
ratio of the first two; it never passes or fails on time. Times are this process's CPU
time (one core), so that other work on the machine does not count against it.

    python bench/load_library.py [--parts 1000] [--repeat 3] [--unique-lines] [--varied]
                                 [--copies-of libraries/demo_parts]

``--copies-of LIBRARY`` makes the library of copies of that library's parts instead (each
part directory copied whole, its id renamed, in turn until there are N): real declarations,
with the fields, connectors, meshes and hulls a team writes.
"""
from __future__ import annotations

import argparse
import gc
import os
import re
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ruamel.yaml import YAML  # noqa: E402

from mobiledsl.library.loader import load_library  # noqa: E402

COMMON = """\
schema_version: 1
id: {id}
category: {category}
description: Generated part number {n} for the loader benchmark.
visual: {{file: assets/model.glb, xyz: [0, 0, {z}], rpy: [0, 0, 0]}}
inertial:
  mass: {mass}
  origin_xyz: [0, 0, {z}]
  inertia: {{ixx: {ixx}, ixy: 0, ixz: 0, iyy: {iyy}, iyz: 0, izz: {izz}}}
  source: estimated
  basis: solid box at the stated mass
provenance: {{name: Part {n}, manufacturer: Bench Robotics, source_url: null, license: MIT}}
"""

TEMPLATES = {
    "wheel": """\
wheel: {{radius: 0.04, width: 0.03}}
connectors:
  mount: {{pos: [0, 0, 0], dir: [0, 0, 1], joint: {{type: continuous, axis: [0, 0, 1]}}}}
profiles:
  Standard: {{mounts: {{default: mount}}}}
""",
    "sensor": """\
collision: {{type: box, size: [0.038, 0.038, 0.033], origin_xyz: [0, 0, 0.0165]}}
range: {{min_m: 0.04, max_m: 4.0, field_of_view_rad: 0.47, rate_hz: 50}}
connectors:
  mount: {{pos: [0, 0, -0.024], dir: [0, 0, 1], up: [1, 0, 0]}}
profiles:
  Range: {{mounts: {{default: mount}}}}
""",
    "motor": """\
collision: {{type: box, size: [0.06, 0.037, 0.037], origin_xyz: [-0.03, 0, 0]}}
motor: {{rated_voltage_v: 12, no_load_speed_rad_s: 36.6, stall_torque_nm: 0.78, stall_current_a: 5,
        voltage_min_v: 6, voltage_max_v: 14}}
connectors:
  mount: {{pos: [0, 0, 0], dir: [-1, 0, 0]}}
  shaft: {{pos: [0.02, 0, 0], dir: [1, 0, 0]}}
profiles:
  Motor: {{mounts: {{default: mount, shaft: shaft}}}}
""",
    "battery": """\
collision: {{type: box, size: [0.034, 0.105, 0.024], origin_xyz: [0, 0, 0.012]}}
battery: {{voltage_nominal_v: 11.1, voltage_min_v: 9.0, voltage_max_v: 12.6, capacity_ah: 2.2}}
connectors:
  mount: {{pos: [0, 0, 0], dir: [0, 0, 1], up: [1, 0, 0]}}
profiles:
  Battery: {{mounts: {{default: mount}}}}
""",
    "motor_driver": """\
collision: {{type: box, size: [0.065, 0.051, 0.01], origin_xyz: [0, 0, 0.005]}}
driver:
  channels: 2
  voltage_min_v: 5.5
  voltage_max_v: 24
  continuous_current_per_channel_a: 12
  peak_current_per_channel_a: 30
connectors:
  mount: {{pos: [0, 0, 0], dir: [0, 0, 1], up: [1, 0, 0]}}
profiles:
  MotorDriver: {{mounts: {{default: mount}}}}
""",
    "track": """\
collision: {{type: box, size: [0.20, 0.0384, 0.05], origin_xyz: [-0.08, 0, -0.005]}}
track:
  travel_per_turn_m: 0.12
  width: 0.0384
  ground: {{from: [-0.03, 0, -0.03], to: [-0.13, 0, -0.03]}}
connectors:
  hub: {{pos: [0, 0, 0], dir: [0, -1, 0], up: [0, 0, 1]}}
profiles:
  Track: {{mounts: {{default: hub}}}}
""",
    "chassis": """\
collision:
  type: hull
  vertices: [[-0.15, -0.1, 0], [0.15, -0.1, 0], [0.15, 0.1, 0], [-0.15, 0.1, 0],
             [-0.1, -0.08, 0.06], [0.1, -0.08, 0.06], [0.1, 0.08, 0.06], [-0.1, 0.08, 0.06]]
  faces: [[0, 2, 1], [0, 3, 2], [4, 5, 6], [4, 6, 7], [0, 1, 5], [0, 5, 4], [1, 2, 6],
          [1, 6, 5], [2, 3, 7], [2, 7, 6], [3, 0, 4], [3, 4, 7]]
connectors:
  motor_mount_left:  {{pos: [0, 0.1, -0.02], dir: [0, 1, 0], well: {{radius: 0.052, width: 0.084}}}}
  motor_mount_right: {{pos: [0, -0.1, -0.02], dir: [0, -1, 0], well: {{radius: 0.052, width: 0.084}}}}
  top_mount:         {{pos: [0, 0, 0.05], dir: [0, 0, 1], up: [1, 0, 0]}}
contacts:
  - {{xyz: [-0.15, 0, -0.035], radius: 0.025, note: molded skid under the tail}}
profiles:
  Diff_two_caster:
    mounts: {{left_wheel: motor_mount_left, right_wheel: motor_mount_right, middle_top: top_mount}}
""",
}


#: each template's bounds (its collision box, a wheel's cylinder): the generated inertia is the
#: solid's at the part's mass, so every part fits them (library.inertia_fits_the_part)
BOUNDS = {"wheel": ("cylinder", 0.04, 0.03), "sensor": ("box", 0.038, 0.038, 0.033),
          "motor": ("box", 0.06, 0.037, 0.037), "battery": ("box", 0.034, 0.105, 0.024),
          "motor_driver": ("box", 0.065, 0.051, 0.01), "track": ("box", 0.20, 0.0384, 0.05),
          "chassis": ("box", 0.3, 0.2, 0.06)}


def solid_moments(category: str, mass: float) -> tuple[float, float, float]:
    kind, *size = BOUNDS[category]
    if kind == "cylinder":
        r, w = size
        across = mass * (3 * r * r + w * w) / 12
        return across, across, mass * r * r / 2
    x, y, z = size
    return mass * (y * y + z * z) / 12, mass * (x * x + z * z) / 12, mass * (x * x + y * y) / 12


_DECIMAL = re.compile(r"(?<![\w.])-?[0-9]+\.[0-9]+(?:e-?[0-9]+)?")


def varied(text: str, n: int) -> str:
    """Every decimal of a declaration scaled by a factor of its own part's (one part in a
    million per part number): the same part, its lines unlike any other part's, as the
    numbers of real parts are. A uniform scale keeps every check's verdict (hulls stay
    convex, ranges ordered)."""
    factor = 1.0 + (n + 1) * 1e-6
    return _DECIMAL.sub(lambda m: f"{float(m.group()) * factor:.9g}", text)


def generate(root: Path, count: int, unique_lines: bool = False,
             varied_numbers: bool = False) -> list[Path]:
    """The library; with ``unique_lines`` every line of a declaration ends with a comment
    naming its part, so that no two lines of the library are alike (the reader still knows
    a line by its text before the comment); with ``varied_numbers`` every decimal differs
    from part to part (see ``varied``)."""
    kinds = list(TEMPLATES)
    ids, files = [], []
    for n in range(count):
        category = kinds[n % len(kinds)]
        part_id = f"{category}_{n:05d}"
        mass = round(0.05 + (n % 97) * 0.01, 4)
        # the solid's tensor, spread a little from part to part (within what fits its bounds)
        ixx, iyy, izz = (f"{m * (1 + 0.1 * (n % 7)):.6g}" for m in solid_moments(category, mass))
        fields = dict(id=part_id, category=category, n=n, z=round(0.001 * (n % 13), 4),
                      mass=mass, ixx=ixx, iyy=iyy, izz=izz)
        part_dir = root / "parts" / part_id
        (part_dir / "assets").mkdir(parents=True)
        (part_dir / "assets" / "model.glb").write_bytes(b"glTF")
        text = COMMON.format(**fields) + TEMPLATES[category].format(**fields)
        files.append(_declare(part_dir, part_id, text, n, unique_lines, varied_numbers))
        ids.append(part_id)
    return _registered(root, ids, files)


def _declare(part_dir: Path, part_id: str, text: str, n: int, unique_lines: bool,
             varied_numbers: bool) -> Path:
    """The part's component.yaml written, its numbers varied and its lines made unique as
    asked."""
    if varied_numbers:
        text = varied(text, n)
    if unique_lines:
        text = "".join(f"{line}  # {part_id}\n" for line in text.splitlines())
    (part_dir / "component.yaml").write_text(text, encoding="utf-8")
    return part_dir / "component.yaml"


def _registered(root: Path, ids: list[str], files: list[Path]) -> list[Path]:
    (root / "library.yaml").write_text(
        "name: bench\nparts:\n" + "".join(f"  - {i}\n" for i in ids), encoding="utf-8")
    return files


def copies(root: Path, source: Path, count: int, unique_lines: bool = False,
           varied_numbers: bool = False) -> list[Path]:
    """The library of ``count`` copies of ``source``'s parts, in turn, each under an id of its
    own (the part's id and a number), with ``varied`` and ``unique_lines`` as ``generate``."""
    from mobiledsl.library.manifest import load_manifest
    manifest, diagnostics = load_manifest(source)
    if manifest is None:
        raise SystemExit(f"{source} has no library.yaml that loads")
    kinds = [i for i in manifest.parts if (source / "parts" / i / "component.yaml").is_file()]
    ids, files = [], []
    for n in range(count):
        kind = kinds[n % len(kinds)]
        part_id = f"{kind}_{n:05d}"
        part_dir = root / "parts" / part_id
        shutil.copytree(source / "parts" / kind, part_dir, symlinks=True)
        text = (part_dir / "component.yaml").read_text(encoding="utf-8")
        text = re.sub(rf"^id: {re.escape(kind)}\b", f"id: {part_id}", text, count=1,
                      flags=re.M)
        files.append(_declare(part_dir, part_id, text, n, unique_lines, varied_numbers))
        ids.append(part_id)
    return _registered(root, ids, files)


def plain_load(files: list[Path]) -> None:
    yaml = YAML(typ="safe")
    for f in files:
        yaml.load(f.read_bytes())


def pyyaml_load(files: list[Path]) -> None:
    """PyYAML's C loader, the floor of any reader through libyaml from Python."""
    import yaml
    for f in files:
        yaml.load(f.read_bytes(), Loader=yaml.CSafeLoader)


def reader_only(files: list[Path]) -> None:
    """The reader alone, without the schema's checks."""
    from mobiledsl.yamlio import read_yaml
    for f in files:
        read_yaml(f.read_bytes(), str(f))


def fresh() -> None:
    """What the reader keeps between files (what the scalars and keys met read as),
    dropped: each run starts as a new process would. (The checks keep nothing.)"""
    from mobiledsl import yamlread
    yamlread.forget()


def best_of(repeat: int, fn) -> float:
    best = float("inf")
    for _ in range(repeat):
        fresh()
        gc.collect()
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parts", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--unique-lines", action="store_true",
                        help="end every line with a comment naming its part: the reader "
                             "then meets a line or a [ ] again only as the text before "
                             "the comment")
    parser.add_argument("--varied", action="store_true",
                        help="every decimal of a part scaled by a factor of its own, so "
                             "that the lines holding numbers differ from part to part")
    parser.add_argument("--copies-of", type=Path, metavar="LIBRARY",
                        help="a library of copies of this library's parts (such as "
                             "libraries/demo_parts) instead of the generated one")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="mobiledsl-bench-") as tmp:
        root = Path(tmp) / "lib"
        if args.copies_of is not None:
            files = copies(root, args.copies_of, args.parts, args.unique_lines, args.varied)
        else:
            files = generate(root, args.parts, args.unique_lines, args.varied)
        library, diagnostics = load_library(root)
        if library is None or len(library.parts) != args.parts or diagnostics:
            for d in diagnostics[:10]:
                print(d.severity.value, d.code, d.message, d.span, file=sys.stderr)
            print("the generated library did not load cleanly", file=sys.stderr)
            return 1
        loader_s = best_of(args.repeat, lambda: load_library(root))
        plain_s = best_of(args.repeat, lambda: plain_load(files))
        pyyaml_s = best_of(args.repeat, lambda: pyyaml_load(files))
        reader_s = best_of(args.repeat, lambda: reader_only(files))
    print(f"parts:                       {args.parts}"
          f"{' (every line unique)' if args.unique_lines else ''}"
          f"{' (numbers varied)' if args.varied else ''}"
          f"{f' (copies of {args.copies_of})' if args.copies_of else ''}")
    print(f"load_library:                {loader_s * 1000:8.1f} ms  "
          f"{args.parts / loader_s:8.0f} parts/s")
    print(f"plain ruamel.yaml safe load: {plain_s * 1000:8.1f} ms  "
          f"{args.parts / plain_s:8.0f} parts/s")
    print(f"PyYAML CSafeLoader load:     {pyyaml_s * 1000:8.1f} ms  "
          f"{args.parts / pyyaml_s:8.0f} parts/s")
    print(f"the reader alone:            {reader_s * 1000:8.1f} ms  "
          f"{args.parts / reader_s:8.0f} parts/s")
    print(f"ratio load_library / plain load: {loader_s / plain_s:.2f}x the time")
    print(f"cpu: one core (pid {os.getpid()})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The loader's verdict on every declaration we have and on systematic mutations of each,
pinned: for each case the loaded Part (canonical JSON) and every diagnostic in full.

The cases are the component.yaml files under libraries/ and tests/golden/, the examples of
``tests.library.examples``, and for each of them: every field removed, misspelt, given a
value of the wrong type, out of range or outside its options, every mapping given an
unknown key, every list shortened or emptied; the category changed to each other one; each
profile type that allows a block added; each block of one kind of part moved onto every
other declaration. Fields of the legged blocks (links, feet, gait, controller) are mutated
in a corpus of their own (``legged_cases``, schema_pin_legged.jsonl.gz): the legged demo
parts and two legged chassis made here (a policy's, a gait's on four feet of its own),
every field under those blocks mutated as above, and edits no mutation makes (a joint's
type, a parent declared below, a duty the gait cannot step, both controller forms...).

    python -m tests.library.pinning          # rewrite tests/library/golden/schema_pin*.jsonl.gz
    python -m tests.library.pinning --legged # ... the legged blocks' file alone

The test (test_schema_pin.py) loads every case again and compares.
"""
from __future__ import annotations

import copy
import gzip
import hashlib
import json
import os
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path

from mobiledsl.library.loader import load_part_text
from mobiledsl.records import dumps, to_json
from mobiledsl.yamlio import YNode, read_yaml

REPO = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden" / "schema_pin.jsonl.gz"
GOLDEN_LEGGED = Path(__file__).parent / "golden" / "schema_pin_legged.jsonl.gz"
LEGGED = ("links", "feet", "gait", "controller")
CATEGORIES = ("chassis", "wheel", "track", "sensor", "attachment", "leg", "motor", "battery",
              "motor_driver", "object", "environment")
PROFILE_TYPES = ("Track", "Motor", "Battery", "MotorDriver", "Range", "Ultrasonic", "Caster")
DONATED = ("wheel", "track", "motor", "battery", "driver", "range", "collision", "contacts",
           "visual", "inertial", "ground_plane", "entities", "provenance")


class Num(str):
    """A number, kept as the text it was written in."""


def plain(node: YNode):
    """The tree as plain data, numbers as ``Num`` (their texts)."""
    if node.kind == "map":
        return {k: plain(v) for k, v in node.value.items()}
    if node.kind == "seq":
        return [plain(v) for v in node.value]
    if node.kind == "number":
        return Num(node.raw)
    return node.value


def flow(value) -> str:
    if isinstance(value, Num):
        return str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return "{" + ", ".join(f"{key(k)}: {flow(v)}" for k, v in value.items()) + "}"


def key(k: str) -> str:
    return k if k.replace("_", "a").isalnum() and not k[:1].isdigit() else json.dumps(k)


def emit(data) -> str:
    """Block YAML for the top level and for mappings of mappings (as declarations are
    written), flow below."""
    if not isinstance(data, dict):
        return flow(data) + "\n"
    return "".join(_block(k, v, 0) for k, v in data.items())


def _block(k: str, v, indent: int) -> str:
    pad = " " * indent
    if isinstance(v, dict) and v and indent < 4 and any(isinstance(x, dict) for x in v.values()):
        return f"{pad}{key(k)}:\n" + "".join(_block(k2, v2, indent + 2) for k2, v2 in v.items())
    return f"{pad}{key(k)}: {flow(v)}\n"


def bases() -> list[tuple[str, str, str, str]]:
    """(name, root, part id, text) of every declaration the cases start from."""
    from tests.library.examples import EXAMPLES, write_part
    out = []
    for file in sorted(REPO.glob("libraries/**/component.yaml")) + \
            sorted(REPO.glob("tests/golden/**/component.yaml")):
        part_dir = file.parent
        out.append((str(file.relative_to(REPO)), str(part_dir.parent.parent), part_dir.name,
                    file.read_text(encoding="utf-8")))
    root = Path(tempfile.mkdtemp(prefix="mobiledsl-pin-")) / "lib"
    for part_id, text in EXAMPLES.items():
        write_part(root, part_id, text)
        out.append((f"examples/{part_id}", str(root), part_id, textwrap.dedent(text)))
    return out


def _paths(data, path=(), legged=False) -> Iterator[tuple]:
    # a list's first item stands for the others: most lists are vectors and corners
    items = data.items() if isinstance(data, dict) else enumerate(data[:1]) \
        if isinstance(data, list) else ()
    for k, v in items:
        if not path and (k in LEGGED) != legged:
            continue
        yield path + (k,)
        yield from _paths(v, path + (k,))


def _at(data, path):
    for k in path:
        data = data[k]
    return data


def _set(data, path, value):
    _at(data, path[:-1])[path[-1]] = value


def _renamed(d: dict, old: str, new: str) -> dict:
    return {(new if k == old else k): v for k, v in d.items()}


def _wrong_type(value):
    if isinstance(value, Num):
        return "x"
    if isinstance(value, bool) or value is None:
        return Num("1")
    if isinstance(value, str):
        return Num("7")
    if isinstance(value, dict):
        return [Num("1")]
    return {"a": Num("1")}


def mutations(data: dict, legged: bool = False) -> Iterator[tuple[str, dict]]:
    """(what was changed, the changed declaration) for one declaration's data; with
    ``legged``, of its legged blocks alone (the rest is the main corpus's)."""
    for path in _paths(data, legged=legged):
        where = ".".join(str(p) for p in path)
        parent, last = _at(data, path[:-1]), path[-1]
        value = parent[last]

        def changed(new, name, path=path, where=where):
            out = copy.deepcopy(data)
            _set(out, path, new)
            return f"{where}: {name}", out

        if isinstance(parent, dict):
            out = copy.deepcopy(data)
            del _at(out, path[:-1])[last]
            yield f"{where}: removed", out
            out = copy.deepcopy(data)
            misspelt = last[:-1] if len(last) > 1 else last + "x"
            if path[:-1]:
                _set(out, path[:-1], _renamed(_at(out, path[:-1]), last, misspelt))
            else:
                out = _renamed(out, last, misspelt)
            yield f"{where}: misspelt", out
        else:
            out = copy.deepcopy(data)
            del _at(out, path[:-1])[last]
            yield f"{where}: item removed", out
        yield changed(_wrong_type(value), "wrong type")
        if isinstance(value, Num):
            for text in ("0", "-1", "1.1e30", "2.5", "1e-400"):
                if text != value:
                    yield changed(Num(text), f"number {text}")
        elif isinstance(value, str) and not isinstance(value, bool):
            yield changed("bogus_value", "another string")
            yield changed("", "empty string")
        elif isinstance(value, dict):
            yield changed({**value, "zz_unknown": Num("1")}, "unknown key")
            yield changed({}, "empty mapping")
        elif isinstance(value, list) and value:
            yield changed(value[:-1], "last item removed")
            yield changed([], "empty list")
    if legged:
        return
    yield "unknown top-level key", {**data, "zz_unknown": Num("1")}
    for category in CATEGORIES:
        if data.get("category") != category:
            yield f"category {category}", {**data, "category": category}
    profiles = data.get("profiles")
    for kind in PROFILE_TYPES:
        if isinstance(profiles, dict) and kind not in profiles:
            yield f"profile {kind} added", {**data, "profiles": {
                **profiles, kind: {"mounts": {"default": next(iter(data.get("connectors")
                                                                or {"mount": 0}))}}}}


def donations(declarations: list[dict]) -> Iterator[tuple[str, dict]]:
    """Each block of one kind of part, from the first declaration stating it, put on every
    declaration that has none."""
    for block in DONATED:
        donor = next((d for d in declarations if block in d), None)
        if donor is None:
            continue
        for i, data in enumerate(declarations):
            if block not in data:
                yield i, f"{block} added", {**data, block: copy.deepcopy(donor[block])}


def cases() -> Iterator[tuple[str, str, str, str]]:
    """(case name, root, part id, text), each text once."""
    seen: set[str] = set()
    found = bases()
    datas = []
    for name, root, part_id, text in found:
        seen.add(text)
        yield name, root, part_id, text
        node, _ = read_yaml(text, "component.yaml")
        datas.append(plain(node) if node is not None and node.kind == "map" else None)
    for (name, root, part_id, _), data in zip(found, datas):
        if data is None:
            continue
        for what, changed in mutations(data):
            text = emit(changed)
            if text not in seen:
                seen.add(text)
                yield f"{name} | {what}", root, part_id, text
    kept = [(b, d) for b, d in zip(found, datas) if d is not None]
    for i, what, changed in donations([d for _, d in kept]):
        text = emit(changed)
        if text not in seen:
            seen.add(text)
            name, root, part_id, _ = kept[i][0]
            yield f"{name} | {what}", root, part_id, text


# Two legged chassis no library has: one walking by a policy (its ONNX file sized for it),
# one by a gait on four feet of its own. With hip_leg and quad_body they are the bases whose
# legged blocks are mutated.
_LEG = """\
  {c}_hip:
    parent: {parent}
    joint: {{type: revolute, xyz: [{x}, {y}, 0], rpy: [0, 0, 0], axis: [1, 0, 0], range: [-0.8, 0.8]}}
    inertial: {{mass: 0.02, origin_xyz: [0, 0, 0], inertia: {{ixx: 1.5e-06, ixy: 0, ixz: 0, iyy: 1.5e-06, iyz: 0, izz: 1.5e-06}}, source: cad_measured}}
    visual: {{file: assets/model.glb, xyz: [0, 0, 0], rpy: [0, 0, 0]}}
    servo: {{kp: 4.0, damping: 0.05, armature: 0.0002, frictionloss: 0.01, effort: 0.6, hold: 0.0}}
  {c}_knee:
    parent: {c}_hip
    joint: {{type: revolute, xyz: [0, 0, -0.1], rpy: [0, 0, 0], axis: [0, 1, 0], range: [-2.6, 0]}}
    inertial: {{mass: 0.05, origin_xyz: [0, 0, -0.05], inertia: {{ixx: 1e-05, ixy: 0, ixz: 0, iyy: 1e-05, iyz: 0, izz: 1e-06}}, source: cad_measured}}
    visual: {{file: assets/model.glb, xyz: [0, 0, 0], rpy: [0, 0, 0]}}
    collision:
      - {{type: capsule, size: [0.02, 0.02, 0.08], origin_xyz: [0, 0, -0.05], rpy: [0, 0, 0]}}
      - {{type: sphere, size: [0.03, 0.03, 0.03], origin_xyz: [0, 0, -0.1], rpy: [0, 0, 0]}}
    servo: {{kp: 4.0, damping: 0.05, armature: 0.0002, frictionloss: 0.01, effort: 0.6, hold: -1.2, basis: tuned}}
"""
_CHASSIS = """\
schema_version: 1
id: {id}
category: chassis
description: A legged chassis with legs of its own.
visual: {{file: assets/model.glb, xyz: [0, 0, 0], rpy: [0, 0, 0]}}
collision: {{type: box, size: [0.3, 0.2, 0.08], origin_xyz: [0, 0, 0]}}
inertial:
  mass: 1.6
  origin_xyz: [0, 0, 0]
  inertia: {{ixx: 0.004844, ixy: 0, ixz: 0, iyy: 0.01013, iyz: 0, izz: 0.01362}}
  source: cad_measured
connectors:
  deck: {{pos: [0, 0, 0.04], dir: [0, 0, -1], up: [0, -1, 0]}}
profiles:
  Legged: {{mounts: {{deck: deck}}}}
links:
  tail:
    parent: null
    joint: {{type: fixed, xyz: [-0.15, 0, 0], rpy: [0, 0, 0]}}
    inertial: {{mass: 0.01, origin_xyz: [0, 0, 0], inertia: {{ixx: 1e-06, ixy: 0, ixz: 0, iyy: 1e-06, iyz: 0, izz: 1e-06}}, source: cad_measured}}
    visual: {{file: assets/model.glb, xyz: [0, 0, 0], rpy: [0, 0, 0]}}
    collision: [{{type: box, size: [0.02, 0.02, 0.02], origin_xyz: [0, 0, 0], rpy: [0, 0, 0]}}]
{legs}feet:
{feet}gait: {{ahead: [-0.5, 1.0], aside: [-0.4, 0.4], turn: [-1.0, 1.0]}}
controller:
{controller}"""
_POLICY = """\
  policy: assets/policy.onnx
  period: 0.02
  imu: {link: tail, xyz: [0, 0, 0], rpy: [0, 0, 0]}
  observation: [gravity, command, joint_angles, phase, last_action]
  hidden: [FR_knee]
  action_scale: 0.5
  phase: {frequency: 1.5, offsets: [0, 0.5], still_below: 0.05, still_at: 0.0}
  simulator: {timestep: 0.004, integrator: Euler, iterations: 1, ls_iterations: 5, eulerdamp: false}
  basis: trained
"""
_GAIT = """\
  gait: {period: 0.4, duty: 0.55, step_height: 0.07}
  basis: a gait from the part's own model
"""
_CORNERS = {"FL": (0.1, 0.05), "FR": (0.1, -0.05), "RL": (-0.1, 0.05), "RR": (-0.1, -0.05)}


def _chassis(part_id: str, corners: tuple[str, ...], controller: str) -> str:
    legs = "".join(_LEG.format(c=c, parent="null", x=_CORNERS[c][0], y=_CORNERS[c][1])
                   for c in corners)
    feet = "".join(f"  {c.lower()}: {{link: {c}_knee, shape: 1, friction: 0.8}}\n"
                   for c in corners)
    return _CHASSIS.format(id=part_id, legs=legs, feet=feet, controller=controller)


def legged_bases() -> list[tuple[str, str, str, str]]:
    """(name, root, part id, text) of the declarations whose legged blocks are mutated."""
    from tests.library.examples import write_part
    from tests.library.policies import write_policy
    out = [b for b in bases() if b[0].startswith("libraries/") and b[0].endswith((
        "/hip_leg/component.yaml", "/quad_body/component.yaml"))]
    root = Path(tempfile.mkdtemp(prefix="mobiledsl-pin-legged-")) / "lib"
    made = {"quad_policy": _chassis("quad_policy", ("FL", "FR"), _POLICY),
            "quad_gait": _chassis("quad_gait", tuple(_CORNERS), _GAIT)}
    for part_id, text in made.items():
        part_dir = write_part(root, part_id, text, assets=("assets/model.glb",))
        out.append((f"legged/{part_id}", str(root), part_id, text))
    # gravity, command, joint angles of 4 servos, a phase of 2 offsets, the last action
    write_policy(root / "parts" / "quad_policy" / "assets" / "policy.onnx",
                 3 + 3 + 4 + 4 + 4, 4)
    del part_dir
    return out


# the legged blocks as no mutation above writes them
_LEGGED_EDITS = (
    ("links.abduct.joint.type fixed", ("links", "abduct", "joint", "type"), "fixed"),
    ("links.abduct.joint.type prismatic", ("links", "abduct", "joint", "type"), "prismatic"),
    ("links.abduct.joint.type continuous", ("links", "abduct", "joint", "type"), "continuous"),
    ("links.hip.parent itself", ("links", "hip", "parent"), "hip"),
    ("links.hip.parent below", ("links", "hip", "parent"), "knee"),
    ("links.knee.servo.hold out of range", ("links", "knee", "servo", "hold"), Num("0.5")),
    ("links.knee.joint.range reversed", ("links", "knee", "joint", "range"),
     [Num("0"), Num("-2.6")]),
    ("links.knee.joint.range empty", ("links", "knee", "joint", "range"), [Num("0"), Num("0")]),
    ("links.knee.joint.axis not unit", ("links", "knee", "joint", "axis"),
     [Num("0"), Num("2"), Num("0")]),
    ("feet.foot.shape a capsule", ("feet", "foot", "shape"), Num("0")),
    ("feet.foot.link not a link", ("feet", "foot", "link"), "toe"),
    ("links.FL_knee.parent tail", ("links", "FL_knee", "parent"), "tail"),
    ("feet.fr.link FL_knee", ("feet", "fr", "link"), "FL_knee"),
    ("gait.ahead without 0", ("gait", "ahead"), [Num("0.1"), Num("0.3")]),
    ("controller.gait.duty short in air", ("controller", "gait", "duty"), Num("0.95")),
    ("controller.gait.duty short all down", ("controller", "gait", "duty"), Num("0.505")),
    ("controller.gait.period short", ("controller", "gait", "period"), Num("0.05")),
    ("controller.simulator.integrator RK4", ("controller", "simulator", "integrator"), "RK4"),
    ("controller.period not whole steps", ("controller", "period"), Num("0.021")),
    ("controller.observation twice", ("controller", "observation"),
     ["gravity", "gravity", "phase"]),
    ("controller.observation without phase", ("controller", "observation"),
     ["gravity", "command"]),
    ("controller.hidden twice", ("controller", "hidden"), ["FR_knee", "FR_knee"]),
    ("controller.hidden not a servo", ("controller", "hidden"), ["tail"]),
    ("controller.imu.link not a link", ("controller", "imu", "link"), "nose"),
    ("controller.imu.link null", ("controller", "imu", "link"), None),
    ("controller.phase.still_at alone", ("controller", "phase"),
     {"frequency": Num("1.5"), "offsets": [Num("0")], "still_at": Num("0")}),
    ("controller.phase.still_below alone", ("controller", "phase"),
     {"frequency": Num("1.5"), "offsets": [Num("0")], "still_below": Num("0.1")}),
    ("controller.phase.offsets not numbers", ("controller", "phase", "offsets"), ["a", "b"]),
)


def _edits(data: dict) -> Iterator[tuple[str, dict]]:
    for what, path, value in _LEGGED_EDITS:
        try:
            _at(data, path[:-1])[path[-1]]
        except (KeyError, TypeError, IndexError):
            continue
        out = copy.deepcopy(data)
        _set(out, path, copy.deepcopy(value))
        yield what, out
    controller = data.get("controller")
    if isinstance(controller, dict):
        if "policy" in controller:
            other = {"gait": {"period": Num("0.4"), "duty": Num("0.55"),
                              "step_height": Num("0.07")}}
        else:
            other = {"policy": "assets/policy.onnx"}
        yield "controller both forms", {**data, "controller": {**controller, **other}}
        yield "controller neither form", {**data, "controller": {"basis": "x"}}
    for key in LEGGED:
        if key in data:
            for category in ("leg", "wheel", "attachment", "chassis"):
                if data.get("category") != category:
                    yield f"{key} on a {category}", {**data, "category": category}
            yield f"{key} without Legged", {**data, "profiles": {}}


def legged_cases() -> Iterator[tuple[str, str, str, str]]:
    """(case name, root, part id, text) of the legged blocks' cases, each text once."""
    seen: set[str] = set()
    for name, root, part_id, text in legged_bases():
        seen.add(text)
        yield name, root, part_id, text
        node, _ = read_yaml(text, "component.yaml")
        data = plain(node)
        for what, changed in (*mutations(data, legged=True), *_edits(data)):
            text = emit(changed)
            if text not in seen:
                seen.add(text)
                yield f"{name} | {what}", root, part_id, text


def outcome(root: str, part_id: str, text: str) -> dict:
    """What loading ``text`` as ``root``'s part ``part_id`` gives, paths made relative."""
    part, diags = load_part_text(root, "pin", part_id, text)
    out = {"diagnostics": [to_json(d) for d in diags],
           "part": None if part is None else to_json(part)}
    blob = json.dumps(out, sort_keys=True, ensure_ascii=False)
    blob = blob.replace(json.dumps(root)[1:-1], "<root>")
    return json.loads(blob)


def digest(part_json) -> str:
    return hashlib.sha256(dumps(part_json).encode()).hexdigest()


def record(name: str, root: str, part_id: str, text: str) -> dict:
    """One line of the golden file: the diagnostics in full, the Part's canonical JSON in
    full for a declaration as written and as its digest for a mutation."""
    got = outcome(root, part_id, text)
    part = got["part"]
    if " | " in name and part is not None:
        part = {"sha256": digest(part)}
    return {"case": name, "diagnostics": got["diagnostics"], "part": part}


def read_golden(golden: Path = GOLDEN) -> list[dict]:
    with gzip.open(golden, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def write_golden(golden: Path, found: Iterator[tuple[str, str, str, str]]) -> None:
    lines = [json.dumps(record(*case), sort_keys=True, ensure_ascii=False) + "\n"
             for case in found]
    golden.parent.mkdir(parents=True, exist_ok=True)
    with open(golden, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write("".join(lines).encode("utf-8"))
    print(f"{len(lines)} cases written to {os.path.relpath(golden)}", file=sys.stderr)


def main() -> int:
    if sys.argv[1:] != ["--legged"]:
        write_golden(GOLDEN, cases())
    write_golden(GOLDEN_LEGGED, legged_cases())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

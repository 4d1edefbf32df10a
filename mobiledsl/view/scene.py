"""The view page's scene, derived from a program's build records and nothing else (one source):

- the robot's links and geoms from the emitted MJCF model (the mjcf emission record's blob),
  with each part's own visual mesh where the model carries none (MuJoCo takes STL and OBJ;
  a Collada or glTF visual is drawn from the file the library gives);
- connectors, glue frames and which part each diagnostic names, from the assembly record;
- the centre of mass, support polygon and stability margin from the analysis record;
- the world's entities (kind, name, visual) from the resolve record, posed as the model has
  them;
- after a run, the planned paths (``report/run.json``) and the pose trace
  (``report/trace.json``).

The robot is stated in its base's frame (its free body at rest), so the page moves it as one
piece along the trace; the world in world coordinates (metres, +z up).
"""

from __future__ import annotations

import base64
import json
import math
import posixpath
from pathlib import Path

from ..graph import layout
from ..inputs import Refused, read_regular
from .mjcfpose import IDENTITY, Body, compose, inverse, qmul, read_bodies, rotate

TARGET = "mjcf"
#: the record files the scene reads, by phase (besides the emission's model blob)
PHASES = ("parse", "resolve", "assemble", "analyse", f"emit-{TARGET}")
REPORTS = ("run.json", "trace.json")
#: a mesh larger than this is not embedded (its part is drawn by its collision shapes)
MAX_MESH_BYTES = 8 * 1024 * 1024
MESH_FORMATS = {".stl": "stl", ".obj": "obj", ".dae": "dae", ".glb": "glb", ".gltf": "gltf"}


def record_paths(program: str) -> list[str]:
    """The files a program's scene is made from (relative to the project root)."""
    return [layout.program_record(program, p) for p in PHASES] + [
        f"{layout.report_dir(program)}/{name}" for name in REPORTS
    ]


def _read_json(path: Path):
    try:
        return json.loads(read_regular(path))
    except (OSError, ValueError, Refused):
        return None


def rpy_quat(rpy) -> tuple:
    """Fixed-axis roll, pitch, yaw (Rz @ Ry @ Rx) as a quaternion w x y z."""
    r, p, y = (float(v) * 0.5 for v in rpy)
    qx = (math.cos(r), math.sin(r), 0.0, 0.0)
    qy = (math.cos(p), 0.0, math.sin(p), 0.0)
    qz = (math.cos(y), 0.0, 0.0, math.sin(y))
    return qmul(qmul(qz, qy), qx)


def _r(values, places: int = 5) -> list:
    return [round(float(v), places) + 0.0 for v in values]


class Meshes:
    """The mesh files the scene embeds, each once, by its path in the project."""

    def __init__(self, root: Path):
        self.root = root
        self.files: dict[str, dict] = {}
        self.read: list[str] = []  # what was read, for the task's file_dep

    def add(self, rel: str) -> str | None:
        """The id of the mesh at ``rel`` (relative to the root), or None when it cannot be
        embedded (no such file, too large, a format the page has no loader for)."""
        rel = posixpath.normpath(rel)
        if rel in self.files:
            return rel
        fmt = MESH_FORMATS.get(posixpath.splitext(rel)[1].lower())
        if fmt is None:
            return None
        try:
            data = read_regular(self.root / rel, limit=MAX_MESH_BYTES)
        except (OSError, Refused):
            return None
        self.read.append(rel)
        entry = {"format": fmt}
        if fmt == "obj":
            entry["text"] = data.decode("utf-8", "replace")
            entry["mtl"] = self._mtl(rel, entry["text"])
        elif fmt == "dae":
            entry["text"] = data.decode("utf-8", "replace")
        elif fmt == "gltf":
            entry["text"] = self._gltf(rel, data)
        else:
            entry["base64"] = base64.b64encode(data).decode("ascii")
        self.files[rel] = entry
        return rel

    def _beside(self, rel: str, name: str) -> bytes | None:
        path = posixpath.normpath(posixpath.join(posixpath.dirname(rel), name))
        if path.startswith("../") or "://" in name:
            return None
        try:
            data = read_regular(self.root / path, limit=MAX_MESH_BYTES)
        except (OSError, Refused):
            return None
        self.read.append(path)
        return data

    def _mtl(self, rel: str, obj_text: str) -> str:
        """The OBJ's material library, its texture lines left out: a texture would be a
        file the page asks for."""
        for line in obj_text.splitlines():
            if line.startswith("mtllib "):
                data = self._beside(rel, line[len("mtllib ") :].strip())
                if data is None:
                    return ""
                return "\n".join(
                    l
                    for l in data.decode("utf-8", "replace").splitlines()
                    if not l.strip().lower().startswith(("map_", "bump", "disp", "decal", "refl"))
                )
        return ""

    def _gltf(self, rel: str, data: bytes) -> str:
        """A .gltf with its buffers and images put inside it as data: URLs."""
        try:
            doc = json.loads(data)
        except ValueError:
            return "{}"
        for key, mime in (("buffers", "application/octet-stream"), ("images", "image/png")):
            for item in doc.get(key) or ():
                uri = item.get("uri") if isinstance(item, dict) else None
                if isinstance(uri, str) and not uri.startswith("data:"):
                    beside = self._beside(rel, uri)
                    kind = item.get("mimeType", mime)
                    item["uri"] = (
                        f"data:{kind};base64,{base64.b64encode(beside).decode('ascii')}"
                        if beside is not None
                        else "data:,"
                    )
        return json.dumps(doc)


ROBOT_RGBA = [0.7, 0.7, 0.75, 1.0]  # a part's mesh
WORLD_RGBA = [0.8, 0.6, 0.4, 1.0]  # an object's mesh in the world


def _visual_geom(name: str, link: str, pos, quat, visual: dict, mesh_id: str, rgba) -> dict:
    """The page's geom of a part's or an object's visual mesh, placed by its ``xyz``/``rpy``
    within the body at ``pos``/``quat``."""
    vpos, vquat = compose(
        pos,
        quat,
        tuple(visual.get("xyz") or (0, 0, 0)),
        rpy_quat(visual.get("rpy") or (0, 0, 0)),
    )
    return {
        "name": f"{name}_visual",
        "link": link,
        "part": name,
        "kind": "visual",
        "type": "mesh",
        "size": [],
        "pos": _r(vpos),
        "quat": _r(vquat),
        "rgba": list(rgba),
        "mesh": mesh_id,
    }


def build_scene(root: str | Path, program: str) -> tuple[dict, list[str]]:
    """The scene of one built program, and every file it was made from."""
    root = Path(root)
    records = {p: _read_json(root / layout.program_record(program, p)) or {} for p in PHASES}
    report = root / layout.report_dir(program)
    run, trace = _read_json(report / "run.json"), _read_json(report / "trace.json")
    meshes = Meshes(root)
    emission = records[f"emit-{TARGET}"]
    bodies = _model_bodies(root, program, emission)
    assets = [(s, d) for s, d in emission.get("assets") or ()]
    robot = records["assemble"].get("robot") or {}
    analysis = records["analyse"].get("analysis") or {}
    resolved = (records["resolve"].get("resolution") or {}).get("resolved") or {}
    world = resolved.get("world") or {}

    base = next((b for b in bodies if b.free), None)
    scene: dict = {"program": program, "robot": robot.get("name") or program, "model": bool(bodies)}
    scene["base"] = (
        {"pos": _r(base.pos), "quat": _r(base.quat)}
        if base
        else {"pos": [0.0, 0.0, 0.0], "quat": list(IDENTITY)}
    )
    robot_bodies = [b for b in bodies if b.name != "world" and not b.name.startswith("world_")]
    components = {c["name"]: c for c in robot.get("components") or ()}
    body_of = {b.name: b for b in robot_bodies}
    if base is not None and robot.get("chassis"):
        body_of.setdefault(robot["chassis"], base)
    scene["links"], scene["geoms"] = _robot(
        robot_bodies, base, components, body_of, robot, meshes, assets
    )
    scene["connectors"], scene["glue"] = _connectors(robot, components, body_of, base)
    scene["analysis"] = _analysis(analysis)
    scene["world"] = _world(bodies, world, meshes, assets)
    scene["goals"] = sorted(
        {
            str(s.get("args", {}).get("goal"))
            for s in ((resolved.get("task") or {}).get("steps") or ())
            if s.get("kind") == "Navigate" and s.get("args", {}).get("goal")
        }
    )
    scene["diagnostics"] = _diagnostics(records, components, world, body_of, base)
    scene["run"] = _run(run, trace)
    scene["meshes"] = meshes.files
    return scene, record_paths(program) + sorted(set(meshes.read))


def _model_bodies(root: Path, program: str, emission: dict) -> list[Body]:
    for name, entry in sorted((emission.get("files") or {}).items()):
        if name.endswith(".xml") and isinstance(entry, dict):
            blob = Path(layout.blob_dir(layout.emission_record(program, TARGET))) / str(
                entry.get("hash")
            )
            try:
                return read_bodies(read_regular(root / blob).decode("utf-8"))
            except (OSError, Refused, ValueError, SyntaxError):
                return []
    return []


def _source_of(mesh_file: str, assets: list) -> str | None:
    """Where in the project an emitted mesh comes from (the emission's asset folders)."""
    for src, dst in assets:
        if mesh_file == dst or mesh_file.startswith(dst.rstrip("/") + "/"):
            return src + mesh_file[len(dst) :]
    return None


def _relative(base: Body | None, pos, quat) -> tuple:
    """A world pose at rest in the base's frame."""
    if base is None:
        return tuple(pos), tuple(quat)
    ipos, iquat = inverse(base.pos, base.quat)
    return compose(ipos, iquat, pos, quat)


def _geom_entry(geom, link: str, owner: str, kind: str, pos, quat, mesh_id=None) -> dict:
    return {
        "name": geom.name or f"{link}_{kind}",
        "link": link,
        "part": owner,
        "kind": kind,
        "type": geom.type,
        "size": _r(geom.size),
        "pos": _r(pos),
        "quat": _r(quat),
        "rgba": _r(geom.rgba, 3),
        "mesh": mesh_id,
    }


def _robot(robot_bodies, base, components, body_of, robot, meshes, assets):
    """The links (one a body, in the base's frame) and every geom of them; a component whose
    body has no visual mesh gets its part's own."""
    component_of = {b.name: name for name, b in body_of.items()}
    links, geoms = [], []
    for body in robot_bodies:
        pos, quat = _relative(base, body.pos, body.quat)
        component = component_of.get(body.name, "")
        part = (components.get(component) or {}).get("part") or ""
        links.append(
            {
                "name": body.name,
                "component": component,
                "part": part,
                "parent": body.parent,
                "pos": _r(pos),
                "quat": _r(quat),
            }
        )
        for g in body.geoms:
            if g.type == "plane":
                continue
            mesh_id = None
            if g.mesh is not None:
                source = _source_of(g.mesh, assets)
                mesh_id = meshes.add(source) if source else None
            gpos, gquat = compose(pos, quat, g.pos, g.quat)
            geoms.append(
                _geom_entry(
                    g,
                    body.name,
                    component,
                    "visual" if g.visual else "collision",
                    gpos,
                    gquat,
                    mesh_id,
                )
            )
    parts = robot.get("parts") or {}
    drawn = {g["link"] for g in geoms if g["kind"] == "visual" and g["mesh"]}
    for name, comp in components.items():
        body = body_of.get(name)
        part = parts.get(comp.get("part")) or {}
        visual = part.get("visual") or {}
        if body is None or body.name in drawn or not visual.get("file") or not part.get("dir"):
            continue
        mesh_id = meshes.add(f"{part['dir']}/{visual['file']}")
        if mesh_id is None:
            continue
        pos, quat = _relative(base, body.pos, body.quat)
        geoms.append(_visual_geom(name, body.name, pos, quat, visual, mesh_id, ROBOT_RGBA))
    return links, geoms


def _connectors(robot, components, body_of, base):
    """Every connector of every component (dir and up as arrows, in the base's frame), and
    each component's glue frame: where its mating connector meets its host's."""
    parts = robot.get("parts") or {}
    occupied = robot.get("occupied") or {}
    connectors, glue = [], []
    for name, comp in components.items():
        body = body_of.get(name)
        if body is None:
            continue
        bpos, bquat = _relative(base, body.pos, body.quat)
        for cname, conn in sorted(
            ((parts.get(comp.get("part")) or {}).get("connectors") or {}).items()
        ):
            pos = compose(bpos, bquat, tuple(conn.get("pos") or (0, 0, 0)), IDENTITY)[0]
            d = rotate(bquat, tuple(conn.get("dir") or (0, 0, 1)))
            up = rotate(bquat, tuple(conn["up"])) if conn.get("up") else None
            entry = {
                "name": f"{name}.{cname}",
                "component": name,
                "pos": _r(pos),
                "dir": _r(d),
                "up": _r(up) if up else None,
                "occupied_by": occupied.get(f"{name}.{cname}"),
            }
            connectors.append(entry)
            if comp.get("parent") and cname == comp.get("connector"):
                glue.append(
                    {
                        "component": name,
                        "parent": comp["parent"],
                        "host": f"{comp['parent']}.{comp.get('host_connector')}",
                        "pos": entry["pos"],
                        "dir": entry["dir"],
                        "up": entry["up"],
                    }
                )
    return connectors, glue


def _analysis(analysis: dict) -> dict:
    """Centre of mass, support polygon and stability margin, in the base's frame (the
    analysis works in the chassis' frame, the base body's)."""
    z = float(analysis.get("ground_z") or 0.0)
    return {
        "com": _r(analysis["com"]) if analysis.get("com") else None,
        "support_polygon": [_r([x, y, z]) for x, y in analysis.get("support_polygon") or ()],
        "margin_m": analysis.get("com_margin_m"),
        "ground_z": z,
        "mass_kg": analysis.get("mass"),
    }


def _world(bodies, world: dict, meshes, assets) -> list[dict]:
    """Each entity of the world, its geoms as the model has them, its visual from its part."""
    by_name = {b.name[len("world_") :]: b for b in bodies if b.name.startswith("world_")}
    parts = world.get("parts") or {}
    out = []
    entities = list(world.get("entities") or ())
    known = {e.get("name") for e in entities}
    entities += [{"name": n, "entity": "Obstacle"} for n in sorted(by_name) if n not in known]
    for e in entities:
        name = str(e.get("name"))
        body = by_name.get(name)
        if body is None:
            continue
        geoms = []
        for g in body.geoms:
            mesh_id = None
            if g.mesh is not None:
                source = _source_of(g.mesh, assets)
                mesh_id = meshes.add(source) if source else None
            gpos, gquat = compose(body.pos, body.quat, g.pos, g.quat)
            geoms.append(
                _geom_entry(
                    g,
                    body.name,
                    name,
                    "collision" if not g.visual else "visual",
                    gpos,
                    gquat,
                    mesh_id,
                )
            )
        part = parts.get(e.get("part")) or {}
        visual = e.get("visual") or {}
        if visual.get("file") and part.get("dir"):
            mesh_id = meshes.add(f"{part['dir']}/{visual['file']}")
            if mesh_id:
                geoms.append(
                    _visual_geom(name, body.name, body.pos, body.quat, visual, mesh_id, WORLD_RGBA)
                )
        out.append(
            {
                "name": name,
                "kind": str(e.get("entity") or "Obstacle"),
                "collision": bool(e.get("collision", True)),
                "pos": _r(body.pos),
                "geoms": geoms,
            }
        )
    return out


def _diagnostics(records, components, world, body_of, base) -> list[dict]:
    """Every diagnostic of the compile, each pinned to the component or entity it names:
    the one whose place in the program its span (or a label's) is, else the first one its
    message names in quotes; None when it names none."""
    places: dict[tuple, str] = {}
    for name, comp in components.items():
        for field_name in ("span", "glue_span"):
            span = comp.get(field_name)
            if isinstance(span, dict):
                places[_place(span)] = name
    for e in world.get("entities") or ():
        if isinstance(e.get("span"), dict):
            places[_place(e["span"])] = str(e.get("name"))
    names = list(components) + [str(e.get("name")) for e in world.get("entities") or ()]
    out, seen = [], set()
    for phase in PHASES:
        for d in records[phase].get("diagnostics") or ():
            key = (d.get("code"), d.get("message"), d.get("file"), d.get("line"), d.get("at"))
            if key in seen:
                continue
            seen.add(key)
            part = places.get(_place(d))
            for label in d.get("labels") or ():
                part = part or places.get(_place(label))
            if part is None:
                message = str(d.get("message", ""))
                part = next((n for n in names if f"'{n}'" in message), None)
            out.append(
                {
                    "severity": d.get("severity"),
                    "code": d.get("code"),
                    "message": d.get("message"),
                    "file": d.get("file"),
                    "line": d.get("line"),
                    "part": part,
                    "phase": phase,
                }
            )
    return out


def _place(span: dict) -> tuple:
    return (span.get("file"), span.get("at"), span.get("line"), span.get("column"))


def _run(run, trace) -> dict | None:
    """The run's planned paths (Navigate steps), the driven path and the pose trace."""
    if not isinstance(trace, dict) or not trace.get("poses"):
        return None
    steps = (run or {}).get("steps") or []
    planned = [{"step": s.get("step"), "path": s["path"]} for s in steps if s.get("path")]
    poses = trace["poses"]
    return {
        "tick_s": trace.get("tick_s", 0.05),
        "start_s": trace.get("start_s", 0.0),
        "poses": poses,
        "driven": [p[:3] for p in poses],
        "planned": planned,
        "steps": [{"step": s.get("step"), "kind": s.get("kind"), "ok": s.get("ok")} for s in steps],
        "step_starts": [s.get("first_tick", 0) for s in trace.get("steps") or ()],
        "ok": (run or {}).get("ok"),
    }

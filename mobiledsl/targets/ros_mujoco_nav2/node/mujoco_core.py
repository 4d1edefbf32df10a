"""The node's core, without ROS: loads the package's MuJoCo model, lays every glTF mesh the
model's parts and objects show onto it, follows a commanded twist through the robot's own
controller (the simulation runtime beside this file), and reads out what the ROS shell
publishes: odometry, the base's pose, joint states and the lidar scan.

It imports no rclpy, so ``mujoco_node.py --headless`` runs it on any machine with mujoco,
numpy and pygltflib. The package's ``mjcf/node.json`` (written with the package) says where
each mesh goes, which joints to report and how the lidar scans.
"""
from __future__ import annotations

import json
import math
import os
import re

import numpy as np

DESCRIPTION = "node.json"
SETTLE_S = 0.5            # the robot is placed 2 mm above the ground: let it come to rest
VISUAL_GROUP = 2          # the meshes read here: shown, never collided, never scanned
# The scan sees the world's solid shapes and nothing of the robot. The robot's geoms move
# from the groups the model gives them to ones the scan skips: shown ones (0) to 2, hidden
# ones (3) to 4. Where a glTF mesh is laid on a body, its shapes hide behind it: the
# world's in group 3, which the scan still sees, the robot's in 4.
SCANNED_GROUPS = np.array([1, 0, 0, 1, 0, 0], dtype=np.uint8)
ROBOT_GROUPS = {0: 2, 3: 4}
HIDDEN_GROUPS = {0: 3, 2: 4}
BASE_BODY = "base_link"
# the glTF meshes of the whole model together; the reader caps each file (1,000,000), a
# world of many objects could still ask more than a machine holds
MODEL_TRIANGLES = 4_000_000


class NotStarted(Exception):
    """What stops the node before the simulation starts, said in one line."""


def find_mjcf_dir(here: str) -> str:
    """The package's mjcf/ folder: beside the package's Python folder in the source tree,
    or under share/<package>/ when installed (``here`` is lib/<package>/ then)."""
    here = os.path.dirname(os.path.realpath(here))
    candidates = [os.path.join(os.path.dirname(here), "mjcf")]
    package = os.path.basename(here)
    prefix = os.path.dirname(os.path.dirname(here))          # <install>/lib/<pkg> -> <install>
    candidates.append(os.path.join(prefix, "share", package, "mjcf"))
    for folder in candidates:
        if os.path.isfile(os.path.join(folder, DESCRIPTION)):
            return folder
    raise NotStarted(f"no mjcf/{DESCRIPTION} beside {here} or under share/{package}")


def load_description(mjcf_dir: str) -> dict:
    with open(os.path.join(mjcf_dir, DESCRIPTION), encoding="utf-8") as fh:
        return json.load(fh)


# -- the model with its glTF meshes ------------------------------------------------------------
def build_model(mjcf_dir: str, description: dict, most_triangles: int = MODEL_TRIANGLES):
    """The MJCF model with every glTF visual added as a mesh geom that has no mass and
    collides with nothing, so the dynamics are the model's own. Raises NotStarted before
    anything runs when a mesh breaks a rule, or the meshes together lay more than
    ``most_triangles``."""
    import mujoco
    spec = mujoco.MjSpec.from_file(os.path.join(mjcf_dir, description["model"]))
    for geom in spec.body(BASE_BODY).find_all(mujoco.mjtObj.mjOBJ_GEOM):
        geom.group = ROBOT_GROUPS.get(geom.group, geom.group)
    assets: dict[str, bytes] = {}
    laid: dict[str, str] = {}                  # each mesh's name: the file it comes from
    triangles = 0
    for v_index, visual in enumerate(description.get("visuals", [])):
        primitives = read_visual(mjcf_dir, visual["file"])
        triangles += sum(len(prim.faces) for prim in primitives)
        if triangles > most_triangles:
            raise NotStarted(f"{visual['file']}: it brings the triangles of the model's glTF "
                             f"meshes to {triangles}, more than the {most_triangles} the node "
                             "lays; simplify the meshes")
        body = spec.body(visual["body"])
        if body is None:
            raise NotStarted(f"{visual['file']}: the model has no body '{visual['body']}'")
        for geom in body.geoms:
            geom.group = HIDDEN_GROUPS.get(geom.group, geom.group)
        for p_index, prim in enumerate(primitives):
            name = f"gltf{v_index}_{p_index}"
            laid[name] = visual["file"]
            add_primitive(spec, body, name, prim, visual, assets)
    if assets:
        spec.assets = assets
    return compiled(spec, laid, description["model"])


def read_visual(mjcf_dir: str, file):
    from gltf_reader import GltfRefused, read_gltf
    try:
        return read_gltf(*visual_paths(mjcf_dir, file))
    except GltfRefused as exc:
        raise NotStarted(str(exc)) from exc


def compiled(spec, laid: dict[str, str], model: str):
    """The compiled model; what MuJoCo's compiler refuses (a mesh of no area, ...) stops
    the node, named by the glTF file the mesh comes from."""
    try:
        return spec.compile()
    except ValueError as exc:
        text = " ".join(str(exc).split())
        file = next((f for name, f in laid.items() if re.search(rf"'{name}'", text)), model)
        raise NotStarted(f"{file}: MuJoCo does not take it ({text})") from exc


def visual_paths(mjcf_dir: str, file) -> tuple[str, str]:
    """A visual's glTF file and the folder it and every file it names must lie in: its part's
    or object's own (robot/<part>/ or world/<object>/, as the package lays them out)."""
    parts = file.split("/") if isinstance(file, str) else []
    if len(parts) < 3 or any(p in ("", ".", "..") for p in parts) or "\\" in file:
        raise NotStarted(f"{DESCRIPTION} names the mesh '{file}', which is no plain path "
                         "robot/<part>/... or world/<object>/... inside mjcf/")
    return os.path.join(mjcf_dir, *parts), os.path.join(mjcf_dir, *parts[:2])


def add_primitive(spec, body, name: str, prim, visual: dict, assets: dict) -> None:
    import mujoco
    if len(prim.faces) == 0:
        return
    vertices, texcoords = prim.vertices, prim.texcoords
    # MuJoCo asks four vertices of a mesh: a lone triangle gets an unused copy of its first
    pad = max(0, 4 - len(vertices))
    vertices = np.vstack([vertices] + [vertices[:1]] * pad)
    mesh = spec.add_mesh(name=name)
    mesh.uservert = vertices.ravel().tolist()
    mesh.userface = prim.faces.ravel().tolist()
    mesh.inertia = mujoco.mjtMeshInertia.mjMESH_INERTIA_SHELL   # a flat mesh has no volume
    material = spec.add_material(name=name, rgba=list(prim.rgba))
    if prim.texture is not None and texcoords is not None:
        texcoords = np.vstack([texcoords] + [texcoords[:1]] * pad)
        mesh.usertexcoord = texcoords.ravel().tolist()
        file = f"{name}.png"
        assets[file] = prim.texture
        spec.add_texture(name=name, type=mujoco.mjtTexture.mjTEXTURE_2D, file=file)
        material.textures[mujoco.mjtTextureRole.mjTEXROLE_RGB] = name
    body.add_geom(type=mujoco.mjtGeom.mjGEOM_MESH, meshname=name, material=name,
                  contype=0, conaffinity=0, group=VISUAL_GROUP, density=0,
                  pos=visual["pos"], quat=visual["quat"])


# -- the simulation ------------------------------------------------------------------------------
def yaw_of(quat) -> float:
    w, x, y, z = quat
    return math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))


class Core:
    """One simulated robot: command it, advance it, read it."""

    def __init__(self, mjcf_dir: str):
        import mujoco
        from sim import Simulation
        self.mujoco = mujoco
        self.description = load_description(mjcf_dir)
        with open(os.path.join(mjcf_dir, self.description["controller"]), encoding="utf-8") as fh:
            controller = json.load(fh)
        self.model = build_model(mjcf_dir, self.description)
        self.sim = Simulation(self.model, controller, base_dir=mjcf_dir)
        self.scan_spec: dict | None = self.description.get("scan")
        # (name robot_state_publisher knows, joint id in the model)
        self.joints = [(name, mujoco.mj_name2id(self.model, mujoco.mjtObj.mjOBJ_JOINT, joint))
                       for name, joint in self.description.get("joints", [])]
        missing = [name for name, i in self.joints if i < 0]
        if missing:
            raise NotStarted(f"the model has no joint for {', '.join(missing)}")
        self.origin = (0.0, 0.0, 0.0)
        self._last: tuple[float, tuple[float, float, float]] | None = None

    def start(self) -> None:
        """Let the robot come to rest where it stands; odometry starts there."""
        self.sim.settle(SETTLE_S)
        self.origin = self.sim.pose2d()
        self._last = (self.sim.time, self.odom_pose())

    def command(self, vx: float, vy: float, wz: float) -> None:
        self.sim.command(vx, vy, wz)

    def advance(self, seconds: float) -> None:
        self.sim.advance(seconds)

    def advance_to(self, target: float) -> None:
        """Step whole steps up to the simulated time ``target``; what is left of a step
        waits for the next call, so many short calls keep pace with the clock."""
        steps = math.floor((target - self.sim.time) / self.sim.dt + 1e-9)
        if steps > 0:
            self.sim.advance(steps * self.sim.dt)

    @property
    def time(self) -> float:
        return self.sim.time

    # -- odometry and frames -------------------------------------------------------------------
    def odom_pose(self) -> tuple[float, float, float]:
        """The base's (x, y, yaw) in the odom frame, which lies where it came to rest."""
        x, y, yaw = self.sim.pose2d()
        ox, oy, oyaw = self.origin
        c, s = math.cos(oyaw), math.sin(oyaw)
        dx, dy = x - ox, y - oy
        turn = math.atan2(math.sin(yaw - oyaw), math.cos(yaw - oyaw))
        return (c * dx + s * dy, -s * dx + c * dy, turn)

    def footprint(self) -> tuple[list[float], list[float]]:
        """base_footprint in the odom frame as (xyz, quat wxyz): the base's true pose, less
        the fixed step from base_footprint up to base_link that the URDF states."""
        pos, quat = self.sim.base_pose()
        rot = np.zeros(9)
        self.mujoco.mju_quat2Mat(rot, np.asarray(quat, dtype=float))
        foot = np.asarray(pos) - rot.reshape(3, 3) @ (0.0, 0.0, self.description["base_height"])
        ox, oy, oyaw = self.origin
        c, s = math.cos(oyaw), math.sin(oyaw)
        dx, dy = foot[0] - ox, foot[1] - oy
        turn = np.array([math.cos(-oyaw / 2), 0.0, 0.0, math.sin(-oyaw / 2)])
        q = np.zeros(4)
        self.mujoco.mju_mulQuat(q, turn, np.asarray(quat, dtype=float))
        return [c * dx + s * dy, -s * dx + c * dy, float(foot[2])], q.tolist()

    def odom_twist(self) -> tuple[float, float, float]:
        """The base's velocity in its own frame since the last call (vx, vy, wz)."""
        now, pose = self.sim.time, self.odom_pose()
        if self._last is None or now <= self._last[0]:
            self._last = (now, pose)
            return (0.0, 0.0, 0.0)
        (_, (x0, y0, yaw0)), dt = self._last, now - self._last[0]
        self._last = (now, pose)
        dx, dy = (pose[0] - x0) / dt, (pose[1] - y0) / dt
        c, s = math.cos(pose[2]), math.sin(pose[2])
        dyaw = math.atan2(math.sin(pose[2] - yaw0), math.cos(pose[2] - yaw0))
        return (c * dx + s * dy, -s * dx + c * dy, dyaw / dt)

    def joint_states(self) -> tuple[list[str], list[float], list[float]]:
        m, d = self.model, self.sim.data
        return ([name for name, _ in self.joints],
                [float(d.qpos[m.jnt_qposadr[i]]) for _, i in self.joints],
                [float(d.qvel[m.jnt_dofadr[i]]) for _, i in self.joints])

    # -- the scan ----------------------------------------------------------------------------------
    def scanner(self) -> dict:
        """The lidar's description; the scan is asked of a robot with one only."""
        if self.scan_spec is None:
            raise NotStarted("the robot has no lidar to scan with")
        return self.scan_spec

    def scan_angles(self) -> np.ndarray:
        s = self.scanner()
        return s["angle_min"] + self.angle_increment() * np.arange(s["samples"])

    def angle_increment(self) -> float:
        s = self.scanner()
        return (s["angle_max"] - s["angle_min"]) / max(s["samples"] - 1, 1)

    def scan(self) -> list[float]:
        """One sweep from the lidar's frame in its xy plane: the distance to the first
        collision shape along each beam, inf where nothing lies within its range."""
        mj, m, d, s = self.mujoco, self.model, self.sim.data, self.scanner()
        body = mj.mj_name2id(m, mj.mjtObj.mjOBJ_BODY, s["body"])
        angles = self.scan_angles()
        local = np.stack([np.cos(angles), np.sin(angles), np.zeros_like(angles)], axis=1)
        vec = local @ d.xmat[body].reshape(3, 3).T
        n = len(angles)
        dist, geom = np.zeros(n), np.zeros(n, dtype=np.int32)
        mj.mj_multiRay(m, d, d.xpos[body].copy(), vec.ravel().copy(), SCANNED_GROUPS, 1, -1,
                       geom, dist, None, n, s["range_max"])
        valid = (dist >= s["range_min"]) & (dist <= s["range_max"])
        return [float(r) if ok else math.inf for r, ok in zip(dist, valid)]


class Schedule:
    """Which outputs are due at a simulated time, each at its own rate."""

    def __init__(self, rates: dict[str, float]):
        self.periods = {k: 1.0 / r for k, r in rates.items() if r > 0}
        self.next = {k: 0.0 for k in self.periods}

    def due(self, now: float) -> list[str]:
        out = [k for k, t in self.next.items() if now + 1e-9 >= t]
        for k in out:
            self.next[k] = max(self.next[k] + self.periods[k], now)
        return out


def run_headless(mjcf_dir: str, seconds: float, cmd: tuple[float, float, float]) -> dict:
    """From rest, follow one command for ``seconds`` of simulated time: what the node's
    ``--headless`` line reports."""
    core = Core(mjcf_dir)
    core.start()
    core.command(*cmd)
    core.advance(seconds)
    x, y, yaw = core.odom_pose()
    scan = {"ranges": [], "angle_min": 0.0, "angle_increment": 0.0}
    if core.scan_spec is not None:
        scan = {"ranges": [r if math.isfinite(r) else None for r in core.scan()],
                "angle_min": core.scan_spec["angle_min"],
                "angle_increment": core.angle_increment()}
    return {"odom": {"x": x, "y": y, "yaw": yaw}, "scan": scan}

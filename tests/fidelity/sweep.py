"""Drives an emitted MJCF model the way its user would: through its own twist map (the
``twist_<actuator>`` custom numerics), at fractions of the top speed the analysis accepts,
and measures what it reaches. Shared by tests/fidelity and bench/fidelity.py."""
from __future__ import annotations

import math
from dataclasses import dataclass

import mujoco
import numpy as np

FRACTIONS = (0.1, 0.3, 0.5, 0.7, 0.9)
SECONDS = 3.0            # a run: the base starts from rest, so the first half is its start
LIFT_S = 0.01            # a wheel off the floor longer than this has left it
NOMINAL_SPEED = 1.0      # m/s, for a base whose top speed the analysis leaves undecided


@dataclass(frozen=True)
class Run:
    kind: str            # forward | sideways | spin
    fraction: float
    asked: float         # m/s, or rad/s for a spin
    reached: float       # mean over the run's second half, in the base's own frame
    heading_deg_m: float  # heading change per metre travelled (straight runs)
    lifted: tuple[str, ...] = ()
    diverged: bool = False

    @property
    def ratio(self) -> float:
        return self.reached / self.asked if self.asked else float("nan")

    @property
    def ok(self) -> bool:
        """Within the fidelity contract."""
        if self.diverged:
            return False
        if self.kind == "spin":
            return self.ratio >= 0.5
        return 0.85 <= self.ratio <= 1.10 and self.heading_deg_m < 5.0 and not self.lifted


def twist_table(model) -> dict[int, np.ndarray]:
    table = {}
    for i in range(model.nnumeric):
        name = mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_NUMERIC, i)
        if name.startswith("twist_"):
            act = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_ACTUATOR, name[6:])
            adr = model.numeric_adr[i]
            table[act] = np.array(model.numeric_data[adr:adr + 3])
    return table


def top_yaw(model, top_speed: float) -> float:
    """The turn rate at which no actuator is asked more than at the top speed forward."""
    rates = [abs(c[0]) * top_speed / abs(c[2]) for c in twist_table(model).values()
             if abs(c[2]) > 1e-12 and abs(c[0]) > 1e-12]
    return min(rates) if rates else 0.0


def yaw(qpos) -> float:
    w, x, y, z = qpos[3:7]
    return math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z))


def wheel_of_geom(model) -> dict[int, str]:
    """Each geom of a rolling wheel (its tyre or rollers) or a track (its road wheels), by
    the wheel or track it belongs to."""
    names = [mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_BODY, b) or ""
             for b in range(model.nbody)]
    joints = {mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_JOINT, j) for j in range(model.njnt)}
    wheels = {b for b in range(model.nbody) if f"{names[b]}_joint" in joints
              or any(n.startswith(f"{names[b]}_roadwheel_") for n in names)}
    out = {}
    for g in range(model.ngeom):
        if model.geom_contype[g] == 0 and model.geom_conaffinity[g] == 0:
            continue
        b = model.geom_bodyid[g]
        while b > 0 and b not in wheels:
            b = model.body_parentid[b]
        if b > 0:
            out[g] = names[b]
    return out


def settle(model, seconds: float = 1.0):
    data = mujoco.MjData(model)
    for _ in range(int(seconds / model.opt.timestep)):
        mujoco.mj_step(model, data)
    return data


def drive(model, rest, kind: str, fraction: float, asked: float,
          seconds: float = SECONDS) -> Run:
    twist = {"forward": (asked, 0.0, 0.0), "sideways": (0.0, asked, 0.0),
             "spin": (0.0, 0.0, asked)}[kind]
    data = mujoco.MjData(model)
    data.qpos[:], data.qvel[:] = rest.qpos, rest.qvel
    for act, coeff in twist_table(model).items():
        data.ctrl[act] = float(coeff @ twist)
    geoms = wheel_of_geom(model)
    wheels = sorted(set(geoms.values()))
    off = dict.fromkeys(wheels, 0.0)
    worst = dict.fromkeys(wheels, 0.0)
    dt = model.opt.timestep
    steps = int(seconds / dt)
    y0 = yaw(data.qpos)
    start = data.qpos[:2].copy()
    samples = []
    diverged = False
    for k in range(steps):
        mujoco.mj_step(model, data)
        if not np.all(np.isfinite(data.qpos)) or np.abs(data.qvel).max() > 1e4:
            diverged = True
            break
        touching = {geoms.get(int(c.geom1)) for c in data.contact[:data.ncon]} | \
                   {geoms.get(int(c.geom2)) for c in data.contact[:data.ncon]}
        for w in wheels:
            off[w] = 0.0 if w in touching else off[w] + dt
            if k * dt > 0.2:             # past the start's first jolt
                worst[w] = max(worst[w], off[w])
        if k >= steps // 2:
            h = yaw(data.qpos)
            vx, vy = data.qvel[0], data.qvel[1]
            samples.append((math.cos(h) * vx + math.sin(h) * vy,
                            -math.sin(h) * vx + math.cos(h) * vy, data.qvel[5]))
    if diverged or not samples:
        return Run(kind, fraction, asked, float("nan"), float("nan"), diverged=True)
    mean = np.mean(samples, axis=0)
    reached = {"forward": mean[0], "sideways": mean[1], "spin": mean[2]}[kind]
    metres = float(np.linalg.norm(data.qpos[:2] - start))
    turned = abs(math.degrees(math.remainder(yaw(data.qpos) - y0, 2 * math.pi)))
    lifted = tuple(w for w in wheels if worst[w] > LIFT_S) if kind != "spin" else ()
    return Run(kind, fraction, asked, float(reached),
               turned / metres if kind != "spin" and metres > 1e-6 else 0.0, lifted)


def sweep(model, top_speed: float | None, top_yaw_rate: float | None, holonomic: bool,
          spins: bool, fractions=FRACTIONS, seconds: float = SECONDS) -> list[Run]:
    v = top_speed or NOMINAL_SPEED
    w = top_yaw_rate or top_yaw(model, v)
    rest = settle(model)
    runs = []
    for f in fractions:
        runs.append(drive(model, rest, "forward", f, f * v, seconds))
        if holonomic:
            runs.append(drive(model, rest, "sideways", f, f * v, seconds))
        if spins and w > 0:
            runs.append(drive(model, rest, "spin", f, f * w, seconds))
    return runs

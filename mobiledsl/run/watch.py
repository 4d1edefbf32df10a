"""What the robot does to the world while it moves: which obstacles it touches, and how close
it comes to each.

Geoms are told apart by their bodies: the robot is every body under ``base_link``; an
obstacle is the body ``world_<name>`` the mjcf target writes for each entity, and only
entities that are Obstacles count (the floor, support surfaces and markers do not).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

BASE_BODY = "base_link"
#: closest approaches further than this are not worked out exactly
FAR_M = 3.0
#: a touch of an obstacle is a new contact once the base has moved this far from where it
#: last touched it: a robot pressed against a wall flickers in and out of touch in place
NEW_CONTACT_M = 0.05


@dataclass(frozen=True)
class Contact:
    """The robot coming to touch an obstacle: which, when, where they met, where the base was."""

    obstacle: str
    t: float  # simulated seconds
    at: tuple[float, float]  # the contact point on the floor plan, metres
    base: tuple[float, float]  # the base's centre then

    def describe(self) -> str:
        """One line for people."""
        return (
            f"touched '{self.obstacle}' at {self.t:.2f} s: at ({self.at[0]:.3f}, "
            f"{self.at[1]:.3f}) m, the base at ({self.base[0]:.3f}, {self.base[1]:.3f}) m"
        )

    def as_json(self) -> dict:
        return {
            "obstacle": self.obstacle,
            "t": round(self.t, 4),
            "x": round(self.at[0], 4),
            "y": round(self.at[1], 4),
            "base_x": round(self.base[0], 4),
            "base_y": round(self.base[1], 4),
        }


def model_obstacles(model) -> list[str]:
    """The Obstacles of a model the mjcf target wrote, read from the model alone (for
    ``simulate``, which has no world file): its ``world_<name>`` bodies drawn in the
    Obstacle's colour (the target's own table, so the two cannot drift apart)."""
    import mujoco

    from ..targets.mjcf.worldgeoms import COLOURS

    colour = np.array([float(v) for v in COLOURS["Obstacle"].split()])
    names = []
    for b in range(model.nbody):
        name = mujoco.mj_id2name(model, mujoco.mjtObj.mjOBJ_BODY, b) or ""
        if not name.startswith("world_"):
            continue
        geoms = [g for g in range(model.ngeom) if model.geom_bodyid[g] == b and _solid(model, g)]
        if geoms and all(np.allclose(model.geom_rgba[g], colour) for g in geoms):
            names.append(name[len("world_") :])
    return names


class Watch:
    def __init__(self, model, data, obstacles: list[str]):
        import mujoco

        self._mj = mujoco
        base_body = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, BASE_BODY)
        self.model, self.data = model, data
        self.robot_geoms = [
            g
            for g in range(model.ngeom)
            if _solid(model, g) and model.body_rootid[model.geom_bodyid[g]] == base_body
        ]
        self.obstacle_of: dict[int, str] = {}
        for name in obstacles:
            body = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, f"world_{name}")
            if body < 0:
                continue
            for g in range(model.ngeom):
                if model.geom_bodyid[g] == body and _solid(model, g):
                    self.obstacle_of[g] = name
        self._robot_ids = np.array(self.robot_geoms, int)
        self._obstacle_ids = np.array(sorted(self.obstacle_of), int)
        self._names = sorted(set(self.obstacle_of.values()))
        index = {n: i for i, n in enumerate(self._names)}
        # for each (robot geom, obstacle geom) pair, flattened: the obstacle's index
        self._pairs_obstacle = np.tile(
            [index[self.obstacle_of[g]] for g in self._obstacle_ids], len(self._robot_ids)
        ).astype(int)
        self._rbounds = (
            model.geom_rbound[self._robot_ids][:, None]
            + model.geom_rbound[self._obstacle_ids][None, :]
        )
        self.reset()

    def reset(self) -> None:
        """Start a new step: nothing touched, nothing approached."""
        self.touched: dict[str, tuple[float, float]] = {}  # name -> where the robot was
        self.contacts: list[Contact] = []  # each coming into touch, in time order
        self._last_touch: dict[str, tuple[float, float]] = {}  # name -> the base then
        self.closest: dict[str, float] = {name: math.inf for name in self.obstacle_of.values()}

    def look(self, where: tuple[float, float]) -> None:
        """Note the contacts now and the distance to every obstacle."""
        d = self.data
        robot = set(self.robot_geoms)
        for i in range(d.ncon):
            c = d.contact[i]
            a, b = int(c.geom1), int(c.geom2)
            hit = (
                self.obstacle_of.get(b)
                if a in robot
                else self.obstacle_of.get(a)
                if b in robot
                else None
            )
            if hit is not None and c.dist <= 0.0:
                self.touched.setdefault(hit, where)
                self.closest[hit] = 0.0
                last = self._last_touch.get(hit)
                if last is None or math.dist(last, where) > NEW_CONTACT_M:
                    self.contacts.append(
                        Contact(hit, float(d.time), (float(c.pos[0]), float(c.pos[1])), where)
                    )
                self._last_touch[hit] = where
        self._distances()

    def _distances(self) -> None:
        mj, m, d = self._mj, self.model, self.data
        if not self._pairs_obstacle.size:
            return
        # a lower bound from the bounding spheres of every pair at once: only the pairs
        # that may come closer than what is known are measured exactly
        gaps = (
            np.linalg.norm(
                d.geom_xpos[self._robot_ids][:, None, :]
                - d.geom_xpos[self._obstacle_ids][None, :, :],
                axis=2,
            )
            - self._rbounds
        )
        best = np.array([self.closest[n] for n in self._names])
        bound = np.minimum(best[self._pairs_obstacle], FAR_M)
        for r, o in np.argwhere(gaps < bound.reshape(gaps.shape)):
            name = self._names[self._pairs_obstacle[r * len(self._obstacle_ids) + o]]
            known = self.closest[name]
            if known <= 0.0:
                continue
            dist = mj.mj_geomDistance(
                m, d, int(self._robot_ids[r]), int(self._obstacle_ids[o]), min(known, FAR_M), None
            )
            if dist < FAR_M:  # at the cap: further than we measure
                self.closest[name] = min(known, max(float(dist), 0.0))


def _solid(model, g: int) -> bool:
    return bool(model.geom_contype[g] or model.geom_conaffinity[g])

"""What the robot does to the world while it moves: which obstacles it touches, and how close
it comes to each.

Geoms are told apart by their bodies: the robot is every body under ``base_link``; an
obstacle is the body ``world_<name>`` the mjcf target writes for each entity, and only
entities that are Obstacles count (the floor, support surfaces and markers do not).
"""
from __future__ import annotations

import math

import numpy as np

BASE_BODY = "base_link"
#: closest approaches further than this are not worked out exactly
FAR_M = 3.0


class Watch:
    def __init__(self, model, data, obstacles: list[str]):
        import mujoco
        self._mj = mujoco
        base_body = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, BASE_BODY)
        self.model, self.data = model, data
        self.robot_geoms = [g for g in range(model.ngeom) if _solid(model, g)
                            and model.body_rootid[model.geom_bodyid[g]] == base_body]
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
        self._pairs_obstacle = np.tile([index[self.obstacle_of[g]] for g in self._obstacle_ids],
                                       len(self._robot_ids)).astype(int)
        self._rbounds = (model.geom_rbound[self._robot_ids][:, None]
                         + model.geom_rbound[self._obstacle_ids][None, :])
        self.reset()

    def reset(self) -> None:
        """Start a new step: nothing touched, nothing approached."""
        self.touched: dict[str, tuple[float, float]] = {}    # name -> where the robot was
        self.closest: dict[str, float] = {name: math.inf for name in self.obstacle_of.values()}

    def look(self, where: tuple[float, float]) -> None:
        """Note the contacts now and the distance to every obstacle."""
        d = self.data
        robot = set(self.robot_geoms)
        for i in range(d.ncon):
            c = d.contact[i]
            a, b = int(c.geom1), int(c.geom2)
            hit = self.obstacle_of.get(b) if a in robot else \
                self.obstacle_of.get(a) if b in robot else None
            if hit is not None and c.dist <= 0.0:
                self.touched.setdefault(hit, where)
                self.closest[hit] = 0.0
        self._distances()

    def _distances(self) -> None:
        mj, m, d = self._mj, self.model, self.data
        if not self._pairs_obstacle.size:
            return
        # a lower bound from the bounding spheres of every pair at once: only the pairs
        # that may come closer than what is known are measured exactly
        gaps = np.linalg.norm(d.geom_xpos[self._robot_ids][:, None, :]
                              - d.geom_xpos[self._obstacle_ids][None, :, :], axis=2) \
            - self._rbounds
        best = np.array([self.closest[n] for n in self._names])
        bound = np.minimum(best[self._pairs_obstacle], FAR_M)
        for r, o in np.argwhere(gaps < bound.reshape(gaps.shape)):
            name = self._names[self._pairs_obstacle[r * len(self._obstacle_ids) + o]]
            known = self.closest[name]
            if known <= 0.0:
                continue
            dist = mj.mj_geomDistance(m, d, int(self._robot_ids[r]), int(self._obstacle_ids[o]),
                                      min(known, FAR_M), None)
            if dist < FAR_M:                 # at the cap: further than we measure
                self.closest[name] = min(known, max(float(dist), 0.0))


def _solid(model, g: int) -> bool:
    return bool(model.geom_contype[g] or model.geom_conaffinity[g])

"""What the robot does to the world while it moves: which obstacles it touches, and how close
it comes to each.

Geoms are told apart by their bodies: the robot is every body under ``base_link``; an
obstacle is the body ``world_<name>`` the mjcf target writes for each entity, and only
entities that are Obstacles count (the floor, support surfaces and markers do not).
"""
from __future__ import annotations

import math

#: closest approaches further than this are not worked out exactly
FAR_M = 3.0


class Watch:
    def __init__(self, model, data, obstacles: list[str], base_body: int):
        import mujoco
        self._mj = mujoco
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
        for g2, name in self.obstacle_of.items():
            best = self.closest[name]
            if best <= 0.0:
                continue
            for g1 in self.robot_geoms:
                # a lower bound from the bounding spheres skips what cannot be closer
                gap = math.dist(d.geom_xpos[g1], d.geom_xpos[g2]) \
                    - m.geom_rbound[g1] - m.geom_rbound[g2]
                if gap >= min(best, FAR_M):
                    continue
                dist = mj.mj_geomDistance(m, d, g1, g2, min(best, FAR_M), None)
                best = min(best, max(dist, 0.0))
            self.closest[name] = best


def _solid(model, g: int) -> bool:
    return bool(model.geom_contype[g] or model.geom_conaffinity[g])

"""The footprint (everything of the robot seen from above, as one convex polygon on the
ground), the outlines the top view draws, and ``validation.footprint.bounded``."""

from __future__ import annotations

import math

import numpy as np

from ..diagnostics import Label
from ..model.robot import Robot
from .geometry import Poly, Solid
from .ground import Ground
from .model import Findings, Outline, clean_polygon
from .placed import Placed, placed_contacts
from .placement import where
from .planar import convex_polygon

CODE = "validation.footprint.bounded"
#: points on a circle when a sphere, a capsule's end or a contact is seen from above
CIRCLE_POINTS = 48


class Projector:
    """Ground coordinates of base_link points: on the ground found, else on base_link's xy."""

    def __init__(self, ground: Ground | None):
        if ground is None:
            self.origin = np.zeros(3)
            self.ex, self.ey = np.array([1.0, 0, 0]), np.array([0, 1.0, 0])
        else:
            self.origin, self.ex, self.ey = ground.origin, ground.ex, ground.ey

    def __call__(self, pts) -> np.ndarray:
        d = np.asarray(pts, dtype=float).reshape(-1, 3) - self.origin
        out = np.empty((len(d), 2))
        out[:, 0] = d @ self.ex
        out[:, 1] = d @ self.ey
        return out

    def circle(self, centre, radius: float) -> np.ndarray:
        c = self(centre)[0]
        ang = np.arange(CIRCLE_POINTS) * 2 * math.pi / CIRCLE_POINTS
        return c + radius * np.stack([np.cos(ang), np.sin(ang)], axis=1)

    def solid(self, s: Solid) -> np.ndarray:
        if isinstance(s, Poly):
            return self(s.vertices)
        return np.vstack([self.circle(s.a, s.radius), self.circle(s.b, s.radius)])


def outlines(robot: Robot, placed: Placed, project: Projector) -> list[Outline]:
    out: list[Outline] = []
    for b in placed.bodies:
        for ps in b.shapes:
            out.append(
                Outline(
                    ps.component,
                    "shape" if ps.link is None else "link",
                    ps.label,
                    clean_polygon(convex_polygon(project.solid(ps.solid))),
                )
            )
    for w in placed.wheels:
        out.append(
            Outline(
                w.component.name,
                "caster" if w.caster else "wheel",
                w.component.name,
                clean_polygon(convex_polygon(project.solid(w.solid))),
            )
        )
    for t in placed.tracks:
        out.append(
            Outline(
                t.component.name,
                "track",
                t.component.name,
                clean_polygon(convex_polygon(project.solid(t.belt))),
            )
        )
    for c, i, k, centre in placed_contacts(robot, placed):
        ring = project.circle(centre, k.radius)
        out.append(
            Outline(c.name, "contact", f"{c.name} contact {i}", clean_polygon(convex_polygon(ring)))
        )
    return out


def footprint(items: list[Outline]) -> list[tuple[float, float]]:
    pts = [p for o in items for p in o.polygon]
    return convex_polygon(pts) if pts else []


def check_bounded(robot: Robot, placed: Placed, out: Findings, project: Projector) -> None:
    for c in robot.components:
        part = robot.parts.get(c.part)
        if part is None or part.wheel is not None or part.collision:
            continue
        if any(l.collision for l in part.links):
            continue  # its links bound it
        at = project(placed.frame(c).translation)[0]
        out.warning(
            CODE,
            f"'{c.name}' ({part.key}) declares no collision shape, so the "
            f"footprint cannot bound it",
            where(c),
            components=(c.name,),
            at=(float(at[0]), float(at[1])),
            label="not in the footprint",
            labels=(Label(part.span("collision"), "no collision declared here"),),
            help=(f"declare a collision box or hull around the part in {part.file}",),
            notes=("a wheel needs none: its radius and width bound it",),
        )

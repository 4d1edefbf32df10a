"""Small worlds built in memory for the planner's tests."""
from __future__ import annotations

from mobiledsl.model.world import Entity, World
from mobiledsl.library.model import Shape

ORIGIN = (0.0, 0.0, 0.0)


def box(name: str, x: float, y: float, sx: float, sy: float, kind: str = "Obstacle") -> Entity:
    shape = Shape("box", (sx, sy, 0.4), ORIGIN, ORIGIN)
    return Entity(name, kind, (x, y, 0.2, 0.0, 0.0, 0.0, 1.0), kind != "Marker", (shape,), "box")


def marker(name: str, x: float, y: float) -> Entity:
    return box(name, x, y, 0.3, 0.3, "Marker")


def world(*entities: Entity) -> World:
    return World("test", None, True, ORIGIN, entities=tuple(entities))


def pen_with_gap(gap: float) -> World:
    """A goal at (3, 0) in a closed pen of walls from x 1.5 to 4.5 and y -1.5 to 1.5, its
    west wall with a gap of ``gap`` metres at y = 0 (none when 0)."""
    side = (3.0 - gap) / 2
    walls = [box("east", 4.5, 0.0, 0.1, 3.1), box("north", 3.0, 1.5, 3.1, 0.1),
             box("south", 3.0, -1.5, 3.1, 0.1)]
    if gap <= 0:
        walls.append(box("west", 1.5, 0.0, 0.1, 3.1))
    else:
        walls += [box("west_upper", 1.5, gap / 2 + side / 2, 0.1, side),
                  box("west_lower", 1.5, -gap / 2 - side / 2, 0.1, side)]
    return world(*walls, marker("goal", 3.0, 0.0))

"""The resolved world and task: what resolve produces and assembly, analysis and targets read.

Poses of entities are (x, y, z, qx, qy, qz, qw) in the world frame.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any

from ..diagnostics import Span
from ..library.model import Part, Shape, Visual
from ..recordtype import record


@record
class Entity:
    """A static thing of the world, resolved: its shapes are in its own frame."""

    name: str
    entity: str  # Obstacle | SupportSurface | Marker
    pos: tuple[float, float, float, float, float, float, float]  # x y z qx qy qz qw
    collision: bool
    shapes: tuple[Shape, ...]  # primitive: one shape; object: its collision list
    primitive: str | None = None  # box | sphere | cylinder when given by type
    part: str | None = None  # "library/id" of the object when given by ref
    visual: Visual | None = None  # the object's mesh, when given by ref
    origin: str = "world"  # "world", or the environment's "library/id"
    span: Span | None = None


@record
class World:
    name: str
    file: str | None
    ground_plane: bool
    start: tuple[float, float, float] = (0.0, 0.0, 0.0)  # x, y, yaw of base_footprint
    environment: str | None = None  # "library/id"
    entities: tuple[Entity, ...] = ()
    parts: dict[str, Part] = field(default_factory=dict)  # objects used, by "library/id"
    span: Span | None = None


@record
class Step:
    kind: str  # Advance | BackUp | Spin | Strafe | Navigate
    args: dict[str, Any]  # numbers, "left"/"right", goal entity name
    span: Span | None = None
    arg_spans: dict[str, Span] = field(default_factory=dict)


@record
class Task:
    name: str
    file: str | None
    steps: tuple[Step, ...] = ()
    span: Span | None = None

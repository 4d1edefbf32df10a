"""The resolved program: what ``assemble`` reads.

Every component's type is a vocabulary type its part's profile lists, its ref is one loaded
part, its arguments have the shapes the vocabulary gives them, and its power and command name
components of the right kind. The world and the task are already the records of
``mobiledsl.model.world`` (nothing later resolves them again).
"""

from __future__ import annotations

from ..diagnostics import Span
from ..library.model import Part
from ..model.world import Task, World
from ..recordtype import record


@record
class Glue:
    """``(x, y, z, nx, ny, nz)`` or with a seventh number, the roll (rad), as written."""

    values: tuple[float, ...]
    span: Span | None = None

    @property
    def point(self) -> tuple[float, float, float]:
        return self.values[0], self.values[1], self.values[2]

    @property
    def direction(self) -> tuple[float, float, float]:
        return self.values[3], self.values[4], self.values[5]

    @property
    def roll(self) -> float | None:
        return self.values[6] if len(self.values) > 6 else None


@record
class ResolvedComponent:
    name: str
    type: str  # a vocabulary type the part's profiles list
    part: Part
    chassis: bool = False  # the type is a chassis type
    glue: Glue | None = None  # every component but the chassis
    power: str | None = None  # the name of the Battery component power names
    command: str | None = None  # the name of the MotorDriver component command names
    span: Span | None = None  # the whole declaration
    name_span: Span | None = None
    ref_span: Span | None = None
    power_span: Span | None = None
    command_span: Span | None = None

    @property
    def mounts(self) -> dict[str, str]:
        """The part's profile for this type: logical mount -> connector."""
        return self.part.profiles.get(self.type, {})


@record
class Resolved:
    name: str  # the robot's name
    file: str
    components: tuple[ResolvedComponent, ...]  # in declaration order
    chassis: str  # the chassis component's name
    chassis_type: str
    world: World
    task: Task | None = None  # None: no .task file
    intent: str | None = None
    span: Span | None = None

    def component(self, name: str) -> ResolvedComponent:
        for c in self.components:
            if c.name == name:
                return c
        raise KeyError(name)

    @property
    def chassis_component(self) -> ResolvedComponent:
        return self.component(self.chassis)

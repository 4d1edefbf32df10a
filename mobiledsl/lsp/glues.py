"""A glue in a .core and the connector it seats its part on: which one, how far the glue's
numbers are from it, and where the connector is declared.

The robot is the last check's (``mobiledsl.model.robot.Robot``, assembled from the text
being edited); a glue the assembly could not place has no seat here, and the diagnostic
that says why is what its hover shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .positions import LineIndex


@dataclass(frozen=True)
class GlueAt:
    """The glue argument under the cursor: its component, its numbers, its offsets."""

    component: str
    numbers: tuple[float, ...]
    start: int
    end: int


@dataclass(frozen=True)
class Seat:
    """The connector a glue seats its part on."""

    host: str  # the component whose connector it is
    connector: str
    part: Any  # the host's part (mobiledsl.library.model.Part)
    distance_m: float  # from the glue's point to the connector's
    cosine: float  # between the glue's direction and the connector's

    @property
    def label(self) -> str:
        return f"{self.host}.{self.connector}"


def glue_at(text: str, offset: int, file: str) -> GlueAt | None:
    """The ``glue = (...)`` whose value holds ``offset``, read by the parser."""
    from ..lang import parse_core
    from ..lang.ast import Tuple

    program, _ = parse_core(text, file)
    if program is None:
        return None
    index = LineIndex(text)
    for item in program.components:
        arg = item.arg("glue")
        if arg is None or item.name is None or not isinstance(arg.value, Tuple):
            continue
        s = arg.span
        start, end = index.span_offsets(s.line, s.column, s.end_line, s.end_column)
        if start <= offset <= end:
            v = arg.value.span
            vstart, vend = index.span_offsets(v.line, v.column, v.end_line, v.end_column)
            return GlueAt(item.name, tuple(n.value for n in arg.value.items), vstart, vend)
    return None


def seat(robot: Any, glue: GlueAt) -> Seat | None:
    """The connector ``robot`` seated the glue's component on, measured against the glue."""
    from ..model.connectors import connectors_in_chassis_frame, direction_cosine, point_distance
    from ..model.frames import Transform

    if robot is None or len(glue.numbers) < 6:
        return None
    by_name = {c.name: c for c in robot.components}
    placed = by_name.get(glue.component)
    host = by_name.get(placed.parent) if placed is not None and placed.parent else None
    if placed is None or host is None or placed.host_connector is None:
        return None
    part = robot.parts.get(host.part)
    if part is None:
        return None
    frame = Transform.from_pose(host.pose.xyz, host.pose.quat)
    for hc in connectors_in_chassis_frame(host.name, part, frame):
        if hc.name == placed.host_connector:
            return Seat(
                host.name,
                hc.name,
                part,
                point_distance(glue.numbers, hc),
                direction_cosine(glue.numbers, hc),
            )
    return None


def describe(s: Seat) -> str:
    """The hover's Markdown."""
    return (
        f"glued onto **{s.label}** (a connector of {s.part.library}/{s.part.id})\n\n"
        f"- the glue's point is {s.distance_m * 1000:.2f} mm from the connector's\n"
        f"- the directions' cosine is {s.cosine:.4f}"
    )

"""Where each body, shape, wheel and track of the assembled robot is, in base_link.

The assembly phase placed every part (its frame in base_link) and every link (where its
servo holds it). This module turns those poses and the parts' declarations into the solids
and rolling geometry the rules work on.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from typing import TypeVar

import numpy as np

from ..diagnostics import Span
from ..library.model import Inertial, Link, Part, Shape
from ..model.frames import Transform as Frame
from ..model.frames import norm, unit_or_zero
from ..model.robot import Component, PlacedLink, Robot
from ..recordtype import record
from .geometry import Poly, Round, Solid, box, poly_from_points, prism, shape_solid

T = TypeVar("T")

#: the least height of a track's belt box (when its hub sits on its run)
BELT_MIN_HEIGHT = 0.005


def frame_of(c: Component) -> Frame:
    return Frame.from_pose(c.pose.xyz, c.pose.quat)


def where(c: Component) -> Span | None:
    """The place a finding about a component points at: its glue, else its declaration."""
    return c.glue_span or c.span


def strip_ref(ref: str | None) -> str | None:
    """A power/command reference as a component name ("@core/pack" or "pack")."""
    if ref is None:
        return None
    return ref.split("/", 1)[1] if ref.startswith("@core/") else ref


@record
class PlacedShape:
    component: str
    link: str | None  # None: the part's own shape
    index: int  # its place in the part's (or link's) collision list
    shape: Shape
    solid: Solid

    @property
    def label(self) -> str:
        return self.component if self.link is None else f"{self.component}.{self.link}"

    def describe(self) -> str:
        kind = {"box": "collision box", "hull": "collision hull"}.get(
            self.shape.type, self.shape.type
        )
        if self.link is None:
            return f"the {kind} of '{self.component}'"
        return f"the {kind} (shape {self.index}) of link '{self.link}' of '{self.component}'"


@record
class Body:
    """One rigid body: a part's own body (link None) or one of its links, as placed."""

    component: Component
    part: Part
    link: str | None
    frame: Frame
    inertial: Inertial | None
    shapes: tuple[PlacedShape, ...]


def bodies(robot: Robot) -> list[Body]:
    out: list[Body] = []
    for c in robot.components:
        part = robot.parts.get(c.part)
        if part is None:
            continue
        out.append(own_body(c, part, frame_of(c)))
        links = {l.name: l for l in part.links}
        for pl in c.links:
            if pl.name in links:
                out.append(link_body(c, part, links[pl.name], placed_frame(pl)))
    return out


def own_body(c: Component, part: Part, f: Frame) -> Body:
    """The part's own body, its frame ``f`` (its component's)."""
    own = tuple(
        PlacedShape(c.name, None, i, s, shape_solid(s, f)) for i, s in enumerate(part.collision)
    )
    return Body(c, part, None, f, part.inertial, own)


def link_body(c: Component, part: Part, link: Link, f: Frame) -> Body:
    """One of the part's links as a body, its frame ``f`` (where its servo holds it)."""
    shapes = tuple(
        PlacedShape(c.name, link.name, i, s, shape_solid(s, f))
        for i, s in enumerate(link.collision)
    )
    return Body(c, part, link.name, f, link.inertial, shapes)


def placed_frame(pl: PlacedLink) -> Frame:
    return Frame.from_pose(pl.pose.xyz, pl.pose.quat)


def link_frame(c: Component, link: str) -> Frame | None:
    for pl in c.links:
        if pl.name == link:
            return placed_frame(pl)
    return None


# -- wheels and tracks ----------------------------------------------------------------------


@record
class Wheel:
    """A wheel's rolling cylinder (or a caster's sphere) in base_link."""

    component: Component
    part: Part
    centre: np.ndarray
    axis: np.ndarray  # unit, the axle
    radius: float
    width: float
    caster: bool

    # its solids, asked for by the clearance rules and the outlines alike: kept once made
    @cached_property
    def solid(self) -> Solid:
        if self.caster:
            return Round(self.centre, self.centre, self.radius)
        return self.rim

    @cached_property
    def rim(self) -> Poly:
        """The prism drawn around the wheel (a caster's ball aside)."""
        return prism(self.centre, self.axis, self.radius, self.width)

    def describe(self) -> str:
        if self.caster:
            return f"caster '{self.component.name}' (a sphere of radius {self.radius:g} m)"
        return (
            f"wheel '{self.component.name}' (its cylinder, radius {self.radius:g} m, "
            f"width {self.width:g} m)"
        )


def wheel_of(c: Component, part: Part) -> Wheel | None:
    return wheel_at(c, part, frame_of(c)) if part.wheel is not None else None


def wheel_at(c: Component, part: Part, f: Frame) -> Wheel | None:
    """The wheel of a component whose frame is ``f`` (None: its part is no wheel)."""
    if part.wheel is None:
        return None
    origin = f.translation
    if c.type == "Caster":
        return Wheel(
            c, part, origin, np.array([0.0, 0.0, 1.0]), part.wheel.radius, part.wheel.width, True
        )
    conn = part.connectors.get(c.connector or "") if c.connector else None
    if c.joint_axis is not None:
        axis = unit_or_zero(c.joint_axis)
    elif conn is not None:
        axis = unit_or_zero(f.vector(conn.joint.axis or conn.dir))
    else:
        axis = unit_or_zero(f.vector((0.0, 0.0, 1.0)))
    # its cylinder lies about its frame origin, along the axis of the joint it turns on (as
    # the simulators place the tyre), even where the connector stands off that origin
    return Wheel(c, part, origin, axis, part.wheel.radius, part.wheel.width, False)


@record
class Track:
    """A track's run on the ground and its belt box, in base_link."""

    component: Component
    part: Part
    run_from: np.ndarray
    run_to: np.ndarray
    across: np.ndarray  # unit, across the belt
    up: np.ndarray  # the part's +z
    width: float
    belt: Poly

    def run_corners(self, end: str) -> np.ndarray:
        p = self.run_from if end == "from" else self.run_to
        h = self.across * self.width / 2
        return np.array([p - h, p + h])

    def describe(self) -> str:
        return f"the belt box of track '{self.component.name}'"


def track_of(c: Component, part: Part) -> Track | None:
    return track_at(c, part, frame_of(c)) if part.track is not None else None


def track_at(c: Component, part: Part, f: Frame) -> Track | None:
    """The track of a component whose frame is ``f`` (None: its part is no track)."""
    if part.track is None:
        return None
    p0, p1 = f.point(part.track.ground_from), f.point(part.track.ground_to)
    up = unit_or_zero(f.vector((0.0, 0.0, 1.0)))
    along = unit_or_zero(p1 - p0)
    across = unit_or_zero(np.cross(up, along))
    conn = part.connectors.get(c.connector or "") if c.connector else None
    hub = f.point(conn.pos) if conn is not None else f.translation
    height = max(float((hub - p0) @ up), BELT_MIN_HEIGHT)
    h = across * part.track.width / 2
    if abs(float(along @ up)) < 1e-12:
        # the belt runs square to the part's up: a box, without a hull to compute
        belt = box(
            (float(norm(p1 - p0)), part.track.width, height),
            Frame(np.column_stack([along, across, up]), (p0 + p1) / 2 + up * height / 2),
        )
    else:
        belt = poly_from_points(
            np.array(
                [p + s * h + k * height * up for p in (p0, p1) for s in (-1, 1) for k in (0, 1)]
            )
        )
    return Track(c, part, p0, p1, across, up, part.track.width, belt)


def wheels(robot: Robot) -> list[Wheel]:
    return _each_found(robot, wheel_of)


def tracks(robot: Robot) -> list[Track]:
    return _each_found(robot, track_of)


def _each_found(robot: Robot, of: Callable[[Component, Part], T | None]) -> list[T]:
    """What ``of`` finds on each component whose part is known (its wheel, its track), in
    the components' order."""
    out = []
    for c in robot.components:
        part = robot.parts.get(c.part)
        found = of(c, part) if part is not None else None
        if found is not None:
            out.append(found)
    return out


def chassis_connector(robot: Robot, mount: str | None) -> str | None:
    """The chassis connector a wheel mount names (a logical mount or a connector name)."""
    if mount is None:
        return None
    try:
        chassis = robot.part_of(robot.chassis)
    except KeyError:
        return None
    profile = chassis.profiles.get(robot.chassis_type, {})
    if mount in profile:
        return profile[mount]
    return mount if mount in chassis.connectors else None

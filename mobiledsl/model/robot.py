"""The assembled robot: what analysis and targets read.

Poses are in ``base_link`` (the chassis part frame): ``xyz`` and a unit quaternion ``quat``
in MuJoCo's (w, x, y, z) order.
"""

from __future__ import annotations

from dataclasses import field

from ..diagnostics import Span
from ..library.model import Part, Vec3
from ..recordtype import record

Quat = tuple[float, float, float, float]


@record
class Pose:
    xyz: Vec3 = (0.0, 0.0, 0.0)
    quat: Quat = (1.0, 0.0, 0.0, 0.0)


@record
class PlacedLink:
    """A link of a part, placed where its servo holds it."""

    name: str
    parent: str | None  # link name, or None for the part frame
    pose: Pose  # the link frame in base_link, at hold
    joint_axis: Vec3 | None = None  # in base_link, for a revolute joint


@record
class Steer:
    axis: Vec3  # kingpin axis in base_link
    max_angle_rad: float
    point: Vec3  # a point on the kingpin (the mount's connector), base_link


@record
class Component:
    name: str
    type: str  # the component type: Diff_drive, Standard, Motor, Lidar, ...
    part: str  # "library/id", a key of Robot.parts
    pose: Pose  # the part frame in base_link
    parent: str | None = None  # the component it is glued onto; None for the chassis
    host_connector: str | None = None  # the parent's connector it mates onto
    connector: str | None = None  # its own connector it mates by (profile ``default``)
    joint: str = "fixed"  # joint its mating creates: fixed | continuous | ...
    joint_axis: Vec3 | None = None  # in base_link
    joint_point: Vec3 | None = None  # in base_link: the mated connector point
    mount: str | None = None  # the chassis wheel mount it fills (wheels, tracks, motors)
    steer: Steer | None = None  # when it fills a mount the chassis type steers
    driven_by: str | None = None  # the Motor component turning it (shaft or driveline)
    reduction: float | None = None  # driveline reduction, motor turns per wheel turn
    driven: bool = False  # on a mount the chassis type drives
    power: str | None = None  # @core/<battery> named by power
    command: str | None = None  # @core/<driver> named by command
    links: tuple[PlacedLink, ...] = ()
    span: Span | None = None  # the component's declaration
    glue_span: Span | None = None


@record
class Robot:
    name: str
    file: str
    chassis_type: str
    chassis: str  # the chassis component's name
    components: tuple[Component, ...]  # a parent before its children
    parts: dict[str, Part]  # every part the robot uses, by "library/id"
    intent: str | None = None
    occupied: dict[str, str] = field(default_factory=dict)  # "comp.connector" -> component
    free_connectors: tuple[str, ...] = ()  # "comp.connector", sorted
    span: Span | None = None

    def component(self, name: str) -> Component:
        for c in self.components:
            if c.name == name:
                return c
        raise KeyError(name)

    def part_of(self, name: str) -> Part:
        return self.parts[self.component(name).part]

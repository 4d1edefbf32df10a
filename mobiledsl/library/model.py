"""The loaded records of a component library: what every later phase sees of a part.

Only a part that passed every check becomes a ``Part``; values are exactly as stated (no
defaults are invented: an absent optional value is ``None``). ``spans`` maps a dotted path
into the declaration ("inertial.mass", "connectors.mount.pos", "links.head.servo.kp") to
its place, so any phase can point into component.yaml.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import field
from typing import Any

from ..diagnostics import Diagnostic, Span
from ..recordtype import record

Vec3 = tuple[float, float, float]


# the categories of a robot's parts (an object and an environment are the world's)
PART_CATEGORIES = (
    "chassis",
    "wheel",
    "track",
    "sensor",
    "attachment",
    "leg",
    "motor",
    "battery",
    "motor_driver",
)
# every category a declaration may state
CATEGORIES = PART_CATEGORIES + ("object", "environment")

# the blocks a legged part states (read by legged.py; a part of another kind states none)
LEGGED_KEYS = ("links", "feet", "gait", "controller")


@record
class Visual:
    file: str  # relative to the part directory, written with /
    xyz: Vec3
    rpy: Vec3


@record
class Shape:
    """A collision shape in the frame of its part (or link).

    box: size = sides. sphere: size[0] = diameter. cylinder: size[0] = diameter, size[2] =
    height (axis z). capsule (links only): size[0] = diameter, size[2] = distance between
    the centres of its two ends (axis z). hull: vertices and faces, size None.
    """

    type: str
    size: Vec3 | None
    origin_xyz: Vec3
    rpy: Vec3
    vertices: tuple[Vec3, ...] = ()
    faces: tuple[tuple[int, int, int], ...] = ()


@record
class Inertia:
    ixx: float
    ixy: float
    ixz: float
    iyy: float
    iyz: float
    izz: float


@record
class Inertial:
    mass: float
    origin_xyz: Vec3
    inertia: Inertia
    source: str  # measured | datasheet | cad_measured | estimated | placeholder
    basis: str | None = None


@record
class Joint:
    type: str  # fixed | continuous | revolute | prismatic
    axis: Vec3 | None = None


@record
class Well:
    radius: float
    width: float


@record
class Steering:
    axis: Vec3
    max_angle_rad: float


@record
class Driveline:
    turns: tuple[str, ...]
    reduction: float | None = None


@record
class Connector:
    name: str
    pos: Vec3
    dir: Vec3
    up: Vec3 | None = None
    joint: Joint = Joint("fixed")
    well: Well | None = None
    steering: Steering | None = None
    driveline: Driveline | None = None


@record
class WheelSpec:
    radius: float
    width: float


@record
class TrackSpec:
    width: float
    ground_from: Vec3
    ground_to: Vec3
    travel_per_turn_m: float | None = None


@record
class MotorSpec:
    rated_voltage_v: float
    no_load_speed_rad_s: float
    stall_torque_nm: float
    stall_current_a: float
    voltage_min_v: float | None = None
    voltage_max_v: float | None = None
    bus: str | None = None


@record
class BatterySpec:
    voltage_nominal_v: float
    voltage_min_v: float | None = None
    voltage_max_v: float | None = None
    capacity_ah: float | None = None


@record
class DriverSpec:
    channels: int | None = None
    buses: tuple[str, ...] = ()
    voltage_min_v: float | None = None
    voltage_max_v: float | None = None
    continuous_current_per_channel_a: float | None = None
    peak_current_per_channel_a: float | None = None
    output_voltage_v: float | None = None


@record
class RangeSpec:
    min_m: float
    max_m: float
    field_of_view_rad: float
    rate_hz: float


@record
class Contact:
    xyz: Vec3
    radius: float
    note: str | None = None


@record
class Servo:
    kp: float
    damping: float
    armature: float
    frictionloss: float
    effort: float
    hold: float
    basis: str | None = None


@record
class LinkJoint:
    type: str  # revolute | fixed
    xyz: Vec3
    rpy: Vec3
    axis: Vec3 | None = None
    range: tuple[float, float] | None = None


@record
class Link:
    name: str
    parent: str | None  # None: the part frame
    joint: LinkJoint
    inertial: Inertial
    visual: Visual
    collision: tuple[Shape, ...] = ()
    servo: Servo | None = None


@record
class Foot:
    name: str
    link: str
    shape: int
    friction: float


@record
class Gait:
    ahead: tuple[float, float]
    aside: tuple[float, float]
    turn: tuple[float, float]


@record
class EnvEntity:
    """An entity an environment brings, as a .world line would state it (unresolved)."""

    name: str
    entity: str  # Obstacle | SupportSurface | Marker (checked at resolve)
    pos: tuple[float, float, float, float, float, float, float]
    type: str | None = None
    size: Vec3 | None = None
    ref: str | None = None
    collision: bool | None = None
    span: Span | None = None


@record
class Part:
    """A loaded part, object or environment (``category`` says which)."""

    library: str
    id: str
    category: str
    description: str
    file: str  # path of component.yaml, as given to the loader
    dir: str  # the part directory
    visual: Visual | None = None  # None only for an environment
    collision: tuple[Shape, ...] = ()  # a part: zero or one shape; an object: its list
    inertial: Inertial | None = None
    connectors: dict[str, Connector] = field(default_factory=dict)
    profiles: dict[str, dict[str, str]] = field(default_factory=dict)  # type -> mount -> connector
    wheel: WheelSpec | None = None
    track: TrackSpec | None = None
    motor: MotorSpec | None = None
    battery: BatterySpec | None = None
    driver: DriverSpec | None = None
    range: RangeSpec | None = None
    contacts: tuple[Contact, ...] = ()
    links: tuple[Link, ...] = ()  # in declaration order: a parent before its children
    feet: tuple[Foot, ...] = ()
    gait: Gait | None = None
    controller: dict[str, Any] | None = None  # the walking controller as stated (plain data)
    provenance: dict[str, Any] | None = None
    ground_plane: bool | None = None  # environments
    entities: tuple[EnvEntity, ...] = ()  # environments
    # a dict, or the loader's SpanTable (a Mapping equal to that dict, made when first read)
    spans: Mapping[str, Span] = field(default_factory=dict)

    @property
    def key(self) -> str:
        return f"{self.library}/{self.id}"

    def span(self, path: str) -> Span:
        """The place of a dotted path, falling back to its nearest stated parent."""
        while path:
            if path in self.spans:
                return self.spans[path]
            # drop the last step: a list index ("vertices[3]") or a key (".mass")
            path = path[: path.rindex("[")] if path.endswith("]") else path.rpartition(".")[0]
        return self.spans.get("", Span(self.file, 1, 1))


@record
class Limb:
    name: str
    part: str
    glue: tuple[float, ...]
    # where the glue places the leg on the walker's body (body frame), as the assembly
    # places a program's leg; None when the glue names no single connector of the body
    frame: LimbFrame | None = None


@record
class LimbFrame:
    """A limb's part frame in its walker's body frame: x_body = rotation @ x + xyz."""

    xyz: tuple[float, float, float]
    rotation: tuple[
        tuple[float, float, float], tuple[float, float, float], tuple[float, float, float]
    ]


@record
class Walker:
    library: str
    id: str
    description: str
    file: str
    dir: str
    body: str
    limbs: tuple[Limb, ...]
    gait: Gait
    controller: dict[str, Any]
    provenance: dict[str, Any] | None = None
    spans: dict[str, Span] = field(default_factory=dict)
    #: the servos' kp the policy was trained at, by joint ("owner/link"); None: not stated
    trained_kp: dict[str, float] | None = None


@record
class LeftOut:
    """A registered id whose declaration failed to load, and why (for resolve errors)."""

    id: str
    file: str
    diagnostics: tuple[Diagnostic, ...]


@record
class Library:
    name: str
    root: str
    parts: dict[str, Part]  # id -> part (parts, objects and environments)
    walkers: dict[str, Walker] = field(default_factory=dict)
    left_out: dict[str, LeftOut] = field(default_factory=dict)
    name_span: Span | None = None  # where its library.yaml states its name (a clash's note)

"""What the analysis hands on: the robot's mass properties, where it stands, what it covers,
how it moves, and the findings of the rules, with where each one is (for the top view).

Points are in ``base_link`` (x, y, z) unless named ``ground``: those are (x, y) in
``base_footprint``, on the ground plane below the ``base_link`` origin (docs/assembly.md,
"Frames").
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import field
from typing import Any, overload

from ..diagnostics import Diagnostic, Label, Severity, Span, error, warning
from ..library.model import Gait
from ..recordtype import mutable_record, record

Vec2 = tuple[float, float]
Vec3 = tuple[float, float, float]
Matrix3 = tuple[Vec3, Vec3, Vec3]

#: the precision records are written with: a nanometre, a nanogram
PLACES = 9


@overload
def clean(x: float) -> float: ...
@overload
def clean(x: None) -> None: ...
@overload
def clean(x: float | None) -> float | None: ...


def clean(x: float | None) -> float | None:
    """A float as records carry it: rounded to ``PLACES`` decimals, no -0.0."""
    if x is None:
        return None
    x = round(float(x), PLACES)
    return 0.0 if x == 0 else x


def clean_xy(p: Iterable[float]) -> Vec2:
    x, y = p
    return clean(x), clean(y)


def clean_xyz(v: Iterable[float]) -> Vec3:
    x, y, z = v
    return clean(x), clean(y), clean(z)


def clean_matrix(m: Iterable[Iterable[float]]) -> Matrix3:
    a, b, c = m
    return clean_xyz(a), clean_xyz(b), clean_xyz(c)


def clean_polygon(points: Iterable[Iterable[float]]) -> tuple[Vec2, ...]:
    return tuple(clean_xy(p) for p in points)


@record
class StepVerdict:
    index: int  # 0-based, in the task's order
    kind: str  # Advance | BackUp | Spin | Strafe | Navigate
    supported: bool | None  # None: undecided (missing data)
    codes: tuple[str, ...] = ()  # the rules that refuse it
    reason: str = ""
    time_to_speed_s: float | None = None  # from rest to its speed, by the motors' line


@record
class Motors:
    """What the base's motors do under its weight, by their torque-speed line at the wheel
    (docs/analysis.md): fed at the pack full and run down (or the driver's regulated output;
    None: their rated voltage)."""

    fed_by: str
    volts_full: float | None
    volts_low: float | None
    stall_pull_n: float  # at the ground, at rest, full
    resistance_n: float  # rolling resistance on level ground
    top_speed_full_mps: float  # under the robot's weight on level ground
    top_speed_low_mps: float
    accel_mps2: float  # from rest, full, at most g / 2
    max_slope_rad: float  # the steepest it climbs and holds, full
    #: the motors' stall pull over the robot's mass (m/s^2): what a datasheet gives, before
    #: rolling resistance and the turning inertia of rotors and wheels (accel_mps2 is net)
    pull_accel_mps2: float | None = None


@record
class Kinematics:
    can_spin: bool | None
    holonomic: bool | None
    max_speed_mps: float | None
    max_yaw_rate_rad_s: float | None
    track_width_m: float | None = None  # what the yaw rate was worked out from
    wheelbase_m: float | None = None
    steps: tuple[StepVerdict, ...] = ()
    max_accel_mps2: float | None = None  # the start the motors allow, at most g / 2
    motors: Motors | None = None  # where the top speed and the start come from
    # how much wider than its contacts the base turns (W_eff / W, 1 but for a skid-steer
    # base): the targets' twist maps and drive systems scale the turn by it. Kept unrounded:
    # they multiply by it and write twelve digits
    skid_factor: float = 1.0
    # the drive's limits the targets write, from the motors' line at the full pack: each
    # driven wheel's torque and speed at its hub (N m, rad/s), where its motor and reduction
    # are known, and each motor's voltage over its rated (1 where no supply is decided)
    hub_limits: dict[str, tuple[float, float]] = field(default_factory=dict)
    volts_shares: dict[str, float] = field(default_factory=dict)


@record
class Outline:
    """One thing as seen from above, in ground coordinates, for the top view."""

    component: str
    kind: str  # shape | link | wheel | caster | track | contact, or
    # obstacle | surface | marker for the world's entities
    label: str  # "chassis", "arm.upper", ...
    polygon: tuple[Vec2, ...]


@record
class Finding:
    code: str
    severity: str  # error | warning | note
    message: str
    components: tuple[str, ...] = ()
    at: Vec2 | None = None  # where it is, in ground coordinates


@record
class WalkerDrive:
    """The walker a robot walks by, as a target writes its drive: the walker's command
    ranges and controller as stated, and the robot's servos its policy moves, named
    ``<leg component>_<link>``, in the order of the walker's joints."""

    key: str  # "library/id"
    dir: str  # the walker's directory
    gait: Gait
    controller: dict[str, Any]
    joints: tuple[str, ...]
    hidden: tuple[str, ...] = ()  # the servos it reads as still, named so too


@record
class WalkingPeak:
    """A servo's expected peak torque while the robot walks by its gait at a twist the task
    asks (docs/analysis.md, "Servos while walking")."""

    joint: str  # component.link
    twist: Vec3  # m/s ahead, m/s to the left, rad/s to the left
    steps: tuple[int, ...]  # the task's steps asking it (0-based); () when
    # the task asks nothing: the gait's range end
    torque_nm: float
    effort_nm: float


@record
class Analysis:
    robot: str
    mass: float
    com: Vec3
    inertia: Matrix3  # about the centre of mass, base_link axes
    ground_z: float | None  # base_footprint's height in base_link
    ground_normal: Vec3 | None  # the ground plane's up, in base_link
    support_polygon: tuple[Vec2, ...]  # ground coordinates, counter-clockwise
    com_ground: Vec2 | None  # the centre of mass projected on the ground
    com_margin_m: float | None  # to the support polygon's nearest edge, + inside
    footprint: tuple[Vec2, ...]  # ground coordinates, counter-clockwise
    kinematics: Kinematics
    outlines: tuple[Outline, ...] = ()
    findings: tuple[Finding, ...] = ()
    walker: str | None = None  # "library/id" of the walker it walks by
    surroundings: tuple[Outline, ...] = ()  # the world's entities around the start
    walker_drive: WalkerDrive | None = None  # and how it drives the robot
    walking_peaks: tuple[WalkingPeak, ...] = ()  # by the gait, at the speeds asked

    # the kinematics' figures, read directly (not fields: they are serialised once, there)
    @property
    def max_speed_mps(self) -> float | None:
        return self.kinematics.max_speed_mps

    @property
    def max_yaw_rate_rad_s(self) -> float | None:
        return self.kinematics.max_yaw_rate_rad_s

    @property
    def can_spin(self) -> bool | None:
        return self.kinematics.can_spin

    @property
    def holonomic(self) -> bool | None:
        return self.kinematics.holonomic


@mutable_record
class Findings:
    """Collects each rule's result twice over: as a Diagnostic (for the user) and as a
    Finding (for the report and its top view)."""

    diagnostics: list[Diagnostic] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)

    def add(
        self,
        severity: Severity,
        code: str,
        message: str,
        span: Span | None,
        *,
        components: Iterable[str] = (),
        at: Vec2 | None = None,
        label: str = "",
        labels: Iterable[Label] = (),
        help: Iterable[str] | str = (),
        notes: Iterable[str] | str = (),
    ) -> None:
        make = error if severity is Severity.ERROR else warning
        self.diagnostics.append(
            make(code, message, span, label=label, labels=labels, help=help, notes=notes)
        )
        where = None
        if at is not None and all(math.isfinite(c) for c in at):
            where = (clean(at[0]), clean(at[1]))
        self.findings.append(Finding(code, severity.value, message, tuple(components), where))

    def error(self, code: str, message: str, span: Span | None, **kw) -> None:
        self.add(Severity.ERROR, code, message, span, **kw)

    def warning(self, code: str, message: str, span: Span | None, **kw) -> None:
        self.add(Severity.WARNING, code, message, span, **kw)

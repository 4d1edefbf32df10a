"""The vocabulary (docs/tutorial.md): which component types exist, what each chassis type
needs of its wheel mounts, which arguments a component, an entity and a task step take.

Everything here is data; the phases that check a program against it are resolve
(``names.py``, ``worlds.py``, ``tasks.py``), assembly and the analysis of kinematics.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..recordtype import record


@record
class ChassisType:
    name: str
    wheel_mounts: tuple[str, ...]  # required in the chassis part's profile
    wheel_type: str | None  # the component type each wheel mount carries
    driven: frozenset[str]  # mounts that always drive
    optionally_driven: frozenset[str]  # mounts that drive when a motor turns them
    steered: frozenset[str]  # mounts whose connector must state steering
    spin: bool | None  # None: decided by the gait (Legged)
    holonomic: bool | None
    summary: str

    @property
    def free(self) -> frozenset[str]:
        """Mounts whose wheel rolls freely (a tricycle's rear wheels)."""
        return frozenset(self.wheel_mounts) - self.driven - self.optionally_driven


_FOUR = ("front_left_wheel", "front_right_wheel", "rear_left_wheel", "rear_right_wheel")
_THREE = ("front_wheel", "rear_left_wheel", "rear_right_wheel")


def _chassis(
    name, mounts, wheel, driven, steered=(), optional=(), spin=True, holonomic=False, summary=""
):
    return ChassisType(
        name,
        tuple(mounts),
        wheel,
        frozenset(driven),
        frozenset(optional),
        frozenset(steered),
        spin,
        holonomic,
        summary,
    )


CHASSIS_TYPES: dict[str, ChassisType] = {
    c.name: c
    for c in (
        _chassis(
            "Diff_two_caster",
            ("left_wheel", "right_wheel"),
            "Standard",
            ("left_wheel", "right_wheel"),
            summary="two driven Standard wheels and a caster; spins in place",
        ),
        _chassis(
            "Diff_drive",
            _FOUR,
            "Standard",
            _FOUR,
            summary="four driven Standard wheels, skid steer; spins in place",
        ),
        _chassis(
            "Tracked",
            ("left_track", "right_track"),
            "Track",
            ("left_track", "right_track"),
            summary="two driven Tracks, skid steer; spins in place",
        ),
        _chassis(
            "Mecanum_four_wheel",
            _FOUR,
            "Mecanum",
            _FOUR,
            holonomic=True,
            summary="four driven Mecanum wheels; holonomic",
        ),
        _chassis(
            "Omni_drive",
            _FOUR,
            "Omni_wheel",
            _FOUR,
            holonomic=True,
            summary="four driven Omni_wheels; holonomic",
        ),
        _chassis(
            "Omni_three_wheel",
            _THREE,
            "Omni_wheel",
            _THREE,
            holonomic=True,
            summary="three driven Omni_wheels; holonomic",
        ),
        _chassis(
            "Tricycle",
            _THREE,
            "Standard",
            ("front_wheel",),
            steered=("front_wheel",),
            spin=False,
            summary="one steered, driven front wheel and two free rear wheels",
        ),
        _chassis(
            "Ackermann",
            _FOUR,
            "Standard",
            ("rear_left_wheel", "rear_right_wheel"),
            steered=("front_left_wheel", "front_right_wheel"),
            optional=("front_left_wheel", "front_right_wheel"),
            spin=False,
            summary="two steered front wheels, driven or free, and two driven rear wheels",
        ),
        _chassis(
            "Legged",
            (),
            None,
            (),
            spin=None,
            holonomic=None,
            summary="stands on the feet of its legs; its gait says how it moves",
        ),
    )
}

OPTIONAL_CHASSIS_MOUNTS = ("middle_top", "front_mount", "rear_mount")

WHEEL_TYPES = ("Standard", "Mecanum", "Omni_wheel", "Caster")
SENSOR_TYPES = (
    "Lidar",
    "Lidar3D",
    "Camera",
    "DepthCamera",
    "RGBD",
    "IMU",
    "Ultrasonic",
    "Range",
    "Bumper",
)

#: Every non-chassis component type, with what it means (for help texts and docs).
PART_TYPES: dict[str, str] = {
    "Motor": "a motor seated on a drive mount, with the wheel it drives on its shaft",
    "Battery": "a battery pack on any free connector",
    "MotorDriver": "a motor driver board on any free connector; power names its battery",
    "Standard": "a plain wheel",
    "Mecanum": "a mecanum wheel",
    "Omni_wheel": "an omni wheel",
    "Caster": "a passive caster on any connector",
    "Leg": "a leg of its own, placed on a Legged chassis without legs of its own",
    "Track": "a track unit, where a Tracked chassis has a wheel's place",
    "Lidar": "a 2D scanning lidar",
    "Lidar3D": "a 3D lidar",
    "Camera": "a camera",
    "DepthCamera": "a depth camera",
    "RGBD": "a colour and depth camera",
    "IMU": "an inertial measurement unit",
    "Ultrasonic": "an ultrasonic range finder",
    "Range": "an infrared or time-of-flight range finder",
    "Bumper": "a contact bumper",
    "Attachment": "an arm, a gripper, a tray: mass and shape only",
}

COMPONENT_TYPES: tuple[str, ...] = tuple(CHASSIS_TYPES) + tuple(PART_TYPES)

#: The logical mounts a part type's profile maps (the chassis types' are CHASSIS_TYPES').
PART_MOUNTS: dict[str, tuple[str, ...]] = {t: ("default",) for t in PART_TYPES}
PART_MOUNTS["Motor"] = ("default", "shaft")

#: Wheel-like types: the component that fills a chassis wheel mount.
ROLLING_TYPES = ("Standard", "Mecanum", "Omni_wheel", "Track")


def is_chassis_type(name: str) -> bool:
    return name in CHASSIS_TYPES


# -- component arguments --------------------------------------------------------------------

#: argument -> the types it is allowed on (None: every type)
COMPONENT_ARGS: dict[str, tuple[str, ...] | None] = {
    "ref": None,
    "glue": tuple(PART_TYPES),
    "power": ("MotorDriver", "Motor"),
    "command": ("Motor",),
}

# -- worlds ---------------------------------------------------------------------------------

ENTITY_TYPES: dict[str, bool] = {  # type -> collision default
    "Obstacle": True,
    "SupportSurface": True,
    "Marker": False,
}
PRIMITIVES = ("box", "sphere", "cylinder")
ENTITY_ARGS = ("type", "size", "ref", "pos", "collision")
WORLD_SETTINGS = ("environment", "ground_plane", "start")

# -- tasks ----------------------------------------------------------------------------------


@record
class StepArg:
    name: str
    kind: str  # "positive" | "direction" | "marker"
    required: bool


@record
class StepType:
    name: str
    args: tuple[StepArg, ...]
    summary: str

    def arg(self, name: str) -> StepArg | None:
        for a in self.args:
            if a.name == name:
                return a
        return None


def _step(name, summary, *args):
    return StepType(name, tuple(StepArg(*a) for a in args), summary)


STEP_TYPES: dict[str, StepType] = {
    s.name: s
    for s in (
        _step(
            "Advance",
            "drive forward a distance",
            ("distance_m", "positive", True),
            ("speed_mps", "positive", False),
        ),
        _step(
            "BackUp",
            "drive backward a distance",
            ("distance_m", "positive", True),
            ("speed_mps", "positive", False),
        ),
        _step(
            "Spin",
            "turn in place",
            ("direction", "direction", True),
            ("angle_rad", "positive", False),
            ("rate_rad_s", "positive", False),
        ),
        _step(
            "Strafe",
            "move sideways",
            ("direction", "direction", True),
            ("distance_m", "positive", True),
            ("speed_mps", "positive", False),
        ),
        _step(
            "Navigate",
            "drive to a Marker of the world",
            ("goal", "marker", True),
            ("speed_mps", "positive", False),
        ),
    )
}

DIRECTIONS = ("left", "right")


# -- help texts ------------------------------------------------------------------------------


def a(word: str) -> str:
    """``word`` with its indefinite article: "a Battery", "an IMU", "an Omni_wheel"."""
    return ("an " if word[:1].lower() in "aeiou" else "a ") + word


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate, compared case-insensitively, or None."""
    candidates = list(candidates)
    lowered = {c.lower(): c for c in candidates}
    if word.lower() in lowered:
        return lowered[word.lower()]
    import difflib  # only on a misspelling: not on every compile's path

    match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[match[0]] if match else None


def suggestion(word: str, candidates: Iterable[str], what: str) -> tuple[str, ...]:
    """help lines: a did-you-mean when one is close, and the list of what exists."""
    candidates = list(candidates)
    helps = []
    close = did_you_mean(word, candidates)
    if close is not None and close != word:
        helps.append(f"did you mean '{close}'?")
    helps.append(f"the {what} are: {', '.join(candidates)}")
    return tuple(helps)

"""Drivelines judged against the chassis type (``validation.kinematics.drivelines_*``): which
hubs one motor may turn together is vocabulary, and a grouping the type does not allow takes
from the base what it moves by. A driveline that states no reduction is said once.

| chassis type | one driveline may turn |
|---|---|
| Diff_drive | the front and rear hub of one side (a chain or belt: they turn alike) |
| Tracked | nothing (a track is driven on its own mount) |
| Ackermann | the two hubs of one axle (a differential) |
| any other | one hub (a shaft) |
"""

from __future__ import annotations

from ..model.drivelines import CHAIN, DIFFERENTIAL, Transmission, transmissions
from ..model.robot import Robot
from .model import Findings

FIT = "validation.kinematics.drivelines_fit_the_base"
REDUCTION = "validation.kinematics.drivelines_state_their_reduction"

#: what a base turns by, lost when one motor turns all its wheels alike
LOST = {
    "Diff_two_caster": "it could no longer turn: both its wheels would turn alike",
    "Mecanum_four_wheel": "it could no longer move sideways or turn: each of its wheels must "
    "turn at its own speed",
    "Omni_drive": "it could no longer move sideways or turn: each of its wheels must turn at "
    "its own speed",
    "Omni_three_wheel": "it could no longer move sideways or turn: each of its wheels must "
    "turn at its own speed",
    "Tricycle": "its free rear wheels would be driven at its front wheel's speed",
}


def _side(mount: str) -> str:
    return "left" if "left" in mount else "right"


def _axle(mount: str) -> str:
    return "front" if mount.startswith("front") else "rear"


def _chain_problem(t: Transmission, mounts: list[str], robot: Robot) -> str | None:
    """A skid-steer side's chain: the front and rear wheel of one side, alike."""
    if len({_side(m) for m in mounts}) > 1:
        return (
            "it could no longer turn: a chain turns its wheels alike, and a skid-steer "
            "base turns only by running its left and right wheels apart"
        )
    if len(set(mounts)) < len(mounts):
        return "it names one mount's wheel twice"
    if t.on_shaft is not None and t.reduction not in (None, 1.0):
        return (
            f"'{t.on_shaft}' turns with the motor's shaft and the driveline's wheels at "
            f"1/{t.reduction:g} of its speed, while a chain turns a side's wheels alike: "
            "they would slide against the floor"
        )
    return None


def _differential_problem(t: Transmission, mounts: list[str]) -> str | None:
    """An axle's differential: the two wheels of one axle, turning apart."""
    if len({_axle(m) for m in mounts}) > 1 or len(mounts) > 2:
        return (
            "a differential shares its motor between the two wheels of one axle: the "
            "driven axle's wheels could no longer turn apart as it steers through a curve"
        )
    if t.on_shaft is not None and len(mounts) > 1:
        return (
            f"a differential lets its wheels turn apart, and '{t.on_shaft}' on the motor's "
            "own shaft turns with the motor alone"
        )
    return None


def grouping_problem(robot: Robot, t: Transmission) -> str | None:
    """What the base could no longer do, were one motor to turn these wheels; None if the
    chassis type allows it."""
    mounts = [robot.component(w).mount or "" for w in t.wheels]
    if robot.chassis_type == "Tracked":
        return (
            "a Tracked base drives each track by a motor on its own mount, and no "
            "driveline turns a track"
        )
    if t.coupling == CHAIN:
        return _chain_problem(t, mounts, robot)
    if t.coupling == DIFFERENTIAL:
        return _differential_problem(t, mounts)
    if len(t.wheels) > 1:
        return LOST.get(robot.chassis_type, "one driveline of this base turns one hub")
    return None


def check_drivelines(robot: Robot, out: Findings) -> None:
    chassis = robot.component(robot.chassis)
    part = robot.parts.get(chassis.part)
    if part is None:
        return
    for t in transmissions(robot):
        if t.seat is None:
            continue
        span = part.span(f"connectors.{t.seat}.driveline")
        wheels = ", ".join(f"'{w}'" for w in t.wheels)
        problem = grouping_problem(robot, t)
        if problem is not None:
            out.error(
                FIT,
                f"the driveline of connector '{t.seat}' of part '{part.id}' has motor "
                f"'{t.motor}' turn {wheels} together, which {robot.chassis_type} "
                f"does not allow: {problem}",
                span,
                components=(t.motor, *t.wheels),
                label="a grouping the base cannot move by",
                help=(_fix(robot, part.file),),
            )
        if t.reduction is None:
            out.warning(
                REDUCTION,
                f"the driveline of connector '{t.seat}' of part '{part.id}' "
                f"states no reduction: motor '{t.motor}' turns {wheels} at a "
                "speed the compiler cannot tell, so the base's top speed is "
                "undecided and the targets leave those joints without limits",
                span,
                components=(t.motor, *t.wheels),
                label="reduction unknown",
                help=(
                    f"state driveline.reduction in {part.file} from the maker's data "
                    "(the gearbox's ratio times the chain's): the motor's turns per "
                    "turn of the wheels, as reduction: <ratio>",
                ),
            )


def _hubs(robot: Robot, keep) -> list[str]:
    """The chassis connectors the wheels on mounts that ``keep`` accepts are seated on."""
    return [
        c.host_connector
        for c in robot.components
        if c.parent == robot.chassis and c.mount and c.host_connector and keep(c.mount)
    ]


def _example(hubs: list[str], fallback: str) -> str:
    return f"turns: [{', '.join(hubs)}]" if len(hubs) == 2 else fallback


def _fix(robot: Robot, file: str) -> str:
    """What each driveline may turn on this chassis type, written with this robot's hubs."""
    t = robot.chassis_type
    if t == "Diff_drive":
        left = _example(
            _hubs(robot, lambda m: _side(m) == "left" and "wheel" in m),
            "turns: [<front left hub>, <rear left hub>]",
        )
        allowed = (
            f"the front and the rear hub of one side, e.g. {left}, and a second "
            "driveline for the other side"
        )
    elif t == "Ackermann":
        rear = _example(
            _hubs(robot, lambda m: _axle(m) == "rear" and "wheel" in m),
            "turns: [<rear left hub>, <rear right hub>]",
        )
        allowed = f"the two hubs of one axle, e.g. {rear}"
    elif t == "Tracked":
        allowed = "nothing: remove the driveline and seat each track's motor on its mount"
    else:
        allowed = "one hub: a motor for each wheel, each on its own driveline or mount"
    return f"in {file}, have each driveline turn {allowed}"

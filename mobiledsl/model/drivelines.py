"""Which wheels each motor turns, and how they are coupled: a motor drives through exactly one
transmission, the wheel on its shaft or the hubs of the driveline its seat states. The
analysis judges and counts by it, and the MJCF gives each motor one actuator by it.

How one motor's wheels are coupled is vocabulary, by chassis type: a skid-steer side's chain
or belt turns its wheels alike, an axle's differential drives their mean and lets them turn
apart, and every other base turns one hub through a shaft (reduction only).
"""

from __future__ import annotations

from ..recordtype import record
from .robot import Component, Robot

SHAFT = "shaft"
CHAIN = "chain"
DIFFERENTIAL = "differential"

#: how a driveline of each chassis type couples its hubs (any other type: a shaft)
COUPLING = {"Diff_drive": CHAIN, "Ackermann": DIFFERENTIAL}
WHEEL_TYPES = ("Standard", "Mecanum", "Omni_wheel", "Track")


@record
class Transmission:
    motor: str  # the Motor component
    coupling: str  # shaft | chain | differential
    wheels: tuple[str, ...]  # the wheels (or tracks) it turns, in the robot's order
    seat: str | None = None  # the chassis connector stating the driveline, if any
    reduction: float | None = 1.0  # motor turns per wheel turn; None: the driveline states none
    on_shaft: str | None = None  # a wheel on the motor's own shaft besides a driveline's hubs


def coupling_of(chassis_type: str) -> str:
    return COUPLING.get(chassis_type, SHAFT)


def _shaft_wheel(robot: Robot, motor: Component) -> Component | None:
    return next(
        (c for c in robot.components if c.parent == motor.name and c.type in WHEEL_TYPES), None
    )


def _seat_of(robot: Robot, motor: Component):
    """The driveline the motor's seat states, if it sits on the chassis on one."""
    if motor.parent != robot.chassis:
        return None
    chassis = robot.parts.get(robot.component(robot.chassis).part)
    conn = (
        chassis.connectors.get(motor.host_connector)
        if chassis and motor.host_connector is not None
        else None
    )
    return conn if conn is not None and conn.driveline is not None else None


def transmissions(robot: Robot) -> list[Transmission]:
    """One transmission per motor that turns something, in the robot's order."""
    out = []
    for motor in robot.components:
        if motor.type != "Motor":
            continue
        seat = _seat_of(robot, motor)
        shaft = _shaft_wheel(robot, motor)
        if seat is None:
            if shaft is not None:
                out.append(Transmission(motor.name, SHAFT, (shaft.name,)))
            continue
        hubs = [
            c.name
            for c in robot.components
            if c.parent == robot.chassis
            and c.host_connector in seat.driveline.turns
            and c.type in WHEEL_TYPES
        ]
        wheels = ([shaft.name] if shaft is not None else []) + hubs
        if wheels:
            out.append(
                Transmission(
                    motor.name,
                    coupling_of(robot.chassis_type),
                    tuple(wheels),
                    seat.name,
                    seat.driveline.reduction,
                    shaft.name if shaft is not None else None,
                )
            )
    return out


def transmission_of(robot: Robot, motor: str) -> Transmission | None:
    return next((t for t in transmissions(robot) if t.motor == motor), None)


def shares(robot: Robot) -> dict[str, int]:
    """How many wheels each motor's torque is shared between, by motor."""
    return {t.motor: len(t.wheels) for t in transmissions(robot)}

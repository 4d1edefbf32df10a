"""Motors by their torque-speed line: the one source of every figure the analysis states and
every limit the targets carry about what a brushed DC motor does (docs/analysis.md).

A Motor's block is its datasheet at ``rated_voltage_v``: ``no_load_speed_rad_s`` unloaded,
``stall_torque_nm`` stalled, the torque falling on a straight line between them. Fed at V
both ends scale by V / rated (the slope, the back-EMF over the winding's resistance, does
not). Through a reduction g the wheel sees g times the torque at 1/g of the speed.

The base's figures follow from the sum of its motors' lines at the ground, against the
robot's weight: its rolling resistance on level ground, and gravity on a slope. Pure: no
disk, no targets.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ..library.model import MotorSpec
from ..model.drivelines import transmissions
from ..model.robot import Component, Robot
from ..recordtype import record
from .power import supply_of

GRAVITY = 9.81
#: rolling resistance of a tyre on a hard floor, of the weight (rubber on concrete 0.01-0.02)
ROLLING_RESISTANCE = 0.015
#: the start the tyres pass to the floor before they slip or a wheel lifts, of g
GRIP = 0.5
#: a small DC gearmotor's mechanical time constant (s, 10-50 ms): its rotor's inertia is
#: J = tau x stall torque / no-load speed, felt at the wheel through the reduction squared
MOTOR_TIME_CONSTANT = 0.02
#: the wheels that roll on the floor on a hinge (casters and tracks excepted)
ROLLING = ("Standard", "Mecanum", "Omni_wheel")


@record
class Line:
    """A motor's torque-speed line at one voltage, at the shaft it turns (after ``reduction``)."""

    stall_nm: float
    no_load_rad_s: float

    def torque(self, omega: float) -> float:
        return line_torque(self.stall_nm, self.no_load_rad_s, omega)

    @property
    def slope(self) -> float:
        """The torque lost per rad/s of speed (the line's damping)."""
        return self.stall_nm / self.no_load_rad_s


def line_torque(stall: float, no_load: float, omega: float) -> float:
    """The line's torque at ``omega``, held between 0 (beyond no-load) and stall (below rest):
    a motor driven forward gives no more than stall nor pulls back past its no-load speed."""
    if no_load <= 0:
        return 0.0
    return min(max(stall * (1.0 - omega / no_load), 0.0), stall)


def at_voltage(motor: MotorSpec, volts: float | None, reduction: float = 1.0) -> Line:
    """The motor's line fed at ``volts`` (its rated voltage when None), at the wheel through
    ``reduction``: torque(omega, V) = stall (V / rated)(1 - omega / (no_load V / rated))."""
    share = (volts / motor.rated_voltage_v) if volts is not None else 1.0
    return Line(
        motor.stall_torque_nm * share * reduction, motor.no_load_speed_rad_s * share / reduction
    )


def rotor_inertia(motor: MotorSpec) -> float:
    """The rotor as its output shaft feels it (kg m^2), from the mechanical time constant."""
    return MOTOR_TIME_CONSTANT * motor.stall_torque_nm / motor.no_load_speed_rad_s


def motor_volts(robot: Robot, motor: Component) -> tuple[float | None, float | None, str]:
    """(full, run down) volts a motor is fed, and from where: the driver's regulated output
    when it states one, else the pack's range; (None, None) when no supply is decided (the
    line at the rated voltage then)."""
    part = robot.parts.get(motor.part)
    supply = supply_of(robot, motor, part) if part is not None else None
    if supply is None:
        return None, None, "its rated voltage"
    low, high, words, _, _ = supply
    return high, low, words


@record
class Drive:
    """One motor and what it turns: its wheels (or track) at ``radius`` (a track: its travel
    per turn over 2 pi) through ``reduction``."""

    motor: str
    spec: MotorSpec
    wheels: tuple[str, ...]
    radius: float
    reduction: float

    def line(self, volts: float | None) -> Line:
        return at_voltage(self.spec, volts, self.reduction)

    def pull(self, volts: float | None, speed: float) -> float:
        """The force at the ground (N) at the base's ``speed`` (m/s)."""
        return self.line(volts).torque(speed / self.radius) / self.radius

    def top(self, volts: float | None) -> float:
        """The rim speed at no load (m/s)."""
        return self.line(volts).no_load_rad_s * self.radius

    def mass_felt(self) -> float:
        """The rotor's inertia as mass at the ground (kg): J g^2 / r^2."""
        return rotor_inertia(self.spec) * self.reduction**2 / self.radius**2


def _radius(robot: Robot, c: Component) -> float | None:
    part = robot.parts.get(c.part)
    if part is None:
        return None
    if part.wheel is not None:
        return part.wheel.radius
    if part.track is not None and part.track.travel_per_turn_m:
        return part.track.travel_per_turn_m / (2 * math.pi)
    return None


def reduction_of(robot: Robot, c: Component, seated: dict | None = None) -> float | None:
    """The motor's turns per turn of the driven wheel (or track) ``c``: its driveline's, for
    every wheel the driveline's motor turns (the one on its own shaft with its hubs, as the
    MJCF gears them all by it); 1 on a motor's own shaft; None when the driveline states none
    (so nothing at the wheel is known). ``seated``: the robot's driveline transmissions by
    motor, when the caller has them."""
    if c.driven_by is None:
        return None
    if seated is None:
        seated = seated_transmissions(robot)
    t = seated.get(c.driven_by)
    if t is not None and c.name in t.wheels:
        return t.reduction
    if c.reduction is not None:
        return c.reduction
    return 1.0 if c.parent == c.driven_by else None


def seated_transmissions(robot: Robot) -> dict:
    """The motors that turn their wheels through a driveline, by name (model.drivelines)."""
    return {t.motor: t for t in transmissions(robot) if t.seat is not None}


def drives(robot: Robot) -> tuple[Drive, ...] | None:
    """Each motor that turns a driven wheel or track, once however many it turns (a
    driveline's motor shares its torque between its hubs). None when undecided: a driven
    wheel without a motor, a driveline without reduction, a track without its travel."""
    found: dict[str, list] = {}
    seated = seated_transmissions(robot)
    for c in robot.components:
        if not c.driven:
            continue
        if c.driven_by is None:
            return None
        try:
            motor = robot.component(c.driven_by)
        except KeyError:
            return None
        mpart = robot.parts.get(motor.part)
        reduction = reduction_of(robot, c, seated)
        radius = _radius(robot, c)
        if mpart is None or mpart.motor is None or not reduction or reduction <= 0 or not radius:
            return None
        entry = found.setdefault(motor.name, [mpart.motor, [], [], reduction])
        entry[1].append(c.name)
        entry[2].append(radius)
    return tuple(
        Drive(name, spec, tuple(ws), sum(rs) / len(rs), red)
        for name, (spec, ws, rs, red) in found.items()
    )


@record
class BaseLine:
    """What a base's motors do under its weight, fed at ``volts`` (None: rated)."""

    drives: tuple[Drive, ...]
    mass: float
    volts: float | None
    #: the rolling wheels' own turning inertia as mass at the ground (kg): sum I_axle / r^2
    wheels_felt: float = 0.0

    def pull(self, speed: float) -> float:
        """Every motor's force at the ground at ``speed`` (N)."""
        return sum(d.pull(self.volts, speed) for d in self.drives)

    @property
    def stall_pull(self) -> float:
        return self.pull(0.0)

    @property
    def no_load_speed(self) -> float:
        """The slowest motor's rim speed unloaded: the base goes no faster."""
        return min(d.top(self.volts) for d in self.drives)

    @property
    def resistance(self) -> float:
        """Rolling resistance on level ground (N)."""
        return ROLLING_RESISTANCE * self.mass * GRAVITY

    @property
    def inertial_mass(self) -> float:
        """The mass the motors accelerate: the robot, its rolling wheels' turning inertia and
        the motors' rotors, felt at the ground."""
        return self.mass + self.wheels_felt + sum(d.mass_felt() for d in self.drives)

    def starts(self) -> bool:
        return self.stall_pull > self.resistance

    def top_speed(self, load: float | None = None) -> float:
        """The speed where the motors' pull meets ``load`` (N; rolling resistance when None):
        0 when they cannot overcome it. The pull falls linearly between the motors' no-load
        speeds, so bisection on the monotone sum is exact to a nanometre a second."""
        load = self.resistance if load is None else load
        hi = self.no_load_speed
        if self.pull(0.0) <= load:
            return 0.0
        lo = 0.0
        for _ in range(60):
            mid = (lo + hi) / 2
            if self.pull(mid) > load:
                lo = mid
            else:
                hi = mid
        return lo

    def accel(self, speed: float = 0.0) -> float:
        """The acceleration at ``speed`` on level ground (m/s^2), held to what the tyres pass
        to the floor (GRIP g): never below 0."""
        a = (self.pull(speed) - self.resistance) / self.inertial_mass
        return min(max(a, 0.0), GRIP * GRAVITY)

    def max_slope(self) -> float:
        """The steepest slope (rad) the base climbs and holds: its pull at stall against
        gravity along the slope and rolling resistance across it, m g (sin t + c cos t), held
        to the slope its tyres grip (tan t = GRIP). 0 when it cannot start on the level."""
        k = self.stall_pull / (self.mass * GRAVITY)
        c = ROLLING_RESISTANCE
        grip = math.atan(GRIP)
        reach = math.hypot(1.0, c)
        if k <= c:
            return 0.0
        motors = math.pi / 2 if k >= reach else math.asin(k / reach) - math.atan(c)
        return min(motors, grip)

    def time_to(self, speed: float, steps: int = 400) -> tuple[float, float] | None:
        """(s, m): the time from rest to ``speed`` on level ground and the distance covered
        meanwhile; None when the base never reaches it. Integrated over the speed,
        dt = dv / a(v) (trapezoids on a fine grid; a(v) is piecewise linear)."""
        if speed <= 0:
            return 0.0, 0.0
        if speed >= self.top_speed():
            return None
        accel = self._accel_curve()
        t = x = 0.0
        dv = speed / steps
        a1 = accel(0 * dv)
        for i in range(steps):
            v0, v1 = i * dv, (i + 1) * dv
            # each point's acceleration once: the end of one trapezoid starts the next
            a0, a1 = a1, accel(v1)
            if a0 <= 0 or a1 <= 0:
                return None
            dt = dv * (1 / a0 + 1 / a1) / 2
            t += dt
            x += (v0 + v1) / 2 * dt
        return t, x

    def _accel_curve(self) -> Callable[[float], float]:
        """``accel`` with each motor's line at the base's voltage worked out once (the same
        sums in the same order, so the same numbers), for the many speeds an integral asks."""
        lines = [(d.line(self.volts), d.radius) for d in self.drives]
        resistance, mass, most = self.resistance, self.inertial_mass, GRIP * GRAVITY

        def accel(speed: float) -> float:
            pull = sum(line.torque(speed / r) / r for line, r in lines)
            return min(max((pull - resistance) / mass, 0.0), most)

        return accel


def base_line(robot: Robot, mass: float | None, volts: str = "full") -> BaseLine | None:
    """The base's line at the pack ``full`` or ``low`` (run down); None when undecided (no
    driven wheel, or one whose motor or transmission is not stated, or no mass). The motors
    of one base are fed alike: the first motor's supply stands for all of them."""
    found = drives(robot)
    if not found or not mass or mass <= 0:
        return None
    full, low, _ = motor_volts(robot, robot.component(found[0].motor))
    return BaseLine(found, float(mass), full if volts == "full" else low, wheels_felt(robot))


def wheels_felt(robot: Robot) -> float:
    """Every rolling wheel's inertia about its axle as mass at the ground (kg), I / r^2: a
    base starting from rest spins its wheels up as it goes (a solid tyre's is half its mass;
    the MJCF's wheels carry exactly this inertia)."""
    total = 0.0
    for c in robot.components:
        part = robot.parts.get(c.part)
        if (
            c.type not in ROLLING
            or part is None
            or part.wheel is None
            or part.inertial is None
            or part.wheel.radius <= 0
        ):
            continue
        connector = part.connectors.get(c.connector) if c.connector is not None else None
        if connector is None:
            continue
        axis = (
            connector.joint.axis
            if connector.joint is not None and connector.joint.axis
            else connector.dir
        )
        n = math.sqrt(sum(a * a for a in axis))
        if n <= 0:
            continue
        a = [x / n for x in axis]
        i = part.inertial.inertia
        tensor = ((i.ixx, i.ixy, i.ixz), (i.ixy, i.iyy, i.iyz), (i.ixz, i.iyz, i.izz))
        about = sum(a[r] * tensor[r][k] * a[k] for r in range(3) for k in range(3))
        total += max(about, 0.0) / part.wheel.radius**2
    return total


def wheel_limits(robot: Robot, c: Component) -> tuple[float | None, float | None]:
    """A driven wheel's torque and speed at its hub (the URDF/SDF effort and velocity): its
    motor's line at the full pack through the driveline's reduction (1 on the motor's own
    shaft), its torque shared by the wheels the motor turns. (None, None) where no motor
    turns it or its driveline states no reduction: no limit is known, so none is set."""
    reduction = reduction_of(robot, c)
    if c.driven_by is None or not reduction or reduction <= 0:
        return None, None
    try:
        motor_c = robot.component(c.driven_by)
        motor = robot.part_of(c.driven_by).motor
    except KeyError:
        return None, None
    if motor is None:
        return None, None
    full, _, _ = motor_volts(robot, motor_c)
    line = at_voltage(motor, full, reduction)
    # one motor's torque, counted once: shared by the wheels it turns (a side's chain, an
    # axle's differential), so the joints' efforts together are what the motor gives
    shared = sum(1 for w in robot.components if w.driven_by == c.driven_by) or 1
    return line.stall_nm / shared, line.no_load_rad_s


def volts_share(robot: Robot, motor_c: Component, motor: MotorSpec) -> float:
    """V / rated at the full pack (1 where no supply is decided): what scales both ends of
    the line in the MJCF's drive."""
    full, _, _ = motor_volts(robot, motor_c)
    return full / motor.rated_voltage_v if full is not None else 1.0

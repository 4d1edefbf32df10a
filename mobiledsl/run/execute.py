"""Executing a task's steps in the simulator, one after the other, from where the last one
left the robot. Every step is measured by the base's true pose in the simulator (its free
joint), not by wheel odometry.

Advance, BackUp and Strafe drive the asked twist and stop when the base has gone the asked
distance along the direction it faced when the step began (braking in time, at the rate the
controller allows); Spin turns until the heading has changed by the asked angle; Navigate
plans a path to its marker and follows it. Every step has a time limit well beyond what it
should take, so a robot that is stuck ends the step instead of the run.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..recordtype import record
from .follow import Chassis, Follower, wrap
from .plan import footprint_radii, plan_path, world_grid
from .watch import Watch

#: the controller's tick: a command is worked out this often (seconds of simulated time)
TICK = 0.05
#: a still robot is left this long after each step before it is measured
SETTLE_S = 0.4
#: Spin without an angle turns a quarter turn
DEFAULT_ANGLE = math.pi / 2
#: Advance, BackUp, Strafe and Navigate without a speed go at this share of the top speed
DEFAULT_SPEED_SHARE = 0.5
#: when a distance step counts as done: this close to the asked distance
DONE_M = 0.004
DONE_RAD = math.radians(0.5)
#: a Navigate step ends this close to its goal (the tolerance it is judged by is wider)
ARRIVE_M = 0.05
#: the most simulated time a whole run takes (--max-seconds asks for less): a step's own
#: limit grows with what it asks, and an Advance of 1e30 m must still end
MAX_RUN_S = 600.0


def time_limit(amount: float, rate: float) -> float:
    """Seconds a step may take: four times what it needs at the asked rate, and 5 s more
    (a skid-steer base turns slower than it is told; a stuck one must still end)."""
    return 4.0 * amount / max(rate, 1e-3) + 5.0


@dataclass
class StepRun:
    """What happened in one step (before it is judged)."""

    index: int
    kind: str
    asked: dict
    reached: dict = field(default_factory=dict)
    seconds: float = 0.0
    touched: dict = field(default_factory=dict)  # obstacle -> where the robot was
    contacts: list = field(default_factory=list)  # watch.Contact, each coming into touch
    closest: dict = field(default_factory=dict)  # obstacle -> metres
    tipped: bool = False
    fall: str = ""  # how it fell, in words
    timed_out: bool = False
    no_path: str = ""  # why there is no path
    planned: tuple = ()  # Navigate: the planned path
    trace: list = field(default_factory=list)  # (x, y) of the base, each tick
    not_run: str = ""  # why the step was not run at all
    out_of_time: bool = False  # the run's cap ended it
    policy_error: str = ""  # the walking policy ended it: why
    too_far: str = ""  # Navigate: the entity the map cannot hold


@record
class Setup:
    chassis: Chassis
    radius: float  # the footprint's circumscribed radius
    goals: dict  # marker name -> (x, y)
    accel: float  # m/s^2 the controller ramps speed by
    turn_accel: float  # rad/s^2


class Runner:
    """Steps a ``mobiledsl.sim.Simulation`` through the task."""

    def __init__(
        self, sim, setup: Setup, world, obstacles: list[str], max_seconds: float = MAX_RUN_S
    ):
        self.sim = sim
        self.deadline = sim.time + max_seconds  # the run's cap, in simulated time
        self.setup = setup
        self.world = world
        self.watch = Watch(sim.model, sim.data, obstacles)
        self.states: list[np.ndarray] = []  # qpos each tick, for frames
        self.lag = max(actuator_lag(sim.model), walking_lag(sim.controller))

    # -- the loop every step shares ------------------------------------------------------
    def _tick(self, run: StepRun, twist) -> None:
        self.sim.command(*twist)
        self.sim.advance(TICK)
        x, y, _ = self.sim.pose2d()
        run.trace.append((x, y))
        self.watch.look((x, y))
        self.states.append(self.sim.data.qpos.copy())
        fall = self.sim.fall()
        if fall is not None:
            run.tipped, run.fall = True, run.fall or fall

    def _out_of_time(self, run: StepRun) -> bool:
        if self.sim.time >= self.deadline - 0.5 * TICK:
            run.out_of_time = True
        return run.out_of_time

    def _settle(self, run: StepRun) -> None:
        for _ in range(int(round(SETTLE_S / TICK))):
            if self._out_of_time(run):
                return
            self._tick(run, (0.0, 0.0, 0.0))
            if run.tipped:
                return

    def _until(self, run: StepRun, remaining, done: float, limit: float, twist) -> None:
        """Tick ``twist(left)`` until ``remaining()`` is within ``done``, the robot tips
        over, or ``limit`` seconds are up."""
        t0 = self.sim.time
        while not run.tipped:
            left = remaining()
            if left <= done:
                return
            if self.sim.time - t0 > limit:
                run.timed_out = True
                return
            if self._out_of_time(run):
                return
            self._tick(run, twist(left))

    def _brake(self, top: float, accel: float, left: float, least: float) -> float:
        """The speed that still stops in ``left`` at a little under ``accel``, counting the
        way the base goes on while the drives' ramp (``lag`` seconds) follows the command
        down: v * lag + v^2 / (2 a) = left. Near the end it slows in proportion to what is
        left, at a quarter of the ramp's rate, so the lagging drive closes in without
        overshooting (a first-order lag under proportional control is critically damped
        at a loop gain of 1 / (4 lag))."""
        a = 0.8 * accel
        left = max(left, 0.0)
        speed = -a * self.lag + math.sqrt((a * self.lag) ** 2 + 2 * a * left)
        if self.lag > 0:
            speed = min(speed, left / (4 * self.lag))
        return min(top, max(least, speed))

    def _xy(self) -> np.ndarray:
        x, y, _ = self.sim.pose2d()
        return np.array([x, y])

    def execute(self, index: int, step) -> StepRun:
        self.watch.reset()
        start = self.sim.time
        run = getattr(self, "_" + step.kind.lower())(index, step)  # each ends settled
        run.seconds = self.sim.time - start
        run.touched = dict(self.watch.touched)
        run.contacts = list(self.watch.contacts)
        run.closest = {k: v for k, v in sorted(self.watch.closest.items())}
        return run

    # -- straight steps ------------------------------------------------------------------
    def _speed(self, step, limit: float) -> float:
        asked = step.args.get("speed_mps")
        if isinstance(asked, (int, float)) and not isinstance(asked, bool):
            return float(asked)
        return DEFAULT_SPEED_SHARE * limit

    def _straight(self, index: int, step, body_dir: tuple[float, float]) -> StepRun:
        distance = float(step.args["distance_m"])
        top = self.setup.chassis.max_speed
        speed = self._speed(step, top)
        run = StepRun(index, step.kind, {"distance_m": distance, "speed_mps": speed})
        x0, y0, yaw0 = self.sim.pose2d()
        c, s = math.cos(yaw0), math.sin(yaw0)
        way = np.array([c * body_dir[0] - s * body_dir[1], s * body_dir[0] + c * body_dir[1]])
        self._until(
            run,
            lambda: distance - float(way @ (self._xy() - [x0, y0])),
            DONE_M,
            time_limit(distance, speed),
            lambda left: tuple(
                self._brake(speed, self.setup.accel, left, 0.02)
                * np.array([body_dir[0], body_dir[1], 0.0])
            ),
        )
        self._settle(run)
        run.reached = {"distance_m": float(way @ (self._xy() - [x0, y0]))}
        return run

    def _advance(self, index, step):
        return self._straight(index, step, (1.0, 0.0))

    def _backup(self, index, step):
        return self._straight(index, step, (-1.0, 0.0))

    def _strafe(self, index, step):
        return self._straight(index, step, (0.0, 1.0 if step.args["direction"] == "left" else -1.0))

    # -- turning on the spot -------------------------------------------------------------
    def _spin(self, index: int, step) -> StepRun:
        angle = float(step.args.get("angle_rad", DEFAULT_ANGLE))
        sign = 1.0 if step.args["direction"] == "left" else -1.0
        # a Spin states no rate: the top turn rate, but no more than 1 rad/s
        rate = min(self.setup.chassis.max_turn, 1.0)
        run = StepRun(index, step.kind, {"angle_rad": angle, "direction": step.args["direction"]})
        turned = Turned(self.sim)
        self._until(
            run,
            lambda: angle - sign * turned(),
            DONE_RAD,
            time_limit(angle, rate),
            lambda left: (0.0, 0.0, sign * self._brake(rate, self.setup.turn_accel, left, 0.05)),
        )
        self._settle(run)
        run.reached = {"angle_rad": sign * turned()}
        return run

    # -- planning and following ----------------------------------------------------------
    def _navigate(self, index: int, step) -> StepRun:
        goal_name = step.args["goal"]
        goal = self.setup.goals[goal_name]
        top = self.setup.chassis.max_speed
        speed = self._speed(step, top)
        run = StepRun(
            index, step.kind, {"goal": goal_name, "x": goal[0], "y": goal[1], "speed_mps": speed}
        )
        from ..targets.ros.occupancy import MapTooLarge

        x, y, _ = self.sim.pose2d()
        try:
            grid = world_grid(self.world, (x, y))
        except MapTooLarge as size:
            run.too_far = furthest(self.world, (x, y))
            run.no_path = (
                f"the world spans {size.args[0]:.4g} m by {size.args[1]:.4g} m, "
                "more than the map of about 200 m by 200 m it is planned over"
            )
            run.reached = {"x": x, "y": y, "to_goal_m": math.dist((x, y), goal)}
            return run
        plan = plan_path(grid, (x, y), goal, self.setup.radius)
        if not plan.path:
            run.no_path = plan.reason
            run.reached = {"x": x, "y": y, "to_goal_m": math.dist((x, y), goal)}
            return run
        run.planned = plan.path
        follower = Follower(plan.path, self.setup.chassis, speed)
        length = sum(math.dist(p, q) for p, q in zip(plan.path, plan.path[1:]))
        self._until(
            run,
            lambda: follower.remaining(self.sim.pose2d()) - ARRIVE_M,
            0.0,
            time_limit(length, follower.speed) + 5.0,
            lambda _left: follower.command(self.sim.pose2d()),
        )
        self._settle(run)
        x, y, _ = self.sim.pose2d()
        run.reached = {"x": x, "y": y, "to_goal_m": math.dist((x, y), goal)}
        return run


def furthest(world, around: tuple[float, float]) -> str:
    """The name of the entity lying furthest from ``around`` (what makes a map too large)."""
    entities = world.entities if world is not None else ()
    if not entities:
        return ""
    far = max(
        entities, key=lambda e: math.hypot(float(e.pos[0]) - around[0], float(e.pos[1]) - around[1])
    )
    return far.name


class Turned:
    """The heading turned since it was made, counted through every half turn."""

    def __init__(self, sim):
        self.sim = sim
        self.last = sim.pose2d()[2]
        self.total = 0.0

    def __call__(self) -> float:
        now = self.sim.pose2d()[2]
        self.total += wrap(now - self.last)
        self.last = now
        return self.total


def walking_lag(controller: dict) -> float:
    """How long (s) a walking robot goes on at its old speed after the command changes: a
    foot in the air lands where the speed asked as it lifted needs it, so the body follows
    a new command about half a step later. Half the gait's period, or half the period of a
    policy's phase; 0 for wheels and a policy without a phase."""
    gait = controller.get("gait") or {}
    if gait.get("period"):
        return 0.5 * float(gait["period"])
    phase = (controller.get("policy") or {}).get("phase") or {}
    if phase.get("frequency"):
        return 0.5 / float(phase["frequency"])
    return 0.0


def actuator_lag(model) -> float:
    """The longest first-order ramp (s) the model puts between an actuator's command and its
    force: the mjcf target ramps wheel drives as a motor driver does."""
    import mujoco

    ramps = (int(mujoco.mjtDyn.mjDYN_FILTER), int(mujoco.mjtDyn.mjDYN_FILTEREXACT))
    return max(
        (
            float(model.actuator_dynprm[i, 0])
            for i in range(model.nu)
            if int(model.actuator_dyntype[i]) in ramps
        ),
        default=0.0,
    )


def chassis_of(analysis, limits: dict) -> Chassis:
    """What the follower may ask: from the analysis where it decided, else from the limits
    the controller description states."""
    k = analysis.kinematics
    vmax = _limit(limits.get("vx")) or k.max_speed_mps or 0.3
    wmax = _limit(limits.get("wz")) or k.max_yaw_rate_rad_s or 1.0
    can_spin = bool(k.can_spin)
    min_radius = 0.0
    if not can_spin and k.max_speed_mps and k.max_yaw_rate_rad_s:
        min_radius = float(k.max_speed_mps) / float(k.max_yaw_rate_rad_s)
    return Chassis(
        holonomic=bool(k.holonomic),
        can_spin=can_spin,
        max_speed=float(vmax),
        max_turn=float(wmax),
        min_radius=min_radius,
    )


def _limit(value) -> float | None:
    """A limit stated as one number or [lowest, highest]: the forward / left one."""
    if value is None:
        return None
    if isinstance(value, (int, float)):
        return abs(float(value)) or None
    return abs(float(value[1])) or None


def setup_of(analysis, world, limits: dict) -> Setup:
    _, outer = footprint_radii(analysis.footprint)
    goals = {
        e.name: (float(e.pos[0]), float(e.pos[1]))
        for e in (world.entities if world is not None else ())
        if e.entity == "Marker"
    }
    return Setup(
        chassis_of(analysis, limits),
        outer,
        goals,
        accel=float(limits.get("ax") or 1.0),
        turn_accel=float(limits.get("az") or 2.0),
    )

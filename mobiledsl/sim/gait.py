"""The gait: a walking controller worked out from the robot's own model as it walks.

The feet, taken in turn about the middle of where they stand, step every other one half a
period apart. Each foot is on the floor ``duty`` of the period and in the air the rest,
lifted ``step_height`` along its arc. The feet on the floor move back under the body as the
floor does under a body going at the commanded twist, at the standing height and level; a
foot in the air lands where that twist needs it, half a stride ahead of where it stands.
Told to stop, it goes on stepping until the robot has settled (moving and turning hardly at
all a whole period of workings in a row), then stops while every foot is down.

The feet stand, at rest, where the servos' holds put them, moved together under the
robot's centre of mass as the model is, with whatever is mounted on it; the legs' joint
angles come from MuJoCo's kinematics (legs.LegKinematics).

A servo is a spring of stiffness kp about its target, so each target is moved on by the
torque the joint must make divided by kp: its foot's share of the weight (J^T F, handed
from foot to foot over the time all are down), and moving the leg as planned (MuJoCo's
inverse dynamics at the target pose, rates and, in the air, accelerations, plus the joint's
damping at the planned rate). Soft servos then follow the plan as stiff ones do
(docs/legged.md, "What the gait does against real servos").
"""
from __future__ import annotations

import math

import numpy as np

from .legs import LegKinematics, angle_about, find_legs

TICK = 0.004                 # the gait is worked out every 4 ms
STILL_SPEED = 0.05           # m/s on average over a period: "moving hardly at all"
STILL_TURN = 0.1             # rad/s likewise: "turning hardly at all"
STILL_COMMAND = 1e-6         # a command smaller than this is no command
LEVEL_GAIN = -1.0            # the feet push the body back level: tilt's share undone
ROLL_GAIN = 2.0              # the roll undone this much harder: the feet are nearer across
RATES_DAMPED = 1e-4          # damped least squares of the joints' rates from the feet's
PLACE_GAIN = 0.15            # s: a foot lands this far ahead per m/s the body goes too fast
                             # (the body rocks within a step: more throws the feet about)
TRIM_GAIN = 1.0              # 1/s: the strides are trimmed until the body goes as told
TRIM_MOST = (0.15, 0.15, 0.3)  # the most trim, m/s, m/s, rad/s
TRIM_FADE = 0.2              # s: told to stand, the trim fades this fast
HEADING_GAIN = 0.5           # 1/s: the turn told to make up for the heading lost
HEADING_MOST = 0.2           # rad: the most heading it makes up for


def offsets_in_turn(points: list[np.ndarray]) -> list[float]:
    """Each foot's phase offset (share of a period): taken in turn about their middle, every
    other one half a period apart."""
    centre = np.mean(points, axis=0)
    order = sorted(range(len(points)), key=lambda i: angle_about(centre, points[i]))
    out = [0.0] * len(points)
    for rank, i in enumerate(order):
        out[i] = 0.5 * (rank % 2)
    return out


def smooth(u: float) -> float:
    """0 to 1 with zero speed at both ends (a cycloid's progress)."""
    return u - math.sin(2 * math.pi * u) / (2 * math.pi)


class GaitTiming:
    """Which feet are in the air at a phase, and how far along their arc or their stance."""

    def __init__(self, period: float, duty: float, offsets: list[float]):
        self.period, self.duty, self.offsets = float(period), float(duty), list(offsets)

    def local(self, phase: float, i: int) -> float:
        return (phase - self.offsets[i]) % 1.0

    def in_air(self, phase: float, i: int) -> bool:
        return self.local(phase, i) < 1.0 - self.duty

    def swing_progress(self, phase: float, i: int) -> float:
        return self.local(phase, i) / (1.0 - self.duty)

    def load(self, phase: float, i: int) -> float:
        """How much of its share of the weight a foot carries, 0 to 1: none in the air, and
        taken up (or handed over) evenly over the time all feet are down after it lands (or
        before it lifts), so the feet's shares change without a jump."""
        u = self.local(phase, i) - (1.0 - self.duty)        # time on the floor, periods
        if u < 0:
            return 0.0
        overlap = max(self.duty - 0.5, 1e-9)
        return float(min(1.0, u / overlap, (self.duty - u) / overlap))

    def all_down(self, phase: float) -> bool:
        return not any(self.in_air(phase, i) for i in range(len(self.offsets)))


class GaitDrive:
    tick = TICK
    place_gain = PLACE_GAIN

    def __init__(self, model, data, controller: dict):
        import mujoco

        from .runtime import BASE_BODY, ROOT_JOINT
        stated = controller["gait"]
        self.step_height = float(stated["step_height"])
        base = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, BASE_BODY)
        root = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_JOINT, ROOT_JOINT)
        self.root_dof = int(model.jnt_dofadr[root]) if root >= 0 else None
        self.root_qadr = int(model.jnt_qposadr[root]) if root >= 0 else None
        self.legs = find_legs(model, controller.get("feet") or {}, base)
        self.kin = LegKinematics(model, int(model.jnt_qposadr[root]) if root >= 0 else None)
        self.home = self._balanced_stance(base)
        self.weight = float(model.body_subtreemass[base]) * float(-model.opt.gravity[2])
        self.kp = [np.array([model.actuator_gainprm[a, 0] for a in leg.actuators])
                   for leg in self.legs]
        self.timing = GaitTiming(stated["period"], stated["duty"],
                                 offsets_in_turn([p[:2] for p in self.home]))
        self.phase = 0.0
        self.stepping_now = False
        self.still_ticks = 0
        self.turn_gain = self._turn_gain()
        self.trim = np.zeros(3)          # what the strides add so the body goes as told
        self.heading = self.heading_asked = 0.0
        self.history: list[tuple[float, float, float]] = []   # pose2d each tick, a period
        self.targets = [p.copy() for p in self.home]
        self.lift = [p.copy() for p in self.home]
        self.was_in_air = [False] * len(self.legs)
        self.q = [leg.hold.copy() for leg in self.legs]
        self.q = self.kin.solve(self.legs, self.targets, self.q, iterations=20)
        self.qd = [np.zeros(len(leg.dofs)) for leg in self.legs]
        self.feet_rates = [np.zeros(3) for _ in self.legs]
        self.level_rates = [0.0] * len(self.legs)
        self.scratch = mujoco.MjData(model)
        self.rne = np.zeros(model.nv)

    def _feed_forward(self, data) -> list[np.ndarray]:
        """Each servo's share of holding the robot up, as an offset of its target: the
        weight shared by the feet on the floor, each foot's push turned into its joints'
        torques (J^T F) and divided by the servo's kp. A servo then holds its stance without
        the sag a soft servo would need to make that torque."""
        n = len(self.legs)
        load = [self.timing.load(self.phase, i) if self.stepping_now else 1.0
                for i in range(n)]
        out = [np.zeros(len(leg.actuators)) for leg in self.legs]
        if sum(load) <= 0 or self.root_qadr is None:
            return out
        from .pose import rotate_into
        up = rotate_into(data.qpos[self.root_qadr + 3:self.root_qadr + 7], (0.0, 0.0, 1.0))
        for i, leg in enumerate(self.legs):
            if load[i] > 0:
                push = self.weight * load[i] / sum(load) * up
                out[i] = -self.kin.jacobian(leg).T @ push / self.kp[i]
        return out

    def _rates(self, feet_rates: list[np.ndarray]) -> list[np.ndarray]:
        """The joint rates moving each foot as planned (base frame), by the leg's Jacobian
        where the targets put it: the plan's own rates, not the levelling's working."""
        out = []
        for leg, v in zip(self.legs, feet_rates):
            jac = self.kin.jacobian(leg)
            out.append(jac.T @ np.linalg.solve(jac @ jac.T + RATES_DAMPED * np.eye(3), v))
        return out

    def _swing_forward(self, model, data, qdd) -> list[np.ndarray]:
        """Each servo's torque to move its leg as the targets do, as an offset of its target:
        the leg's own weight and inertia (MuJoCo's inverse dynamics, mj_rne, at the target
        pose, rate and acceleration, the trunk held) and the joint's damping at the target
        rate, divided by the servo's kp."""
        import mujoco
        s = self.scratch
        s.qpos[:] = data.qpos
        s.qvel[:] = 0.0
        s.qacc[:] = 0.0
        for leg, q, v, a in zip(self.legs, self.q, self.qd, qdd):
            s.qpos[leg.qadr] = q
            s.qvel[leg.dofs] = v
            s.qacc[leg.dofs] = a
        mujoco.mj_kinematics(model, s)
        mujoco.mj_comPos(model, s)
        mujoco.mj_comVel(model, s)
        mujoco.mj_rne(model, s, 1, self.rne)
        out = []
        for leg, v, kp in zip(self.legs, self.qd, self.kp):
            torque = self.rne[leg.dofs] + model.dof_damping[leg.dofs] * v
            out.append(torque / kp)
        return out

    def _turn_gain(self) -> float:
        """How much longer the strides of the sides are made than turning on the spot needs
        of them. Feet that can be moved across follow the turn and need none; feet that only
        move fore and aft must slide across as the body turns, and the floor's friction
        across holds the turn back: sliding, the turn goes on when each side's stride is
        1 + (L / W)^2 times the turn's, L the feet's reach fore and aft of their middle and
        W across it."""
        if any(np.abs(self.kin.jacobian(leg)[1]).max() > 1e-6 for leg in self.legs):
            return 1.0
        middle = np.mean(self.home, axis=0)
        reach = np.mean([abs(p[0] - middle[0]) for p in self.home])
        across = np.mean([abs(p[1] - middle[1]) for p in self.home])
        return 1.0 + (reach / across) ** 2 if across > 1e-6 else 1.0

    def _balanced_stance(self, base: int) -> list[np.ndarray]:
        """Where the feet stand at hold, moved together so their middle lies under the
        robot's centre of mass (in the base's frame)."""
        feet = [self.kin.foot(leg) for leg in self.legs]
        middle = np.mean(feet, axis=0)
        com = self.kin.com(base)
        shift = np.array([com[0] - middle[0], com[1] - middle[1], 0.0])
        return [f + shift for f in feet]

    # -- the gait's working, every tick ----------------------------------------------------
    def stride_velocity(self, twist, p: np.ndarray) -> np.ndarray:
        """How the floor moves under a body going at ``twist``, at point ``p`` (base frame)."""
        vx, vy, wz = twist
        return np.array([vx - wz * p[1] * self.turn_gain, vy + wz * p[0], 0.0])

    def control(self, model, data, twist, time: float) -> None:
        """The servos' targets for this working: the joints placing each foot where the
        plan (levelled) puts it, plus what the servo needs to make the torque it must."""
        moving = any(abs(v) > STILL_COMMAND for v in twist)
        if moving and not self.stepping_now:
            self.stepping_now, self.still_ticks = True, 0
            self.history.clear()
            self.heading_asked = self._heading(data)
        air_before = [self.stepping_now and self.timing.in_air(self.phase, i)
                      for i in range(len(self.legs))]
        if self.stepping_now:
            self._step(twist, data)
            self._watch_for_stop(data, moving)
        self.q = self.kin.solve(self.legs, self._levelled(data), self.q)
        rate_before = self.qd
        self.qd = self._rates([(v if self.stepping_now else np.zeros(3))
                               + np.array([0.0, 0.0, z])
                               for v, z in zip(self.feet_rates, self.level_rates)])
        qdd = []            # in the air only: landing and lifting change the rate at once
        for i, (v, b) in enumerate(zip(self.qd, rate_before)):
            same = air_before[i] == (self.stepping_now and self.timing.in_air(self.phase, i))
            qdd.append((v - b) / self.tick if same and air_before[i] else np.zeros_like(v))
        swing = self._swing_forward(model, data, qdd)
        for leg, q, held, moved in zip(self.legs, self.q, self._feed_forward(data), swing):
            data.ctrl[leg.actuators] = q - leg.hold + held + moved

    def _body_twist(self, data) -> tuple[np.ndarray, np.ndarray]:
        """The base's velocity in its own frame (x, y, z) and its turn rate (roll, pitch, yaw
        rates), as an IMU on it reads them."""
        if self.root_dof is None or self.root_qadr is None:     # (None together: no free joint)
            return np.zeros(3), np.zeros(3)
        from .pose import rotate_into
        v = data.qvel[self.root_dof:self.root_dof + 6]
        quat = data.qpos[self.root_qadr + 3:self.root_qadr + 7]
        return rotate_into(quat, v[:3]), np.array(v[3:6])

    def _levelled(self, data) -> list[np.ndarray]:
        """The targets with every foot pushed to bring the body back level (a foot in the
        air too, so it lands where the levelled stance needs it and its target does not jump
        as it lands), and the rate each foot is pushed at (``level_rates``), from the trunk's
        roll and pitch rates: fed forward through the joints' damping only, so it damps the
        rocking of soft servos and vanishes against stiff ones."""
        if self.root_dof is None or self.root_qadr is None:     # (None together: no free joint)
            return self.targets
        from .pose import yaw_roll_pitch
        _, roll, pitch = yaw_roll_pitch(data.qpos[self.root_qadr + 3:self.root_qadr + 7])
        _, rates = self._body_twist(data)
        out = []
        for i, p in enumerate(self.targets):
            p = p.copy()
            p[2] += LEVEL_GAIN * (p[0] * math.sin(pitch) - ROLL_GAIN * p[1] * math.sin(roll))
            self.level_rates[i] = LEVEL_GAIN * (p[0] * math.cos(pitch) * rates[1]
                                                - ROLL_GAIN * p[1] * math.cos(roll) * rates[0])
            out.append(p)
        return out

    def _trimmed(self, twist, v_body, rates) -> tuple[float, float, float]:
        """The twist the strides are made for: the one told, plus what the body has been
        falling short of it (slip, the legs' give), integrated slowly."""
        if any(abs(v) > STILL_COMMAND for v in twist):
            err = np.array([twist[0] - v_body[0], twist[1] - v_body[1], twist[2] - rates[2]])
            self.trim = np.clip(self.trim + TRIM_GAIN * err * self.tick,
                                -np.array(TRIM_MOST), TRIM_MOST)
        else:       # told to stand: the trim of a walk would walk it on, so it fades
            self.trim *= math.exp(-self.tick / TRIM_FADE)
        self.heading_asked += twist[2] * self.tick
        lost = (self.heading_asked - self.heading + math.pi) % (2 * math.pi) - math.pi
        if abs(lost) > HEADING_MOST:    # the heading asked stays within reach of the robot's
            lost = math.copysign(HEADING_MOST, lost)
            self.heading_asked = self.heading + lost
        out = np.asarray(twist, float) + self.trim
        out[2] += HEADING_GAIN * lost
        return tuple(out)

    def _step(self, twist, data) -> None:
        t = self.timing
        v_body, rates = self._body_twist(data)
        self.heading = self._heading(data)
        excess = np.array([v_body[0] - twist[0], v_body[1] - twist[1], 0.0])
        twist = self._trimmed(twist, v_body, rates)
        self.phase = (self.phase + self.tick / t.period) % 1.0
        stance_time = t.duty * t.period
        for i, home in enumerate(self.home):
            if t.in_air(self.phase, i):
                if not self.was_in_air[i]:
                    self.lift[i] = self.targets[i].copy()
                u = t.swing_progress(self.phase, i)
                land = home + self.stride_velocity(twist, home) * stance_time / 2 \
                    + self.place_gain * excess
                p = self.lift[i] + (land - self.lift[i]) * smooth(u)
                p[2] = home[2] + self.step_height * (1 - math.cos(2 * math.pi * u)) / 2
                # the plan's rate (the landing point held): the arc's, not its working's
                du = 1.0 / ((1.0 - t.duty) * t.period)
                v = (land - self.lift[i]) * (1 - math.cos(2 * math.pi * u)) * du
                v[2] = self.step_height * math.pi * math.sin(2 * math.pi * u) * du
                self.targets[i], self.feet_rates[i] = p, v
                self.was_in_air[i] = True
            else:
                p = self.targets[i]
                v = -self.stride_velocity(twist, p)
                v[2] = 0.0
                p = p + v * self.tick
                p[2] = home[2]
                self.targets[i], self.feet_rates[i] = p, v
                self.was_in_air[i] = False

    def _watch_for_stop(self, data, moving: bool) -> None:
        """Count the workings in a row the robot hardly moved with nothing asked; after a
        period of them, stop once every foot is down."""
        still = not moving and self._body_still(data)
        self.still_ticks = self.still_ticks + 1 if still else 0
        settled = self.still_ticks >= self._ticks_a_period()
        if settled and self.timing.all_down(self.phase):
            self.stepping_now = False
            self.trim[:] = 0.0

    def _heading(self, data) -> float:
        if self.root_qadr is None:
            return 0.0
        from .pose import yaw_roll_pitch
        return yaw_roll_pitch(data.qpos[self.root_qadr + 3:self.root_qadr + 7])[0]

    def _ticks_a_period(self) -> int:
        return max(1, int(round(self.timing.period / self.tick)))

    def _body_still(self, data) -> bool:
        """Over the last period, the base went less than STILL_SPEED and turned less than
        STILL_TURN on average (the stepping rocks it to and fro within a period)."""
        if self.root_qadr is None:
            return True
        from .pose import yaw_roll_pitch
        q = data.qpos[self.root_qadr:self.root_qadr + 7]
        self.history.append((float(q[0]), float(q[1]), yaw_roll_pitch(q[3:7])[0]))
        n = self._ticks_a_period()
        del self.history[:-n - 1]
        if len(self.history) <= n:
            return False
        (x0, y0, h0), (x1, y1, h1) = self.history[0], self.history[-1]
        seconds = n * self.tick
        turn = abs((h1 - h0 + math.pi) % (2 * math.pi) - math.pi)
        return math.hypot(x1 - x0, y1 - y0) < STILL_SPEED * seconds and \
            turn < STILL_TURN * seconds

    def stepping(self) -> bool:
        return self.stepping_now

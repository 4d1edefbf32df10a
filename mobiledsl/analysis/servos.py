"""The servos against the legged robot they carry (docs/analysis.md).

The stance is the pose the gait or the walker starts from: every servo at its hold, every
foot on the ground. The model is static and rigid:

- the robot's weight (its whole mass, legs included) is shared by the feet it stands on, the
  least-squares shares that put the sum of their moments under the centre of mass (for four
  feet in a rectangle, each carries the weight its distance from the centre of mass leaves
  it); the ground pushes each foot along the ground's normal, at the point it bears on;
- a revolute joint holds the moment about its axis of everything that hangs below it: the
  push on each foot below it (J^T F, the foot's Jacobian column times its force) and the
  weight of each link below it;
- a servo gives way under that torque by torque / kp. The foot then rises against the
  body by F * sum_j (dz/dq_j)^2 / kp_j (the leg's compliance J K^-1 J^T along the normal):
  that is how far the trunk sags over the foot.

A joint whose servo's effort is below its stance torque cannot hold the robot up (an error);
one above ``MARGIN`` of its effort, or a foot whose servos let the trunk sag more than
``SAG_SHARE`` of the stance height, is a warning. Undecided while the feet do not stand on
one plane or the centre of mass is not over them (those rules say why).
"""

from __future__ import annotations

import numpy as np

from ..diagnostics import Label, Severity
from ..library.model import Link, Part, Servo
from ..model.robot import Component, Robot
from ..recordtype import mutable_record
from .ground import Ground
from .model import Findings
from .placed import Placed

HOLDS = "validation.statics.servos_hold_the_stance"
MARGIN_CODE = "validation.statics.servo_stance_margin"
GAIT_RANGE_CODE = "validation.statics.servos_within_the_gait_range"
#: the findings after which the gait's plan says nothing of the servos walking: they cannot
#: hold the stance, the gait cannot step the feet, or which walker the robot walks by is
#: not decided
UNWALKED = (HOLDS, "validation.kinematics.gait_walks_the_feet", "validation.assembly.one_walker")

GRAVITY = 9.81
#: a servo loaded beyond this share of its effort standing has little left to walk with
MARGIN = 0.7
#: a trunk sagging more than this share of its stance height does not stand where it is held
SAG_SHARE = 0.1
#: the gait walks at the asked speeds on servos that sag at most this share (docs/legged.md,
#: "The range the gait holds"): its feed-forward makes up the sag within it; beyond it the
#: compile refuses the robot
GAIT_SAG = 0.30


@mutable_record
class JointLoad:
    """One revolute joint's servo in the stance: the torque it holds and its shares of the
    sag of each foot below it."""

    component: Component
    part: Part
    link: Link
    origin: np.ndarray  # the joint, base_link
    axis: np.ndarray  # unit, base_link
    torque: float = 0.0  # N m, about the axis (its sign is the servo's business)

    @property
    def name(self) -> str:
        return f"{self.component.name}.{self.link.name}"

    @property
    def servo(self) -> Servo:
        """The servo turning the joint (a JointLoad is made only for a link with one)."""
        servo = self.link.servo
        assert servo is not None, f"a JointLoad of '{self.name}', a link without a servo"
        return servo


@mutable_record
class FootLoad:
    name: str  # component.foot
    point: np.ndarray  # where it bears, base_link
    force: float  # N along the ground's normal
    sag: dict[str, float]  # joint name -> the trunk's drop its give allows, m


def foot_shares(points: np.ndarray, com: np.ndarray, weight: float) -> np.ndarray | None:
    """The push of each foot (N): least squares of the shares whose sum is the weight and
    whose moments about the centre of mass cancel (``points`` and ``com`` in the ground's
    plane). None when a foot would have to pull (the centre of mass is not over the feet)."""
    a = np.vstack([np.ones(len(points)), points[:, 0] - com[0], points[:, 1] - com[1]])
    b = np.array([weight, 0.0, 0.0])
    f = a.T @ np.linalg.lstsq(a @ a.T, b, rcond=None)[0]
    return f if np.all(f >= -1e-9) else None


def _chain(part: Part, link: str) -> list[str]:
    by_name = {l.name: l for l in part.links}
    out: list[str] = []
    name: str | None = link
    while name is not None and name in by_name and name not in out:
        out.append(name)
        name = by_name[name].parent
    return out


def stance_loads(
    robot: Robot, ground: Ground, placed: Placed, mass: float, com: np.ndarray
) -> tuple[list[JointLoad], list[FootLoad]] | None:
    """Every servo's stance torque and every foot's load and sag; None when undecided."""
    feet = [s for s in ground.supports if s.kind == "foot" and s.foot is not None]
    if len(feet) < 3 or len(feet) != len(ground.supports) or mass <= 0:
        return None
    n = ground.normal
    points = np.array([s.contact(n) for s in feet])
    flat = np.array([ground.to_ground(p) for p in points])
    shares = foot_shares(flat, np.array(ground.to_ground(com)), mass * GRAVITY)
    if shares is None:
        return None
    joints: dict[tuple[str, str], JointLoad] = {}

    def joint(c: Component, part: Part, link: Link) -> JointLoad | None:
        key = (c.name, link.name)
        if key not in joints:
            held = next((pl for pl in c.links if pl.name == link.name), None)
            frame = placed.link_frame(c, link.name)
            if held is None or held.joint_axis is None or frame is None:
                return None
            joints[key] = JointLoad(
                c, part, link, frame.translation.copy(), np.asarray(held.joint_axis, float)
            )
        return joints[key]

    def servos_above(c: Component, part: Part, link: str) -> list[JointLoad]:
        by_name = {l.name: l for l in part.links}
        held = [
            joint(c, part, by_name[k])
            for k in _chain(part, link)
            if by_name[k].servo is not None and by_name[k].joint.type == "revolute"
        ]
        return [j for j in held if j is not None]

    loads = []
    for s, p, f in zip(feet, points, shares):
        foot = s.foot
        assert foot is not None, "feet are the supports with a foot"
        sag = {}
        for j in servos_above(s.component, robot.parts[s.component.part], foot.link):
            lever = np.cross(j.axis, p - j.origin)  # the foot's Jacobian column
            j.torque += float(lever @ n) * f
            sag[j.name] = f * float(lever @ n) ** 2 / j.servo.kp
        loads.append(FootLoad(f"{s.component.name}.{foot.name}", p, float(f), sag))
    for b in placed.bodies:  # each link's own weight, on the joints above it
        if b.link is None or b.inertial is None or b.inertial.mass <= 0:
            continue
        c_k = b.frame.point(b.inertial.origin_xyz)
        for j in servos_above(b.component, b.part, b.link):
            j.torque += float(np.cross(j.axis, c_k - j.origin) @ (-b.inertial.mass * GRAVITY * n))
    return list(joints.values()), loads


def check_servos(
    robot: Robot,
    ground: Ground | None,
    placed: Placed,
    mass: float,
    com,
    out: Findings,
    walker: str | None = None,
    task=None,
) -> tuple:
    """Each servo holds its stance torque, with a margin, and does not let the trunk
    sag too far; a robot walking by its gait (no walker's policy taking over) on servos
    within the gait's range, and each servo's expected peak at the speeds the task asks of
    the gait (the ``WalkingPeak`` records, mobiledsl/analysis/walking.py)."""
    if robot.chassis_type != "Legged" or ground is None or not ground.decided or not ground.ok:
        return ()
    com = np.asarray(com, float)
    found = stance_loads(robot, ground, placed, mass, com)
    if found is None:
        return ()
    joints, feet = found
    height = float(com @ ground.normal - ground.offset)
    for j in joints:
        _judge_torque(j, out)
    by_name = {j.name: j for j in joints}
    gait = walker is None and walks_by_gait(robot)
    for foot in feet:
        _judge_sag(foot, by_name, height, out, gait)
    if not gait or any(f.code in UNWALKED for f in out.findings):
        return ()
    # walking.py builds on this module's stance loads, so it is imported here
    from .walking import check_walking

    return check_walking(robot, ground, placed.bodies, mass, joints, feet, task, out)


def walks_by_gait(robot: Robot) -> bool:
    """The chassis states a gait form of controller (a walker's policy may still take over:
    the sag is then the policy's business, and the note says no more than it may)."""
    try:
        part = robot.parts.get(robot.component(robot.chassis).part)
    except KeyError:
        return False
    return part is not None and isinstance(part.controller, dict) and "gait" in part.controller


def _servo_at(j: JointLoad, key: str = ""):
    return j.part.span(f"links.{j.link.name}.servo" + (f".{key}" if key else ""))


def _judge_torque(j: JointLoad, out: Findings) -> None:
    servo, need = j.servo, abs(j.torque)
    share = need / servo.effort
    at = j.component.span or j.component.glue_span
    resize = (
        f"use a servo of at least {need / MARGIN:.3g} N·m at "
        f"links.{j.link.name}.servo.effort in {j.part.file}"
    )
    if need > servo.effort:
        severity, code = Severity.ERROR, HOLDS
        message = (
            f"the servo of '{j.name}' cannot hold the robot standing: it must "
            f"hold {need:.2f} N·m against gravity, and its effort is "
            f"{servo.effort:g} N·m ({share * 100:.0f} %)"
        )
        helps: tuple[str, ...] = (
            f"{resize} (the stance torque with {(1 - MARGIN) * 100:.0f} % left to walk), "
            "or lighten the robot",
            "or hold the joint nearer over its foot (servo.hold), "
            "so the foot's push has a shorter lever",
        )
    elif share > MARGIN:
        severity, code = Severity.WARNING, MARGIN_CODE
        message = (
            f"the servo of '{j.name}' holds {need:.2f} N·m standing, "
            f"{share * 100:.0f} % of its effort of {servo.effort:g} N·m: "
            f"beyond {MARGIN * 100:.0f} % it has little left to walk with"
        )
        helps = (resize,)
    else:
        return
    out.add(
        severity,
        code,
        message,
        _servo_at(j, "effort"),
        components=(j.component.name,),
        label="the effort it has",
        labels=(Label(at, f"'{j.component.name}'"),) if at else (),
        help=helps,
        notes=(_model_note(),),
    )


def _judge_sag(
    foot: FootLoad, joints: dict[str, JointLoad], height: float, out: Findings, gait: bool = False
) -> None:
    """A trunk sagging beyond SAG_SHARE of its height is a warning; walking by the gait,
    whose feed-forward makes the sag up within the gait's range (GAIT_SAG), beyond that
    range the robot is refused."""
    drop = sum(foot.sag.values())
    if height <= 0 or drop <= SAG_SHARE * height or not foot.sag:
        return
    gait = gait and drop > GAIT_SAG * height
    most = GAIT_SAG if gait else SAG_SHARE
    worst = joints[max(foot.sag, key=foot.sag.__getitem__)]
    shares = ", ".join(
        f"'{k}' {v * 1000:.1f} mm (kp {joints[k].servo.kp:g} N·m/rad, "
        f"{abs(joints[k].torque):.2f} N·m)"
        for k, v in foot.sag.items()
        if v > 0
    )
    kp_needed = worst.servo.kp * drop / (most * height)
    stiffen = (
        f"stiffen '{worst.name}' to a kp of about {kp_needed:.3g} N·m/rad "
        f"(links.{worst.link.name}.servo.kp in {worst.part.file}), or hold the "
        "leg straighter (servo.hold), so its load has a shorter lever"
    )
    sagged = (
        f"{drop * 1000:.1f} mm under its {foot.force:.1f} N, "
        f"{drop / height * 100:.0f} % of the stance height of {height * 1000:.0f} mm"
    )
    if gait:
        out.error(
            GAIT_RANGE_CODE,
            f"the gait cannot walk on the servos over foot '{foot.name}': they let the "
            f"trunk sag {sagged}, and the gait holds the asked speeds only on servos "
            f"that sag at most {GAIT_SAG * 100:.0f} % ({most * height * 1000:.1f} mm "
            f"here): {shares}",
            _servo_at(worst, "kp"),
            components=(worst.component.name,),
            label=f"kp {worst.servo.kp:g} N·m/rad: too soft for the gait",
            help=(
                stiffen,
                f"the sag is torque / kp at each servo, standing: at most "
                f"{GAIT_SAG * 100:.0f} % of the stance height for the gait "
                "(or walk the robot by a walker's policy trained on these "
                "servos)",
            ),
            notes=(_model_note(), GAIT_RANGE),
        )
        return
    out.warning(
        MARGIN_CODE,
        f"the servos over foot '{foot.name}' let the trunk sag {sagged}: {shares}",
        _servo_at(worst, "kp"),
        components=(worst.component.name,),
        label="the stiffness it has",
        help=(
            stiffen,
            f"the sag is torque / kp at each servo: at most "
            f"{most * 100:.0f} % of the stance height",
        ),
        notes=(_model_note(),),
    )


#: what docs/legged.md states of the gait's range, said where a robot is outside it
GAIT_RANGE = (
    "the gait's feed-forward makes up the sag of servos that sag at most "
    f"{GAIT_SAG * 100:.0f} % of the stance height standing, and it walks within "
    "80-120 % of the asked speeds on them (the Go2-class from kp 20 N·m/rad, 26 %; "
    "docs/legged.md, The range the gait holds); softer servos fall short of the "
    "asked speeds (the Go2-class at kp 14, 37 %: 29 % of the asked speed ahead)"
)


def _model_note() -> str:
    return (
        "standing at the holds, the weight shared by the feet about the centre of mass, "
        "each joint holding its foot's push and the links below it (docs/analysis.md, "
        "Servos)"
    )

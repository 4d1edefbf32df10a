"""The robot's bodies, joints and geoms: one body a component, nested as the parts are glued,
each carrying its part's inertial as stated."""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from dataclasses import field

import numpy as np

from ...analysis.kinematics import SKIDDING
from ...analysis.motorline import (
    GRAVITY,
    GRIP,
    MOTOR_TIME_CONSTANT,
    ROLLING_RESISTANCE,
)
from ...library.model import Inertial, Part, Shape, TrackSpec, Vec3, WheelSpec
from ...model.drivelines import CHAIN, transmissions
from ...model.frames import matrix_from_quat as matrix
from ...model.frames import quat_from_rpy, quat_from_z, relative, rotate
from ...model.robot import Component, Robot, Steer
from ...recordtype import mutable_record
from ..frames import fmt, fmtv
from ..rollers import rollers
from ..shares import KNUCKLE_SHARE, MISSING_MASS, ROADWHEEL_SHARE, Piece, moved, remainder, scaled
from ..surfaces import TYRE_FRICTION
from .drive import axle_sign, driveline_gears, wheel_axis

ROBOT_CONTYPE = "2"  # robot geoms touch the world (contype 1) but never each other
ROBOT_CONAFFINITY = "1"
MESH_FORMATS = (".stl", ".obj")
SPEED_LOOP_GAIN = 50.0
TIMESTEP = 0.002  # s, the model's step
RAMP_S = 0.5  # a drive's command ramp (s) where the analysis states no top speed or start
RAMP_BOUNDS = (0.02, 0.5)
#: the share of the speed loop's kv x timestep a skid-steer tyre carries as armature: about
#: the least that keeps its turn at the stated rate (a third let a Husky-class spin fall to
#: 79 % at 0.7 of the rate, a fifth heavy_skid to 84 % at a tenth), since whatever it carries
#: the base also feels as mass when the loop saturates (the whole slowed a loaded
#: Husky-class start 17-18 %; a half, 4-7 %)
LOOP_ARMATURE_SHARE = 1 / 2
CHAIN_SOLREF = "0.004 1"  # s: a chain's stiffness, as stiff as two steps of the model allow
# sliding, torsional and rolling friction of whatever rolls on the floor (condim 3 uses the first)
TYRE = f"{fmt(TYRE_FRICTION)} 0.01 0.001"


def kingpin_name(wheel: str) -> str:
    """A steered wheel's kingpin: its body, hinge and position actuator."""
    return f"{wheel}_steer"


def ramp_time(analysis) -> float:
    """The time constant of the drivers' speed ramp: a step to the top speed starts the base
    at no more than its tyres grip (GRIP g), so it neither lifts a wheel nor spins it on the
    floor. Below that the motors' line bounds the start itself (the actuator gives no more
    than the line's torque), so a loaded base starts as the analysis says, not as a ramp."""
    kin = getattr(analysis, "kinematics", None)
    top = getattr(kin, "max_speed_mps", None)
    if not top:
        return RAMP_S
    start = getattr(kin, "max_accel_mps2", None)
    if (
        start is not None
        and getattr(kin, "motors", None) is not None
        and start < GRIP * GRAVITY * (1 - 1e-6)
    ):
        # the line's own start is below the grip: a ramp would only slow a step to a low
        # speed (a first-order ramp takes 2.3 time constants to 90 % of any step, so at 30 %
        # of the top speed the start ran 20-40 % behind the line's), so the shortest
        return RAMP_BOUNDS[0]
    return min(max(top / (GRIP * GRAVITY), RAMP_BOUNDS[0]), RAMP_BOUNDS[1])


def reflected_inertia(motor) -> float:
    """The rotor's inertia as the wheel feels it through the gearbox, from the motor's
    mechanical time constant (J = tau stall torque / no-load speed). Without it the wheel's
    own small inertia against a stiff speed loop chatters against the floor."""
    return MOTOR_TIME_CONSTANT * motor.stall_torque_nm / motor.no_load_speed_rad_s


def drive_armature(motor, kv: float, tyre: bool) -> float:
    """A driven wheel's armature (a driveline's tendon's, on its motor's shaft): its rotor
    (``reflected_inertia``) and, on a tyre, what its speed loop holds over one step,
    kv x timestep. MuJoCo solves the contacts against the mass matrix and integrates the
    actuator's damping only afterwards, so to the contact solver a held wheel weighed no
    more than its rotor: a sliding tyre slowed the light wheel rather than being pushed by
    it, and a skid-steer base, whose tyres slide sideways in every turn, turned at 74-81 % of
    the rate its motors drive (PyBullet and Gazebo solve a joint motor with the contacts).
    A mecanum or omni wheel meets the floor through free rollers, which roll rather than
    slide, and keeps its rotor alone (docs/targets.md)."""
    return reflected_inertia(motor) + (LOOP_ARMATURE_SHARE * kv * TIMESTEP if tyre else 0.0)


def on_axle(point, axis: np.ndarray) -> np.ndarray:
    """The point of the wheel's axle (through its frame's origin) nearest ``point``."""
    return axis * float(np.dot(np.asarray(point, float), axis))


def slider_attrs(shown: bool) -> dict[str, str]:
    """A caster ball or a moulded contact: normal force only, so it slides. Its priority
    makes its condim win over the floor's (MuJoCo otherwise takes the larger)."""
    return {"condim": "1", "priority": "1", **collision_attrs(shown)}


@mutable_record
class RobotXml:
    """What building the robot collects besides its bodies."""

    meshes: dict[str, str] = field(default_factory=dict)  # mesh name -> file
    actuators: list[ET.Element] = field(default_factory=list)
    tendons: list[ET.Element] = field(default_factory=list)
    equalities: list[ET.Element] = field(default_factory=list)
    sensors: list[ET.Element] = field(default_factory=list)
    comments: list[str] = field(default_factory=list)


def sub(parent: ET.Element, tag: str, **attrs: str) -> ET.Element:
    return ET.SubElement(parent, tag, {k.rstrip("_"): v for k, v in attrs.items()})


def pose_attrs(xyz, quat) -> dict[str, str]:
    attrs = {"pos": fmtv(xyz)}
    if any(abs(a - b) > 1e-12 for a, b in zip(quat, (1.0, 0.0, 0.0, 0.0))):
        attrs["quat"] = fmtv(quat)
    return attrs


def inertial(body: ET.Element, stated: Inertial) -> None:
    i = stated.inertia
    sub(
        body,
        "inertial",
        pos=fmtv(stated.origin_xyz),
        mass=fmt(stated.mass),
        fullinertia=fmtv((i.ixx, i.iyy, i.izz, i.ixy, i.ixz, i.iyz)),
    )


def shape_geom(
    body: ET.Element,
    name: str,
    shape: Shape,
    part: Part,
    out: RobotXml,
    collide: bool = True,
    shown: bool = True,
    extra: Mapping[str, str] | None = None,
) -> None:
    attrs = collision_attrs(shown) if collide else visual_attrs()
    attrs.update(extra or {})
    quat = quat_from_rpy(shape.rpy)
    attrs.update(pose_attrs(shape.origin_xyz, quat))
    if shape.type == "hull":
        mesh = f"{part.id}_hull"
        out.meshes[mesh] = f"robot/hulls/{part.id}_hull.stl"
        sub(body, "geom", name=name, type="mesh", mesh=mesh, **attrs)
        return
    if shape.size is not None:  # the library gives every shape but a hull its size
        primitive_geom(body, name, shape.type, shape.size, attrs)


def primitive_geom(
    body: ET.Element, name: str, kind: str, size: Vec3, attrs: Mapping[str, str]
) -> None:
    """A box, sphere, cylinder or capsule geom: the library states sides and diameters (a
    capsule's length between its ends' centres), MJCF half-sides and radii."""
    if kind == "box":
        sub(body, "geom", name=name, type="box", size=fmtv(s / 2 for s in size), **attrs)
    elif kind == "sphere":
        sub(body, "geom", name=name, type="sphere", size=fmt(size[0] / 2), **attrs)
    elif kind in ("cylinder", "capsule"):
        sub(
            body,
            "geom",
            name=name,
            type=kind,
            size=f"{fmt(size[0] / 2)} {fmt(size[2] / 2)}",
            **attrs,
        )


def collision_attrs(mesh_shown: bool = True) -> dict[str, str]:
    """Collision geoms sit in group 3, which the viewer hides, where the part's mesh is shown;
    where MuJoCo cannot decode the mesh they are what is seen, so they go in group 0."""
    return {
        "contype": ROBOT_CONTYPE,
        "conaffinity": ROBOT_CONAFFINITY,
        "group": "3" if mesh_shown else "0",
        "rgba": "0.55 0.6 0.65 1",
    }


def visual_attrs() -> dict[str, str]:
    return {
        "contype": "0",
        "conaffinity": "0",
        "group": "1",
        "density": "0",
        "rgba": "0.7 0.7 0.75 1",
    }


def visual_mesh(body: ET.Element, name: str, part: Part, visual, out: RobotXml) -> bool:
    """Show the mesh where MuJoCo decodes it; say False so the caller shows the shapes."""
    if visual is None or not visual.file.lower().endswith(MESH_FORMATS):
        return False
    mesh = f"{part.id}_{visual.file.replace('/', '_').rsplit('.', 1)[0]}"
    out.meshes[mesh] = f"robot/{part.id}/{visual.file}"
    attrs = visual_attrs()
    attrs.update(pose_attrs(visual.xyz, quat_from_rpy(visual.rpy)))
    sub(body, "geom", name=name, type="mesh", mesh=mesh, **attrs)
    return True


class RobotBuilder:
    def __init__(
        self,
        robot: Robot,
        out: RobotXml,
        ramp_s: float = RAMP_S,
        volts_shares: Mapping[str, float] | None = None,
    ):
        """``volts_shares``: each motor's voltage over its rated at the full pack, as the
        analysis states it (``Kinematics.volts_shares``; a motor not named: 1)."""
        self.robot = robot
        self.out = out
        self.ramp_s = ramp_s
        self.volts_shares = dict(volts_shares or {})
        self.bodies: dict[str, ET.Element] = {}
        self.frames: dict[str, tuple] = {}  # component -> (xyz, quat) of its body frame
        self.total_mass = sum(
            p.inertial.mass
            for c in robot.components
            if (p := robot.parts[c.part]).inertial is not None
        )
        self.geared = driveline_gears(robot)  # wheels a driveline's motor turns

    # -- the tree --------------------------------------------------------------------
    def build(self, world: ET.Element, start_xyz, start_quat) -> ET.Element:
        chassis = self.robot.component(self.robot.chassis)
        base = sub(world, "body", name="base_link", **pose_attrs(start_xyz, start_quat))
        sub(base, "freejoint", name="root")
        self.bodies[chassis.name] = base
        self.frames[chassis.name] = (np.zeros(3), (1.0, 0.0, 0.0, 0.0))
        self.fill(base, chassis)
        for c in self.robot.components:
            if c.parent is not None:
                self.place(c, c.parent)
        return base

    def place(self, c: Component, parent: str) -> None:
        parent_body = self.bodies[parent]
        pxyz, pquat = self.frames[parent]
        host = parent_body
        if c.steer is not None:
            host, pxyz, pquat = self.knuckle(parent_body, pxyz, pquat, c, c.steer)
        xyz, quat = relative(pxyz, pquat, c.pose.xyz, c.pose.quat)
        body = sub(host, "body", name=c.name, **pose_attrs(xyz, quat))
        self.bodies[c.name] = body
        self.frames[c.name] = (np.asarray(c.pose.xyz, float), c.pose.quat)
        self.fill(body, c)

    def knuckle(self, parent: ET.Element, pxyz, pquat, c: Component, steer: Steer):
        """A steered wheel turns on a kingpin: a small body between chassis and wheel."""
        name = kingpin_name(c.name)
        point = np.asarray(steer.point, float)
        axis_local = rotate((pquat[0], -pquat[1], -pquat[2], -pquat[3]), steer.axis)
        xyz, _ = relative(pxyz, pquat, point, (1.0, 0.0, 0.0, 0.0))
        body = sub(parent, "body", name=name, pos=fmtv(xyz))
        stated = self.robot.parts[c.part].inertial
        if stated is not None:
            # its share of the wheel, where the wheel's mass is (the knuckle's axes are the
            # chassis'), so knuckle and wheel together weigh what the wheel states
            rot = matrix(c.pose.quat)
            inertial(
                body,
                moved(scaled(stated, KNUCKLE_SHARE), rot, np.asarray(c.pose.xyz, float) - point),
            )
        else:
            sub(
                body,
                "inertial",
                pos="0 0 0",
                mass=fmt(MISSING_MASS * KNUCKLE_SHARE),
                diaginertia="1e-07 1e-07 1e-07",
            )
        limit = steer.max_angle_rad
        sub(
            body,
            "joint",
            name=name,
            type="hinge",
            axis=fmtv(axis_local),
            range=f"{fmt(-limit)} {fmt(limit)}",
            damping="0.5",
            armature="0.001",
        )
        self.out.actuators.append(
            ET.Element(
                "position",
                {
                    "name": name,
                    "joint": name,
                    "kp": fmt(max(2.0, 5.0 * self.total_mass)),
                    "ctrlrange": f"{fmt(-limit)} {fmt(limit)}",
                },
            )
        )
        return body, point, (1.0, 0.0, 0.0, 0.0)

    # -- a component's own body ------------------------------------------------------
    def fill(self, body: ET.Element, c: Component) -> None:
        part = self.robot.parts[c.part]
        if c.type in ("Standard", "Mecanum", "Omni_wheel") and part.wheel is not None:
            self.wheel(body, c, part, part.wheel)
            return
        if part.inertial is not None and not (c.type == "Track" and part.track is not None):
            inertial(body, part.inertial)  # a track's: less its road wheels (track)
        shown = visual_mesh(body, f"{c.name}_visual", part, part.visual, self.out)
        if c.type == "Caster" and part.wheel is not None:
            sub(
                body,
                "geom",
                name=f"{c.name}_ball",
                type="sphere",
                size=fmt(part.wheel.radius),
                **slider_attrs(shown),
            )
            return
        for i, shape in enumerate(part.collision):
            shape_geom(
                body,
                f"{c.name}_collision" + (f"_{i}" if i else ""),
                shape,
                part,
                self.out,
                collide=c.type != "Track",
                shown=shown,
            )
        for i, contact in enumerate(part.contacts):
            sub(
                body,
                "geom",
                name=f"{c.name}_contact_{i}",
                type="sphere",
                size=fmt(contact.radius),
                pos=fmtv(contact.xyz),
                **slider_attrs(shown),
            )
        if c.type == "Track" and part.track is not None:
            self.track(body, c, part, part.track)
        for link in part.links:
            self.link(c, part, link)

    def wheel(self, body: ET.Element, c: Component, part: Part, spec: WheelSpec) -> None:
        assert c.connector is not None, "a wheel is placed by its connector"
        connector = part.connectors[c.connector]
        axis = np.asarray(connector.joint.axis or connector.dir, float)
        axis = axis / np.linalg.norm(axis)
        holonomic = c.type in ("Mecanum", "Omni_wheel")
        own = part.inertial
        if own is not None and c.steer is not None:
            own = scaled(own, 1.0 - KNUCKLE_SHARE)  # the rest is on its knuckle
        if own is not None:
            inertial(
                body,
                remainder(own, [r.piece for r in rollers(c, part, axis)]) if holonomic else own,
            )
        joint = f"{c.name}_joint"
        # the hinge passes through the wheel's centre (its frame's origin, where its rolling
        # shape sits), whatever point of the axle its connector names
        # and turns the same way as in every target: a positive turn rolls the base forward
        hinge = sub(
            body,
            "joint",
            name=joint,
            type="hinge",
            pos=fmtv(on_axle(connector.pos, axis)),
            axis=fmtv(wheel_axis(c, axis)),
            damping="0.001",
            armature="0.0001",
        )
        radius, width = spec.radius, spec.width
        cyl = quat_from_z(axis)
        shown = visual_mesh(body, f"{c.name}_visual", part, part.visual, self.out)
        if holonomic:
            self.rollers(body, c, part, axis)
            sub(
                body,
                "geom",
                name=f"{c.name}_hub",
                type="cylinder",
                size=f"{fmt(radius * 0.95)} {fmt(width / 2)}",
                quat=fmtv(cyl),
                **visual_attrs(),
            )
        else:
            # an ellipsoid touches the floor at one point that rolls smoothly round its rim; a
            # cylinder's contacts jump between its rim's edges and chatter as the base turns
            sub(
                body,
                "geom",
                name=f"{c.name}_tyre",
                type="ellipsoid",
                size=f"{fmt(radius)} {fmt(radius)} {fmt(width / 2)}",
                quat=fmtv(cyl),
                friction=TYRE,
                **collision_attrs(shown),
            )
        self.drive(c, hinge, radius)

    def rollers(self, body: ET.Element, c: Component, part: Part, axis: np.ndarray) -> None:
        """Free rollers round the rim, as spheres on hinges (rollers.py lays them out)."""
        for roller in rollers(c, part, axis):
            piece = roller.piece
            rb = sub(body, "body", name=roller.name, pos=fmtv(piece.com))
            sub(
                rb,
                "inertial",
                pos="0 0 0",
                mass=fmt(piece.mass),
                diaginertia=fmtv([piece.inertia[0, 0]] * 3),
            )
            sub(
                rb,
                "joint",
                name=roller.name,
                type="hinge",
                axis=fmtv(roller.axis),
                damping="1e-05",
                armature="1e-06",
            )
            sub(
                rb,
                "geom",
                type="sphere",
                size=fmt(roller.radius),
                friction=TYRE,
                **collision_attrs(),
            )

    def drive(self, c: Component, hinge: ET.Element, radius: float) -> None:
        """A velocity actuator bounded by the motor's no-load speed and stall torque."""
        if not c.driven and c.driven_by is None:
            return
        if c.name in self.geared:
            return  # a driveline's wheels share their motor's one actuator (see drivelines)
        motor = self.robot.part_of(c.driven_by).motor if c.driven_by else None
        name = f"{c.name}_drive"
        attrs = {"name": name, "joint": hinge.get("name"), "gear": "1"}
        self._bound(attrs, motor, radius, 1.0, c.name, c.driven_by)
        kv = self._speed_servo(attrs)
        if motor is not None:
            hinge.set("armature", fmt(drive_armature(motor, kv, self._skids(c.type))))
            self._line_passives(hinge, motor, 1.0, radius, 1, float(hinge.get("damping", 0)))

    def _speed_servo(self, attrs: dict) -> float:
        """A velocity servo (torque kv (speed - joint speed)) behind a first-order ramp of its
        command, as a motor driver ramps a step: the base starts at the acceleration its
        motors allow instead of at stall torque, which pitched a light robot onto its tail.
        Returns its kv."""
        kv = attrs.pop("kv")
        gain = float(kv) + float(attrs.pop("feedforward", 0.0))
        attrs.update(
            dyntype="filterexact",
            dynprm=fmt(self.ramp_s),
            gaintype="fixed",
            gainprm=fmt(gain),
            biastype="affine",
            biasprm=f"0 0 {fmt(-float(kv))}",
        )
        self.out.actuators.append(ET.Element("general", attrs))
        return float(kv)

    def _unbounded(self, attrs: dict, radius: float, wheels: int) -> None:
        """A drive no motor bounds: speed is unbounded; torque is held to what its tyres
        could pass to the ground under the robot's whole weight, so a step command does not
        launch the base. A tendon's force reaches each of its ``wheels`` wheels shared."""
        traction = max(1e-3, 1.2 * self.total_mass * 9.81 * radius) * wheels
        attrs["kv"] = fmt(traction)
        attrs["forcerange"] = f"{fmt(-traction)} {fmt(traction)}"

    def _skids(self, wheel_type: str) -> bool:
        """A tyre whose contact slides sideways as the base turns (a skid-steer base's)."""
        return wheel_type == "Standard" and self.robot.chassis_type in SKIDDING

    def _driven_count(self) -> int:
        return sum(1 for c in self.robot.components if c.driven and c.driven_by is not None)

    def _line_passives(
        self,
        element: ET.Element,
        motor,
        gear: float,
        radius: float,
        wheels: int,
        damping: float = 0.0,
    ) -> None:
        """What the motor's line and the floor take from the shaft it turns (a hinge, or a
        driveline's or belt's tendon, whose length moves 1/gear of the motor's shaft):

        - the line's slope, stall / no-load at the motor's shaft (gear^2 of it at the
          tendon), as damping: with the actuator's force held to the stall torque at the
          voltage, the torque at speed w is at most stall V/rated - slope w, the DC motor's
          line; as joint damping MuJoCo integrates it implicitly, so a steep line is stable;
        - the rolling resistance the analysis counts (a share of the robot's weight), as the
          friction loss of the wheels this shaft turns, their share of the driven wheels."""
        slope = motor.stall_torque_nm / motor.no_load_speed_rad_s
        element.set("damping", fmt(damping + gear * gear * slope))
        count = max(self._driven_count(), 1)
        loss = ROLLING_RESISTANCE * self.total_mass * GRAVITY * radius * wheels / count
        element.set("frictionloss", fmt(loss))

    def _bound(
        self,
        attrs: dict,
        motor,
        radius: float,
        reduction: float | None,
        who: str,
        motor_name: str | None = None,
        wheels: int = 1,
    ):
        if motor is None:
            self.out.comments.append(f"{who}: no motor is declared, so its drive is unbounded")
            self._unbounded(attrs, radius, wheels)
            return
        if reduction is None:
            # the motor's limits at the wheels are unknown without the gear between: no
            # limit at all, rather than the motor's own torque on the wheels (a crawl)
            self.out.comments.append(
                f"{who}: the driveline states no reduction, so its drive is unbounded"
            )
            self._unbounded(attrs, radius, wheels)
            return
        # the driver holds the commanded speed (encoder feedback) within the motor's line at
        # the full pack: the actuator is the voltage's share of the torque, stall V/rated x
        # duty, held to +-1 of duty by forcerange; the line's slope is the shaft's damping
        # (_line_passives). Its loop: kv (speed - joint speed), full duty at a fiftieth of
        # the no-load speed of error, and the duty that holds the speed unloaded (slope x
        # speed) fed forward, so an unloaded wheel runs at the speed asked
        share = self.volts_shares.get(motor_name, 1.0) if motor_name is not None else 1.0
        slope = motor.stall_torque_nm / motor.no_load_speed_rad_s
        stall, top = motor.stall_torque_nm * share, motor.no_load_speed_rad_s * share
        attrs["kv"] = fmt(SPEED_LOOP_GAIN * slope)
        attrs["feedforward"] = fmt(slope)
        attrs["ctrlrange"] = f"{fmt(-top)} {fmt(top)}"
        attrs["forcerange"] = f"{fmt(-stall)} {fmt(stall)}"

    def drivelines(self) -> None:
        """A motor on a driveline seat turns its wheels (the hubs it names, and the wheel on
        its shaft) through one actuator on a fixed tendon, their mean. An axle's
        differential lets them turn apart about it; a skid-steer side's chain locks them to
        one speed (``chain``)."""
        for t in sorted(transmissions(self.robot), key=lambda t: t.seat or ""):
            wheels = [self.robot.component(w) for w in t.wheels]
            wheels = [w for w in wheels if w.joint_axis is not None]
            if t.seat is None or not wheels:
                continue
            tendon = ET.Element("fixed", {"name": f"{t.motor}_driveline"})
            for w in wheels:  # each hinge turns positive rolling the base forward
                ET.SubElement(
                    tendon, "joint", {"joint": f"{w.name}_joint", "coef": fmt(1.0 / len(wheels))}
                )
            self.out.tendons.append(tendon)
            if t.coupling == CHAIN:
                self.chain(t.motor, wheels)
            motor_c = self.robot.component(t.motor)
            motor = self.robot.part_of(motor_c.name).motor
            reduction = t.reduction
            attrs = {
                "name": f"{motor_c.name}_drive",
                "tendon": f"{motor_c.name}_driveline",
                "gear": fmt(reduction if reduction else 1.0),
            }
            wheel = self.robot.part_of(wheels[0].name).wheel
            assert wheel is not None, "a driveline turns wheels (a wheel's part states one)"
            radius = wheel.radius
            self._bound(attrs, motor, radius, reduction, motor_c.name, motor_c.name, len(wheels))
            kv = self._speed_servo(attrs)
            if motor is not None:  # the rotor and loop move with the tendon (the shaft)
                gear = float(attrs["gear"])
                tyres = all(self._skids(w.type) for w in wheels)
                tendon.set("armature", fmt(gear * gear * drive_armature(motor, kv, tyres)))
                if reduction:
                    self._line_passives(tendon, motor, gear, radius, len(wheels))

    def chain(self, motor: str, wheels: list[Component]) -> None:
        """A chain or belt turns its wheels alike: each wheel's hinge held to the first's
        angle (both start at 0, and each turns positive rolling the base forward), as the
        sprockets on one chain are. Without it the tendon drives only their mean, and in a
        spin the front and rear wheel of a side ran apart, as an open differential lets."""
        first = f"{wheels[0].name}_joint"
        for w in wheels[1:]:
            self.out.equalities.append(
                ET.Element(
                    "joint",
                    {
                        "name": f"{motor}_chain_{w.name}",
                        "joint1": f"{w.name}_joint",
                        "joint2": first,
                        "polycoef": "0 1 0 0 0",
                        "solref": CHAIN_SOLREF,
                    },
                )
            )

    def track(self, body: ET.Element, c: Component, part: Part, spec: TrackSpec) -> None:
        """A track drives through road wheels along its belt's run, turned together by one
        tendon: the belt moves travel_per_turn_m for each turn of the hub."""
        a, b = np.asarray(spec.ground_from, float), np.asarray(spec.ground_to, float)
        run = b - a
        length = float(np.linalg.norm(run))
        up = np.array([0.0, 0.0, 1.0])
        axle = np.cross(up, run / length)
        axle /= np.linalg.norm(axle)
        hub_height = -float((a[2] + b[2]) / 2)
        r = min(max(hub_height, 0.01), max(length / 4, 0.01))
        n = 4
        mass = (part.inertial.mass if part.inertial else MISSING_MASS) * ROADWHEEL_SHARE / n
        pieces = [
            Piece(mass, a + run * (k / (n - 1)) + up * r, 0.5 * mass * r * r * np.eye(3))
            for k in range(n)
        ]
        if part.inertial is not None:  # the track less its road wheels
            inertial(body, remainder(part.inertial, pieces))
        joints = []
        for k, piece in enumerate(pieces):
            name = f"{c.name}_roadwheel_{k}"
            wb = sub(body, "body", name=name, pos=fmtv(piece.com))
            sub(
                wb,
                "inertial",
                pos="0 0 0",
                mass=fmt(mass),
                diaginertia=fmtv([piece.inertia[0, 0]] * 3),
            )
            # light wheels tied by a tendon need some reflected inertia to stay stable
            sub(
                wb,
                "joint",
                name=name,
                type="hinge",
                axis=fmtv(axle),
                damping="0.001",
                armature="0.001",
            )
            sub(
                wb,
                "geom",
                type="cylinder",
                size=f"{fmt(r)} {fmt(spec.width / 2)}",
                quat=fmtv(quat_from_z(axle)),
                friction=TYRE,
                **collision_attrs(),
            )
            joints.append(name)
        if spec.travel_per_turn_m is None:
            self.out.comments.append(
                f"{c.name}: the track states no travel_per_turn_m, so no actuator drives it"
            )
            return
        base_axle = rotate(c.pose.quat, axle)
        sign = axle_sign(base_axle)
        ratio = spec.travel_per_turn_m / (2 * math.pi) / r  # road wheel turns per hub turn
        tendon = ET.Element("fixed", {"name": f"{c.name}_belt"})
        for j in joints:
            ET.SubElement(tendon, "joint", {"joint": j, "coef": fmt(sign / (ratio * n))})
        self.out.tendons.append(tendon)
        motor = self.robot.part_of(c.driven_by).motor if c.driven_by else None
        attrs = {"name": f"{c.name}_drive", "tendon": f"{c.name}_belt", "gear": "1"}
        self._bound(attrs, motor, spec.travel_per_turn_m / (2 * math.pi), 1.0, c.name, c.driven_by)
        self._speed_servo(attrs)
        if motor is not None:
            self._line_passives(tendon, motor, 1.0, spec.travel_per_turn_m / (2 * math.pi), 1)

    def link(self, c: Component, part: Part, link) -> None:
        placed = {pl.name: pl for pl in c.links}
        pl = placed.get(link.name)
        parent_name = f"{c.name}_{link.parent}" if link.parent else c.name
        parent_body = self.bodies[parent_name]
        pxyz, pquat = self.frames[parent_name]
        if pl is None:
            return
        xyz, quat = relative(pxyz, pquat, pl.pose.xyz, pl.pose.quat)
        name = f"{c.name}_{link.name}"
        body = sub(parent_body, "body", name=name, **pose_attrs(xyz, quat))
        self.bodies[name] = body
        self.frames[name] = (np.asarray(pl.pose.xyz, float), pl.pose.quat)
        inertial(body, link.inertial)
        if link.joint.type == "revolute" and link.servo is not None:
            s = link.servo
            lo, hi = link.joint.range
            sub(
                body,
                "joint",
                name=name,
                type="hinge",
                axis=fmtv(link.joint.axis),
                range=f"{fmt(lo)} {fmt(hi)}",
                ref=fmt(s.hold),
                damping=fmt(s.damping),
                armature=fmt(s.armature),
                frictionloss=fmt(s.frictionloss),
            )
            # the servo's command is its offset from hold (as a walking policy's action is):
            # torque = kp (hold + command - angle) - damping speed, within its effort
            self.out.actuators.append(
                ET.Element(
                    "general",
                    {
                        "name": name,
                        "joint": name,
                        "gaintype": "fixed",
                        "biastype": "affine",
                        "gainprm": fmt(s.kp),
                        "biasprm": f"{fmt(s.kp * s.hold)} {fmt(-s.kp)} 0",
                        "ctrlrange": f"{fmt(lo - s.hold)} {fmt(hi - s.hold)}",
                        "forcerange": f"{fmt(-s.effort)} {fmt(s.effort)}",
                    },
                )
            )
        shown = visual_mesh(body, f"{name}_visual", part, link.visual, self.out)
        grips = {f.shape: f.friction for f in part.feet if f.link == link.name}
        for i, shape in enumerate(link.collision):
            # a foot grips the floor by its own friction: its priority makes MuJoCo take it
            # rather than the larger of the two geoms'
            foot = {"friction": fmt(grips[i]), "priority": "1"} if i in grips else {}
            shape_geom(
                body, f"{name}_collision_{i}", shape, part, self.out, shown=shown, extra=foot
            )

"""Hand-made robots for the analysis tests: parts and components written out as records, so
the tests do not depend on the loader or the assembly phase."""
from __future__ import annotations

import math
from dataclasses import replace

from mobiledsl.model.robot import Component, PlacedLink, Pose, Robot, Steer
from mobiledsl.model.world import Step, Task
from mobiledsl.diagnostics import Span
from mobiledsl.library.model import (BatterySpec, Connector, DriverSpec, Inertia,
                                     Inertial, Joint, Link, LinkJoint, MotorSpec, Part, Shape,
                                     Steering, TrackSpec, Visual, Well, WheelSpec)

VIS = Visual("assets/model.stl", (0.0, 0.0, 0.0), (0.0, 0.0, 0.0))
CORE = "robot.core"

#: quaternions (w, x, y, z)
IDENTITY = (1.0, 0.0, 0.0, 0.0)
S = math.sqrt(0.5)
Z_TO_MINUS_Y = (S, S, 0.0, 0.0)       # +90 deg about x: a wheel's +z axle onto -y
Z_TO_PLUS_Y = (S, -S, 0.0, 0.0)       # -90 deg about x: onto +y


def quat_z(angle: float) -> tuple[float, float, float, float]:
    return (math.cos(angle / 2), 0.0, 0.0, math.sin(angle / 2))


def box_inertial(mass: float, size, com=(0.0, 0.0, 0.0)) -> Inertial:
    x, y, z = size
    return Inertial(mass, tuple(com), Inertia(mass * (y * y + z * z) / 12, 0.0, 0.0,
                                              mass * (x * x + z * z) / 12, 0.0,
                                              mass * (x * x + y * y) / 12), "estimated", "box")


def cylinder_inertial(mass: float, radius: float, width: float) -> Inertial:
    side = mass * (3 * radius * radius + width * width) / 12
    return Inertial(mass, (0.0, 0.0, 0.0), Inertia(side, 0.0, 0.0, side, 0.0,
                                                   mass * radius * radius / 2), "estimated", "cyl")


def box_shape(size, origin=(0.0, 0.0, 0.0), rpy=(0.0, 0.0, 0.0)) -> Shape:
    return Shape("box", tuple(float(s) for s in size), tuple(float(o) for o in origin),
                 tuple(float(r) for r in rpy))


def part(id: str, category: str, *, inertial: Inertial, collision=(), connectors=None,
         profiles=None, **kw) -> Part:
    return Part(library="test", id=id, category=category, description=id,
                file=f"lib/parts/{id}/component.yaml", dir=f"lib/parts/{id}", visual=VIS,
                collision=tuple(collision), inertial=inertial,
                connectors=connectors or {"mount": Connector("mount", (0.0, 0.0, 0.0),
                                                              (0.0, 0.0, 1.0))},
                profiles=profiles or {}, **kw)


def span(line: int) -> Span:
    return Span(CORE, line, 5, line, 40)


def comp(name: str, type: str, part: Part, xyz=(0.0, 0.0, 0.0), quat=IDENTITY, line: int = 1,
         **kw) -> Component:
    return Component(name=name, type=type, part=part.key,
                     pose=Pose(tuple(float(c) for c in xyz), tuple(float(q) for q in quat)),
                     span=span(line), **kw)


def robot(name: str, chassis_type: str, items: list[tuple[Component, Part]]) -> Robot:
    comps = tuple(c for c, _ in items)
    parts = {p.key: p for _, p in items}
    return Robot(name=name, file=CORE, chassis_type=chassis_type, chassis=comps[0].name,
                 components=comps, parts=parts, span=Span(CORE, 1, 1, 1, 5))


def with_component(r: Robot, name: str, **changes) -> Robot:
    comps = tuple(replace(c, **changes) if c.name == name else c for c in r.components)
    return replace(r, components=comps)


def with_part(r: Robot, p: Part) -> Robot:
    parts = dict(r.parts)
    parts[p.key] = p
    return replace(r, parts=parts)


# -- parts -----------------------------------------------------------------------------------

def chassis_part(size=(0.3, 0.2, 0.06), mass=2.0, com=(0.0, 0.0, 0.0), connectors=None,
                 contacts=(), id="base", profiles=None, **kw) -> Part:
    return part(id, "chassis", inertial=box_inertial(mass, size, com),
                collision=(box_shape(size),), connectors=connectors,
                contacts=tuple(contacts), profiles=profiles, **kw)


def wheel_part(radius=0.04, width=0.03, mass=0.1, id="wheel") -> Part:
    return part(id, "wheel", inertial=cylinder_inertial(mass, radius, width),
                wheel=WheelSpec(radius, width),
                connectors={"mount": Connector("mount", (0.0, 0.0, 0.0), (0.0, 0.0, 1.0),
                                               joint=Joint("continuous", (0.0, 0.0, 1.0)))},
                profiles={"Standard": {"default": "mount"}})


def caster_part(radius=0.02, id="caster") -> Part:
    return part(id, "wheel", inertial=cylinder_inertial(0.05, radius, radius),
                wheel=WheelSpec(radius, radius), profiles={"Caster": {"default": "mount"}})


def motor_part(id="motor", rated=12.0, speed=36.6, stall=5.0, vmin=None, vmax=None, bus=None,
               collision=True) -> Part:
    size = (0.06, 0.037, 0.037)
    return part(id, "motor", inertial=box_inertial(0.2, size, (-0.03, 0.0, 0.0)),
                collision=(box_shape(size, (-0.03, 0.0, 0.0)),) if collision else (),
                motor=MotorSpec(rated, speed, 0.78, stall, vmin, vmax, bus),
                connectors={"mount": Connector("mount", (0.0, 0.0, 0.0), (-1.0, 0.0, 0.0)),
                            "shaft": Connector("shaft", (0.02, 0.0, 0.0), (1.0, 0.0, 0.0))},
                profiles={"Motor": {"default": "mount", "shaft": "shaft"}})


def battery_part(id="pack", nominal=11.1, vmin=9.0, vmax=12.6, size=(0.034, 0.105, 0.024)) -> Part:
    return part(id, "battery", inertial=box_inertial(0.18, size, (0.0, 0.0, size[2] / 2)),
                collision=(box_shape(size, (0.0, 0.0, size[2] / 2)),),
                battery=BatterySpec(nominal, vmin, vmax, 2.2),
                profiles={"Battery": {"default": "mount"}})


def driver_part(id="driver", channels=2, vmin=5.5, vmax=24.0, cont=12.0, peak=30.0, buses=(),
                output=None) -> Part:
    size = (0.065, 0.051, 0.01)
    return part(id, "motor_driver", inertial=box_inertial(0.018, size, (0.0, 0.0, 0.005)),
                collision=(box_shape(size, (0.0, 0.0, 0.005)),),
                driver=DriverSpec(channels, tuple(buses), vmin, vmax, cont, peak, output),
                profiles={"MotorDriver": {"default": "mount"}})


def sensor_part(id="lidar", collision=True) -> Part:
    size = (0.038, 0.038, 0.033)
    return part(id, "sensor", inertial=box_inertial(0.08, size, (0.0, 0.0, 0.0165)),
                collision=(box_shape(size, (0.0, 0.0, 0.0165)),) if collision else (),
                profiles={"Lidar": {"default": "mount"}})


def track_part(travel=0.12, id="track") -> Part:
    return part(id, "track", inertial=box_inertial(0.06, (0.2, 0.0384, 0.05), (-0.08, 0, -0.005)),
                collision=(box_shape((0.2, 0.0384, 0.05), (-0.08, 0.0, -0.005)),),
                track=TrackSpec(0.0384, (-0.03, 0.0, -0.03), (-0.13, 0.0, -0.03), travel),
                connectors={"hub": Connector("hub", (0.0, 0.0, 0.0), (0.0, -1.0, 0.0),
                                             up=(0.0, 0.0, 1.0))},
                profiles={"Track": {"default": "hub"}})


# -- robots ----------------------------------------------------------------------------------

WHEEL_Y = 0.12          # wheels' centres, either side
AXLE_Z = -0.02
GROUND = AXLE_Z - 0.04  # the wheels' bottom (radius 0.04)


#: the bay a motor seats in, inside the chassis box, declared as a well on its mount
BAY = Well(0.027, 0.122)
#: the pocket the caster's ball turns in, under the chassis
POCKET = Well(0.021, 0.03)


def diff_caster(chassis_com=(-0.04, 0.0, 0.0), caster_z=None, wheel_y=WHEEL_Y,
                mount_well: Well | None = BAY, lidar=True, lidar_collision=True) -> Robot:
    """A Diff_two_caster base: a 0.3 x 0.2 x 0.06 chassis box centred on base_link, motors in
    bays of the chassis seated at y = +-0.1, wheels of radius 0.04 (width 0.03) on their
    shafts at y = +-wheel_y, z = -0.02, a caster of radius 0.02 at x = -0.12 in a pocket under
    the chassis reaching the wheels' plane, a battery, a driver and a lidar on top."""
    caster_z = GROUND + 0.02 if caster_z is None else caster_z
    connectors = {
        "mount_left": Connector("mount_left", (0.0, 0.1, AXLE_Z), (0.0, 1.0, 0.0), well=mount_well),
        "mount_right": Connector("mount_right", (0.0, -0.1, AXLE_Z), (0.0, -1.0, 0.0),
                                 well=mount_well),
        "tail": Connector("tail", (-0.12, 0.0, -0.03), (0.0, 0.0, -1.0), well=POCKET),
        "top": Connector("top", (0.0, 0.0, 0.03), (0.0, 0.0, 1.0), up=(1.0, 0.0, 0.0)),
        "deck": Connector("deck", (-0.08, 0.0, 0.03), (0.0, 0.0, 1.0), up=(1.0, 0.0, 0.0)),
    }
    ch = chassis_part(com=chassis_com, connectors=connectors,
                      profiles={"Diff_two_caster": {"left_wheel": "mount_left",
                                                    "right_wheel": "mount_right",
                                                    "middle_top": "top"}})
    wheel, motor, caster = wheel_part(), motor_part(), caster_part()
    pack, drv = battery_part(), driver_part()
    items = [
        (comp("chassis", "Diff_two_caster", ch, line=2), ch),
        (comp("motor_l", "Motor", motor, (0.0, 0.1, AXLE_Z), quat_z(math.pi / 2),
              line=3, parent="chassis", host_connector="mount_left", connector="mount",
              mount="left_wheel", command="@core/driver", glue_span=Span(CORE, 3, 30, 3, 60)),
         motor),
        (comp("motor_r", "Motor", motor, (0.0, -0.1, AXLE_Z), quat_z(-math.pi / 2),
              line=4, parent="chassis", host_connector="mount_right", connector="mount",
              mount="right_wheel", command="@core/driver"), motor),
        (comp("wheel_l", "Standard", wheel, (0.0, wheel_y, AXLE_Z), Z_TO_PLUS_Y, line=5,
              parent="motor_l", host_connector="shaft", connector="mount", joint="continuous",
              joint_axis=(0.0, 1.0, 0.0), joint_point=(0.0, wheel_y, AXLE_Z), mount="left_wheel",
              driven=True, driven_by="motor_l", glue_span=Span(CORE, 5, 30, 5, 60)), wheel),
        (comp("wheel_r", "Standard", wheel, (0.0, -wheel_y, AXLE_Z), Z_TO_MINUS_Y, line=6,
              parent="motor_r", host_connector="shaft", connector="mount", joint="continuous",
              joint_axis=(0.0, -1.0, 0.0), joint_point=(0.0, -wheel_y, AXLE_Z),
              mount="right_wheel", driven=True, driven_by="motor_r"), wheel),
        (comp("ball", "Caster", caster, (-0.12, 0.0, caster_z), (0.0, 1.0, 0.0, 0.0), line=7,
              parent="chassis", host_connector="tail", connector="mount"), caster),
        (comp("pack", "Battery", pack, (-0.08, 0.0, 0.03), line=8, parent="chassis",
              host_connector="deck", connector="mount"), pack),
        (comp("driver", "MotorDriver", drv, (0.06, 0.0, 0.03), line=9, parent="chassis",
              host_connector=None, connector="mount", power="@core/pack"), drv),
    ]
    if lidar:
        lid = sensor_part(collision=lidar_collision)
        items.append((comp("lidar", "Lidar", lid, (0.0, 0.0, 0.03), line=10, parent="chassis",
                           host_connector="top", connector="mount"), lid))
    return robot("diff_bot", "Diff_two_caster", items)


def diff_four(raise_rear_left=0.0) -> Robot:
    """A Diff_drive kit: four wheels straight on the chassis' mounts (no motors)."""
    ch = chassis_part(size=(0.3, 0.2, 0.06), id="four")
    wheel = wheel_part()
    items = [(comp("chassis", "Diff_drive", ch, line=2), ch)]
    for i, (name, x, y) in enumerate((("front_left", 0.1, 0.12), ("front_right", 0.1, -0.12),
                                      ("rear_left", -0.1, 0.12), ("rear_right", -0.1, -0.12))):
        z = AXLE_Z + (raise_rear_left if name == "rear_left" else 0.0)
        items.append((comp(f"wheel_{name}", "Standard", wheel, (x, y, z),
                           Z_TO_PLUS_Y if y > 0 else Z_TO_MINUS_Y, line=3 + i, parent="chassis",
                           joint="continuous", joint_axis=(0.0, 1.0 if y > 0 else -1.0, 0.0),
                           joint_point=(x, y, z), mount=f"{name}_wheel", driven=True), wheel))
    return robot("four", "Diff_drive", items)


def tricycle(max_angle=0.6, front_x=0.15, front_y=0.0, arch=None) -> Robot:
    """A Tricycle: a steered, driven front wheel and two free rear wheels. ``arch`` adds a
    box of the chassis' (size, origin) near the front wheel."""
    connectors = {"front": Connector("front", (front_x, 0.0, AXLE_Z), (0.0, 1.0, 0.0),
                                     steering=Steering((0.0, 0.0, 1.0), max_angle))}
    ch = chassis_part(size=(0.2, 0.16, 0.06), id="trike_base", connectors=connectors)
    wheel = wheel_part()
    items = [(comp("chassis", "Tricycle", ch, line=2), ch)]
    items.append((comp("front", "Standard", wheel, (front_x, front_y, AXLE_Z), Z_TO_PLUS_Y,
                       line=3, parent="chassis", host_connector="front", connector="mount",
                       joint="continuous", joint_axis=(0.0, 1.0, 0.0),
                       joint_point=(front_x, front_y, AXLE_Z), mount="front_wheel", driven=True,
                       steer=Steer((0.0, 0.0, 1.0), max_angle, (front_x, 0.0, AXLE_Z))), wheel))
    for i, (name, y) in enumerate((("rear_left", 0.1), ("rear_right", -0.1))):
        items.append((comp(name, "Standard", wheel, (-0.1, y, AXLE_Z),
                           Z_TO_PLUS_Y if y > 0 else Z_TO_MINUS_Y, line=4 + i, parent="chassis",
                           joint="continuous", joint_axis=(0.0, 1.0 if y > 0 else -1.0, 0.0),
                           joint_point=(-0.1, y, AXLE_Z), mount=f"{name}_wheel"), wheel))
    r = robot("trike", "Tricycle", items)
    if arch is not None:
        size, origin = arch
        ch2 = replace(ch, collision=(box_shape(size, origin),))
        r = with_part(r, ch2)
    return r


def tracked(travel=0.12) -> Robot:
    ch = chassis_part(size=(0.2, 0.12, 0.05), id="tank_base")
    tr = track_part(travel)
    items = [(comp("chassis", "Tracked", ch, line=2), ch)]
    for i, (name, y, q) in enumerate((("left", 0.09, quat_z(math.pi)),
                                      ("right", -0.09, IDENTITY))):
        # hub at x = 0.08 for the left one turned half round so its run lies under the body
        x = -0.08 if name == "left" else 0.08
        items.append((comp(f"track_{name}", "Track", tr, (x, y, 0.0), q, line=3 + i,
                           parent="chassis", connector="hub", mount=f"{name}_track",
                           driven=True), tr))
    return robot("tank", "Tracked", items)


def task(*steps: Step) -> Task:
    return Task("t", "t.task", tuple(steps))


def step(kind: str, line: int = 2, **args) -> Step:
    sp = Span("t.task", line, 5, line, 30)
    arg_spans = {k: Span("t.task", line, 10, line, 20) for k in args}
    return Step(kind, dict(args), sp, arg_spans)


def link_part(hold=0.5) -> Part:
    """An attachment with one link on a revolute joint (about z) 0.05 above its frame, its
    mass 0.2 kg at 0.1 m along the link's x."""
    link = Link("arm", None, LinkJoint("revolute", (0.0, 0.0, 0.05), (0.0, 0.0, 0.0),
                                       (0.0, 0.0, 1.0), (-1.5, 1.5)),
                box_inertial(0.2, (0.2, 0.02, 0.02), (0.1, 0.0, 0.0)), VIS,
                (box_shape((0.2, 0.02, 0.02), (0.1, 0.0, 0.0)),))
    return part("pan", "attachment", inertial=box_inertial(0.1, (0.04, 0.04, 0.04)),
                collision=(box_shape((0.04, 0.04, 0.04)),), links=(link,),
                profiles={"Attachment": {"default": "mount"}})


def placed_link(name: str, xyz, angle: float) -> PlacedLink:
    return PlacedLink(name, None, Pose(tuple(xyz), quat_z(angle)), (0.0, 0.0, 1.0))

"""Part records built in Python, after the demo library's parts, so the resolve and assembly
tests need no library on disk (and no loader).

``demo_library()`` holds the demo programs' parts (diff_base, standard_80, caster_ball,
lidar_ld06, gearmotor_37d, mecanum_black), a mecanum frame whose front-left motor's shaft ends
at (0.1275, 0.1494, -0.0216) as in the glue error's example, a motor base with decks for a
pack and a driver, a tricycle, an Ackermann base with a driveline, a pan-tilt attachment with
links, objects and an environment.
"""
from __future__ import annotations

from mobiledsl.diagnostics import Span, error
from mobiledsl.library.model import (BatterySpec, Connector, Contact, DriverSpec, Driveline,
                                     EnvEntity, Inertia, Inertial, Joint, LeftOut, Library,
                                     Link, LinkJoint, MotorSpec, Part, Servo, Shape, Steering,
                                     Visual, WheelSpec)

LIB = "demo_parts"


def inertial(mass: float = 0.1) -> Inertial:
    return Inertial(mass, (0.0, 0.0, 0.0), Inertia(1e-4, 0, 0, 1e-4, 0, 1e-4), "estimated",
                    "a test value")


def box(x, y, z, origin=(0.0, 0.0, 0.0)) -> Shape:
    return Shape("box", (x, y, z), origin, (0.0, 0.0, 0.0))


def conn(name, pos, dir, up=None, joint=None, **kw) -> Connector:
    return Connector(name, tuple(map(float, pos)), tuple(map(float, dir)),
                     None if up is None else tuple(map(float, up)),
                     joint or Joint("fixed"), **kw)


def part(id, category, connectors, profiles, library=LIB, **kw) -> Part:
    file = f"libraries/{library}/parts/{id}/component.yaml"
    return Part(library=library, id=id, category=category, description=f"the {id}",
                file=file, dir=f"libraries/{library}/parts/{id}",
                visual=kw.pop("visual", Visual("assets/model.dae", (0, 0, 0), (0, 0, 0))),
                inertial=kw.pop("inertial", inertial()),
                connectors={c.name: c for c in connectors}, profiles=profiles,
                spans={"": Span(file, 1, 1)}, **kw)


CONTINUOUS_Z = Joint("continuous", (0.0, 0.0, 1.0))


def standard_80(library=LIB) -> Part:
    return part("standard_80", "wheel",
                [conn("mount", (0, 0, 0), (0, 0, 1), joint=CONTINUOUS_Z)],
                {"Standard": {"default": "mount"}}, library=library,
                wheel=WheelSpec(0.04, 0.03))


def mecanum_black() -> Part:
    return part("mecanum_black", "wheel",
                [conn("mount", (-0.0013, 0.0011, 0), (0, 0, 1), joint=CONTINUOUS_Z)],
                {"Mecanum": {"default": "mount"}}, wheel=WheelSpec(0.0487, 0.0479))


def caster_ball() -> Part:
    return part("caster_ball", "wheel", [conn("mount", (0, 0, 0.0125), (0, 0, 1))],
                {"Caster": {"default": "mount"}}, wheel=WheelSpec(0.0125, 0.025))


def lidar_ld06(library=LIB) -> Part:
    return part("lidar_ld06", "sensor",
                [conn("mount", (0.0033, -0.0001, -0.024), (0, 0, 1), up=(0, -1, 0))],
                {"Lidar": {"default": "mount"}}, library=library,
                collision=(box(0.038, 0.038, 0.033, (0, 0, 0.0165)),))


def gearmotor_37d(bus: str | None = None, id="gearmotor_37d") -> Part:
    return part(id, "motor",
                [conn("mount", (0, 0, 0), (-1, 0, 0)), conn("shaft", (0.02, 0, 0), (1, 0, 0))],
                {"Motor": {"default": "mount", "shaft": "shaft"}},
                collision=(box(0.06, 0.037, 0.037, (-0.03, 0, 0)),),
                motor=MotorSpec(12, 36.6, 0.78, 5, bus=bus))


def lipo_3s_2200() -> Part:
    return part("lipo_3s_2200", "battery", [conn("mount", (0, 0, 0), (0, 0, 1), up=(1, 0, 0))],
                {"Battery": {"default": "mount"}},
                battery=BatterySpec(11.1, 9.0, 12.6, 2.2))


def driver_vnh5019() -> Part:
    return part("driver_vnh5019", "motor_driver",
                [conn("mount", (0, 0, 0), (0, 0, 1), up=(1, 0, 0))],
                {"MotorDriver": {"default": "mount"}},
                driver=DriverSpec(channels=2, voltage_min_v=5.5, voltage_max_v=24,
                                  continuous_current_per_channel_a=12,
                                  peak_current_per_channel_a=30))


def diff_base() -> Part:
    """The chassis of the diff_bot program: wheels straight on its mounts."""
    return part("diff_base", "chassis", [
        conn("wheel_left", (0, 0.12, -0.02), (0, 1, 0)),
        conn("wheel_right", (0, -0.12, -0.02), (0, -1, 0)),
        conn("caster_mount", (-0.15, 0, -0.035), (0, 0, -1)),
        conn("top_mount", (0, 0, 0.06), (0, 0, 1), up=(1, 0, 0)),
    ], {"Diff_two_caster": {"left_wheel": "wheel_left", "right_wheel": "wheel_right",
                            "middle_top": "top_mount"}},
        collision=(box(0.36, 0.2, 0.08),))


def diff_motor_base() -> Part:
    """A two-wheel base whose wheels sit on motors, with decks for a pack and a driver."""
    return part("diff_motor_base", "chassis", [
        conn("motor_mount_left", (0, 0.1, -0.02), (0, 1, 0)),
        conn("motor_mount_right", (0, -0.1, -0.02), (0, -1, 0)),
        conn("battery_deck", (-0.1, 0, 0.0344), (0, 0, -1)),
        conn("driver_deck", (0, 0.1, 0.0344), (0, 0, -1)),
        conn("top_mount", (0, 0, 0.05), (0, 0, 1), up=(1, 0, 0)),
    ], {"Diff_two_caster": {"left_wheel": "motor_mount_left", "right_wheel": "motor_mount_right",
                            "middle_top": "top_mount"}},
        contacts=(Contact((-0.15, 0, -0.035), 0.025, "skid"),))


MECANUM_MOUNTS = {
    "front_left_wheel": ("motor_fl", (0.1275, 0.1294, -0.0216), (0, 1, 0)),
    "front_right_wheel": ("motor_fr", (0.1275, -0.1294, -0.0216), (0, -1, 0)),
    "rear_left_wheel": ("motor_rl", (-0.1275, 0.1294, -0.0216), (0, 1, 0)),
    "rear_right_wheel": ("motor_rr", (-0.1275, -0.1294, -0.0216), (0, -1, 0)),
}


def mecanum_frame() -> Part:
    connectors = [conn(c, p, d) for c, p, d in MECANUM_MOUNTS.values()]
    connectors += [conn("top_mount", (0, 0, 0.05), (0, 0, 1), up=(1, 0, 0)),
                   conn("front_mount", (0.2, 0, 0), (1, 0, 0))]
    profile = {m: c for m, (c, _, _) in MECANUM_MOUNTS.items()}
    profile.update(middle_top="top_mount", front_mount="front_mount")
    return part("mecanum_frame", "chassis", connectors, {"Mecanum_four_wheel": profile})


def trike_base(steering=True) -> Part:
    st = Steering((0.0, 0.0, 1.0), 0.6) if steering else None
    return part("trike_base" if steering else "trike_nokingpin", "chassis", [
        conn("front", (0.2, 0, -0.02), (0, 1, 0), steering=st),
        conn("rear_left", (-0.1, 0.12, -0.02), (0, 1, 0)),
        conn("rear_right", (-0.1, -0.12, -0.02), (0, -1, 0)),
    ], {"Tricycle": {"front_wheel": "front", "rear_left_wheel": "rear_left",
                     "rear_right_wheel": "rear_right"}})


def ackermann_base() -> Part:
    st = Steering((0.0, 0.0, 1.0), 0.5)
    return part("ackermann_base", "chassis", [
        conn("hub_front_left", (0.15, 0.13, -0.02), (0, 1, 0), steering=st),
        conn("hub_front_right", (0.15, -0.13, -0.02), (0, -1, 0), steering=st),
        conn("hub_rear_left", (-0.15, 0.13, -0.02), (0, 1, 0)),
        conn("hub_rear_right", (-0.15, -0.13, -0.02), (0, -1, 0)),
        conn("motor_seat_rear", (-0.07, 0, -0.02), (-1, 0, 0),
             driveline=Driveline(("hub_rear_left", "hub_rear_right"), 2.0)),
    ], {"Ackermann": {"front_left_wheel": "hub_front_left", "front_right_wheel": "hub_front_right",
                      "rear_left_wheel": "hub_rear_left", "rear_right_wheel": "hub_rear_right"}})


def pan_tilt() -> Part:
    """An attachment with two links: a head on a yaw servo holding 0.5 rad, a tilt on it."""
    def link(name, parent, xyz, axis, hold):
        return Link(name, parent, LinkJoint("revolute", xyz, (0, 0, 0), axis, (-1.5, 1.5)),
                    inertial(0.04), Visual(f"assets/{name}.glb", (0, 0, 0), (0, 0, 0)),
                    (box(0.03, 0.05, 0.03),), Servo(4, 0.05, 0.0002, 0.01, 0.6, hold))
    return part("pan_tilt", "attachment", [conn("mount", (0, 0, 0), (0, 0, 1), up=(1, 0, 0))],
                {"Attachment": {"default": "mount"}},
                links=(link("head", None, (0, 0, 0.02), (0, 0, 1), 0.5),
                       link("tilt", "head", (0.01, 0, 0.03), (0, 1, 0), -0.3)))


def twin_base() -> Part:
    """A chassis with two connectors half a millimetre apart: one glue matches both."""
    return part("twin_base", "chassis", [
        conn("wheel_left", (0, 0.12, -0.02), (0, 1, 0)),
        conn("wheel_right", (0, -0.12, -0.02), (0, -1, 0)),
        conn("deck_a", (0, 0, 0.05), (0, 0, 1)),
        conn("deck_b", (0, 0, 0.0505), (0, 0, 1)),
    ], {"Diff_two_caster": {"left_wheel": "wheel_left", "right_wheel": "wheel_right"}})


def half_base() -> Part:
    """A chassis whose Diff_two_caster profile forgets its right wheel."""
    return part("half_base", "chassis", [conn("wheel_left", (0, 0.12, -0.02), (0, 1, 0))],
                {"Diff_two_caster": {"left_wheel": "wheel_left"}})


def gap_base() -> Part:
    """A chassis with two decks 1.6 mm apart: a glue between them matches both, and a glue on
    what would stand on the upper one matches only there."""
    return part("gap_base", "chassis", [
        conn("wheel_left", (0, 0.12, -0.02), (0, 1, 0)),
        conn("wheel_right", (0, -0.12, -0.02), (0, -1, 0)),
        conn("deck_a", (0, 0, 0.05), (0, 0, 1)),
        conn("deck_c", (0, 0, 0.0516), (0, 0, 1)),
    ], {"Diff_two_caster": {"left_wheel": "wheel_left", "right_wheel": "wheel_right"}})


def skid_plate() -> Part:
    """An attachment that declares two ground contacts of its own."""
    return part("skid_plate", "attachment", [conn("mount", (0, 0, 0), (0, 0, 1))],
                {"Attachment": {"default": "mount"}},
                contacts=(Contact((0.05, 0, -0.01), 0.01, "front skid"),
                          Contact((-0.05, 0, -0.01), 0.01, "rear skid")))


def catalog_entry() -> Part:
    return part("catalog_only", "sensor", [conn("mount", (0, 0, 0), (0, 0, 1))], {})


# -- world things ----------------------------------------------------------------------------

def obj(id, collision=True, library=LIB) -> Part:
    shapes = (box(0.88, 1.56, 0.07, (0, 0, 0.93)),) if collision else ()
    file = f"libraries/{library}/parts/{id}/component.yaml"
    return Part(library=library, id=id, category="object", description=f"the {id}", file=file,
                dir=f"libraries/{library}/parts/{id}",
                visual=Visual("assets/model.glb", (0, 0, 0), (0, 0, 0)), collision=shapes,
                spans={"": Span(file, 1, 1)})


def environment(id="room_6x4", ground_plane=True, entities=None) -> Part:
    file = f"libraries/{LIB}/parts/{id}/component.yaml"
    if entities is None:
        entities = (
            EnvEntity("wall_north", "Obstacle", (2, 2.05, 0.25, 0, 0, 0, 1), type="box",
                      size=(6.2, 0.1, 0.5), span=Span(file, 8, 3, 8, 90)),
            EnvEntity("table", "Obstacle", (4.5, 1.1, 0, 0, 0, 0, 1), ref="work_table",
                      span=Span(file, 9, 3, 9, 70)),
            EnvEntity("dock", "Marker", (4.0, -1.0, 0, 0, 0, 0, 1), ref="floor_disc",
                      span=Span(file, 10, 3, 10, 70)),
        )
    return Part(library=LIB, id=id, category="environment", description="a room", file=file,
                dir=f"libraries/{LIB}/parts/{id}", ground_plane=ground_plane,
                entities=tuple(entities), spans={"": Span(file, 1, 1),
                                                 "ground_plane": Span(file, 5, 1, 5, 18)})


def demo_library() -> Library:
    parts = [diff_base(), diff_motor_base(), standard_80(), caster_ball(), lidar_ld06(),
             gearmotor_37d(), gearmotor_37d(bus="dynamixel_ttl", id="smart_servo"),
             mecanum_black(), mecanum_frame(), lipo_3s_2200(), driver_vnh5019(), trike_base(),
             trike_base(steering=False), ackermann_base(), pan_tilt(), catalog_entry(), twin_base(),
             half_base(), gap_base(), skid_plate(),
             obj("work_table"), obj("floor_disc", collision=False), environment(),
             environment("bare_hall", ground_plane=False, entities=())]
    broken = LeftOut("broken_wheel", f"libraries/{LIB}/parts/broken_wheel/component.yaml", (
        error("library.missing_field", "'wheel' is required for a wheel",
              Span(f"libraries/{LIB}/parts/broken_wheel/component.yaml", 3, 1, 3, 9)),
    ))
    return Library(LIB, f"libraries/{LIB}", {p.id: p for p in parts},
                   left_out={"broken_wheel": broken})


def second_library() -> Library:
    """A library of one's own that registers lidar_ld06 too (for ambiguous refs)."""
    parts = [lidar_ld06(library="my_parts")]
    return Library("my_parts", "my_parts", {p.id: p for p in parts})


# -- programs --------------------------------------------------------------------------------

DIFF_BOT = """\
Robot diff_bot {
    intent "Two-wheel differential base with a rear caster and a top lidar"

    Diff_two_caster chassis(ref = "diff_base")
    Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))
    Standard wheel_r(ref = "standard_80", glue = (0, -0.12, -0.02, 0, -1, 0))
    Caster ball(ref = "caster_ball", glue = (-0.15, 0, -0.035, 0, 0, -1))
    Lidar top_lidar(ref = "lidar_ld06", glue = (0, 0, 0.06, 0, 0, 1))
}
"""

POWERED_BOT = """\
Robot powered {
    Diff_two_caster chassis(ref = "diff_motor_base")
    Battery pack(ref = "lipo_3s_2200", glue = (-0.1, 0, 0.0344, 0, 0, -1))
    MotorDriver driver(ref = "driver_vnh5019", glue = (0, 0.1, 0.0344, 0, 0, -1), power = @core/pack)
    Motor motor_l(ref = "gearmotor_37d", glue = (0, 0.1, -0.02, 0, 1, 0), command = @core/driver)
    Motor motor_r(ref = "gearmotor_37d", glue = (0, -0.1, -0.02, 0, -1, 0), command = @core/driver)
    Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))
    Standard wheel_r(ref = "standard_80", glue = (0, -0.12, -0.02, 0, -1, 0))
}
"""


def mecanum_program(wheel_lf_glue="(0.1275, 0.1494, -0.0216, 0, 1, 0)") -> str:
    """demo.core: a mecanum robot whose wheel_lf glue sits on line 17 at column 52."""
    return f"""\
Robot demo {{
    Mecanum_four_wheel chassis(ref = "mecanum_frame")
    Lidar top_lidar(ref = "lidar_ld06", glue = (0, 0, 0.05, 0, 0, 1))

    Motor motor_lf(ref = "gearmotor_37d", glue = (0.1275, 0.1294, -0.0216, 0, 1, 0))
    Motor motor_rf(ref = "gearmotor_37d", glue = (0.1275, -0.1294, -0.0216, 0, -1, 0))
    Motor motor_lr(ref = "gearmotor_37d", glue = (-0.1275, 0.1294, -0.0216, 0, 1, 0))
    Motor motor_rr(ref = "gearmotor_37d", glue = (-0.1275, -0.1294, -0.0216, 0, -1, 0))

    // the wheels, on the motors' shafts
    Mecanum wheel_rf(ref = "mecanum_black", glue = (0.1275, -0.1494, -0.0216, 0, -1, 0))
    Mecanum wheel_lr(ref = "mecanum_black", glue = (-0.1275, 0.1494, -0.0216, 0, 1, 0))
    Mecanum wheel_rr(ref = "mecanum_black", glue = (-0.1275, -0.1494, -0.0216, 0, -1, 0))



    Mecanum wheel_lf(ref = "mecanum_black", glue = {wheel_lf_glue})
}}
"""


# -- running the phases ----------------------------------------------------------------------

def parse(core_text: str, world_text: str | None = None, task_text: str | None = None,
          file: str = "demo.core"):
    from mobiledsl.lang import parse_core, parse_task, parse_world
    core, ds = parse_core(core_text, file)
    assert core is not None and not [d for d in ds if d.is_error], ds
    world = task = None
    if world_text is not None:
        world, ds = parse_world(world_text, file.rsplit(".", 1)[0] + ".world")
        assert world is not None and not [d for d in ds if d.is_error], ds
    if task_text is not None:
        task, ds = parse_task(task_text, file.rsplit(".", 1)[0] + ".task")
        assert task is not None and not [d for d in ds if d.is_error], ds
    return core, world, task


def resolve(core_text: str, world_text: str | None = None, task_text: str | None = None,
            libraries=None, file: str = "demo.core"):
    from mobiledsl.resolve import resolve_program
    core, world, task = parse(core_text, world_text, task_text, file)
    return resolve_program(core, world, task,
                           [demo_library()] if libraries is None else libraries)


def build(core_text: str, world_text: str | None = None, task_text: str | None = None,
          libraries=None, file: str = "demo.core"):
    """(robot or None, every diagnostic of resolve and assembly)."""
    from mobiledsl.assembly import assemble
    resolved, ds = resolve(core_text, world_text, task_text, libraries, file)
    if resolved is None:
        return None, ds
    robot, more = assemble(resolved)
    return robot, ds + more


def codes(diagnostics) -> list[str]:
    return [d.code for d in diagnostics]

"""The codes the analysis phase reports, for ``mobiledsl explain``."""
from __future__ import annotations

from ..diagnostics import CodeInfo, Severity

CODES = {
    "validation.assembly.wheels_touch_one_plane": CodeInfo(
        Severity.ERROR,
        "the wheels, casters, track runs and reaching ground contacts are not within 2 mm of "
        "one plane",
        "A rigid base stands on three points; a fourth wheel that does not reach the plane the "
        "others define leaves the robot rocking, and one that reaches below it lifts another. "
        "The analysis fits one plane to the lowest points of every wheel's cylinder, every "
        "caster's sphere, both ends of each track's run and every ground contact that reaches "
        "within 2 mm, and names the support that stands off it with how far. Move that wheel "
        "or caster (its glue, or the mount it sits on), or choose a caster of the right height.",
        "Caster ball(ref = \"caster_too_short\", glue = (-0.15, 0, -0.035, 0, 0, -1))",
    ),
    "validation.assembly.wheels_clear_other_parts": CodeInfo(
        Severity.ERROR,
        "a wheel's or track's swept space reaches more than 0.1 mm into another part beyond "
        "the wells that let it in",
        "A wheel turns in its cylinder and, when its mount steers, sweeps it over the steering "
        "lock about the kingpin; a caster fills its sphere and a track its belt box. Another "
        "part's collision shape in that space would stop it. A part whose box covers the arch "
        "or the hub a wheel turns in declares that void as a well on the connector the wheel "
        "mates onto, or on the chassis mount it fills (the one its motor seats on); the rule "
        "lets the wheel in exactly as far as the well holds. The message names the shape "
        "reached, how deep and where, and the help gives the well that would hold the wheel.",
        "Standard wheel_l(ref = \"wide_wheel\", glue = (0, 0.12, -0.02, 0, 1, 0))",
    ),
    "validation.assembly.parts_clear_each_other": CodeInfo(
        Severity.WARNING,
        "two parts fixed to the base overlap more than 0.1 mm beyond the wells between them",
        "Collision shapes are bounds drawn around parts, so two of them overlapping means "
        "either that the parts really collide or that a bound is loose. A part sitting in a "
        "pocket of its host declares the pocket as a well on the connector it mates onto, and "
        "the rule lets in what the well holds; where a box reaches over a neighbour, a hull is "
        "the tighter shape. Links are taken where their servos hold them.",
        "Battery pack(ref = \"lipo_3s_2200\", glue = (0, 0, 0.02, 0, 0, -1))  // inside the deck",
    ),
    "validation.statics.com_over_support": CodeInfo(
        Severity.ERROR,
        "the centre of mass, projected on the ground, is on or outside the support polygon",
        "The support polygon is the convex hull of where the robot touches the ground: its "
        "wheels' contact points, its casters, its track runs and the contacts that reach the "
        "ground. A centre of mass outside it tips the robot over; one exactly on its edge "
        "balances on a tipping line and falls either way. The message gives the margin in "
        "millimetres. Move heavy parts over the supports, or add a caster or a contact beyond "
        "the centre of mass.",
        "Diff_two_caster chassis(ref = \"base_without_caster\")",
    ),
    "validation.footprint.bounded": CodeInfo(
        Severity.WARNING,
        "a part declares no collision shape, so the footprint cannot bound it",
        "The footprint navigation plans with is drawn from the parts' collision shapes, the "
        "wheels' cylinders and the tracks' belts. A part without a collision box or hull is "
        "left out of it (and of the clearance rules), so the robot may be wider than the "
        "planner believes. A wheel needs none: its radius and width bound it.",
        "Lidar top(ref = \"lidar_without_collision\", glue = (0, 0, 0.06, 0, 0, 1))",
    ),
    "validation.power.driver_accepts_battery": CodeInfo(
        Severity.ERROR,
        "the pack's voltage, full or run down, is outside the driver's supply range",
        "A motor driver states the supply it accepts; the pack that feeds it (its power "
        "reference) delivers its full voltage when charged and its minimum when run down. "
        "Both must lie within the driver's range. Undecided when the pack or the driver "
        "states no range.",
        "MotorDriver drv(ref = \"driver_5v\", glue = (...), power = @core/lipo_3s)",
    ),
    "validation.power.motor_voltage": CodeInfo(
        Severity.ERROR,
        "the supply a motor sees does not include its rated voltage, or leaves its range",
        "A motor on a driver's channel sees the pack that feeds the driver, or the driver's "
        "regulated output_voltage_v when it states one; a bus motor sees the pack it names. "
        "That supply must include the voltage the motor's ratings hold at, and stay within "
        "the range the motor accepts when its maker states one.",
        "Motor m(ref = \"gearmotor_6v\", glue = (...), command = @core/drv)  // on a 3S pack",
    ),
    "validation.power.channel_current": CodeInfo(
        Severity.ERROR,
        "a driver channel delivers less than the motor's stall current (warning when only its "
        "peak covers it)",
        "A motor draws its stall current when it starts or is held; the channel driving it "
        "must deliver that. A channel whose peak current covers it but whose continuous "
        "current does not is a warning: it copes with starts, not with a held wheel.",
        "Motor m(ref = \"big_motor\", glue = (...), command = @core/small_driver)",
    ),
    "validation.power.channels_and_buses": CodeInfo(
        Severity.ERROR,
        "a driver commands more channel motors than it has channels, or a bus motor over a "
        "bus it does not speak",
        "Each motor with two terminals takes one channel of the driver its command names; a "
        "motor that carries its driver (it states a bus) needs a board that speaks that bus.",
        "Motor m3(ref = \"gearmotor_37d\", glue = (...), command = @core/dual_driver)",
    ),
    "validation.kinematics.spin_supported": CodeInfo(
        Severity.ERROR,
        "a Spin (or a Navigate, which turns either way) asks for a turn the base cannot make",
        "A Spin turns the base in place: Tricycle and Ackermann bases cannot, and a legged "
        "base only the ways its gait turns. A Navigate needs the base to turn either way, "
        "which a steered base does by steering; only a base that turns neither in place nor "
        "by steering, or a gait that turns one way only, fails it.",
        "Spin(direction = left)   // on an Ackermann robot",
    ),
    "validation.kinematics.strafe_supported": CodeInfo(
        Severity.ERROR,
        "a Strafe on a base that cannot move sideways, or faster than its gait moves aside",
        "Only holonomic bases (Mecanum_four_wheel, Omni_drive, Omni_three_wheel, and a legged "
        "base whose gait moves aside) can strafe.",
        "Strafe(direction = left, distance_m = 0.5)   // on a Diff_drive robot",
    ),
    "validation.kinematics.speed_supported": CodeInfo(
        Severity.ERROR,
        "a step asks for a speed above the base's top speed",
        "The top speed is each driven wheel's motor no-load speed times its radius (a track: "
        "its travel per turn over 2 pi), over the driveline's reduction; the slowest driven "
        "wheel bounds the base. Undecided when a driven wheel has no motor or a driveline or "
        "track does not state what the speed needs.",
        "Advance(distance_m = 1.0, speed_mps = 5.0)",
    ),
    "validation.kinematics.walk_supported": CodeInfo(
        Severity.ERROR,
        "an Advance, BackUp or Navigate that the legged base's gait does not go, or goes slower",
        "A legged base moves as its gait says: ahead and back within gait.ahead. A step that "
        "needs a way the gait does not go, or a speed beyond it, cannot be walked.",
        "BackUp(distance_m = 0.3, speed_mps = 0.8)   // gait.ahead = [-0.3, 1.0]",
    ),
    "validation.kinematics.tracks_state_their_travel": CodeInfo(
        Severity.WARNING,
        "a track states no travel_per_turn_m: no target drives the base",
        "How far a belt moves per turn of its hub cannot be derived from a radius (a link "
        "tread moves its sprocket's teeth times its links' pitch). Without it the compiler "
        "cannot tell the base's speed and the targets do not drive it. State it from the "
        "maker's data.",
        "Track left(ref = \"rubber_band_track\", glue = (...))",
    ),
}

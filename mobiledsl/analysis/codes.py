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
        'Caster ball(ref = "caster_too_short", glue = (-0.15, 0, -0.035, 0, 0, -1))',
    ),
    "validation.assembly.wheels_clear_other_parts": CodeInfo(
        Severity.ERROR,
        "a wheel's or track's swept space reaches more than 0.1 mm into another part beyond "
        "the wells that let it in",
        "A wheel turns in its cylinder and, when its mount steers, sweeps it over the steering "
        "lock about the kingpin; a caster fills its sphere and a track its belt box. Another "
        "part's collision shape in that space would stop it. A part whose box covers the arch "
        "or the hub a wheel turns in declares that void as a well on the connector the wheel "
        "mates onto, or on the chassis mount it fills (the one its motor seats on), and a "
        "wheel whose hub is recessed for what it mates onto declares the recess as a well on "
        "the connector it mates by; the rule lets the wheel in exactly as far as the well "
        "holds. Two wheels' swept spaces may not overlap at all. The message names the shape "
        "reached, how deep and where, and the help gives the well that would hold the wheel.",
        'Standard wheel_l(ref = "wide_wheel", glue = (0, 0.12, -0.02, 0, 1, 0))',
    ),
    "validation.assembly.parts_clear_each_other": CodeInfo(
        Severity.WARNING,
        "two parts fixed to the base overlap more than 0.1 mm beyond the wells between them",
        "Collision shapes are bounds drawn around parts, so two of them overlapping means "
        "either that the parts really collide or that a bound is loose. A part sitting in a "
        "pocket of its host declares the pocket as a well on the connector it mates onto, and "
        "the rule lets in what the well holds; where a box reaches over a neighbour, a hull is "
        "the tighter shape. Links are taken where their servos hold them.",
        'Battery pack(ref = "lipo_3s_2200", glue = (0, 0, 0.02, 0, 0, -1))  // inside the deck',
    ),
    "validation.assembly.feet_touch_the_ground": CodeInfo(
        Severity.ERROR,
        "a foot the robot stands on is not within 2 mm of the plane the feet stand on",
        "A legged robot stands where the servos hold its legs, each at its hold. The analysis "
        "takes each foot's lowest points there (below a sphere's centre, below a capsule's "
        "lower end or both ends of one lying flat, a box's lowest corners) and the plane the "
        "feet stand on; a foot more than 2 mm above it leaves the robot rocking, and one that "
        "reaches below it lifts the others. The feet are a Legged chassis's own, or those of "
        "the legs placed on it, each named by its leg (front_left.foot). The finding points "
        "at the foot's component, with labels at the foot and the servos that hold it; a "
        "wheel or caster under the chassis is judged with the feet by wheels_touch_one_plane. "
        "The statics rule cannot judge the robot while a foot stands off the ground.",
        'Leg front_left(ref = "short_leg", glue = (0.12, 0.08, -0.04, 0, 0, -1))',
    ),
    "validation.assembly.links_clear_the_ground": CodeInfo(
        Severity.ERROR,
        "a shape of a link other than a foot reaches below the ground the feet stand on",
        "The robot stands on its feet, the shapes its parts name under feet, where the "
        "servos hold them. Any other shape of a link that reaches more than 0.1 mm below "
        "the ground the feet stand on would stand on the floor in their place: most often "
        "the foot names the wrong shape of its link (feet.<name>.shape counts from 0). Name "
        "the shape the leg stands on, hold the servos elsewhere, or give the link a tighter "
        "shape.",
        "feet: {foot: {link: knee, shape: 0, friction: 0.8}}   # shape 1 is the ball",
    ),
    "validation.assembly.legs_on_a_legged_chassis": CodeInfo(
        Severity.ERROR,
        "a Leg is not placed, fixed, on a Legged chassis without legs of its own, or such a "
        "chassis carries no legs",
        "A leg of its own (a part of category leg, used as Leg) walks under a Legged chassis "
        "that has no feet of its own. On a base that rolls it would hang from it; a chassis "
        "with legs of its own walks on them alone, as its walking controller was made for "
        "them; a leg on a connector that steers, or on a part on such a connector, would "
        "turn about a kingpin no servo turns. A leg on a part fixed to the chassis (a "
        "spacer) hangs as fixed as one on the chassis. A Legged chassis without feet of its "
        "own has nothing to stand on until legs are placed on it.",
        'Diff_drive base(ref = "rover4_base")\nLeg front_left(ref = "hip_leg", glue = (...))',
    ),
    "validation.assembly.one_walker": CodeInfo(
        Severity.ERROR,
        "the robot is the robot of two walkers of the libraries",
        "A robot whose Legged body and legs are a walker's walks by that walker's policy: "
        "its body is the walker's body, and its legs pair off one to one with the walker's "
        "limbs, each the same part placed within 1 mm and turned within 1 mrad of where the "
        "limb's glue places it. When two walkers of the libraries are the robot's, which "
        "one it walks by is not the program's to say: keep one of them in the libraries.",
        'Legged body(ref = "quad_body")   // quad_walker and quad_walker_2 both fit',
    ),
    "validation.kinematics.gait_walks_the_feet": CodeInfo(
        Severity.ERROR,
        "the chassis's gait cannot step the robot's feet: not an even number, four or more, "
        "or a foot without two servos of its own",
        "A gait lifts every other leg, so the robot stands on an even number of feet, four or "
        "more. It steps each foot by at least two servos between the foot and its part's "
        "frame, one to lift it and one to swing it, and by servos of its own: a servo above "
        "two feet (a spine's, a waist's) is not stepped by a gait in this version. The "
        "loader asks this of a chassis's own legs; this rule asks it of the legs placed on "
        "the chassis. Not judged when the robot walks by a walker.",
        'Legged body(ref = "quad_body")   // with three legs placed on it',
    ),
    "validation.assembly.walker_trained_gains": CodeInfo(
        Severity.ERROR,
        "a robot walks by a walker's policy on servos whose kp differs by more than 10 % "
        "from the kp the policy was trained at",
        "A policy's actions are servo targets, learnt on servos of the stiffness it was "
        "trained with: on stiffer or softer ones the same targets make other torques, and "
        "the robot falls short of the asked speeds or falls (the demo walker, trained at kp "
        "15, holds 80-120 % of them from kp 13.5 to 16.5, turns at 56 % of the asked rate at "
        "18 and falls at 21). A walker states its training's gains as controller.trained_kp. "
        "The finding points at the servo's kp and names the joint, its kp and the trained "
        "kp; the help gives the kp to set, or says to retrain the policy on these servos.",
        "links: {knee: {servo: {kp: 50, ...}}}   # the walker states trained_kp: 15",
    ),
    "validation.assembly.walker_gains_unstated": CodeInfo(
        Severity.WARNING,
        "a robot walks by a walker that does not state the servo gains its policy was trained at",
        "Without controller.trained_kp in walker.yaml nothing checks that the robot's servos "
        "are those the policy was trained on, and a policy walks only near the gains it was "
        "trained at (walker_trained_gains). The walker still loads and the robot walks by "
        "it; state the kp its policy was trained at, one number for every joint or a kp by "
        "owner and link.",
        "controller: {policy: assets/policy.onnx, ...}   # no trained_kp",
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
        'Diff_two_caster chassis(ref = "base_without_caster")',
    ),
    "validation.statics.servos_hold_the_stance": CodeInfo(
        Severity.ERROR,
        "a servo of a legged robot cannot hold the torque its joint carries standing",
        "A legged robot stands where its servos hold its joints (the pose its gait or walker "
        "starts from). The analysis shares the robot's weight among the feet it stands on "
        "about the centre of mass, and takes for each revolute joint the moment about its "
        "axis of the push on every foot below it and the weight of every link below it. A "
        "servo whose effort is below that torque gives way and the robot sinks to the floor. "
        "The finding points at the servo's effort and names the joint, the torque and the "
        "effort; the help gives the effort that leaves 30 % to walk with.",
        "links: {knee: {servo: {kp: 50, effort: 3.0, ...}}}   # a knee that carries 6 N m",
    ),
    "validation.statics.servo_stance_margin": CodeInfo(
        Severity.WARNING,
        "a servo holds more than 70 % of its effort standing, or the servos over a foot let "
        "the trunk sag more than 10 % of its stance height",
        "A servo near its effort standing has little left for walking, where the joints "
        "carry several times their stance torques. A servo also gives way by torque / kp "
        "under its load; over each foot the give of its servos adds up (the foot's push "
        "times the sum of each servo's squared lever along the ground's normal over its kp), "
        "and a trunk that sinks more than a tenth of its height does not stand where the "
        "holds put it. The finding names the joint and the numbers; the help gives the "
        "effort or the kp that passes.",
        "links: {knee: {servo: {kp: 5, effort: 45, ...}}}   # soft: the trunk sinks 50 mm",
    ),
    "validation.statics.servos_within_the_gait_range": CodeInfo(
        Severity.ERROR,
        "a legged robot walks by its gait on servos too soft for the gait to hold the asked speeds",
        "The gait adds to each servo's target the torque its joint must make divided by its "
        "kp (the feet's push, the legs' own weight, inertia and damping), so soft servos "
        "walk as stiff ones do, as long as they sag at most 30 % of the stance height "
        "standing (torque / kp at each servo, as servo_stance_margin computes it): the range "
        "docs/legged.md states, where the gait walks within 80-120 % of the asked speeds. "
        "Softer servos fall short of them. The finding points at the kp of the servo that "
        "gives most and names the sag, the share and each servo's kp and torque; the help "
        "gives the kp that brings the robot in.",
        "links: {calf: {servo: {kp: 12, effort: 45, ...}}}   # a Go2-class sags 43 %",
    ),
    "validation.statics.gait_peak_torque": CodeInfo(
        Severity.ERROR,
        "a servo of a robot walking by its gait is expected to peak beyond 1.6 times its "
        "effort at a speed the task asks",
        "The gait states its period, duty and step height, and how it moves each foot. The "
        "analysis walks each leg along that plan at each speed the task asks (a step's speed, "
        "or the gait's range end when the step gives none, plus the most the gait trims its "
        "strides by) and bounds each servo's torque: the ground's push on the fewest feet "
        "down (a trot stands on two), the push for the command's ramp and the trunk's "
        "rocking, the legs' own weight and inertia, the joints' damping and friction, times "
        "the servos' tracking. The bound runs 1.1 to 2.3 times the peaks measured in MuJoCo; a "
        "servo whose bound passes 1.6 times its effort saturates through most of each step, "
        "and the robot stumbles or falls (between its effort and 1.6 times it the servo "
        "saturates in part of each step: gait_peak_margin). The finding names the joint, the "
        "speed, the torque and the "
        "effort; the help gives the effort that leaves 20 % and the speed that fits.",
        "Advance(distance_m = 1.0, speed_mps = 1.0)   // a Go2-class thigh: 54 N m of 23.7",
    ),
    "validation.statics.gait_peak_margin": CodeInfo(
        Severity.WARNING,
        "a servo of a robot walking by its gait is expected to peak beyond 80 % of its "
        "effort at a speed the task asks (or at the gait's range end, without a task)",
        "The same bound as gait_peak_torque: above 80 % of its effort a servo has little left "
        "for a stumble, a slope or a push. Without a task the gait's range ends are judged, "
        "and a servo beyond its effort there is this warning too: the robot may be told to "
        "walk that fast, but nothing asks it yet. The help gives the effort that leaves 20 % "
        "and the speed that fits.",
        "Advance(distance_m = 0.5, speed_mps = 0.2)   // the demo quad_gait's knees: 96 %",
    ),
    "validation.footprint.bounded": CodeInfo(
        Severity.WARNING,
        "a part declares no collision shape, so the footprint cannot bound it",
        "The footprint navigation plans with is drawn from the parts' collision shapes, the "
        "wheels' cylinders and the tracks' belts. A part without a collision box or hull is "
        "left out of it (and of the clearance rules), so the robot may be wider than the "
        "planner believes. A wheel needs none: its radius and width bound it.",
        'Lidar top(ref = "lidar_without_collision", glue = (0, 0, 0.06, 0, 0, 1))',
    ),
    "validation.power.driver_accepts_battery": CodeInfo(
        Severity.ERROR,
        "the pack's voltage, full or run down, is outside the driver's supply range",
        "A motor driver states the supply it accepts; the pack that feeds it (its power "
        "reference) delivers its full voltage when charged and its minimum when run down. "
        "Both must lie within the driver's range. Undecided when the pack or the driver "
        "states no range.",
        'MotorDriver drv(ref = "driver_5v", glue = (...), power = @core/lipo_3s)',
    ),
    "validation.power.motor_voltage": CodeInfo(
        Severity.ERROR,
        "the supply a motor sees does not include its rated voltage, or leaves its range",
        "A motor on a driver's channel sees the pack that feeds the driver, or the driver's "
        "regulated output_voltage_v when it states one; a bus motor sees the pack it names. "
        "That supply must include the voltage the motor's ratings hold at, and stay within "
        "the range the motor accepts when its maker states one.",
        'Motor m(ref = "gearmotor_6v", glue = (...), command = @core/drv)  // on a 3S pack',
    ),
    "validation.power.channel_current": CodeInfo(
        Severity.ERROR,
        "a driver channel delivers less than the motor's stall current (warning when only its "
        "peak covers it)",
        "A motor draws its stall current when it starts or is held; the channel driving it "
        "must deliver that. A channel whose peak current covers it but whose continuous "
        "current does not is a warning: it copes with starts, not with a held wheel.",
        'Motor m(ref = "big_motor", glue = (...), command = @core/small_driver)',
    ),
    "validation.power.channels_and_buses": CodeInfo(
        Severity.ERROR,
        "a driver commands more channel motors than it has channels, or a bus motor over a "
        "bus it does not speak, or one that names no power",
        "Each motor with two terminals takes one channel of the driver its command names; a "
        "motor that carries its driver (it states a bus) needs no channel, only a board that "
        "speaks that bus, and is powered on a line of its own: commanded, it names its pack "
        "with power.",
        'Motor m3(ref = "gearmotor_37d", glue = (...), command = @core/dual_driver)',
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
        "a step asks for a speed above the base's top speed, or a Spin for a turn rate above "
        "its top turn rate",
        "The top speed is each driven wheel's motor no-load speed times its radius (a track: "
        "its travel per turn over 2 pi), over the driveline's reduction; the slowest driven "
        "wheel bounds the base. Undecided when a driven wheel has no motor or a driveline or "
        "track does not state what the speed needs. The top turn rate follows from the top "
        "speed and where the wheels stand; a skid-steer base (Diff_drive, Tracked) turns "
        "slower than its wheels' speeds alone say, as its contacts slide sideways.",
        "Advance(distance_m = 1.0, speed_mps = 5.0)",
    ),
    "validation.kinematics.motors_start_the_base": CodeInfo(
        Severity.ERROR,
        "the driven wheels' motors, stalled, do not pull the base past its rolling resistance",
        "Each motor's torque-speed line (stall torque at rest, falling to nothing at its "
        "no-load speed, both scaled by the voltage it is fed over its rated voltage) is taken "
        "at the wheel through its reduction; at rest the motors together pull their stall "
        "torque over the wheel's radius. Rolling the base on level ground takes 0.015 of its "
        "weight. A base whose motors pull less never moves, whatever the task asks; the "
        "message gives both forces and the help the stall torque that would move it.",
        "motor: {rated_voltage_v: 12, no_load_speed_rad_s: 36.6, stall_torque_nm: 0.001, "
        "stall_current_a: 5}",
    ),
    "validation.kinematics.motors_reach_the_speed": CodeInfo(
        Severity.ERROR,
        "an Advance, BackUp or Strafe asks for a speed its motors reach, from rest, only past "
        "the step's distance",
        "From rest the base accelerates by its motors' pull at its speed (their torque-speed "
        "line at the full pack), less rolling resistance, over its mass and its rotors' "
        "inertia, at most g / 2. The analysis integrates that to the step's speed and states "
        "the time it takes; a step shorter than the distance covered meanwhile never drives "
        "at its speed. The help gives the fastest speed reached within the distance.",
        "Advance(distance_m = 0.05, speed_mps = 1.4)",
    ),
    "validation.kinematics.walk_supported": CodeInfo(
        Severity.ERROR,
        "an Advance, BackUp or Navigate that the legged base's gait does not go, or goes slower",
        "A legged base moves as its gait says: ahead and back within gait.ahead. A step that "
        "needs a way the gait does not go, or a speed beyond it, cannot be walked.",
        "BackUp(distance_m = 0.3, speed_mps = 0.8)   // gait.ahead = [-0.3, 1.0]",
    ),
    "validation.kinematics.drivelines_fit_the_base": CodeInfo(
        Severity.ERROR,
        "a chassis' driveline has one motor turn hubs together that its chassis type does not "
        "let one motor turn",
        "Which hubs one motor may turn together is vocabulary. A Diff_drive side's chain or "
        "belt turns the front and the rear hub of one side alike; an Ackermann axle's "
        "differential turns the two hubs of one axle, which may turn apart; a Tracked base "
        "drives each track on its own mount; every other base turns one hub through a shaft. "
        "A wheel on the motor's own shaft counts with the driveline's hubs, and turns with "
        "them only through a chain whose reduction is 1. The finding points at the driveline "
        "and says what the base could no longer do.",
        "driveline: {turns: [hub_front_left, hub_front_right], reduction: 78.71}   # Diff_drive",
    ),
    "validation.kinematics.drivelines_state_their_reduction": CodeInfo(
        Severity.WARNING,
        "a driveline whose seat carries a motor states no reduction",
        "Without the driveline's reduction the compiler cannot tell how fast its wheels turn "
        "or how hard they pull: the base's top speed is undecided, and every target leaves "
        "those wheels' joints without speed or torque limits. State it from the maker's data.",
        "driveline: {turns: [hub_front_left, hub_rear_left]}",
    ),
    # found on the map `mobiledsl run` plans over (mobiledsl/run/reach.py)
    "validation.kinematics.goal_reachable": CodeInfo(
        Severity.ERROR,
        "no path reaches a Navigate step's goal in its world (inside an obstacle, or walled off)",
        "When a program is compiled with its world and task, every Navigate step's marker is "
        "checked against the world's occupancy map, the one `mobiledsl run` plans over (5 cm "
        "a cell, every colliding entity's shadow): the robot's centre must keep the reach "
        "of its footprint from its centre, and 5 cm more, from every obstacle. A marker "
        "inside an obstacle, or in a place the robot cannot get to from the world's start "
        "(closed in by obstacles, or behind a gap narrower than the robot turning), is an "
        "error at the step, naming the world, the task and the obstacles, so that the "
        "mistake is found at compile --check rather than as run.no_path in the simulator. "
        "Move the marker, or open a gap as wide as the help says.",
        "World w { Obstacle crate(type = box, size = (0.4, 0.4, 0.4),\n"
        "                         pos = (2, 0, 0.2, 0, 0, 0, 1))\n"
        "          Marker dock(type = cylinder, size = (0.3, 0.3, 0.002),\n"
        "                      pos = (2, 0, 0.001, 0, 0, 0, 1)) }\n"
        "Task t { Navigate(goal = @world/dock) }",
    ),
    "validation.kinematics.tracks_state_their_travel": CodeInfo(
        Severity.WARNING,
        "a track states no travel_per_turn_m: no target drives the base",
        "How far a belt moves per turn of its hub cannot be derived from a radius (a link "
        "tread moves its sprocket's teeth times its links' pitch). Without it the compiler "
        "cannot tell the base's speed and the targets do not drive it. State it from the "
        "maker's data.",
        'Track left(ref = "rubber_band_track", glue = (...))',
    ),
}

"""The diagnostic codes of the resolve phase: names (``resolve.*``) and the vocabulary, types,
arguments and references (``semantic.*``)."""

from __future__ import annotations

from ..diagnostics import CodeInfo, Severity

E = Severity.ERROR

CODES: dict[str, CodeInfo] = {
    # -- names ----------------------------------------------------------------------------
    "resolve.unknown_part": CodeInfo(
        E,
        "a ref names no loaded part, object or environment",
        "A ref is the id of an entry of one of the libraries given with --library. When the "
        "id is registered but its declaration failed to load, the error repeats why it was "
        "left out: fix component.yaml and compile again. Otherwise check the spelling, or add "
        "the library that holds the part.",
        'Standard wheel_l(ref = "standard_08", glue = (0, 0.12, -0.02, 0, 1, 0))',
    ),
    "resolve.ambiguous_part": CodeInfo(
        E,
        "two libraries register the id and the ref does not say which",
        "When more than one library given with --library registers an id, write the ref as "
        '"<library>/<id>" to pick one. Two libraries that declare the same name in their '
        "library.yaml cannot be told apart by any ref: that clash is reported once, at the "
        "second one's name; rename one, or give only one with --library.",
        'Lidar top(ref = "lidar_ld06", glue = (0, 0, 0.06, 0, 0, 1))   // in two libraries\n'
        'Lidar top(ref = "my_parts/lidar_ld06", glue = (0, 0, 0.06, 0, 0, 1))   // picks one',
    ),
    "resolve.unknown_reference": CodeInfo(
        E,
        "an @core/... or @world/... reference names nothing",
        "@core/<name> names a component of the robot, @world/<name> an entity of the world "
        "(its own or one its environment brings). The name must be declared; a task's "
        "@world/ reference needs a world that declares it.",
        'Motor motor_l(ref = "gearmotor_37d", glue = (0, 0.1, -0.02, 0, 1, 0), '
        "command = @core/drvier)",
    ),
    "resolve.duplicate_name": CodeInfo(
        E,
        "two components, or two entities, share a name; or a name is reserved",
        "Components are referred to by name (@core/wheel_l), so each name is declared once. "
        "The targets add links named base_footprint and base_link, <component>_contact_<n> for "
        "each ground contact a part declares (base_link_contact_<n> for the chassis's too) and "
        "<wheel>_steer for a steered wheel's knuckle; those names are reserved (the last is "
        "reported once the robot is assembled, when it is known which wheels steer). The "
        "entities of a world and of the environment it takes "
        "share one namespace.",
        'Standard wheel(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))\n'
        'Standard wheel(ref = "standard_80", glue = (0, -0.12, -0.02, 0, -1, 0))',
    ),
    # -- vocabulary ------------------------------------------------------------------------
    "semantic.unknown_type": CodeInfo(
        E,
        "a component, entity or task step type that the vocabulary does not have",
        "Component types are the chassis types (Diff_two_caster, Diff_drive, Tracked, "
        "Mecanum_four_wheel, Omni_drive, Omni_three_wheel, Tricycle, Ackermann, Legged) and "
        "the part types (Motor, Battery, MotorDriver, Standard, Mecanum, Omni_wheel, Caster, "
        "Leg, Track, the sensors, Attachment). Entity types are Obstacle, SupportSurface and "
        "Marker; steps are Advance, BackUp, Spin, Strafe and Navigate. Types are "
        "case-sensitive.",
        'Lidar2D top(ref = "lidar_ld06", glue = (0, 0, 0.06, 0, 0, 1))',
    ),
    "semantic.profile_missing": CodeInfo(
        E,
        "the part's profiles do not list the component's type",
        "A part can be used only as a type its profiles list in component.yaml; the help "
        "lists the types it has. Declare the component with one of them, or pick a part "
        "that has the type.",
        'Mecanum wheel_lf(ref = "standard_80", glue = (0.1275, 0.1494, -0.0216, 0, 1, 0))',
    ),
    "semantic.profile_mounts": CodeInfo(
        E,
        "the part's profile for the type does not map a mount the type needs",
        "A chassis profile maps every wheel mount of its chassis type (Diff_two_caster: "
        "left_wheel and right_wheel, ...); a part's profile maps default, the connector it "
        "mates by, and a Motor's also shaft.",
        "profiles:\n  Diff_two_caster:\n    mounts: {left_wheel: motor_mount_left}   "
        "# right_wheel missing",
    ),
    "semantic.chassis_count": CodeInfo(
        E,
        "not exactly one chassis component",
        "A robot has one chassis: a component whose type is a chassis type. Its part's frame "
        "is base_link and every other part is glued onto it, directly or through other parts.",
        'Robot r {\n    Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))\n}',
    ),
    "semantic.reference_kind": CodeInfo(
        E,
        "a reference names the wrong kind of thing",
        "power names the Battery that feeds a MotorDriver, or a Motor that states a bus; "
        "command names the MotorDriver that drives a Motor, each as @core/<name>. A Navigate "
        "step's goal names a Marker of the world, as @world/<name>.",
        'Motor motor_l(ref = "gearmotor_37d", glue = (0, 0.1, -0.02, 0, 1, 0), '
        "command = @core/pack)   // pack is a Battery",
    ),
    "semantic.unknown_argument": CodeInfo(
        E,
        "an argument or a setting that the component, entity, step or world does not take",
        "Components take ref, glue (not the chassis), power (a MotorDriver, or a Motor with a "
        "bus) and command (a Motor). Entities take type, size, ref, pos and collision; a world "
        "environment, ground_plane and start; each step the arguments docs/tutorial.md lists.",
        'Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0), speed = 2)',
    ),
    "semantic.missing_argument": CodeInfo(
        E,
        "a required argument is absent",
        "Every component needs ref, and every component but the chassis a glue. An entity "
        "needs pos and one of type and ref, size with type. Advance and BackUp need "
        "distance_m, Spin direction, Strafe direction and distance_m, Navigate goal.",
        'Standard wheel_l(ref = "standard_80")',
    ),
    "semantic.argument_value": CodeInfo(
        E,
        "an argument's value has the wrong shape or an impossible value",
        "ref is a string; glue is a tuple of six numbers or seven with the roll; power and "
        "command are @core/ references; pos is seven numbers whose quaternion is of unit "
        "length; size three positive numbers; collision and ground_plane true or false; "
        "start (x, y, yaw); a step's distance, speed and angle positive numbers and its "
        "direction left or right.",
        'Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1))',
    ),
    "semantic.part_category": CodeInfo(
        E,
        "a ref names an entry of the wrong category",
        "A component's ref names a part of a robot; an entity's ref names an object; a "
        "world's environment names an environment. The category field of component.yaml "
        "says which an entry is.",
        'Obstacle crate(ref = "standard_80", pos = (1, 0, 0, 0, 0, 0, 1))',
    ),
    "semantic.ground_plane": CodeInfo(
        E,
        "a world adds ground_plane = true while its environment brings a floor",
        "An environment that states ground_plane: true brings the world's one ground plane; "
        "the world may not add a second one. Delete the line.",
        'World w {\n    environment = "room_6x4"\n    ground_plane = true\n}',
    ),
    "semantic.entity_collision": CodeInfo(
        E,
        "an Obstacle or a SupportSurface is made of an object with no collision shapes",
        "An object without collision is only shown, so nothing can collide with it: it can "
        "be placed as a Marker, or with collision = false, but not as an entity that "
        "collides. State the object's collision shapes in its component.yaml.",
        'Obstacle disc(ref = "floor_disc", pos = (1, 0, 0, 0, 0, 0, 1))',
    ),
}

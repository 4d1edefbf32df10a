"""The diagnostic codes of the assembly phase (glue, mating, drive mounts)."""

from __future__ import annotations

from ..diagnostics import CodeInfo, Severity

E = Severity.ERROR

CODES: dict[str, CodeInfo] = {
    "validation.assembly.glue_on_connector": CodeInfo(
        E,
        "a glue matches no connector of the chassis or of a placed part, matches two, or its "
        "direction is not of unit length",
        "A glue (x, y, z, nx, ny, nz[, roll]) names a connector by its point and its outward "
        "direction in the chassis frame. It must match exactly one connector of the chassis or "
        "of a part already placed: the points within 1 mm, the unit directions within 0.01. "
        "A glue that matches none is reported with the nearest free connector and the exact "
        "glue to write for it, and the list of the free connectors; copy the suggested glue. A "
        "glue that matches two connectors is ambiguous, and neither it nor what mates onto its "
        "part is placed. The direction must be of unit length within 0.001.",
        'Mecanum wheel_lf(ref = "mecanum_black", glue = (0.12, 0.1494, -0.0216, 0, 1, 0))\n'
        "// the motor's shaft ends at x = 0.1275: write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)",
    ),
    "validation.assembly.connector_taken": CodeInfo(
        E,
        "two parts are glued onto one connector, or a glue names the connector a part mates by",
        "A connector holds one part. The first component declared keeps the connector; the "
        "other is not placed, and neither is what mates onto it. The connector a placed part "
        "mates by is taken by that mating.",
        'Lidar a(ref = "lidar_ld06", glue = (0, 0, 0.06, 0, 0, 1))\n'
        'Lidar b(ref = "lidar_ld06", glue = (0, 0, 0.06, 0, 0, 1))',
    ),
    "validation.assembly.drive_mounts_filled": CodeInfo(
        E,
        "a wheel mount of the chassis type lacks its wheel, carries the wrong wheel type, or a "
        "motor turns a wheel the type leaves free",
        "Every wheel mount the chassis type lists (docs/tutorial.md) carries one wheel of the "
        "type's kind: straight on the mount's connector, or on the shaft of a Motor seated on "
        "it, or on a hub a driveline turns. A Diff_two_caster takes Standard wheels, a "
        "Mecanum_four_wheel Mecanum wheels, the omni types Omni_wheels and a Tracked chassis "
        "Tracks. The rear wheels of a Tricycle roll freely: no motor may turn them.",
        'Diff_two_caster chassis(ref = "diff_base")\n'
        'Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))\n'
        "// no wheel on the right_wheel mount",
    ),
    "validation.assembly.steering_declared": CodeInfo(
        E,
        "a mount the chassis type steers has no steering on its connector",
        "A Tricycle steers its front wheel and an Ackermann chassis its two front wheels. The "
        "chassis part must state each such mount's kingpin on its connector, steering: "
        "{axis: [x, y, z], max_angle_rad: a}, so that the compiler can articulate it.",
        'Tricycle chassis(ref = "trike_base")   // its front connector states no steering',
    ),
}

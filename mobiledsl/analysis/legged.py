"""The legged rules (docs/analysis.md, "Legged robots"; docs/legged.md for the feet, links,
gait and walkers they read):

- ``validation.assembly.feet_touch_the_ground``: every foot the robot stands on stands on the
  ground with the others (within 2 mm of the plane they stand on). A wheel, caster or track
  under a legged chassis is judged with them, by ``wheels_touch_one_plane``.
- ``validation.assembly.links_clear_the_ground``: no other shape of the links reaches below
  the ground the feet stand on.
- ``validation.assembly.legs_on_a_legged_chassis``: every Leg hangs, fixed, from a Legged
  chassis with no feet of its own; such a chassis carries legs.
- ``validation.assembly.one_walker``: the robot is the robot of one walker at most.
- ``validation.kinematics.gait_walks_the_feet``: a gait walks an even number of feet, four
  or more, each stepped by two servos of its own.

Which feet the robot stands on is ``placed.standing_feet``; whether the robot is a walker's
is ``walker_match``. A rule that lacks the data it needs reports nothing.
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from ..diagnostics import Label, Span
from ..library.model import Foot, Link, Part, Walker
from ..model.robot import Component, Robot
from .geometry import Round
from .ground import CODE as PLANE
from .ground import PLANE_TOLERANCE, UP, Ground, Support, _fit, _settle, _spans_area
from .model import Findings
from .placed import Placed, standing_feet
from .walker_match import limb_components, matching_walkers

FEET = "validation.assembly.feet_touch_the_ground"
CLEAR = "validation.assembly.links_clear_the_ground"
LEGS = "validation.assembly.legs_on_a_legged_chassis"
ONE_WALKER = "validation.assembly.one_walker"
GAIT = "validation.kinematics.gait_walks_the_feet"
TRAINED = "validation.assembly.walker_trained_gains"
UNTRAINED = "validation.assembly.walker_gains_unstated"
#: a walker's policy walks the asked speeds only on servos this near the kp it was trained
#: at (docs/legged.md, "Walkers hold the gains they were trained at": the demo walker holds
#: 80-120 % of them from kp 13.5 to 16.5, trained at 15, and falls short at 12 and 18)
TRAINED_TOLERANCE = 0.10

#: how far a shape of a link may reach below the ground before it is "below": what the
#: clearance rules take for touching
BELOW_TOLERANCE = 1e-4


def declared_at(c: Component) -> Span | None:
    """A finding about a component points at its declaration in the .core."""
    return c.span or c.glue_span


def _chassis(robot: Robot) -> tuple[Component, Part] | None:
    try:
        c = robot.component(robot.chassis)
    except KeyError:
        return None
    part = robot.parts.get(c.part)
    return (c, part) if part is not None else None


def _chain(part: Part, link: str) -> list[Link]:
    """The links from ``link`` up to the part's frame, the link first."""
    links = {l.name: l for l in part.links}
    out: list[Link] = []
    name: str | None = link
    while name is not None and name in links and all(l.name != name for l in out):
        out.append(links[name])
        name = links[name].parent
    return out


def _servos(part: Part, link: str) -> list[Link]:
    """The links whose servos hold ``link``, from the part's frame down."""
    return [l for l in reversed(_chain(part, link)) if l.servo is not None]


def foot_name(c: Component, foot: Foot) -> str:
    return f"{c.name}.{foot.name}"


# -- feet_touch_the_ground, and wheels under a legged chassis --------------------------------


def check_feet(robot: Robot, placed: Placed, ground: Ground | None, out: Findings) -> None:
    """The supports of a robot that stands on feet, judged together (ground.check_plane
    leaves them to this): the odd one out, a foot or a wheel, or each that stands off."""
    if ground is None or not ground.decided or ground.spread <= PLANE_TOLERANCE:
        return
    sups = ground.supports
    if not any(s.kind == "foot" for s in sups):
        return
    heights = [s.height(UP) for s in sups if s.must_touch]
    middle = float(np.median(heights))
    odd = None
    for i, s in enumerate(sups):
        if not s.must_touch:
            continue
        rest = sups[:i] + sups[i + 1 :]
        if len(rest) < 3 or not _spans_area(np.array([r.lowest_point(UP) for r in rest])):
            continue
        n = _fit(rest)
        d, spread = _settle(rest, n)
        if spread > PLANE_TOLERANCE:
            continue
        off = s.height(n) - d
        if abs(off) <= PLANE_TOLERANCE:
            continue
        # of several that are each the odd one out (four feet: the twist is the same
        # whichever is left out), the one whose height in base_link stands out from the
        # others' (docs/analysis.md), then the one farther off
        key = (round(abs(s.height(UP) - middle), 6), round(abs(off), 6))
        if odd is None or key > odd[0]:
            odd = (key, s, off, n, d)
    if odd is not None:
        _, s, off, n, d = odd
        _report(robot, placed, ground, s, off, "the plane the others stand on", out, (n, d))
        return
    for s in sups:
        off = s.height(ground.normal) - ground.offset
        if s.must_touch and off > PLANE_TOLERANCE:
            _report(
                robot,
                placed,
                ground,
                s,
                off,
                "the plane the supports stand on",
                out,
                (ground.normal, ground.offset),
            )


def _shape_on_the_plane(
    placed: Placed, c: Component, part: Part, foot: Foot, plane
) -> tuple[str, int] | None:
    """A shape of the foot's part, named by no other foot, whose lowest point stands on the
    plane the others stand on: the shape the foot most likely means. Its own link first,
    then the links it hangs from, then the rest."""
    n, d = plane
    taken = {(f.link, f.shape) for f in part.feet if f.name != foot.name}
    chain = [l.name for l in _chain(part, foot.link)]
    order = chain + [l.name for l in part.links if l.name not in chain]
    links = {l.name: l for l in part.links}
    for name in order:
        for i in range(len(links[name].collision)):
            if (name, i) in taken or (name, i) == (foot.link, foot.shape):
                continue
            solid = placed.solid(c, name, i)
            if solid is None:  # the link is not placed
                continue
            if abs(solid.lowest(n) - d) <= PLANE_TOLERANCE:
                return name, i
    return None


def _report(
    robot: Robot,
    placed: Placed,
    ground: Ground,
    s: Support,
    off: float,
    plane: str,
    out: Findings,
    fitted=None,
) -> None:
    at = ground.to_ground(s.lowest_point(ground.normal))
    mm = abs(off) * 1000
    how = f"stands {mm:.1f} mm above {plane}" if off > 0 else f"reaches {mm:.1f} mm below {plane}"
    c = s.component
    if s.kind != "foot" or s.foot is None:
        hint = (
            "lower it by that much (its glue, or a mount lower on the chassis)"
            if off > 0
            else "raise it by that much"
        )
        out.error(
            PLANE,
            f"the supports do not stand on one plane: {s.label} {how}",
            declared_at(c),
            components=(c.name,),
            at=at,
            label="off the ground plane",
            help=(
                hint + ", or move the feet",
                f"the feet, wheels and casters must lie "
                f"within {PLANE_TOLERANCE * 1000:g} mm of one plane",
            ),
        )
        return
    part = robot.parts[c.part]
    foot = s.foot
    servos = _servos(part, foot.link)
    held = ", ".join(
        f"'{l.name}' at {servo.hold:g} rad" for l in servos if (servo := l.servo) is not None
    )  # each of them has its servo
    held_by = f", held by the servo{'s' if len(servos) != 1 else ''} {held}" if servos else ""
    labels = [Label(part.span(f"feet.{foot.name}"), f"foot '{foot.name}'")]
    labels += [
        Label(part.span(f"links.{l.name}.servo.hold"), f"the servo of '{l.name}' holds it here")
        for l in servos
    ]
    way = "lower" if off > 0 else "raise"
    helps = [
        f"{way} the foot by {mm:.1f} mm: hold its servos elsewhere in {part.file} "
        f"(links.<link>.servo.hold)"
        + ("" if c.name == robot.chassis else ", or glue its leg at the others' height"),
        f"every foot must stand within {PLANE_TOLERANCE * 1000:g} mm of the plane the "
        "feet stand on",
    ]
    meant = _shape_on_the_plane(placed, c, part, foot, fitted) if fitted is not None else None
    if meant is not None:
        link, index = meant
        where = f"shape {foot.shape} of link '{foot.link}'"
        helps.insert(
            0,
            f"the foot names {where}, but shape {index} of link '{link}' stands on "
            f"the plane: if the leg stands on it, write feet.{foot.name}: "
            f"{{link: {link}, shape: {index}}} in {part.file}",
        )
        labels.append(
            Label(
                part.span(f"links.{link}.collision[{index}]"),
                f"shape {index} of link '{link}' stands on the ground",
            )
        )
    out.error(
        FEET,
        f"foot '{foot_name(c, foot)}' does not stand on the ground: it {how}{held_by}",
        declared_at(c),
        components=(c.name,),
        at=at,
        label="its foot is off the ground",
        labels=labels,
        help=helps,
        notes=("the statics rule cannot judge the robot while a foot stands off the ground",),
    )


# -- links_clear_the_ground -------------------------------------------------------------------


def check_links_clear(robot: Robot, placed: Placed, ground: Ground | None, out: Findings) -> None:
    """No shape of the links, other than a foot's, below the ground the feet stand on."""
    if ground is None or not ground.decided or not ground.ok:
        return
    if not any(s.kind == "foot" for s in ground.supports):
        return
    n = ground.normal
    for c in robot.components:
        part = robot.parts.get(c.part)
        if part is None or not part.links:
            continue
        feet = {(f.link, f.shape): f for f in part.feet}
        for link in part.links:
            for i in range(len(link.collision)):
                if (link.name, i) in feet:
                    continue
                solid = placed.solid(c, link.name, i)
                if solid is None:  # the link is not placed
                    continue
                depth = ground.offset - solid.lowest(n)
                if depth <= BELOW_TOLERANCE:
                    continue
                _below(robot, ground, c, part, link, i, solid, depth, out)


def _lowest_point(solid, n: np.ndarray) -> np.ndarray:
    if isinstance(solid, Round):
        ends = np.array([solid.a, solid.b])
        return ends[int(np.argmin(ends @ n))] - solid.radius * n
    v = solid.vertices
    return v[int(np.argmin(v @ n))]


def _below(
    robot: Robot,
    ground: Ground,
    c: Component,
    part: Part,
    link: Link,
    index: int,
    solid,
    depth: float,
    out: Findings,
) -> None:
    shape = link.collision[index]
    what = f"the {shape.type} (shape {index}) of link '{link.name}' of '{c.name}'"
    labels = [
        Label(
            part.span(f"links.{link.name}.collision[{index}]"),
            f"shape {index} of link '{link.name}'",
        )
    ]
    on_link = [f for f in part.feet if f.link == link.name]
    helps = []
    for f in on_link:
        labels.append(
            Label(part.span(f"feet.{f.name}.shape"), f"foot '{f.name}' names shape {f.shape}")
        )
        helps.append(
            f"if the leg stands on this shape, name it as the foot in {part.file}: "
            f"feet.{f.name}.shape: {index}"
        )
    servos = _servos(part, link.name)
    if servos:
        helps.append(
            "otherwise hold "
            + " or ".join(f"'{l.name}'" for l in servos)
            + " elsewhere (links.<link>.servo.hold), or give the link a tighter shape"
        )
    else:
        helps.append("otherwise give the link a tighter shape, or place it higher")
    out.error(
        CLEAR,
        f"{what} reaches {depth * 1000:.1f} mm below the ground the feet stand on",
        declared_at(c),
        components=(c.name,),
        at=ground.to_ground(_lowest_point(solid, ground.normal)),
        label="a link reaches below the ground",
        labels=labels,
        help=helps,
        notes=("the robot stands on its feet: the shapes its feet name, as the servos hold them",),
    )


# -- legs_on_a_legged_chassis ----------------------------------------------------------------


def check_legs(robot: Robot, out: Findings) -> None:
    found = _chassis(robot)
    if found is None:
        return
    chassis, cpart = found
    legs = [c for c in robot.components if c.type == "Leg"]
    own_feet = ", ".join(f.name for f in cpart.feet)
    for leg in legs:
        if robot.chassis_type != "Legged":
            rolls = "its tracks" if robot.chassis_type == "Tracked" else "its wheels"
            out.error(
                LEGS,
                f"leg '{leg.name}' is placed on a {robot.chassis_type} base, which "
                f"rolls on {rolls}: the leg would hang from it",
                declared_at(leg),
                components=(leg.name,),
                label="a leg on a rolling base",
                help=(
                    "place legs on a Legged chassis without legs of its own",
                    "a part that hangs from a rolling base is an Attachment",
                ),
            )
            continue
        if cpart.feet:
            out.error(
                LEGS,
                f"leg '{leg.name}' is placed on '{chassis.name}' ({cpart.key}), a "
                f"Legged chassis with legs of its own (feet {own_feet}): it walks "
                "on them alone, as its walking controller was made for them",
                declared_at(leg),
                components=(leg.name,),
                label="a leg on a chassis with legs of its own",
                labels=(Label(cpart.span("feet"), "its own feet"),),
                help=(
                    "remove the leg, or use a Legged chassis without feet, whose legs "
                    "are parts placed on it",
                ),
            )
            continue
        why = _hangs_loose(robot, leg)
        if why is not None:
            text, at = why
            out.error(
                LEGS,
                f"leg '{leg.name}' {text}",
                declared_at(leg),
                components=(leg.name,),
                label="hangs from a joint no servo turns",
                labels=(Label(at, "here"),) if at is not None else (),
                help=(
                    "glue the leg onto a connector fixed to the chassis, or onto a part "
                    "fixed to it (a spacer), that does not steer",
                ),
            )
    if robot.chassis_type == "Legged" and not cpart.feet and not legs:
        free = [f for f in robot.free_connectors if f.startswith(f"{chassis.name}.")]
        helps = [
            'place legs on it: Leg <name>(ref = "<leg part>", glue = (x, y, z, nx, ny, '
            "nz)), on the connectors its legs mate on"
        ]
        if free:
            helps.append("its free connectors are: " + ", ".join(free))
        out.error(
            LEGS,
            f"the Legged chassis '{chassis.name}' ({cpart.key}) has no legs of its "
            "own and carries none: it has nothing to stand on",
            declared_at(chassis),
            components=(chassis.name,),
            label="no legs",
            help=helps,
        )


def _hangs_loose(robot: Robot, leg: Component) -> tuple[str, Span | None] | None:
    """Why a leg does not hang fixed from the chassis: a connector on its way up that steers,
    or a joint that turns (a part on a wheel), or None."""
    c, seen = leg, set()
    while c.parent is not None and c.name not in seen:
        seen.add(c.name)
        if c.joint != "fixed":
            who = "it" if c is leg else f"'{c.name}', which it hangs from,"
            return (
                f"hangs from a joint that turns: {who} mates on a {c.joint} joint",
                declared_at(c),
            )
        try:
            parent = robot.component(c.parent)
        except KeyError:
            return None
        ppart = robot.parts.get(parent.part)
        conn = ppart.connectors.get(c.host_connector or "") if ppart is not None else None
        if ppart is not None and conn is not None and conn.steering is not None:
            on = "" if c is leg else f" through '{c.name}', which is placed on it"
            return (
                f"hangs from connector '{conn.name}' of '{parent.name}', which steers"
                f"{on}: it would turn about a kingpin no servo turns",
                ppart.span(f"connectors.{conn.name}.steering"),
            )
        c = parent
    return None


# -- walkers ---------------------------------------------------------------------------------


def check_walkers(robot: Robot, walkers: Mapping[str, Walker] | None, out: Findings) -> str | None:
    """The walker the robot walks by ("library/id"), or None: none of the libraries' walkers
    is its robot, or two are (``one_walker``), or the walkers were not given."""
    keys = matching_walkers(robot, walkers)
    if len(keys) <= 1:
        return keys[0] if keys else None
    assert walkers is not None, "walkers matched, so they were given"
    found = _chassis(robot)
    chassis = found[0] if found else None
    labels = []
    for key in keys:
        w = walkers[key]
        labels.append(
            Label(w.spans.get("assembly", w.spans.get("", Span(w.file, 1, 1))), f"walker '{key}'")
        )
    names = ", ".join(f"'{k}'" for k in keys)
    out.error(
        ONE_WALKER,
        f"the robot is the robot of {len(keys)} walkers, {names}: which one "
        "it walks by is not the program's to say",
        declared_at(chassis) if chassis else robot.span,
        components=(robot.chassis,),
        label="its body and legs are two walkers'",
        labels=labels,
        help=(
            "keep one of them in the libraries: delete the other from walkers in its library.yaml",
            "or place the legs otherwise, and the robot walks by its body's gait",
        ),
    )
    return None


# -- walker_trained_gains ----------------------------------------------------------------------


def check_walker_gains(robot: Robot, walker: Walker | None, out: Findings) -> None:
    """A robot walking by a walker's policy has servos within TRAINED_TOLERANCE of the kp
    the policy was trained at; a walker that states none is warned of."""
    if walker is None:
        return
    legs = limb_components(robot, walker)
    if legs is None:
        return
    key = f"{walker.library}/{walker.id}"
    if not walker.trained_kp:
        at = walker.spans.get("controller", walker.spans.get("", Span(walker.file, 1, 1)))
        out.warning(
            UNTRAINED,
            f"the robot walks by the walker '{key}', which does not state "
            "the servo gains its policy was trained at, so nothing checks "
            "that its servos are those",
            at,
            components=(robot.chassis,),
            label="no controller.trained_kp",
            help=(
                f"state controller.trained_kp in {walker.file}: the kp the policy "
                "was trained at, one number for every joint or a kp by joint",
            ),
        )
        return
    for joint, trained in walker.trained_kp.items():
        owner, _, link_name = joint.partition("/")
        name = robot.chassis if owner == "body" else legs.get(owner)
        if name is None:  # no limb of that name: no component to judge
            continue
        try:
            c = robot.component(name)
        except KeyError:
            continue
        part = robot.parts.get(c.part)
        link = next((l for l in part.links if l.name == link_name), None) if part else None
        if part is None or link is None or link.servo is None:
            continue
        kp = link.servo.kp
        if abs(kp - trained) <= TRAINED_TOLERANCE * trained * (1 + 1e-9):
            continue
        low, high = trained * (1 - TRAINED_TOLERANCE), trained * (1 + TRAINED_TOLERANCE)
        labels = (
            Label(
                walker.spans.get("controller.trained_kp") or Span(walker.file, 1, 1),
                f"trained at kp {trained:g}",
            ),
        )
        out.error(
            TRAINED,
            f"the servo of '{c.name}.{link_name}' has kp {kp:g} N·m/rad, but "
            f"the walker '{key}' the robot walks by was trained with kp "
            f"{trained:g} N·m/rad at '{joint}' ({(kp / trained - 1) * 100:+.0f} "
            f"%): its policy walks only near the gains it was trained at",
            part.span(f"links.{link_name}.servo.kp"),
            components=(c.name,),
            label=f"kp {kp:g}",
            labels=labels,
            help=(
                f"set links.{link_name}.servo.kp in {part.file} to {trained:g} (within "
                f"{TRAINED_TOLERANCE * 100:.0f} %: {low:.3g} to {high:.3g} N·m/rad)",
                "or retrain the walker's policy on these servos and state their kp "
                f"as controller.trained_kp in {walker.file}",
            ),
            notes=(
                "a policy's actions are servo targets: on stiffer or softer servos "
                "the same targets make other torques, and the demo walker, trained "
                "at kp 15, falls short of the asked turn at kp 18 and falls at 21",
            ),
        )


# -- gait_walks_the_feet ---------------------------------------------------------------------


def check_gait(robot: Robot, walker: str | None, out: Findings) -> None:
    """The chassis's gait steps the robot's feet: an even number, four or more, each by two
    servos of its own. Not judged when the robot walks by a walker, or by no gait."""
    found = _chassis(robot)
    if walker is not None or found is None or robot.chassis_type != "Legged":
        return
    chassis, cpart = found
    if not isinstance(cpart.controller, dict) or "gait" not in cpart.controller:
        return
    feet = standing_feet(robot)
    if not feet:
        return  # legs_on_a_legged_chassis: nothing to stand on
    gait_at = Label(cpart.span("controller.gait"), "its gait")
    if len(feet) < 4 or len(feet) % 2:
        names = ", ".join(foot_name(c, f) for c, _, f in feet)
        out.error(
            GAIT,
            f"the gait of '{chassis.name}' ({cpart.key}) steps every other leg, so "
            f"the robot stands on an even number of feet, four or more; it stands "
            f"on {len(feet)}: {names}",
            declared_at(chassis),
            components=(chassis.name,),
            label=f"a gait on {len(feet)} feet",
            labels=(gait_at,),
            help=(
                "place the legs in pairs, four or more",
                "or walk it by a walker trained for it on its legs",
            ),
        )
    by_component: dict[str, list[tuple[Component, Part, Foot]]] = {}
    for item in feet:
        by_component.setdefault(item[0].name, []).append(item)
    for group in by_component.values():
        part = group[0][1]
        chains = {f.name: [l.name for l in _chain(part, f.link)] for _, _, f in group}
        for c, _, foot in group:
            if foot.link not in {l.name for l in part.links}:
                continue  # undecided
            others = set().union(*(v for k, v in chains.items() if k != foot.name))
            servos = [l for l in _servos(part, foot.link)]
            own = [l.name for l in servos if l.name not in others]
            if len(own) >= 2:
                continue
            shared = [l.name for l in servos if l.name in others]
            detail = f"{len(own)} of its own" + (f" ({', '.join(own)})" if own else "")
            if shared:
                detail += (
                    f"; {', '.join(shared)} turn{'s' if len(shared) == 1 else ''} other feet too"
                )
            out.error(
                GAIT,
                f"the gait of '{chassis.name}' steps each foot by at least two "
                f"servos of its own, one to lift it and one to swing it; foot "
                f"'{foot_name(c, foot)}' has {detail}",
                declared_at(c),
                components=(c.name,),
                label="a foot the gait cannot step",
                labels=(Label(part.span(f"feet.{foot.name}"), f"foot '{foot.name}'"), gait_at),
                help=(
                    "use a leg with two hinges of its own between its frame and its foot",
                    "or walk the robot by a walker trained for it on its legs",
                ),
            )

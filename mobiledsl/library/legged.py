"""The legged fields of a part's declaration: ``links``, ``feet``, ``gait`` and ``controller``.

The loader calls ``check_legged_fields`` once a part's category and profiles are known; it
checks the four top-level keys (and the ``Legged`` profile's category) and hands back the
records, or None after reporting what is wrong. The checks of a walking controller's policy
are shared with walkers (walkers.py), which state the same policy plus the joints it moves.

Where a rule is decided here and how (see docs/legged.md):

- links: on a chassis, an attachment or a leg only; required on a leg. Each link after its
  parent; a revolute joint states axis (unit) and range (lowest below highest) and a servo;
  a fixed one none of them.
- feet: on a leg or a part used as Legged; each on a shape of its link's collision (counted
  from 0), not a cylinder, one foot a shape.
- gait: on a part used as Legged (never a leg); required on a Legged chassis.
- controller: a policy or a gait, on the same parts as a gait. A policy needs feet of the
  chassis's own and servos to move; a gait needs the chassis's own feet, when it has any, to
  be an even number, four or more, each stepped by two servos of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import Any

from ..diagnostics import Label, Span, excerpt
from ..recordtype import mutable_record, record
from ..yamlio import YNode
from .fields import IDENTIFIER, Fields, format_number
from .inertia import check_inertial
from .model import Foot, Gait, Link, LinkJoint, Servo, Shape
from .paths import check_asset_path, check_visual
from .shapes import LINK_SHAPES, check_shape_list

LEGGED_KEYS = ("links", "feet", "gait", "controller")
LINK_CATEGORIES = ("chassis", "attachment", "leg")
OBSERVATION_TERMS = (
    "linear_velocity",
    "angular_velocity",
    "gravity",
    "command",
    "joint_angles",
    "joint_velocities",
    "last_action",
    "phase",
)
INTEGRATORS = ("Euler", "implicit", "implicitfast")
MAX_ITERATIONS = 2147483647
GAIT_TICK = Decimal("0.004")  # the gait is worked out every 4 ms
MIN_ALL_DOWN = 2 * GAIT_TICK  # every foot down together, twice a period
MIN_IN_AIR = 10 * GAIT_TICK  # each foot's flight along its arc

POLICY_REQUIRED = ("policy", "period", "imu", "observation", "action_scale", "simulator", "basis")
POLICY_OPTIONAL = ("hidden", "phase")


@record
class LeggedFields:
    """What check_legged_fields read. ``spans`` maps dotted paths under the four keys
    ("links.head.servo.kp", "feet.foot.shape", "controller.simulator.timestep", list items
    as "controller.observation.2") to their places, in the convention of ``Part.spans``."""

    links: tuple[Link, ...] = ()
    feet: tuple[Foot, ...] = ()
    gait: Gait | None = None
    controller: dict[str, Any] | None = None
    spans: dict[str, Span] = field(default_factory=dict)


@mutable_record
class _LinkInfo:
    """What later checks need of a declared link, even one whose own checks failed."""

    name: str
    parent: str | None = None
    joint_type: str | None = None
    collision: tuple[Shape, ...] | None = None  # None: not checked (failed); (): none stated
    servo: bool = False  # states a servo on a revolute joint
    record: Link | None = None


# ------------------------------------------------------------------------------------------
# the entry point


def check_legged_fields(
    F: Fields,
    root: YNode,
    part_dir: Path | str,
    category: str | None,
    profile_types: Iterable[str] | None,
    spans: bool = True,
) -> LeggedFields | None:
    """Check ``links``, ``feet``, ``gait`` and ``controller`` of a part's component.yaml.

    ``category`` is the part's checked category (None when it could not be read) and
    ``profile_types`` the names under its ``profiles`` (None when they could not be read);
    rules that depend on an unknown one are skipped rather than guessed. Also reports
    library.invalid_value at ``profiles.Legged`` on a part that is not a chassis. Returns
    None when it reported an error, else the records (empty when the part states none).
    Without ``spans`` their places are not gathered (the loader takes a part's own)."""
    was_failed = F.failed
    F.failed = False
    try:
        result = _check_part(
            F,
            root,
            part_dir,
            category,
            None if profile_types is None else set(profile_types),
            spans,
        )
        failed = F.failed
    finally:
        F.failed = was_failed or F.failed
    return None if failed else result


def _check_part(
    F: Fields,
    root: YNode,
    part_dir: Path | str,
    category: str | None,
    profiles: set[str] | None,
    with_spans: bool,
) -> LeggedFields:
    legged = profiles is not None and "Legged" in profiles
    is_leg = category == "leg"
    is_chassis = category == "chassis"
    if legged and category is not None and not is_chassis:
        node = root.get("profiles")
        span = node.key_span("Legged") if node is not None else root.span
        F.invalid(
            span,
            "profiles.Legged",
            f"makes a part of category {category} a Legged base: only a chassis is used as Legged",
            help="delete the Legged profile; a leg made apart from its body is "
            "category leg, used as Leg"
            if category != "leg"
            else "a leg is used as Leg, placed on a Legged chassis: write "
            "profiles: {Leg: {mounts: {default: <connector>}}}",
        )

    # links ---------------------------------------------------------------------------
    links_node = root.get("links")
    links: dict[str, _LinkInfo] | None = None  # None: absent, not allowed or unreadable
    if links_node is not None:
        if category is not None and category not in LINK_CATEGORIES:
            F.unsupported(
                root,
                "links",
                "links",
                f"only a chassis, an attachment or a leg "
                f"moves links of its own, and this part is a {category}",
            )
        else:
            links = _check_links(F, links_node, Path(part_dir))
    elif is_leg:
        F.missing(root, "links", "a leg moves its feet by links of its own")

    # feet ----------------------------------------------------------------------------
    feet_node = root.get("feet")
    feet: list[Foot] | None = None
    if feet_node is not None:
        if category is not None and profiles is not None and not (legged or is_leg):
            F.unsupported(
                root,
                "feet",
                "feet",
                "only a leg and a part used as Legged stand "
                "on feet, and this part's profiles do not list Legged",
            )
        elif links_node is None:
            if not is_leg:  # a leg was told already that it states no links
                F.missing(
                    root,
                    "links",
                    "feet stand on shapes of the part's links, and this part states none",
                )
        else:
            feet = _check_feet(F, feet_node, links)
    elif is_leg:
        F.missing(root, "feet", "a leg stands on feet of its own")

    # gait ----------------------------------------------------------------------------
    gait_node = root.get("gait")
    gait: Gait | None = None
    if gait_node is not None:
        if is_leg:
            F.unsupported(
                root, "gait", "gait", "a leg walks by the gait of the chassis it is placed on"
            )
        elif profiles is not None and not legged:
            F.unsupported(
                root,
                "gait",
                "gait",
                "only a part used as Legged states a gait, "
                "and this part's profiles do not list Legged",
            )
        else:
            gait = check_gait(F, gait_node, "gait")
    elif legged and is_chassis:
        F.missing(
            root,
            "gait",
            "a chassis used as Legged states the commands its walking "
            "controller takes: ahead, aside and turn",
        )

    # controller ----------------------------------------------------------------------
    controller_node = root.get("controller")
    controller: dict[str, Any] | None = None
    if controller_node is not None:
        if is_leg:
            F.unsupported(
                root,
                "controller",
                "controller",
                "a leg walks by the controller of the chassis it is placed on, or by a walker",
            )
        elif profiles is not None and not legged:
            F.unsupported(
                root,
                "controller",
                "controller",
                "only a part used as Legged walks, and this part's profiles do not list Legged",
            )
        else:
            controller = _check_part_controller(
                F,
                controller_node,
                Path(part_dir),
                links,
                links_node is not None,
                feet_node,
                feet,
                is_chassis,
            )

    spans: dict[str, Span] = {}
    for key in LEGGED_KEYS if with_spans else ():
        node = root.get(key)
        if node is not None:
            record_spans(node, key, spans)
    return LeggedFields(
        links=tuple(info.record for info in (links or {}).values() if info.record is not None),
        feet=tuple(feet or ()),
        gait=gait,
        controller=controller,
        spans=spans,
    )


def record_spans(node: YNode, path: str, spans: dict[str, Span]) -> None:
    """Record the place of ``node`` and of everything below it under dotted paths, as the
    loader's ``collect_spans`` does: "a.b" for a mapping's value, "a.0" for a list's item
    (numbers inside lists are not listed: their list's place stands for them)."""
    stack: list[tuple[str, YNode]] = [(path, node)]
    while stack:
        here, n = stack.pop()
        spans[here] = n.span
        if n.is_map:
            prefix = f"{here}." if here else ""
            stack.extend((prefix + key, child) for key, child in n.items())
        elif n.is_seq:
            stack.extend(
                (f"{here}.{i}", child) for i, child in enumerate(n.value) if not child.is_number
            )


# ------------------------------------------------------------------------------------------
# links


def _check_links(F: Fields, node: YNode, part_dir: Path) -> dict[str, _LinkInfo] | None:
    if not node.is_map or not node.value:
        _names_none(F, node, "links", "link", "a mapping from each link's name to what it states")
        return None
    names = list(node.value)
    infos: dict[str, _LinkInfo] = {}
    for index, (name, link_node) in enumerate(node.items()):
        path = f"links.{name}"
        if not IDENTIFIER.match(name):
            F.invalid(
                node.key_span(name),
                path,
                f"is named '{name}', which is not an "
                "identifier (letters, digits and _, not starting with a digit)",
                help="rename the link, and every parent, foot and hidden entry that names it",
            )
        infos[name] = _check_link(
            F, name, link_node, path, part_dir, above=names[:index], below=names[index + 1 :]
        )
    return infos


def _check_link(
    F: Fields, name: str, node: YNode, path: str, part_dir: Path, above: list[str], below: list[str]
) -> _LinkInfo:
    info = _LinkInfo(name)
    if not F.mapping(node, path):
        return info
    ok = F.keys(node, path, ("parent", "joint", "inertial", "visual"), ("collision", "servo"))

    parent_ok = False
    parent_node = node.get("parent")
    if parent_node is not None:
        if parent_node.is_null:
            parent_ok = True
        elif not parent_node.is_str:
            F.wrong_type(parent_node, f"{path}.parent", "the name of a link, or null")
        else:
            parent = parent_node.value
            if parent == name:
                F.invalid(
                    parent_node,
                    f"{path}.parent",
                    "names the link itself: a link hangs "
                    "from the part frame (null) or from a link declared above it",
                )
            elif parent in below:
                F.invalid(
                    parent_node,
                    f"{path}.parent",
                    f"names '{parent}', which is "
                    f"declared below '{name}': each link comes after the one it hangs "
                    "from",
                    help=f"move links.{parent} above links.{name}",
                )
            elif parent not in above:
                F.invalid(
                    parent_node,
                    f"{path}.parent",
                    f"names '{parent}', which is no link of this part",
                    help="name a link declared above this one, "
                    "or write null for the part frame"
                    + (f"; the links above are: {', '.join(above)}" if above else ""),
                )
            else:
                info.parent = parent
                parent_ok = True

    joint_type, joint, rng = _check_link_joint(F, node.get("joint"), f"{path}.joint")
    info.joint_type = joint_type

    inertial_node = node.get("inertial")
    inertial = (
        check_inertial(F, inertial_node, f"{path}.inertial", own_part=False)
        if inertial_node is not None
        else None
    )
    visual_node = node.get("visual")
    visual = (
        check_visual(F, visual_node, part_dir, f"{path}.visual")
        if visual_node is not None
        else None
    )
    collision_node = node.get("collision")
    if collision_node is None:
        info.collision = ()
    else:
        info.collision = check_shape_list(F, collision_node, f"{path}.collision", LINK_SHAPES)

    servo: Servo | None = None
    servo_ok = True
    servo_node = node.get("servo")
    if joint_type == "fixed" and servo_node is not None:
        F.unsupported(
            node, "servo", f"{path}.servo", "a fixed joint does not turn, so no servo turns it"
        )
        servo_ok = False
    elif joint_type == "revolute":
        if servo_node is None:
            F.missing(
                node, f"{path}.servo", "a revolute joint is turned by the servo that holds it"
            )
            servo_ok = False
        else:
            info.servo = True
            servo = _check_servo(F, servo_node, f"{path}.servo", rng)
            servo_ok = servo is not None
    elif servo_node is not None:
        info.servo = True  # an unknown joint type: its servo counts as stated
        servo_ok = False

    if (
        ok
        and parent_ok
        and joint is not None
        and inertial is not None
        and visual is not None
        and info.collision is not None
        and servo_ok
    ):
        info.record = Link(name, info.parent, joint, inertial, visual, info.collision, servo)
    return info


def _check_link_joint(
    F: Fields, node: YNode | None, path: str
) -> tuple[str | None, LinkJoint | None, tuple[float, float] | None]:
    """(the joint's type, the joint, its range): the type and the range whenever they could
    be read, so that the servo's hold is judged even when something else is wrong."""
    if node is None or not F.mapping(node, path):
        return None, None, None
    joint_type = None
    type_node = node.get("type")
    if type_node is not None:
        text = F.string(type_node, f"{path}.type")
        if text in ("revolute", "fixed"):
            joint_type = text
        elif text is not None:
            why = {
                "prismatic": "; a link joint that slides is not in this version",
                "continuous": "; a link turns within a range, so write revolute with its range",
            }.get(text, "")
            F.invalid(
                type_node,
                f"{path}.type",
                f"is '{excerpt(text)}', but a link joint is revolute or fixed{why}",
                help="write type: revolute (with axis and range) or type: fixed",
            )
    required = ("type", "xyz", "rpy") + (("axis", "range") if joint_type == "revolute" else ())
    ok = F.keys(node, path, required, ("axis", "range"))
    xyz = F.vec3(node.get("xyz"), f"{path}.xyz")
    rpy = F.vec3(node.get("rpy"), f"{path}.rpy")
    axis = rng = None
    if joint_type == "fixed":
        for key in ("axis", "range"):
            if node.get(key) is not None:
                F.unsupported(node, key, f"{path}.{key}", "a fixed joint does not turn")
                ok = False
    else:
        axis = F.unit_vec3(node.get("axis"), f"{path}.axis")
        rng = check_range(F, node.get("range"), f"{path}.range", strict=True)
        if (node.get("axis") is not None and axis is None) or (
            node.get("range") is not None and rng is None
        ):
            ok = False
    if not ok or joint_type is None or xyz is None or rpy is None:
        return joint_type, None, rng
    if joint_type == "revolute":
        return joint_type, LinkJoint("revolute", xyz, rpy, axis, rng), rng
    return joint_type, LinkJoint("fixed", xyz, rpy), None


def check_range(
    F: Fields, node: YNode | None, path: str, strict: bool
) -> tuple[float, float] | None:
    """[lowest, highest]: two numbers, the lowest below (strict) or at most the highest."""
    values = F.numbers(node, path, 2, "[lowest, highest], two numbers")
    if values is None or node is None:
        return None
    lo, hi = values
    if lo > hi or (strict and lo == hi):
        a, b = node.value
        F.invalid(
            node,
            path,
            f"runs from {a.raw} to {b.raw}: it is [lowest, highest], the "
            f"lowest {'below' if strict else 'at most'} the highest",
            help=f"write [{b.raw}, {a.raw}]"
            if lo > hi
            else "give the two ends of the range it turns through",
        )
        return None
    return lo, hi


def _check_servo(
    F: Fields, node: YNode, path: str, rng: tuple[float, float] | None
) -> Servo | None:
    if not F.mapping(node, path):
        return None
    ok = F.keys(
        node, path, ("kp", "damping", "armature", "frictionloss", "effort", "hold"), ("basis",)
    )
    kp = F.number(node.get("kp"), f"{path}.kp", positive=True)
    damping = F.number(node.get("damping"), f"{path}.damping", nonnegative=True)
    armature = F.number(node.get("armature"), f"{path}.armature", nonnegative=True)
    friction = F.number(node.get("frictionloss"), f"{path}.frictionloss", nonnegative=True)
    effort = F.number(node.get("effort"), f"{path}.effort", positive=True)
    hold_node = node.get("hold")
    hold = F.number(hold_node, f"{path}.hold")
    basis_node = node.get("basis")
    basis = F.string(basis_node, f"{path}.basis")
    if (
        hold is not None
        and hold_node is not None
        and rng is not None
        and not rng[0] <= hold <= rng[1]
    ):
        F.invalid(
            hold_node,
            f"{path}.hold",
            f"is {hold_node.raw}, outside the joint's range "
            f"[{format_number(rng[0], 6)}, {format_number(rng[1], 6)}]",
            help="state the angle the servo holds when nothing commands it, within the range",
        )
        hold = None
    values = (kp, damping, armature, friction, effort, hold)
    if not ok or any(v is None for v in values) or (basis_node is not None and basis is None):
        return None
    return Servo(kp, damping, armature, friction, effort, hold, basis)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------
# feet


def _check_feet(F: Fields, node: YNode, links: dict[str, _LinkInfo] | None) -> list[Foot] | None:
    if not node.is_map or not node.value:
        _names_none(
            F, node, "feet", "foot", "a mapping from each foot's name to {link, shape, friction}"
        )
        return None
    feet: list[Foot] = []
    ok = True
    taken: dict[tuple[str, int], str] = {}
    for name, foot_node in node.items():
        path = f"feet.{name}"
        if not IDENTIFIER.match(name):
            F.invalid(
                node.key_span(name),
                path,
                f"is named '{name}', which is not an "
                "identifier (letters, digits and _, not starting with a digit)",
            )
            ok = False
        if not foot_node.is_map:
            F.wrong_type(foot_node, path, "a mapping {link, shape, friction}")
            ok = False
            continue
        ok &= F.keys(foot_node, path, ("link", "shape", "friction"))
        link = None
        link_node = foot_node.get("link")
        if link_node is not None:
            if not link_node.is_str:
                F.wrong_type(link_node, f"{path}.link", "the name of a link")
            else:
                link = link_node.value
        shape_node = foot_node.get("shape")
        index = whole_number(
            F,
            shape_node,
            f"{path}.shape",
            0,
            None,
            "a whole number counting the link's collision shapes from 0",
        )
        friction = F.number(foot_node.get("friction"), f"{path}.friction", positive=True)
        if link is not None and link_node is not None and links is not None:
            info = links.get(link)
            if info is None:
                F.invalid(
                    link_node,
                    f"{path}.link",
                    f"names '{link}', which is no link of this part",
                    help=f"name one of: {', '.join(links)}",
                )
                link = None
            elif index is not None and shape_node is not None and info.collision is not None:
                shapes = info.collision
                if index >= len(shapes):
                    F.invalid(
                        shape_node,
                        f"{path}.shape",
                        f"is {index}, but links.{link} states no collision shapes"
                        if not shapes
                        else f"is {index}, but links.{link} has {len(shapes)} collision "
                        f"shape{'s' if len(shapes) > 1 else ''}, counted from 0",
                        help="name the shape the foot stands on by its place in the "
                        "link's collision list, the first being 0",
                    )
                    index = None
                elif shapes[index].type == "cylinder":
                    F.unsupported(
                        foot_node,
                        "shape",
                        f"{path}.shape",
                        f"links.{link}.collision[{index}] is a cylinder; a foot is a "
                        "sphere, a capsule or a box",
                    )
                    index = None
                elif (link, index) in taken:
                    F.invalid(
                        shape_node,
                        f"{path}.shape",
                        f"names links.{link}.collision"
                        f"[{index}], which feet.{taken[(link, index)]} stands on "
                        "already: two feet name two shapes",
                        help="give each foot a shape of its own",
                    )
                    index = None
                else:
                    taken[(link, index)] = name
        if link is None or index is None or friction is None:
            ok = False
            continue
        feet.append(Foot(name, link, index, friction))
    return feet if ok and links is not None else None


# ------------------------------------------------------------------------------------------
# gait (the commands a Legged chassis or a walker takes)


def check_gait(F: Fields, node: YNode, path: str) -> Gait | None:
    """``{ahead, aside, turn}``, each [lowest, highest] with 0 among them."""
    if not F.mapping(node, path):
        return None
    ok = F.keys(node, path, ("ahead", "aside", "turn"))
    ranges = []
    for key, unit in (("ahead", "m/s"), ("aside", "m/s"), ("turn", "rad/s")):
        value_node = node.get(key)
        rng = check_range(F, value_node, f"{path}.{key}", strict=False)
        if rng is not None and value_node is not None and not rng[0] <= 0.0 <= rng[1]:
            a, b = value_node.value
            F.invalid(
                value_node,
                f"{path}.{key}",
                f"runs from {a.raw} to {b.raw} {unit}, which leaves out standing still, 0",
                help="widen the range to take in 0: a walking controller can be told to stop",
            )
            rng = None
        ranges.append(rng)
    if not ok or any(r is None for r in ranges):
        return None
    return Gait(*ranges)  # type: ignore[arg-type]


# ------------------------------------------------------------------------------------------
# walking controller


@mutable_record
class PolicyContext:
    """What a policy's names refer to. ``servos`` are the names joints and hidden take (a
    part: link names; a walker: owner/link), None when they could not be worked out;
    ``imu_links`` the links an IMU may sit on (None: unknown)."""

    base_dir: Path
    servos: list[str] | None
    imu_links: set[str] | None
    walker: bool = False
    owners: dict[str, set[str]] | None = None  # a walker: owner -> its part's link names


def _check_part_controller(
    F: Fields,
    node: YNode,
    part_dir: Path,
    links: dict[str, _LinkInfo] | None,
    links_stated: bool,
    feet_node: YNode | None,
    feet: list[Foot] | None,
    is_chassis: bool,
) -> dict[str, Any] | None:
    if not F.mapping(node, "controller"):
        return None
    has_policy = "policy" in node.value
    has_gait = "gait" in node.value
    if has_policy and has_gait:
        F.error(
            "library.unknown_field",
            "'controller' states both a policy and a gait: a "
            "walking controller is one or the other",
            node.key_span("gait"),
            label="a gait beside a policy",
            help="keep policy with its fields, or gait with its basis",
        )
        node = _without(node, "gait")
    if has_policy:
        servos = None
        if links is not None:
            servos = [name for name, info in links.items() if info.servo]
        elif not links_stated:
            servos = []
        ctx = PolicyContext(
            part_dir,
            servos,
            set(links) if links is not None else (set() if not links_stated else None),
        )
        policy = check_policy(F, node, "controller", ctx)
        if is_chassis and feet_node is None:
            F.unsupported(
                node,
                "policy",
                "controller.policy",
                "a policy walks the legs it "
                "was trained on, the part's own, and this chassis has no feet of "
                "its own; a chassis whose legs are parts walks by a gait or by a "
                "walker",
            )
            return None
        if servos is not None and not servos:
            F.invalid(
                node.key_span("policy"),
                "controller.policy",
                "is a policy on a part none of whose links has a servo: it has nothing to move",
                help="give the links that walk their servos, or walk by a gait",
            )
            return None
        if (
            policy is not None
            and servos
            and not policy_file_fits(F, node, "controller", part_dir, policy, len(servos))
        ):
            return None
        return policy
    if has_gait:
        controller = check_gait_controller(F, node, "controller")
        if (
            controller is not None
            and is_chassis
            and feet is not None
            and feet_node is not None
            and links is not None
        ):
            if not _gait_steps_feet(F, node, feet, links, feet_node):
                return None
        return controller
    F.error(
        "library.missing_field",
        "'controller' states neither a policy nor a gait",
        node.span,
        label="no policy or gait here",
        help="add policy: assets/<file>.onnx with its period, imu, observation, "
        "action_scale, simulator and basis, or gait: {period, duty, step_height} "
        "with its basis",
    )
    return None


def _without(node: YNode, key: str) -> YNode:
    return YNode(
        "map",
        {k: v for k, v in node.items() if k != key},
        node.span,
        key_spans={k: s for k, s in node.key_spans.items() if k != key},
    )


def check_policy(
    F: Fields,
    node: YNode,
    path: str,
    ctx: PolicyContext,
    extra_required: tuple[str, ...] = (),
    extra_optional: tuple[str, ...] = (),
) -> dict[str, Any] | None:
    """The policy form of a walking controller, as plain data (numbers as floats, the
    solver's iteration counts as ints); ``extra_required`` keys (a walker's joints) are
    allowed and required here, ``extra_optional`` ones (a walker's trained gains) allowed,
    and both checked by the caller."""
    ok = F.keys(node, path, POLICY_REQUIRED + extra_required, POLICY_OPTIONAL + extra_optional)
    out: dict[str, Any] = {}
    policy_node = node.get("policy")
    policy = (
        check_asset_path(F, policy_node, ctx.base_dir, f"{path}.policy", must_exist=True)
        if policy_node is not None
        else None
    )
    period_node = node.get("period")
    period = F.number(period_node, f"{path}.period", positive=True)
    imu = _check_imu(F, node.get("imu"), f"{path}.imu", ctx)
    observation = _check_observation(F, node.get("observation"), f"{path}.observation")
    hidden_node = node.get("hidden")
    hidden = (
        check_servo_names(F, hidden_node, f"{path}.hidden", ctx, "hidden", every=False)
        if hidden_node is not None
        else None
    )
    action_scale = F.number(node.get("action_scale"), f"{path}.action_scale", positive=True)

    phase = None
    phase_ok = True
    phase_node = node.get("phase")
    lists_phase = observation is not None and "phase" in observation
    if phase_node is not None:
        if observation is not None and not lists_phase:
            F.invalid(
                node.key_span("phase"),
                f"{path}.phase",
                "is stated, but the observation does not list phase",
                help="add phase to the observation where the policy reads it, or delete phase",
            )
            phase_ok = False
        else:
            phase = _check_phase(F, phase_node, f"{path}.phase")
            phase_ok = phase is not None
    elif lists_phase:
        F.missing(
            node,
            f"{path}.phase",
            "the observation lists phase, so the policy states the gait's frequency and offsets",
        )
        phase_ok = False

    simulator, timestep_node = _check_simulator(F, node.get("simulator"), f"{path}.simulator")
    if period is not None and simulator is not None:
        assert period_node is not None and timestep_node is not None, (
            "a period is read from its node, a simulator with its timestep's"
        )
        period_raw, timestep_raw = number_text(period_node), number_text(timestep_node)
        steps = whole_steps(period_raw, timestep_raw)
        if steps is None:
            ratio = float(Decimal(period_raw) / Decimal(timestep_raw))
            lower = max(1, int(ratio))
            options = sorted({lower, lower + 1})
            F.invalid(
                period_node,
                f"{path}.period",
                f"is {period_raw} s, which is no "
                f"whole number of the simulator's {timestep_raw} s steps "
                f"({format_number(ratio, 4)} of them)",
                help="make the period a whole number of timesteps, such as "
                + " or ".join(format_number(n * float(Decimal(timestep_raw)), 9) for n in options),
            )
            period = None
    basis = F.string(node.get("basis"), f"{path}.basis")

    parts = (policy, period, imu, observation, action_scale, simulator, basis)
    if (
        not ok
        or any(v is None for v in parts)
        or not phase_ok
        or (hidden_node is not None and hidden is None)
    ):
        return None
    out["policy"] = policy
    out["period"] = period
    out["imu"] = imu
    out["observation"] = observation
    if hidden is not None:
        out["hidden"] = hidden
    out["action_scale"] = action_scale
    if phase is not None:
        out["phase"] = phase
    out["simulator"] = simulator
    out["basis"] = basis
    return out


def policy_file_fits(
    F: Fields, node: YNode, path: str, base_dir: Path, policy: dict[str, Any], servos: int
) -> bool:
    """The ONNX file itself against a sound declaration (``check_policy``'s result), the
    policy moving ``servos``: checked last, since the sizes it must have follow from the
    observation, the phase and the servos."""
    from .policycheck import check_policy_file, observation_size

    observed = observation_size(policy["observation"], policy.get("phase"), servos)
    policy_node = node.get("policy")
    assert policy_node is not None, "check_policy read the policy from this node"
    return check_policy_file(
        F, policy_node, base_dir, policy["policy"], f"{path}.policy", observed, servos
    )


def number_text(node: YNode) -> str:
    """A number's text as written, of a node ``Fields.number`` took (only a number has
    one)."""
    assert node.raw is not None, "a number node keeps its text"
    return node.raw


def whole_steps(period_raw: str, timestep_raw: str) -> int | None:
    """How many timesteps a period is, judged on the decimals as written (allowing a
    relative 1e-9 for a number a tool printed with a rounding error); None when it is not
    a whole number of them, or less than one."""
    try:
        ratio = Decimal(period_raw) / Decimal(timestep_raw)
    except (InvalidOperation, ZeroDivisionError):
        return None
    n = ratio.to_integral_value()
    if n < 1 or abs(ratio - n) > ratio * Decimal("1e-9"):
        return None
    return int(n)


def _check_imu(
    F: Fields, node: YNode | None, path: str, ctx: PolicyContext
) -> dict[str, Any] | None:
    if node is None or not F.mapping(node, path):
        return None
    ok = F.keys(node, path, ("link", "xyz", "rpy"))
    link_ok = True
    link = None
    link_node = node.get("link")
    if link_node is not None and not link_node.is_null:
        if not link_node.is_str:
            F.wrong_type(link_node, f"{path}.link", "the name of a link, or null")
            link_ok = False
        else:
            link = link_node.value
            if ctx.walker and link.startswith("body/"):
                link = link[len("body/") :]
            if ctx.imu_links is not None and link not in ctx.imu_links:
                whose = "the body" if ctx.walker else "the part"
                F.invalid(
                    link_node,
                    f"{path}.link",
                    f"names '{excerpt(link_node.value)}', which is no link of {whose}",
                    help=(
                        f"name one of {whose}'s links ({', '.join(sorted(ctx.imu_links))})"
                        if ctx.imu_links
                        else f"{whose} has no links"
                    )
                    + f", or write null for {whose}'s frame",
                )
                link_ok = False
    xyz = F.vec3(node.get("xyz"), f"{path}.xyz")
    rpy = F.vec3(node.get("rpy"), f"{path}.rpy")
    if not ok or not link_ok or xyz is None or rpy is None:
        return None
    return {"link": link, "xyz": list(xyz), "rpy": list(rpy)}


def _check_observation(F: Fields, node: YNode | None, path: str) -> list[str] | None:
    if node is None:
        return None
    if not node.is_seq or not node.value:
        _names_none(F, node, path, "term", "a list of the terms the policy observes", listing=True)
        return None
    terms: list[str] = []
    ok = True
    for i, item in enumerate(node.value):
        item_path = f"{path}[{i}]"
        if not item.is_str:
            F.wrong_type(item, item_path, "the name of an observation term")
            ok = False
        elif item.value not in OBSERVATION_TERMS:
            F.invalid(
                item,
                item_path,
                f"is '{excerpt(item.value)}', which is none of the eight observation terms",
                help=f"write one of: {', '.join(OBSERVATION_TERMS)}",
            )
            ok = False
        elif item.value in terms:
            F.invalid(
                item,
                item_path,
                f"names '{excerpt(item.value)}' a second time: each term is observed once",
                help="delete one of them",
            )
            ok = False
        else:
            terms.append(item.value)
    return terms if ok else None


def check_servo_names(
    F: Fields, node: YNode, path: str, ctx: PolicyContext, what: str, every: bool
) -> list[str] | None:
    """A list of servos by name (a part's hidden links; a walker's joints and hidden), each
    once; with ``every``, each of ``ctx.servos`` is among them too."""
    noun = "owner/link" if ctx.walker else "link"
    if not node.is_seq or (every and not node.value):
        _names_none(
            F,
            node,
            path,
            "servo" if ctx.walker else "link",
            f"a list of servos as {noun}" if ctx.walker else "a list of links",
            listing=True,
        )
        return None
    names: list[str] = []
    ok = True
    for i, item in enumerate(node.value):
        item_path = f"{path}[{i}]"
        if not item.is_str:
            F.wrong_type(item, item_path, f"a servo's name, as {noun}")
            ok = False
            continue
        name = item.value
        if ctx.servos is not None and name not in ctx.servos:
            if ctx.walker:
                why = _walker_servo_problem(name, ctx)
            else:
                why = f"names '{name}', a link no servo turns"
            F.invalid(
                item,
                item_path,
                why,
                help=f"name one of: {', '.join(ctx.servos)}"
                if ctx.servos
                else "there is no servo to name",
            )
            ok = False
        elif name in names:
            F.invalid(
                item,
                item_path,
                f"names '{name}' a second time: each servo is named once in {what}",
                help="delete one of them",
            )
            ok = False
        else:
            names.append(name)
    if ok and every and ctx.servos is not None:
        left = [s for s in ctx.servos if s not in names]
        if left:
            F.invalid(
                node,
                path,
                f"leaves out {', '.join(left)}: the policy moves every "
                "servo of the body and its legs",
                help=f"add {', '.join(left)} where the policy reads and moves them",
            )
            ok = False
    return names if ok else None


def _walker_servo_problem(name: str, ctx: PolicyContext) -> str:
    owner, slash, link = name.partition("/")
    if not slash:
        return (
            f"is '{name}', which is not owner/link: write the owner (body or a limb's "
            "name), a slash and the link"
        )
    owners = ctx.owners or {}
    if owner not in owners:
        return f"names '{name}', but '{owner}' is neither body nor a limb of the walker"
    if link not in owners[owner]:
        return f"names '{name}', but {owner}'s part has no link '{link}'"
    return f"names '{name}', a link no servo turns"


def _check_phase(F: Fields, node: YNode, path: str) -> dict[str, Any] | None:
    if not F.mapping(node, path):
        return None
    ok = F.keys(node, path, ("frequency", "offsets"), ("still_below", "still_at"))
    frequency = F.number(node.get("frequency"), f"{path}.frequency", positive=True)
    offsets = None
    offsets_node = node.get("offsets")
    if offsets_node is not None:
        if not offsets_node.is_seq or not offsets_node.value:
            _names_none(
                F,
                offsets_node,
                f"{path}.offsets",
                "offset",
                "a list of at least one offset (rad)",
                listing=True,
            )
        else:
            values = [F.number(v, f"{path}.offsets[{i}]") for i, v in enumerate(offsets_node.value)]
            if all(v is not None for v in values):
                offsets = values
    below_node, at_node = node.get("still_below"), node.get("still_at")
    still_below = F.number(below_node, f"{path}.still_below", positive=True)
    still_at = F.number(at_node, f"{path}.still_at")
    pair_ok = True
    if (below_node is None) != (at_node is None):
        absent = "still_at" if at_node is None else "still_below"
        F.missing(
            node, f"{path}.{absent}", "still_below and still_at are stated together or not at all"
        )
        pair_ok = False
    if (
        not ok
        or frequency is None
        or offsets is None
        or not pair_ok
        or (below_node is not None and still_below is None)
        or (at_node is not None and still_at is None)
    ):
        return None
    out: dict[str, Any] = {"frequency": frequency, "offsets": offsets}
    if still_below is not None:
        out["still_below"] = still_below
        out["still_at"] = still_at
    return out


def _check_simulator(
    F: Fields, node: YNode | None, path: str
) -> tuple[dict[str, Any] | None, YNode | None]:
    if node is None or not F.mapping(node, path):
        return None, None
    ok = F.keys(node, path, ("timestep", "integrator", "iterations", "ls_iterations", "eulerdamp"))
    timestep_node = node.get("timestep")
    timestep = F.number(timestep_node, f"{path}.timestep", positive=True)
    integrator = None
    integrator_node = node.get("integrator")
    if integrator_node is not None:
        text = F.string(integrator_node, f"{path}.integrator")
        if text is not None and text not in INTEGRATORS:
            why = ""
            if text == "RK4":
                why = (
                    ": the model is stepped in two halves, controls then integration, "
                    "and MuJoCo integrates those by Euler under RK4"
                )
            F.invalid(
                integrator_node,
                f"{path}.integrator",
                f"is '{excerpt(text)}', which is none of Euler, implicit and implicitfast{why}",
                help="write the integrator the policy was trained with: Euler, "
                "implicit or implicitfast",
            )
        else:
            integrator = text
    iterations = whole_number(
        F,
        node.get("iterations"),
        f"{path}.iterations",
        1,
        MAX_ITERATIONS,
        f"a whole number from 1 to {MAX_ITERATIONS}",
    )
    ls_iterations = whole_number(
        F,
        node.get("ls_iterations"),
        f"{path}.ls_iterations",
        1,
        MAX_ITERATIONS,
        f"a whole number from 1 to {MAX_ITERATIONS}",
    )
    eulerdamp = F.boolean(node.get("eulerdamp"), f"{path}.eulerdamp")
    values = (timestep, integrator, iterations, ls_iterations, eulerdamp)
    if not ok or any(v is None for v in values):
        return None, None
    return (
        {
            "timestep": timestep,
            "integrator": integrator,
            "iterations": iterations,
            "ls_iterations": ls_iterations,
            "eulerdamp": eulerdamp,
        },
        timestep_node,
    )


def whole_number(
    F: Fields, node: YNode | None, path: str, lowest: int, highest: int | None, what: str
) -> int | None:
    """A number whose value is whole (2, 2.0 and 2e0 alike), within [lowest, highest]."""
    value = F.number(node, path)
    if value is None or node is None:
        return None
    if value != int(value) or value < lowest or (highest is not None and value > highest):
        F.invalid(node, path, f"is {node.raw}, but it must be {what}")
        return None
    return int(value)


def check_gait_controller(F: Fields, node: YNode, path: str) -> dict[str, Any] | None:
    """``{gait: {period, duty, step_height}, basis}``, with the gait's timing rules."""
    ok = F.keys(node, path, ("gait", "basis"))
    gait = None
    gait_node = node.get("gait")
    if gait_node is not None and F.mapping(gait_node, f"{path}.gait"):
        gpath = f"{path}.gait"
        gait_ok = F.keys(gait_node, gpath, ("period", "duty", "step_height"))
        period_node, duty_node = gait_node.get("period"), gait_node.get("duty")
        period = F.number(period_node, f"{gpath}.period", positive=True)
        duty = F.number(duty_node, f"{gpath}.duty")
        if duty is not None and duty_node is not None and not 0.5 < duty < 1.0:
            F.invalid(
                duty_node,
                f"{gpath}.duty",
                f"is {duty_node.raw}, but it must be more "
                "than 0.5 and less than 1: each foot is on the floor for that part of "
                "the period, and every foot together for a while twice a period",
                help="write the duty, such as 0.55 or 0.6",
            )
            duty = None
        if (
            period_node is not None
            and duty_node is not None
            and period is not None
            and duty is not None
        ):
            if not _gait_timing_ok(F, period_node, duty_node, gpath):
                duty = None
        step_height = F.number(gait_node.get("step_height"), f"{gpath}.step_height", positive=True)
        if gait_ok and period is not None and duty is not None and step_height is not None:
            gait = {"period": period, "duty": duty, "step_height": step_height}
    basis = F.string(node.get("basis"), f"{path}.basis")
    if not ok or gait is None or basis is None:
        return None
    return {"gait": gait, "basis": basis}


def _gait_timing_ok(F: Fields, period_node: YNode, duty_node: YNode, path: str) -> bool:
    period, duty = Decimal(number_text(period_node)), Decimal(number_text(duty_node))
    all_down = (duty - Decimal("0.5")) * period
    in_air = (1 - duty) * period
    ms = Decimal(1000)
    shortest = (MIN_ALL_DOWN + MIN_IN_AIR) * 2  # the period both need at once
    if all_down < MIN_ALL_DOWN:
        fix = [
            f"raise the duty to at least {_fmt(Decimal('0.5') + MIN_ALL_DOWN / period)}"
            if Decimal("0.5") + MIN_ALL_DOWN / period <= 1 - MIN_IN_AIR / period
            else None,
            "lengthen the period to at least "
            f"{_fmt(max(MIN_ALL_DOWN / (duty - Decimal('0.5')), shortest))} s",
        ]
        F.invalid(
            duty_node,
            f"{path}.duty",
            f"is {duty_node.raw} at a period of "
            f"{period_node.raw} s, which keeps every foot on the floor together for "
            f"{_fmt(all_down * ms)} ms, less than the {_fmt(MIN_ALL_DOWN * ms)} ms, two "
            "of the gait's 4 ms steps, it stops in",
            help=" or ".join(f for f in fix if f),
        )
        return False
    if in_air < MIN_IN_AIR:
        fix = [
            f"lower the duty to at most {_fmt(1 - MIN_IN_AIR / period)}"
            if 1 - MIN_IN_AIR / period >= Decimal("0.5") + MIN_ALL_DOWN / period
            else None,
            f"lengthen the period to at least {_fmt(max(MIN_IN_AIR / (1 - duty), shortest))} s",
        ]
        F.invalid(
            duty_node,
            f"{path}.duty",
            f"is {duty_node.raw} at a period of "
            f"{period_node.raw} s, which leaves each foot in the air for "
            f"{_fmt(in_air * ms)} ms, less than the {_fmt(MIN_IN_AIR * ms)} ms, ten of "
            "the gait's 4 ms steps, its arc needs",
            help=" or ".join(f for f in fix if f),
        )
        return False
    return True


def _fmt(d: Decimal) -> str:
    return format_number(float(d), 4)


def _gait_steps_feet(
    F: Fields, node: YNode, feet: list[Foot], links: dict[str, _LinkInfo], feet_node: YNode
) -> bool:
    """A gait steps every other leg of the chassis's own: an even number of feet, four or
    more, each stepped by at least two servos that no other foot hangs from."""
    span = node.key_span("gait")
    if not feet:
        return True
    if len(feet) < 4 or len(feet) % 2:
        F.error(
            "library.unsupported",
            f"'controller.gait' steps every other leg, so the "
            f"robot stands on an even number of feet, four or more; this chassis has "
            f"{len(feet)}",
            span,
            label=f"a gait on {len(feet)} feet",
            help="give the chassis its feet in pairs, four or more, or walk it by a policy",
        )
        return False

    def chain(link: str | None) -> list[str]:
        out: list[str] = []
        seen: set[str] = set()
        while link is not None and link in links and link not in seen:
            seen.add(link)
            out.append(link)
            link = links[link].parent
        return out

    chains = {foot.name: chain(foot.link) for foot in feet}
    ok = True
    for foot in feet:
        others = set().union(*(c for name, c in chains.items() if name != foot.name))
        own = [l for l in chains[foot.name] if links[l].servo and l not in others]
        if len(own) < 2:
            shared = [l for l in chains[foot.name] if links[l].servo and l in others]
            detail = f"{len(own)} of its own" + (f" ({', '.join(own)})" if own else "")
            if shared:
                detail += (
                    f"; {', '.join(shared)} turn{'s' if len(shared) == 1 else ''} other feet too"
                )
            F.sink.error(
                "library.unsupported",
                f"'controller.gait' steps each foot by at least two servos of its "
                f"own, one to lift it and one to swing it; feet.{foot.name} has "
                f"{detail}",
                span,
                label="a gait",
                labels=(Label(feet_node.key_span(foot.name), f"feet.{foot.name}"),),
                help="give each leg two hinges of its own between the chassis and "
                "its foot, or walk the chassis by a policy",
            )
            F.failed = True
            ok = False
    return ok


def _names_none(
    F: Fields, node: YNode, path: str, noun: str, expected: str, listing: bool = False
) -> None:
    empty = (node.is_seq if listing else node.is_map) and not node.value
    if empty:
        F.error(
            "library.wrong_type",
            f"'{path}' names no {noun}",
            node.span,
            label=f"no {noun} here",
            help=f"write {path} as {expected}, or delete it",
        )
    else:
        F.wrong_type(node, path, expected)

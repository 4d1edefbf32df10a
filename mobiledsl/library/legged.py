"""The legged fields of a part's declaration: ``links``, ``feet`` and ``gait``, and where
each of the four legged keys (with ``controller``) may be stated.

The loader calls ``check_legged_fields`` once a part's category and profiles are known; it
checks the four top-level keys (and the ``Legged`` profile's category) and hands back the
records, or None after reporting what is wrong. ``gait``, each link, its joint, each foot
and each servo are read by their tables (``GAIT``, ``LINK``, ``LINK_JOINT``, ``FOOT``,
``SERVO``): a joint's type decides which keys it must state, and is judged before them; a
link that fails still leaves what the feet's checks need of it (``LinkInfo``). A
``controller`` block is read by controller.py (``CONTROLLER``) once this module has found
the part may state one; ``check_gait`` (the commands a walker takes too) is shared with
walkers (walkers.py).

Where a rule is decided here and how (see docs/legged.md):

- links: on a chassis, an attachment or a leg only; required on a leg. Each link after its
  parent; a revolute joint states axis (unit) and range (lowest below highest) and a servo;
  a fixed one none of them.
- feet: on a leg or a part used as Legged; each on a shape of its link's collision (counted
  from 0), not a cylinder, one foot a shape.
- gait: on a part used as Legged (never a leg); required on a Legged chassis.
- controller: on the same parts as a gait (what it states: controller.py).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from pathlib import Path
from typing import Any

from ..diagnostics import Span, excerpt
from ..recordtype import mutable_record, record
from ..yamlio import YNode
from .controller import CONTROLLER, PartControllerScope
from .fields import IDENTIFIER, Fields, format_number, names_none, whole_number
from .inertia import INERTIAL
from .model import LEGGED_KEYS, Foot, Gait, Link, LinkJoint, Servo, Shape
from .parts import VISUAL
from .schema import Block, Field, Rule
from .shapes import LINK_SHAPES, SHAPE, check_shape_list

LINK_CATEGORIES = ("chassis", "attachment", "leg")


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
class LinkInfo:
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
    links: dict[str, LinkInfo] | None = None  # None: absent, not allowed or unreadable
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
            controller = CONTROLLER.read(
                F,
                controller_node,
                "controller",
                PartControllerScope(
                    Path(part_dir), links, links_node is not None, feet_node, feet, is_chassis
                ),
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


def _check_links(F: Fields, node: YNode, part_dir: Path) -> dict[str, LinkInfo] | None:
    if not node.is_map or not node.value:
        names_none(F, node, "links", "link", "a mapping from each link's name to what it states")
        return None
    names = list(node.value)
    infos: dict[str, LinkInfo] = {}
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
) -> LinkInfo:
    scope = LinkScope(LinkInfo(name), part_dir, above, below)
    v = LINK.read(F, node, path, scope)
    info = scope.info
    if v is not None:
        joint, inertial, visual = v["joint"], v["inertial"], v["visual"]
        collision = v.get("collision", ())  # (as info.collision, read: none when none stated)
        info.record = Link(name, info.parent, joint, inertial, visual, collision, v.get("servo"))
    return info


@mutable_record
class LinkScope:
    """What a link is read with: the links declared above and below it and the part's
    directory; and what its reading leaves for later checks, even when it fails (``info``,
    and its joint's range, which the servo's hold is judged against)."""

    info: LinkInfo
    part_dir: Path
    above: list[str]
    below: list[str]
    rng: tuple[float, float] | None = None
    own_part: bool = False  # a link's tensor is not handed to MuJoCo as stated (inertia)


def _link_parent(F: Fields, node: YNode, path: str, scope: LinkScope) -> tuple[str | None] | None:
    """The link it hangs from, one declared above it, boxed (null, the part frame, is a
    parent as good as any)."""
    if node.is_null:
        return (None,)
    if not node.is_str:
        F.wrong_type(node, path, "the name of a link, or null")
        return None
    parent, name = node.value, scope.info.name
    if parent == name:
        F.invalid(
            node,
            path,
            "names the link itself: a link hangs "
            "from the part frame (null) or from a link declared above it",
        )
    elif parent in scope.below:
        F.invalid(
            node,
            path,
            f"names '{parent}', which is "
            f"declared below '{name}': each link comes after the one it hangs "
            "from",
            help=f"move links.{parent} above links.{name}",
        )
    elif parent not in scope.above:
        F.invalid(
            node,
            path,
            f"names '{parent}', which is no link of this part",
            help="name a link declared above this one, "
            "or write null for the part frame"
            + (f"; the links above are: {', '.join(scope.above)}" if scope.above else ""),
        )
    else:
        return (parent,)
    return None


def _link_collision(F: Fields, node: YNode, path: str, scope: Any) -> tuple[Shape, ...] | None:
    return check_shape_list(F, node, path, LINK_SHAPES)


def _known(F: Fields, node: YNode, path: str, v: dict[str, Any], scope: LinkScope) -> bool:
    """What the feet's checks need of the link, read or not: its parent, and its collision
    shapes (none when it states none, None when they failed)."""
    parent = v.get("parent")
    scope.info.parent = parent[0] if parent is not None else None
    scope.info.collision = v.get("collision", ())
    return True


def _servo_by_joint(F: Fields, node: YNode, path: str, v: dict[str, Any], scope: LinkScope) -> bool:
    """A revolute joint is turned by a servo, which holds within the joint's range; a fixed
    one by none."""
    servo_node = node.value.get("servo")
    joint_type, info = scope.info.joint_type, scope.info
    if joint_type == "fixed" and servo_node is not None:
        F.unsupported(
            node, "servo", f"{path}.servo", "a fixed joint does not turn, so no servo turns it"
        )
        return False
    if joint_type == "revolute":
        if servo_node is None:
            F.missing(
                node, f"{path}.servo", "a revolute joint is turned by the servo that holds it"
            )
            return False
        info.servo = True
        v["servo"] = SERVO.read(F, servo_node, f"{path}.servo", scope.rng)
        return v["servo"] is not None
    if servo_node is not None:
        info.servo = True  # an unknown joint type: its servo counts as stated
        return False
    return True


def _joint_type(F: Fields, node: YNode, path: str, v: dict[str, Any], scope: LinkScope) -> bool:
    """The joint's type, judged before its keys: a revolute joint requires an axis and a
    range, a fixed one refuses them."""
    type_node = node.value.get("type")
    if type_node is None:
        return True  # (said with the keys)
    text = F.string(type_node, f"{path}.type")
    if text in ("revolute", "fixed"):
        scope.info.joint_type = v["type"] = text
        return True
    if text is not None:
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
    return False


def _turns_by_type(F: Fields, node: YNode, path: str, v: dict[str, Any], scope: LinkScope) -> bool:
    """A fixed joint refuses an axis and a range; any other reads them (the range whenever
    it can be read, so that the servo's hold is judged even when something else is
    wrong)."""
    given = node.value
    if scope.info.joint_type == "fixed":
        ok = True
        for key in ("axis", "range"):
            if given.get(key) is not None:
                F.unsupported(node, key, f"{path}.{key}", "a fixed joint does not turn")
                ok = False
        return ok
    axis_node, range_node = given.get("axis"), given.get("range")
    v["axis"] = F.unit_vec3(axis_node, f"{path}.axis")
    v["range"] = scope.rng = check_range(F, range_node, f"{path}.range", strict=True)
    return (axis_node is None or v["axis"] is not None) and (
        range_node is None or v["range"] is not None
    )


def _link_joint(v: dict[str, Any]) -> LinkJoint:
    if v["type"] == "revolute":
        return LinkJoint("revolute", v["xyz"], v["rpy"], v["axis"], v["range"])
    return LinkJoint("fixed", v["xyz"], v["rpy"])


def _revolute(scope: LinkScope) -> bool:
    return scope.info.joint_type == "revolute"


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


def _hold_within(
    F: Fields, node: YNode, path: str, v: dict[str, Any], rng: tuple[float, float] | None
) -> bool:
    """The angle held within the joint's range (``rng``, the scope: None when unread)."""
    hold, hold_node = v.get("hold"), node.get("hold")
    if hold is None or hold_node is None or rng is None or rng[0] <= hold <= rng[1]:
        return True
    F.invalid(
        hold_node,
        f"{path}.hold",
        f"is {hold_node.raw}, outside the joint's range "
        f"[{format_number(rng[0], 6)}, {format_number(rng[1], 6)}]",
        help="state the angle the servo holds when nothing commands it, within the range",
    )
    return False


SERVO = Block(
    "servo",
    (
        Field("kp", "number", "the position loop's stiffness", unit="N·m/rad", bound="positive"),
        Field("damping", "number", "the joint's damping", unit="N·m·s/rad", bound="nonnegative"),
        Field("armature", "number", "the rotor's inertia", unit="kg·m²", bound="nonnegative"),
        Field(
            "frictionloss", "number", "the joint's dry friction", unit="N·m", bound="nonnegative"
        ),
        Field("effort", "number", "the most torque it makes", unit="N·m", bound="positive"),
        Field(
            "hold",
            "number",
            "the angle it holds when nothing commands it, within the range",
            unit="rad",
        ),
        Rule("hold_within", _hold_within, "`hold` within the joint's `range`"),
        Field("basis", "string", "where its numbers come from", required=False),
    ),
    doc="The servo that turns a revolute joint.",
    strict_keys=True,
    build=lambda v: Servo(
        v["kp"],
        v["damping"],
        v["armature"],
        v["frictionloss"],
        v["effort"],
        v["hold"],
        v.get("basis"),
    ),
)


LINK_JOINT = Block(
    "link joint",
    (
        Rule("type_first", _joint_type, "the type judged first", before_keys=True),
        Field(
            "type",
            "choice",
            "revolute, or fixed",
            options=("revolute", "fixed"),
            by_rule=True,
        ),
        Field("xyz", "vec3", "where the joint is, in its parent's frame", unit="m"),
        Field("rpy", "vec3", "its turn: roll, pitch and yaw", unit="rad"),
        Field(
            "axis",
            "unit_vec3",
            "the axis a revolute joint turns about",
            required=False,
            by_rule=True,
            required_if=_revolute,
            required_doc="a revolute joint",
        ),
        Field(
            "range",
            "custom",
            "[lowest, highest] a revolute joint turns through",
            unit="rad",
            required=False,
            by_rule=True,
            what="[lowest, highest]",
            required_if=_revolute,
            required_doc="a revolute joint",
        ),
        Rule("turns_by_type", _turns_by_type, "a fixed joint states no `axis` nor `range`"),
    ),
    doc="How the link hangs from its parent.",
    strict_keys=True,
    keys_with_scope=True,  # (the type, judged first, requires axis and range or not)
    build=_link_joint,
)
LINK = Block(
    "link",
    (
        Field(
            "parent",
            "custom",
            "the link it hangs from, declared above it, or null for the part frame",
            check=_link_parent,
            what="link name or null",
        ),
        Field("joint", "block", LINK_JOINT.doc, block=LINK_JOINT),
        Field("inertial", "block", INERTIAL.doc, block=INERTIAL),
        Field("visual", "block", VISUAL.doc, block=VISUAL),
        Field(
            "collision",
            "custom",
            "what of it collides: a list of shapes, capsules too",
            required=False,
            check=_link_collision,
            what="list of shapes",
            each=SHAPE,
        ),
        Rule("known", _known),
        Field(
            "servo",
            "block",
            SERVO.doc,
            block=SERVO,
            required=False,
            by_rule=True,
            required_doc="a revolute joint",
        ),
        Rule("servo_by_joint", _servo_by_joint, "a revolute joint's servo; none on a fixed one"),
    ),
    doc="A moving link of a legged part.",
    strict_keys=True,
)


# ------------------------------------------------------------------------------------------
# feet


def _check_feet(F: Fields, node: YNode, links: dict[str, LinkInfo] | None) -> list[Foot] | None:
    if not node.is_map or not node.value:
        names_none(
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
        v = FOOT.read(F, foot_node, path, FootScope(name, links, taken))
        if v is None:
            ok = False
            continue
        feet.append(Foot(name, v["link"], v["shape"], v["friction"]))
    return feet if ok and links is not None else None


@record
class FootScope:
    """What a foot's link and shape are judged against: the part's links (None when they
    could not be read) and the shapes the feet above took, by (link, index)."""

    name: str
    links: dict[str, LinkInfo] | None
    taken: dict[tuple[str, int], str]


def _link_name(F: Fields, node: YNode, path: str, scope: Any) -> str | None:
    if not node.is_str:
        F.wrong_type(node, path, "the name of a link")
        return None
    return node.value  # type: ignore[no-any-return]


def _shape_index(F: Fields, node: YNode, path: str, scope: Any) -> int | None:
    return whole_number(
        F, node, path, 0, None, "a whole number counting the link's collision shapes from 0"
    )


def _foot_on_its_link(F: Fields, node: YNode, path: str, v: dict[str, Any], scope: Any) -> bool:
    """The link one of the part's, the shape one of its collision shapes, not a cylinder
    and no other foot's; a foot that passes takes its shape."""
    link, index, links = v.get("link"), v.get("shape"), scope.links
    if link is None or links is None:
        return True
    link_node, shape_node = node.value["link"], node.get("shape")
    info = links.get(link)
    if info is None:
        F.invalid(
            link_node,
            f"{path}.link",
            f"names '{link}', which is no link of this part",
            help=f"name one of: {', '.join(links)}",
        )
        return False
    if index is None or shape_node is None or info.collision is None:
        return True
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
        return False
    if shapes[index].type == "cylinder":
        F.unsupported(
            node,
            "shape",
            f"{path}.shape",
            f"links.{link}.collision[{index}] is a cylinder; a foot is a "
            "sphere, a capsule or a box",
        )
        return False
    if (link, index) in scope.taken:
        F.invalid(
            shape_node,
            f"{path}.shape",
            f"names links.{link}.collision"
            f"[{index}], which feet.{scope.taken[(link, index)]} stands on "
            "already: two feet name two shapes",
            help="give each foot a shape of its own",
        )
        return False
    scope.taken[(link, index)] = scope.name
    return True


FOOT = Block(
    "foot",
    (
        Field("link", "custom", "the link it is on", check=_link_name, what="link name"),
        Field(
            "shape",
            "custom",
            "which of the link's collision shapes, counted from 0",
            check=_shape_index,
            what="whole number",
        ),
        Field("friction", "number", "its friction against the ground", bound="positive"),
        Rule("on_its_link", _foot_on_its_link, "a shape of its link's, its own, not a cylinder"),
    ),
    doc="A foot: a shape of a link the part stands on.",
    strict_keys=True,
)


# ------------------------------------------------------------------------------------------
# gait (the commands a Legged chassis or a walker takes)


def check_gait(F: Fields, node: YNode, path: str) -> Gait | None:
    """``{ahead, aside, turn}``, each [lowest, highest] with 0 among them."""
    return GAIT.read(F, node, path, None)  # type: ignore[no-any-return]


def _command_range(unit: str):
    """The check of one command's range: [lowest, highest] with 0, standing still, among
    them, in ``unit``."""

    def check(F: Fields, node: YNode, path: str, scope: Any) -> tuple[float, float] | None:
        rng = check_range(F, node, path, strict=False)
        if rng is not None and not rng[0] <= 0.0 <= rng[1]:
            a, b = node.value
            F.invalid(
                node,
                path,
                f"runs from {a.raw} to {b.raw} {unit}, which leaves out standing still, 0",
                help="widen the range to take in 0: a walking controller can be told to stop",
            )
            return None
        return rng

    return check


GAIT = Block(
    "gait",
    tuple(
        Field(
            key,
            "custom",
            f"how fast it may be told to go {how}",
            unit=unit,
            check=_command_range(unit),
            what="[lowest, highest], 0 among them",
        )
        for key, how, unit in (
            ("ahead", "ahead", "m/s"),
            ("aside", "aside", "m/s"),
            ("turn", "round", "rad/s"),
        )
    ),
    doc="The commands a Legged chassis takes.",
    strict_keys=True,
    build=lambda v: Gait(v["ahead"], v["aside"], v["turn"]),
)

"""A part's or a walker's walking controller: the ``controller`` block, a policy or a gait.

The policy form (``check_policy``) states its ONNX file, period, IMU, observation, action
scale, simulator and basis; walkers (walkers.py) state the same policy plus the joints it
moves, and check their servo names with ``check_servo_names``. ``policy_file_fits`` checks
the ONNX file itself against a sound declaration. ``CONTROLLER`` is a part's block, read by
legged.py once it found the part may state one.

Every block is a table: the policy form (``POLICY``, a walker's ``WALKER_POLICY``, with
its phase required or refused by what the observation lists and its period judged against
the simulator's timestep by rules), the IMU, the phase, the simulator and the gait form
(``IMU``, ``PHASE``, ``SIMULATOR``, ``GAIT_FORM`` with ``STEPPING``); ``CONTROLLER``, a
part's block, says the keys of either form and is read by its own check, which chooses the
form by the keys (``controller_form``) and judges it against the part's links and feet.

Where a rule is decided here and how (see docs/legged.md):

- controller: a policy or a gait. A policy needs feet of the chassis's own and servos to
  move; a gait needs the chassis's own feet, when it has any, to be an even number, four
  or more, each stepped by two servos of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from decimal import Decimal, InvalidOperation
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..diagnostics import Label, excerpt
from ..recordtype import mutable_record, record
from ..yamlio import YNode
from .fields import Fields, format_number, names_none, whole_number
from .model import Foot
from .paths import check_asset_path
from .schema import Block, Field, Rule

if TYPE_CHECKING:
    from .legged import LinkInfo

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


@record
class PartControllerScope:
    """What a part's controller is read against: its directory, its links (None when they
    could not be read; ``links_stated``: whether it states any), its feet (the node, and the
    feet, None when they could not be read) and whether it is a chassis."""

    part_dir: Path
    links: dict[str, LinkInfo] | None
    links_stated: bool
    feet_node: YNode | None
    feet: list[Foot] | None
    is_chassis: bool


def controller_form(stated: Iterable[str]) -> Block | None:
    """The form a controller's keys choose: a policy's when it states one, else a gait's
    when it states one; None when it states neither."""
    if "policy" in stated:
        return POLICY
    if "gait" in stated:
        return GAIT_FORM
    return None


def check_part_controller(
    F: Fields, node: YNode, path: str, scope: PartControllerScope
) -> dict[str, Any] | None:
    """A part's ``controller`` (``CONTROLLER``'s check): read by its form's table, then
    against the part's links and feet."""
    if not F.mapping(node, path):
        return None
    if "policy" in node.value and "gait" in node.value:
        F.error(
            "library.unknown_field",
            "'controller' states both a policy and a gait: a "
            "walking controller is one or the other",
            node.key_span("gait"),
            label="a gait beside a policy",
            help="keep policy with its fields, or gait with its basis",
        )
        node = _without(node, "gait")
    form = controller_form(node.value)
    links, feet, feet_node = scope.links, scope.feet, scope.feet_node
    if form is POLICY:
        servos = None
        if links is not None:
            servos = [name for name, info in links.items() if info.servo]
        elif not scope.links_stated:
            servos = []
        ctx = PolicyContext(
            scope.part_dir,
            servos,
            set(links) if links is not None else (set() if not scope.links_stated else None),
        )
        policy = check_policy(F, node, path, ctx)
        if scope.is_chassis and feet_node is None:
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
            and not policy_file_fits(F, node, path, scope.part_dir, policy, len(servos))
        ):
            return None
        return policy
    if form is GAIT_FORM:
        controller = check_gait_controller(F, node, path)
        if (
            controller is not None
            and scope.is_chassis
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


def check_policy(F: Fields, node: YNode, path: str, ctx: PolicyContext) -> dict[str, Any] | None:
    """The policy form of a walking controller, as plain data (numbers as floats, the
    solver's iteration counts as ints): a part's by ``POLICY``, a walker's (``ctx.walker``)
    by ``WALKER_POLICY``, whose joints and trained gains the caller checks."""
    return (WALKER_POLICY if ctx.walker else POLICY).read(F, node, path, ctx)  # type: ignore[no-any-return]


def _policy_file(F: Fields, node: YNode, path: str, ctx: PolicyContext) -> str | None:
    return check_asset_path(F, node, ctx.base_dir, path, must_exist=True)


def _hidden(F: Fields, node: YNode, path: str, ctx: PolicyContext) -> list[str] | None:
    return check_servo_names(F, node, path, ctx, "hidden", every=False)


def _phase_by_observation(
    F: Fields, node: YNode, path: str, v: dict[str, Any], ctx: PolicyContext
) -> bool:
    """A phase stated when the observation lists one (while it is unread, it may be)."""
    observation = v.get("observation")
    phase_node = node.value.get("phase")
    lists_phase = observation is not None and "phase" in observation
    if phase_node is not None:
        if observation is not None and not lists_phase:
            F.invalid(
                node.key_span("phase"),
                f"{path}.phase",
                "is stated, but the observation does not list phase",
                help="add phase to the observation where the policy reads it, or delete phase",
            )
            return False
        v["phase"] = PHASE.read(F, phase_node, f"{path}.phase", None)
        return v["phase"] is not None
    if lists_phase:
        F.missing(
            node,
            f"{path}.phase",
            "the observation lists phase, so the policy states the gait's frequency and offsets",
        )
        return False
    return True


def _period_in_steps(
    F: Fields, node: YNode, path: str, v: dict[str, Any], ctx: PolicyContext
) -> bool:
    """The period a whole number of the simulator's timesteps."""
    if v.get("period") is None or v.get("simulator") is None:
        return True
    # (a period is read from its node, a simulator with its timestep's)
    period_node, timestep_node = node.value["period"], node.value["simulator"].value["timestep"]
    period_raw, timestep_raw = number_text(period_node), number_text(timestep_node)
    if whole_steps(period_raw, timestep_raw) is not None:
        return True
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
    return False


def _policy(v: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {
        "policy": v["policy"],
        "period": v["period"],
        "imu": v["imu"],
        "observation": v["observation"],
    }
    if v.get("hidden") is not None:
        out["hidden"] = v["hidden"]
    out["action_scale"] = v["action_scale"]
    if v.get("phase") is not None:
        out["phase"] = v["phase"]
    out["simulator"] = v["simulator"]
    out["basis"] = v["basis"]
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


def _imu_link(F: Fields, node: YNode, path: str, ctx: PolicyContext) -> tuple[str | None] | None:
    """The link the IMU sits on, boxed (null, the frame, is a link as good as any)."""
    if node.is_null:
        return (None,)
    if not node.is_str:
        F.wrong_type(node, path, "the name of a link, or null")
        return None
    link = node.value
    if ctx.walker and link.startswith("body/"):
        link = link[len("body/") :]
    if ctx.imu_links is not None and link not in ctx.imu_links:
        whose = "the body" if ctx.walker else "the part"
        F.invalid(
            node,
            path,
            f"names '{excerpt(node.value)}', which is no link of {whose}",
            help=(
                f"name one of {whose}'s links ({', '.join(sorted(ctx.imu_links))})"
                if ctx.imu_links
                else f"{whose} has no links"
            )
            + f", or write null for {whose}'s frame",
        )
        return None
    return (link,)


IMU = Block(
    "imu",
    (
        Field(
            "link",
            "custom",
            "the link it sits on, or null for the part frame",
            check=_imu_link,
            what="link name or null",
        ),
        Field("xyz", "vec3", "where it is on its link", unit="m"),
        Field("rpy", "vec3", "its turn: roll, pitch and yaw", unit="rad"),
    ),
    doc="Where the policy's IMU is.",
    strict_keys=True,
    build=lambda v: {"link": v["link"][0], "xyz": list(v["xyz"]), "rpy": list(v["rpy"])},
)


def _observation(F: Fields, node: YNode, path: str, scope: Any) -> list[str] | None:
    """Each term once, of the eight."""
    if not node.is_seq or not node.value:
        names_none(F, node, path, "term", "a list of the terms the policy observes", listing=True)
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
        names_none(
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


def _offsets(F: Fields, node: YNode, path: str, scope: Any) -> list[float] | None:
    if not node.is_seq or not node.value:
        names_none(F, node, path, "offset", "a list of at least one offset (rad)", listing=True)
        return None
    values = [F.number(v, f"{path}[{i}]") for i, v in enumerate(node.value)]
    return values if all(v is not None for v in values) else None  # type: ignore[return-value]


def _still_pair(F: Fields, node: YNode, path: str, v: dict[str, Any], scope: Any) -> bool:
    below, at = node.get("still_below"), node.get("still_at")
    if (below is None) == (at is None):
        return True
    absent = "still_at" if at is None else "still_below"
    F.missing(
        node, f"{path}.{absent}", "still_below and still_at are stated together or not at all"
    )
    return False


def _phase(v: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {"frequency": v["frequency"], "offsets": v["offsets"]}
    if v.get("still_below") is not None:
        out["still_below"] = v["still_below"]
        out["still_at"] = v["still_at"]
    return out


PHASE = Block(
    "phase",
    (
        Field("frequency", "number", "the gait's frequency", unit="Hz", bound="positive"),
        Field(
            "offsets",
            "custom",
            "each foot's offset in the cycle",
            check=_offsets,
            what="list of numbers",
        ),
        Field(
            "still_below",
            "number",
            "the command below which it stands still",
            bound="positive",
            required=False,
        ),
        Field("still_at", "number", "the phase it stands still at", required=False),
        Rule("still_pair", _still_pair, "`still_below` and `still_at` together or neither"),
    ),
    doc="The gait's clock the policy reads.",
    strict_keys=True,
    build=_phase,
)


def _integrator(F: Fields, node: YNode, path: str, scope: Any) -> str | None:
    text = F.string(node, path)
    if text is None or text in INTEGRATORS:
        return text
    why = ""
    if text == "RK4":
        why = (
            ": the model is stepped in two halves, controls then integration, "
            "and MuJoCo integrates those by Euler under RK4"
        )
    F.invalid(
        node,
        path,
        f"is '{excerpt(text)}', which is none of Euler, implicit and implicitfast{why}",
        help="write the integrator the policy was trained with: Euler, implicit or implicitfast",
    )
    return None


def _iterations(F: Fields, node: YNode, path: str, scope: Any) -> int | None:
    return whole_number(
        F, node, path, 1, MAX_ITERATIONS, f"a whole number from 1 to {MAX_ITERATIONS}"
    )


SIMULATOR_KEYS = ("timestep", "integrator", "iterations", "ls_iterations", "eulerdamp")
SIMULATOR = Block(
    "simulator",
    (
        Field("timestep", "number", "the simulator's step", unit="s", bound="positive"),
        Field(
            "integrator",
            "custom",
            "the simulator's integrator",
            check=_integrator,
            what="one of",
            options=INTEGRATORS,
        ),
        Field(
            "iterations",
            "custom",
            "the solver's iterations",
            check=_iterations,
            what="positive whole number",
        ),
        Field(
            "ls_iterations",
            "custom",
            "the line search's iterations",
            check=_iterations,
            what="positive whole number",
        ),
        Field("eulerdamp", "boolean", "whether Euler's damping is implicit"),
    ),
    doc="The simulator the policy was trained in.",
    strict_keys=True,
    build=lambda v: {key: v[key] for key in SIMULATOR_KEYS},
)


def check_gait_controller(F: Fields, node: YNode, path: str) -> dict[str, Any] | None:
    """``{gait: {period, duty, step_height}, basis}``, with the gait's timing rules."""
    return GAIT_FORM.read(F, node, path, None)  # type: ignore[no-any-return]


def _duty_steps(F: Fields, node: YNode, path: str, v: dict[str, Any], scope: Any) -> bool:
    """The duty above 0.5 and below 1, and, with the period, long enough for every foot down
    together and each in the air."""
    period, duty = v.get("period"), v.get("duty")
    if duty is None:
        return True
    duty_node = node.value["duty"]
    if not 0.5 < duty < 1.0:
        F.invalid(
            duty_node,
            f"{path}.duty",
            f"is {duty_node.raw}, but it must be more "
            "than 0.5 and less than 1: each foot is on the floor for that part of "
            "the period, and every foot together for a while twice a period",
            help="write the duty, such as 0.55 or 0.6",
        )
        return False
    return period is None or _gait_timing_ok(F, node.value["period"], duty_node, path)


STEPPING = Block(
    "stepping",
    (
        Field("period", "number", "one cycle of the gait", unit="s", bound="positive"),
        Field("duty", "number", "the share of a cycle each foot is down: above 0.5, below 1"),
        Rule("duty_steps", _duty_steps, "the duty and the period leave time down and in the air"),
        Field("step_height", "number", "how high a foot lifts", unit="m", bound="positive"),
    ),
    doc="A gait worked out from the part's own model.",
    strict_keys=True,
    build=lambda v: {"period": v["period"], "duty": v["duty"], "step_height": v["step_height"]},
)
# a controller's gait form, as it is read once the controller states no policy
GAIT_FORM = Block(
    "gait controller",
    (
        Field("gait", "block", STEPPING.doc, block=STEPPING),
        Field("basis", "string", "how it was made"),
    ),
    doc="A walking controller by a gait.",
    strict_keys=True,
    build=lambda v: {"gait": v["gait"], "basis": v["basis"]},
)


# a controller's policy form, as it is read once the controller states a policy
POLICY = Block(
    "policy controller",
    (
        Field(
            "policy",
            "custom",
            "the policy's ONNX file, in the part directory",
            check=_policy_file,
            what="path",
        ),
        Field(
            "period",
            "number",
            "how often the policy acts: whole simulator steps",
            unit="s",
            bound="positive",
        ),
        Field("imu", "block", IMU.doc, block=IMU),
        Field(
            "observation",
            "custom",
            "what the policy reads, each term once",
            check=_observation,
            what="list of terms",
            options=OBSERVATION_TERMS,
        ),
        Field(
            "hidden",
            "custom",
            "the servos the policy does not move",
            required=False,
            check=_hidden,
            what="list of link names",
        ),
        Field("action_scale", "number", "the policy's output to radians", bound="positive"),
        Field(
            "phase",
            "block",
            PHASE.doc,
            block=PHASE,
            required=False,
            by_rule=True,
            required_doc="an observed phase",
        ),
        Rule(
            "phase_by_observation", _phase_by_observation, "`phase` when the observation lists it"
        ),
        Field("simulator", "block", SIMULATOR.doc, block=SIMULATOR),
        Rule("period_in_steps", _period_in_steps, "`period` a whole number of timesteps"),
        Field("basis", "string", "how it was made"),
    ),
    doc="A walking controller by a policy.",
    strict_keys=True,
    build=_policy,
)
# a walker's: the same, with the servos it moves and their trained gains (walkers.py reads
# them)
WALKER_POLICY = Block(
    "walker policy",
    (
        *POLICY.steps,
        Field("joints", "custom", "the servos the policy moves, as owner/link", by_rule=True),
        Field(
            "trained_kp",
            "custom",
            "the servos' gains the policy was trained with",
            required=False,
            by_rule=True,
        ),
    ),
    doc="A walker's policy.",
    strict_keys=True,
    build=_policy,
)


def _in_policy_form(f: Field) -> Field:
    return replace(f, required=False, required_if=lambda scope: True, required_doc="a policy")


# A part's controller in either form: the policy's keys (required with a policy, but the
# basis, either form's), then the gait's. Its check chooses the form by the keys
# (``controller_form``) and reads by that form's table.
CONTROLLER = Block(
    "controller",
    (
        *(f if f.name == "basis" else _in_policy_form(f) for f in POLICY.fields if f.required),
        *(f for f in POLICY.fields if not f.required),
        replace(
            GAIT_FORM.field("gait"),
            doc=STEPPING.doc + " (the gait form, instead of a policy)",
            required=False,
        ),
    ),
    doc="A walking controller: a policy, or a gait with its basis.",
    check=check_part_controller,
)


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
    F: Fields, node: YNode, feet: list[Foot], links: dict[str, LinkInfo], feet_node: YNode
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

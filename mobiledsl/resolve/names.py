"""Resolving a ``.core`` file: component names, types, refs, arguments and references.

Each component's type must be a vocabulary type its part's profiles list; names are unique
and none is reserved; ``power`` and ``command`` name components of the right kind. What
cannot be resolved is reported and left out, so one mistake is reported once.
"""

from __future__ import annotations

from dataclasses import field

from ..diagnostics import Label, Sink, Span, labels_at
from ..lang.ast import CoreFile, Item, Ref, String, Tuple
from ..library.model import Part
from ..model import vocabulary as vocab
from ..recordtype import mutable_record, record
from .catalog import Catalog
from .model import Glue, ResolvedComponent
from .values import wrong_value

RESERVED = ("base_footprint", "base_link")
RESERVED_HELP = (
    "the targets add links named base_footprint, base_link, <link>_contact_<n> "
    "for each ground contact a part declares, <wheel>_steer for each steered "
    "wheel and <camera>_optical for each camera; choose another name for this "
    "component",
)


@mutable_record
class _Draft:
    item: Item
    name: str
    type: str | None  # None: unknown type (already reported)
    part: Part | None = None
    glue: Glue | None = None
    power: Ref | None = None
    command: Ref | None = None
    ok: bool = True
    # power or command that names @world/... or @task/...: (argument, reference, what it is)
    wrong_refs: list[tuple[str, Ref, str]] = field(default_factory=list)


@record
class CoreResult:
    components: tuple[ResolvedComponent, ...]
    chassis: str | None
    chassis_type: str | None


def allowed_args(type_: str, part: Part | None) -> tuple[str, ...]:
    if vocab.is_chassis_type(type_):
        return ("ref",)
    args = ["ref", "glue"]
    if type_ == "MotorDriver":
        args.append("power")
    if type_ == "Motor":
        if part is None or (part.motor is not None and part.motor.bus):
            args.append("power")
        args.append("command")
    return tuple(args)


def resolve_core(core: CoreFile, catalog: Catalog, sink: Sink) -> CoreResult:
    drafts: list[_Draft] = []
    first_by_name: dict[str, _Draft] = {}
    for item in core.components:
        name = item.name or ""
        type_ = item.kind if item.kind in vocab.COMPONENT_TYPES else None
        d = _Draft(item, name, type_)
        if type_ is None:
            sink.error(
                "semantic.unknown_type",
                f"'{item.kind}' is not a component type",
                item.kind_span,
                label="unknown type",
                help=vocab.suggestion(item.kind, vocab.COMPONENT_TYPES, "component types"),
            )
            d.ok = False
        _check_name(d, first_by_name, sink)
        drafts.append(d)

    for d in drafts:
        if d.type is not None:
            _resolve_args(d, d.type, catalog, sink)
    _check_reserved(drafts, sink)

    by_name = {d.name: d for d in drafts if first_by_name.get(d.name) is d}
    for d in drafts:
        if d.type is not None:
            _check_references(d, by_name, sink)

    chassis_drafts = [d for d in drafts if d.type is not None and vocab.is_chassis_type(d.type)]
    chassis = chassis_type = None
    if not chassis_drafts:
        if not any(d.type is None for d in drafts):  # an unknown type may be the chassis
            sink.error(
                "semantic.chassis_count",
                f"robot '{core.name}' has no chassis",
                core.name_span,
                label="no chassis component",
                help=(
                    "declare one component whose type is a chassis type, such as "
                    'Diff_two_caster chassis(ref = "diff_base"); the chassis types '
                    "are: " + ", ".join(vocab.CHASSIS_TYPES),
                ),
            )
    elif len(chassis_drafts) > 1:
        first = chassis_drafts[0]
        for extra in chassis_drafts[1:]:
            sink.error(
                "semantic.chassis_count",
                f"robot '{core.name}' has more than one chassis: '{first.name}' and '{extra.name}'",
                extra.item.kind_span,
                label="a second chassis",
                labels=(Label(first.item.kind_span, "the first chassis"),),
                help=(
                    "a robot has exactly one chassis; declare the other as a part "
                    "type, or remove it",
                ),
            )
            extra.ok = False
    else:
        chassis = chassis_drafts[0].name
        chassis_type = chassis_drafts[0].type

    components = []
    for d in drafts:
        if not d.ok or d.part is None or d.type is None:
            continue
        components.append(
            ResolvedComponent(
                name=d.name,
                type=d.type,
                part=d.part,
                chassis=vocab.is_chassis_type(d.type),
                glue=d.glue,
                power=d.power.name if d.power else None,
                command=d.command.name if d.command else None,
                span=d.item.span,
                name_span=d.item.name_span,
                ref_span=_arg_span(d.item, "ref"),
                power_span=d.power.span if d.power else None,
                command_span=d.command.span if d.command else None,
            )
        )
    return CoreResult(tuple(components), chassis, chassis_type)


def _arg_span(item: Item, name: str) -> Span | None:
    a = item.arg(name)
    return a.value.span if a is not None else None


def _check_name(d: _Draft, first_by_name: dict[str, _Draft], sink: Sink) -> None:
    first = first_by_name.get(d.name)
    if first is None:
        first_by_name[d.name] = d
        return
    sink.error(
        "resolve.duplicate_name",
        f"two components are named '{d.name}'",
        d.item.name_span,
        label="declared again",
        labels=labels_at(first.item.name_span, "first declared here"),
        help=(
            "give each component its own name; the task and the evaluation refer "
            "to components by name",
        ),
    )
    d.ok = False


CAMERA_TYPES = ("Camera", "DepthCamera", "RGBD")


def contact_links(name: str, type_: str, part: Part) -> list[str]:
    """The links the targets add for the ground contacts ``part`` declares: ``<link>_contact_<n>``
    for n = 0, 1, ..., where the link is the component's name, and for the chassis also
    ``base_link`` (the ROS targets name the chassis's link so; the mjcf target names its
    geoms after the component)."""
    links = [name] + (["base_link"] if vocab.is_chassis_type(type_) else [])
    return [f"{link}_contact_{i}" for link in links for i in range(len(part.contacts))]


def added_links(name: str, type_: str, part: Part) -> dict[str, str]:
    """Every link the targets add for a component, with what it is: its contacts' links,
    and a camera's optical frame ``<camera>_optical`` (REP 103)."""
    added = {
        link: f"the link of ground contact {link.rsplit('_', 1)[1]} that part "
        f"'{part.id}' of '{name}' declares"
        for link in contact_links(name, type_, part)
    }
    if type_ in CAMERA_TYPES:
        added[f"{name}_optical"] = f"the optical frame the targets add for camera '{name}'"
    return added


def _check_reserved(drafts: list[_Draft], sink: Sink) -> None:
    """base_footprint, base_link and the links the targets add for every component. (A
    steered wheel's ``<wheel>_steer`` is checked by the assembly, which knows which wheels
    steer.)"""
    added: dict[str, tuple[_Draft, str]] = {}
    for d in drafts:
        if d.part is not None and d.type is not None:
            for link, what in added_links(d.name, d.type, d.part).items():
                added.setdefault(link, (d, what))
    for d in drafts:
        owner = None
        if d.name in RESERVED:
            why = f"'{d.name}' is reserved: it is the name of a link the targets add"
        elif d.name in added and added[d.name][0] is not d:
            owner, what = added[d.name]
            why = f"'{d.name}' is reserved for {what}"
        else:
            continue
        labels = (
            labels_at(owner.item.name_span, f"'{owner.name}' is declared here")
            if owner is not None
            else ()
        )
        sink.error(
            "resolve.duplicate_name",
            why,
            d.item.name_span,
            label="reserved name",
            labels=labels,
            help=RESERVED_HELP,
        )
        d.ok = False


def _resolve_args(d: _Draft, type_: str, catalog: Catalog, sink: Sink) -> None:
    item = d.item
    ref_arg = item.arg("ref")
    if ref_arg is None:
        _missing(
            d,
            "ref",
            f'name the part in a library: {type_} {d.name}(ref = "<part id>"'
            + (")" if vocab.is_chassis_type(type_) else ", glue = (...))"),
            sink,
        )
    elif not isinstance(ref_arg.value, String):
        wrong_value(sink, ref_arg, "a string, the id of a part", 'ref = "<part id>"')
        d.ok = False
    else:
        d.part = catalog.lookup(
            ref_arg.value.value, ref_arg.value.span, sink, "part", f"'{d.name}'", profile=type_
        )
        if d.part is None:
            d.ok = False
        else:
            _check_profile(d, d.part, type_, ref_arg.value.span, sink)

    allowed = allowed_args(type_, d.part)
    for a in item.args:
        if a.name in allowed:
            continue
        d.ok = False
        helps: tuple[str, ...]
        if a.name == "glue" and vocab.is_chassis_type(type_):
            message = f"the chassis '{d.name}' takes no glue: its frame is base_link"
            helps = ("delete the glue; every other part is glued onto the chassis",)
        elif a.name == "power" and type_ == "Motor":
            message = (
                f"motor '{d.name}' takes no power: its part states no bus, so the "
                f"driver channel that commands it also powers it"
            )
            helps = ("delete power; name its driver with command = @core/<driver>",)
        elif a.name in vocab.COMPONENT_ARGS:
            message = f"{vocab.a(type_)} takes no '{a.name}'"
            helps = (f"the arguments of {vocab.a(type_)} are: {', '.join(allowed)}",)
        else:
            message = f"'{a.name}' is not an argument of a component"
            helps = vocab.suggestion(a.name, allowed, f"arguments of {vocab.a(type_)}")
        sink.error(
            "semantic.unknown_argument", message, a.name_span, label="unknown argument", help=helps
        )

    if not vocab.is_chassis_type(type_):
        glue = item.arg("glue")
        if glue is None:
            _missing(
                d,
                "glue",
                "place it with glue = (x, y, z, nx, ny, nz): the point and the outward "
                "direction of a connector of the chassis or of a placed part, in the chassis "
                "frame",
                sink,
            )
        elif not (isinstance(glue.value, Tuple) and len(glue.value.items) in (6, 7)):
            wrong_value(
                sink,
                glue,
                "a tuple of six numbers, or seven with the roll",
                "glue = (x, y, z, nx, ny, nz) or (x, y, z, nx, ny, nz, roll)",
            )
            d.ok = False
        else:
            d.glue = Glue(tuple(n.value for n in glue.value.items), glue.value.span)

    for key in ("power", "command"):
        given = item.arg(key)
        if given is None or key not in allowed:
            continue
        a = given
        what = "Battery" if key == "power" else "MotorDriver"
        if isinstance(a.value, Ref) and a.value.kind == "core":
            setattr(d, key, a.value)
        elif isinstance(a.value, Ref):
            # a reference, to another file: the wrong kind of thing (as a goal naming @core/)
            kind = {"world": "an entity of the world"}.get(
                a.value.kind, f"a name of the {a.value.kind}"
            )
            d.wrong_refs.append((key, a.value, kind))
        else:
            wrong_value(
                sink,
                a,
                f"a reference to {vocab.a(what)} component",
                f"{key} = @core/<{what.lower()}>",
            )
            d.ok = False


def _missing(d: _Draft, key: str, help: str, sink: Sink) -> None:
    """The component states no ``key``, which it needs."""
    sink.error(
        "semantic.missing_argument",
        f"'{d.name}' has no {key}",
        d.item.name_span or d.item.span,
        label=f"no {key}",
        help=(help,),
    )
    d.ok = False


def _check_profile(d: _Draft, part: Part, type_: str, span: Span | None, sink: Sink) -> None:
    helps: tuple[str, ...]
    if type_ not in part.profiles:
        if part.profiles:
            has = ", ".join(sorted(part.profiles))
            helps = (
                f"'{part.id}' can be used as: {has}",
                f"declare it as {sorted(part.profiles)[0]} {d.name}(...), or pick a part "
                f"whose profiles list {type_}",
            )
        else:
            helps = (f"'{part.id}' lists no profile: it is a catalog entry no program can select",)
        sink.error(
            "semantic.profile_missing",
            f"'{part.id}' cannot be used as {vocab.a(type_)}: its profiles do not list it",
            span,
            label=f"not {vocab.a(type_)}",
            labels=(Label(part.span("profiles"), "its profiles"),),
            help=helps,
        )
        d.ok = False
        return
    if type_ in vocab.CHASSIS_TYPES:
        needed = vocab.CHASSIS_TYPES[type_].wheel_mounts
    else:
        needed = vocab.PART_MOUNTS.get(type_, ("default",))
    mounts = part.profiles[type_]
    missing = [m for m in needed if m not in mounts]
    if missing:
        sink.error(
            "semantic.profile_mounts",
            f"the {type_} profile of '{part.id}' does not map "
            + ", ".join(f"'{m}'" for m in missing),
            span,
            label="incomplete profile",
            labels=(Label(part.span(f"profiles.{type_}"), f"the {type_} profile"),),
            help=(f"{vocab.a(type_)} profile maps {', '.join(needed)} to connectors of the part",),
        )
        d.ok = False


def _check_references(d: _Draft, by_name: dict[str, _Draft], sink: Sink) -> None:
    for key, wrong, kind in d.wrong_refs:
        want = "Battery" if key == "power" else "MotorDriver"
        what = "feeds it" if key == "power" else "drives it"
        kinds = [n for n, t in by_name.items() if t.type == want]
        sink.error(
            "semantic.reference_kind",
            f"{key} of '{d.name}' names @{wrong.kind}/{wrong.name}, {kind}; {key} names "
            f"the {want} component that {what}",
            wrong.span,
            label=f"not a {want} of the robot",
            help=(
                f"write {key} = " + " or ".join(f"@core/{k}" for k in kinds)
                if kinds
                else f"declare {vocab.a(want)} component and write {key} = @core/<{want.lower()}>",
            ),
        )
        d.ok = False
    for key, want in (("power", "Battery"), ("command", "MotorDriver")):
        ref: Ref | None = getattr(d, key)
        if ref is None:
            continue
        target = by_name.get(ref.name)
        if target is None:
            helps = []
            close = vocab.did_you_mean(ref.name, list(by_name))
            if close is not None and close != ref.name:
                helps.append(f"did you mean '@core/{close}'?")
            kinds = [n for n, t in by_name.items() if t.type == want]
            helps.append(
                f"the {want} components are: {', '.join(kinds)}"
                if kinds
                else f"declare a {want} component and name it here"
            )
            sink.error(
                "resolve.unknown_reference",
                f"{key} of '{d.name}' names '@core/{ref.name}', which is no component",
                ref.span,
                label="names nothing",
                help=tuple(helps),
            )
            d.ok = False
            continue
        if target.type is None:
            d.ok = False  # its unknown type is reported already
            continue
        if target.type != want:
            kinds = [n for n, t in by_name.items() if t.type == want]
            what = "feeds it" if key == "power" else "drives it"
            sink.error(
                "semantic.reference_kind",
                f"{key} of '{d.name}' names '{ref.name}', {vocab.a(target.type)}; "
                f"{key} names "
                f"the {want} that {what}",
                ref.span,
                label=f"not a {want}",
                labels=(Label(target.item.kind_span, f"'{ref.name}' is {vocab.a(target.type)}"),),
                help=(
                    f"the {want} components are: {', '.join(kinds)}"
                    if kinds
                    else f"declare a {want} component and name it here",
                ),
            )
            d.ok = False

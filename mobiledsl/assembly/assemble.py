"""Assembly (docs/assembly.md): place every part by its glue, then check the drive mounts.

Placement is order-independent: in rounds, every component not yet placed whose glue
matches a connector of the chassis or of a part placed in an earlier round is placed, until
a round places nothing. Within a round the contenders for one connector are judged in
declaration order, so the result never depends on how the rounds fell.

A component that cannot be placed for an error of its own (a glue that is not unit, that
matches two connectors, or that names a taken connector) is still followed in *shadow*:
whatever mates onto it is not placed either, and is not reported a second time.
"""

from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import TYPE_CHECKING

import numpy as np

from ..diagnostics import Diagnostic, Label, Sink, Span
from ..library.model import Part
from ..model import vocabulary as vocab
from ..model.frames import Transform, clean_vec, norm
from ..model.mating import link_transform, mate
from ..model.robot import Component, PlacedLink, Pose, Robot, Steer
from ..recordtype import mutable_record
from . import glue as g

if TYPE_CHECKING:
    from ..resolve.model import Glue, Resolved, ResolvedComponent

TAKEN = "validation.assembly.connector_taken"
DRIVE = "validation.assembly.drive_mounts_filled"
STEERING = "validation.assembly.steering_declared"
RESERVED = "resolve.duplicate_name"  # a steered wheel's knuckle name (see _check_knuckle_names)


@mutable_record
class Placement:
    name: str
    transform: Transform
    parent: str | None = None
    host_connector: str | None = None
    connector: str | None = None  # own connector it mates by
    joint_point: np.ndarray | None = None
    shadow: bool = False  # followed only to silence what mates onto it
    connectors: list[g.HostConnector] = field(default_factory=list)


def assemble(resolved: Resolved) -> tuple[Robot | None, list[Diagnostic]]:
    """The robot of a resolved program, or None with the errors that kept it from being
    assembled."""
    sink = Sink()
    robot = _Assembler(resolved, sink).run()
    return (None if sink.has_errors else robot), sink.items


class _Assembler:
    def __init__(self, resolved: Resolved, sink: Sink):
        self.r = resolved
        self.sink = sink
        self.comps = {c.name: c for c in resolved.components}
        self.order = [c.name for c in resolved.components]
        self.placed: dict[str, Placement] = {}
        self.shadow: dict[str, list[Placement]] = {}  # a part may shadow several places
        self.occupied: dict[str, str] = {}  # "comp.connector" -> component on it
        self.occupied_span: dict[str, Span | None] = {}
        self.shadow_cause: dict[str, str] = {}  # shadowed component -> blocked root
        self.blocked_roots: dict[str, Diagnostic] = {}
        self.ambiguous: dict[str, list[g.HostConnector]] = {}
        # a glue whose direction is not unit -> the connectors it names all the same (its
        # point within 1 mm, and its direction, normalised, within 0.01 when it has one)
        self.not_unit: dict[str, list[g.HostConnector]] = {}

    # -- placement ---------------------------------------------------------------------------
    def run(self) -> Robot | None:
        chassis = self.comps[self.r.chassis]
        root = Placement(chassis.name, Transform.identity())
        root.connectors = g.connectors_in_chassis_frame(chassis.name, chassis.part, root.transform)
        self.placed[chassis.name] = root

        pending = []
        for name in self.order:
            c = self.comps[name]
            if name == chassis.name or c.glue is None:  # resolve reports a missing glue
                continue
            if not g.is_unit(c.glue.values):
                # never placed, but followed in shadow: where its glue, normalised, puts it
                # now, and at each connector it names once that connector is placed
                self.not_unit[name] = []
                if g.direction_length(c.glue.values) > 0:
                    self._shadow_by_glue(name)
            pending.append(name)

        while pending:
            candidates = g.ConnectorIndex(self._candidates())
            shadow_candidates = g.ConnectorIndex(self._shadow_candidates())
            # (name, the connectors its glue matches, False | True (in shadow) | "not_unit")
            decisions: list[tuple[str, list[g.HostConnector], bool | str]] = []
            for name in pending:
                values = self._glue(name).values
                if name in self.not_unit:
                    found = candidates.matching(values, loose=True) + shadow_candidates.matching(
                        values, loose=True
                    )
                    if found:
                        decisions.append((name, found, "not_unit"))
                    continue
                found = candidates.matching(values)
                if found:
                    decisions.append((name, found, False))
                    continue
                found = shadow_candidates.matching(values)
                if found:
                    decisions.append((name, found, True))
            if not decisions:
                break
            decided = set()
            for name, found, shadow in decisions:
                decided.add(name)
                if shadow == "not_unit":  # reported after the rounds
                    self.not_unit[name] = found
                    for hc in found:
                        self._place(name, hc, shadow=True)
                    continue
                if shadow:
                    for hc in found:
                        self._place(name, hc, shadow=True)
                    owner = found[0].component
                    self.shadow_cause[name] = self.shadow_cause.get(owner, owner)
                    continue
                if len(found) > 1:  # reported after the rounds, naming what it blocks
                    # followed in shadow on each, so what mates onto it is known wherever
                    self.ambiguous[name] = found
                    for hc in sorted(found, key=lambda h: h.label):
                        self._place(name, hc, shadow=True)
                    continue
                hc = found[0]
                holder = self._holder(hc)
                if holder is not None:
                    self._taken(name, hc, holder)
                    self._place(name, hc, shadow=True, occupy=False)
                    continue
                self._place(name, hc)
            pending = [n for n in pending if n not in decided]

        free = self.free_connectors()
        free_labels = {hc.label for hc in free}
        for name, found in self.not_unit.items():
            glue = self._glue(name)
            named = [hc for hc in found if hc.label in free_labels]
            d = g.not_unit(name, glue.values, glue.span, named)
            self.blocked_roots[name] = d
            self.sink.add(d)
        for name, found in self.ambiguous.items():
            d = g.ambiguous(name, self._glue(name).span, found)
            self.blocked_roots[name] = d
            self.sink.add(d)
        failed = [n for n in pending if n not in self.not_unit]
        guesses = self._guess_places(failed, free)
        follow_ons = self._follow_guesses(failed, guesses)
        for name in failed:
            if name in follow_ons:
                continue
            glue = self._glue(name)
            # never the connector another failed part is nearest: that one is its seat
            theirs = {hc.label for other, hc in guesses.items() if other != name}
            d = g.no_match(
                name, glue.values, glue.span, [hc for hc in free if hc.label not in theirs]
            )
            self.blocked_roots[name] = d
            self.sink.add(d)
        self._name_blocked()

        self._check_steering()
        if self.sink.has_errors:
            return None
        return self._robot(free)

    def _guess_places(
        self, failed: list[str], free: list[g.HostConnector]
    ) -> dict[str, g.HostConnector]:
        """Where each part whose glue matches nothing was most likely meant to go: its
        nearest free connector, each connector given to the failed part nearest it. A part
        that is meant to mate onto another failed part is nearer that part's connectors than
        to the seat the other one misses, so the seat is never suggested to it."""
        claims: list[tuple[float, str, g.HostConnector]] = []
        for name in failed:
            values = self._glue(name).values
            best = g.nearest(values, free)
            if best is not None:
                claims.append((g.point_distance(values, best), name, best))
        guesses: dict[str, g.HostConnector] = {}
        taken: set[str] = set()
        for _distance, name, hc in sorted(claims, key=lambda c: (c[0], c[1])):
            if hc.label not in taken:
                guesses[name] = hc
                taken.add(hc.label)
        return guesses

    def _follow_guesses(self, failed: list[str], guesses: dict[str, g.HostConnector]) -> set[str]:
        """Follow each failed part in shadow at its guessed place; a failed part whose glue
        matches a connector of such a part is not an error of its own but a follow-on: it
        is named in the note of the part it mates onto. Returns the follow-ons."""
        for name, hc in guesses.items():
            self._place(name, hc, shadow=True)
        follow_ons: set[str] = set()
        while True:
            index = g.ConnectorIndex(self._shadow_candidates())
            found = [
                (n, index.matching(self._glue(n).values)) for n in failed if n not in follow_ons
            ]
            new = [(n, hcs) for n, hcs in found if hcs and n not in guesses]
            if not new:
                return follow_ons
            for name, hcs in new:
                follow_ons.add(name)
                owner = hcs[0].component
                self.shadow_cause[name] = self.shadow_cause.get(owner, owner)
                for hc in hcs:
                    self._place(name, hc, shadow=True)

    def _name_blocked(self) -> None:
        """Add to each placement error the parts that are not placed because of it."""
        for root, d in self.blocked_roots.items():
            blocked = sorted(n for n, cause in self.shadow_cause.items() if cause == root)
            if not blocked:
                continue
            note = "not placed either, since they mate onto it: " + ", ".join(
                f"'{b}'" for b in blocked
            )
            i = self.sink.items.index(d)
            self.sink.items[i] = dataclasses.replace(d, notes=d.notes + (note,))

    def _candidates(self) -> list[g.HostConnector]:
        return [hc for p in self.placed.values() for hc in p.connectors]

    def _shadow_candidates(self) -> list[g.HostConnector]:
        return [hc for ps in self.shadow.values() for p in ps for hc in p.connectors]

    def _holder(self, hc: g.HostConnector) -> str | None:
        """Who holds a connector already: a part on it, or its own part mating by it."""
        if hc.label in self.occupied:
            return self.occupied[hc.label]
        p = self.placed.get(hc.component)
        if p is not None and p.connector == hc.name:
            return hc.component
        return None

    def _place(
        self, name: str, hc: g.HostConnector, shadow: bool = False, occupy: bool = True
    ) -> None:
        c = self.comps[name]
        own_name = c.mounts.get("default")
        own = c.part.connectors.get(own_name) if own_name else None
        if own is None:  # resolve guarantees a default mount; be safe anyway
            own_name, own = sorted(c.part.connectors.items())[0]
        glue = self._glue(name)
        roll = glue.roll or 0.0
        transform = mate(own.pos, own.dir, own.up, hc.pos, hc.dir, hc.up, roll)
        p = Placement(name, transform, hc.component, hc.name, own_name, hc.pos, shadow)
        p.connectors = g.connectors_in_chassis_frame(name, c.part, transform)
        if shadow:
            self.shadow.setdefault(name, []).append(p)
            return
        self.placed[name] = p
        if occupy:
            self.occupied[hc.label] = name
            self.occupied_span[hc.label] = glue.span

    def _glue(self, name: str) -> Glue:
        """The glue of a component being placed (the chassis and a component without glue
        are never pending)."""
        glue = self.comps[name].glue
        assert glue is not None, f"'{name}' is placed by no glue"
        return glue

    def _shadow_by_glue(self, name: str) -> None:
        """A part whose glue is not unit: mate it where its normalised glue would put it."""
        v = self._glue(name).values
        n = np.asarray(v[3:6], dtype=float)
        n = n / norm(n)
        fake = g.HostConnector("?", "?", np.asarray(v[:3], dtype=float), n, None, None)
        self._place(name, fake, shadow=True)

    def _taken(self, name: str, hc: g.HostConnector, holder: str) -> None:
        labels = []
        if hc.component == holder and self.placed[holder].connector == hc.name:
            message = (
                f"the glue of '{name}' names '{hc.label}', the connector "
                f"'{holder}' mates by; a connector holds one part"
            )
            holder_glue = self.comps[holder].glue
            holder_span = holder_glue.span if holder_glue else None
            if holder_span is not None:
                labels.append(Label(holder_span, f"'{holder}' mates by '{hc.label}' here"))
        else:
            message = (
                f"'{name}' and '{holder}' are both glued onto '{hc.label}'; a "
                f"connector holds one part"
            )
            span = self.occupied_span.get(hc.label)
            if span is not None:
                labels.append(Label(span, f"'{holder}' is placed on '{hc.label}' here"))
        others = [f.label for f in self.free_connectors()]
        helps = ["move one of them to a free connector"]
        if others:
            helps.append("the free connectors are: " + ", ".join(others))
        d = self.sink.error(
            TAKEN,
            message,
            self._glue(name).span,
            label=f"'{hc.label}' is taken",
            labels=labels,
            help=helps,
        )
        self.blocked_roots[name] = d

    def free_connectors(self) -> list[g.HostConnector]:
        """Connectors of the chassis and the placed parts that hold no part and that their
        own part does not mate by, sorted by label."""
        out = []
        for p in self.placed.values():
            for hc in p.connectors:
                if hc.label in self.occupied or hc.name == p.connector:
                    continue
                out.append(hc)
        return sorted(out, key=lambda h: h.label)

    # -- steering ----------------------------------------------------------------------------
    def _check_steering(self) -> None:
        ct = vocab.CHASSIS_TYPES.get(self.r.chassis_type)
        if ct is None:
            return
        chassis = self.comps[self.r.chassis]
        profile = chassis.mounts
        for mount in sorted(ct.steered):
            cname = profile.get(mount)
            conn = chassis.part.connectors.get(cname) if cname else None
            if conn is None or conn.steering is not None:
                continue
            self.sink.error(
                STEERING,
                f"the {self.r.chassis_type} chassis steers its '{mount}' mount, but connector "
                f"'{cname}' of part '{chassis.part.id}' states no steering",
                chassis.ref_span or chassis.span,
                label="its kingpin is not declared",
                labels=(Label(chassis.part.span(f"connectors.{cname}"), f"connector '{cname}'"),),
                help=(
                    f"add the kingpin to connector '{cname}' in {chassis.part.file}, e.g. "
                    "steering: {axis: [0, 0, 1], max_angle_rad: 0.6}",
                ),
            )

    # -- the robot ---------------------------------------------------------------------------
    def _robot(self, free: list[g.HostConnector]) -> Robot | None:
        r = self.r
        ct = vocab.CHASSIS_TYPES[r.chassis_type]
        chassis = self.comps[r.chassis]
        profile = chassis.mounts
        children: dict[tuple[str, str], str] = {}  # (parent, host connector) -> child
        for name, p in self.placed.items():
            if p.parent is not None and p.host_connector is not None:  # placed on a connector
                children[(p.parent, p.host_connector)] = name

        info: dict[str, dict] = {n: {} for n in self.placed}
        # seats: a chassis connector with a driveline, and the motor on it
        seat_motor: dict[str, str | None] = {}
        hub_seat: dict[str, str] = {}
        for seat, conn in chassis.part.connectors.items():
            if conn.driveline is not None:
                child = children.get((chassis.name, seat))
                motor = child if child and self.comps[child].type == "Motor" else None
                seat_motor[seat] = motor
                for hub in conn.driveline.turns:
                    hub_seat[hub] = seat

        for mount in ct.wheel_mounts:
            assert ct.wheel_type is not None, "a chassis type with wheel mounts names its wheel"
            cname = profile.get(mount)
            if cname is None:
                continue  # resolve reports a profile without the type's mounts
            on_mount = children.get((chassis.name, cname))
            wheel = None
            motor = None
            if on_mount is not None and self.comps[on_mount].type == "Motor":
                motor = on_mount
                shaft = self.comps[motor].mounts.get("shaft")
                wheel = children.get((motor, shaft)) if shaft else None
                info[motor].update(mount=mount)
                if wheel is None:
                    self._drive_error(
                        f"the '{mount}' mount of the {r.chassis_type} chassis carries motor "
                        f"'{motor}' with no wheel on its shaft",
                        self.comps[motor],
                        mount,
                        self._hc(motor, shaft),
                        ct.wheel_type,
                    )
            elif on_mount is not None:
                wheel = on_mount
            else:
                self._drive_error(
                    f"the '{mount}' mount of the {r.chassis_type} chassis carries no "
                    f"{ct.wheel_type}",
                    chassis,
                    mount,
                    self._hc(chassis.name, cname),
                    ct.wheel_type,
                )
            if wheel is None:
                continue
            wc = self.comps[wheel]
            if wc.type != ct.wheel_type:
                where = f"on the shaft of '{motor}' " if motor else ""
                self._drive_error(
                    f"'{wheel}' is {vocab.a(wc.type)} {where}on the '{mount}' mount, where "
                    f"{vocab.a(r.chassis_type)} chassis takes {vocab.a(ct.wheel_type)}",
                    wc,
                    mount,
                    None,
                    ct.wheel_type,
                    wrong=True,
                )
                continue
            driver = motor
            reduction = None
            if driver is None and cname in hub_seat:
                driver = seat_motor.get(hub_seat[cname])
                driveline = chassis.part.connectors[hub_seat[cname]].driveline
                if driver is not None and driveline is not None:  # a seat has its driveline
                    reduction = driveline.reduction
            if mount in ct.free and (driver is not None):
                self._drive_error(
                    f"the '{mount}' wheel of {vocab.a(r.chassis_type)} chassis rolls freely, but "
                    f"motor '{driver}' turns it",
                    self.comps[driver],
                    mount,
                    None,
                    ct.wheel_type,
                    free=True,
                )
                continue
            driven = mount in ct.driven or (mount in ct.optionally_driven and driver is not None)
            info[wheel].update(mount=mount, driven=driven, driven_by=driver, reduction=reduction)
            if mount in ct.steered:
                conn = chassis.part.connectors[cname]
                if conn.steering is not None:
                    info[wheel]["steer"] = Steer(
                        clean_vec(conn.steering.axis),
                        conn.steering.max_angle_rad,
                        clean_vec(conn.pos),
                    )

        # a Motor on no wheel mount and no driveline seat turns what is on its shaft, and
        # something must be
        for name in self.order:
            at = self.placed.get(name)
            if (
                at is None
                or at.parent is None
                or self.comps[name].type != "Motor"
                or "mount" in info[name]
            ):
                continue
            if at.parent == chassis.name and at.host_connector in seat_motor:
                continue
            shaft = self.comps[name].mounts.get("shaft")
            if shaft is not None and (name, shaft) not in children:
                self._drive_error(
                    f"motor '{name}' sits on no wheel mount of the {r.chassis_type} chassis and "
                    "no driveline seat, and has nothing on its shaft",
                    self.comps[name],
                    None,
                    self._hc(name, shaft),
                    ct.wheel_type or "Standard",
                    idle=True,
                )

        # a wheel on a motor's shaft elsewhere is still turned by that motor
        for name, p in self.placed.items():
            parent = p.parent
            if parent and self.comps[parent].type == "Motor" and "driven_by" not in info[name]:
                if p.host_connector == self.comps[parent].mounts.get("shaft"):
                    info[name].update(driven_by=parent, mount=info[parent].get("mount"))

        self._check_knuckle_names(info)
        if self.sink.has_errors:
            return None

        components = []
        for name in self._parent_first():
            components.append(self._component(name, info[name]))
        occupied = dict(sorted(self.occupied.items()))
        parts = {}
        for name in self.placed:
            part = self.comps[name].part
            parts[part.key] = part
        return Robot(
            name=r.name,
            file=r.file,
            chassis_type=r.chassis_type,
            chassis=r.chassis,
            components=tuple(components),
            parts=dict(sorted(parts.items())),
            intent=r.intent,
            occupied=occupied,
            free_connectors=tuple(hc.label for hc in free),
            span=r.span,
        )

    def _check_knuckle_names(self, info: dict[str, dict]) -> None:
        """``<wheel>_steer`` is the knuckle link the targets add for a steered wheel: no
        component may have that name. Only the assembly knows which wheels steer, so it checks
        this reserved name (the others are the resolver's)."""
        for wheel in self.order:
            if "steer" not in info.get(wheel, {}):
                continue
            knuckle = f"{wheel}_steer"
            c = self.comps.get(knuckle)
            if c is None:
                continue
            w = self.comps[wheel]
            labels = (Label(w.name_span, f"'{wheel}' steers"),) if w.name_span else ()
            self.sink.error(
                RESERVED,
                f"'{knuckle}' is reserved for the steering knuckle of '{wheel}', a steered wheel",
                c.name_span or c.span,
                label="reserved name",
                labels=labels,
                help=(
                    f"the targets add a link named {knuckle} between the chassis and "
                    f"'{wheel}'; choose another name for this component",
                ),
            )

    def _hc(self, comp: str, connector: str | None) -> g.HostConnector | None:
        p = self.placed.get(comp)
        if p is None or connector is None:
            return None
        for hc in p.connectors:
            if hc.name == connector:
                return hc
        return None

    def _drive_error(
        self,
        message: str,
        at: ResolvedComponent,
        mount: str | None,
        hc: g.HostConnector | None,
        wheel_type: str | None,
        wrong: bool = False,
        free: bool = False,
        idle: bool = False,
    ) -> None:
        helps = []
        if hc is not None and wheel_type is not None:
            helps.append(
                f"glue {vocab.a(wheel_type)} onto '{hc.label}': "
                f'{wheel_type} <name>(ref = "<part id>", '
                f"glue = {g.glue_text(hc)})"
            )
        if idle:
            free_mounts = self._free_wheel_mounts()
            helps.append(
                (
                    "otherwise glue the motor onto a free wheel mount ("
                    + ", ".join(free_mounts)
                    + "), or delete it"
                )
                if free_mounts
                else "otherwise delete the motor"
            )
        if wrong and wheel_type is not None:
            helps.append(
                f"use a part whose profiles list {wheel_type}, declared as {vocab.a(wheel_type)}"
            )
        if free:
            helps.append("glue the wheel straight onto the mount, without a motor")
        span = (
            at.glue.span
            if (wrong or free or idle) and at.glue is not None
            else (at.ref_span or at.span)
        )
        label = (
            "wrong wheel type"
            if wrong
            else (
                "rolls freely" if free else "turns nothing" if idle else f"'{mount}' is not filled"
            )
        )
        self.sink.error(DRIVE, message, span, label=label, help=helps)

    def _free_wheel_mounts(self) -> list[str]:
        """The chassis wheel mounts that hold nothing, as ``'chassis.connector'``."""
        ct = vocab.CHASSIS_TYPES.get(self.r.chassis_type)
        chassis = self.comps[self.r.chassis]
        out = []
        for mount in ct.wheel_mounts if ct else ():
            cname = chassis.mounts.get(mount)
            label = f"{chassis.name}.{cname}"
            if cname is not None and label not in self.occupied:
                out.append(f"'{label}'")
        return out

    def _parent_first(self) -> list[str]:
        emitted: list[str] = []
        seen = set()
        remaining = [n for n in self.order if n in self.placed]
        while remaining:
            rest = []
            for n in remaining:
                parent = self.placed[n].parent
                if parent is None or parent in seen:
                    emitted.append(n)
                    seen.add(n)
                else:
                    rest.append(n)
            if len(rest) == len(remaining):  # cannot happen: parents are placed first
                emitted.extend(rest)
                break
            remaining = rest
        return emitted

    def _component(self, name: str, info: dict) -> Component:
        c = self.comps[name]
        p = self.placed[name]
        t = p.transform
        joint = "fixed"
        axis = None
        point = None
        if p.parent is not None:
            # a placed part mated by its own connector at the host's point
            assert p.connector is not None and p.joint_point is not None
            own = c.part.connectors[p.connector]
            joint = own.joint.type
            if own.joint.axis is not None:
                axis = clean_vec(g._unit(t.vector(own.joint.axis)))
            point = clean_vec(p.joint_point)
        return Component(
            name=name,
            type=c.type,
            part=c.part.key,
            pose=Pose(t.xyz, t.quat),
            parent=p.parent,
            host_connector=p.host_connector,
            connector=p.connector,
            joint=joint,
            joint_axis=axis,
            joint_point=point,
            mount=info.get("mount"),
            steer=info.get("steer"),
            driven_by=info.get("driven_by"),
            reduction=info.get("reduction"),
            driven=bool(info.get("driven", False)),
            power=c.power,
            command=c.command,
            links=place_links(c.part, t),
            span=c.span,
            glue_span=c.glue.span if c.glue else None,
        )


def place_links(part: Part, part_transform: Transform) -> tuple[PlacedLink, ...]:
    """Each link of a part where its servo holds it: its parent's frame, moved by the joint's
    xyz, turned by its rpy, then (revolute) turned about its axis by the servo's hold."""
    frames: dict[str | None, Transform] = {None: part_transform}
    out = []
    for link in part.links:
        parent = frames.get(link.parent, part_transform)
        j = link.joint
        hold = link.servo.hold if (j.type == "revolute" and link.servo is not None) else None
        base = parent @ link_transform(j.xyz, j.rpy, None, None)
        frame = base @ link_transform((0, 0, 0), (0, 0, 0), j.axis, hold)
        frames[link.name] = frame
        axis = None
        if j.type == "revolute" and j.axis is not None:
            axis = clean_vec(g._unit(base.vector(j.axis)))
        out.append(PlacedLink(link.name, link.parent, Pose(frame.xyz, frame.quat), axis))
    return tuple(out)

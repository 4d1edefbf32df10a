"""Walkers: ``walkers/<id>/walker.yaml``, a policy trained for one robot of the library's parts.

A walker names a body (a Legged chassis part with no legs of its own) and the legs placed on
it by glue, the command ranges its policy takes, and the policy with the servos it moves. The
file-level rules are checked here, against the parts the library loaded; whether a program's
legs are a walker's (placing them as the analysis does) is decided later.

Every problem of a walker is a warning: the walker is left out, so no robot walks by it, and
the parts still load.
"""

from __future__ import annotations

import dataclasses
import math
import os
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic, Label, Severity, Sink, Span, warning
from ..yamlio import YNode, read_yaml
from .controller import PolicyContext, check_policy, check_servo_names, policy_file_fits
from .fields import IDENTIFIER, UNIT_TOLERANCE, Fields, format_vector, normalised
from .legged import check_gait, record_spans
from .limbframes import placed_limbs
from .model import Gait, Limb, Part, Walker
from .parts import check_provenance
from .reading import read_declaration
from .walkernames import WALKER_FILE, named_in, named_parts, walker_file  # noqa: F401 (read here too)

WALKER_KEYS = (
    "schema_version",
    "id",
    "description",
    "assembly",
    "gait",
    "controller",
    "provenance",
)
# A program's leg is a walker's within 1 mm and 1 mrad of where the walker's glue places it;
# two of the walker's legs of one part closer than twice that could each be the same leg.
SAME_PLACE_M = 0.002
SAME_TURN_RAD = 0.002


def load_walker(
    root: str | os.PathLike,
    library_name: str,
    walker_id: str,
    parts: dict[str, Part],
    registered_at: Span | None = None,
) -> tuple[Walker | None, list[Diagnostic]]:
    """Read and check ``<root>/walkers/<walker_id>/walker.yaml`` against ``parts`` (the
    library's loaded parts, by id). Returns the walker, or None with its problems as
    warnings. ``registered_at`` is where library.yaml lists the id, for a missing file."""
    path = walker_file(root, walker_id)
    file = str(path)
    try:
        data = read_declaration(root, file)
    except OSError as exc:
        why = (
            "does not exist"
            if isinstance(exc, (FileNotFoundError, NotADirectoryError))
            else f"cannot be read ({exc.strerror or exc})"
        )
        return None, [
            warning(
                "library.part_missing",
                f"the walker '{walker_id}' is registered, but walkers/{walker_id}/{WALKER_FILE} "
                f"{why}",
                registered_at or Span(file),
                label="registered here",
                help=f"add walkers/{walker_id}/{WALKER_FILE}, or delete '{walker_id}' from "
                "walkers in library.yaml",
                notes=_left_out(walker_id),
            )
        ]
    if isinstance(data, Diagnostic):
        return None, [data.with_severity(Severity.WARNING)]
    node, diags = read_yaml(data, file)
    sink = Sink(list(diags))
    walker = None
    if node is not None:
        F = Fields(sink, file)
        walker = _check_walker(F, node, Path(root), library_name, walker_id, parts, file)
    if walker is None or sink.has_errors:
        return None, [_as_warning(d, walker_id) for d in sink.items]
    return walker, sink.items


def _left_out(walker_id: str) -> str:
    return f"the walker '{walker_id}' is left out, so no robot walks by it; the parts still load"


def _as_warning(d: Diagnostic, walker_id: str) -> Diagnostic:
    if d.severity is not Severity.ERROR:
        return d
    return dataclasses.replace(
        d, severity=Severity.WARNING, notes=d.notes + (_left_out(walker_id),)
    )


def _check_walker(
    F: Fields,
    node: YNode,
    root: Path,
    library_name: str,
    walker_id: str,
    parts: dict[str, Part],
    file: str,
) -> Walker | None:
    if not F.mapping(node, WALKER_FILE):
        return None
    ok = F.keys(node, "", WALKER_KEYS)
    version_node = node.get("schema_version")
    version = F.number(version_node, "schema_version")
    if version is not None and version_node is not None and version != 1:
        F.invalid(
            version_node,
            "schema_version",
            f"is {version_node.raw}, but this compiler reads schema_version 1",
            help="write schema_version: 1",
        )
    id_node = node.get("id")
    stated_id = F.string(id_node, "id")
    if stated_id is not None and id_node is not None and stated_id != walker_id:
        F.error(
            "library.id_mismatch",
            f"'id' is '{stated_id}', but the walker's directory is walkers/{walker_id}",
            id_node.span,
            label="differs from the directory name",
            help=f"write id: {walker_id}, or rename the directory and its entry in library.yaml",
        )
    description = F.string(node.get("description"), "description")

    body, limbs = _check_assembly(F, node.get("assembly"), parts)
    gait_node = node.get("gait")
    gait: Gait | None = check_gait(F, gait_node, "gait") if gait_node is not None else None
    walker_dir = root / "walkers" / walker_id
    controller_node = node.get("controller")
    trained: list[tuple[str, float]] = []
    controller = (
        _check_controller(F, controller_node, walker_dir, parts, body, limbs, trained)
        if controller_node is not None
        else None
    )
    provenance_node = node.get("provenance")
    provenance = (
        check_provenance(F, provenance_node, "provenance") if provenance_node is not None else None
    )

    if (
        not ok
        or F.failed
        or description is None
        or body is None
        or limbs is None
        or gait is None
        or controller is None
        or provenance is None
    ):
        return None
    spans: dict[str, Span] = {}
    record_spans(node, "", spans)
    return Walker(
        library=library_name,
        id=walker_id,
        description=description,
        file=file,
        dir=str(walker_dir),
        body=body,
        limbs=placed_limbs(parts.get(body), limbs, parts),
        gait=gait,
        controller=controller,
        provenance=provenance,
        spans=spans,
        trained_kp=dict(trained) or None,
    )


# ------------------------------------------------------------------------------------------
# assembly


def _check_assembly(
    F: Fields, node: YNode | None, parts: dict[str, Part]
) -> tuple[str | None, list[Limb] | None]:
    if node is None or not F.mapping(node, "assembly"):
        return None, None
    ok = F.keys(node, "assembly", ("body", "limbs"))
    body = _check_body(F, node.get("body"), parts)
    limbs = None
    limbs_node = node.get("limbs")
    if limbs_node is not None:
        limbs = _check_limbs(F, limbs_node, parts)
    if not ok:
        return None, None
    return body, limbs


def _check_body(F: Fields, node: YNode | None, parts: dict[str, Part]) -> str | None:
    body = F.string(node, "assembly.body")
    if body is None or node is None:
        return None
    part = parts.get(body)
    why = None
    if part is None:
        why = f"names '{body}', which is no part the library loaded"
    elif part.category != "chassis" or "Legged" not in part.profiles:
        what = (
            f"a {part.category}"
            if part.category != "chassis"
            else "a chassis whose profiles do not list Legged"
        )
        why = f"names '{body}', {what}: a walker's body is a chassis used as Legged"
    elif part.feet:
        why = (
            f"names '{body}', a chassis with legs of its own (feet "
            f"{', '.join(f.name for f in part.feet)}): a walker's body has none, and the "
            "legs a walker names are parts placed on it"
        )
    if why is not None:
        F.invalid(
            node,
            "assembly.body",
            why,
            help="name a chassis part of this library with a Legged profile and no "
            "feet; a part left out for a problem in its declaration is named in "
            "that part's own diagnostic",
        )
        return None
    return body


def _check_limbs(F: Fields, node: YNode, parts: dict[str, Part]) -> list[Limb] | None:
    if not node.is_map or not node.value:
        if node.is_map:
            F.error(
                "library.wrong_type",
                "'assembly.limbs' names no leg",
                node.span,
                label="no leg here",
                help="name each leg on the body: "
                "<name>: {part: <leg part>, glue: [x, y, z, nx, ny, nz]}",
            )
        else:
            F.wrong_type(node, "assembly.limbs", "a mapping from each leg's name to {part, glue}")
        return None
    limbs: list[Limb] = []
    glue_nodes: dict[str, YNode] = {}
    ok = True
    for name, limb_node in node.items():
        path = f"assembly.limbs.{name}"
        if not IDENTIFIER.match(name):
            F.invalid(
                node.key_span(name),
                path,
                f"is named '{name}', which is not an "
                "identifier (letters, digits and _, not starting with a digit)",
            )
            ok = False
        elif name == "body":
            F.invalid(
                node.key_span(name),
                path,
                "is named body, which names the walker's body in joints",
                help="give the leg another name, such as fl",
            )
            ok = False
        if not F.mapping(limb_node, path):
            ok = False
            continue
        ok &= F.keys(limb_node, path, ("part", "glue"))
        part_node = limb_node.get("part")
        part_id = F.string(part_node, f"{path}.part")
        if part_id is not None and part_node is not None:
            part = parts.get(part_id)
            if part is None or part.category != "leg":
                F.invalid(
                    part_node,
                    f"{path}.part",
                    f"names '{part_id}', "
                    + (
                        "which is no part the library loaded"
                        if part is None
                        else f"a {part.category}"
                    )
                    + ": a walker's limb is a leg part",
                    help="name a part of category leg of this library",
                )
                part_id = None
        glue_node = limb_node.get("glue")
        glue = _check_glue(F, glue_node, f"{path}.glue")
        if part_id is None or glue is None or glue_node is None:
            ok = False
            continue
        limbs.append(Limb(name, part_id, glue))
        glue_nodes[name] = glue_node
    if not ok:
        return None
    return limbs if _limbs_apart(F, limbs, glue_nodes) else None


def _check_glue(F: Fields, node: YNode | None, path: str) -> tuple[float, ...] | None:
    if node is None:
        return None
    if not node.is_seq or len(node.value) not in (6, 7):
        F.wrong_type(node, path, "[x, y, z, nx, ny, nz] or with a seventh number, the roll")
        return None
    read = [F.number(v, f"{path}[{i}]") for i, v in enumerate(node.value)]
    values = [v for v in read if v is not None]
    if len(values) != len(read):
        return None
    normal = values[3:6]
    length = math.sqrt(sum(c * c for c in normal))
    if abs(length - 1.0) > UNIT_TOLERANCE:
        F.error(
            "library.not_unit_vector",
            f"'{path}' has a normal (nx, ny, nz) of length {length:.4g}, not 1",
            node.span,
            label="normal not unit length",
            help="write the normal as a unit vector, such as "
            + (format_vector(normalised(normal)) if length > 0 else "[0, 0, -1]"),
        )
        return None
    return tuple(values)


def _limbs_apart(F: Fields, limbs: list[Limb], glue_nodes: dict[str, YNode]) -> bool:
    ok = True
    for i, a in enumerate(limbs):
        for b in limbs[i + 1 :]:
            if a.part != b.part:
                continue
            distance = math.dist(a.glue[:3], b.glue[:3])
            turn = _turn_between(a.glue, b.glue)
            if distance <= SAME_PLACE_M and turn <= SAME_TURN_RAD:
                F.sink.error(
                    "library.invalid_value",
                    f"'assembly.limbs.{b.name}.glue' places the {b.part} within "
                    f"{distance * 1000:.3g} mm and {turn * 1000:.3g} mrad of "
                    f"assembly.limbs.{a.name}: a leg of a program placed between them would "
                    "be either of the two",
                    glue_nodes[b.name].span,
                    label=f"where {a.name} is",
                    labels=(Label(glue_nodes[a.name].span, f"{a.name} is placed here"),),
                    help="give each leg a place of its own: two glues of one part more than "
                    "2 mm or 2 mrad apart",
                )
                F.failed = True
                ok = False
    return ok


def _turn_between(a: tuple[float, ...], b: tuple[float, ...]) -> float:
    """How far two glues turn a leg apart: the angle between their normals and between
    their rolls about them (an absent roll is 0), taken together."""
    na, nb = normalised(a[3:6]), normalised(b[3:6])
    cos = max(-1.0, min(1.0, sum(x * y for x, y in zip(na, nb))))
    cross = math.sqrt(
        sum(
            c * c
            for c in (
                na[1] * nb[2] - na[2] * nb[1],
                na[2] * nb[0] - na[0] * nb[2],
                na[0] * nb[1] - na[1] * nb[0],
            )
        )
    )
    tilt = math.atan2(cross, cos)
    roll = (a[6] if len(a) > 6 else 0.0) - (b[6] if len(b) > 6 else 0.0)
    roll = math.remainder(roll, math.tau)
    return math.hypot(tilt, roll)


# ------------------------------------------------------------------------------------------
# controller and provenance


def _check_trained_kp(F: Fields, node: YNode, joints: list[str]) -> dict[str, float] | None:
    """The servo gains the policy was trained at: one kp for every joint, or a kp for each
    joint by its owner and link (``{fl: {hip: 15, knee: 15}, ...}``); by joint either way."""
    path = "controller.trained_kp"
    if not node.is_map:
        kp = F.number(node, path, positive=True)
        return None if kp is None else {j: kp for j in joints}
    out: dict[str, float] = {}
    ok = True
    for owner, links in node.items():
        if not links.is_map:
            F.wrong_type(links, f"{path}.{owner}", "a kp by link of the owner")
            ok = False
            continue
        for link, value in links.items():
            joint = f"{owner}/{link}"
            if joint not in joints:
                F.invalid(
                    links.key_span(link),
                    f"{path}.{owner}.{link}",
                    f"names '{joint}', which is not one of the walker's joints",
                    help=f"name one of: {', '.join(joints)}",
                )
                ok = False
                continue
            kp = F.number(value, f"{path}.{owner}.{link}", positive=True)
            if kp is None:
                ok = False
            else:
                out[joint] = kp
    left = [j for j in joints if j not in out]
    if ok and left:
        F.invalid(
            node,
            path,
            f"leaves out {', '.join(left)}: a kp by joint states every joint's",
            help="add them, or write one number for every joint",
        )
    return out if ok and not left else None


def _check_controller(
    F: Fields,
    node: YNode,
    walker_dir: Path,
    parts: dict[str, Part],
    body: str | None,
    limbs: list[Limb] | None,
    trained_kp: list | None = None,
) -> dict[str, Any] | None:
    if not F.mapping(node, "controller"):
        return None
    if "gait" in node.value:
        F.error(
            "library.unknown_field",
            "'controller.gait' is not a field of a walker's "
            "controller: a walker is a policy trained for its robot",
            node.key_span("gait"),
            label="not a walker's",
            help="delete the gait; a robot that walks by its body's gait needs no walker",
        )
        node = YNode(
            "map",
            {k: v for k, v in node.items() if k != "gait"},
            node.span,
            key_spans={k: s for k, s in node.key_spans.items() if k != "gait"},
        )
    servos: list[str] | None = None
    owners: dict[str, set[str]] | None = None
    imu_links: set[str] | None = None
    if body is not None:
        body_part = parts[body]
        imu_links = {link.name for link in body_part.links}
        if limbs is not None:
            servos = [f"body/{link.name}" for link in body_part.links if link.servo]
            owners = {"body": imu_links}
            for limb in limbs:
                leg = parts[limb.part]
                servos += [f"{limb.name}/{link.name}" for link in leg.links if link.servo]
                owners[limb.name] = {link.name for link in leg.links}
    ctx = PolicyContext(walker_dir, servos, imu_links, walker=True, owners=owners)
    policy = check_policy(F, node, "controller", ctx)  # (WALKER_POLICY: with joints, trained_kp)
    joints_node = node.get("joints")
    joints = (
        check_servo_names(F, joints_node, "controller.joints", ctx, "joints", every=True)
        if joints_node is not None
        else None
    )
    trained_node = node.get("trained_kp")
    if trained_node is not None and joints is not None:
        trained = _check_trained_kp(F, trained_node, joints)
        if trained is not None and trained_kp is not None:
            trained_kp[:] = list(trained.items())
    if servos is not None and not servos:
        F.invalid(
            node.key_span("policy"),
            "controller.policy",
            "has no servo to move: neither the body nor its legs has one",
            help="a walker walks legs whose links are turned by servos",
        )
        return None
    if policy is None or joints is None or F.failed:
        return None
    if not policy_file_fits(F, node, "controller", walker_dir, policy, len(joints)):
        return None
    return dict(policy, joints=joints)

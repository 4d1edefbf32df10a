"""The schema of the two library entries that are not parts of a robot.

- ``object``: a thing a world places. It states its ``visual`` and, when it collides, a
  ``collision`` list of boxes, spheres and cylinders; ``provenance`` optionally.
- ``environment``: a place a scenario takes whole. It states ``ground_plane`` and
  ``entities``, each as a .world entity states it; ``provenance`` optionally. Its id is
  never ``empty``, which a scenario writes for no environment.

A part's field on either (inertial, connectors, profiles, ...) is library.unsupported, and
so is a field of the other kind of entry.
"""
from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ..yamlio import YNode
from .fields import IDENTIFIER, UNIT_TOLERANCE, Fields
from .model import EnvEntity
from .parts import check_provenance
from .paths import check_visual
from .shapes import check_shape_list

OBJECT_SHAPES = ("box", "sphere", "cylinder")
ENTITY_KEYS = ("entity", "type", "size", "ref", "pos", "collision")


def check_object_fields(F: Fields, root: YNode, part_dir: Path | str) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    if "visual" not in root.value:
        F.missing(root, "visual")
    out["visual"] = check_visual(F, root.get("visual"), part_dir, "visual")
    collision = root.get("collision")
    shapes = check_shape_list(F, collision, "collision", allowed=OBJECT_SHAPES)
    out["collision"] = tuple(shapes or ())
    out["provenance"] = check_provenance(F, root.get("provenance"), "provenance")
    return None if F.failed else out


def check_environment_fields(F: Fields, root: YNode, part_id: str | None) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    if part_id == "empty":
        F.invalid(root.get("id"), "id", "is 'empty', which a scenario writes for no "
                  "environment: an environment is never named so",
                  help="name the environment after the place it is, and its directory too")
    for key in ("ground_plane", "entities"):
        if key not in root.value:
            F.missing(root, key)
    out["ground_plane"] = F.boolean(root.get("ground_plane"), "ground_plane")
    out["entities"] = check_entities(F, root.get("entities"), "entities")
    out["provenance"] = check_provenance(F, root.get("provenance"), "provenance")
    return None if F.failed else out


def check_entities(F: Fields, node: YNode | None, path: str) -> tuple[EnvEntity, ...]:
    if node is None:
        return ()
    if not node.is_map:
        F.wrong_type(node, path, "a mapping of entity names to their fields")
        return ()
    out = []
    for name, enode in node.items():
        epath = f"{path}.{name}"
        if not IDENTIFIER.match(name):
            F.error("library.invalid_value", f"'{epath}': an entity's name must be an "
                    "identifier (letters, digits and _)", node.key_span(name),
                    label="invalid name")
            continue
        entity = check_entity(F, enode, epath, name, node.key_span(name))
        if entity is not None:
            out.append(entity)
    return tuple(out)


def check_entity(F: Fields, node: YNode, path: str, name: str, span) -> EnvEntity | None:
    if not F.mapping(node, path):
        return None
    F.keys(node, path, ("entity", "pos"), ("type", "size", "ref", "collision"))
    ok = True
    kind = F.string(node.get("entity"), f"{path}.entity")
    ok &= kind is not None
    type_node, ref_node, size_node = node.get("type"), node.get("ref"), node.get("size")
    shape = ref = size = None
    if (type_node is None) == (ref_node is None):
        both = type_node is not None
        F.invalid(node, path, ("states both type and ref" if both else
                               "states neither type nor ref") + ": an entity is a primitive "
                  "(type with its size) or a library object (ref)",
                  help="keep type and size for a primitive, or ref for an object")
        ok = False
    elif type_node is not None:
        shape = F.choice(type_node, f"{path}.type", OBJECT_SHAPES)
        ok &= shape is not None
        if size_node is None:
            F.missing(node, f"{path}.size", "a primitive entity states its size")
            ok = False
    else:
        ref = F.string(ref_node, f"{path}.ref")
        if ref is not None and not ref:
            F.invalid(ref_node, f"{path}.ref", "is empty: it names a library object")
            ref = None
        ok &= ref is not None
        if size_node is not None:
            F.unsupported(node, "size", f"{path}.size", "an entity made of a library object "
                          "takes the object's size")
            ok = False
    if size_node is not None and ref_node is None:
        size = F.vec3(size_node, f"{path}.size", positive=True)
        ok &= size is not None
    pos = check_pose(F, node.get("pos"), f"{path}.pos")
    ok &= pos is not None
    collision = None
    if "collision" in node.value:
        collision = F.boolean(node.get("collision"), f"{path}.collision")
        ok &= collision is not None
    if not ok:
        return None
    return EnvEntity(name, kind, pos, shape, size, ref, collision, span)


def check_pose(F: Fields, node: YNode | None, path: str):
    """[x, y, z, qx, qy, qz, qw] with a unit quaternion."""
    values = F.numbers(node, path, 7, "[x, y, z, qx, qy, qz, qw]")
    if values is None:
        return None
    length = math.sqrt(sum(c * c for c in values[3:]))
    if abs(length - 1.0) > UNIT_TOLERANCE:
        F.error("library.not_unit_vector", f"'{path}' has a quaternion of length "
                f"{length:.4g}, not 1", node.span, label="quaternion not unit length",
                help="state the turn as a unit quaternion [qx, qy, qz, qw]; no turn is "
                     "[0, 0, 0, 1]")
        return None
    return tuple(values)

"""The schema of the two library entries that are not parts of a robot.

- ``object``: a thing a world places. It states its ``visual`` and, when it collides, a
  ``collision`` list of boxes, spheres and cylinders; ``provenance`` optionally.
- ``environment``: a place a scenario takes whole. It states ``ground_plane`` and
  ``entities``, each as a .world entity states it; ``provenance`` optionally. Its id is
  never ``empty``, which a scenario writes for no environment.

A part's field on either (inertial, connectors, profiles, ...) is library.unsupported, and
so is a field of the other kind of entry (the loader reports those). OBJECT, ENVIRONMENT
and ENTITY are their tables (``schema.Block``).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from ..yamlio import YNode
from .fields import IDENTIFIER, UNIT_TOLERANCE, Fields
from .model import EnvEntity
from .parts import PROVENANCE, VISUAL, PartScope
from .schema import Block, Field, Rule
from .shapes import SHAPE, check_shape_list

OBJECT_SHAPES = ("box", "sphere", "cylinder")


def check_entities(
    F: Fields, node: YNode | None, path: str, scope: Any = None
) -> tuple[EnvEntity, ...]:
    if node is None:
        return ()
    if not node.is_map:
        F.wrong_type(node, path, "a mapping of entity names to their fields")
        return ()
    out = []
    for name, enode in node.items():
        epath = f"{path}.{name}"
        if not IDENTIFIER.match(name):
            F.error(
                "library.invalid_value",
                f"'{epath}': an entity's name must be an identifier (letters, digits and _)",
                node.key_span(name),
                label="invalid name",
            )
            continue
        entity = check_entity(F, enode, epath, name, node.key_span(name))
        if entity is not None:
            out.append(entity)
    return tuple(out)


def check_pose(F: Fields, node: YNode | None, path: str, scope: Any = None):
    """[x, y, z, qx, qy, qz, qw] with a unit quaternion."""
    values = F.numbers(node, path, 7, "[x, y, z, qx, qy, qz, qw]")
    if values is None or node is None:
        return None
    length = math.sqrt(sum(c * c for c in values[3:]))
    if abs(length - 1.0) > UNIT_TOLERANCE:
        F.error(
            "library.not_unit_vector",
            f"'{path}' has a quaternion of length {length:.4g}, not 1",
            node.span,
            label="quaternion not unit length",
            help="state the turn as a unit quaternion [qx, qy, qz, qw]; no turn is [0, 0, 0, 1]",
        )
        return None
    return tuple(values)


def _primitive_or_object(F: Fields, node: YNode, path: str, v: dict[str, Any], scope: Any) -> bool:
    """Exactly one of type (with its size) and ref (without)."""
    type_node, ref_node, size_node = node.get("type"), node.get("ref"), node.get("size")
    ok = True
    if (type_node is None) == (ref_node is None):
        both = type_node is not None
        F.invalid(
            node,
            path,
            ("states both type and ref" if both else "states neither type nor ref")
            + ": an entity is a primitive "
            "(type with its size) or a library object (ref)",
            help="keep type and size for a primitive, or ref for an object",
        )
        ok = False
    elif type_node is not None:
        v["type"] = F.choice(type_node, f"{path}.type", OBJECT_SHAPES)
        ok &= v["type"] is not None
        if size_node is None:
            F.missing(node, f"{path}.size", "a primitive entity states its size")
            ok = False
    else:
        ref = F.string(ref_node, f"{path}.ref")
        if ref is not None and not ref:
            F.invalid(ref_node, f"{path}.ref", "is empty: it names a library object")
            ref = None
        v["ref"] = ref
        ok &= ref is not None
        if size_node is not None:
            F.unsupported(
                node,
                "size",
                f"{path}.size",
                "an entity made of a library object takes the object's size",
            )
            ok = False
    if size_node is not None and ref_node is None:
        v["size"] = F.vec3(size_node, f"{path}.size", positive=True)
        ok &= v["size"] is not None
    return ok


ENTITY = Block(
    "entity",
    (
        Field("entity", "string", "what it is to the world: a vocabulary type, resolved later"),
        Field(
            "type",
            "choice",
            "a primitive's shape",
            options=OBJECT_SHAPES,
            required=False,
            by_rule=True,
        ),
        Field(
            "size",
            "vec3",
            "a primitive's size, as a shape's",
            unit="m",
            bound="positive",
            required=False,
            by_rule=True,
        ),
        Field(
            "ref",
            "string",
            "the library object it is, resolved later",
            required=False,
            by_rule=True,
        ),
        Rule(
            "primitive_or_object",
            _primitive_or_object,
            "exactly one of `type` (with a `size`) "
            "and `ref` (without: `size` beside `ref` is `library.unsupported`)",
        ),
        Field(
            "pos",
            "custom",
            "where it stands and how it is turned, the quaternion of unit length within 0.001",
            check=check_pose,
            what="[x, y, z, qx, qy, qz, qw]",
        ),
        Field("collision", "boolean", "whether it collides", required=False),
    ),
    doc="One thing of an environment.",
)


def check_entity(F: Fields, node: YNode, path: str, name: str, span) -> EnvEntity | None:
    v = ENTITY.read(F, node, path, None)
    if v is None:
        return None
    return EnvEntity(
        name,
        v["entity"],
        v["pos"],
        v.get("type"),
        v.get("size"),
        v.get("ref"),
        v.get("collision"),
        span,
    )


OBJECT = Block(
    "object",
    (
        Field("visual", "block", VISUAL.doc, block=VISUAL),
        Field(
            "collision",
            "custom",
            "what of it collides: a list of at least one shape",
            required=False,
            decides=False,
            check=lambda F, node, path, scope: tuple(
                check_shape_list(F, node, path, allowed=OBJECT_SHAPES) or ()
            ),
            what="list of shapes",
            each=SHAPE,
        ),
        Field("provenance", "block", PROVENANCE.doc, block=PROVENANCE, required=False),
    ),
    doc="A thing a world places.",
    free_form=True,
)

ENVIRONMENT = Block(
    "environment",
    (
        Field("ground_plane", "boolean", "whether it has a floor at z = 0"),
        Field(
            "entities",
            "custom",
            "what stands in it, by name",
            check=check_entities,
            what="mapping of names to entities",
            each=ENTITY,
            keyed=True,
        ),
        Field("provenance", "block", PROVENANCE.doc, block=PROVENANCE, required=False),
    ),
    doc="A place a scenario takes whole.",
    free_form=True,
)


def check_object_fields(F: Fields, root: YNode, part_dir: Path | str) -> dict[str, Any] | None:
    # (the loader reports unknown keys)
    v = OBJECT.read(F, root, "", PartScope("object", part_dir=part_dir))
    if F.failed or v is None:
        return None
    return {
        "visual": v.get("visual"),
        "collision": v.get("collision") or (),
        "provenance": v.get("provenance"),
    }


def check_environment_fields(F: Fields, root: YNode, part_id: str | None) -> dict[str, Any] | None:
    if part_id == "empty":
        F.invalid(
            root.get("id"),
            "id",
            "is 'empty', which a scenario writes for no "
            "environment: an environment is never named so",
            help="name the environment after the place it is, and its directory too",
        )
    v = ENVIRONMENT.read(F, root, "", None)
    if F.failed or v is None:
        return None
    return {
        "ground_plane": v.get("ground_plane"),
        "entities": v.get("entities") or (),
        "provenance": v.get("provenance"),
    }

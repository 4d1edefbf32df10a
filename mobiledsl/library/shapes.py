"""Lists of collision shapes: an object's ``collision`` and a link's.

A list holds at least one shape; each shape states ``type``, ``size``, ``origin_xyz`` and
``rpy``, nothing else. ``size`` is three positive numbers whose meaning depends on the type
(see ``Shape`` in model.py): a box's sides; a sphere's diameter in x; a cylinder's diameter
in x and height in z; a capsule's diameter in x and, in z, the distance between the centres
of its two rounded ends. Capsules are allowed on links only; callers say which types they
take through ``allowed``.
"""

from __future__ import annotations

from ..yamlio import YNode
from .fields import Fields
from .model import Shape
from .schema import Block, Field

OBJECT_SHAPES = ("box", "sphere", "cylinder")
LINK_SHAPES = ("box", "sphere", "cylinder", "capsule")


def check_shape_list(
    F: Fields, node: YNode | None, path: str, allowed: tuple[str, ...] = OBJECT_SHAPES
) -> tuple[Shape, ...] | None:
    """Check a list of shapes at ``path``. Returns the shapes, or None when ``node`` is None
    (nothing stated: the caller decides whether that is allowed) or when a problem was
    reported through ``F``. Every shape is checked, so one pass reports all of them."""
    if node is None:
        return None
    if not node.is_seq or not node.value:
        what = "an empty list" if node.is_seq else None
        if what:
            F.error(
                "library.wrong_type",
                f"'{path}' must be a list of at least one shape, not an empty list",
                node.span,
                label="no shape here",
                help=f"list the shapes, or delete '{path.rpartition('.')[2]}' when it "
                "collides with nothing",
            )
        else:
            F.wrong_type(node, path, "a list of shapes")
        return None
    shapes: list[Shape | None] = [
        check_shape(F, item, f"{path}[{i}]", allowed) for i, item in enumerate(node.value)
    ]
    if any(s is None for s in shapes):
        return None
    return tuple(shapes)  # type: ignore[arg-type]


def _shape_type(F: Fields, node: YNode, path: str, allowed: tuple[str, ...]) -> str | None:
    """The type, one of the caller's ``allowed``; a capsule or a hull where it is not is
    told why."""
    text = F.string(node, path)
    if text is not None and text not in allowed:
        extra = ""
        if text == "capsule":
            extra = "; a capsule is a link's shape only"
        elif text == "hull":
            extra = "; a hull is a part's own collision, not one of a list"
        F.invalid(
            node,
            path,
            f"is '{text}', which is none of {_spell(allowed)}{extra}",
            help=f"write one of: {', '.join(allowed)}",
        )
        return None
    return text


SHAPE = Block(
    "shape",
    (
        Field(
            "type",
            "custom",
            "box, sphere or cylinder; capsule on a link",
            options=LINK_SHAPES,
            check=_shape_type,
            what="one of",
        ),
        Field(
            "size",
            "vec3",
            "a box's sides; a sphere's diameter in x; a cylinder's diameter in x "
            "and height in z; a capsule's diameter in x and, in z, the distance between the "
            "centres of its ends",
            unit="m",
            bound="positive",
        ),
        Field("origin_xyz", "vec3", "its centre, in the part's (or link's) frame", unit="m"),
        Field("rpy", "vec3", "its turn: roll, pitch and yaw", unit="rad"),
    ),
    doc="One shape of a collision list: an object's or a link's.",
    strict_keys=True,
    build=lambda v: Shape(v["type"], v["size"], v["origin_xyz"], v["rpy"]),
)


def check_shape(
    F: Fields, node: YNode, path: str, allowed: tuple[str, ...] = OBJECT_SHAPES
) -> Shape | None:
    """One shape of a list: {type, size, origin_xyz, rpy}; its type one of ``allowed``."""
    return SHAPE.read(F, node, path, allowed)


def _spell(options: tuple[str, ...]) -> str:
    if len(options) == 1:
        return options[0]
    return ", ".join(options[:-1]) + " and " + options[-1]

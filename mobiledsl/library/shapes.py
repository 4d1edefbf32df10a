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

OBJECT_SHAPES = ("box", "sphere", "cylinder")
LINK_SHAPES = ("box", "sphere", "cylinder", "capsule")

SHAPE_KEYS = ("type", "size", "origin_xyz", "rpy")


def check_shape_list(F: Fields, node: YNode | None, path: str,
                     allowed: tuple[str, ...] = OBJECT_SHAPES) -> tuple[Shape, ...] | None:
    """Check a list of shapes at ``path``. Returns the shapes, or None when ``node`` is None
    (nothing stated: the caller decides whether that is allowed) or when a problem was
    reported through ``F``. Every shape is checked, so one pass reports all of them."""
    if node is None:
        return None
    if not node.is_seq or not node.value:
        what = "an empty list" if node.is_seq else None
        if what:
            F.error("library.wrong_type", f"'{path}' must be a list of at least one shape, "
                    "not an empty list", node.span, label="no shape here",
                    help=f"list the shapes, or delete '{path.rpartition('.')[2]}' when it "
                         "collides with nothing")
        else:
            F.wrong_type(node, path, "a list of shapes")
        return None
    shapes: list[Shape | None] = [check_shape(F, item, f"{path}[{i}]", allowed)
                                  for i, item in enumerate(node.value)]
    if any(s is None for s in shapes):
        return None
    return tuple(shapes)  # type: ignore[arg-type]


def check_shape(F: Fields, node: YNode, path: str,
                allowed: tuple[str, ...] = OBJECT_SHAPES) -> Shape | None:
    """One shape of a list: {type, size, origin_xyz, rpy}."""
    if not F.mapping(node, path):
        return None
    ok = F.keys(node, path, SHAPE_KEYS)
    kind = None
    type_node = node.get("type")
    if type_node is not None:
        text = F.string(type_node, f"{path}.type")
        if text is not None and text not in allowed:
            extra = ""
            if text == "capsule":
                extra = "; a capsule is a link's shape only"
            elif text == "hull":
                extra = "; a hull is a part's own collision, not one of a list"
            F.invalid(type_node, f"{path}.type",
                      f"is '{text}', which is none of {_spell(allowed)}{extra}",
                      help=f"write one of: {', '.join(allowed)}")
        elif text is not None:
            kind = text
    size = F.vec3(node.get("size"), f"{path}.size", positive=True)
    origin = F.vec3(node.get("origin_xyz"), f"{path}.origin_xyz")
    rpy = F.vec3(node.get("rpy"), f"{path}.rpy")
    if not ok or kind is None or size is None or origin is None or rpy is None:
        return None
    return Shape(kind, size, origin, rpy)


def _spell(options: tuple[str, ...]) -> str:
    if len(options) == 1:
        return options[0]
    return ", ".join(options[:-1]) + " and " + options[-1]

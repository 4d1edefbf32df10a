"""``library.inertia_fits_the_part``: a part's principal moments against the solid its mass
would make inside its bounds (docs/library-format.md).

The bounds are the part's collision box (a hull: the box around its vertices) or, for a
wheel, the cylinder of its radius and width. A mass inside a box gives each moment at most 3
times the solid box's (all of it at the corners), and a real part's mass is spread through
its bounds; so a principal moment more than ``FACTOR`` times the solid's, or less than
1 / ``FACTOR`` of it, is an inertia that does not fit the part: most often a tensor copied
from a part of another mass or size. A warning: the part loads, and the help writes the
solid's tensor in component.yaml's syntax.
"""
from __future__ import annotations

import numpy as np

from ..diagnostics import Sink
from ..model.frames import matrix_from_quat, quat_from_rpy
from ..yamlio import YNode
from .model import Inertial, Shape, WheelSpec

CODE = "library.inertia_fits_the_part"
FACTOR = 4.0


def solid_box(mass: float, size) -> np.ndarray:
    x, y, z = (float(s) for s in size)
    return np.diag([mass * (y * y + z * z) / 12, mass * (x * x + z * z) / 12,
                    mass * (x * x + y * y) / 12])


def solid_cylinder(mass: float, radius: float, length: float, axis) -> np.ndarray:
    """A solid cylinder's tensor, its axis along ``axis`` (a unit vector of the part)."""
    a = np.asarray(axis, float)
    a = a / np.linalg.norm(a)
    along = mass * radius * radius / 2
    across = mass * (3 * radius * radius + length * length) / 12
    return across * np.eye(3) + (along - across) * np.outer(a, a)


def _tensor(i) -> np.ndarray:
    return np.array([[i.ixx, i.ixy, i.ixz], [i.ixy, i.iyy, i.iyz], [i.ixz, i.iyz, i.izz]])


def _bounds_solid(mass: float, collision: tuple[Shape, ...], wheel: WheelSpec | None,
                  wheel_axis) -> tuple[np.ndarray, str] | None:
    if wheel is not None:
        return (solid_cylinder(mass, wheel.radius, wheel.width, wheel_axis),
                f"a solid cylinder of radius {wheel.radius:g} m and width {wheel.width:g} m")
    if len(collision) != 1:
        return None
    shape = collision[0]
    if shape.type == "box" and shape.size is not None:
        r = matrix_from_quat(quat_from_rpy(shape.rpy))
        return (r @ solid_box(mass, shape.size) @ r.T,
                "a solid box of its collision's " + " by ".join(f"{s:g}" for s in shape.size)
                + " m")
    if shape.type == "hull" and shape.vertices:
        v = np.asarray(shape.vertices, float)
        size = v.max(axis=0) - v.min(axis=0)
        return (solid_box(mass, size), "a solid box around its collision hull, "
                + " by ".join(f"{s:.3g}" for s in size) + " m")
    return None


def _written(t: np.ndarray) -> str:
    def g(x: float) -> str:
        x = 0.0 if abs(x) < 1e-15 else float(x)
        return f"{x:.4g}"
    return (f"inertia: {{ixx: {g(t[0, 0])}, ixy: {g(t[0, 1])}, ixz: {g(t[0, 2])}, "
            f"iyy: {g(t[1, 1])}, iyz: {g(t[1, 2])}, izz: {g(t[2, 2])}}}")


def check_inertia_fits(sink: Sink, node: YNode | None, inertial: Inertial | None,
                       collision: tuple[Shape, ...], wheel: WheelSpec | None,
                       wheel_axis=(0.0, 0.0, 1.0)) -> None:
    """Warn when the part's principal moments lie outside [1 / FACTOR, FACTOR] times those of
    the solid of its mass filling its bounds (each sorted, so the axes need not agree)."""
    if inertial is None or node is None or inertial.mass <= 0:
        return
    solid = _bounds_solid(inertial.mass, collision, wheel, wheel_axis)
    if solid is None:
        return
    want, shape = solid
    have = np.sort(np.linalg.eigvalsh(_tensor(inertial.inertia)))
    ref = np.sort(np.linalg.eigvalsh(want))
    if ref.min() <= 0:
        return
    ratios = have / ref
    worst = ratios[np.argmax(np.abs(np.log(np.maximum(ratios, 1e-300))))]
    if 1 / FACTOR <= worst <= FACTOR:
        return
    way = "larger" if worst > 1 else "smaller"
    how = f"{worst:.3g} times" if worst > 1 else f"1/{1 / worst:.3g} of"
    where = node.get("inertia") if node.kind == "map" and node.get("inertia") is not None else node
    sink.warning(CODE, f"'inertial.inertia' does not fit a part of {inertial.mass:g} kg inside "
                       f"its bounds: a principal moment is {how} that of {shape} (principal "
                       f"moments {', '.join(f'{x:.3g}' for x in have)} kg m², the solid's "
                       f"{', '.join(f'{x:.3g}' for x in ref)})", where.span,
                 label=f"moments far {way} than its mass and size allow",
                 help=(f"write the tensor of {shape} at {inertial.mass:g} kg, or the part's "
                       f"measured one: {_written(want)}",))

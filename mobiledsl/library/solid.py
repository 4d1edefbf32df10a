"""The inertia tensor of a solid of a part's shape and mass: what the help of a missing
``inertial.inertia`` offers, and what ``mobiledsl fix`` writes.

The shape is the one the part declares: its collision box, the box around its hull, a
wheel's cylinder about its axle (z, the axis a wheel's joint turns on), or a caster's ball.
Each is taken solid and of even density, the tensor about its centre in the part's axes.
"""

from __future__ import annotations

from ..diagnostics import Diagnostic, Fix, Span, error
from .model import Shape, WheelSpec

TERMS = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")


def box(mass: float, x: float, y: float, z: float) -> tuple[float, float, float]:
    return (mass * (y * y + z * z) / 12, mass * (x * x + z * z) / 12, mass * (x * x + y * y) / 12)


def cylinder(mass: float, radius: float, height: float) -> tuple[float, float, float]:
    """About its own axis z."""
    across = mass * (3 * radius * radius + height * height) / 12
    return across, across, mass * radius * radius / 2


def sphere(mass: float, radius: float) -> tuple[float, float, float]:
    moment = 2 * mass * radius * radius / 5
    return moment, moment, moment


def solid_of(
    mass: float, shape: Shape | None, wheel: WheelSpec | None, is_caster: bool
) -> tuple[tuple[float, float, float], str] | None:
    """The principal moments (about x, y, z) of the solid the part declares, and what solid
    it is in words; None when the part declares no shape to take."""
    if wheel is not None:
        if is_caster:
            return sphere(mass, wheel.radius), f"a solid ball of radius {wheel.radius:g} m"
        return (
            cylinder(mass, wheel.radius, wheel.width),
            (
                f"a solid cylinder of radius {wheel.radius:g} m and width {wheel.width:g} m "
                "about its axle (z)"
            ),
        )
    if shape is None:
        return None
    if shape.type == "box" and shape.size is not None:
        x, y, z = shape.size
        return box(mass, x, y, z), f"a solid box of {x:g} × {y:g} × {z:g} m (its collision)"
    if shape.type == "hull" and shape.vertices:
        sides = [
            max(v[i] for v in shape.vertices) - min(v[i] for v in shape.vertices) for i in range(3)
        ]
        return (
            box(mass, *sides),
            "a solid box of {:g} × {:g} × {:g} m around its collision hull".format(*sides),
        )
    return None


def flow_text(moments: tuple[float, float, float]) -> str:
    """The tensor as component.yaml writes it in flow form (six significant digits keep a
    thin plate's moments within the triangle inequality)."""
    ixx, iyy, izz = (float(f"{m:.6g}") for m in moments)
    values = {"ixx": ixx, "ixy": 0, "ixz": 0, "iyy": iyy, "iyz": 0, "izz": izz}
    return "{" + ", ".join(f"{k}: {v:.6g}" if v else f"{k}: 0" for k, v in values.items()) + "}"


def missing_inertia(
    d: Diagnostic,
    file: str,
    mass: float | None,
    shape: Shape | None,
    wheel: WheelSpec | None,
    is_caster: bool,
) -> Diagnostic:
    """The missing-inertia error ``d`` with the tensor of the part's solid in its help and
    as its fix, when the part states its mass and a shape."""
    solid = solid_of(mass, shape, wheel, is_caster) if mass else None
    if solid is None:
        why = (
            ("state the mass, and " if not mass else "")
            + "state the tensor from the maker's data, or declare a collision box so the help "
            "can work it out"
        )
        return error(
            d.code,
            d.message,
            d.span,
            label=d.label,
            labels=d.labels,
            help=(f"add 'inertia': {why}",),
            notes=d.notes,
        )
    moments, what = solid
    text = flow_text(moments)
    return error(
        d.code,
        d.message,
        d.span,
        label=d.label,
        labels=d.labels,
        help=(
            f"add 'inertia': as {what}, {mass:g} kg, it is inertia: {text}",
            (
                "a measured or datasheet tensor is better: say where it came from "
                "in source and basis"
            ),
        ),
        notes=d.notes,
        fixes=(Fix(Span(file), text, ("inertial", "inertia")),),
    )

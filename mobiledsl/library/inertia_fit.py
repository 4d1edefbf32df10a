"""``library.inertia_fits_the_part``: a part's principal moments against the solid its mass
would make inside its bounds (docs/library-format.md).

The bounds are the part's collision box (a hull: the box around its vertices) or, for a
wheel, the cylinder of its radius and width. The two ends are not alike:

- too large: a mass inside a box gives each moment at most 3 times the solid box's (all of it
  at the corners; a thin-walled box shell gives 5/3 for a cube, under 3 for any box; a hoop
  2 for a wheel about its axle). More than ``LARGER`` (4, a margin over the bound for a
  collision drawn a little inside the part) is a mass the bounds cannot hold;
- too small: nothing bounds it from below (a point mass has none), and a part whose mass sits
  in a core far smaller than its bounds (a motor's can in a box to its shaft's tip, a sensor's
  board in its housing, ballast) has moments of a fifth or less of the solid's: 90 % of it in
  a core of a third the size and the rest in a thin shell gives 0.27. Less than 1 /
  ``SMALLER`` (a tenth) is a tensor an order of magnitude short: most often one copied from a
  part of another mass or size.

Bounds thinner than ``MIN_BOUNDS_M`` in any direction (a placeholder's, a sheet's) say too
little about where the mass lies, and are not judged. A warning: the part loads, and the help
writes the solid's tensor in component.yaml's syntax.
"""

from __future__ import annotations

import math

from ..diagnostics import Sink
from ..yamlio import YNode
from .model import Inertial, Shape, WheelSpec
from .solid import box, cylinder

CODE = "library.inertia_fits_the_part"
LARGER = 4.0  # a moment above LARGER x the solid's does not fit (3 is the most possible)
SMALLER = 10.0  # nor one below 1 / SMALLER of it (a concentrated part's reaches 1/5)
MIN_BOUNDS_M = 1e-3


def principal(i) -> list[float]:
    """The eigenvalues of the symmetric tensor, sorted (the closed form for 3 x 3; the
    library loads without numpy)."""
    a, b, c, d, e, f = i.ixx, i.iyy, i.izz, i.ixy, i.ixz, i.iyz
    p1 = d * d + e * e + f * f
    if p1 == 0:
        return sorted((a, b, c))
    q = (a + b + c) / 3
    p2 = (a - q) ** 2 + (b - q) ** 2 + (c - q) ** 2 + 2 * p1
    p = math.sqrt(p2 / 6)
    ba, bb, bc = (a - q) / p, (b - q) / p, (c - q) / p
    det = (
        ba * (bb * bc - f * f / p / p)
        - d / p * (d / p * bc - f / p * e / p)
        + e / p * (d / p * f / p - bb * e / p)
    )
    r = max(-1.0, min(1.0, det / 2))
    phi = math.acos(r) / 3
    e1 = q + 2 * p * math.cos(phi)
    e3 = q + 2 * p * math.cos(phi + 2 * math.pi / 3)
    return sorted((e1, 3 * q - e1 - e3, e3))


def _bounds_solid(mass: float, collision, wheel: WheelSpec | None):
    solid = _solid(mass, collision, wheel)
    if solid is None or min(solid[3]) < MIN_BOUNDS_M:
        return None
    return solid[:3]


def _solid(mass: float, collision, wheel: WheelSpec | None):
    """(moments, upright, words, extents) of the solid filling the part's bounds, or None."""
    if wheel is not None:
        return (
            cylinder(mass, wheel.radius, wheel.width),
            None,
            f"a solid cylinder of radius {wheel.radius:g} m and width {wheel.width:g} m",
            (2 * wheel.radius, wheel.width),
        )
    if len(collision) != 1:
        return None
    shape = collision[0]
    if shape.type == "box" and shape.size is not None:
        upright = not any(shape.rpy)
        return (
            box(mass, *shape.size),
            upright,
            "a solid box of its collision's " + " by ".join(f"{v:g}" for v in shape.size) + " m",
            tuple(float(v) for v in shape.size),
        )
    if shape.type == "hull" and shape.vertices:
        size = [
            max(v[k] for v in shape.vertices) - min(v[k] for v in shape.vertices) for k in range(3)
        ]
        return (
            box(mass, *size),
            True,
            "a solid box around its collision hull, "
            + " by ".join(f"{v:.3g}" for v in size)
            + " m",
            tuple(size),
        )
    return None


def _written(m) -> str:
    g = lambda x: f"{x:.4g}"  # noqa: E731
    return f"inertia: {{ixx: {g(m[0])}, ixy: 0, ixz: 0, iyy: {g(m[1])}, iyz: 0, izz: {g(m[2])}}}"


def check_inertia_fits(
    sink: Sink,
    node: YNode | None,
    inertial: Inertial | None,
    collision: tuple[Shape, ...],
    wheel: WheelSpec | None,
    wheel_axis=(0.0, 0.0, 1.0),
) -> None:
    """Warn when the part's principal moments lie outside [1 / SMALLER, LARGER] times those
    of the solid of its mass filling its bounds (each sorted, so the axes need not agree)."""
    if inertial is None or node is None or inertial.mass <= 0:
        return
    solid = _bounds_solid(inertial.mass, collision, wheel)
    if solid is None:
        return
    moments, upright, shape = solid
    if wheel is not None:  # about the axis it turns on
        k = max(range(3), key=lambda j: abs(wheel_axis[j]))
        along = moments[2]
        moments = tuple(along if j == k else moments[0] for j in range(3))
        upright = True
    have = principal(inertial.inertia)
    ref = sorted(moments)
    if min(ref) <= 0:
        return
    ratios = [h / r for h, r in zip(have, ref)]
    # the one furthest outside its end's bound
    worst = max(
        ratios, key=lambda x: x / LARGER if x >= 1 else 1 / (x * SMALLER) if x > 0 else math.inf
    )
    want = moments if upright else None
    if 1 / SMALLER <= worst <= LARGER:
        return
    way = "larger" if worst > 1 else "smaller"
    how = f"{worst:.3g} times" if worst > 1 else f"1/{1 / worst:.3g} of"
    inertia_node = node.get("inertia")  # None unless node is a mapping stating it
    where = inertia_node if inertia_node is not None else node
    sink.warning(
        CODE,
        f"'inertial.inertia' does not fit a part of {inertial.mass:g} kg inside "
        f"its bounds: a principal moment is {how} that of {shape} (principal "
        f"moments {', '.join(f'{x:.3g}' for x in have)} kg m², the solid's "
        f"{', '.join(f'{x:.3g}' for x in ref)})",
        where.span,
        label=f"moments far {way} than its mass and size allow",
        help=(
            f"write the tensor of {shape} at {inertial.mass:g} kg, or the part's "
            f"measured one: "
            + (
                _written(want)
                if want is not None
                else "principal moments "
                + ", ".join(f"{x:.4g}" for x in ref)
                + " about the box's axes"
            ),
        ),
    )

"""``inertial``: mass, centre of mass and inertia tensor, and where the numbers came from.

The tensor [[ixx, ixy, ixz], [ixy, iyy, iyz], [ixz, iyz, izz]] (URDF's and MuJoCo's
``fullinertia`` convention) must be one a body can have: positive definite, and its principal
moments (its eigenvalues) each at most the sum of the other two. Both are judged in exact
rational arithmetic on the decimals as written, allowing ``5 * 2**-53`` of the largest entry's
magnitude for their rounding to the nearest doubles, so a thin plate written on the edge in
round decimals passes and one beyond it by more does not.

A part's own tensor is handed on to MuJoCo as stated, and MuJoCo checks the triangle
inequality on the float eigenvalues it computes; so a part's tensor must also pass that check
in float64 (``own_part``). A link's tensor, which the mjcf target writes within the
inequality, is held only to the exact rule.
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import numpy as np

from ..yamlio import YNode
from .fields import Fields
from .model import Inertia, Inertial

SOURCES = ("measured", "datasheet", "cad_measured", "estimated", "placeholder")
NEEDS_BASIS = ("estimated", "placeholder")
TERMS = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")
ALLOWANCE = Fraction(5, 2 ** 53)


def check_inertial(F: Fields, node: YNode | None, path: str, own_part: bool) -> Inertial | None:
    """Check ``inertial`` at ``path``. Returns the record, or None after reporting."""
    if not F.mapping(node, path):
        return None
    F.keys(node, path, ("mass", "origin_xyz", "inertia", "source"), ("basis",))
    mass = F.number(node.get("mass"), f"{path}.mass", positive=True)
    origin = F.vec3(node.get("origin_xyz"), f"{path}.origin_xyz")
    inertia = check_tensor(F, node.get("inertia"), f"{path}.inertia", own_part)
    source = F.choice(node.get("source"), f"{path}.source", SOURCES)
    basis = F.string(node.get("basis"), f"{path}.basis", nullable=True)
    if basis is not None and not basis.strip():
        F.invalid(node.get("basis"), f"{path}.basis", "is empty: it must say how the values "
                  "were chosen")
        return None
    if source in NEEDS_BASIS and basis is None:
        F.missing(node, f"{path}.basis", f"an inertial whose source is {source} says how its "
                  "values were chosen")
        return None
    if mass is None or origin is None or inertia is None or source is None:
        return None
    return Inertial(mass, origin, inertia, source, basis)


def check_tensor(F: Fields, node: YNode | None, path: str, own_part: bool) -> Inertia | None:
    if not F.mapping(node, path):
        return None
    if not F.keys(node, path, TERMS):
        # still check the terms that are there, for their own problems
        for term in TERMS:
            F.number(node.get(term), f"{path}.{term}",
                     positive=term in ("ixx", "iyy", "izz"))
        return None
    values = {t: F.number(node.get(t), f"{path}.{t}", positive=t in ("ixx", "iyy", "izz"))
              for t in TERMS}
    if any(v is None for v in values.values()):
        return None
    exact = {t: exact_value(node.get(t).raw) for t in TERMS}
    why = exact_problem(exact)
    if why is not None:
        F.invalid(node, path, why, help="state the tensor of a body that can exist: for a "
                  "solid, work it out from its shape and mass (a box's ixx is m(y² + z²)/12)")
        return None
    if own_part:
        why = float_problem(values)
        if why is not None:
            F.invalid(node, path, why, help="MuJoCo holds a part's tensor as stated; make the "
                      "largest principal moment a little smaller than the sum of the others")
            return None
    return Inertia(**values)


def exact_value(raw: str) -> Fraction:
    """The exact rational a JSON number's text spells (through Decimal, which takes any
    number of digits)."""
    return Fraction(Decimal(raw))


def exact_problem(t: dict[str, Fraction]) -> str | None:
    """Why the tensor with exact entries ``t`` is no body's, or None."""
    xx, xy, xz, yy, yz, zz = (t[k] for k in TERMS)
    # positive definite (Sylvester): every leading principal minor positive
    m1 = xx
    m2 = xx * yy - xy * xy
    m3 = _det(xx, xy, xz, yy, yz, zz)
    if not (m1 > 0 and m2 > 0 and m3 > 0):
        return "is not positive definite: a principal moment of inertia is zero or negative"
    # triangle inequality: the largest principal moment is at most (trace + allowance) / 2,
    # i.e. c*I - tensor is positive semidefinite for c = (trace + allowance) / 2
    largest = max(abs(v) for v in t.values())
    allowance = ALLOWANCE * largest
    c = (xx + yy + zz + allowance) / 2
    a, b, d = c - xx, c - yy, c - zz
    principal_minors = (
        a, b, d,
        a * b - xy * xy, a * d - xz * xz, b * d - yz * yz,
        _det(a, -xy, -xz, b, -yz, d),
    )
    if any(m < 0 for m in principal_minors):
        lam = np.linalg.eigvalsh(_matrix({k: float(v) for k, v in t.items()}))
        lo, mid, hi = sorted(float(x) for x in lam)
        return (f"has principal moments {_fmt(lo)}, {_fmt(mid)} and {_fmt(hi)}: the largest is "
                f"more than the sum of the other two (by about {_fmt(hi - lo - mid)}), which "
                "no body can have")
    return None


def float_problem(values: dict[str, float]) -> str | None:
    """MuJoCo's own check, in float64: the two lesser principal moments add up to at least
    the largest. None when it holds."""
    lam = np.linalg.eigvalsh(_matrix(values))
    lo, mid, hi = sorted(float(x) for x in lam)
    if lo + mid >= hi:
        return None
    return (f"has principal moments that in floating point add up to less than the largest "
            f"({_fmt(lo)} + {_fmt(mid)} < {_fmt(hi)}), which MuJoCo refuses")


def _det(xx, xy, xz, yy, yz, zz):
    return (xx * (yy * zz - yz * yz) - xy * (xy * zz - yz * xz) + xz * (xy * yz - yy * xz))


def _matrix(v: dict[str, float]) -> np.ndarray:
    return np.array([[v["ixx"], v["ixy"], v["ixz"]],
                     [v["ixy"], v["iyy"], v["iyz"]],
                     [v["ixz"], v["iyz"], v["izz"]]], dtype=np.float64)


def _fmt(x: float) -> str:
    return f"{x:.6g}"


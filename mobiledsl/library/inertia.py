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

from typing import Any, NamedTuple

from ..yamlio import YNode
from .fields import Fields, plain_numbers
from .model import Inertia, Inertial
from .schema import Block, Field, Rule

SOURCES = ("measured", "datasheet", "cad_measured", "estimated", "placeholder")
NEEDS_BASIS = ("estimated", "placeholder")
TERMS = ("ixx", "ixy", "ixz", "iyy", "iyz", "izz")


def _basis_stated(F: Fields, node: YNode, path: str, v: dict[str, Any], scope: Any) -> bool:
    """An estimate says how it was made; a basis is never blank."""
    source, basis = v.get("source"), v.get("basis")
    blank = basis is not None and not basis.strip()
    if source in NEEDS_BASIS and (basis is None or blank):
        # an estimate whose basis says nothing has no basis: the table's missing_field
        F.missing(
            node,
            f"{path}.basis",
            f"an inertial whose source is {source} says how its "
            "values were chosen" + (", and its basis is empty" if blank else ""),
        )
        return False
    if blank:
        F.invalid(
            node.get("basis"), f"{path}.basis", "is empty: it must say how the values were chosen"
        )
        return False
    return True


TENSOR = Block(
    "inertia",
    tuple(
        Field(
            term,
            "number",
            f"the tensor's {term[1:]} term about the centre of mass",
            unit="kg·m²",
            bound="positive" if term in ("ixx", "iyy", "izz") else "",
        )
        for term in TERMS
    ),
    doc="The inertia tensor about the centre of mass, in the part frame: positive definite, "
    "its principal moments within the triangle inequality.",
    check=lambda F, node, path, scope: check_tensor(F, node, path, scope.own_part),
)

INERTIAL = Block(
    "inertial",
    (
        Field("mass", "number", "the mass", unit="kg", bound="positive"),
        Field("origin_xyz", "vec3", "the centre of mass", unit="m"),
        Field("inertia", "block", "the inertia tensor (see below)", block=TENSOR),
        Field("source", "choice", "where the numbers come from", options=SOURCES),
        Field(
            "basis",
            "string",
            "how the values were chosen: required, not blank, when the "
            "source is estimated or placeholder",
            required=False,
            nullable=True,
            decides=False,
        ),
        Rule(
            "basis_stated",
            _basis_stated,
            "estimated and placeholder need a non-empty `basis` "
            "(`library.missing_field`, also when blank); a blank `basis` beside another source is "
            "`library.invalid_value`",
        ),
    ),
    doc="Mass, centre of mass and inertia tensor, and where the numbers came from.",
    build=lambda v: Inertial(v["mass"], v["origin_xyz"], v["inertia"], v["source"], v.get("basis")),
)


def check_inertial(F: Fields, node: YNode | None, path: str, own_part: bool) -> Inertial | None:
    """Check ``inertial`` at ``path``. Returns the record, or None after reporting.
    ``own_part``: the tensor is a part's own, which MuJoCo is handed as stated."""
    return INERTIAL.read(F, node, path, TensorScope(own_part))


class TensorScope(NamedTuple):
    """Whether the tensor is a part's own, which MuJoCo is handed as stated."""

    own_part: bool


def check_tensor(F: Fields, node: YNode | None, path: str, own_part: bool) -> Inertia | None:
    if node is None or not F.mapping(node, path):
        return None
    if not F.keys(node, path, TERMS):
        # still check the terms that are there, for their own problems
        for term in TERMS:
            F.number(node.get(term), f"{path}.{term}", positive=term in ("ixx", "iyy", "izz"))
        return None
    terms = node.value
    plain = plain_numbers([terms[t] for t in TERMS])
    values: dict[str, float]
    if plain is not None and plain[0] > 0 and plain[3] > 0 and plain[5] > 0:
        values = dict(zip(TERMS, plain))  # the common case: nothing to report
    else:
        checked = {
            t: F.number(terms[t], f"{path}.{t}", positive=t in ("ixx", "iyy", "izz")) for t in TERMS
        }
        values = {t: v for t, v in checked.items() if v is not None}
        if len(values) < len(TERMS):
            return None
    clearly = _clearly_a_body(values)
    why = None if clearly else exact_problem({t: terms[t].raw or "" for t in TERMS})
    if why is not None:
        F.invalid(
            node,
            path,
            why,
            help="state the tensor of a body that can exist: for a "
            "solid, work it out from its shape and mass (a box's ixx is m(y² + z²)/12)",
        )
        return None
    if own_part and not clearly:  # a tensor clearly a body's passes the float check
        why = float_problem(values)
        if why is not None:
            F.invalid(
                node,
                path,
                why,
                help="MuJoCo holds a part's tensor as stated; make the "
                "largest principal moment a little smaller than the sum of the others",
            )
            return None
    return Inertia(**values)


def _clearly_a_body(v: dict[str, float]) -> bool:
    """A tensor whose principal moments are clearly positive and the largest clearly short
    of the sum of the others, by far more than the doubles' rounding of the decimals (and
    than LAPACK's error in computing the moments): the exact check and the float check would
    both pass it. (The diagonal is positive here, and a term is 0.0 only when written as
    zero.) Off the diagonal this goes by Gershgorin's discs: every principal moment lies
    within r of a diagonal entry, r the sum of the magnitudes beside that entry in its row.
    A tensor near the edge is left to the checks (False)."""
    xx, yy, zz = v["ixx"], v["iyy"], v["izz"]
    xy, xz, yz = abs(v["ixy"]), abs(v["ixz"]), abs(v["iyz"])
    margin = 1 - 1e-9
    if not (xy or xz or yz):
        return xx <= (yy + zz) * margin and yy <= (xx + zz) * margin and zz <= (xx + yy) * margin
    trace = xx + yy + zz
    largest = max(xx + xy + xz, yy + xy + yz, zz + xz + yz)
    least = min(xx - xy - xz, yy - xy - yz, zz - xz - yz)
    return 2 * largest <= trace * margin and least > trace * 1e-9


def _scaled(raws: dict[str, str]) -> dict[str, int]:
    """The decimals as integers over one common power of ten: exact, and fast to multiply.
    Each is read from its JSON spelling (the reader only makes numbers of those)."""
    parts = {term: _decimal(raw) for term, raw in raws.items()}
    # a zero may be written with any exponent (0e-999999999): it takes no part in the scale
    low = min((e for m, e in parts.values() if m), default=0)
    return {t: m * 10 ** (e - low) if m else 0 for t, (m, e) in parts.items()}


def _decimal(raw: str) -> tuple[int, int]:
    """(m, e) with raw == m * 10**e exactly, for a JSON number such as -1.25e-3."""
    text, _, exp = raw.replace("E", "e").partition("e")
    whole, _, fraction = text.partition(".")
    return int(whole + fraction), (int(exp) if exp else 0) - len(fraction)


def exact_problem(raws: dict[str, str]) -> str | None:
    """Why the tensor whose entries are the decimals ``raws`` (ixx ... izz, as written) is
    no body's, or None. Exact: the decimals are scaled to integers, and the allowance
    5 * 2**-53 of the largest entry is cleared of its denominator too."""
    t = _scaled(raws)
    xx, xy, xz, yy, yz, zz = (t[k] for k in TERMS)
    # positive definite (Sylvester): every leading principal minor positive
    if not (xx > 0 and xx * yy - xy * xy > 0 and _det(xx, xy, xz, yy, yz, zz) > 0):
        return "is not positive definite: a principal moment of inertia is zero or negative"
    # triangle inequality: the largest principal moment is at most (trace + allowance) / 2,
    # i.e. c*I - tensor is positive semidefinite for c = (trace + allowance) / 2; times 2**54
    # c is 2**53 * trace + 5 * largest entry
    largest = max(abs(v) for v in t.values())
    c = (xx + yy + zz) * 2**53 + 5 * largest
    s = 2**54
    a, b, d = c - s * xx, c - s * yy, c - s * zz
    pxy, pxz, pyz = s * xy, s * xz, s * yz
    if xy == 0 and xz == 0 and yz == 0:
        ok = a >= 0 and b >= 0 and d >= 0
    else:
        ok = (
            a >= 0
            and b >= 0
            and d >= 0
            and a * b - pxy * pxy >= 0
            and a * d - pxz * pxz >= 0
            and b * d - pyz * pyz >= 0
            and _det(a, -pxy, -pxz, b, -pyz, d) >= 0
        )
    if ok:
        return None
    lo, mid, hi = _moments({k: float(v) for k, v in raws.items()})
    return (
        f"has principal moments {_fmt(lo)}, {_fmt(mid)} and {_fmt(hi)}: the largest is "
        f"more than the sum of the other two (by about {_fmt(hi - lo - mid)}), which "
        "no body can have"
    )


def float_problem(values: dict[str, float]) -> str | None:
    """MuJoCo's own check, in float64: the two lesser principal moments add up to at least
    the largest. None when it holds."""
    lo, mid, hi = _moments(values)
    if lo + mid >= hi:
        return None
    return (
        f"has principal moments that in floating point add up to less than the largest "
        f"({_fmt(lo)} + {_fmt(mid)} < {_fmt(hi)}), which MuJoCo refuses"
    )


def _moments(v: dict[str, float]) -> tuple[float, float, float]:
    """The principal moments in float64, least first: the diagonal of a diagonal tensor,
    else numpy's eigvalsh (imported here: a library of tensors on their axes, or clear of the
    edge, is checked without it)."""
    if v["ixy"] == 0 and v["ixz"] == 0 and v["iyz"] == 0:
        lo, mid, hi = sorted((v["ixx"], v["iyy"], v["izz"]))
        return lo, mid, hi
    import numpy as np

    lam = np.linalg.eigvalsh(
        np.array(
            [
                [v["ixx"], v["ixy"], v["ixz"]],
                [v["ixy"], v["iyy"], v["iyz"]],
                [v["ixz"], v["iyz"], v["izz"]],
            ],
            dtype=np.float64,
        )
    )
    lo, mid, hi = sorted(float(x) for x in lam)
    return lo, mid, hi


def _det(xx, xy, xz, yy, yz, zz):
    return xx * (yy * zz - yz * yz) - xy * (xy * zz - yz * xz) + xz * (xy * yz - yy * xz)


def _fmt(x: float) -> str:
    return f"{x:.6g}"

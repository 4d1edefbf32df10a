"""The inertial block: exact triangle inequality with the rounding allowance, positive
definiteness, and MuJoCo's own float check on a part's tensor."""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mobiledsl.diagnostics import Sink
from mobiledsl.library.fields import Fields
from mobiledsl.library.inertia import TERMS, check_inertial
from mobiledsl.yamlio import read_yaml


def inertial(ixx, iyy, izz, ixy="0", ixz="0", iyz="0", source="measured", extra=""):
    return (f"mass: 1.5\norigin_xyz: [0, 0, 0]\n"
            f"inertia: {{ixx: {ixx}, ixy: {ixy}, ixz: {ixz}, iyy: {iyy}, iyz: {iyz}, "
            f"izz: {izz}}}\nsource: {source}\n{extra}")


def check(text: str, own_part: bool = True):
    node, diags = read_yaml(text, "inertial.yaml")
    assert node is not None and not diags
    sink = Sink()
    result = check_inertial(Fields(sink, "inertial.yaml"), node, "inertial", own_part)
    return result, sink.items


def ok(text, own_part=True):
    result, diags = check(text, own_part)
    assert result is not None and diags == [], [d.message for d in diags]
    return result


def refused(text, own_part=True, code="library.invalid_value"):
    result, diags = check(text, own_part)
    assert result is None and [d.code for d in diags] == [code], [d.message for d in diags]
    return diags[0]


# a thin plate: izz = ixx + iyy exactly
PLATES = [("0.0025", "0.0075", "0.01"), ("0.001", "0.002", "0.003"), ("0.1", "0.2", "0.3"),
          ("1.3e-05", "2.7e-05", "4e-05")]


@pytest.mark.parametrize("ixx,iyy,izz", PLATES)
def test_a_thin_plate_on_the_edge_in_round_decimals_passes(ixx, iyy, izz):
    ok(inertial(ixx, iyy, izz), own_part=False)
    ok(inertial(izz, iyy, ixx), own_part=False)     # whichever axis is the plate's normal


def test_a_parts_plate_passes_where_its_floats_do():
    for ixx, iyy, izz in PLATES[:3]:
        ok(inertial(ixx, iyy, izz))
    # 1.3e-05 + 2.7e-05 is 3.9999999999999996e-05 in floats: MuJoCo refuses it, and so do we
    d = refused(inertial(*PLATES[3]))
    assert "MuJoCo" in d.message


def test_a_thin_plate_beyond_the_edge_fails():
    d = refused(inertial("0.0025", "0.0075", "0.0100001"))
    assert "sum of the other two" in d.message
    refused(inertial("0.1", "0.2", "0.30000000000001"), own_part=False)


def test_a_turned_plate_is_judged_exactly():
    # diag(1, 2, 3) turned by the 3-4-5 rotation about z: exactly on the edge
    text = inertial("1.64", "1.36", "3", ixy="-0.48")
    ok(text, own_part=False)
    # beyond it by 1e-14 of 3 (the allowance is 5 * 2**-53 * 3 = 1.7e-15)
    refused(inertial("1.64", "1.36", "3.00000000000001", ixy="-0.48"), own_part=False)


def test_the_allowance_is_five_halves_ulp_of_the_largest_entry():
    # 1 + 1 >= 2 + x: allowance 5 * 2**-53 * 2 = 1.11e-15
    ok(inertial("1", "1", "2.000000000000001"), own_part=False)
    refused(inertial("1", "1", "2.0000000000000012"), own_part=False)
    # decimals a float cannot hold exactly, whose exact sum is just short
    ok(inertial("0.3333333333333333", "0.6666666666666666", "1.0"), own_part=False)


def test_a_parts_tensor_is_held_as_mujoco_holds_it():
    text = inertial("1", "1", "2.0000000000000004")     # one ulp over: exact rule passes
    ok(text, own_part=False)
    d = refused(text, own_part=True)
    assert "MuJoCo" in d.message


def test_not_positive_definite():
    for ixy, ixz, iyz in [("1", "0", "0"), ("1.2", "0", "0"), ("0.6", "0.6", "-0.6")]:
        d = refused(inertial("1", "1", "1", ixy=ixy, ixz=ixz, iyz=iyz))
        assert "positive definite" in d.message
    ok(inertial("1", "1", "1", ixy="0.1", ixz="-0.1", iyz="0.05"))


def test_diagonal_and_source_rules():
    refused(inertial("0", "1", "1"))
    refused(inertial("-1", "1", "1"))
    refused(inertial("1", "1", "1", source="guess"))
    refused(inertial("1", "1", "1", source="estimated"), code="library.missing_field")
    refused(inertial("1", "1", "1", source="placeholder", extra="basis: null\n"),
            code="library.missing_field")
    # an estimate whose basis says nothing has no basis (docs: a non-empty basis)
    refused(inertial("1", "1", "1", source="estimated", extra="basis: ' '\n"),
            code="library.missing_field")
    refused(inertial("1", "1", "1", source="placeholder", extra="basis: ''\n"),
            code="library.missing_field")
    refused(inertial("1", "1", "1", source="measured", extra="basis: ''\n"))
    rec = ok(inertial("1", "1", "1", source="estimated", extra="basis: a guess\n"))
    assert rec.basis == "a guess" and rec.source == "estimated"
    assert rec.mass == 1.5 and type(rec.inertia.ixy) is float


def test_the_numbers_range_applies_to_inertia_terms():
    refused(inertial("1e-400", "1", "1"))
    refused(inertial("1", "1", "1", ixy="1e-101"))
    ok(inertial("1", "1", "1", ixy="-2.7e-32"))


def test_mujoco_accepts_every_part_tensor_we_accept():
    mujoco = pytest.importorskip("mujoco")
    cases = [("0.0025", "0.0075", "0.01", "0"), ("1.64", "1.36", "3", "-0.48"),
             ("0.3333333333333333", "0.6666666666666666", "1.0", "0"),
             ("1.3e-05", "2.7e-05", "4e-05", "0"), ("1", "1", "2.0000000000000004", "0"),
             ("1", "1", "1.999999999999999", "0"), ("0.2", "0.1", "0.3", "0")]
    for ixx, iyy, izz, ixy in cases:
        result, _ = check(inertial(ixx, iyy, izz, ixy=ixy), own_part=True)
        full = f"{ixx} {iyy} {izz} {ixy} 0 0"
        xml = (f"<mujoco><worldbody><body><freejoint/><inertial pos='0 0 0' mass='1.5' "
               f"fullinertia='{full}'/></body></worldbody></mujoco>")
        try:
            mujoco.MjModel.from_xml_string(xml)
            accepted = True
        except ValueError:
            accepted = False
        if result is not None:
            assert accepted, full


@pytest.mark.parametrize("raw", ["0", "-0", "-0.0", "0e-999999999", "1", "-7", "1.50",
                                 "0.000120", "1e5", "1E+5", "-2.5e-3",
                                 "123456789012345678901234.5e-30", "9" * 99])
def test_a_decimal_is_read_exactly_from_its_spelling(raw):
    from decimal import Decimal
    from mobiledsl.library.inertia import _decimal
    mantissa, exponent = _decimal(raw)
    assert Decimal(f"{mantissa}e{exponent}") == Decimal(raw)
    if Decimal(raw):            # the same exponent as Decimal's, so the same common scale
        assert exponent == Decimal(raw).as_tuple().exponent


@pytest.mark.parametrize("ixx,iyy,izz", [("1", "1", "2"), ("1", "1", "1.999999999"),
                                         ("1", "1", "1.9999999999999999"), ("2", "1", "1"),
                                         ("1", "2.0000001", "1"), ("3e-5", "4e-5", "5e-5"),
                                         ("1e-30", "1e-30", "2.0000000000000001e-30")])
def test_the_quick_diagonal_check_passes_only_what_the_exact_check_passes(ixx, iyy, izz):
    from mobiledsl.library.inertia import _clearly_a_body, exact_problem
    raws = dict(ixx=ixx, iyy=iyy, izz=izz, ixy="0", ixz="0", iyz="0")
    if _clearly_a_body({k: float(v) for k, v in raws.items()}):
        assert exact_problem(raws) is None


def test_the_quick_check_takes_the_common_tensor_and_leaves_the_rest():
    from mobiledsl.library.inertia import _clearly_a_body
    common = dict(ixx=3e-5, iyy=4e-5, izz=5e-5, ixy=0.0, ixz=0.0, iyz=0.0)
    assert _clearly_a_body(common)
    assert not _clearly_a_body({**common, "izz": 7e-5})           # on the edge
    # off the diagonal, by the discs: a small product of inertia is taken ...
    assert _clearly_a_body({**common, "ixy": 1e-7})
    assert _clearly_a_body(dict(ixx=0.002999, iyy=0.005048, izz=0.007574, ixy=-0.00144,
                                ixz=0.0, iyz=0.0))
    # ... and one whose disc reaches half the trace, or zero, is left to the exact check
    assert not _clearly_a_body({**common, "ixz": 1e-5})           # 2 (5e-5 + 1e-5) > 12e-5
    assert not _clearly_a_body({**common, "ixy": -1.6e-5, "ixz": 1.4e-5})  # 3e-5 - 3e-5
    assert not _clearly_a_body(dict(ixx=1.0, iyy=1.0, izz=1.0, ixy=0.5, ixz=0.5, iyz=0.5))


TURNED = st.tuples(
    st.floats(0.01, 1.0), st.floats(0.01, 1.0),              # the two lesser moments
    st.floats(0.98, 1.0000001),                               # the largest, over their sum
    st.tuples(*[st.floats(-3.2, 3.2)] * 3),                   # a turn, as three angles
    st.integers(2, 17),                                       # significant digits written
    st.integers(-30, 3))                                      # a power of ten


@settings(max_examples=400, deadline=None)
@given(TURNED)
def test_the_quick_check_passes_only_what_both_checks_pass(case):
    """Tensors of bodies turned any way, written to a few digits, up to and past the edge:
    whatever the quick check takes, the exact check and MuJoCo's float check take too."""
    import math
    from mobiledsl.library.inertia import _clearly_a_body, exact_problem, float_problem
    lo, mid, ratio, (a, b, c), digits, power = case
    moments = (lo, mid, (lo + mid) * ratio)
    ca, sa, cb, sb, cc, sc = math.cos(a), math.sin(a), math.cos(b), math.sin(b), \
        math.cos(c), math.sin(c)
    turn = [[cb * cc, sa * sb * cc - ca * sc, ca * sb * cc + sa * sc],
            [cb * sc, sa * sb * sc + ca * cc, ca * sb * sc - sa * cc],
            [-sb, sa * cb, ca * cb]]
    tensor = [[sum(turn[i][k] * moments[k] * turn[j][k] for k in range(3)) for j in range(3)]
              for i in range(3)]
    raws = {term: f"{tensor[i][j] * 10.0 ** power:.{digits}g}"
            for term, (i, j) in zip(TERMS, ((0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)))}
    values = {term: float(raw) for term, raw in raws.items()}
    if min(values["ixx"], values["iyy"], values["izz"]) <= 0:
        return
    if _clearly_a_body(values):
        assert exact_problem(raws) is None
        assert float_problem(values) is None

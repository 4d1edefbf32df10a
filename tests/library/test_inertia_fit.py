"""library.inertia_fits_the_part: the bounds it judges by, and the parts it must not flag: a
thin-walled box (a shell's moments are up to 3 times the solid's), a part whose mass sits in
a small core (a fifth of them), bounds too thin to judge; and the tensors it must flag."""
from __future__ import annotations

import pytest

from tests.library.examples import BATTERY, WHEEL, load_text, mutate

CODE = "library.inertia_fits_the_part"
# the pack's collision box, 34 x 105 x 24 mm
X, Y, Z = 0.034, 0.105, 0.024


def solid(m: float) -> tuple[float, float, float]:
    return m * (Y * Y + Z * Z) / 12, m * (X * X + Z * Z) / 12, m * (X * X + Y * Y) / 12


def shell(m: float) -> tuple[float, float, float]:
    """A thin-walled box: its six faces, mass by area, each face's moments about the middle."""
    areas = {0: Y * Z, 1: X * Z, 2: X * Y}       # a face by its normal, twice (each side)
    total = 2 * sum(areas.values())
    dims = (X, Y, Z)
    ixx = iyy = izz = 0.0
    for normal, area in areas.items():
        both = 2 * m * area / total
        # a face's second moments: along its own two axes a plate's d^2 / 12, along its
        # normal its offset, d_n / 2, squared
        s2 = [dims[k] ** 2 / 12 if k != normal else (dims[k] / 2) ** 2 for k in range(3)]
        ixx += both * (s2[1] + s2[2])
        iyy += both * (s2[0] + s2[2])
        izz += both * (s2[0] + s2[1])
    return ixx, iyy, izz


def with_tensor(text: str, m: float, moments) -> str:
    text = mutate(text, "  mass: 0.18\n", f"  mass: {m:g}\n")
    ixx, iyy, izz = (f"{v:.6g}" for v in moments)
    return mutate(text, "inertia: {ixx: 1.740e-04, ixy: 0, ixz: 0, iyy: 2.598e-05, iyz: 0, "
                        "izz: 1.827e-04}",
                  f"inertia: {{ixx: {ixx}, ixy: 0, ixz: 0, iyy: {iyy}, iyz: 0, izz: {izz}}}")


def found(tmp_path, text):
    part, diags = load_text(tmp_path, text)
    assert part is not None                 # a warning: the part still loads
    return [d for d in diags if d.code == CODE]


def test_a_thin_walled_box_fits(tmp_path):
    moments = shell(0.18)
    assert max(h / s for h, s in zip(moments, solid(0.18))) > 1.5     # larger than solid
    assert found(tmp_path, with_tensor(BATTERY, 0.18, moments)) == []


def test_all_of_the_mass_at_the_corners_fits_and_a_third_more_does_not(tmp_path):
    corners = tuple(3 * v for v in solid(0.18))        # the most a mass inside the box gives
    assert found(tmp_path / "a", with_tensor(BATTERY, 0.18, corners)) == []
    beyond = tuple(4.5 * v for v in solid(0.18))
    warned = found(tmp_path / "b", with_tensor(BATTERY, 0.18, beyond))
    assert len(warned) == 1 and "4.5 times" in warned[0].message


def test_a_part_whose_mass_sits_in_a_small_core_fits(tmp_path):
    # 90 % of it in a solid core a third of the box's size, the rest a thin shell: 0.27 of
    # the solid's moments (the lowest of them about the long axis)
    core = tuple(0.9 * v / 9 for v in solid(0.18))
    moments = tuple(c + 0.1 * s for c, s in zip(core, shell(0.18)))
    ratio = min(h / s for h, s in zip(moments, solid(0.18)))
    assert 0.2 < ratio < 0.3
    assert found(tmp_path, with_tensor(BATTERY, 0.18, moments)) == []


@pytest.mark.parametrize("mass", [3.0, 1.9])
def test_a_tensor_copied_from_a_much_lighter_part_is_warned_about(mass, tmp_path):
    """The pack's 0.18 kg tensor on a pack of 3 kg (1/16.7) or 1.9 kg (1/10.6)."""
    text = mutate(BATTERY, "  mass: 0.18\n", f"  mass: {mass:g}\n")
    warned = found(tmp_path, text)
    assert len(warned) == 1 and warned[0].severity.value == "warning"
    assert f"1/{mass / 0.18:.3g}" in warned[0].message


def test_bounds_thinner_than_a_millimetre_are_not_judged(tmp_path):
    text = mutate(WHEEL, "radius: 0.04", "radius: 0.0004")
    _, diags = load_text(tmp_path, text)
    assert [d for d in diags if d.code == CODE] == []

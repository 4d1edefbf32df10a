"""Mass properties against hand computation."""
import math

import numpy as np
import pytest

from mobiledsl.analysis import analyse

from . import fixtures as F


def box_I(m, x, y, z):
    return np.diag([m * (y * y + z * z) / 12, m * (x * x + z * z) / 12, m * (x * x + y * y) / 12])


def shift(m, r):
    r = np.asarray(r, dtype=float)
    return m * ((r @ r) * np.eye(3) - np.outer(r, r))


def test_two_boxes():
    base = F.chassis_part(size=(0.3, 0.2, 0.06), mass=2.0)
    top = F.part("top", "attachment", inertial=F.box_inertial(1.0, (0.1, 0.1, 0.1)),
                 collision=(F.box_shape((0.1, 0.1, 0.1)),))
    r = F.robot("two", "Diff_drive", [(F.comp("chassis", "Diff_drive", base), base),
                                      (F.comp("top", "Attachment", top, (0.1, 0.0, 0.08),
                                              parent="chassis"), top)])
    a, _ = analyse(r, None, None)
    assert a.mass == pytest.approx(3.0)
    com = np.array([0.1 / 3, 0.0, 0.08 / 3])
    assert a.com == pytest.approx(tuple(com), abs=1e-9)
    expected = (box_I(2.0, 0.3, 0.2, 0.06) + shift(2.0, -com)
                + box_I(1.0, 0.1, 0.1, 0.1) + shift(1.0, np.array([0.1, 0, 0.08]) - com))
    assert np.array(a.inertia) == pytest.approx(expected, abs=1e-9)
    # the products: the two centres differ in x and z only
    assert a.inertia[0][2] != 0 and a.inertia[0][1] == 0


def test_box_and_wheel_turned_onto_y():
    base = F.chassis_part(size=(0.3, 0.2, 0.06), mass=2.0)
    wheel = F.wheel_part(radius=0.04, width=0.03, mass=0.1)
    r = F.robot("bw", "Diff_drive", [
        (F.comp("chassis", "Diff_drive", base), base),
        (F.comp("wheel", "Standard", wheel, (0.0, 0.12, -0.02), F.Z_TO_PLUS_Y, parent="chassis"),
         wheel)])
    a, _ = analyse(r, None, None)
    m = 2.1
    com = np.array([0.0, 0.1 * 0.12 / m, 0.1 * -0.02 / m])
    side = 0.1 * (3 * 0.04 ** 2 + 0.03 ** 2) / 12
    axle = 0.1 * 0.04 ** 2 / 2
    wheel_I = np.diag([side, axle, side])       # its axle lies along base_link's y
    expected = (box_I(2.0, 0.3, 0.2, 0.06) + shift(2.0, -com)
                + wheel_I + shift(0.1, np.array([0.0, 0.12, -0.02]) - com))
    assert a.mass == pytest.approx(m)
    assert a.com == pytest.approx(tuple(com), abs=1e-9)
    assert np.array(a.inertia) == pytest.approx(expected, abs=1e-9)


def test_link_held_at_an_angle():
    pan = F.link_part()
    angle = math.radians(30)
    base = F.chassis_part(size=(0.3, 0.2, 0.06), mass=2.0)
    pan_c = F.comp("pan", "Attachment", pan, (0.0, 0.0, 0.03), parent="chassis",
                   links=(F.placed_link("arm", (0.0, 0.0, 0.08), angle),))
    r = F.robot("arm", "Diff_drive", [(F.comp("chassis", "Diff_drive", base), base), (pan_c, pan)])
    a, _ = analyse(r, None, None)
    c, s = math.cos(angle), math.sin(angle)
    link_com = np.array([0.1 * c, 0.1 * s, 0.08])
    masses = [(2.0, np.zeros(3), box_I(2.0, 0.3, 0.2, 0.06)),
              (0.1, np.array([0, 0, 0.03]), box_I(0.1, 0.04, 0.04, 0.04))]
    la, lb, lc = np.diag(box_I(0.2, 0.2, 0.02, 0.02))
    turned = np.array([[la * c * c + lb * s * s, (la - lb) * s * c, 0],
                       [(la - lb) * s * c, la * s * s + lb * c * c, 0],
                       [0, 0, lc]])
    masses.append((0.2, link_com, turned))
    m = sum(k[0] for k in masses)
    com = sum(k[0] * k[1] for k in masses) / m
    expected = sum(I + shift(mm, p - com) for mm, p, I in masses)
    assert a.mass == pytest.approx(2.3)
    assert a.com == pytest.approx(tuple(com), abs=1e-9)
    assert np.array(a.inertia) == pytest.approx(expected, abs=1e-9)
    assert a.inertia[0][1] != 0     # the held link's turn shows in the products

"""Kinematics: the top speed, the yaw rate, and the task's steps judged against them."""
import math
from dataclasses import replace

import pytest

from mobiledsl.analysis import analyse
from mobiledsl.analysis.kinematics import skid_factor as skid_of
from mobiledsl.analysis.placed import place
from mobiledsl.library.model import Gait

from . import fixtures as F


def skid_factor(r):
    return skid_of(r, place(r))

SPIN = "validation.kinematics.spin_supported"
STRAFE = "validation.kinematics.strafe_supported"
SPEED = "validation.kinematics.speed_supported"
WALK = "validation.kinematics.walk_supported"
TRAVEL = "validation.kinematics.tracks_state_their_travel"


#: by hand, as docs/analysis.md states the motors' line: rolling resistance is 0.015 of the
#: weight, a tyre grips with friction 1.2, and diff_caster's pack is 12.6 V full for motors
#: rated at 12 V (both ends of the line scale by 12.6 / 12; the others have no pack: rated)
ROLLING, MU, G = 0.015, 1.2, 9.81
FULL = 12.6 / 12.0


def line_top(no_load: float, radius: float, stall_nm: float, motors: int, mass: float,
             share: float = 1.0, load: float = 0.0) -> float:
    """The top speed by hand: the rim's no-load speed, less the share of it the motors' pull
    (stall x motors / radius) spends on rolling resistance and ``load`` (N)."""
    v0 = no_load * share * radius
    pull = motors * stall_nm * share / radius
    return v0 * (1 - (ROLLING * mass * G + load) / pull)


def kin(robot, *steps):
    a, diags = analyse(robot, None, F.task(*steps) if steps else None)
    return a.kinematics, [d for d in diags if d.code.startswith("validation.kinematics.")]


def test_diff_caster_speed_and_yaw():
    k, found = kin(F.diff_caster())
    assert found == []
    assert k.can_spin is True and k.holonomic is False
    # no-load speed x wheel radius on the shaft at the full pack, 1.537 m/s, less the 1 % its
    # 41 N stalled pull spends on rolling 2.93 kg: 1.521 m/s
    v = line_top(36.6, 0.04, 0.78, 2, k_mass(F.diff_caster()), FULL)
    assert v == pytest.approx(1.521, abs=5e-4)
    assert k.max_speed_mps == pytest.approx(v)
    assert k.track_width_m == pytest.approx(0.24)
    assert k.max_yaw_rate_rad_s == pytest.approx(2 * v / 0.24)


def k_mass(robot) -> float:
    return analyse(robot, None, None)[0].mass


def test_speed_above_the_top_speed():
    k, found = kin(F.diff_caster(), F.step("Advance", distance_m=1.0, speed_mps=1.53))
    assert [d.code for d in found] == [SPEED]
    assert "1.53 m/s" in found[0].message and "1.521 m/s" in found[0].message
    assert found[0].span.file == "t.task"
    assert k.steps[0].supported is False and k.steps[0].codes == (SPEED,)


def test_speed_just_below_the_top_speed():
    # (the last 0.1 % of the speed comes slowly: from rest it takes 1.41 m to reach it)
    k, found = kin(F.diff_caster(), F.step("BackUp", distance_m=2.0, speed_mps=1.52))
    assert found == []
    assert k.steps[0].supported is True


def test_driveline_reduction_divides_the_speed():
    r = F.with_component(F.diff_caster(), "wheel_l", reduction=2.0)
    k, _ = kin(r)
    # the slower wheel's rim speed unloaded at the full pack: the faster wheel's motor, with
    # pull to spare there, carries the rolling resistance
    assert k.max_speed_mps == pytest.approx(36.6 * FULL * 0.04 / 2)


def test_no_motor_leaves_speed_undecided():
    k, found = kin(F.diff_four(), F.step("Advance", distance_m=1.0, speed_mps=9.0))
    assert found == []
    assert k.max_speed_mps is None and k.max_yaw_rate_rad_s is None
    assert k.steps[0].supported is None


def test_spin_on_a_tricycle():
    k, found = kin(F.tricycle(), F.step("Spin", direction="left", angle_rad=1.0))
    assert [d.code for d in found] == [SPIN]
    assert k.can_spin is False
    assert k.steps[0].supported is False


def test_navigate_on_a_tricycle_turns_by_steering():
    k, found = kin(F.tricycle(), F.step("Navigate", goal="station"))
    assert found == []
    assert k.steps[0].supported is True


def test_navigate_on_a_tricycle_that_cannot_steer():
    k, found = kin(F.tricycle(max_angle=0.0), F.step("Navigate", goal="station"))
    assert [d.code for d in found] == [SPIN]


def test_tricycle_yaw_rate_from_steering():
    r = F.tricycle()
    motor = F.motor_part(speed=20.0)
    r = F.with_component(F.with_part(r, motor), "front", driven_by="motor_f", reduction=1.0)
    r = replace(r, components=r.components + (F.comp("motor_f", "Motor", motor, line=9,
                                                       parent="chassis"),))
    k, _ = kin(r)
    v = line_top(20.0, 0.04, 0.78, 1, k_mass(r))      # 0.8 m/s unloaded, 19.5 N on 2.5 kg
    assert v == pytest.approx(0.7849, abs=1e-4)
    assert k.max_speed_mps == pytest.approx(v)
    assert k.wheelbase_m == pytest.approx(0.25)
    assert k.max_yaw_rate_rad_s == pytest.approx(v * math.tan(0.6) / 0.25)


def test_strafe_on_a_differential_base():
    k, found = kin(F.diff_caster(), F.step("Strafe", direction="left", distance_m=0.5))
    assert [d.code for d in found] == [STRAFE]


def test_strafe_on_a_mecanum_base():
    r = replace(F.diff_four(), chassis_type="Mecanum_four_wheel")
    k, found = kin(r, F.step("Strafe", direction="right", distance_m=0.5))
    assert found == []
    assert k.holonomic is True


def test_track_without_travel_warns():
    k, found = kin(F.tracked(travel=None))
    assert [d.code for d in found] == [TRAVEL, TRAVEL]
    assert all(d.severity.value == "warning" for d in found)
    k, found = kin(F.tracked())
    assert found == []


def test_track_speed_from_its_travel():
    r = F.tracked()
    motor = F.motor_part(speed=10.0)
    r = F.with_part(r, motor)
    comps = []
    for c in r.components:
        if c.type == "Track":
            c = replace(c, driven_by=f"m_{c.name}", reduction=1.0)
        comps.append(c)
    comps += [F.comp("m_track_left", "Motor", motor), F.comp("m_track_right", "Motor", motor)]
    r = replace(r, components=tuple(comps))
    k, _ = kin(r)
    # a track's "radius" is its travel per turn over 2 pi; its scrub takes its share in a turn
    radius = 0.12 / (2 * math.pi)
    v = line_top(10.0, radius, 0.78, 2, k_mass(r))
    assert v == pytest.approx(10.0 * radius * 0.9955, abs=1e-4)
    assert k.max_speed_mps == pytest.approx(v)
    assert k.track_width_m == pytest.approx(0.18)
    # a skid-steer base: its track's run (0.1 m) slides sideways as it turns
    factor = skid_factor(r)
    assert factor > 1.0
    scrub = SLIDING * MU * k_mass(r) * G * math.sqrt(1 - 1 / factor)
    turn = line_top(10.0, radius, 0.78, 2, k_mass(r), load=scrub)
    assert k.max_yaw_rate_rad_s == pytest.approx(2 * turn / (0.18 * factor))


def motored_four(speed=10.0):
    """diff_four with a motor on each wheel (its wheels straight on the motors' shafts)."""
    r = F.diff_four()
    motor = F.motor_part(speed=speed)
    r = F.with_part(r, motor)
    comps = [replace(c, driven_by=f"m_{c.name}", reduction=1.0) if c.type == "Standard" else c
             for c in r.components]
    comps += [F.comp(f"m_{c.name}", "Motor", motor) for c in r.components if c.type == "Standard"]
    return replace(r, components=tuple(comps))


SLIDING = 2 * math.sqrt(2) * math.log(1 + math.sqrt(2)) / math.pi


def test_skid_steer_turns_slower_than_its_wheels_say():
    r = motored_four()
    k, _ = kin(r)
    a2, b2 = 0.1 ** 2, 0.12 ** 2           # the wheels' contacts from the middle, along, across
    assert skid_factor(r) == pytest.approx((a2 + b2) / b2)
    assert k.skid_factor == skid_factor(r)        # recorded for the targets' twist maps
    # in a spin each contact slides sideways as its wheel drives it along; their friction
    # (1.2 of the load, of which a sliding contact in MuJoCo's pyramidal cone passes
    # 2 sqrt(2) ln(1 + sqrt(2)) / pi = 0.79 as the base turns) balances with a share
    # a / sqrt(a^2 + b^2) = 0.64 along the wheels, 19.1 N of 3.2 kg, which the four motors'
    # line (78 N stalled, 0.4 m/s unloaded) still gives, with rolling resistance, at
    # 0.299 m/s: the wheels' speed in the fastest spin
    m = k_mass(r)
    scrub = SLIDING * MU * m * G * math.sqrt(a2 / (a2 + b2))
    v = line_top(10.0, 0.04, 0.78, 4, m, load=scrub)
    assert v == pytest.approx(0.2994, abs=1e-4)
    assert k.max_yaw_rate_rad_s == pytest.approx(2 * v / 0.24 * b2 / (a2 + b2))
    # a differential base on two wheels slides nothing
    assert skid_factor(F.diff_caster()) == 1.0
    assert kin(F.diff_caster())[0].skid_factor == 1.0


def test_spin_rate_above_the_turn_rate():
    r = motored_four()
    top = kin(r)[0].max_yaw_rate_rad_s
    k, found = kin(r, F.step("Spin", direction="left", rate_rad_s=round(top, 3) + 0.001))
    assert [d.code for d in found] == [SPEED]
    assert "rad/s" in found[0].message and "slide" in found[0].message
    assert k.steps[0].supported is False


def test_spin_rate_just_below_the_turn_rate():
    r = motored_four()
    top = kin(r)[0].max_yaw_rate_rad_s
    k, found = kin(r, F.step("Spin", direction="left", rate_rad_s=top * 0.999))
    assert found == []
    assert k.steps[0].supported is True


def test_spin_rate_undecided_without_motors():
    k, found = kin(F.diff_four(), F.step("Spin", direction="left", rate_rad_s=100.0))
    assert found == [] and k.steps[0].supported is None


def test_acceleration_from_rest_by_the_line_at_most_half_g():
    strong, _ = analyse(motored_four(), None, None)       # 4 x 0.78 N m on 0.04 m wheels
    assert strong.kinematics.max_accel_mps2 == pytest.approx(0.5 * 9.81)
    weak_motor = F.motor_part()
    weak_motor = replace(weak_motor, motor=replace(weak_motor.motor, stall_torque_nm=0.01))
    weak = F.with_part(motored_four(), weak_motor)
    a, _ = analyse(weak, None, None)
    # by hand: 1 N of pull stalled less 0.47 N rolling 3.2 kg, over the mass and the four
    # rotors felt at the ground (J = 0.02 s x 0.01 N m / 36.6 rad/s each, J / r^2)
    rotors = 4 * 0.02 * 0.01 / 36.6 / 0.04 ** 2
    start = (4 * 0.01 / 0.04 - ROLLING * a.mass * G) / (a.mass + rotors)
    assert start == pytest.approx(0.1646, abs=1e-4)
    assert a.kinematics.max_accel_mps2 == pytest.approx(start, rel=1e-6)
    assert kin(F.diff_four())[0].max_accel_mps2 is None



def test_legged_steps_follow_the_gait():
    r = F.diff_four()
    ch = r.parts["test/four"]
    r = F.with_part(replace(r, chassis_type="Legged"),
                    replace(ch, gait=Gait((-0.3, 1.0), (0.0, 0.0), (0.0, 0.8))))
    k, found = kin(r, F.step("Spin", direction="right"), F.step("Spin", direction="left"),
                   F.step("Strafe", direction="left", distance_m=0.2),
                   F.step("BackUp", distance_m=0.2, speed_mps=0.31),
                   F.step("Navigate", goal="dock"))
    assert [d.code for d in found] == [SPIN, STRAFE, WALK, SPIN]
    assert [s.supported for s in k.steps] == [False, True, False, False, False]
    assert k.can_spin is False and k.holonomic is False
    assert k.max_speed_mps == 1.0


def test_a_driveline_without_its_reduction_leaves_speed_undecided():
    # the left wheel turned by motor_l through a driveline of the chassis' that states no
    # reduction: its speed, and the base's, is unknown; the step's speed is not judged
    r = F.with_component(F.diff_caster(), "wheel_l", parent="chassis",
                         host_connector="mount_left", reduction=None)
    k, found = kin(r, F.step("Advance", distance_m=1.0, speed_mps=9.0))
    assert found == []
    assert k.max_speed_mps is None and k.steps[0].supported is None
    # with its reduction stated, the wheel goes at the motor's speed over it
    k, found = kin(F.with_component(r, "wheel_l", reduction=3.0),
                   F.step("Advance", distance_m=1.0, speed_mps=9.0))
    assert k.max_speed_mps == pytest.approx(36.6 * FULL * 0.04 / 3)
    assert [d.code for d in found] == [SPEED]


def test_a_track_without_travel_leaves_speed_undecided():
    r = F.tracked(travel=None)
    motor = F.motor_part(speed=10.0)
    r = F.with_part(r, motor)
    comps = [replace(c, driven_by=f"m_{c.name}", reduction=1.0) if c.type == "Track" else c
             for c in r.components]
    comps += [F.comp("m_track_left", "Motor", motor), F.comp("m_track_right", "Motor", motor)]
    k, found = kin(replace(r, components=tuple(comps)),
                   F.step("Advance", distance_m=1.0, speed_mps=9.0))
    assert [d.code for d in found] == [TRAVEL, TRAVEL]
    assert k.max_speed_mps is None and k.steps[0].supported is None



def test_the_top_speed_in_the_message_is_the_one_the_help_asks_for(monkeypatch):
    # "goes at most 0.163 m/s" beside "ask for at most 0.162 m/s": one figure told twice
    import functools
    import re
    # a no-load speed that puts the loaded top speed at 0.1626..., where rounding to the
    # nearest and rounding down part
    monkeypatch.setattr(F, "motor_part", functools.partial(F.motor_part, speed=3.9132))
    k, found = kin(F.diff_caster(), F.step("Advance", distance_m=1.0, speed_mps=0.5))
    assert 0.1625 < k.max_speed_mps < 0.1630
    (d,) = found
    told = re.search(r"goes at most ([\d.]+) m/s", d.message).group(1)
    asked = re.search(r"ask for at most ([\d.]+) m/s", d.help[0]).group(1)
    assert told == asked == "0.162"                  # rounded down: a speed the base reaches

"""The power rules, each broken by one robot and passed narrowly by another."""
from dataclasses import replace

from mobiledsl.analysis import analyse

from . import fixtures as F

ACCEPTS = "validation.power.driver_accepts_battery"
VOLTAGE = "validation.power.motor_voltage"
CURRENT = "validation.power.channel_current"
CHANNELS = "validation.power.channels_and_buses"


def run(robot):
    _, diags = analyse(robot, None, None)
    return [d for d in diags if d.code.startswith("validation.power.")]


def with_driver(**kw):
    r = F.diff_caster()
    return F.with_part(r, replace(F.driver_part(**kw), id="driver"))


def with_motor(**kw):
    r = F.diff_caster()
    return F.with_part(r, replace(F.motor_part(**kw), id="motor"))


def test_the_demo_robot_is_powered_well():
    assert run(F.diff_caster()) == []


def test_driver_rejects_a_full_pack():
    found = run(with_driver(vmax=12.5))
    assert [d.code for d in found] == [ACCEPTS]
    assert "full it delivers 12.6 V, above the driver's 12.5 V" in found[0].message
    assert found[0].span.line == 9


def test_driver_accepts_a_pack_at_its_limits():
    assert run(with_driver(vmin=9.0, vmax=12.6)) == []


def test_driver_rejects_a_run_down_pack():
    found = run(with_driver(vmin=9.1))
    assert [d.code for d in found] == [ACCEPTS]
    assert "run down" in found[0].message


def test_a_pack_without_its_range_leaves_the_voltage_rules_undecided():
    r = with_driver(vmax=5.0)
    r = F.with_part(r, replace(F.battery_part(vmin=None, vmax=None), id="pack"))
    assert run(r) == []


def test_motor_rated_outside_the_pack():
    found = run(with_motor(rated=6.0))
    assert [d.code for d in found] == [VOLTAGE, VOLTAGE]       # both motors
    assert "does not include its rated 6 V" in found[0].message
    assert run(with_motor(rated=12.6)) == []                   # the pack's full voltage


def test_motor_range_left():
    found = run(with_motor(vmin=10.0, vmax=14.0))
    assert {d.code for d in found} == {VOLTAGE}
    assert "leaves the 10 V to 14 V it accepts" in found[0].message
    assert run(with_motor(vmin=9.0, vmax=12.6)) == []


def test_regulated_output_replaces_the_pack():
    found = run(with_driver(output=6.0))
    assert {d.code for d in found} == {VOLTAGE}
    assert "6 V from the regulated output of driver 'driver'" in found[0].message
    # a 24 V driver output feeding a 12 V motor is judged on the output, not the pack
    r = F.with_part(with_driver(output=24.0), replace(F.motor_part(rated=24.0), id="motor"))
    assert run(r) == []


def test_channel_current_error_below_stall():
    found = run(with_motor(stall=31.0))
    assert {d.code for d in found} == {CURRENT}
    assert all(d.severity.value == "error" for d in found)
    assert "its peak of 30 A" in found[0].message


def test_channel_current_warning_when_only_peak_covers():
    found = run(with_motor(stall=30.0))
    assert {d.code for d in found} == {CURRENT}
    assert all(d.severity.value == "warning" for d in found)


def test_channel_current_continuous_covers():
    assert run(with_motor(stall=12.0)) == []


def test_channel_current_without_peak_uses_continuous():
    found = run(with_driver(peak=None, cont=4.9))
    assert {d.code for d in found} == {CURRENT}
    assert all(d.severity.value == "error" for d in found)
    assert run(with_driver(peak=None, cont=5.0)) == []


def test_too_many_motors_on_channels():
    found = run(with_driver(channels=1))
    assert [d.code for d in found] == [CHANNELS]
    assert "has 1 channel but commands 2 motors" in found[0].message
    assert run(with_driver(channels=2)) == []


def test_bus_motor_on_a_board_that_does_not_speak_it():
    r = F.diff_caster()
    r = F.with_part(r, replace(F.motor_part(bus="dynamixel_ttl"), id="motor"))
    r = F.with_part(r, replace(F.driver_part(buses=("dynamixel_rs485",)), id="driver"))
    r = F.with_component(r, "motor_l", power="@core/pack")
    r = F.with_component(r, "motor_r", power="@core/pack")
    found = run(r)
    assert [d.code for d in found] == [CHANNELS, CHANNELS]
    assert "bus 'dynamixel_ttl'" in found[0].message and "dynamixel_rs485" in found[0].message
    assert found[0].span.line in (3, 4)
    r = F.with_part(r, replace(F.driver_part(buses=("dynamixel_ttl",)), id="driver"))
    assert run(r) == []


def test_no_references_no_findings():
    r = F.diff_caster()
    for name in ("motor_l", "motor_r"):
        r = F.with_component(r, name, command=None)
    r = F.with_component(r, "driver", power=None)
    r = F.with_part(r, replace(F.driver_part(vmax=5.0, channels=0 or None, cont=None,
                                             buses=("x",)), id="driver"))
    assert run(r) == []


def _bus_robot(power_l="@core/pack", power_r="@core/pack", command="@core/driver"):
    r = F.diff_caster()
    r = F.with_part(r, replace(F.motor_part(bus="dynamixel_ttl"), id="motor"))
    r = F.with_part(r, replace(F.driver_part(buses=("dynamixel_ttl",)), id="driver"))
    r = F.with_component(r, "motor_l", power=power_l, command=command)
    return F.with_component(r, "motor_r", power=power_r, command=command)


def test_a_commanded_bus_motor_that_names_no_power():
    # a smart servo is powered on a line of its own: commanded over a bus, it names its pack
    found = run(_bus_robot(power_r=None))
    assert [d.code for d in found] == [CHANNELS]
    d = found[0]
    assert d.severity.value == "error"
    assert "'motor_r'" in d.message and "no power" in d.message
    assert d.span.line == 4                                   # the motor's declaration
    assert any("power = @core/" in h for h in d.help)
    assert run(_bus_robot()) == []


def test_a_bus_motor_wired_to_nothing_is_undecided():
    assert run(_bus_robot(power_l=None, power_r=None, command=None)) == []


def test_a_pack_entirely_below_the_drivers_range():
    # a 2S pack, 6.0 to 8.4 V, on a board that needs 9 V: full it is below the range too
    r = F.with_part(with_driver(vmin=9.0), replace(F.battery_part(vmin=6.0, vmax=8.4), id="pack"))
    found = [d for d in run(r) if d.code == ACCEPTS]
    assert len(found) == 1
    assert "full it delivers 8.4 V, below the driver's 9 V" in found[0].message
    assert "run down it delivers 6 V, below the driver's 9 V" in found[0].message

"""The power rules: who feeds whom, at what voltage and current (``validation.power.*``).

A MotorDriver names the battery that feeds it (``power``); a Motor names the driver that
commands it (``command``) and, when it carries its driver and speaks a bus, the battery that
powers it. A rule whose data is missing (no pack range, a driver that states no supply range,
no reference at all) is undecided and says nothing.
"""

from __future__ import annotations

from ..diagnostics import Label, Severity
from ..library.model import DriverSpec, MotorSpec, Part
from ..model.robot import Component, Robot
from .model import Findings
from .placement import strip_ref

ACCEPTS = "validation.power.driver_accepts_battery"
MOTOR_VOLTAGE = "validation.power.motor_voltage"
CURRENT = "validation.power.channel_current"
CHANNELS = "validation.power.channels_and_buses"


def _v(x: float) -> str:
    return f"{x:g} V"


def _a(x: float) -> str:
    return f"{x:g} A"


def _named(robot: Robot, ref: str | None) -> tuple[Component, Part] | None:
    name = strip_ref(ref)
    if name is None:
        return None
    try:
        c = robot.component(name)
    except KeyError:
        return None
    part = robot.parts.get(c.part)
    return (c, part) if part is not None else None


def _pack(robot: Robot, ref: str | None) -> tuple[Component, Part, float, float] | None:
    """The pack ``ref`` names and the range it delivers (run down, full); None when it names
    no battery or the battery states no range."""
    fed = _named(robot, ref)
    if fed is None or fed[1].battery is None:
        return None
    b = fed[1].battery
    if b.voltage_min_v is None or b.voltage_max_v is None:
        return None
    return fed[0], fed[1], b.voltage_min_v, b.voltage_max_v


def _pack_supply(
    robot: Robot, ref: str | None, through: str, change: str
) -> tuple[float, float, str, Component, str] | None:
    """A supply (as supply_of gives it) straight from the pack ``ref`` names, ``through``
    what it passes on its way."""
    pack = _pack(robot, ref)
    if pack is None:
        return None
    pc, _, lo, hi = pack
    return lo, hi, f"pack '{pc.name}'{through}", pc, change


def _name_a_pack(robot: Robot, motor: str) -> str:
    packs = [c.name for c in robot.components if c.type == "Battery"]
    if not packs:
        return f"declare a Battery and name it in '{motor}': power = @core/<battery>"
    return f"name the pack that feeds '{motor}': power = @core/{packs[0]}" + (
        f" (the packs are: {', '.join(packs)})" if len(packs) > 1 else ""
    )


def _label(c: Component, text: str) -> tuple[Label, ...]:
    return (Label(c.span, text),) if c.span is not None else ()


def _on_motor(
    out: Findings,
    severity: Severity,
    code: str,
    message: str,
    motor: Component,
    driver: Component,
    *,
    label: str,
    help: tuple[str, ...],
) -> None:
    """A finding on a motor about the driver that commands it, which is labelled too."""
    out.add(
        severity,
        code,
        message,
        motor.span,
        components=(motor.name, driver.name),
        label=label,
        labels=_label(driver, f"driver '{driver.name}'"),
        help=help,
    )


def supply_of(
    robot: Robot, motor: Component, mpart: Part
) -> tuple[float, float, str, Component, str] | None:
    """The voltage range a motor sees, where it comes from (words, the component, and what to
    change there); None when undecided.

    A motor on a driver's channel sees the driver's regulated output when it states one, else
    the pack that feeds the driver. A bus motor is powered by the pack it names."""
    if mpart.motor is None:
        return None
    if mpart.motor.bus is not None:
        return _pack_supply(robot, motor.power, "", f"power '{motor.name}' from a pack")
    drv = _named(robot, motor.command)
    if drv is None or drv[1].driver is None:
        return None
    if drv[1].driver.output_voltage_v is not None:
        v = drv[1].driver.output_voltage_v
        return (
            v,
            v,
            f"the regulated output of driver '{drv[0].name}'",
            drv[0],
            f"command '{motor.name}' from a driver whose output_voltage_v is",
        )
    return _pack_supply(
        robot,
        drv[0].power,
        f" through driver '{drv[0].name}'",
        f"feed driver '{drv[0].name}' from a pack",
    )


def check_power(robot: Robot, out: Findings) -> None:
    for c in robot.components:
        part = robot.parts.get(c.part)
        if part is None:
            continue
        if part.driver is not None:
            _driver_accepts(robot, c, part, part.driver, out)
            _channels_and_buses(robot, c, part, part.driver, out)
        if part.motor is not None:
            _motor_voltage(robot, c, part, part.motor, out)
            _channel_current(robot, c, part.motor, out)


def _driver_accepts(robot: Robot, c: Component, part: Part, d: DriverSpec, out: Findings) -> None:
    pack = _pack(robot, c.power)
    if pack is None or d.voltage_min_v is None or d.voltage_max_v is None:
        return
    pc, pp, low, full = pack
    # the pack's voltage full and run down, each judged against both ends of the range
    why = []
    for state, v in (("full", full), ("run down", low)):
        if v > d.voltage_max_v:
            why.append(f"{state} it delivers {_v(v)}, above the driver's {_v(d.voltage_max_v)}")
        elif v < d.voltage_min_v:
            why.append(f"{state} it delivers {_v(v)}, below the driver's {_v(d.voltage_min_v)}")
    if not why:
        return
    out.error(
        ACCEPTS,
        f"driver '{c.name}' ({part.key}) accepts {_v(d.voltage_min_v)} to "
        f"{_v(d.voltage_max_v)}, but pack '{pc.name}' ({pp.key}) delivers "
        f"{_v(low)} to {_v(full)}: " + "; ".join(why),
        c.span,
        components=(c.name, pc.name),
        label="supply out of range",
        labels=_label(pc, f"pack '{pc.name}'"),
        help=(
            f"feed '{c.name}' from a pack whose range lies within "
            f"{_v(d.voltage_min_v)} to {_v(d.voltage_max_v)}, or choose a driver that "
            f"accepts {_v(low)} to {_v(full)}",
        ),
    )


def _motor_voltage(robot: Robot, c: Component, part: Part, m: MotorSpec, out: Findings) -> None:
    supply = supply_of(robot, c, part)
    if supply is None:
        return
    lo, hi, source, src, change = supply
    seen = _v(lo) if lo == hi else f"{_v(lo)} to {_v(hi)}"
    problems = []
    if not lo <= m.rated_voltage_v <= hi:
        problems.append(f"which does not include its rated {_v(m.rated_voltage_v)}")
    if m.voltage_min_v is not None and m.voltage_max_v is not None:
        if lo < m.voltage_min_v or hi > m.voltage_max_v:
            problems.append(
                f"which leaves the {_v(m.voltage_min_v)} to {_v(m.voltage_max_v)} it accepts"
            )
    if not problems:
        return
    out.error(
        MOTOR_VOLTAGE,
        f"motor '{c.name}' ({part.key}) sees {seen} from {source}, " + " and ".join(problems),
        c.span,
        components=(c.name,),
        label="wrong supply voltage",
        labels=_label(src, f"'{src.name}' supplies {seen}"),
        help=(
            f"{change} {'' if lo == hi else 'whose range '}"
            + (f"includes {_v(m.rated_voltage_v)}" if lo != hi else f"{_v(m.rated_voltage_v)}")
            + (
                f" and stays within {_v(m.voltage_min_v)} to {_v(m.voltage_max_v)}"
                if m.voltage_min_v is not None and m.voltage_max_v is not None
                else ""
            )
            + f", or choose a motor rated for {seen}",
        ),
    )


def _channel_current(robot: Robot, c: Component, m: MotorSpec, out: Findings) -> None:
    if m.bus is not None:
        return
    drv = _named(robot, c.command)
    if drv is None:
        return
    dc, dp = drv
    d = dp.driver
    if d is None or d.channels is None or d.continuous_current_per_channel_a is None:
        return
    cont, peak = d.continuous_current_per_channel_a, d.peak_current_per_channel_a
    stall = m.stall_current_a
    if cont >= stall:
        return
    if peak is not None and peak >= stall:
        _on_motor(
            out,
            Severity.WARNING,
            CURRENT,
            f"motor '{c.name}' draws {_a(stall)} stalled; a channel of driver "
            f"'{dc.name}' delivers {_a(cont)} continuously and {_a(stall)} only "
            f"at its peak of {_a(peak)}",
            c,
            dc,
            label="stall current over the continuous rating",
            help=(
                "a stalled or hard-accelerating motor may trip or overheat the "
                "channel; choose a driver whose continuous current covers "
                f"{_a(stall)}, or limit the current in its firmware",
            ),
        )
        return
    rating = f"its peak of {_a(peak)}" if peak is not None else f"{_a(cont)} continuously"
    _on_motor(
        out,
        Severity.ERROR,
        CURRENT,
        f"motor '{c.name}' draws {_a(stall)} stalled, more than a channel of "
        f"driver '{dc.name}' delivers ({rating})",
        c,
        dc,
        label="stall current over the channel's",
        help=(
            f"choose a driver whose channel delivers at least {_a(stall)}, or a motor "
            f"that draws at most {_a(peak if peak is not None else cont)} stalled",
        ),
    )


def _channels_and_buses(
    robot: Robot, c: Component, part: Part, d: DriverSpec, out: Findings
) -> None:
    commanded: list[tuple[Component, MotorSpec]] = []
    for m in robot.components:
        if strip_ref(m.command) != c.name:
            continue
        mp = robot.parts.get(m.part)
        if mp is not None and mp.motor is not None:
            commanded.append((m, mp.motor))
    on_channels = [m for m, motor in commanded if motor.bus is None]
    have = d.channels or 0
    if len(on_channels) > have:
        names = ", ".join(f"'{m.name}'" for m in on_channels)
        has = f"has {have} channel{'s' if have != 1 else ''}" if have else "has no channels"
        out.error(
            CHANNELS,
            f"driver '{c.name}' ({part.key}) {has} but commands "
            f"{len(on_channels)} motors on channels: {names}",
            c.span,
            components=(c.name,) + tuple(m.name for m in on_channels),
            label="too many motors",
            labels=tuple(
                Label(m.span, "commanded here") for m in on_channels[have:] if m.span is not None
            ),
            help=(
                f"add a driver for the other {len(on_channels) - have} motor(s) and "
                "point their command at it, or choose a board with more channels",
            ),
        )
    for m, motor in commanded:
        bus = motor.bus
        if bus is not None and strip_ref(m.power) is None:
            # a motor that carries its driver is powered on a line of its own, not by the
            # channel of a board: commanded over its bus, it names the pack that feeds it
            _on_motor(
                out,
                Severity.ERROR,
                CHANNELS,
                f"motor '{m.name}' is commanded over bus '{bus}' by driver "
                f"'{c.name}', but names no power: a bus carries no supply, so "
                f"nothing feeds it",
                m,
                c,
                label="names no power",
                help=(_name_a_pack(robot, m.name),),
            )
        if bus is None or bus in d.buses:
            continue
        speaks = ", ".join(d.buses) if d.buses else "no bus"
        _on_motor(
            out,
            Severity.ERROR,
            CHANNELS,
            f"motor '{m.name}' is commanded over bus '{bus}', but driver "
            f"'{c.name}' ({part.key}) speaks {speaks}",
            m,
            c,
            label=f"needs a board that speaks {bus}",
            help=(f"command '{m.name}' from a board whose buses include '{bus}'",),
        )

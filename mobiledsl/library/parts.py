"""The schema of a part of a robot: chassis, wheel, track, sensor, attachment, leg, motor,
battery and motor_driver.

Each block is a table (``schema.Block``): WHEEL, TRACK, MOTOR, BATTERY, DRIVER, RANGE,
COLLISION, CONNECTOR (with JOINT, WELL, STEERING, DRIVELINE), PROFILE, CONTACT, PROVENANCE,
VISUAL, and PART, the part's top level; the rules a table cannot say are the small named
checks beside it. ``check_part_fields`` reads a part by PART and returns the keyword
arguments of a ``Part``, or None when anything was wrong. Every problem is reported through
the ``Fields`` it is given; nothing here raises for bad input.

Which block a part may state follows from its category and its profiles (the PART table's
``allowed`` and ``required_if``):

- ``wheel``: a wheel's, required; ``collision`` is never a wheel's.
- ``track``, ``motor``, ``battery``, ``driver``: allowed on a part of that category or with
  that profile (Track, Motor, Battery, MotorDriver), required with the profile.
- ``range``: allowed with a Range or Ultrasonic profile, required with Range.
- ``steering`` and ``driveline`` on a connector: a chassis's only.
- ``links``, ``feet``, ``gait``, ``controller``: see ``legged``.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, NamedTuple

from ..yamlio import YNode
from .fields import IDENTIFIER, UNIT_TOLERANCE, Fields
from .hull import check_hull
from .inertia import INERTIAL
from .inertia_fit import check_inertia_fits
from .model import (
    CATEGORIES,
    LEGGED_KEYS,
    BatterySpec,
    Connector,
    Contact,
    Driveline,
    DriverSpec,
    Joint,
    MotorSpec,
    RangeSpec,
    Shape,
    Steering,
    TrackSpec,
    Well,
    WheelSpec,
)
from .paths import check_visual
from .schema import Block, Field, Rule

SCHEMA_VERSION = 1


def _schema_version(F: Fields, node: YNode, path: str, v: dict[str, Any], scope: Any) -> bool:
    version = v.get("schema_version")
    if version is None or version == SCHEMA_VERSION:
        return True
    F.invalid(
        node.value["schema_version"],
        "schema_version",
        f"is {version}: this compiler reads schema_version {SCHEMA_VERSION}",
        help=f"write schema_version: {SCHEMA_VERSION}",
    )
    return False


def _declared_id(F: Fields, node: YNode, path: str, part_id: str) -> str | None:
    """The id as stated, which is the part's directory's name (``part_id``, the scope)."""
    stated = F.string(node, path)
    if stated is not None and stated != part_id:
        F.error(
            "library.id_mismatch",
            f"'id' is '{stated}', and the part's directory is '{part_id}'",
            node.span,
            label="not the directory's name",
            help=f"write id: {part_id}, or rename the directory and its entry in library.yaml",
        )
    return stated


# The four fields every declaration states, read by the loader before its category's
# (``partial``: a declaration missing one is still read on, its category's keys and fields
# checked, so that one pass reports every problem).
COMMON = Block(
    "declaration",
    (
        Field(
            "schema_version",
            "integer",
            "the version of the schema the declaration is written in",
            options=(str(SCHEMA_VERSION),),
        ),
        Rule("version_read", _schema_version, f"`schema_version` is {SCHEMA_VERSION}"),
        Field(
            "id",
            "custom",
            "the part's directory's name",
            check=_declared_id,
            what="identifier",
        ),
        Field("category", "choice", "what kind of entry it is", options=CATEGORIES),
        Field("description", "string", "what it is, in a sentence or two"),
    ),
    doc="What every declaration states.",
    free_form=True,  # (the loader reports unknown keys by the category's)
    partial=True,
)
COMMON_FIELDS = COMMON.required
PART_FIELDS = (
    "visual",
    "collision",
    "wheel",
    "track",
    "inertial",
    "connectors",
    "profiles",
    "motor",
    "battery",
    "driver",
    "range",
    "contacts",
    "links",
    "feet",
    "gait",
    "controller",
    "provenance",
)
JOINT_TYPES = ("fixed", "continuous", "revolute", "prismatic")
_FIXED = Joint("fixed")  # a connector's joint unless it states one


def profile_types(root: YNode) -> set[str]:
    """The profile names a declaration states, whatever else is wrong with its profiles."""
    node = root.get("profiles")
    return set(node.value) if node is not None and node.is_map else set()


def check_part_fields(
    F: Fields, root: YNode, part_dir: Path | str, category: str
) -> dict[str, Any] | None:
    types = profile_types(root)
    cnode = root.value.get("connectors")
    scope = PartScope(
        category,
        category == "track" or "Track" in types,
        types,
        part_dir,
        set(cnode.value) if cnode is not None and cnode.kind == "map" else None,
    )
    values = PART.read(F, root, "", scope)  # (the loader reports unknown keys)
    if values is None or F.failed:
        return None
    return _part_values(values)


def _part_values(v: dict[str, Any]) -> dict[str, Any]:
    """The keyword arguments of a Part from the values its fields read as."""
    out = {
        key: v.get(key)
        for key in (
            "visual",
            "track",
            "motor",
            "battery",
            "driver",
            "range",
            "inertial",
            "provenance",
            "gait",
            "controller",
        )
    }
    out["collision"] = v.get("collision") or ()
    if "wheel" in v:
        out["wheel"] = v["wheel"]
    out["connectors"] = v.get("connectors") or {}
    out["profiles"] = v.get("profiles") or {}
    out["contacts"] = v.get("contacts") or ()
    out["links"], out["feet"] = v.get("links") or (), v.get("feet") or ()
    return out


def _help_missing_inertia(
    F: Fields, node: YNode | None, out: dict[str, Any], is_caster: bool
) -> None:
    """Give the missing-inertia error the tensor of the part's solid (mobiledsl.library.solid):
    only then, so a part that loads is not slowed."""
    if node is None or not node.is_map or "inertia" in node.value:
        return
    for i, d in enumerate(F.sink.items):
        if d.code == "library.missing_field" and d.message.startswith("'inertial.inertia'"):
            from .solid import missing_inertia

            mass_node = node.value.get("mass")
            mass = _plain_mass(mass_node)
            F.sink.items[i] = missing_inertia(
                d, F.file, mass, (out["collision"] or (None,))[0], out.get("wheel"), is_caster
            )


def _plain_mass(node: YNode | None) -> float | None:
    """The mass when it is a positive number (its own problems are reported apart)."""
    if node is None or not node.is_number:
        return None
    mass = float(node.value)
    return mass if 0 < mass < 1e30 else None


def _wheel_axis(connectors: dict) -> tuple[float, float, float]:
    """The axis a wheel turns about: its mount's joint axis (z where none is stated)."""
    for conn in connectors.values():
        if conn.joint is not None and conn.joint.axis is not None:
            return tuple(conn.joint.axis)
    return (0.0, 0.0, 1.0)


# -- collision ---------------------------------------------------------------------------
def _collision_by_type(F: Fields, node: YNode, path: str, v: dict[str, Any], scope) -> bool:
    """A box states size and origin_xyz, a hull vertices and faces: the shape they make."""
    kind = v.get("type")
    if kind is None:
        return False
    if kind not in ("box", "hull"):
        extra = (
            " (a part collides by one box or one hull; lists of shapes are an object's "
            "and a link's)"
            if kind in ("sphere", "cylinder", "capsule")
            else ""
        )
        F.invalid(
            node.get("type"),
            f"{path}.type",
            f"is '{kind}', which is neither box nor hull{extra}",
            help="write type: box or type: hull",
        )
        return False
    if kind == "box":
        ok = True
        for key in ("vertices", "faces"):
            if key in node.value:
                F.unsupported(
                    node,
                    key,
                    f"{path}.{key}",
                    "a box states size and origin_xyz; vertices and faces are a hull's",
                )
                ok = False
        for key in ("size", "origin_xyz"):
            if key not in node.value:
                F.missing(node, f"{path}.{key}")
        size = F.vec3(node.value.get("size"), f"{path}.size", positive=True)
        origin = F.vec3(node.value.get("origin_xyz"), f"{path}.origin_xyz")
        if size is None or origin is None or not ok:
            return False
        v["shape"] = Shape("box", size, origin, (0.0, 0.0, 0.0))
        return True
    ok = True
    for key in ("size", "origin_xyz"):
        if key in node.value:
            F.unsupported(
                node,
                key,
                f"{path}.{key}",
                "a hull states vertices and faces in "
                "the part frame; size and origin_xyz are a box's",
            )
            ok = False
    v["shape"] = check_hull(F, node, path)
    return ok and v["shape"] is not None


COLLISION = Block(
    "collision",
    (
        Field("type", "string", "box or hull", options=("box", "hull")),
        Field(
            "size",
            "vec3",
            "a box's sides",
            unit="m",
            bound="positive",
            required=False,
            by_rule=True,
        ),
        Field(
            "origin_xyz",
            "vec3",
            "a box's centre in the part frame",
            unit="m",
            required=False,
            by_rule=True,
        ),
        Field(
            "vertices",
            "custom",
            "a hull's corners in the part frame",
            unit="m",
            required=False,
            by_rule=True,
            what="list of [x, y, z]",
        ),
        Field(
            "faces",
            "custom",
            "a hull's triangles, each three corner indices",
            required=False,
            by_rule=True,
            what="list of [i, j, k]",
        ),
        Rule(
            "by_type",
            _collision_by_type,
            "a box states `size` and `origin_xyz`, a hull "
            "`vertices` and `faces` (see Hulls); the other's keys are `library.unsupported`",
        ),
    ),
    doc="A part's one collision shape: a box or a convex hull.",
    build=lambda v: v["shape"],
)


def check_part_collision(F: Fields, node: YNode, path: str) -> Shape | None:
    """A part's one collision shape: a box {type, size, origin_xyz} or a hull
    {type, vertices, faces}."""
    if node.is_seq:
        F.wrong_type(
            node, path, "one shape, {type: box, size, origin_xyz} or {type: hull, vertices, faces}"
        )
        return None
    return COLLISION.read(F, node, path, None)


# -- blocks ------------------------------------------------------------------------------
WHEEL = Block(
    "wheel",
    (
        Field("radius", "number", "the rolling radius", unit="m", bound="positive"),
        Field("width", "number", "the tread's width along the axle", unit="m", bound="positive"),
    ),
    doc="A wheel's size: its rolling contact is derived from it.",
    build=lambda v: WheelSpec(v["radius"], v["width"]),
)


GROUND = Block(
    "ground",
    (
        Field(
            "from", "vec3", "one end of the belt's run on the ground, in the part frame", unit="m"
        ),
        Field("to", "vec3", "the other end", unit="m"),
        Rule(
            "not_one_point",
            lambda F, node, path, v, scope: _not_one_point(F, node, path, v),
            "the two ends are not one point",
            needs=("from", "to"),
        ),
    ),
    doc="The belt's run on the ground.",
    build=lambda v: (v["from"], v["to"]),
)


def _not_one_point(F: Fields, node: YNode, path: str, v: dict[str, Any]) -> bool:
    start, end = v.get("from"), v.get("to")
    if start is not None and end is not None and start == end:
        F.invalid(
            node,
            path,
            "runs from a point to the same point: the belt's run on the ground has no length",
            help="state the two ends of the belt's run on the ground",
        )
        return False
    return True


TRACK = Block(
    "track",
    (
        Field("width", "number", "the belt's width", unit="m", bound="positive"),
        Field(
            "travel_per_turn_m",
            "number",
            "how far the belt moves for one turn of its hub",
            unit="m",
            bound="positive",
            required=False,
        ),
        Field("ground", "block", "where the belt meets the ground", block=GROUND),
    ),
    doc="A track unit's belt.",
    build=lambda v: TrackSpec(
        v["width"], v["ground"][0], v["ground"][1], v.get("travel_per_turn_m")
    ),
)


def _voltage_range(F: Fields, node: YNode, path: str, positive_min: bool):
    """voltage_min_v and voltage_max_v: both or neither. Returns (ok, lo, hi)."""
    lo_node, hi_node = node.value.get("voltage_min_v"), node.value.get("voltage_max_v")
    if (lo_node is None) != (hi_node is None):
        absent, present = (
            ("voltage_min_v", "voltage_max_v")
            if lo_node is None
            else ("voltage_max_v", "voltage_min_v")
        )
        F.missing(
            node,
            f"{path}.{absent}",
            f"{present} is stated, and a voltage range states both ends or neither",
        )
        return False, None, None
    if lo_node is None:
        return True, None, None
    lo = F.number(
        lo_node, f"{path}.voltage_min_v", positive=positive_min, nonnegative=not positive_min
    )
    hi = F.number(hi_node, f"{path}.voltage_max_v", positive=True)
    if lo is None or hi is None:
        return False, None, None
    if hi < lo:
        F.invalid(
            hi_node,
            f"{path}.voltage_max_v",
            f"is {hi_node.raw}, below voltage_min_v ({lo_node.raw})",
        )
        return False, None, None
    return True, lo, hi


def _raw(node: YNode, key: str) -> str:
    """The text a number of ``node`` is written in (checked already, so stated)."""
    item = node.value.get(key)
    return "" if item is None else item.raw or ""


def _between(F: Fields, node: YNode, path: str, key: str, value, lo, hi) -> bool:
    if value is None or lo is None or hi is None or lo <= value <= hi:
        return True
    F.invalid(
        node.get(key),
        f"{path}.{key}",
        f"is {_raw(node, key)}, outside the range "
        f"from voltage_min_v ({_raw(node, 'voltage_min_v')}) to voltage_max_v "
        f"({_raw(node, 'voltage_max_v')})",
    )
    return False


def _supply(key: str | None, positive_min: bool):
    """The rule of a supply range: both ends or neither, in order, ``key`` between them."""

    def check(F: Fields, node: YNode, path: str, v: dict[str, Any], scope: Any) -> bool:
        ok, v["voltage_min_v"], v["voltage_max_v"] = _voltage_range(F, node, path, positive_min)
        if key is None:
            return ok
        return (
            _between(F, node, path, key, v.get(key), v["voltage_min_v"], v["voltage_max_v"]) and ok
        )

    return check


def _supply_ends(positive_min: bool) -> tuple[Field, Field]:
    low = "positive" if positive_min else "nonnegative"
    return (
        Field(
            "voltage_min_v",
            "number",
            "the lowest supply voltage",
            unit="V",
            bound=low,
            required=False,
            by_rule=True,
        ),
        Field(
            "voltage_max_v",
            "number",
            "the highest supply voltage",
            unit="V",
            bound="positive",
            required=False,
            by_rule=True,
        ),
    )


MOTOR = Block(
    "motor",
    (
        Field(
            "rated_voltage_v",
            "number",
            "the voltage its ratings are given at",
            unit="V",
            bound="positive",
        ),
        Field(
            "no_load_speed_rad_s",
            "number",
            "the shaft's speed unloaded at the rated voltage",
            unit="rad/s",
            bound="positive",
        ),
        Field(
            "stall_torque_nm",
            "number",
            "the torque at stall at the rated voltage",
            unit="N·m",
            bound="positive",
        ),
        Field(
            "stall_current_a",
            "number",
            "the current at stall at the rated voltage",
            unit="A",
            bound="positive",
        ),
        *_supply_ends(positive_min=False),
        Rule(
            "supply_range",
            _supply("rated_voltage_v", positive_min=False),
            "`voltage_min_v` and `voltage_max_v` both or neither, the rated voltage between them",
        ),
        Field(
            "bus", "identifier", "the bus it is commanded over (a smart servo's)", required=False
        ),
    ),
    doc="A motor's ratings.",
    build=lambda v: MotorSpec(**v),
)


BATTERY = Block(
    "battery",
    (
        Field("voltage_nominal_v", "number", "the nominal voltage", unit="V", bound="positive"),
        *_supply_ends(positive_min=True),
        Rule(
            "supply_range",
            _supply("voltage_nominal_v", positive_min=True),
            "`voltage_min_v` and `voltage_max_v` both or neither, the nominal voltage between them",
        ),
        Field(
            "capacity_ah",
            "number",
            "the charge it holds",
            unit="A·h",
            bound="positive",
            required=False,
        ),
    ),
    doc="A battery's voltage and charge.",
    build=lambda v: BatterySpec(**v),
)


def _channels_or_buses(F: Fields, node: YNode, path: str, v: dict[str, Any], scope) -> bool:
    if node.value.get("channels") is None and node.value.get("buses") is None:
        F.missing(node, f"{path}.channels", "a driver states channels, buses or both")
        return False
    return True


def _what_channels_need(F: Fields, node: YNode, path: str, v: dict[str, Any], scope) -> bool:
    ok = True
    if node.value.get("channels") is not None:
        for key in ("voltage_min_v", "voltage_max_v", "continuous_current_per_channel_a"):
            if node.value.get(key) is None:
                F.missing(
                    node,
                    f"{path}.{key}",
                    "a driver with channels states its motor "
                    "supply range and the current one channel delivers continuously",
                )
                ok = False
    else:
        for key in ("continuous_current_per_channel_a", "peak_current_per_channel_a"):
            if node.value.get(key) is not None:
                F.unsupported(
                    node,
                    key,
                    f"{path}.{key}",
                    "a channel's current is stated only by a driver with channels",
                )
                ok = False
    return ok


def _driver_supply(F: Fields, node: YNode, path: str, v: dict[str, Any], scope) -> bool:
    values = node.value
    if values.get("channels") is not None and (
        values.get("voltage_min_v") is None or values.get("voltage_max_v") is None
    ):
        return True  # reported as what channels need
    ok, v["voltage_min_v"], v["voltage_max_v"] = _voltage_range(F, node, path, False)
    return ok


def _peak_not_below(F: Fields, node: YNode, path: str, v: dict[str, Any], scope) -> bool:
    cont, peak = v.get("continuous_current_per_channel_a"), v.get("peak_current_per_channel_a")
    if (
        cont is not None
        and peak is not None
        and peak < cont
        and node.value.get("channels") is not None
    ):
        F.invalid(
            node.get("peak_current_per_channel_a"),
            f"{path}.peak_current_per_channel_a",
            f"is {_raw(node, 'peak_current_per_channel_a')}, below the continuous "
            f"current ({_raw(node, 'continuous_current_per_channel_a')})",
        )
        return False
    return True


def check_buses(F: Fields, node: YNode, path: str, scope: Any = None) -> tuple[str, ...] | None:
    if not node.is_seq:
        F.wrong_type(node, path, "a list of bus names")
        return None
    if not node.value:
        F.invalid(node, path, "names no bus", help="list the buses, or delete 'buses'")
        return None
    names: list[str] = []
    for i, item in enumerate(node.value):
        name = F.identifier(item, f"{path}[{i}]")
        if name is None:
            return None
        if name in names:
            F.invalid(item, f"{path}[{i}]", f"names the bus '{name}' twice")
            return None
        names.append(name)
    return tuple(names)


DRIVER = Block(
    "driver",
    (
        Rule("channels_or_buses", _channels_or_buses, "`channels`, `buses` or both", stops=True),
        Field("channels", "integer", "how many motors it drives", bound="positive", required=False),
        Field(
            "buses",
            "custom",
            "the buses it commands servos over, each named once",
            required=False,
            check=check_buses,
            what="non-empty list of identifiers",
        ),
        Rule(
            "what_channels_need",
            _what_channels_need,
            "with channels, `voltage_min_v`, "
            "`voltage_max_v` and `continuous_current_per_channel_a` are required; without, a "
            "channel's current is `library.unsupported`",
        ),
        *_supply_ends(positive_min=False),
        Rule("supply_range", _driver_supply, "a supply range is both ends or neither"),
        Field(
            "continuous_current_per_channel_a",
            "number",
            "the current one channel delivers continuously",
            unit="A",
            bound="positive",
            required=False,
        ),
        Field(
            "peak_current_per_channel_a",
            "number",
            "the current one channel delivers at its peak",
            unit="A",
            bound="positive",
            required=False,
        ),
        Rule(
            "peak_not_below_continuous",
            _peak_not_below,
            "`peak_current_per_channel_a` is not below the continuous",
        ),
        Field(
            "output_voltage_v",
            "number",
            "the voltage it supplies its servos at",
            unit="V",
            bound="positive",
            required=False,
        ),
    ),
    doc="What a motor driver drives.",
    build=lambda v: DriverSpec(
        v.get("channels"),
        v.get("buses") or (),
        v.get("voltage_min_v"),
        v.get("voltage_max_v"),
        v.get("continuous_current_per_channel_a"),
        v.get("peak_current_per_channel_a"),
        v.get("output_voltage_v"),
    ),
)


def _max_not_below_min(F: Fields, node: YNode, path: str, v: dict[str, Any], scope) -> bool:
    lo, hi = v.get("min_m"), v.get("max_m")
    if lo is not None and hi is not None and hi < lo:
        F.invalid(
            node.get("max_m"),
            f"{path}.max_m",
            f"is {_raw(node, 'max_m')}, below min_m ({_raw(node, 'min_m')})",
        )
        return False
    return True


def _cone_below_pi(F: Fields, node: YNode, path: str, v: dict[str, Any], scope) -> bool:
    fov = v.get("field_of_view_rad")
    if fov is not None and not fov < math.pi:
        F.invalid(
            node.get("field_of_view_rad"),
            f"{path}.field_of_view_rad",
            f"is {_raw(node, 'field_of_view_rad')}: the full cone about +x is below pi",
        )
        return False
    return True


RANGE = Block(
    "range",
    (
        Field("min_m", "number", "the nearest distance it measures", unit="m", bound="nonnegative"),
        Field("max_m", "number", "the farthest distance it measures", unit="m", bound="positive"),
        Field(
            "field_of_view_rad",
            "number",
            "the full cone it sees, about +x",
            unit="rad",
            bound="positive",
        ),
        Field("rate_hz", "number", "how often it measures", unit="Hz", bound="positive"),
        Rule(
            "max_not_below_min",
            _max_not_below_min,
            "`max_m` is at least `min_m`",
            needs=("min_m", "max_m"),
        ),
        Rule(
            "cone_below_pi",
            _cone_below_pi,
            "`field_of_view_rad` is below pi",
            needs=("field_of_view_rad",),
        ),
    ),
    doc="What a range finder measures.",
    build=lambda v: RangeSpec(**v),
)


CONTACT = Block(
    "contact",
    (
        Field(
            "xyz", "vec3", "the centre of the sphere the part rests on, in the part frame", unit="m"
        ),
        Field("radius", "number", "the sphere's radius", unit="m", bound="positive"),
        Field("note", "string", "what it is", required=False, nullable=True, decides=False),
    ),
    doc="A point the part rests on besides its wheels: a skid or a ball.",
    build=lambda v: Contact(v["xyz"], v["radius"], v.get("note")),
)


def check_contacts(
    F: Fields, node: YNode | None, path: str, scope: Any = None
) -> tuple[Contact, ...]:
    if node is None:
        return ()
    if not node.is_seq:
        F.wrong_type(node, path, "a list of {xyz, radius, note}")
        return ()
    out = []
    for i, item in enumerate(node.value):
        contact = CONTACT.read(F, item, f"{path}[{i}]", None)
        if contact is not None:
            out.append(contact)
    return tuple(out)


PROVENANCE = Block(
    "provenance",
    tuple(
        Field(key, "string", doc, required=False, nullable=True, decides=False)
        for key, doc in (
            ("name", "the product's name"),
            ("manufacturer", "who makes it"),
            ("source_url", "where its numbers come from"),
            ("license", "the license of its files"),
        )
    ),
    doc="Where the part comes from. Other keys are the library's own: neither checked nor kept.",
    free_form=True,
)


def check_provenance(F: Fields, node: YNode | None, path: str) -> dict[str, Any] | None:
    """name, manufacturer, source_url, license: each a string or null. Other keys are the
    library's own and are neither checked nor kept."""
    if node is None:
        return None
    return PROVENANCE.read(F, node, path, None)


# -- connectors --------------------------------------------------------------------------
def check_connectors(
    F: Fields, node: YNode | None, path: str, scope: PartScope
) -> dict[str, Connector] | None:
    """The connectors by name, each by CONNECTOR; drivelines' connectors checked once all
    are known."""
    if node is None:
        return None
    category = scope.category
    if not node.is_map or not node.value:
        if node.is_map:
            F.error(
                "library.wrong_type",
                f"'{path}' must name at least one connector, not an empty mapping",
                node.span,
                label="no connector here",
                help="declare the point the part mates by, such as mount: {pos: [0, 0, "
                "0], dir: [0, 0, 1]}",
            )
        else:
            F.wrong_type(node, path, "a mapping of connector names to connectors")
        return None
    out: dict[str, Connector] = {}
    ok = True
    for name, cnode in node.items():
        cpath = f"{path}.{name}"
        if not IDENTIFIER.match(name):
            F.error(
                "library.invalid_value",
                f"'{cpath}': a connector's name must be an identifier (letters, digits and _)",
                node.key_span(name),
                label="invalid name",
            )
            ok = False
            continue
        c = _connector(F, cnode, cpath, name, scope)
        if c is None:
            ok = False
        else:
            out[name] = c
    # drivelines: after every connector is known (a chassis's only)
    for name, cnode in node.items() if category == "chassis" else ():
        dnode = cnode.value.get("driveline") if cnode.is_map else None
        if dnode is None or category != "chassis" or not dnode.is_map:
            continue
        turns = dnode.value.get("turns")
        if turns is None or not turns.is_seq:
            continue
        seen: set[str] = set()
        for i, item in enumerate(turns.value):
            if not item.is_str:
                continue
            target = item.value
            ipath = f"{path}.{name}.driveline.turns[{i}]"
            if target not in node.value:
                F.error(
                    "library.unknown_connector",
                    f"'{ipath}' names '{target}', a connector the part does not declare",
                    item.span,
                    label="no such connector",
                    help=f"the part declares: {', '.join(node.value)}",
                )
                ok = False
            elif target in seen:
                F.invalid(
                    item, ipath, f"names '{target}' twice: a driveline names each connector once"
                )
                ok = False
            else:
                other = node.value[target]
                if other.is_map and other.value.get("driveline") is not None:
                    F.invalid(
                        item,
                        ipath,
                        f"names '{target}', a connector that states a "
                        "driveline itself: a driveline does not turn a motor's seat",
                    )
                    ok = False
            seen.add(target)
    return out if ok else None


class PartScope(NamedTuple):
    """What a part's blocks are allowed and required by: its category and its profiles'
    types; and its directory and its connectors' names, which its fields are read with.
    (A tuple: one is made for every part.)"""

    category: str
    is_track: bool = False
    types: frozenset[str] | set[str] = frozenset()
    part_dir: Path | str = ""
    connectors: set[str] | None = None
    own_part: bool = True  # its tensor is handed to MuJoCo as stated (see ``inertia``)

    def is_a(self, category: str, profile: str) -> bool:
        return self.category == category or profile in self.types


def _up_perpendicular(F: Fields, node: YNode, path: str, v: dict[str, Any], scope) -> bool:
    up, direction = v.get("up"), v.get("dir")
    if up is not None and direction is not None:
        dot = sum(a * b for a, b in zip(up, direction))
        if abs(dot) > UNIT_TOLERANCE:
            F.invalid(
                node.value["up"],
                f"{path}.up",
                f"is not perpendicular to dir (their "
                f"dot product is {dot:.4g}): up fixes the roll about dir",
                help="state up at a right angle to dir, or leave it out for a part "
                "whose roll does not matter",
            )
            return False
    return True


def _axis_by_type(F: Fields, node: YNode, path: str, v: dict[str, Any], scope) -> bool:
    kind = v.get("type")
    if kind is None:
        return False
    if kind == "fixed":
        if "axis" in node.value:
            F.unsupported(node, "axis", f"{path}.axis", "a fixed joint does not turn")
            return False
        return True
    if "axis" not in node.value:
        F.missing(node, f"{path}.axis", f"a {kind} joint states its unit axis")
        return False
    v["axis"] = F.unit_vec3(node.value.get("axis"), f"{path}.axis")
    return v["axis"] is not None


JOINT = Block(
    "joint",
    (
        Field(
            "type", "choice", "how the mated part moves about the connector", options=JOINT_TYPES
        ),
        Field(
            "axis",
            "unit_vec3",
            "the axis it turns about or slides along",
            required=False,
            by_rule=True,
        ),
        Rule("axis_by_type", _axis_by_type, "a fixed joint states no `axis`; any other states one"),
    ),
    doc="How the part mated at the connector moves.",
    build=lambda v: Joint(v["type"], v.get("axis")),
)

WELL = Block(
    "well",
    (
        Field("radius", "number", "the radius of the space kept clear", unit="m", bound="positive"),
        Field("width", "number", "its width along dir", unit="m", bound="positive"),
    ),
    doc="The room a wheel turns in at the connector.",
    build=lambda v: Well(**v),
)

STEERING = Block(
    "steering",
    (
        Field("axis", "unit_vec3", "the kingpin's axis"),
        Field(
            "max_angle_rad", "number", "how far it steers either way", unit="rad", bound="positive"
        ),
    ),
    doc="A kingpin at the connector.",
    build=lambda v: Steering(**v),
)


def check_turns(F: Fields, node: YNode, path: str, scope: Any = None) -> tuple[str, ...] | None:
    """A driveline's connectors: their names (checked against the part by
    ``check_connectors``)."""
    if not node.is_seq or not node.value:
        F.wrong_type(node, path, "a list of at least one connector name")
        return None
    names: list[str] = []
    ok = True
    for i, item in enumerate(node.value):
        name = F.string(item, f"{path}[{i}]")
        if name is None:
            ok = False
        else:
            names.append(name)
    return tuple(names) if ok else None


DRIVELINE = Block(
    "driveline",
    (
        Field(
            "turns",
            "custom",
            "the connectors whose hubs it turns: each declared, named once, "
            "none stating a driveline itself",
            check=check_turns,
            what="non-empty list of connector names",
        ),
        Field(
            "reduction",
            "number",
            "the hubs' turns for one turn of the motor's",
            bound="positive",
            required=False,
        ),
    ),
    doc="Shafts of the chassis carrying a motor's turning to wheels.",
    build=lambda v: Driveline(v["turns"], v.get("reduction")),
)

CONNECTOR = Block(
    "connector",
    (
        Field("pos", "vec3", "where it is, in the part frame", unit="m"),
        Field("dir", "unit_vec3", "the way it faces: a mated part's connector faces against it"),
        Field("up", "unit_vec3", "fixes the roll about dir", required=False),
        Rule(
            "up_perpendicular",
            _up_perpendicular,
            "`up` is perpendicular to `dir` within 0.001",
            needs=("up", "dir"),
        ),
        Field(
            "joint",
            "block",
            "how the mated part moves; fixed when not stated",
            block=JOINT,
            required=False,
            allowed=lambda scope: not scope.is_track,
            not_allowed="a track's connector is the hub that drives it and carries no joint: "
            "the unit does not turn about it",
            allowed_doc="any part but a track",
        ),
        Field("well", "block", "room kept clear for a wheel", block=WELL, required=False),
        Field(
            "steering",
            "block",
            "a kingpin",
            block=STEERING,
            required=False,
            allowed=lambda scope: scope.category == "chassis",
            not_allowed="only a chassis states a kingpin",
            allowed_doc="a chassis",
        ),
        Field(
            "driveline",
            "block",
            "shafts turning other connectors' hubs",
            block=DRIVELINE,
            required=False,
            allowed=lambda scope: scope.category == "chassis",
            not_allowed="only a chassis carries a motor's turning to wheels through shafts "
            "of its own",
            allowed_doc="a chassis",
        ),
    ),
    doc="A point the part mates by.",
)


def _connector(F: Fields, node: YNode, path: str, name: str, scope: PartScope) -> Connector | None:
    v = CONNECTOR.read(F, node, path, scope)
    if v is None:
        return None
    if len(v) == 2:  # pos and dir alone: most connectors
        return Connector(name, v["pos"], v["dir"], None, _FIXED, None, None, None)
    return Connector(
        name,
        v["pos"],
        v["dir"],
        v.get("up"),
        v.get("joint") or _FIXED,
        v.get("well"),
        v.get("steering"),
        v.get("driveline"),
    )


# -- profiles ----------------------------------------------------------------------------
class ProfileScope(NamedTuple):
    """A profile's component type, and the names the part's connectors mapping states
    (None when it states none: mounts are then not matched)."""

    type_name: str
    connectors: set[str] | None


def check_mounts(F: Fields, node: YNode, path: str, scope: ProfileScope) -> dict[str, str] | None:
    """logical mount -> connector: each a declared connector, none shared; a Motor's shaft
    among them."""
    if not node.is_map:
        F.wrong_type(node, path, "a mapping of logical mounts to connectors")
        return None
    connectors = scope.connectors
    mounts: dict[str, str] = {}
    used: dict[str, str] = {}
    ok = True
    for mount, target_node in node.items():
        mpath = f"{path}.{mount}"
        if not IDENTIFIER.match(mount):
            F.error(
                "library.invalid_value",
                f"'{mpath}': a mount's name must be an identifier",
                node.key_span(mount),
                label="invalid name",
            )
            ok = False
            continue
        target = F.string(target_node, mpath)
        if target is None:
            ok = False
            continue
        if connectors is not None and target not in connectors:
            declared = ", ".join(sorted(connectors)) or "no connector"
            F.error(
                "library.unknown_connector",
                f"'{mpath}' names '{target}', a connector the part does not declare",
                target_node.span,
                label="no such connector",
                help=f"the part declares: {declared}",
            )
            ok = False
            continue
        if target in used:
            F.invalid(
                target_node,
                mpath,
                f"maps to '{target}', which the mount "
                f"'{used[target]}' maps to already: two mounts may not share a "
                "connector",
                help="declare a connector for each mount",
            )
            ok = False
            continue
        used[target] = mount
        mounts[mount] = target
    if scope.type_name == "Motor" and "shaft" not in node.value:
        F.missing(node, f"{path}.shaft", "a motor's shaft is where its wheel mates")
        ok = False
    return mounts if ok else None


PROFILE = Block(
    "profile",
    (
        Field(
            "mounts",
            "custom",
            "which connector each logical mount of the type is: a declared "
            "connector, none shared; a Motor's names a `shaft`",
            check=check_mounts,
            what="mapping of mount names to connector names",
        ),
    ),
    doc="How the part fills a component type.",
    build=lambda v: v["mounts"],
)


def check_profiles(
    F: Fields, node: YNode | None, path: str, scope: PartScope
) -> dict[str, dict[str, str]] | None:
    """type -> {mounts: {logical mount -> connector}}. ``scope.connectors``: the names the
    part's connectors mapping states (None when it states none, and then mounts are not
    matched)."""
    connectors = scope.connectors
    if node is None:
        return None
    if not node.is_map:
        F.wrong_type(node, path, "a mapping of component types to {mounts: ...}")
        return None
    out: dict[str, dict[str, str]] = {}
    ok = True
    for type_name, pnode in node.items():
        ppath = f"{path}.{type_name}"
        if not IDENTIFIER.match(type_name):
            F.error(
                "library.invalid_value",
                f"'{ppath}': a component type's name must be an identifier",
                node.key_span(type_name),
                label="invalid name",
            )
            ok = False
            continue
        mounts = PROFILE.read(F, pnode, ppath, ProfileScope(type_name, connectors))
        if mounts is None:
            ok = False
            continue
        out[type_name] = mounts
    return out if ok else None


# -- the part ----------------------------------------------------------------------------
VISUAL = Block(
    "visual",
    (
        Field(
            "file",
            "custom",
            "the mesh, relative to the part directory (see Paths)",
            by_rule=True,
            what="path",
        ),
        Field("xyz", "vec3", "where the mesh's origin is, in the part frame", unit="m"),
        Field("rpy", "vec3", "the mesh's turn: roll, pitch and yaw", unit="rad"),
    ),
    doc="What is shown of it.",
    check=lambda F, node, path, scope: check_visual(F, node, scope.part_dir, path),
)


def _part_collision(F: Fields, node: YNode, path: str, scope: PartScope) -> tuple[Shape, ...]:
    shape = check_part_collision(F, node, path)
    return (shape,) if shape is not None else ()


def _inertia_help(F: Fields, root: YNode, path: str, v: dict[str, Any], scope) -> bool:
    _help_missing_inertia(
        F,
        root.value.get("inertial"),
        {"collision": v.get("collision") or (), "wheel": v.get("wheel")},
        "Caster" in scope.types,
    )
    return True


def _inertia_fits(F: Fields, root: YNode, path: str, v: dict[str, Any], scope) -> bool:
    check_inertia_fits(
        F.sink,
        root.value.get("inertial"),
        v.get("inertial"),
        v.get("collision") or (),
        v.get("wheel"),
        _wheel_axis(v.get("connectors") or {}),
    )
    return True


def _legged(F: Fields, root: YNode, path: str, v: dict[str, Any], scope: PartScope) -> bool:
    """The legged blocks, read by ``legged``: a leg's, or a Legged profile's."""
    category, types = scope.category, scope.types
    if category != "leg" and "Legged" not in types and root.value.keys().isdisjoint(LEGGED_KEYS):
        return True  # nothing legged stated nor required
    from .legged import check_legged_fields  # only a legged part pays for its checks

    legged = check_legged_fields(F, root, scope.part_dir, category, set(types), spans=False)
    if legged is not None:
        v["links"] = tuple(legged.links or ())
        v["feet"] = tuple(legged.feet or ())
        v["gait"] = legged.gait
        v["controller"] = legged.controller
    return True


def _kind_block(
    name: str,
    block: Block,
    category: str,
    profile: str,
    owner: str,
    why_required: str,
    allowed_doc: str,
) -> Field:
    """A block that belongs to one kind of part: allowed on that category or with that
    profile, required with the profile."""
    return Field(
        name,
        "block",
        block.doc,
        block=block,
        required=False,
        required_if=lambda scope: profile in scope.types,
        why_required=why_required,
        allowed=lambda scope: scope.is_a(category, profile),
        not_allowed=f"only {owner} states one",
        allowed_doc=allowed_doc,
        required_doc=profile,
    )


PART = Block(
    "part",
    (
        Field("visual", "block", VISUAL.doc, block=VISUAL),
        Field(
            "collision",
            "custom",
            COLLISION.doc,
            required=False,
            check=_part_collision,
            decides=False,
            allowed=lambda scope: scope.category != "wheel",
            not_allowed="a wheel's rolling contact is derived from its radius and width, so a "
            "wheel declares no collision",
            allowed_doc="any part but a wheel",
            what="mapping",
            table=COLLISION,
        ),
        Field(
            "wheel",
            "block",
            WHEEL.doc,
            block=WHEEL,
            required=False,
            required_if=lambda scope: scope.category == "wheel",
            why_required="a wheel states its radius and width",
            allowed=lambda scope: scope.category == "wheel",
            not_allowed="only a wheel states one, and this part is a {category}",
            allowed_doc="category wheel",
            required_doc="category wheel",
        ),
        _kind_block(
            "track",
            TRACK,
            "track",
            "Track",
            "a track",
            "a part with a Track profile states its belt",
            "track, or a Track profile",
        ),
        _kind_block(
            "motor",
            MOTOR,
            "motor",
            "Motor",
            "a motor",
            "a part with a Motor profile states its ratings",
            "motor, or a Motor profile",
        ),
        _kind_block(
            "battery",
            BATTERY,
            "battery",
            "Battery",
            "a battery",
            "a part with a Battery profile states its voltage",
            "battery, or a Battery profile",
        ),
        _kind_block(
            "driver",
            DRIVER,
            "motor_driver",
            "MotorDriver",
            "a motor driver",
            "a part with a MotorDriver profile states what it drives",
            "motor_driver, or a MotorDriver profile",
        ),
        Field(
            "range",
            "block",
            RANGE.doc,
            block=RANGE,
            required=False,
            required_if=lambda scope: "Range" in scope.types,
            why_required="a part with a Range profile states what it measures",
            allowed=lambda scope: not scope.types.isdisjoint(("Range", "Ultrasonic")),
            not_allowed="only a range finder (a part with a Range or Ultrasonic profile) "
            "states one",
            allowed_doc="a Range or Ultrasonic profile",
            required_doc="Range",
        ),
        Field("inertial", "block", INERTIAL.doc, block=INERTIAL),
        Rule(
            "missing_inertia_help",
            _inertia_help,
            "a missing tensor's help states the tensor of the part's solid",
        ),
        Field(
            "connectors",
            "custom",
            "the points the part mates by, by name (an identifier): "
            "at least one; a driveline turns only connectors the part declares",
            check=check_connectors,
            what="mapping of names to connectors",
            each=CONNECTOR,
            keyed=True,
        ),
        Rule(
            "inertia_fits",
            _inertia_fits,
            "the inertia fits the part's bounds (`library.inertia_fits_the_part`, a warning)",
        ),
        Field(
            "profiles",
            "custom",
            "the component types it can be, each by its name (an "
            "identifier); `{}` is a catalog entry no program can select",
            check=check_profiles,
            what="mapping of component types to profiles",
            each=PROFILE,
            keyed=True,
        ),
        Field(
            "contacts",
            "custom",
            "points it rests on besides its wheels",
            required=False,
            check=check_contacts,
            what="list of contacts",
            each=CONTACT,
        ),
        Field("provenance", "block", PROVENANCE.doc, block=PROVENANCE, required=False),
        *(
            Field(key, "custom", "see legged.md", required=False, by_rule=True)
            for key in LEGGED_KEYS
        ),
        Rule("legged", _legged, "the legged blocks, read by `legged`"),
    ),
    doc="A robot part's fields besides the common four.",
    free_form=True,
)

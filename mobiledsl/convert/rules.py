"""The renames from a part.yaml v3 declaration to a component.yaml, as pure functions.

``convert_part`` takes the JSON of one part.yaml and where its named files moved, and gives
the new declaration (keys in the new format's order) with what it dropped and what it
could not carry. It invents nothing: a value it cannot place is kept where and as it was
written, so the loader reports it on the result, and the report says why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..library.loader import ALL_FIELDS
from ..model.vocabulary import COMPONENT_TYPES
from ..recordtype import record
from .source import V3Part

# the profile names the previous compiler used for a type of another name
PROFILE_TABLE = {
    "laser": "Lidar",
    "diff_four_wheel": "Diff_drive",
    "arm": "Attachment",
    "battery": "Attachment",
    "circuit": "Attachment",
}
DROPPED = {
    "images": "preview images, which the compiler never reads",
    "catalog": "catalog data, which the compiler never reads",
}
CONNECTOR_RENAMES = {"pos_local": "pos", "dir_local": "dir", "up_local": "up"}

# the new format's order of the blocks the converter rewrites; other keys follow as written
ORDER = {
    "visual": ("file", "xyz", "rpy"),
    "wheel": ("radius", "width"),
    "connector": ("pos", "dir", "up", "joint", "well", "steering", "driveline"),
    "joint": ("type", "axis"),
    "inertial": ("mass", "origin_xyz", "inertia", "source", "basis"),
}


def _squeeze(name: str) -> str:
    return name.replace("_", "").casefold()


_BY_SQUEEZED = {_squeeze(t): t for t in COMPONENT_TYPES}


def profile_type(name: str) -> str | None:
    """The component type a v3 profile name is, or None when it is none."""
    if name in PROFILE_TABLE:
        return PROFILE_TABLE[name]
    return _BY_SQUEEZED.get(_squeeze(name))


@record
class Item:
    part: str
    path: str  # dotted, in the v3 declaration
    value: Any
    why: str


@dataclass
class Converted:
    doc: dict[str, Any]
    dropped: list[Item] = field(default_factory=list)
    not_carried: list[Item] = field(default_factory=list)


def ordered(block: dict[str, Any], order: tuple[str, ...]) -> dict[str, Any]:
    head = {k: block[k] for k in order if k in block}
    return head | {k: v for k, v in block.items() if k not in head}


def named_files(data: dict[str, Any]) -> list[tuple[str, str]]:
    """(field path, file) of every file the declaration names, the model first."""
    out: list[tuple[str, str]] = []
    model = data.get("model")
    if isinstance(model, dict) and isinstance(model.get("file"), str):
        out.append(("model.file", model["file"]))
    links = data.get("links")
    if isinstance(links, dict):
        for name, link in links.items():
            visual = link.get("visual") if isinstance(link, dict) else None
            if isinstance(visual, dict) and isinstance(visual.get("file"), str):
                out.append((f"links.{name}.visual.file", visual["file"]))
    controller = data.get("controller")
    if isinstance(controller, dict) and isinstance(controller.get("policy"), str):
        out.append(("controller.policy", controller["policy"]))
    return out


class _Part:
    """The conversion of one declaration: ``out`` fills as each rule runs."""

    def __init__(self, part: V3Part, moved: dict[str, str]):
        self.part = part
        self.moved = moved
        self.result = Converted({})

    def keep(self, path: str, value: Any, why: str) -> None:
        self.result.not_carried.append(Item(self.part.id, path, value, why))

    def rename(self, block: dict[str, Any], old: str, new: str, path: str) -> dict[str, Any]:
        """``block`` with ``old`` renamed to ``new`` in its place, unless ``new`` is there
        too: then both stay as written and the loader reports ``old``."""
        if old not in block:
            return block
        if new in block:
            self.keep(
                f"{path}{old}",
                block[old],
                f"the declaration states {path}{new} too, so {old} is kept as written",
            )
            return block
        return {(new if k == old else k): v for k, v in block.items()}

    def move(self, value: Any) -> Any:
        return self.moved.get(value, value) if isinstance(value, str) else value


def convert_part(part: V3Part, moved: dict[str, str]) -> Converted:
    c = _Part(part, moved)
    data = dict(part.data)
    out: dict[str, Any] = {}
    for key in DROPPED:
        if key in data:
            c.result.dropped.append(Item(part.id, key, data.pop(key), DROPPED[key]))
    out["schema_version"] = 1
    del data["schema_version"]
    if "id" in data:
        out["id"] = data.pop("id")
    stated = data.pop("category", None)
    if stated is not None and stated != part.category:
        c.keep(
            "category",
            stated,
            f"the part lies in the folder {part.category}/, which says what it is",
        )
    out["category"] = part.category
    data = c.rename(data, "model", "visual", "")
    if isinstance(data.get("visual"), dict) and "model" not in data:
        visual = dict(data["visual"])
        if "file" in visual:
            visual["file"] = c.move(visual["file"])
        data["visual"] = ordered(visual, ORDER["visual"])
    _wheel(c, data)
    _connectors(c, data)
    _joint(c, data)
    _inertial(c, data)
    _profiles(c, data)
    _links_and_policy(c, data)
    out |= {k: data[k] for k in ALL_FIELDS if k in data and k not in out}
    out |= {k: v for k, v in data.items() if k not in out}
    c.result.doc = out
    return c.result


def _wheel(c: _Part, data: dict[str, Any]) -> None:
    if "geometry" not in data:
        return
    if c.part.category != "wheel":
        c.keep(
            "geometry",
            data["geometry"],
            f"only a wheel's geometry becomes its wheel "
            f"block, and this part is a {c.part.category}",
        )
        return
    renamed = c.rename(data, "geometry", "wheel", "")
    if renamed is data:
        return
    data.clear()
    data.update(renamed)
    wheel = data["wheel"]
    if isinstance(wheel, dict):
        data["wheel"] = ordered(c.rename(wheel, "height", "width", "geometry."), ORDER["wheel"])


def _connectors(c: _Part, data: dict[str, Any]) -> None:
    connectors = data.get("connectors")
    if not isinstance(connectors, dict):
        return
    new = {}
    for name, conn in connectors.items():
        if isinstance(conn, dict):
            for old, to in CONNECTOR_RENAMES.items():
                conn = c.rename(conn, old, to, f"connectors.{name}.")
            conn = ordered(conn, ORDER["connector"])
        new[name] = conn
    data["connectors"] = new


def _joint(c: _Part, data: dict[str, Any]) -> None:
    """The top-level joint moves onto the connector it names, without its connector key."""
    if "joint" not in data:
        return
    joint = data["joint"]
    connectors = data.get("connectors")
    name = joint.get("connector") if isinstance(joint, dict) else None
    if not isinstance(name, str):
        why = "it names no connector (joint.connector), so it has no place to move to"
    elif not isinstance(connectors, dict) or not isinstance(connectors.get(name), dict):
        why = f"it names the connector '{name}', which the part does not declare"
    elif "joint" in connectors[name]:
        why = f"the connector '{name}' states a joint of its own"
    else:
        rest = {k: v for k, v in joint.items() if k != "connector"}
        connectors[name] = ordered(
            connectors[name] | {"joint": ordered(rest, ORDER["joint"])}, ORDER["connector"]
        )
        del data["joint"]
        return
    c.keep("joint", joint, why)


def _inertial(c: _Part, data: dict[str, Any]) -> None:
    inertial = data.get("inertial")
    if isinstance(inertial, dict):
        data["inertial"] = ordered(
            c.rename(inertial, "estimate_basis", "basis", "inertial."), ORDER["inertial"]
        )


def _profiles(c: _Part, data: dict[str, Any]) -> None:
    profiles = data.get("profiles")
    if not isinstance(profiles, dict):
        return
    new: dict[str, Any] = {}
    for name, profile in profiles.items():
        to = profile_type(name)
        if to is None:  # no type: carried as written (see report.findings)
            to = name
        if to in new or to in profiles and to != name:
            c.keep(
                f"profiles.{name}",
                profile,
                f"it would become {to}, which the part states already, so it is kept as written",
            )
            to = name
        new[to] = profile
    data["profiles"] = new


def _links_and_policy(c: _Part, data: dict[str, Any]) -> None:
    """The files a link's visual and a controller's policy name, moved as the model's."""
    links = data.get("links")
    if isinstance(links, dict):
        new = {}
        for name, link in links.items():
            visual = link.get("visual") if isinstance(link, dict) else None
            if isinstance(visual, dict) and "file" in visual:
                link = link | {"visual": visual | {"file": c.move(visual["file"])}}
            new[name] = link
        data["links"] = new
    controller = data.get("controller")
    if isinstance(controller, dict) and "policy" in controller:
        data["controller"] = controller | {"policy": c.move(controller["policy"])}

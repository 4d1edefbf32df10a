"""A part.yaml v3 checkout written from a component library, as the previous compiler's users
would have kept it: the reverse of each rename, one step per line.

``write_v3(library, dest)`` writes ``dest/<category>/<id>/part.yaml`` (JSON) for every part
library.yaml lists, each part's assets/ folder copied to meshes/, and a preview image and
catalog data that the converter drops. What v3 cannot say (a Battery profile, which v3 calls
battery and the converter reads as Attachment) is listed in ``CANNOT_CARRY``.
"""
from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from mobiledsl.yamlio import read_yaml

# (part, what differs after a round trip): v3 names a battery's profile battery, which is an
# Attachment; the converter cannot tell that this one was a Battery
CANNOT_CARRY = {"lipo_3s_2200": "profiles: Battery comes back as Attachment"}
IMAGES = ["images/front.png"]
CATALOG = {"price_eur": 12.5, "vendor": "example"}


def snake(type_name: str) -> str:
    """Diff_two_caster -> diff_two_caster, MotorDriver -> motor_driver, IMU -> imu."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", type_name).lower()


def to_v3(new: dict) -> tuple[str, dict]:
    """(category, part.yaml data) of one new-format declaration."""
    old = dict(new)
    category = old.pop("category")
    old["schema_version"] = 3
    if "visual" in old:
        visual = old.pop("visual")
        old["model"] = visual | {"file": visual["file"].replace("assets/", "meshes/", 1)}
    if "wheel" in old:
        wheel = old.pop("wheel")
        old["geometry"] = {"radius": wheel["radius"], "height": wheel["width"]}
    connectors = {}
    for name, conn in old.get("connectors", {}).items():
        conn = dict(conn)
        if "joint" in conn:
            old["joint"] = {"connector": name} | conn.pop("joint")
        connectors[name] = {k + "_local" if k in ("pos", "dir", "up") else k: v
                            for k, v in conn.items()}
    if "connectors" in old:
        old["connectors"] = connectors
    if "basis" in old.get("inertial", {}):
        inertial = dict(old["inertial"])
        inertial["estimate_basis"] = inertial.pop("basis")
        old["inertial"] = inertial
    if "profiles" in old:
        old["profiles"] = {snake(t): p for t, p in old["profiles"].items()}
    for link in old.get("links", {}).values():
        link["visual"]["file"] = link["visual"]["file"].replace("assets/", "meshes/", 1)
    if "policy" in old.get("controller", {}):
        old["controller"]["policy"] = old["controller"]["policy"].replace("assets/", "meshes/", 1)
    if category != "environment":
        old["images"] = IMAGES
        old["catalog"] = CATALOG
    return category, old


def write_v3(library: Path, dest: Path) -> list[str]:
    """Write the v3 checkout; returns the part ids."""
    manifest, _ = read_yaml((library / "library.yaml").read_bytes(), "library.yaml")
    ids = manifest.plain()["parts"]
    for pid in ids:
        src = library / "parts" / pid
        node, diags = read_yaml((src / "component.yaml").read_bytes(), pid)
        assert node is not None, diags
        category, data = to_v3(node.plain())
        out = dest / category / pid
        out.mkdir(parents=True)
        (out / "part.yaml").write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")
        if (src / "assets").is_dir():
            shutil.copytree(src / "assets", out / "meshes")
    return ids

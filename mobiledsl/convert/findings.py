"""What the converter carried as written and a person must settle: a profile named for no
component type, a mount its chassis type steers whose connector states no kingpin, and a
battery that v3's battery profile made an Attachment, which a program cannot place as the
Battery that powers a motor driver.

The library format leaves which types exist, and which of a chassis type's mounts steer, to
the vocabulary, so the loader accepts both; a program that uses such a part is refused at
compile time (a missing profile, validation.assembly.steering_declared). The converter
looks them up in the vocabulary so that its report names them now.
"""

from __future__ import annotations

from typing import Any

from ..model.vocabulary import CHASSIS_TYPES, COMPONENT_TYPES
from .rules import Item


def findings(part_id: str, doc: dict[str, Any]) -> list[Item]:
    profiles = doc.get("profiles")
    connectors = doc.get("connectors")
    if not isinstance(profiles, dict):
        return []
    out: list[Item] = []
    if doc.get("category") == "battery" and "Attachment" in profiles and "Battery" not in profiles:
        out.append(
            Item(
                part_id,
                "profiles.Attachment",
                None,
                "v3's battery profile is an Attachment, carried by a robot as a mass; "
                "a program places a pack that powers its motor driver as a Battery: "
                "rename the profile to Battery for that",
            )
        )
    for name, profile in profiles.items():
        if name not in COMPONENT_TYPES:
            out.append(
                Item(
                    part_id,
                    f"profiles.{name}",
                    None,
                    f"'{name}' names no component type, so no program can use the "
                    f"part as it; rename the profile to one of: "
                    f"{', '.join(COMPONENT_TYPES)}",
                )
            )
            continue
        chassis = CHASSIS_TYPES.get(name)
        mounts = profile.get("mounts") if isinstance(profile, dict) else None
        if chassis is None or not isinstance(mounts, dict) or not isinstance(connectors, dict):
            continue
        for mount in sorted(chassis.steered & set(mounts)):
            conn = connectors.get(mounts[mount])
            if isinstance(conn, dict) and "steering" not in conn:
                out.append(
                    Item(
                        part_id,
                        f"connectors.{mounts[mount]}",
                        None,
                        f"a {name} steers its {mount}, and this connector states no "
                        "kingpin; add steering: {axis: [0, 0, 1], max_angle_rad: ...} "
                        "with the part's own axis and lock",
                    )
                )
    return out

"""The library tasks' actions: a manifest, one part, one walker, each into its record; and
the uptodate checks of the files a load looked at without reading them.
"""
from __future__ import annotations

import os
from typing import Any

from ..diagnostics import Span
from ..phases import PHASES
from ..records import from_json
from . import layout
from .hashing import listing_digest, policy_digest
from .records import read_json, record_type, show, write_record


def manifest_action(root: str, out: str) -> None:
    manifest, diags = PHASES["manifest"].run(root)
    write_record(out, {"manifest": manifest, "diagnostics": list(diags)})
    show(diags)

def load_action(root: str, library: str, part_id: str, out: str,
                listed_at: dict | None = None) -> dict:
    """Load one part: ``{"part": Part | None, "diagnostics": [...]}``. Returns, as task
    values, the listing of the part directory the loader checked the named files in."""
    part_dir = os.path.join(root, "parts", part_id)
    listing = listing_digest(part_dir)       # before loading: a later change re-runs
    policy = policy_digest(part_dir, os.path.join(part_dir, "component.yaml"))
    part, diags = PHASES["load"].run(root, library, part_id, Span.from_json(listed_at))
    write_record(out, {"part": part, "diagnostics": list(diags)})
    show(diags)
    return {"listing": listing, "policy": policy}

def policy_unchanged(task, values, folder: str, declaration: str) -> bool:
    """uptodate: the policy files the load read hold what they held (the loader reads a
    controller's ONNX file against its declaration)."""
    saved = values.get("policy")
    return saved is not None and saved == policy_digest(folder, declaration)

def listing_unchanged(task, values, part_dir: str) -> bool:
    """uptodate: the names in the part directory are those the last load saw (the loader
    checks that the files a declaration names exist, and never opens them)."""
    saved = values.get("listing")
    return saved is not None and saved == listing_digest(part_dir)

def walker_action(root: str, library: str, walker_id: str, out: str,
                  registered_at: dict | None, dependencies: list[str]) -> dict:
    """Load one walker against the records of the parts it names (the task's calc_dep).
    Returns the listing of the walker's directory, as ``load_action`` does."""
    folder = os.path.join(root, "walkers", walker_id)
    listing = listing_digest(folder)
    policy = policy_digest(folder, os.path.join(folder, "walker.yaml"))
    Part = record_type("load")
    parts: dict[str, Any] = {}
    for path in sorted(dependencies):
        key = layout.split_part_record(path)
        if key is None or key[0] != library:
            continue
        data = read_json(path).get("part")
        if data is not None:
            parts[key[1]] = from_json(Part, data)
    walker, diags = PHASES["walker"].run(root, library, walker_id, parts,
                                         Span.from_json(registered_at))
    write_record(out, {"walker": walker, "diagnostics": diags})
    show(diags)
    return {"listing": listing, "policy": policy}

"""The uptodate checks of the library tasks (a part's load, a walker's): the files a load
looked at without reading them (their actions are ``phase.phase_action``'s, whose hooks save
what these compare with).
"""

from __future__ import annotations

from .hashing import listing_digest, policy_digest


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

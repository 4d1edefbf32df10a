"""Which parts a walker names (its body and its limbs' parts), read from its walker.yaml
without checking it: what a program's loading asks of every walker a library registers, so
it stays apart from the walker's checks (``walkers.py``), which only a walking robot needs.
"""

from __future__ import annotations

import os
from pathlib import Path

from ..diagnostics import Diagnostic
from ..yamlio import read_yaml
from .reading import read_declaration

WALKER_FILE = "walker.yaml"


def walker_file(root: str | os.PathLike, walker_id: str) -> Path:
    return Path(root) / "walkers" / walker_id / WALKER_FILE


def named_parts(root: str | os.PathLike, walker_id: str) -> tuple[str, list[str]] | None:
    """(body, every part id it names: the body and its limbs' parts) of a walker.yaml, read
    without checking it against any part; None when the file does not read as such (then
    its load reports why, and no robot walks by it)."""
    file = walker_file(root, walker_id)
    try:
        data = read_declaration(root, str(file))
    except OSError:
        return None
    if isinstance(data, Diagnostic):
        return None
    return named_in(data, str(file))


def named_in(data: bytes | str, file: str) -> tuple[str, list[str]] | None:
    """``named_parts`` of a walker.yaml's bytes."""
    node, _ = read_yaml(data, file)
    assembly = node.get("assembly") if node is not None and node.is_map else None
    body = assembly.get("body") if assembly is not None and assembly.is_map else None
    limbs = assembly.get("limbs") if assembly is not None and assembly.is_map else None
    if body is None or not body.is_str or limbs is None or not limbs.is_map:
        return None
    limb_parts = [limb.get("part") for _, limb in limbs.items()]
    named = [body.value] + [part.value for part in limb_parts if part is not None and part.is_str]
    return body.value, sorted(set(named))

"""Where a part's files go: the mesh and what it keeps beside it, moved under assets/.

The converter opens no mesh. A file the declaration names (the model, a link's visual, a
controller's policy) that lies in a folder of its own inside the part folder has that
folder copied whole, so a glTF's buffers and textures, or an OBJ's materials, go with it at
the same relative paths: the model's folder becomes assets/, and any other folder a named
file lies in becomes assets/<folder>. A named file beside part.yaml is copied alone into
assets/.
"""
from __future__ import annotations

import os

from .source import ConversionError
from ..recordtype import record


@record
class Copy:
    source: str    # relative to the part folder: a folder, or one file beside part.yaml
    target: str    # relative to the new part directory
    is_dir: bool


@record
class AssetPlan:
    moved: dict[str, str]        # a named path as written -> its path in the new layout
    copies: tuple[Copy, ...]


def plan_assets(part_dir: str, where: str, named: list[tuple[str, str]]) -> AssetPlan:
    """``named``: (field path, file path as written), the model first. ``where`` names the
    part folder in messages."""
    moved: dict[str, str] = {}
    copies: dict[str, Copy] = {}
    first = named[0][1] if named else ""
    model_folder = first.partition("/")[0] if "/" in first else None
    for field, rel in named:
        _check_readable(part_dir, where, field, rel)
        head, _, rest = rel.partition("/")
        if not rest:                                 # beside part.yaml: copied alone
            target = f"assets/{head}"
            copy = Copy(head, target, False)
        else:
            base = "assets" if head == model_folder else f"assets/{head}"
            target = f"{base}/{rest}"
            copy = Copy(head, base, True)
        moved[rel] = target
        copies.setdefault(copy.source, copy)
    _check_disjoint(part_dir, where, copies)
    return AssetPlan(moved, tuple(sorted(copies.values(), key=lambda c: c.source)))


def _check_readable(part_dir: str, where: str, field: str, rel: str) -> None:
    parts = rel.split("/")
    if (not rel or rel.startswith("/") or "\\" in rel or any(p in ("", ".", "..") for p in parts)
            or (len(rel) > 1 and rel[1] == ":")):
        raise ConversionError(f"{where}: {field} is '{rel}', which is no plain path inside the "
                              "part folder: write it relative to the part folder, with /")
    full = os.path.join(part_dir, *parts)
    real_dir = os.path.realpath(part_dir)
    real = os.path.realpath(full)
    if os.path.commonpath([real_dir, real]) != real_dir:
        raise ConversionError(f"{where}: {field} '{rel}' links out of the part folder: copy "
                              "the file into it")
    if not os.path.isfile(full) or not os.access(full, os.R_OK):
        why = "does not exist" if not os.path.lexists(full) else "is not a readable file"
        raise ConversionError(f"{where}: {field} '{rel}' {why}: the converter copies the file "
                              "it names, so it must be there")


def _check_disjoint(part_dir: str, where: str, copies: dict[str, Copy]) -> None:
    """Two copies may not land on one path (a model folder holding a folder named like
    another folder the declaration names a file in)."""
    taken: dict[str, str] = {}
    for copy in copies.values():
        if copy.is_dir:
            for dirpath, dirnames, filenames in os.walk(os.path.join(part_dir, copy.source)):
                sub = os.path.relpath(dirpath, os.path.join(part_dir, copy.source))
                for name in filenames + dirnames:
                    rel = os.path.normpath(os.path.join(copy.target, sub, name)).replace(os.sep, "/")
                    _take(taken, rel, copy.source, where)
        else:
            _take(taken, copy.target, copy.source, where)


def _take(taken: dict[str, str], rel: str, source: str, where: str) -> None:
    if rel in taken and taken[rel] != source:
        raise ConversionError(f"{where}: {taken[rel]} and {source} would both be copied to "
                              f"{rel}: move the files the declaration names into one folder")
    taken[rel] = source

"""What a compile writes besides its records, planned once for both drivers: the analysis
report, a target's files, and the asset folders it names. The command line writes the plan
as one transaction below its output folder (``pipeline``); the build graph keeps it in its
records and blobs and copies it into its cells (``graph.phase``, ``graph.cells``). Every
name is checked here, once: a target never writes outside its folder.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from pathlib import PurePosixPath
from typing import Any

from .outputs import safe_relative


def planned_path(rel: str) -> PurePosixPath:
    """``rel`` as a path below an output folder, or ValueError naming the path."""
    try:
        return safe_relative(rel)
    except ValueError as exc:
        raise ValueError(f"a target asked to write outside its folder: {rel!r} ({exc})") from None


def report_files(analysis: Any) -> dict[str, bytes]:
    """name -> bytes of the analysis report beside the targets (``analysis.json``,
    ``topview.svg``)."""
    from .phases import run_report

    files = run_report(analysis)
    for name in files:
        planned_path(name)
    return files


def emission_files(emission: Any) -> dict[str, bytes]:
    """rel -> bytes of every file a target's emission writes, in the order of their names."""
    out = {}
    for rel in sorted(emission.files):
        planned_path(rel)
        data = emission.files[rel]
        out[rel] = data.encode("utf-8") if isinstance(data, str) else bytes(data)
    return out


def emission_assets(emission: Any) -> list[tuple[str, str]]:
    """(source folder, where below the target's folder: "" or "." for the folder itself) of
    every asset folder the emission copies whole, in order."""
    out = []
    for source, dest in sorted(getattr(emission, "assets", ()) or ()):
        if dest not in ("", "."):
            planned_path(dest)
        out.append((os.fspath(source), dest))
    return out


def walk_files(root: str | os.PathLike) -> list[str]:
    """Every file below ``root`` (following no symlinked directory), as sorted paths
    relative to root written with ``/``. A missing root gives []."""
    root = os.fspath(root)
    out: list[str] = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames.sort()
        rel_dir = os.path.relpath(dirpath, root)
        for name in filenames:
            rel = name if rel_dir == "." else os.path.join(rel_dir, name)
            out.append(rel.replace(os.sep, "/"))
    out.sort()
    return out


def asset_files(
    assets: Iterable[tuple[str, str]] | Iterable[list[str]],
    listing: Callable[[str], Iterable[str]] = walk_files,
) -> list[tuple[str, str]]:
    """(where below the target's folder, the file copied there) of every file of the asset
    folders ``assets`` ((source folder, destination) as ``emission_assets`` gives them),
    folder by folder in their order and each folder's files by name; a later copy to the
    same place replaces an earlier one. ``listing``: a folder's files, relative to it with
    ``/`` (``walk_files``; the build graph hands the files it hashed)."""
    return [
        (rel if dest in ("", ".") else f"{dest.strip('/')}/{rel}", os.path.join(source, rel))
        for source, dest in assets
        for rel in listing(source)
    ]

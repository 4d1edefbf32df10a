"""Writing a program's view page, ``build/<program>/report/view.html``, from its records;
and what the ``view:<program>`` task checks to skip it.

Beside the page, ``view.inputs.json`` keeps the hash of every file the page was made from
that is not a file_dep of the task (the run's report and trace, which exist only after a run;
the mesh files the parts name): the task is up to date while they hash the same.
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path

from ..graph import layout
from ..graph.hashing import hash_file
from ..records import write_atomic

PAGE = "view.html"
INPUTS = "view.inputs.json"


def page_path(program: str) -> str:
    return f"{layout.report_dir(program)}/{PAGE}"


def _hashes(root: Path, files: list[str]) -> dict[str, str | None]:
    out: dict[str, str | None] = {}
    for rel in files:
        try:
            out[rel] = hash_file(root / rel) if (root / rel).is_file() else None
        except OSError:
            out[rel] = None
    return out


def write_view(root: str | Path, program: str, serve: bool = False) -> tuple[Path, dict]:
    """Write the page; returns its path and the scene it shows."""
    from .page import render_page
    from .scene import build_scene

    root = Path(root)
    scene, files = build_scene(root, program)
    out = root / page_path(program)
    out.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(out, render_page(scene, serve=serve))
    if not serve:
        write_atomic(
            out.parent / INPUTS, json.dumps(_hashes(root, files), sort_keys=True, indent=0) + "\n"
        )
    return out, scene


def view_action(root: str, program: str) -> bool:
    path, scene = write_view(root, program)
    print(
        f"wrote {page_path(program)} ({path.stat().st_size} bytes, {len(scene['links'])} "
        f"links, {len(scene['world'])} world objects)"
    )
    return True


def inputs_unchanged(task, values, root: str, program: str) -> bool:
    """The page is there and every file it was made from beyond the task's file_dep still
    hashes as it did (a run since, or a mesh edited, makes it out of date)."""
    base = Path(root)
    report = base / layout.report_dir(program)
    if not (report / PAGE).is_file():
        return False
    try:
        saved = json.loads((report / INPUTS).read_text())
    except (OSError, ValueError):
        return False
    extra = [f"{layout.report_dir(program)}/run.json", f"{layout.report_dir(program)}/trace.json"]
    wanted = {rel: h for rel, h in saved.items()} if isinstance(saved, dict) else {}
    for rel in extra:
        wanted.setdefault(rel, None)
    return _hashes(base, sorted(wanted)) == wanted


def remove_view(root: str, program: str) -> None:
    report = Path(root) / layout.report_dir(program)
    for name in (PAGE, INPUTS):
        try:
            (report / name).unlink()
        except FileNotFoundError:
            pass


# doit reads each uptodate callable's signature on every build: kept on it, read at once
# (inspect.signature takes a function's __signature__ first; no stub declares it there)
inputs_unchanged.__signature__ = inspect.signature(inputs_unchanged)  # type: ignore[attr-defined]

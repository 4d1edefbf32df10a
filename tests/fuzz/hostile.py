"""Helpers of the hostile-input tests: a tiny library, a time limit, a look at what was kept."""
from __future__ import annotations

import json
import threading
from pathlib import Path

from mobiledsl import records
from tests.cli.cli_helpers import make_library

PART = "tiny_wheel"


def library(root: Path) -> Path:
    return make_library(root / "tiny")


def component(lib: Path, part_id: str = PART) -> Path:
    return lib / "parts" / part_id / "component.yaml"


def within(seconds: float, fn, *args, **kw):
    """``fn(*args, **kw)``, failing the test when it has not returned after ``seconds`` (a
    hang: the daemon thread is left behind, the test goes on)."""
    box: dict = {}

    def run():
        try:
            box["value"] = fn(*args, **kw)
        except BaseException as exc:         # re-raised in the test's thread
            box["error"] = exc

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(seconds)
    assert not thread.is_alive(), f"{getattr(fn, '__name__', fn)} still runs after {seconds} s"
    if "error" in box:
        raise box["error"]
    return box["value"]


def everything_said(library_obj, diagnostics) -> str:
    """All the text a load keeps or shows: its diagnostics and its records, as JSON."""
    return json.dumps(records.to_json([library_obj, list(diagnostics)]), ensure_ascii=False)

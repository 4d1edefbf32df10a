"""Where a library.yaml states its name reaches the graph's resolve as a record's spans do:
the file, and a place in the manifest record's positions table, so a comment above the name
moves the line a clash points at and changes nothing resolve reads."""
from __future__ import annotations

import contextlib

from mobiledsl.diagnostics import Span
from mobiledsl.graph.libraries import build_libraries
from mobiledsl.graph.positions import Positions
from mobiledsl.graph.tasks import Graph

from .fixture import LIBRARY, doit, make_project

MANIFEST = f"libraries/{LIBRARY}/library.yaml"


def stated(root):
    """The resolve task's libraries, and its library rebuilt from them, with the name's
    place put back as the renderer gets it."""
    pairs = Graph(root)._library_pairs()
    (library,) = build_libraries(pairs, [])
    with contextlib.chdir(root):
        return pairs, library.name_span, Positions().span(library.name_span)


def test_the_name_span_travels_as_a_records_span(tmp_path):
    root = make_project(tmp_path / "proj")
    doit(root, "manifest")
    pairs, recorded, placed = stated(root)
    assert recorded.at is not None and recorded.line is None
    assert placed == Span(MANIFEST, 1, 1, 1, len(f"name: {LIBRARY}"))
    manifest = root / MANIFEST
    manifest.write_text("# our parts\n" + manifest.read_text())
    doit(root, "manifest")
    moved_pairs, moved, placed = stated(root)
    assert moved_pairs == pairs and moved == recorded      # resolve's inputs the same
    assert placed == Span(MANIFEST, 2, 1, 2, len(f"name: {LIBRARY}"))

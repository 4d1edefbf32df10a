"""The whole demo library, written as a v3 checkout (``v3.write_v3``), converts back to the
same records, and the same checkout converts to the same bytes."""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from mobiledsl.convert import convert_library
from mobiledsl.library.loader import load_library

from .v3 import CANNOT_CARRY, write_v3

DEMO = Path(__file__).resolve().parents[2] / "libraries" / "demo_parts"


def _comparable(part):
    """The part without where it was read from (an entity of an environment keeps its own
    place in the file, where one does)."""
    entities = tuple(replace(e, span=None) if hasattr(e, "span") else e for e in part.entities)
    return replace(part, library="", file="", dir="", spans={}, entities=entities)


@pytest.fixture(scope="module")
def converted(tmp_path_factory):
    root = tmp_path_factory.mktemp("roundtrip")
    ids = write_v3(DEMO, root / "v3")
    result = convert_library(str(root / "v3"), str(root / "demo_parts"))
    return root, ids, result


def test_round_trip_gives_the_demo_library_records(converted):
    root, ids, result = converted
    demo, _ = load_library(DEMO)
    back, diagnostics = load_library(root / "demo_parts")
    assert not diagnostics, diagnostics
    assert back.name == demo.name
    assert sorted(back.parts) == sorted(demo.parts) == sorted(ids)
    for pid, part in demo.parts.items():
        want = _comparable(part)
        if pid in CANNOT_CARRY:
            assert "Attachment" in back.parts[pid].profiles
            want = replace(want, profiles={"Attachment": part.profiles["Battery"]})
        assert _comparable(back.parts[pid]) == want, pid
    assert result.report.loaded == len(ids) and not result.report.left_out


def test_every_mesh_and_what_it_keeps_beside_it_is_copied(converted):
    root, ids, _ = converted
    for pid in ids:
        src = DEMO / "parts" / pid / "assets"
        if not src.is_dir():
            continue
        for f in src.rglob("*"):
            if f.is_file():
                copy = root / "demo_parts" / "parts" / pid / "assets" / f.relative_to(src)
                assert copy.read_bytes() == f.read_bytes(), copy


def test_the_report_names_every_dropped_value(converted):
    root, ids, _ = converted
    report = json.loads((root / "demo_parts" / "conversion-report.json").read_text())
    dropped = {(d["part"], d["path"]) for d in report["dropped"]}
    with_images = [p["id"] for p in report["parts"] if p["from"].split("/")[0] != "environment"]
    assert dropped == {(p, k) for p in with_images for k in ("images", "catalog")}
    assert report["not_carried"] == [] and report["diagnostics"] == []
    assert report["loaded"] == len(ids)


def _tree(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def test_same_source_same_bytes(converted, tmp_path):
    root, _, _ = converted
    again = tmp_path / "elsewhere" / "demo_parts"
    convert_library(str(root / "v3"), str(again))
    first, second = _tree(root / "demo_parts"), _tree(again)
    assert first.keys() == second.keys()
    assert first == second

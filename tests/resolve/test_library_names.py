"""Two libraries of one name: resolve points at where each library.yaml states it, as the
manifest recorded it, and reads no file to find it (a phase reads records alone)."""
from __future__ import annotations

import builtins
import dataclasses
from pathlib import Path

import pytest

from mobiledsl import inputs
from mobiledsl.diagnostics import Span
from mobiledsl.library.loader import load_library
from mobiledsl.library.manifest import load_manifest
from tests.assembly.fixtures import DIFF_BOT, demo_library, resolve


def write_library(root, name_line: str):
    root.mkdir()
    (root / "library.yaml").write_text(f"# one of two\n\n{name_line}\nparts: []\n")
    return root


def test_the_manifest_records_where_the_name_is_stated(tmp_path):
    root = write_library(tmp_path / "mine", "name:   mine   # a comment")
    manifest, diags = load_manifest(root)
    assert diags == []
    assert manifest.name_span == Span(str(root / "library.yaml"), 3, 1, 3, 12)
    library, _ = load_library(root)
    assert library.name_span == manifest.name_span


def test_a_quoted_name_is_stated_with_its_quotes(tmp_path):
    root = write_library(tmp_path / "mine", "name: 'mine'")
    manifest, _ = load_manifest(root)
    assert manifest.name_span == Span(str(root / "library.yaml"), 3, 1, 3, 12)


def clash(monkeypatch):
    """Resolve against demo_parts twice, the second stating its name on line 7; every way
    of reading a file refused while it runs."""
    first = dataclasses.replace(demo_library(), name_span=Span("a/library.yaml", 1, 1, 1, 16))
    second = dataclasses.replace(demo_library(), root="b",
                                 name_span=Span("b/library.yaml", 7, 1, 7, 16))

    def refused(*args, **kwargs):
        raise AssertionError(f"resolve read a file: {args}")
    monkeypatch.setattr(builtins, "open", refused)
    monkeypatch.setattr(inputs, "read_regular", refused)
    _, ds = resolve(DIFF_BOT, libraries=[first, second])
    monkeypatch.undo()
    return [d for d in ds if d.code == "resolve.ambiguous_part"
            and d.message.startswith("two libraries are named")]


def test_a_clash_points_at_each_name_without_reading_a_file(monkeypatch):
    found = clash(monkeypatch)
    assert len(found) == 1
    d = found[0]
    assert d.span == Span("b/library.yaml", 7, 1, 7, 16)
    assert [label.span for label in d.labels] == [Span("a/library.yaml", 1, 1, 1, 16)]


def test_a_library_that_does_not_say_is_pointed_at_as_a_file(monkeypatch):
    libs = [demo_library(), dataclasses.replace(demo_library(), root="b")]
    _, ds = resolve(DIFF_BOT, libraries=libs)
    d = next(d for d in ds if d.message.startswith("two libraries are named"))
    assert d.span == Span("b/library.yaml")


RESOLVE = Path(__file__).resolve().parents[2] / "mobiledsl" / "resolve"


@pytest.mark.parametrize("module", sorted(p.name for p in RESOLVE.glob("*.py")))
def test_resolve_has_no_way_to_read_a_file(module):
    source = (RESOLVE / module).read_text(encoding="utf-8")
    for word in ("open(", "read_regular", "os.path.exists", "read_text", "read_bytes"):
        assert word not in source, (module, word)

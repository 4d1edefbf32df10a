"""The build package's pieces on their own: the matrix, the xxhash checker, the ref scan."""
from __future__ import annotations

import json

import os
import time

import pytest

from mobiledsl.graph import layout
from mobiledsl.graph.hashing import XxhashChecker, hash_file, listing_digest
from mobiledsl.graph.matrix import MatrixError, read_matrix


def write_pyproject(root, body):
    (root / "pyproject.toml").write_text("[tool.mobiledsl]\n" + body)


def test_matrix_reads_programs_targets_and_exclusions(tmp_path):
    for name, files in {"a": ("core", "world"), "b": ("core", "task"), "c": ()}.items():
        (tmp_path / "programs" / name).mkdir(parents=True)
        for kind in files:
            (tmp_path / "programs" / name / f"{name}.{kind}").write_text("")
    write_pyproject(tmp_path, 'libraries = ["libs/x/"]\nprograms = "programs/*"\n'
                              'targets = ["mjcf", "ros-gz-nav2"]\n'
                              'exclude = ["b/ros-*", {program = "a", target = "mjcf"}]\n')
    m = read_matrix(tmp_path)
    assert m.libraries == ("libs/x",)
    assert [p.name for p in m.programs] == ["a", "b"]          # c has no c.core
    assert m.programs[0].files == {"core": "programs/a/a.core", "world": "programs/a/a.world"}
    assert m.programs[1].task == "programs/b/b.task" and m.programs[1].world is None
    assert m.targets_of("a") == ("ros-gz-nav2",)
    assert m.targets_of("b") == ("mjcf",)
    assert any("programs/c" in w for w in m.warnings)


def test_a_program_named_as_the_commands_folder_is_skipped(tmp_path):
    # build/cli/ is where compile and run write without -o: no cell of doit's goes there
    for name in ("cli", "rover"):
        (tmp_path / "programs" / name).mkdir(parents=True)
        (tmp_path / "programs" / name / f"{name}.core").write_text("")
    write_pyproject(tmp_path, 'programs = "programs/*"\ntargets = ["mjcf"]\n')
    m = read_matrix(tmp_path)
    assert [p.name for p in m.programs] == ["rover"]
    assert any("build/cli/" in w and "skipped" in w for w in m.warnings)


def test_matrix_whole_program_exclusion_and_core_globs(tmp_path):
    (tmp_path / "p").mkdir()
    (tmp_path / "p" / "one.core").write_text("")
    (tmp_path / "p" / "two.core").write_text("")
    write_pyproject(tmp_path, 'programs = ["p/*.core"]\ntargets = ["mjcf"]\nexclude = ["two"]\n')
    m = read_matrix(tmp_path)
    assert [p.name for p in m.programs] == ["one", "two"]
    assert not m.program_excluded("one") and m.program_excluded("two")


@pytest.mark.parametrize("body", ['targets = "x/y"\n', 'exclude = [1]\n', 'colour = 1\n',
                                  'libraries = ["/abs"]\n'])
def test_matrix_refuses_what_it_cannot_use(tmp_path, body):
    write_pyproject(tmp_path, body)
    with pytest.raises(MatrixError):
        read_matrix(tmp_path)


def test_no_pyproject_is_an_empty_matrix(tmp_path):
    m = read_matrix(tmp_path)
    assert m.libraries == () and m.programs == () and m.targets == ()


def test_checker_sees_a_same_size_edit_within_one_mtime_tick(tmp_path):
    f = tmp_path / "f.txt"
    f.write_text("aaaa")
    checker = XxhashChecker()
    state = checker.get_state(str(f), None)
    assert state[0] is None            # just written: the stat pair is not trusted
    st = os.stat(f)
    f.write_text("bbbb")
    os.utime(f, ns=(st.st_atime_ns, st.st_mtime_ns))    # same mtime, same size
    assert checker.check_modified(str(f), os.stat(f), state)
    assert not checker.check_modified(str(f), os.stat(f), checker.get_state(str(f), None))


def test_checker_trusts_the_stat_of_an_old_file_and_hashes_otherwise(tmp_path):
    f = tmp_path / "f.txt"
    f.write_text("content")
    old = time.time() - 60
    os.utime(f, (old, old))
    checker = XxhashChecker()
    state = checker.get_state(str(f), None)
    assert state[0] == os.stat(f).st_mtime_ns and state[2] == hash_file(f)
    assert checker.get_state(str(f), state) is None          # unchanged: nothing to save
    os.utime(f, None)                                        # touched, same bytes
    assert not checker.check_modified(str(f), os.stat(f), state)


def test_listing_digest_sees_names_not_contents(tmp_path):
    (tmp_path / "assets").mkdir()
    (tmp_path / "assets" / "m.dae").write_text("a")
    d = listing_digest(tmp_path)
    (tmp_path / "assets" / "m.dae").write_text("b")
    assert listing_digest(tmp_path) == d
    (tmp_path / "assets" / "m.bin").write_text("")
    assert listing_digest(tmp_path) != d
    assert listing_digest(tmp_path / "nothing") != d


# -- shards, the artifact store, the database check ---------------------------------------------
def test_a_shard_is_a_deterministic_share_of_the_programs():
    from mobiledsl.graph.matrix import Program, parse_shard, shard_of
    programs = [Program(n, f"p/{n}", f"p/{n}/{n}.core") for n in "edcba"]
    assert parse_shard("2/3") == (2, 3) and parse_shard("") is None and parse_shard(None) is None
    shares = [[p.name for p in shard_of(programs, (i, 3))] for i in (1, 2, 3)]
    assert shares == [["a", "d"], ["b", "e"], ["c"]]           # by name, dealt in turn
    assert shard_of(list(reversed(programs)), (2, 3)) == shard_of(programs, (2, 3))
    for bad in ("0/2", "3/2", "1/0", "x", "1/2/3", "1-2"):
        with pytest.raises(MatrixError):
            parse_shard(bad)


def test_the_artifact_store_restores_what_it_stored_and_refuses_a_damaged_object(tmp_path,
                                                                                  monkeypatch):
    from mobiledsl.graph.cache import ArtifactStore
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.json").write_text("{}")
    store = ArtifactStore(tmp_path / "store")
    key = store.key("analyse", ["x"], ["in.json"])
    assert store.get(key) is None
    store.put(key, {"build/a.json": b"A", "build/b.svg": b"<svg/>"})
    assert store.get(key) == {"build/a.json": b"A", "build/b.svg": b"<svg/>"}
    # the key follows the inputs' content and the parameters
    (tmp_path / "in.json").write_text("{ }")
    assert store.key("analyse", ["x"], ["in.json"]) != key
    assert store.key("analyse", ["y"], ["in.json"]) != store.key("analyse", ["x"], ["in.json"])
    # an object whose bytes no longer match their name is a miss, not a wrong restore
    for obj in (tmp_path / "store" / "objects").rglob("*"):
        if obj.is_file():
            obj.write_bytes(b"garbage")
    assert store.get(key) is None


def test_a_damaged_database_is_moved_aside(tmp_path, capsys):
    import sqlite3

    from mobiledsl.graph.state import check_database
    db = tmp_path / "build" / ".doit.db"
    db.parent.mkdir()
    with sqlite3.connect(db) as conn:
        conn.execute("create table doit (task_id text primary key, task_data json)")
    conn.close()
    assert not check_database(tmp_path)                      # a sound one is left alone
    db.write_bytes(b"\x00garbage" * 100)
    assert check_database(tmp_path)
    assert not db.exists() and (tmp_path / "build" / ".doit.db.damaged").is_file()
    assert ".doit.db.damaged" in capsys.readouterr().err


def test_split_takes_places_and_spellings_out_and_positions_put_them_back(tmp_path,
                                                                         monkeypatch):
    from mobiledsl.diagnostics import Diagnostic, Label, Span, error
    from mobiledsl.graph.positions import (
        Positions, TableSpan, diagnostic_from_json, split, table_path)
    from mobiledsl.records import to_json, write_atomic
    monkeypatch.chdir(tmp_path)
    d = error("x.y", "m", Span("a.core", 3, 5, 3, 9),
              labels=(Label(Span("p.yaml", 7, 1, 7, 4), "here"),))
    number = {"raw": "1.00", "span": Span("a.core", 2, 1, 2, 4).to_json(), "value": 1.0}
    whole = Span("lib.yaml").to_json()                  # no line: nothing to take out
    values, table = split(to_json({"d": [d], "n": number, "w": whole}), "build/r.json")
    assert values["w"] == whole
    assert values["n"]["raw"] == "1.0" and values["n"]["span"]["line"] is None
    back = diagnostic_from_json(values["d"][0])
    assert isinstance(back.span, TableSpan)
    assert back.span.line is None and back.span.at.startswith("build/r.json#")
    with pytest.raises(ValueError):             # a phase's own reader never takes one
        Diagnostic.from_json(values["d"][0])
    assert len(table) == 3
    # the same values written elsewhere in the file give the same record
    moved = error("x.y", "m", Span("a.core", 30, 5, 30, 9),
                  labels=(Label(Span("p.yaml", 70, 1, 70, 4), "here"),))
    number2 = dict(number, raw="1.000", span=Span("a.core", 20, 1, 20, 4).to_json())
    assert split(to_json({"d": [moved], "n": number2, "w": whole}), "build/r.json")[0] \
        == values
    write_atomic(table_path("build/r.json"), json.dumps(table))
    located = Positions().diagnostic(back)
    assert located.span == Span("a.core", 3, 5, 3, 9)
    assert located.labels[0].span == Span("p.yaml", 7, 1, 7, 4)
    # a table that is gone leaves the file alone
    (tmp_path / table_path("build/r.json")).unlink()
    assert Positions().diagnostic(back).span == Span("a.core")


def test_spans_sort_in_written_order_with_or_without_their_lines():
    from mobiledsl.diagnostics import Span
    from mobiledsl.graph.positions import TableSpan
    assert Span("a", 2, 1).order() < Span("a", 10, 1).order()
    assert TableSpan("a", at="build/r.json#2").order() \
        < TableSpan("a", at="build/r.json#10").order()


def test_a_span_holds_no_build_state():
    import dataclasses
    from mobiledsl.diagnostics import Span
    assert [f.name for f in dataclasses.fields(Span)] == [
        "file", "line", "column", "end_line", "end_column"]


def test_every_record_that_reads_itself_takes_the_span_reader():
    """records.from_json hands its span reader to any record with its own from_json: each
    one (a Span aside, which the reader reads) must take it as ``span``."""
    import inspect

    import mobiledsl.graph.positions  # noqa: F401  (its records declared)
    from mobiledsl.diagnostics import Span
    from mobiledsl.recordtype import RECORDS
    readers = [c for c in RECORDS if "from_json" in vars(c) and c is not Span
               and c.__module__.startswith("mobiledsl.")]
    assert readers  # Diagnostic and Fix at least
    for cls in readers:
        assert "span" in inspect.signature(cls.from_json).parameters, cls.__qualname__


# -- a group of files vouched for by one entry of the stat cache --------------------------------
@pytest.fixture
def stat_cache(tmp_path, monkeypatch):
    """A fresh stat cache for this test; files count as old at once (no 2 s wait)."""
    from mobiledsl.graph import hashing
    monkeypatch.setattr(hashing, "_STATS", hashing.StatCache(tmp_path / "stat.json"))
    monkeypatch.setattr(hashing, "RACY_SECONDS", 0.0)
    hashed = []
    real = hashing.hash_file
    monkeypatch.setattr(hashing, "hash_file", lambda p: hashed.append(str(p)) or real(p))
    return hashed


def _files(tmp_path, **contents):
    for name, text in contents.items():
        (tmp_path / name).write_text(text)
    return {str(tmp_path / name): hash_file(tmp_path / name) for name in contents}


def test_a_group_the_cache_vouched_for_is_not_hashed_again(tmp_path, stat_cache):
    from mobiledsl.graph.hashing import files_hold
    expected = _files(tmp_path, a="aaaa", b="bbbb")
    assert files_hold("cell", expected) == dict.fromkeys(expected, True)
    assert len(stat_cache) == 2                   # hashed once, then vouched for
    assert files_hold("cell", expected) == dict.fromkeys(expected, True)
    assert len(stat_cache) == 2


def test_a_same_size_edit_with_its_mtime_put_back_is_seen_in_a_vouched_group(tmp_path,
                                                                            stat_cache):
    from mobiledsl.graph.hashing import files_hold
    expected = _files(tmp_path, a="aaaa", b="bbbb")
    files_hold("cell", expected)
    a = tmp_path / "a"
    st = os.stat(a)
    a.write_text("xxxx")                          # same size ...
    os.utime(a, ns=(st.st_atime_ns, st.st_mtime_ns))  # ... and the mtime it had
    held = files_hold("cell", expected)
    assert held == {str(a): False, str(tmp_path / "b"): True}


def test_a_missing_file_of_a_group_does_not_hold_and_is_not_vouched_for(tmp_path, stat_cache):
    from mobiledsl.graph import hashing
    expected = _files(tmp_path, a="aaaa")
    expected[str(tmp_path / "gone")] = "0" * 32
    assert hashing.files_hold("cell", expected) == {str(tmp_path / "a"): True,
                                                    str(tmp_path / "gone"): False}
    assert "cell" not in hashing._STATS.groups


def test_a_group_of_fresh_files_is_hashed_until_they_are_old(tmp_path, monkeypatch):
    from mobiledsl.graph import hashing
    monkeypatch.setattr(hashing, "_STATS", hashing.StatCache(tmp_path / "stat.json"))
    expected = _files(tmp_path, a="aaaa")         # just written: within RACY_SECONDS
    assert hashing.files_hold("cell", expected) == dict.fromkeys(expected, True)
    assert "cell" not in hashing._STATS.groups

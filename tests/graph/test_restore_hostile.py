"""Cache entries written by a stranger, well formed and with matching digests: whatever
paths they name, a restore writes nothing outside build/, copies nothing from outside the
project's libraries, never ends doit with a traceback, and a withdraw or a clean deletes only
what the build writes. Each case is a miss with one warning, and the build comes out as one
without a cache.

The entries are the ones a first build stored in a cache folder, doctored by hand; a case
removes the task's record so that the task looks its outputs up again."""
from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from mobiledsl.graph import actionresult, remote
from mobiledsl.graph.actionresult import OutputFile
from mobiledsl.graph.cache import ArtifactStore
from mobiledsl.graph.hashing import hash_bytes

from .fixture import FULL_PARTS, PROGRAMS, PYPROJECT, doit, make_project, run_doit
from .hostile import Answer, Hostile, fresh_cache_process
from .test_scale import outputs

WITH_MJCF = PYPROJECT.replace("targets = []", 'targets = ["mjcf"]')
EMISSION = "build/scout/records/emit-mjcf.json"
ANALYSE = "build/scout/records/analyse.json"
BLOBS = "build/scout/records/emit-mjcf.blobs"
CELL = "build/scout/mjcf"


@pytest.fixture(autouse=True)
def fresh_process_state(monkeypatch):
    fresh_cache_process(monkeypatch, "10")


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """A project of one program built once with a cache folder: (project, store, outputs)."""
    base = tmp_path_factory.mktemp("built")
    root = make_project(base / "proj", FULL_PARTS, pyproject=WITH_MJCF,
                        programs={"scout": PROGRAMS["scout"]})
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("MOBILEDSL_CACHE", str(base / "store"))
        status, out, err = run_doit(root)
    assert status == 0, out + err
    return root, base / "store", outputs(root)


class Case:
    """A copy of the built project and of its cache, to doctor."""

    def __init__(self, built, tmp_path: Path):
        root, store, self.want = built
        self.root = Path(shutil.copytree(root, tmp_path / "proj", symlinks=True))
        self.store = Path(shutil.copytree(store, tmp_path / "store"))
        self.outside = tmp_path / "outside"
        self.outside.mkdir()
        self.secret = self.outside / "secret.txt"
        self.secret.write_text("s3cr3t-7f1c\n")

    def entry(self, record: str) -> Path:
        [entry] = [p for p in (self.store / "entries").rglob("*.json")
                   if record in json.loads(p.read_text())["outputs"]]
        return entry

    def doctor(self, record: str, change: Callable[[dict[str, bytes]], None]) -> None:
        """Rewrite the stored entry holding ``record``: ``change`` edits its outputs, and
        the task's record is removed from build/ so that it is looked up again."""
        entry = self.entry(record)
        names = json.loads(entry.read_text())["outputs"]
        store = ArtifactStore(self.store)
        found = {path: store._object(digest).read_bytes() for path, digest in names.items()}
        change(found)
        for path, data in found.items():
            obj = store._object(hash_bytes(data))
            obj.parent.mkdir(parents=True, exist_ok=True)
            obj.write_bytes(data)
        entry.write_text(json.dumps({"format": 1, "outputs": {
            path: hash_bytes(data) for path, data in found.items()}}))
        (self.root / record).unlink()

    def record(self, found: dict[str, bytes], path: str = EMISSION) -> dict:
        return json.loads(found[path])

    def doit(self, monkeypatch, *args: str, cached: bool = True) -> tuple[str, list[str]]:
        """doit (or ``doit clean``) in the copy: (what it and its tasks printed, the cache's
        warning lines). It must end well, and with no traceback."""
        if cached:
            monkeypatch.setenv("MOBILEDSL_CACHE", str(self.store))
        else:
            monkeypatch.delenv("MOBILEDSL_CACHE", raising=False)
        if args:
            status, out, err = run_doit(self.root, *args)
            assert status in (0, None), out + err            # clean returns None
            text = out + err
        else:
            report = doit(self.root)
            text = "\n".join(t["out"] + t["err"] for t in report["tasks"])
        assert "Traceback" not in text, text
        return text, [line for line in text.splitlines()
                      if "warning: " in line and "the artifact cache at" in line]

    def intact(self) -> None:
        """build/ holds what a build without a cache writes, and nothing outside changed."""
        assert outputs(self.root) == self.want
        assert sorted(p.name for p in self.outside.iterdir()) == ["secret.txt"]
        assert self.secret.read_text() == "s3cr3t-7f1c\n"
        for path in (self.root / "build").rglob("*"):
            assert not path.is_file() or b"s3cr3t-7f1c" not in path.read_bytes(), path


@pytest.fixture()
def case(built, tmp_path):
    return Case(built, tmp_path)


def _put(found: dict, rel: str, data: bytes, record: dict) -> None:
    """A file ``rel`` of the cell with its blob, in the emission record."""
    digest = hash_bytes(data)
    found[f"{BLOBS}/{digest}"] = data
    record["files"][rel] = {"hash": digest, "size": len(data)}


def _with(record_change: Callable[[Case, dict, dict], None]):
    """A doctoring that edits the emission record (and may add outputs)."""
    def change(case: Case):
        def edit(found: dict) -> None:
            record = case.record(found)
            record_change(case, found, record)
            found[EMISSION] = json.dumps(record, sort_keys=True).encode()
        return edit
    return change


# -- what a restore writes ---------------------------------------------------------------------
@pytest.mark.parametrize("where", ["absolute", "relative"])
def test_an_asset_folder_outside_the_project_is_not_copied(case, monkeypatch, where):
    source = str(case.outside) if where == "absolute" else \
        os.path.relpath(case.outside, case.root)

    def change(case, found, record):
        record["assets"].append([source, "robot/stolen"])
    case.doctor(EMISSION, _with(change)(case))
    _, warnings = case.doit(monkeypatch)
    assert len(warnings) == 1 and "asset folder outside" in warnings[0]
    assert str(case.store) in warnings[0]
    assert not (case.root / CELL / "robot" / "stolen").exists()
    case.intact()


@pytest.mark.parametrize("target", ["secret", "/proc/self/environ"])
def test_a_blob_name_that_is_a_path_copies_nothing_into_build(case, monkeypatch, target):
    def change(case, found, record):
        path = case.secret if target == "secret" else Path(target)
        up = "../" * (len(Path(case.root, BLOBS).parts) - 1)
        record["files"]["leak.txt"] = {"hash": up + str(path).lstrip("/"), "size": 1}
    case.doctor(EMISSION, _with(change)(case))
    _, warnings = case.doit(monkeypatch)
    assert len(warnings) == 1 and "a file its target does not write" in warnings[0]
    assert not (case.root / CELL / "leak.txt").exists()
    case.intact()


@pytest.mark.parametrize("name, says", [
    ("a\x00b.xml", "a file its target does not write"),             # NUL
    ("x" * 300 + ".xml", "a file its target does not write"),        # past NAME_MAX
    ("/".join(["d"] * 600) + ".xml", "a file its target does not write"),   # past the path cap
    ("scout.xml/inner.xml", "a file its target does not write"),     # scout.xml: file and folder
], ids=["nul", "long-name", "long-path", "file-and-folder"])
def test_a_file_name_the_build_never_writes_is_a_miss(case, monkeypatch, name, says):
    def change(case, found, record):
        _put(found, name, b"<x/>", record)
    case.doctor(EMISSION, _with(change)(case))
    _, warnings = case.doit(monkeypatch)
    assert len(warnings) == 1 and says in warnings[0], warnings
    case.intact()


@pytest.mark.parametrize("path, says", [
    (f"{EMISSION}\x00", "not written plainly"),
    (f"{BLOBS}/{'0' * 32}/more", "this task does not write"),   # and a file
    (f"{BLOBS}/../../../../evil", "not written plainly"),
    ("build/scout/mjcf/scout.xml", "this task does not write"),
    ("build/.doit.db", "hidden folder"),
], ids=["nul", "file-and-folder", "dotdot", "not-this-tasks", "doit-db"])
def test_an_output_path_the_task_never_writes_is_a_miss(case, monkeypatch, path, says):
    def change(found):
        found[path] = b"x"
        found[f"{BLOBS}/{'0' * 32}"] = b"y"
    case.doctor(EMISSION, change)
    _, warnings = case.doit(monkeypatch)
    assert len(warnings) == 1 and says in warnings[0], warnings
    case.intact()


@pytest.mark.parametrize("record, data", [
    (EMISSION, b""), (EMISSION, b"[1]"), (EMISSION, b'{"files": []}'),
    (EMISSION, b'{"files": {}, "assets": "x"}'), (ANALYSE, b"null"),
    (ANALYSE, b'{"analysis": 5, "diagnostics": []}'), (ANALYSE, b'{"diagnostics": [7]}'),
    (ANALYSE, b"[" * 100_000),
], ids=["empty", "list", "files-list", "assets-text", "null", "analysis-number",
        "diagnostic-number", "deep"])
def test_a_record_its_phase_cannot_read_is_a_miss(case, monkeypatch, record, data):
    def change(found):
        found[record] = data
    case.doctor(record, change)
    _, warnings = case.doit(monkeypatch)
    assert len(warnings) == 1 and "record" in warnings[0], warnings
    case.intact()


def test_a_record_naming_a_file_outside_the_project_never_quotes_it(case, monkeypatch):
    diagnostic = {"severity": "warning", "code": "validation.mass.x", "message": "look",
                  "file": str(case.secret), "line": 1, "column": 1, "end_line": 1,
                  "end_column": 6}

    def change(found):
        record = json.loads(found[ANALYSE])
        record["diagnostics"].append(diagnostic)
        found[ANALYSE] = json.dumps(record).encode()
    case.doctor(ANALYSE, change)
    text, warnings = case.doit(monkeypatch)
    assert "s3cr3t" not in text
    assert len(warnings) == 1 and "no project file" in warnings[0]
    case.intact()


@pytest.mark.parametrize("key, value", [("at", "build/../../outside/t.json#0"),
                                        ("at", "/etc/t.json#0"), ("dir", "/etc"),
                                        ("dir", "libraries/fix_parts/parts/../../../outside"),
                                        ("file", ".git/config")])
def test_a_record_naming_a_place_outside_the_project_is_a_miss(case, monkeypatch, key, value):
    def change(found):
        record = json.loads(found[ANALYSE])
        record["diagnostics"].append({"severity": "note", "code": "validation.mass.x",
                                      "message": "m", "file": "programs/scout/scout.core",
                                      key: value})
        found[ANALYSE] = json.dumps(record).encode()
    case.doctor(ANALYSE, change)
    _, warnings = case.doit(monkeypatch)
    assert len(warnings) == 1 and "holds a record" in warnings[0], warnings
    case.intact()


def test_the_genuine_entries_restore(case, monkeypatch):
    """The nearly-hostile case: the same entries undoctored restore, with no warning."""
    (case.root / EMISSION).unlink()
    text, warnings = case.doit(monkeypatch)
    assert warnings == [] and "restored from the artifact cache" in text
    case.intact()


def test_doit_against_a_hostile_server_builds_as_without_a_cache(case, monkeypatch):
    """Every entry the server gives names a file with a NUL in its name, its blob there."""
    blob = b"x"
    files = [OutputFile(f"{EMISSION}\x00", remote.sha256(blob), 1)]
    server = Hostile().start()
    try:
        server.prefixes["/cache/ac/"] = Answer(body=actionresult.encode(files))
        server.routes[f"/cache/cas/{remote.sha256(blob)}"] = Answer(body=blob)
        case.store = f"{server.url}/cache"             # what case.doit sets MOBILEDSL_CACHE to
        (case.root / EMISSION).unlink()
        (case.root / ANALYSE).unlink()
        _, warnings = case.doit(monkeypatch)
    finally:
        server.stop()
    assert len(warnings) == 1 and "not written plainly" in warnings[0], warnings
    case.intact()


# -- what a withdraw or a clean deletes --------------------------------------------------------
def _plant(case: Case, victims: list[str]) -> None:
    """An emission record in build/ listing ``victims`` (as one restored before this check
    would have left it), with a blob missing, so the emission runs again."""
    path = case.root / EMISSION
    record = json.loads(path.read_text())
    for victim in victims:
        record["files"][victim] = {"hash": "f" * 32, "size": 3}
    path.write_text(json.dumps(record, sort_keys=True))


def _victims(case: Case) -> list[str]:
    (case.outside / "victim").write_text("keep")
    return [str(case.outside / "victim"),
            os.path.relpath(case.outside / "victim", case.root / CELL)]


def test_a_restored_record_listing_a_path_outside_build_deletes_nothing(case, monkeypatch):
    victims = _victims(case)

    def change(case, found, record):
        for victim in victims:
            _put(found, victim, b"new", record)
    case.doctor(EMISSION, _with(change)(case))
    _, warnings = case.doit(monkeypatch)
    assert len(warnings) == 1
    case.doit(monkeypatch, "clean")
    case.doit(monkeypatch, cached=False)
    assert (case.outside / "victim").read_text() == "keep"
    (case.outside / "victim").unlink()
    case.intact()


def test_a_record_in_build_listing_a_path_outside_is_never_withdrawn(case, monkeypatch):
    victims = _victims(case)
    _plant(case, victims)
    world = case.root / "programs" / "scout" / "scout.world"       # an edit: a new start
    world.write_text(world.read_text().replace("(0.0, 0.0, 0.0)", "(0.1, 0.0, 0.0)"))
    case.doit(monkeypatch, cached=False)          # the emission runs again and withdraws
    assert (case.outside / "victim").read_text() == "keep"
    _plant(case, victims)
    case.doit(monkeypatch, "clean", cached=False)
    assert (case.outside / "victim").read_text() == "keep"
    assert not (case.root / CELL).exists()        # what the build wrote went


def test_clean_never_deletes_through_a_link_in_build(case, monkeypatch):
    cell = case.root / CELL
    for name in os.listdir(cell):
        if name != "scout.xml":
            shutil.move(cell / name, case.outside / name)
    shutil.move(cell / "scout.xml", case.outside / "scout.xml")
    cell.rmdir()
    cell.symlink_to(case.outside, target_is_directory=True)   # build/scout/mjcf -> outside
    case.doit(monkeypatch, "clean", cached=False)
    assert (case.outside / "scout.xml").is_file()
    assert (case.outside / "scout.controller.json").is_file()


def test_a_blob_that_is_a_link_out_of_build_is_never_copied(case, monkeypatch):
    record = json.loads((case.root / EMISSION).read_text())
    blob = case.root / BLOBS / record["files"]["scout.xml"]["hash"]
    blob.unlink()
    blob.symlink_to(case.secret)
    (case.root / CELL / "scout.xml").unlink()
    text, _ = case.doit(monkeypatch, cached=False)
    assert "is not copied" in text
    assert not (case.root / CELL / "scout.xml").exists()
    assert case.secret.read_text() == "s3cr3t-7f1c\n"


# -- the folder store reads its entries as a stranger's ---------------------------------------
@pytest.mark.parametrize("entry", [b'{"outputs": []}', b'{"outputs": {"build/a": 5}}',
                                   b"[" * 100_000],
                         ids=["outputs-list", "digest-number", "deep"])
def test_a_folder_entry_that_is_not_the_stores_is_a_miss(tmp_path, entry):
    store = ArtifactStore(tmp_path / "store")
    path = store._entry("ab" * 16)
    path.parent.mkdir(parents=True)
    path.write_bytes(entry)
    assert store.get("ab" * 16) is None


def test_a_folder_entry_past_the_caps_is_a_miss(tmp_path, monkeypatch):
    store = ArtifactStore(tmp_path / "store")
    store.put("cd" * 16, {"build/p/a": b"x" * 2000})
    monkeypatch.setenv("MOBILEDSL_CACHE_MAX_BLOB", "1999")
    assert store.get("cd" * 16) is None
    monkeypatch.setenv("MOBILEDSL_CACHE_MAX_BLOB", "2000")
    assert store.get("cd" * 16) == {"build/p/a": b"x" * 2000}


# -- property: no hostile name escapes build/ --------------------------------------------------
NAMES = st.lists(st.one_of(
    st.sampled_from(["..", ".", "", "build", "scout", "mjcf", "records", ".positions",
                     ".doit.db", "outside", "victim", "/", "\\", "\x00", "a" * 300, "~",
                     "\u202e", "\udc80", "C:"]),
    st.text(min_size=1, max_size=8)), min_size=1, max_size=8).map("/".join)


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(NAMES)
def test_a_hostile_name_never_escapes_build(tmp_path, name):
    from mobiledsl.graph import restore
    root = tmp_path.resolve()
    if restore.path_problem(name) is None:
        full = os.path.realpath(os.path.join(root, name))
        assert full.startswith(str(root / "build") + os.sep) and "\x00" not in name
        assert os.path.normpath(name) == name
    files = restore.emitted({"files": {name: {"hash": "0" * 32}}})
    if files is not None:
        full = os.path.normpath(os.path.join(root, CELL, name))
        assert full.startswith(str(root / CELL) + os.sep)
    assets = restore.assets_of({"assets": [[name, "x"], ["libraries/lib/parts/p", name]]},
                               ["libraries/lib"])
    if assets is not None:
        source = os.path.normpath(os.path.join(root, name))
        assert source.startswith(str(root / "libraries" / "lib") + os.sep)
        dest = os.path.normpath(os.path.join(root, CELL, name))
        assert name in ("", ".") or dest.startswith(str(root / CELL) + os.sep)


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(NAMES)
def test_a_withdraw_of_a_hostile_name_deletes_only_below_build(tmp_path, monkeypatch, name):
    from mobiledsl.graph import actions
    (tmp_path / "build" / "scout" / "mjcf").mkdir(parents=True, exist_ok=True)
    victim = tmp_path / "outside" / "victim"
    victim.parent.mkdir(exist_ok=True)
    victim.write_text("keep")
    monkeypatch.chdir(tmp_path)
    for path in (name, os.path.join(CELL, name), str(victim), f"{CELL}/../../../outside/victim"):
        actions.withdraw(path)
    assert victim.read_text() == "keep"

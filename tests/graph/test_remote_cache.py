"""The artifact cache on a real nginx speaking the remote-cache protocol: a store restores
what it stored, every fault is a miss with one warning line and never a wrong byte, and a
second checkout builds the matrix from the server byte for byte."""
from __future__ import annotations

import json
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from mobiledsl.graph import actionresult, remote
from mobiledsl.graph.actionresult import OutputFile
from mobiledsl.protowire import varint
from mobiledsl.graph.cache import produce
from mobiledsl.graph.remote import HttpStore, describe_url

from .fixture import env_with_repo
from .hostile import fresh_cache_process
from .nginx import TOKEN, Nginx
from .test_scale import COMPUTED, new_project, outputs

NO_NGINX = "nginx is not installed (.ci/run installs Debian's nginx package)"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    if not Nginx.available():
        pytest.skip(NO_NGINX)
    n = Nginx(tmp_path_factory.mktemp("nginx")).start()
    yield n
    n.stop()


@pytest.fixture(autouse=True)
def fresh_process_state(monkeypatch, tmp_path):
    """Each test as a new process would be: nothing warned, no server given up on."""
    fresh_cache_process(monkeypatch, "60")                  # slow is not a fault here
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.json").write_text("{}")


OUTS = {"build/p/records/a.json": b'{"a": 1}\n', "build/p/report/t.svg": b"<svg/>",
        "build/p/records/empty": b""}


def _warnings(err: str) -> list[str]:
    return [line for line in err.splitlines() if "warning" in line]


# -- the entry's format ----------------------------------------------------------------------
def test_action_result_round_trip_and_unknown_fields():
    files = [OutputFile("build/a.json", "ab" * 32, 0), OutputFile("b/ü.svg", "cd" * 32, 300)]
    data = actionresult.encode(files)
    assert actionresult.decode(data) == files
    # fields another client adds (exit_code = 4, a fixed64) are skipped
    extra = varint(4 << 3) + varint(7) + bytes([6 << 3 | 1]) + bytes(8)
    assert actionresult.decode(extra + data + extra) == files
    assert actionresult.decode(b"") == []


@pytest.mark.parametrize("data", [b"\x12\x05ab", b"\x12", b"\xff", b"\x12\x02\x0a\x00",
                                  b"\x0f"])
def test_action_result_that_cannot_be_read(data):
    with pytest.raises(actionresult.Malformed):
        actionresult.decode(data)


def test_messages_never_show_credentials():
    assert describe_url("https://me:pw@cache.example:8443/ci/?x=1#f") == \
        "https://cache.example:8443/ci"
    assert describe_url("http://cache.example/") == "http://cache.example"


# -- a store on the server -------------------------------------------------------------------
def test_the_store_restores_what_it_stored(server):
    store = HttpStore(f"{server.url}/cache/roundtrip/")
    key = store.key("analyse", ["x"], ["in.json"])
    assert len(key) == 64 and store.get(key) is None           # a plain miss
    store.put(key, OUTS)
    assert store.get(key) == OUTS
    # on the server: the entry under ac/, each blob under cas/ by its sha256
    root = server.store / "roundtrip"
    files = actionresult.decode((root / "ac" / key).read_bytes())
    assert {f.path for f in files} == set(OUTS)
    for f in files:
        assert (root / "cas" / f.sha256).read_bytes() == OUTS[f.path]


def test_a_blob_the_server_has_is_not_sent_again(server):
    store = HttpStore(f"{server.url}/cache/dedupe")
    log = server.root / "access.log"
    store.put("1" * 64, {"build/x/a": b"same bytes"})
    before = log.read_text().count("PUT /cache/dedupe/cas/")
    store.put("2" * 64, {"build/y/a": b"same bytes"})
    assert log.read_text().count("PUT /cache/dedupe/cas/") == before == 1
    assert store.get("2" * 64) == {"build/y/a": b"same bytes"}


@pytest.mark.parametrize("damage", ["corrupt", "truncate", "delete"])
def test_a_damaged_blob_is_a_miss_with_one_warning(server, capsys, damage):
    store = HttpStore(f"{server.url}/cache/damage-{damage}")
    store.put("3" * 64, OUTS)
    blob = server.store / f"damage-{damage}" / "cas" / remote.sha256(OUTS["build/p/report/t.svg"])
    if damage == "corrupt":
        blob.write_bytes(b"<svG/>")
    elif damage == "truncate":
        blob.write_bytes(b"<sv")
    else:
        blob.unlink()
    assert store.get("3" * 64) is None
    assert store.get("3" * 64) is None
    [line] = _warnings(capsys.readouterr().err)
    assert "treated as a miss" in line and f"{server.url}/cache/damage-{damage}" in line
    store.put("3" * 64, OUTS)                 # the task rebuilt it: the blob is sent again
    assert store.get("3" * 64) == OUTS


def test_an_entry_that_is_no_action_result_is_a_miss(server, capsys):
    store = HttpStore(f"{server.url}/cache/garbage")
    (server.store / "garbage" / "ac").mkdir(parents=True)
    (server.store / "garbage" / "ac" / ("4" * 64)).write_bytes(b"\xff\xff")
    assert store.get("4" * 64) is None
    assert "no ActionResult" in capsys.readouterr().err


def test_a_server_error_is_a_miss_and_a_store_that_fails_is_a_warning(server, capsys):
    store = HttpStore(f"{server.url}/broken")
    assert store.get("5" * 64) is None
    store.put("5" * 64, OUTS)                    # no exception
    lines = _warnings(capsys.readouterr().err)
    assert len(lines) == 2 and "answered 500" in lines[0] and "answered 500" in lines[1]


def test_a_refused_connection_warns_once_and_is_not_asked_again(capsys):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]                  # closed: nothing listens there
    store = HttpStore(f"http://127.0.0.1:{port}/cache")
    assert store.get("6" * 64) is None
    store.put("6" * 64, OUTS)
    assert store.get("6" * 64) is None
    [line] = _warnings(capsys.readouterr().err)
    assert "refused" in line and "building without it" in line


def test_a_server_that_does_not_answer_times_out(monkeypatch, capsys):
    monkeypatch.setenv("MOBILEDSL_CACHE_TIMEOUT", "0.3")
    with socket.socket() as listener:              # accepts connections, never answers
        listener.bind(("127.0.0.1", 0))
        listener.listen(8)
        store = HttpStore(f"http://127.0.0.1:{listener.getsockname()[1]}/cache")
        assert store.get("7" * 64) is None
    [line] = _warnings(capsys.readouterr().err)
    assert "no answer within 0.3 s" in line


def test_credentials_are_sent_and_never_shown(server, monkeypatch, capsys):
    monkeypatch.setenv("MOBILEDSL_CACHE_TOKEN", TOKEN)
    store = HttpStore(f"{server.url}/auth/ok")
    key = store.key("analyse", ["x"], ["in.json"])
    store.put(key, OUTS)
    assert store.get(key) == OUTS
    # the key does not depend on the server or its credentials
    monkeypatch.setenv("MOBILEDSL_CACHE_TOKEN", "wrong")
    other = HttpStore(f"http://user:pw-in-url@127.0.0.1:{server.port}/auth/ok")
    assert other.key("analyse", ["x"], ["in.json"]) == key
    assert other.get(key) is None
    monkeypatch.delenv("MOBILEDSL_CACHE_TOKEN")
    assert HttpStore(f"http://user:pw-in-url@127.0.0.1:{server.port}/auth/ok").get(key) is None
    captured = capsys.readouterr()
    text = captured.out + captured.err
    assert "answered 401" in text
    for secret in (TOKEN, "wrong", "pw-in-url", "user:"):
        assert secret not in text


def test_basic_auth_from_the_environment(monkeypatch):
    monkeypatch.setenv("MOBILEDSL_CACHE_USER", "ci")
    monkeypatch.setenv("MOBILEDSL_CACHE_PASSWORD", "pw")
    assert HttpStore("http://127.0.0.1:1/c").auth == ("ci", "pw")
    monkeypatch.delenv("MOBILEDSL_CACHE_USER")
    assert HttpStore("http://u%40x:p%3Aw@127.0.0.1:1/c").auth == ("u@x", "p:w")


# -- produce(): what a task does -------------------------------------------------------------
def _compute(calls: list[int]):
    def compute():
        calls.append(1)
        return dict(OUTS)
    return compute


def test_read_only_reads_and_never_writes(server, monkeypatch, capsys):
    monkeypatch.setenv("MOBILEDSL_CACHE", f"{server.url}/cache/readonly")
    monkeypatch.setenv("MOBILEDSL_CACHE_READONLY", "1")
    calls: list[int] = []
    assert produce("analyse", [], ["in.json"], _compute(calls)) == OUTS
    assert not (server.store / "readonly").exists()           # nothing was written
    monkeypatch.setenv("MOBILEDSL_CACHE_READONLY", "0")       # a trusted job fills it
    produce("analyse", [], ["in.json"], _compute(calls))
    monkeypatch.setenv("MOBILEDSL_CACHE_READONLY", "1")
    assert produce("analyse", [], ["in.json"], _compute(calls)) == OUTS
    assert len(calls) == 2
    assert f"restored from the artifact cache" in capsys.readouterr().out


def test_an_entry_naming_a_file_outside_build_is_not_restored(server, capsys, monkeypatch):
    url = f"{server.url}/cache/escape"
    monkeypatch.setenv("MOBILEDSL_CACHE", url)
    store = HttpStore(url)
    key = store.key("analyse", [], ["in.json"])
    store.put(key, {"../evil": b"x", "build/p/a": b"y"})
    calls: list[int] = []
    assert produce("analyse", [], ["in.json"], _compute(calls)) == OUTS
    assert calls == [1] and "outside build/" in capsys.readouterr().err


@pytest.mark.parametrize("path, restored", [
    ("build/.positions/p/records/a.json", True),    # a record's positions table travels with it
    ("build/.doit.db", False),                      # doit's own state never does
    ("build/.positions/../../evil", False),
])
def test_of_the_hidden_folders_only_the_positions_tables_are_restored(
        monkeypatch, tmp_path, capsys, path, restored):
    from mobiledsl.graph.cache import ArtifactStore
    monkeypatch.setenv("MOBILEDSL_CACHE", str(tmp_path / "store"))
    store = ArtifactStore(tmp_path / "store")
    store.put(store.key("analyse", [], ["in.json"]), {path: b"x", "build/p/a": b"y"})
    calls: list[int] = []
    got = produce("analyse", [], ["in.json"], _compute(calls))
    assert (got == {path: b"x", "build/p/a": b"y"}) is restored
    assert calls == ([] if restored else [1])
    assert ("outside build/" in capsys.readouterr().err) is not restored


def test_read_only_applies_to_a_folder_too(monkeypatch, tmp_path):
    monkeypatch.setenv("MOBILEDSL_CACHE", str(tmp_path / "store"))
    monkeypatch.setenv("MOBILEDSL_CACHE_READONLY", "1")
    calls: list[int] = []
    assert produce("analyse", [], ["in.json"], _compute(calls)) == OUTS
    assert calls == [1] and not (tmp_path / "store").exists()


@pytest.mark.parametrize("url", ["http://127.0.0.1:notaport/cache", "http:///cache",
                                 "https://[::1/cache"])
def test_a_url_that_is_no_server_is_a_warning_not_a_failed_task(monkeypatch, capsys, url):
    monkeypatch.setenv("MOBILEDSL_CACHE", url)
    calls: list[int] = []
    assert produce("analyse", [], ["in.json"], _compute(calls)) == OUTS
    assert calls == [1] and len(_warnings(capsys.readouterr().err)) == 1


def test_the_server_stopped_midway(tmp_path_factory, monkeypatch, capsys):
    if not Nginx.available():
        pytest.skip(NO_NGINX)
    n = Nginx(tmp_path_factory.mktemp("midway")).start()
    try:
        monkeypatch.setenv("MOBILEDSL_CACHE", f"{n.url}/cache")
        calls: list[int] = []
        for phase in ("resolve", "assemble"):
            produce(phase, [], ["in.json"], _compute(calls))          # fills the server
        assert len(calls) == 2
        assert produce("resolve", [], ["in.json"], _compute(calls)) == OUTS
        assert len(calls) == 2                                         # restored
        n.stop()
        assert produce("assemble", [], ["in.json"], _compute(calls)) == OUTS
        assert produce("analyse", [], ["in.json"], _compute(calls)) == OUTS
        assert len(calls) == 4                                         # built
        assert len(_warnings(capsys.readouterr().err)) == 1
    finally:
        n.stop()


# -- the build graph against the server ------------------------------------------------------
def _doit(root: Path, env: dict, *args: str) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "doit", *args], cwd=root, env=env,
                          capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"{proc.stdout}\n{proc.stderr}"
    return proc


def _phases(report: dict) -> list[dict]:
    return [t for t in report["tasks"] if ":" in t["name"] and t["name"].split(":")[0] in COMPUTED]


@pytest.fixture(scope="module")
def built(server, tmp_path_factory):
    """A first checkout built with the server as its cache."""
    root = tmp_path_factory.mktemp("ci")
    # a loaded machine must not turn a slow answer into a miss: these tests are not about time
    env = dict(env_with_repo(), MOBILEDSL_CACHE=f"{server.url}/cache/matrix",
               MOBILEDSL_CACHE_TIMEOUT="60")
    first = new_project(root / "ci-1")
    report = json.loads(_doit(first, env, "--reporter=json").stdout)
    assert not any("artifact cache" in t["out"] for t in report["tasks"])
    return root, env, outputs(first)


@pytest.mark.slow
def test_a_second_checkout_builds_the_matrix_from_the_server(server, built):
    root, env, want = built
    second = new_project(root / "ci-2")
    report = json.loads(_doit(second, env, "--reporter=json").stdout)
    phases = _phases(report)
    assert len(phases) == 2 * len(COMPUTED)
    where = f"restored from the artifact cache"
    assert all(where in t["out"] and f"at {server.url}/cache/matrix" in t["out"]
               for t in phases), [(t["name"], t["out"]) for t in phases]
    assert outputs(second) == want
    # wipe build/ and build again with the default reporter: from the server, byte for byte
    shutil.rmtree(second / "build")
    proc = _doit(second, env)
    assert outputs(second) == want
    assert f"({len(phases)} restored from the artifact cache at {server.url}/cache/matrix)" \
        in proc.stdout, proc.stdout


@pytest.mark.slow
@pytest.mark.parametrize("fault", ["corrupt", "500", "stopped"])
def test_a_faulty_server_never_breaks_the_build(server, built, fault, tmp_path):
    root, env, want = built
    if fault == "corrupt":
        mirror = tmp_path / "mirror"                 # a copy of the server's store, damaged
        shutil.copytree(server.store / "matrix", mirror / "www" / "cache" / "matrix")
        n = Nginx(mirror).start()
        blobs = n.blobs("matrix")
        assert blobs
        for blob in blobs:
            blob.write_bytes(blob.read_bytes()[:-1] + b"#")
        url = f"{n.url}/cache/matrix"
    elif fault == "500":
        n, url = None, f"{server.url}/broken"
    else:
        n = Nginx(tmp_path / "gone").start()
        n.stop()
        url = f"{n.url}/cache/matrix"
    try:
        project = new_project(tmp_path / "ci")
        proc = _doit(project, dict(env, MOBILEDSL_CACHE=url), "--reporter=json")
        report = json.loads(proc.stdout)
        phases = _phases(report)
        assert all(t["result"] == "success" and "restored" not in t["out"] for t in phases), \
            [(t["name"], t["out"], t["err"]) for t in phases]
        assert outputs(project) == want                 # nothing damaged reached build/
        assert any("warning" in t["err"] and url in t["err"] for t in phases), \
            [t["err"] for t in phases]
        if fault == "corrupt":                              # the rebuilt tasks mended it
            assert all(remote.sha256(b.read_bytes()) == b.name for b in blobs)
    finally:
        if n is not None:
            n.stop()


@pytest.mark.slow
def test_shards_on_two_runners_fill_one_cache_for_the_whole_matrix(server, tmp_path):
    env = dict(env_with_repo(), MOBILEDSL_CACHE=f"{server.url}/cache/shards",
               MOBILEDSL_CACHE_TIMEOUT="60")
    for i in (1, 2):                                    # runner i builds its share
        _doit(new_project(tmp_path / f"runner-{i}"), env, f"shard={i}/2")
    whole = new_project(tmp_path / "whole")
    report = json.loads(_doit(whole, env, "--reporter=json").stdout)
    phases = _phases(report)
    assert len(phases) == 2 * len(COMPUTED)
    assert all("restored from the artifact cache" in t["out"] for t in phases)
    clean = new_project(tmp_path / "clean")
    _doit(clean, env_with_repo())                       # no cache at all
    assert outputs(whole) == outputs(clean)

"""A remote cache that is hostile: whatever it sends, a restore reads at most its caps, within
its deadline, inflates nothing, and ends as a miss with one warning line; a credential in
the URL is never shown. The server is ``hostile.Hostile`` on 127.0.0.1, the caps and the
deadline lowered through the settings users have."""
from __future__ import annotations

import gzip

import pytest

from mobiledsl.graph import actionresult, remote
from mobiledsl.graph.actionresult import OutputFile
from mobiledsl.graph.cache import produce
from mobiledsl.graph.remote import HttpStore

from .hostile import Answer, Hostile, fresh_cache_process

KEY = "a" * 64
GOOD = b'{"diagnostics":[]}'


@pytest.fixture()
def server():
    h = Hostile().start()
    yield h
    h.stop()


@pytest.fixture(autouse=True)
def fresh_process_state(monkeypatch, tmp_path):
    fresh_cache_process(monkeypatch, "10")
    monkeypatch.chdir(tmp_path)


def _entry(server: Hostile, blobs: dict[str, bytes], sizes: dict[str, int] | None = None,
           answers: dict[str, Answer] | None = None) -> None:
    """An entry under ac/KEY naming each path's blob, and the blobs under cas/ (or the
    answers given for them)."""
    files = [OutputFile(path, remote.sha256(data), (sizes or {}).get(path, len(data)))
             for path, data in sorted(blobs.items())]
    server.routes[f"/cache/ac/{KEY}"] = Answer(body=actionresult.encode(files))
    for f in files:
        server.routes[f"/cache/cas/{f.sha256}"] = (answers or {}).get(f.path) or \
            Answer(body=blobs[f.path])


def _warnings(capsys) -> list[str]:
    captured = capsys.readouterr()
    return [line for line in (captured.out + captured.err).splitlines() if "warning" in line]


def test_a_well_behaved_server_restores(server):
    _entry(server, {"build/p/records/a.json": GOOD})
    assert HttpStore(f"{server.url}/cache").get(KEY) == {"build/p/records/a.json": GOOD}
    # no compressed answers are asked for
    assert all(headers.get("Accept-Encoding") == "identity"
               for _, _, headers in server.requests)


# -- time: a deadline for the whole request -----------------------------------------------------
def test_a_trickling_body_is_cut_at_the_deadline(server, monkeypatch, capsys):
    monkeypatch.setenv("MOBILEDSL_CACHE_TIMEOUT", "0.5")
    body = b"x" * 200                                   # 1 byte every 50 ms: 10 s in all
    _entry(server, {"build/p/a": body}, answers={"build/p/a": Answer(body=body, pause=0.05)})
    assert HttpStore(f"{server.url}/cache").get(KEY) is None
    sent = server.finished(f"/cache/cas/{remote.sha256(body)}")
    assert 0 < sent < len(body)                         # hung up on, long before the end
    [line] = _warnings(capsys)
    assert "no answer within 0.5 s" in line and "building without it" in line


def test_trickling_headers_are_cut_at_the_deadline(server, monkeypatch, capsys):
    monkeypatch.setenv("MOBILEDSL_CACHE_TIMEOUT", "0.5")
    server.routes[f"/cache/ac/{KEY}"] = Answer(body=b"", trickle_headers=200, pause=0.05)
    assert HttpStore(f"{server.url}/cache").get(KEY) is None
    assert 0 < server.finished(f"/cache/ac/{KEY}") < 200
    [line] = _warnings(capsys)
    assert "no answer within 0.5 s" in line


# -- size: caps on the entry and on every blob -------------------------------------------------
def test_a_huge_entry_is_not_read_to_its_end(server, capsys):
    server.routes[f"/cache/ac/{KEY}"] = Answer(body=b"\x00" * (1 << 20), repeat=32,
                                               length=False)        # 32 MiB, no length
    assert HttpStore(f"{server.url}/cache").get(KEY) is None
    assert server.finished(f"/cache/ac/{KEY}") < 16 << 20
    [line] = _warnings(capsys)
    assert "longer than the 1,048,576 bytes it may hold" in line


def test_a_huge_entry_is_refused_by_its_length(server, capsys):
    server.routes[f"/cache/ac/{KEY}"] = Answer(body=b"\x00" * (1 << 20), repeat=32)
    assert HttpStore(f"{server.url}/cache").get(KEY) is None
    assert server.finished(f"/cache/ac/{KEY}") < 16 << 20
    [line] = _warnings(capsys)
    assert "an answer of 33,554,432 bytes" in line


@pytest.mark.parametrize("length", [True, False])
def test_a_blob_longer_than_the_entry_says_is_not_read_to_its_end(server, capsys, length):
    big = b"y" * (1 << 20)
    _entry(server, {"build/p/a": GOOD},
           answers={"build/p/a": Answer(body=big, repeat=32, length=length)})
    assert HttpStore(f"{server.url}/cache").get(KEY) is None
    assert server.finished(f"/cache/cas/{remote.sha256(GOOD)}") < 16 << 20
    [line] = _warnings(capsys)
    assert "longer than its digest says" in line and "treated as a miss" in line
    assert (f"{server.url}/cache", remote.sha256(GOOD)) in remote._damaged    # sent again


@pytest.mark.parametrize("length, restored", [("9" * 5000, False), ("\u00b2", True)],
                         ids=["5000-digits", "superscript"])
def test_a_content_length_that_is_no_plain_number(server, capsys, length, restored):
    """Too long for a number: a miss; no ASCII number: not a length (read to the end)."""
    _entry(server, {"build/p/a": GOOD}, answers={"build/p/a": Answer(
        body=GOOD, length=False, headers={"Content-Length": length})})
    got = HttpStore(f"{server.url}/cache").get(KEY)
    assert got == ({"build/p/a": GOOD} if restored else None)
    assert len(_warnings(capsys)) == (0 if restored else 1)


def test_an_entry_naming_a_blob_past_the_cap_fetches_no_blob(server, monkeypatch, capsys):
    monkeypatch.setenv("MOBILEDSL_CACHE_MAX_BLOB", "1000")
    _entry(server, {"build/p/a": b"z" * 1001})
    assert HttpStore(f"{server.url}/cache").get(KEY) is None
    assert server.asked("/cache/cas/") == []
    [line] = _warnings(capsys)
    assert "past the caps (1,000 bytes each" in line
    monkeypatch.setenv("MOBILEDSL_CACHE_MAX_BLOB", "1001")           # just within
    assert HttpStore(f"{server.url}/cache").get(KEY) == {"build/p/a": b"z" * 1001}


def test_an_entry_past_the_cap_together_fetches_no_blob(server, monkeypatch, capsys):
    monkeypatch.setenv("MOBILEDSL_CACHE_MAX_ENTRY", "1500")
    _entry(server, {"build/p/a": b"1" * 800, "build/p/b": b"2" * 800})
    assert HttpStore(f"{server.url}/cache").get(KEY) is None
    assert server.asked("/cache/cas/") == []
    assert "1,500 together" in _warnings(capsys)[0]
    monkeypatch.setenv("MOBILEDSL_CACHE_MAX_ENTRY", "1600")
    assert HttpStore(f"{server.url}/cache").get(KEY) is not None


def test_an_entry_naming_a_digest_that_is_no_sha256_asks_for_no_blob(server, capsys):
    files = [OutputFile("build/p/a", "../../../etc/passwd", 10)]
    server.routes[f"/cache/ac/{KEY}"] = Answer(body=actionresult.encode(files))
    assert HttpStore(f"{server.url}/cache").get(KEY) is None
    assert [p for _, p, _ in server.requests] == [f"/cache/ac/{KEY}"]
    assert "no sha256" in _warnings(capsys)[0]


def test_an_entry_naming_too_many_outputs_fetches_no_blob(server, capsys):
    files = [OutputFile(f"build/p/{i}", remote.sha256(b""), 0) for i in range(10_001)]
    server.routes[f"/cache/ac/{KEY}"] = Answer(body=actionresult.encode(files))
    assert HttpStore(f"{server.url}/cache").get(KEY) is None
    assert server.asked("/cache/cas/") == []
    assert "10,001 outputs" in _warnings(capsys)[0]


# -- compression: refused, never inflated ------------------------------------------------------
def test_a_compressed_blob_is_refused(server, capsys):
    _entry(server, {"build/p/a": GOOD}, answers={"build/p/a": Answer(
        body=gzip.compress(GOOD), headers={"Content-Encoding": "gzip"})})
    assert HttpStore(f"{server.url}/cache").get(KEY) is None
    [line] = _warnings(capsys)
    assert "Content-Encoding: gzip" in line and "treated as a miss" in line


def test_a_gzip_bomb_is_not_inflated(server, capsys):
    bomb = gzip.compress(b"\x00" * (64 << 20), compresslevel=9)        # 64 MiB in ~64 KiB
    assert len(bomb) < 128 << 10
    server.routes[f"/cache/ac/{KEY}"] = Answer(body=bomb, headers={"Content-Encoding": "gzip"})
    assert HttpStore(f"{server.url}/cache").get(KEY) is None
    [line] = _warnings(capsys)
    assert "compressed answer (Content-Encoding: gzip)" in line


# -- credentials -------------------------------------------------------------------------------
@pytest.mark.parametrize("auth", ["ci:Zq/xyz", "127.0.0.1:1/xyzZq"])
def test_a_password_holding_a_raw_slash_is_never_shown(server, monkeypatch, capsys, auth):
    # the parser ends the host at the '/': "127.0.0.1:1" would be a server (a refused one)
    url = f"http://{auth}@127.0.0.1:{server.url.rsplit(':', 1)[1]}/cache"
    monkeypatch.setenv("MOBILEDSL_CACHE", url)
    calls = []
    assert produce("analyse", [], [], lambda: calls.append(1) or {}) == {}
    assert calls == [1]
    lines = _warnings(capsys)
    assert len(lines) == 1 and "%2F" in lines[0]
    assert "Zq" not in lines[0] and "xyz" not in lines[0]
    assert remote.describe_url(url) == remote.UNNAMED
    assert server.requests == []                        # nothing was asked of anyone


def test_a_url_that_is_no_server_quotes_none_of_it(monkeypatch, capsys):
    monkeypatch.setenv("MOBILEDSL_CACHE", "http://ci:pw-Zq@127.0.0.1:pw-Zq/cache")
    assert produce("analyse", [], [], lambda: {}) == {}
    [line] = _warnings(capsys)
    assert "pw-Zq" not in line and "names no server" in line

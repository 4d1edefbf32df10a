"""The artifact cache on a server: ``MOBILEDSL_CACHE=http(s)://host[:port]/prefix``.

It speaks the HTTP protocol of Bazel's ``--remote_cache``, which bazel-remote and nginx
with WebDAV PUT serve:

- ``GET/PUT/HEAD <prefix>/cas/<sha256>``: the bytes of one output, named by their sha256;
- ``GET/PUT <prefix>/ac/<sha256>``: a task's entry under the sha256 of its key (see
  ``cache.key_text``), an ``ActionResult`` naming each output's path and digest
  (``actionresult``).

A restore reads the entry, then every blob in parallel, and checks each against its digest
and size; a store writes the blobs the server lacks (HEAD first), in parallel, then the
entry, so an entry never names a blob the server has not got. A blob that read back damaged
is sent again whatever HEAD says, so the task that rebuilt it mends the server. One ``requests.Session`` per
process reuses connections.

A cache never breaks a build. A miss (404) is silent. A timeout, a refused connection, a
server error, an answer that is not the protocol's, or a blob that is truncated or does not
match its digest is a miss with one warning line on stderr; after a timeout or a refused
connection the process stops asking that server. Nothing read is written anywhere unless
every blob of the entry checked out.

Credentials come from the environment and go only into the Authorization header:
``MOBILEDSL_CACHE_TOKEN`` (a bearer token) or ``MOBILEDSL_CACHE_USER`` with
``MOBILEDSL_CACHE_PASSWORD`` (basic auth), or user:password in the URL. Messages name the
server by ``describe_url``, which drops them; the keys never hold the URL at all.
"""
from __future__ import annotations

import hashlib
import os
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from . import actionresult

TIMEOUT_ENV = "MOBILEDSL_CACHE_TIMEOUT"
TOKEN_ENV = "MOBILEDSL_CACHE_TOKEN"
USER_ENV = "MOBILEDSL_CACHE_USER"
PASSWORD_ENV = "MOBILEDSL_CACHE_PASSWORD"
DEFAULT_TIMEOUT = 5.0
TRANSFERS = 8                     # blobs moved at once


def is_url(where: str) -> bool:
    return where.startswith(("http://", "https://"))


def describe_url(url: str) -> str:
    """The URL without user, password, query or fragment: what messages may show."""
    parts = urlsplit(url)
    host = parts.hostname or ""
    if ":" in host:
        host = f"[{host}]"
    netloc = host + (f":{parts.port}" if parts.port else "")
    return urlunsplit((parts.scheme, netloc, parts.path.rstrip("/"), "", ""))


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _timeout() -> float:
    try:
        value = float(os.environ.get(TIMEOUT_ENV, "") or DEFAULT_TIMEOUT)
    except ValueError:
        return DEFAULT_TIMEOUT
    return value if value > 0 else DEFAULT_TIMEOUT


class Fault(Exception):
    """The server did not answer as the protocol says; ``reason`` is safe to print."""

    def __init__(self, reason: str, down: bool = False):
        super().__init__(reason)
        self.reason = reason
        self.down = down            # unreachable: stop asking it in this process


# one session per process (a forked doit worker makes its own) and what was warned
_sessions: dict[int, Any] = {}
_lock = threading.Lock()
_warned: set[tuple[str, str]] = set()
_down: set[str] = set()
_damaged: set[tuple[str, str]] = set()    # (server, digest) read back wrong: sent again


def _session():
    import requests
    from requests.adapters import HTTPAdapter
    pid = os.getpid()
    with _lock:
        session = _sessions.get(pid)
        if session is None:
            session = requests.Session()
            adapter = HTTPAdapter(pool_connections=2, pool_maxsize=TRANSFERS, max_retries=0)
            session.mount("http://", adapter)
            session.mount("https://", adapter)
            _sessions.clear()
            _sessions[pid] = session
    return session


class HttpStore:
    """The same interface as ``cache.ArtifactStore``: key, get, put, where."""

    def __init__(self, url: str):
        self.auth: Any = None
        self.timeout = _timeout()
        self.broken: str | None = None
        try:
            parts = urlsplit(url)
            self.where = describe_url(url)
            if not parts.hostname:
                raise ValueError("no host")
        except ValueError as exc:
            # a URL that names no server: every request is a miss with one warning
            self.where = self.base = "the URL MOBILEDSL_CACHE gives"
            self.broken = f"it names no server ({exc})"
            return
        self.base = self.where
        self.headers: dict[str, str] = {}
        token = os.environ.get(TOKEN_ENV, "")
        user, password = os.environ.get(USER_ENV), os.environ.get(PASSWORD_ENV)
        if token:
            self.headers["Authorization"] = f"Bearer {token}"
        elif user is not None:
            self.auth = (user, password or "")
        elif parts.username is not None:
            self.auth = (unquote(parts.username), unquote(parts.password or ""))

    # -- keys -----------------------------------------------------------------------------
    def key(self, phase: str, params: Any, inputs: list[str]) -> str:
        from .cache import key_text
        return sha256(key_text(phase, params, inputs).encode("utf-8"))

    # -- transfers ------------------------------------------------------------------------
    def _request(self, method: str, kind: str, digest: str, data: bytes | None = None):
        import requests
        if self.broken:
            raise Fault(self.broken, down=True)
        if self.where in _down:
            raise Fault("unreachable earlier in this build", down=True)
        url = f"{self.base}/{kind}/{digest}"
        try:
            return _session().request(method, url, data=data, auth=self.auth,
                                      headers=self.headers | {"Content-Type":
                                                              "application/octet-stream"},
                                      timeout=self.timeout, allow_redirects=False)
        except requests.Timeout:
            raise Fault(f"no answer within {self.timeout:g} s", down=True) from None
        except requests.ConnectionError:
            raise Fault("the connection was refused or broken", down=True) from None
        except requests.RequestException as exc:
            raise Fault(type(exc).__name__) from None

    def _status(self, response, method: str, kind: str) -> Fault:
        return Fault(f"{method} {kind}/ answered {response.status_code}")

    def _blob(self, f: actionresult.OutputFile) -> bytes:
        response = self._request("GET", "cas", f.sha256)
        if response.status_code == 404:
            raise Fault("a blob the entry names is missing (cas/ answered 404)")
        if response.status_code != 200:
            raise self._status(response, "GET", "cas")
        data = response.content
        if len(data) != f.size or sha256(data) != f.sha256:
            _damaged.add((self.where, f.sha256))
            raise Fault("a blob does not match its digest (truncated or damaged)")
        return data

    def get(self, key: str) -> dict[str, bytes] | None:
        """The outputs stored under key, every blob checked, or None."""
        try:
            response = self._request("GET", "ac", key)
            if response.status_code == 404:
                return None
            if response.status_code != 200:
                raise self._status(response, "GET", "ac")
            try:
                files = actionresult.decode(response.content)
            except ValueError:
                raise Fault("an entry under ac/ is no ActionResult") from None
            with ThreadPoolExecutor(max_workers=TRANSFERS) as pool:
                # every blob is checked, even after one failed (map would cancel the rest):
                # each damaged one is marked, so the rebuilt task sends it again
                pending = [pool.submit(self._blob, f) for f in files]
                blobs = [done.result() for done in pending]
            return {f.path: data for f, data in zip(files, blobs)}
        except Fault as fault:
            self._warn(fault, "restoring")
            return None

    def _upload(self, item: tuple[str, bytes]) -> None:
        digest, data = item
        if (self.where, digest) not in _damaged:
            head = self._request("HEAD", "cas", digest)
            if head.status_code == 200:
                return
        response = self._request("PUT", "cas", digest, data)
        if response.status_code not in (200, 201, 204):
            raise self._status(response, "PUT", "cas")

    def put(self, key: str, outputs: dict[str, bytes], phase: str = "") -> None:
        """Store outputs under key; a failure is a warning, never a failed task."""
        files = [actionresult.OutputFile(path, sha256(data), len(data))
                 for path, data in sorted(outputs.items())]
        blobs = {f.sha256: outputs[f.path] for f in files}
        try:
            with ThreadPoolExecutor(max_workers=TRANSFERS) as pool:
                list(pool.map(self._upload, sorted(blobs.items())))
            response = self._request("PUT", "ac", key, actionresult.encode(files))
            if response.status_code not in (200, 201, 204):
                raise self._status(response, "PUT", "ac")
        except Fault as fault:
            self._warn(fault, "storing in")

    def _warn(self, fault: Fault, doing: str) -> None:
        """One line per server and reason in a process; an unreachable server is not
        asked again."""
        if fault.down:
            _down.add(self.where)
        mark = (self.where, fault.reason)
        if mark in _warned or fault.reason.startswith("unreachable earlier"):
            return
        _warned.add(mark)
        then = ("; building without it" if fault.down else
                "; treated as a miss" if doing == "restoring" else "; not stored")
        print(f"mobiledsl: warning: {doing} the artifact cache at {self.where}: "
              f"{fault.reason}{then}", file=sys.stderr, flush=True)

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
is sent again whatever HEAD says, so the task that rebuilt it mends the server. One
``requests.Session`` per process reuses connections.

A cache never breaks a build. A miss (404) is silent. A timeout, a refused connection, a
server error, an answer that is not the protocol's, or a blob that is truncated or does not
match its digest is a miss with one warning line on stderr; after a timeout or a refused
connection the process stops asking that server. Nothing read is written anywhere unless
every blob of the entry checked out (and ``cache.produce`` found every path sound).

What a server sends is read as a stranger's: every answer is streamed and read only up to
its cap (``limits.Limits``: the entry, each blob, all of them together), a compressed answer
(``Content-Encoding``) is refused rather than inflated, and each request has a deadline
(``MOBILEDSL_CACHE_TIMEOUT``) for the whole of it, connection, headers and body: at the
deadline its socket is shut (``_Deadline``), so a server that trickles a byte a second is
cut there.

Credentials come from the environment and go only into the Authorization header:
``MOBILEDSL_CACHE_TOKEN`` (a bearer token) or ``MOBILEDSL_CACHE_USER`` with
``MOBILEDSL_CACHE_PASSWORD`` (basic auth), or user:password in the URL. Messages name the
server by ``describe_url``, which drops them (a URL in which an '@' follows the host, as a
password holding a raw '/' does, is shown as no part of it); the keys never hold the URL.
"""

from __future__ import annotations

import hashlib
import os
import re
import socket
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from functools import cache
from typing import Any
from urllib.parse import unquote, urlsplit, urlunsplit

from ..textsafe import shown
from . import actionresult
from .limits import Limits

TIMEOUT_ENV = "MOBILEDSL_CACHE_TIMEOUT"
TOKEN_ENV = "MOBILEDSL_CACHE_TOKEN"
USER_ENV = "MOBILEDSL_CACHE_USER"
PASSWORD_ENV = "MOBILEDSL_CACHE_PASSWORD"
DEFAULT_TIMEOUT = 5.0
TRANSFERS = 8  # blobs moved at once
CHUNK = 64 * 1024  # bytes read at a time
DRAIN = 64 * 1024  # what is read of an answer to HEAD or PUT, to reuse the connection
SHA256 = re.compile(r"[0-9a-f]{64}\Z")
DIGITS = re.compile(r"[0-9]+")
UNNAMED = "the URL MOBILEDSL_CACHE gives"


def is_url(where: str) -> bool:
    return where.startswith(("http://", "https://"))


def _hides_credentials(parts) -> bool:
    """Whether an '@' follows the host: a user name or password holding a raw '/', '?' or
    '#' ends the host there for every URL parser, and what follows reads as the path."""
    return "@" in parts.path or "@" in parts.query or "@" in parts.fragment


def describe_url(url: str) -> str:
    """The URL without user, password, query or fragment: what messages may show. A URL
    that may hold a credential where the parser sees none is shown as none of it."""
    try:
        parts = urlsplit(url)
        host, port = parts.hostname or "", parts.port
    except ValueError:
        return UNNAMED
    if _hides_credentials(parts):
        return UNNAMED
    if ":" in host:
        host = f"[{host}]"
    netloc = host + (f":{port}" if port else "")
    return shown(urlunsplit((parts.scheme, netloc, parts.path.rstrip("/"), "", "")))


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
        self.down = down  # unreachable: stop asking it in this process


class Overrun(Fault):
    """An answer longer than it may be."""


# one session per process (a forked doit worker makes its own) and what was warned
_sessions: dict[int, Any] = {}
_lock = threading.Lock()
_warned: set[tuple[str, str]] = set()
_down: set[str] = set()
_damaged: set[tuple[str, str]] = set()  # (server, digest) read back wrong: sent again


# -- the deadline of a request -----------------------------------------------------------------
_active = threading.local()  # the deadline of the request this thread is making


class _Deadline:
    """The end of one request. requests' timeout bounds each read, so an answer that comes a
    byte at a time never times out; at the deadline this shuts the request's socket (the
    connections register it, ``_watched``), which ends the read in progress, whether of
    the headers or of the body."""

    def __init__(self, seconds: float):
        self.seconds = seconds
        self.expired = False
        self._sock: Any = None
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def __enter__(self) -> _Deadline:
        _active.deadline = self
        self._timer.start()
        return self

    def __exit__(self, *exc) -> None:
        with self._lock:
            self._sock = None  # back in the pool: the next request's now
        self._timer.cancel()
        _active.deadline = None

    def watch(self, sock: Any) -> None:
        with self._lock:
            self._sock = sock
            if self.expired:
                _shut(sock)

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            if self._sock is not None:
                _shut(self._sock)


def _shut(sock: Any) -> None:
    try:
        socket.socket.shutdown(sock, socket.SHUT_RDWR)  # an SSL socket's plain one too
    except (OSError, TypeError):
        pass


def _watch(sock: Any) -> None:
    deadline = getattr(_active, "deadline", None)
    if deadline is not None and sock is not None:
        deadline.watch(sock)


def _watched(base: type) -> type:
    """urllib3's connection class that hands its socket to the current request's deadline,
    when it connects and when a kept connection sends a new request."""

    class Watched(base):  # type: ignore[misc, valid-type]
        def connect(self) -> None:
            super().connect()
            _watch(self.sock)

        def request(self, *args, **kwargs):
            _watch(self.sock)
            return super().request(*args, **kwargs)

    Watched.__name__ = f"Watched{base.__name__}"
    return Watched


@cache
def _adapter_class() -> type:
    from requests.adapters import HTTPAdapter
    from urllib3.connection import HTTPConnection, HTTPSConnection
    from urllib3.connectionpool import HTTPConnectionPool, HTTPSConnectionPool
    from urllib3.poolmanager import ProxyManager

    class Pool(HTTPConnectionPool):
        ConnectionCls = _watched(HTTPConnection)

    class SecurePool(HTTPSConnectionPool):
        ConnectionCls = _watched(HTTPSConnection)

    pools = {"http": Pool, "https": SecurePool}

    class Adapter(HTTPAdapter):
        def init_poolmanager(self, *args, **kwargs) -> None:
            super().init_poolmanager(*args, **kwargs)
            self.poolmanager.pool_classes_by_scheme = pools

        def proxy_manager_for(self, proxy, **kwargs):
            manager = super().proxy_manager_for(proxy, **kwargs)
            if isinstance(manager, ProxyManager):  # not SOCKS: its pools are its own
                manager.pool_classes_by_scheme = pools
            return manager

    return Adapter


def _session():
    import requests

    pid = os.getpid()
    with _lock:
        session = _sessions.get(pid)
        if session is None:
            session = requests.Session()
            adapter = _adapter_class()(pool_connections=2, pool_maxsize=TRANSFERS, max_retries=0)
            session.mount("http://", adapter)
            session.mount("https://", adapter)
            _sessions.clear()
            _sessions[pid] = session
    return session


class HttpStore:
    """The same interface as ``cache.ArtifactStore``: key, get, put, refuse, where."""

    def __init__(self, url: str):
        self.auth: Any = None
        self.timeout = _timeout()
        self.limits = Limits.from_env()
        self.broken: str | None = None
        self.where = describe_url(url)
        try:
            parts = urlsplit(url)
            if _hides_credentials(parts):
                self.where = self.base = UNNAMED
                self.broken = (
                    "an '@' follows its host; write a '/', '?', '#' or '@' in a "
                    "user name or password as %2F, %3F, %23 or %40"
                )
                return
            if not parts.hostname:
                raise ValueError("no host")
            _ = parts.port  # raises ValueError on a bad port
        except ValueError:
            # a URL that names no server: every request is a miss with one warning (the
            # parser's words may quote a password, so they are not shown)
            self.where = self.base = UNNAMED
            self.broken = "it names no server (scheme://host[:port]/prefix)"
            return
        self.base = urlunsplit(
            (parts.scheme, parts.netloc.rpartition("@")[2], parts.path.rstrip("/"), "", "")
        )
        self.headers: dict[str, str] = {"Accept-Encoding": "identity"}
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
    def _exchange(
        self, method: str, kind: str, digest: str, data: bytes | None = None, limit: int = 0
    ) -> tuple[int, bytes]:
        """(status, body) of one request made within its deadline; the body of a GET that
        answered 200 read up to ``limit`` bytes (past it is a Fault), any other drained."""
        import requests

        if self.broken:
            raise Fault(self.broken, down=True)
        if self.where in _down:
            raise Fault("unreachable earlier in this build", down=True)
        url = f"{self.base}/{kind}/{digest}"
        with _Deadline(self.timeout) as deadline:
            try:
                response = _session().request(
                    method,
                    url,
                    data=data,
                    auth=self.auth,
                    stream=True,
                    headers=self.headers | {"Content-Type": "application/octet-stream"},
                    timeout=self.timeout,
                    allow_redirects=False,
                )
                try:
                    if method == "GET" and response.status_code == 200:
                        return 200, self._body(response, limit, deadline)
                    self._drain(response, deadline)
                    return response.status_code, b""
                finally:
                    response.close()
            except requests.Timeout:
                raise Fault(f"no answer within {self.timeout:g} s", down=True) from None
            except requests.RequestException as exc:
                if deadline.expired:
                    raise Fault(f"no answer within {self.timeout:g} s", down=True) from None
                if isinstance(exc, requests.ConnectionError):
                    raise Fault("the connection was refused or broken", down=True) from None
                raise Fault(type(exc).__name__) from None

    def _body(self, response, limit: int, deadline: _Deadline) -> bytes:
        """The body of an answer, read a chunk at a time and never past ``limit`` bytes."""
        encoding = response.headers.get("Content-Encoding", "").strip().lower()
        if encoding not in ("", "identity"):
            raise Fault(
                f"it sent a compressed answer (Content-Encoding: "
                f"{shown(encoding[:40])}), which the protocol does not use"
            )
        length = response.headers.get("Content-Length", "").strip()
        # ASCII digits only, and few enough for int() (a 5,000-digit one would raise)
        if DIGITS.fullmatch(length) and (len(length) > 18 or int(length) > limit):
            size = f"{int(length):,}" if len(length) <= 18 else f"a {len(length)}-digit number of"
            raise Overrun(
                f"it sent an answer of {size} bytes, longer than the {limit:,} it may hold"
            )
        body = bytearray()
        for chunk in response.iter_content(CHUNK):
            body += chunk
            if len(body) > limit:
                raise Overrun(f"it sent an answer longer than the {limit:,} bytes it may hold")
            if deadline.expired:
                break
        if deadline.expired:
            raise Fault(f"no answer within {self.timeout:g} s", down=True)
        return bytes(body)

    @staticmethod
    def _drain(response, deadline: _Deadline) -> None:
        """Read a little of an answer whose body is not wanted, so that its connection is
        kept; a longer one is left (closing the response drops the connection)."""
        read = 0
        for chunk in response.iter_content(CHUNK):
            read += len(chunk)
            if read > DRAIN or deadline.expired:
                return

    def _status(self, status: int, method: str, kind: str) -> Fault:
        return Fault(f"{method} {kind}/ answered {status}")

    def _blob(self, f: actionresult.OutputFile) -> bytes:
        try:
            status, data = self._exchange("GET", "cas", f.sha256, limit=f.size)
        except Overrun:
            _damaged.add((self.where, f.sha256))
            raise Fault("a blob is longer than its digest says (damaged)") from None
        if status == 404:
            raise Fault("a blob the entry names is missing (cas/ answered 404)")
        if status != 200:
            raise self._status(status, "GET", "cas")
        if len(data) != f.size or sha256(data) != f.sha256:
            _damaged.add((self.where, f.sha256))
            raise Fault("a blob does not match its digest (truncated or damaged)")
        return data

    def _files(self, data: bytes) -> list[actionresult.OutputFile]:
        """The outputs an entry names, each digest a sha256 and their sizes within the caps."""
        try:
            files = actionresult.decode(data)
        except ValueError:
            raise Fault("an entry under ac/ is no ActionResult") from None
        limits = self.limits
        if len(files) > limits.files:
            raise Fault(f"an entry names {len(files):,} outputs, past the {limits.files:,} allowed")
        if len({f.path for f in files}) != len(files):
            raise Fault("an entry names one output twice")
        if not all(SHA256.match(f.sha256) for f in files):
            raise Fault("an entry names a digest that is no sha256")
        if any(f.size > limits.blob for f in files) or sum(f.size for f in files) > limits.entry:
            raise Fault(
                f"an entry names outputs past the caps ({limits.blob:,} bytes each, "
                f"{limits.entry:,} together; see MOBILEDSL_CACHE_MAX_BLOB and "
                "MOBILEDSL_CACHE_MAX_ENTRY)"
            )
        return files

    def get(self, key: str) -> dict[str, bytes] | None:
        """The outputs stored under key, every blob checked, or None."""
        try:
            status, data = self._exchange("GET", "ac", key, limit=self.limits.entry_list)
            if status == 404:
                return None
            if status != 200:
                raise self._status(status, "GET", "ac")
            files = self._files(data)
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
            status, _ = self._exchange("HEAD", "cas", digest)
            if status == 200:
                return
        status, _ = self._exchange("PUT", "cas", digest, data)
        if status not in (200, 201, 204):
            raise self._status(status, "PUT", "cas")

    def put(self, key: str, outputs: dict[str, bytes], phase: str = "") -> None:
        """Store outputs under key; a failure is a warning, never a failed task."""
        files = [
            actionresult.OutputFile(path, sha256(data), len(data))
            for path, data in sorted(outputs.items())
        ]
        blobs = {f.sha256: outputs[f.path] for f in files}
        try:
            with ThreadPoolExecutor(max_workers=TRANSFERS) as pool:
                list(pool.map(self._upload, sorted(blobs.items())))
            status, _ = self._exchange("PUT", "ac", key, actionresult.encode(files))
            if status not in (200, 201, 204):
                raise self._status(status, "PUT", "ac")
        except Fault as fault:
            self._warn(fault, "storing in")

    def refuse(self, reason: str) -> None:
        """What the server gave is not used (``cache.produce`` found it unsound)."""
        self._warn(Fault(reason), "restoring")

    def _warn(self, fault: Fault, doing: str) -> None:
        """One line per server and reason in a process; an unreachable server is not
        asked again."""
        if fault.down:
            _down.add(self.where)
        mark = (self.where, fault.reason)
        if mark in _warned or fault.reason.startswith("unreachable earlier"):
            return
        _warned.add(mark)
        then = (
            "; building without it"
            if fault.down
            else "; treated as a miss"
            if doing == "restoring"
            else "; not stored"
        )
        print(
            f"mobiledsl: warning: {doing} the artifact cache at {self.where}: {fault.reason}{then}",
            file=sys.stderr,
            flush=True,
        )

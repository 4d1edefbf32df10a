"""A hostile remote-cache server for the tests: http.server on 127.0.0.1 in a thread, each
path answered as a test says (``Answer``): a body too long, compressed, or trickled a byte at
a time. Every answer is bounded (its bytes and its pauses), and what each path sent before
the client hung up is counted, so a test can tell a read that stopped from one that did not."""
from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

CACHE_SETTINGS = ("MOBILEDSL_CACHE", "MOBILEDSL_CACHE_READONLY", "MOBILEDSL_CACHE_TOKEN",
                  "MOBILEDSL_CACHE_USER", "MOBILEDSL_CACHE_PASSWORD",
                  "MOBILEDSL_CACHE_MAX_BLOB", "MOBILEDSL_CACHE_MAX_ENTRY")


def fresh_cache_process(monkeypatch, timeout: str) -> None:
    """A test as a new process would see the cache: nothing warned, no server given up on,
    none of the cache's settings but the timeout."""
    from mobiledsl.graph import cache, remote
    for module, name in ((remote, "_warned"), (remote, "_down"), (remote, "_damaged"),
                         (cache, "_warned")):
        monkeypatch.setattr(module, name, set())
    for name in CACHE_SETTINGS:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MOBILEDSL_CACHE_TIMEOUT", timeout)


@dataclass(frozen=True)
class Answer:
    status: int = 200
    body: bytes = b""
    repeat: int = 1                      # the body sent this many times (a long answer)
    headers: dict = field(default_factory=dict)
    length: bool = True                  # send Content-Length (else the close ends it)
    pause: float = 0.0                   # seconds between bytes: a trickle
    trickle_headers: int = 0             # bytes of a header trickled before the body

    def pieces(self):
        if self.pause:
            for i in range(len(self.body)):
                yield self.body[i:i + 1]
        else:
            for _ in range(self.repeat):
                yield self.body


class Hostile:
    def __init__(self) -> None:
        self.routes: dict[str, Answer] = {}
        self.prefixes: dict[str, Answer] = {}          # the answer to any path below one
        self.sent: dict[str, int] = {}
        self.requests: list[tuple[str, str, dict]] = []
        self.done = threading.Condition()
        self._server: ThreadingHTTPServer | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> "Hostile":
        hostile = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args) -> None:
                pass

            def do_GET(self) -> None:
                hostile._answer(self)

            do_HEAD = do_PUT = do_GET

        self._server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._server.daemon_threads = True
        threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.05},
                         daemon=True).start()
        return self

    def stop(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None

    def finished(self, path: str, timeout: float = 10.0) -> int:
        """The bytes ``path``'s answer sent, once its handler is done (at most ``timeout``)."""
        end = time.monotonic() + timeout
        with self.done:
            while path not in self.sent and time.monotonic() < end:
                self.done.wait(0.05)
        return self.sent.get(path, -1)

    def asked(self, prefix: str) -> list[str]:
        return [p for _, p, _ in self.requests if p.startswith(prefix)]

    def _answer(self, handler: BaseHTTPRequestHandler) -> None:
        path = handler.path
        self.requests.append((handler.command, path, dict(handler.headers)))
        size = int(handler.headers.get("Content-Length") or 0)
        if size:
            handler.rfile.read(min(size, 1 << 20))
        below = [a for prefix, a in self.prefixes.items() if path.startswith(prefix)]
        answer = self.routes.get(path, below[0] if below else Answer(404)) \
            if handler.command == "GET" else Answer(201 if handler.command == "PUT" else 404)
        sent = 0
        try:
            handler.send_response(answer.status)
            for name, value in answer.headers.items():
                handler.send_header(name, value)
            if answer.length:
                handler.send_header("Content-Length", str(len(answer.body) * answer.repeat))
            handler.end_headers() if not answer.trickle_headers else handler.flush_headers()
            if answer.trickle_headers:
                handler.wfile.write(b"X-Pad: ")
                for _ in range(answer.trickle_headers):
                    handler.wfile.write(b"a")
                    handler.wfile.flush()
                    sent += 1
                    time.sleep(answer.pause)
                handler.wfile.write(b"\r\n\r\n")
            for piece in answer.pieces():
                handler.wfile.write(piece)
                handler.wfile.flush()
                sent += len(piece)
                if answer.pause:
                    time.sleep(answer.pause)
        except OSError:                   # the client hung up: what the tests look for
            pass
        finally:
            handler.close_connection = True
            with self.done:
                self.sent[path] = sent
                self.done.notify_all()

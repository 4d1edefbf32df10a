"""A real nginx for the remote-cache tests: started on 127.0.0.1 on a free port with a
generated configuration in a temporary folder, stopped at the end.

- ``/cache/``: WebDAV PUT into ``<root>/www/cache/`` (what a team's nginx cache serves);
- ``/auth/``: the same, for requests that carry ``Authorization: Bearer <TOKEN>``;
- ``/broken/``: answers 500 to everything.
"""
from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import time
from pathlib import Path

TOKEN = "s3cr3t-token-7f1c"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


CONFIG = """\
daemon off;
master_process on;
worker_processes 1;
{user}
pid {root}/nginx.pid;
error_log {root}/error.log warn;
events {{ worker_connections 64; }}
http {{
    access_log {root}/access.log;
    client_body_temp_path {root}/tmp/body;
    proxy_temp_path {root}/tmp/proxy;
    fastcgi_temp_path {root}/tmp/fastcgi;
    uwsgi_temp_path {root}/tmp/uwsgi;
    scgi_temp_path {root}/tmp/scgi;
    client_max_body_size 0;
    server {{
        listen 127.0.0.1:{port};
        location /cache/ {{
            root {root}/www;
            dav_methods PUT;
            create_full_put_path on;
            dav_access user:rw group:r all:r;
        }}
        location /auth/ {{
            if ($http_authorization != "Bearer {token}") {{ return 401; }}
            root {root}/www;
            dav_methods PUT;
            create_full_put_path on;
        }}
        location /broken/ {{ return 500; }}
    }}
}}
"""


class Nginx:
    def __init__(self, root: Path):
        self.root = root
        self.port = 0
        self.proc: subprocess.Popen | None = None

    @staticmethod
    def available() -> bool:
        return shutil.which("nginx") is not None or os.path.exists("/usr/sbin/nginx")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def store(self) -> Path:
        """What the /cache/ location holds on disk."""
        return self.root / "www" / "cache"

    def start(self) -> "Nginx":
        (self.root / "tmp").mkdir(parents=True, exist_ok=True)
        (self.root / "www" / "cache").mkdir(parents=True, exist_ok=True)
        (self.root / "www" / "auth").mkdir(parents=True, exist_ok=True)
        if not self.port:
            self.port = _free_port()
        user = "user root;" if os.geteuid() == 0 else ""
        conf = self.root / "nginx.conf"
        conf.write_text(CONFIG.format(root=self.root, port=self.port, user=user, token=TOKEN))
        binary = shutil.which("nginx") or "/usr/sbin/nginx"
        self.proc = subprocess.Popen([binary, "-c", str(conf), "-p", str(self.root)],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nginx did not start: {self.proc.stderr.read().decode()}")
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=0.2):
                    return self
            except OSError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("nginx did not listen within 20 s")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)       # fast shutdown
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def blobs(self, prefix: str) -> list[Path]:
        """The blobs the /cache/<prefix>/ location holds on disk."""
        return sorted(p for p in (self.store / prefix / "cas").glob("*") if p.is_file())

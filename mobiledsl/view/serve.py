"""`mobiledsl view --serve`: the page on http://127.0.0.1:<port>/, and ``/mtime``, the
page file's modification time, which the served page polls to reload when `mobiledsl watch`
(or doit) rewrites it. Only loopback; only those two paths."""

from __future__ import annotations

import http.server
import sys
import webbrowser
from pathlib import Path

from ..cli import say
from .write import page_path


def serve(root: Path, program: str, port: int = 0, open_browser: bool = True) -> int:
    page = root / page_path(program)
    state: dict = {"mtime": None, "body": b""}

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):  # http.server's name
            if self.path == "/mtime":
                body = str(_mtime(page)).encode()
                kind = "text/plain"
            elif self.path in ("/", "/view.html"):
                mtime = _mtime(page)
                if state["mtime"] != mtime:
                    # the page on disk has no polling script: the served form is made
                    # from the same records, in memory, each time the file changed
                    from .page import render_page
                    from .scene import build_scene

                    state["body"] = render_page(build_scene(root, program)[0], serve=True).encode(
                        "utf-8"
                    )
                    state["mtime"] = mtime
                body, kind = state["body"], "text/html; charset=utf-8"
            else:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Type", kind)
            self.send_header("Cache-Control", "no-store")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, format, *args):
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), Handler)
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    say(f"serving {url} (Ctrl-C stops)", sys.stdout)
    if open_browser:
        webbrowser.open(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except OSError:
        return 0

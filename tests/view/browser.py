"""Headless Chromium driven over the DevTools protocol (a websocket, the `websockets`
package): open a page, count its requests, evaluate script in it, take a screenshot.

Started as the machine notes say root must (no sandbox, no background networking), with
every host name mapped to nothing, so a page that asks the network fails visibly, and with
software WebGL (SwiftShader), since there is no GPU."""
from __future__ import annotations

import base64
import contextlib
import itertools
import json
import shutil
import subprocess
import time
from pathlib import Path

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if Path("/usr/bin/chromium").exists()
                                        else None)
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--use-angle=swiftshader", "--enable-unsafe-swiftshader",
         "--host-resolver-rules=MAP * ~NOTFOUND", "--window-size=1200,800",
         "--remote-debugging-port=0"]


class Browser:
    def __init__(self, profile: Path):
        from websockets.sync.client import connect
        profile.mkdir(parents=True, exist_ok=True)
        self.proc = subprocess.Popen([CHROMIUM, *FLAGS, f"--user-data-dir={profile}",
                                      "about:blank"], stdout=subprocess.DEVNULL,
                                     stderr=subprocess.DEVNULL)
        port_file = profile / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not port_file.is_file() or len(port_file.read_text().split()) < 2:
            if time.monotonic() > deadline or self.proc.poll() is not None:
                self.close()
                raise RuntimeError("chromium did not start its DevTools endpoint")
            time.sleep(0.1)
        port = port_file.read_text().split()[0]
        import urllib.request
        targets = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list",
                                                    timeout=10).read())
        page = next(t for t in targets if t["type"] == "page")
        self.ws = connect(page["webSocketDebuggerUrl"], max_size=64 * 1024 * 1024)
        self.ids = itertools.count(1)
        self.events: list[dict] = []
        self.call("Network.enable")
        self.call("Page.enable")

    def call(self, method: str, **params):
        n = next(self.ids)
        self.ws.send(json.dumps({"id": n, "method": method, "params": params}))
        while True:
            message = json.loads(self.ws.recv(timeout=60))
            if message.get("id") == n:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def open(self, url: str, ready: str, timeout: float = 60) -> float:
        """Navigate and wait until ``ready`` is true; the seconds it took."""
        start = time.monotonic()
        self.call("Page.navigate", url=url)
        while not self.evaluate(f"Boolean({ready})"):
            if time.monotonic() - start > timeout:
                raise TimeoutError(f"{url}: {ready} not true after {timeout} s")
            time.sleep(0.1)
        return time.monotonic() - start

    def requests(self) -> list[str]:
        return [e["params"]["request"]["url"] for e in self.events
                if e.get("method") == "Network.requestWillBeSent"]

    def screenshot(self, path: Path) -> bytes:
        data = base64.b64decode(self.call("Page.captureScreenshot", format="png")["data"])
        path.write_bytes(data)
        return data

    def close(self) -> None:
        with contextlib.suppress(OSError, RuntimeError):
            self.ws.close()
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()

"""How long ``mobiledsl watch`` takes from a save to its diagnostics, on the demo repository.

A copy of this checkout's project (pyproject.toml, dodo.py, programs/*, libraries/) is built
once with ``doit``; then ``mobiledsl watch --no-initial`` watches it while the bench saves
files, one save at a time, each save waiting for the watcher to finish its rebuild:

- ``core``: programs/diff_bot/diff_bot.core, a wheel's glue moved off its hub and back (an
  error every other save);
- ``component``: libraries/demo_parts/parts/lidar_ld06/component.yaml, the part every demo
  program uses, its mass changed (every program is checked again).

For each save it measures, from the write: the first program's diagnostics printed (``──
<program>: ...``), every reached program's diagnostics printed (``checked in``), and the
outputs up to date (``task(s) ran``). A watcher that prints diagnostics only with its build
(``--before`` a checkout of the old one) has the three at the same time. Then, with
bench/lsp.py's generated robot, the language server from ``didChange`` to
``publishDiagnostics`` for a 100-part robot.

    python bench/watch.py [--saves 10] [--before DIR] [--no-lsp]

It prints the median and the 95th percentile of each; it never passes or fails on time.
"""
from __future__ import annotations

import argparse
import os
import queue
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

CORE = "programs/diff_bot/diff_bot.core"
LIDAR = "libraries/demo_parts/parts/lidar_ld06/component.yaml"
EDITS = {
    "core": (CORE, "glue = (0, 0.12, -0.02, 0, 1, 0)", "glue = (0, 0.14, -0.02, 0, 1, 0)"),
    "component": (LIDAR, "mass: ", "mass: 1"),
}


def demo_copy(folder: Path) -> Path:
    root = folder / "demo"
    root.mkdir(parents=True)
    for name in ("pyproject.toml", "dodo.py"):
        shutil.copy(REPO / name, root / name)
    for name in ("programs", "libraries"):
        shutil.copytree(REPO / name, root / name)
    return root


class Watcher:
    """``mobiledsl watch`` of one checkout on a project, its lines read as they come."""

    def __init__(self, code: Path, root: Path):
        env = dict(os.environ, PYTHONPATH=str(code), NO_COLOR="1")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "mobiledsl", "watch", "--root", str(root), "--no-initial"],
            cwd=root, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        for line in self.proc.stdout:
            self.lines.put((time.perf_counter(), line))
        self.lines.put((time.perf_counter(), None))

    def _next(self, deadline: float) -> tuple[float, str]:
        while time.monotonic() < deadline:
            try:
                when, line = self.lines.get(timeout=1)
            except queue.Empty:
                continue
            if line is None:
                raise RuntimeError("the watcher stopped")
            return when, line
        raise TimeoutError("the watcher said nothing")

    def until(self, text: str, timeout: float = 300) -> float:
        deadline = time.monotonic() + timeout
        while True:
            when, line = self._next(deadline)
            if text in line:
                return when

    def rebuilt(self, timeout: float = 300) -> tuple[float | None, float | None, float]:
        """When the rebuild after a save printed its first program's diagnostics, all of
        them (``checked in``), and its closing line."""
        deadline = time.monotonic() + timeout
        first = checked = None
        while True:
            when, line = self._next(deadline)
            if line.startswith("── ") and first is None:
                first = when
            elif line.startswith("checked in"):
                checked = when
            elif "task(s) ran" in line:
                return first, checked, when

    def stop(self) -> None:
        self.proc.send_signal(signal.SIGINT)
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def measure(code: Path, root: Path, kind: str, saves: int) -> dict[str, list[float]]:
    path, old, new = EDITS[kind]
    file = root / path
    original = file.read_text(encoding="utf-8")
    watcher = Watcher(code, root)
    out: dict[str, list[float]] = {"first": [], "all": [], "outputs": []}
    try:
        watcher.until("watching")
        time.sleep(1.0)
        for i in range(saves):
            text = original.replace(old, new if i % 2 == 0 else old, 1) \
                if kind == "core" else original.replace(old, f"{new}{i}", 1)
            started = time.perf_counter()
            file.write_text(text, encoding="utf-8")
            first, checked, done = watcher.rebuilt()
            out["first"].append((first or done) - started)
            out["all"].append((checked or first or done) - started)
            out["outputs"].append(done - started)
            time.sleep(0.5)
    finally:
        watcher.stop()
        file.write_text(original, encoding="utf-8")
    return out


def figures(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered):6.2f} s  p95 {p95:6.2f} s"


def bench_watch(code: Path, label: str, saves: int) -> None:
    folder = Path(tempfile.mkdtemp(prefix="watch-bench-"))
    try:
        root = demo_copy(folder)
        env = dict(os.environ, PYTHONPATH=str(code))
        subprocess.run([sys.executable, "-m", "doit", "-n", "2"], cwd=root, env=env,
                       capture_output=True, check=True, timeout=1800)
        print(f"watch ({label}: {code}), {saves} saves each, from the save:")
        for kind in EDITS:
            got = measure(code, root, kind, saves)
            print(f"  {kind:9s} first diagnostics {figures(got['first'])}")
            print(f"  {'':9s} all diagnostics   {figures(got['all'])}")
            print(f"  {'':9s} outputs built     {figures(got['outputs'])}")
            sys.stdout.flush()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--saves", type=int, default=10)
    p.add_argument("--before", type=Path, help="a checkout whose watch to measure too")
    p.add_argument("--no-lsp", action="store_true")
    p.add_argument("--repeat", type=int, default=20, help="edits of the 100-part robot")
    args = p.parse_args()
    if args.before is not None:
        bench_watch(args.before.resolve(), "before", args.saves)
    bench_watch(REPO, "this checkout", args.saves)
    if not args.no_lsp:
        import lsp
        lsp.generated([100], args.repeat)


if __name__ == "__main__":
    main()

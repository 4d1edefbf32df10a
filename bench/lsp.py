"""How long the language server takes from an edit to its diagnostics.

One server (``python -m mobiledsl lsp`` over stdio, driven by pygls's client as an editor
would) is started per project; each program's .core is opened, then edited ``--repeat``
times (a comment changed at its end, so every edit compiles the program again: the
libraries stay loaded, the program's phases run); each figure is the wall time from sending
``textDocument/didChange`` to receiving that file's ``textDocument/publishDiagnostics``.

- the demo programs (``programs/*`` of this checkout, against ``libraries/demo_parts``);
- generated robots of 10, 100 and 1000 parts (bench/robotgen.py: a deck carrying a grid of
  range sensors, two wheels and a caster);
- the requests an editor sends while a file is shown (``--requests``, on the demo
  programs): semantic tokens and the outline of each .core, a hover on its first glue, and
  a key's completion in a component.yaml (the schema's tables read at the cursor), from
  sending the request to its answer.

    python bench/lsp.py [--sizes 10,100,1000] [--repeat 30] [--demo-only|--generated-only]
                        [--requests]

It prints the median and the 95th percentile of each; it never passes or fails on time.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from lsprotocol import types as lsp
from pygls import uris
from pygls.lsp.client import LanguageClient

HERE = Path(__file__).resolve().parent
REPO = HERE.parent
sys.path.insert(0, str(HERE))

PYPROJECT = """[tool.mobiledsl]
libraries = [{libraries}]
programs = "programs/*"
targets = ["mjcf"]
"""


class Client:
    def __init__(self):
        self.client = LanguageClient("mobiledsl-bench", "0")
        self.arrived: dict[str, asyncio.Future] = {}

        @self.client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        def published(params: lsp.PublishDiagnosticsParams):
            future = self.arrived.pop(params.uri, None)
            if future is not None and not future.done():
                future.set_result(len(params.diagnostics))

    async def start(self, root: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(REPO))
        await self.client.start_io(sys.executable, "-m", "mobiledsl", "lsp", env=env,
                                   cwd=str(root))
        await self.client.initialize_async(lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(), root_uri=uris.from_fs_path(str(root))))
        self.client.initialized(lsp.InitializedParams())

    def _expect(self, uri: str) -> asyncio.Future:
        future = asyncio.get_running_loop().create_future()
        self.arrived[uri] = future
        return future

    async def open(self, path: Path, text: str) -> int:
        uri = uris.from_fs_path(str(path))
        future = self._expect(uri)
        self.client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            text_document=lsp.TextDocumentItem(uri=uri, language_id="mobiledsl", version=1,
                                               text=text)))
        return await asyncio.wait_for(future, 300)

    async def change(self, path: Path, text: str, version: int) -> tuple[float, int]:
        uri = uris.from_fs_path(str(path))
        future = self._expect(uri)
        started = time.perf_counter()
        self.client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)]))
        count = await asyncio.wait_for(future, 300)
        return time.perf_counter() - started, count

    async def timed(self, send, params, repeat: int) -> list[float]:
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            await send(params)
            times.append(time.perf_counter() - started)
        return times

    async def stop(self) -> None:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await self.client.stop()


async def measure(root: Path, cores: list[Path], repeat: int) -> dict[str, tuple]:
    client = Client()
    await client.start(root)
    out = {}
    try:
        for core in cores:
            text = core.read_text(encoding="utf-8")
            await client.open(core, text)
            times, count = [], 0
            for i in range(repeat):
                seconds, count = await client.change(core, f"{text}\n// edit {i}\n", i + 2)
                times.append(seconds)
            out[core.stem] = (times, count)
    finally:
        await client.stop()
    return out


async def measure_requests(root: Path, cores: list[Path], repeat: int) -> dict[str, list]:
    client = Client()
    await client.start(root)
    c = client.client
    out: dict[str, list[float]] = {"semantic tokens": [], "document symbols": [],
                                   "hover on a glue": [], "component.yaml key": []}
    try:
        for core in cores:
            text = core.read_text(encoding="utf-8")
            await client.open(core, text)
            doc = lsp.TextDocumentIdentifier(uri=uris.from_fs_path(str(core)))
            out["semantic tokens"] += await client.timed(
                c.text_document_semantic_tokens_full_async, lsp.SemanticTokensParams(doc),
                repeat)
            out["document symbols"] += await client.timed(
                c.text_document_document_symbol_async, lsp.DocumentSymbolParams(doc), repeat)
            at = text.find("glue = (")
            if at >= 0:
                line = text.count("\n", 0, at)
                column = at - (text.rfind("\n", 0, at) + 1) + len("glue = (")
                out["hover on a glue"] += await client.timed(
                    c.text_document_hover_async,
                    lsp.HoverParams(doc, lsp.Position(line, column)), repeat)
        wheel = root / "libraries" / "demo_parts" / "parts" / "standard_80" / "component.yaml"
        text = wheel.read_text(encoding="utf-8").replace("  source: estimated", "  so")
        await client.open(wheel, text)
        line = text.split("\n").index("  so")
        out["component.yaml key"] += await client.timed(
            c.text_document_completion_async,
            lsp.CompletionParams(lsp.TextDocumentIdentifier(uris.from_fs_path(str(wheel))),
                                 lsp.Position(line, 4)), repeat * len(cores))
    finally:
        await client.stop()
    return out


def requests(repeat: int) -> None:
    cores = sorted(REPO.glob("programs/*/*.core"))
    results = asyncio.run(measure_requests(REPO, cores, repeat))
    print(f"requests ({repeat} of each per demo program, request -> answer):")
    for name, times in results.items():
        print(f"  {name:20s} {_figures(times)}")


def _figures(times: list[float]) -> str:
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
    return f"median {statistics.median(ordered) * 1000:7.1f} ms   p95 {p95 * 1000:7.1f} ms"


def demo(repeat: int) -> None:
    cores = sorted(REPO.glob("programs/*/*.core"))
    results = asyncio.run(measure(REPO, cores, repeat))
    print(f"demo programs ({repeat} edits each, didChange -> publishDiagnostics):")
    for name, (times, count) in results.items():
        print(f"  {name:12s} {_figures(times)}   ({count} diagnostics)")


def generated(sizes: list[int], repeat: int) -> None:
    import robotgen
    print(f"generated robots ({repeat} edits each):")
    for parts in sizes:
        folder = Path(tempfile.mkdtemp(prefix=f"lsp-bench-{parts}-"))
        try:
            core, libraries = robotgen.write_project(folder, parts)
            program = folder / "programs" / core.stem
            program.mkdir(parents=True)
            core = Path(shutil.move(str(core), program / core.name))
            names = ", ".join(f'"{lib.relative_to(folder)}"' for lib in libraries)
            (folder / "pyproject.toml").write_text(PYPROJECT.format(libraries=names))
            times, count = asyncio.run(measure(folder, [core], repeat))[core.stem]
            print(f"  {parts:5d} parts   {_figures(times)}   ({count} diagnostics)")
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="10,100,1000")
    p.add_argument("--repeat", type=int, default=30)
    p.add_argument("--demo-only", action="store_true")
    p.add_argument("--generated-only", action="store_true")
    p.add_argument("--requests", action="store_true",
                   help="time the editor's other requests too (on the demo programs)")
    args = p.parse_args()
    if not args.generated_only:
        demo(args.repeat)
    if not args.demo_only:
        generated([int(s) for s in args.sizes.split(",")], args.repeat)
    if args.requests:
        requests(args.repeat)


if __name__ == "__main__":
    main()

"""A real LSP client for the tests: pygls's ``LanguageClient`` on a subprocess
``python -m mobiledsl lsp`` (this checkout first on PYTHONPATH), and a copy of the demo
project to point it at."""
from __future__ import annotations

import asyncio
import os
import shutil
import sys
from pathlib import Path

from lsprotocol import types as lsp
from pygls import uris
from pygls.lsp.client import LanguageClient

REPO = Path(__file__).resolve().parents[2]

PYPROJECT = """[project]
name = "lsp-demo"
version = "0"

[tool.mobiledsl]
libraries = ["libraries/demo_parts"]
programs = "programs/*"
targets = ["mjcf"]
"""


def make_project(tmp_path: Path, programs=("diff_bot",)) -> Path:
    """A project in ``tmp_path``: the demo library and the named demo programs."""
    root = tmp_path / "project"
    shutil.copytree(REPO / "libraries" / "demo_parts", root / "libraries" / "demo_parts")
    for name in programs:
        shutil.copytree(REPO / "programs" / name, root / "programs" / name)
    (root / "pyproject.toml").write_text(PYPROJECT)
    return root


def uri(path: Path | str) -> str:
    return uris.from_fs_path(str(path))


class Session:
    """One server and the diagnostics it published, by URI (the last of each)."""

    def __init__(self, root: Path):
        self.root = root
        self.client = LanguageClient("mobiledsl-tests", "0")
        self.diagnostics: dict[str, list[lsp.Diagnostic]] = {}
        self._arrived: asyncio.Condition | None = None
        self._count = 0
        self._seen: dict[str, int] = {}            # uri -> the number of its last publication
        self.capabilities: lsp.ServerCapabilities | None = None

        @self.client.feature(lsp.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
        async def published(params: lsp.PublishDiagnosticsParams):
            self._count += 1
            self.diagnostics[params.uri] = list(params.diagnostics)
            self._seen[params.uri] = self._count
            async with self._arrived:
                self._arrived.notify_all()

    async def start(self) -> None:
        self._arrived = asyncio.Condition()
        env = dict(os.environ, PYTHONPATH=os.pathsep.join(
            [str(REPO), *filter(None, [os.environ.get("PYTHONPATH")])]))
        await self.client.start_io(sys.executable, "-m", "mobiledsl", "lsp", env=env,
                                   cwd=str(self.root))
        result = await self.client.initialize_async(lsp.InitializeParams(
            capabilities=lsp.ClientCapabilities(), root_uri=uri(self.root),
            process_id=os.getpid()))
        self.capabilities = result.capabilities
        self.client.initialized(lsp.InitializedParams())

    async def stop(self) -> None:
        try:
            await asyncio.wait_for(self.client.shutdown_async(None), 10)
            self.client.exit(None)
        finally:
            await self.client.stop()

    async def published_for(self, path: Path, after: int, timeout: float = 60) -> list:
        """The diagnostics of ``path`` once a publication for it came after the
        ``after``-th one. An earlier publication of ``path`` still on its way answers too:
        the server publishes a check's files in their order, so wait for the last of them
        when another of them is what matters."""
        async def arrived():
            async with self._arrived:
                await self._arrived.wait_for(lambda: self._seen.get(uri(path), -1) > after)
        await asyncio.wait_for(arrived(), timeout)
        return self.diagnostics[uri(path)]

    def mark(self) -> int:
        """A point to wait for later publications from."""
        return self._count

    def open(self, path: Path, text: str | None = None, language: str = "mobiledsl") -> str:
        text = path.read_text(encoding="utf-8") if text is None else text
        self.client.text_document_did_open(lsp.DidOpenTextDocumentParams(
            lsp.TextDocumentItem(uri=uri(path), language_id=language, version=1, text=text)))
        return text

    def change(self, path: Path, text: str, version: int = 2) -> None:
        """Replace the whole text (a change with no range)."""
        self.client.text_document_did_change(lsp.DidChangeTextDocumentParams(
            text_document=lsp.VersionedTextDocumentIdentifier(uri=uri(path), version=version),
            content_changes=[lsp.TextDocumentContentChangeWholeDocument(text=text)]))


def run(coro_fn, root: Path):
    """Run ``coro_fn(session)`` against a started server, stopping it after."""
    async def main():
        session = Session(root)
        await session.start()
        try:
            return await coro_fn(session)
        finally:
            await session.stop()
    return asyncio.run(main())


def apply_edits(text: str, edits: list[lsp.TextEdit]) -> str:
    """A text with LSP text edits applied (UTF-16 positions), the last first."""
    from mobiledsl.lsp.positions import LineIndex
    index = LineIndex(text)
    spans = sorted(((index.from_position(e.range.start.line, e.range.start.character),
                     index.from_position(e.range.end.line, e.range.end.character),
                     e.new_text) for e in edits), reverse=True)
    for start, end, new in spans:
        text = text[:start] + new + text[end:]
    return text


def position(text: str, needle: str, after: bool = True) -> lsp.Position:
    """The position just after (or at) the first ``needle`` (ASCII text: UTF-16 units are
    characters)."""
    offset = text.index(needle) + (len(needle) if after else 0)
    line = text.count("\n", 0, offset)
    return lsp.Position(line, offset - (text.rfind("\n", 0, offset) + 1))


async def opened(s: Session, path: Path, text: str | None = None, language: str = "mobiledsl"
                 ) -> tuple[str, lsp.TextDocumentIdentifier]:
    """Open ``path`` (with ``text``) and wait for its diagnostics."""
    mark = s.mark()
    text = s.open(path, text, language)
    await s.published_for(path, mark)
    return text, lsp.TextDocumentIdentifier(uri=uri(path))


async def edited(s: Session, path: Path, text: str, version: int) -> list[lsp.Diagnostic]:
    """Change ``path`` to ``text`` and wait for its diagnostics."""
    mark = s.mark()
    s.change(path, text, version)
    return await s.published_for(path, mark)

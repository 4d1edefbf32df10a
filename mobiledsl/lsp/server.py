"""The pygls wiring: LSP's messages to the workspace and the features, and back.

The only module that imports pygls. Every handler answers empty on what it cannot read
(a file outside a project, a half-typed document) and logs a failure instead of raising.
"""

from __future__ import annotations

import functools
import logging
import time

from lsprotocol import types as lsp
from pygls import uris
from pygls.lsp.server import LanguageServer

from . import convert
from .workspace import Workspace, kind_of

log = logging.getLogger(__name__)


class MobiledslServer(LanguageServer):
    def __init__(self) -> None:
        from ..render.sarif import tool_version

        super().__init__(
            "mobiledsl",
            tool_version(),
            text_document_sync_kind=lsp.TextDocumentSyncKind.Incremental,
        )
        self.state = Workspace()
        self.last_check_ms: float | None = None

    @property
    def encoding(self) -> str:
        return str(self.workspace.position_encoding or "utf-16")

    def publish(self, paths) -> None:
        for path in sorted(paths):
            uri = uris.from_fs_path(path)
            if uri is None:
                continue
            self.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=self.own_diagnostics(path))
            )

    def own_diagnostics(self, path: str) -> list[lsp.Diagnostic]:
        """What the server would publish for ``path`` now, as LSP's items."""
        out = []
        for d in self.state.diagnostics(path):
            try:
                out.append(convert.to_lsp(d, self.state.text, _uri, self.encoding))
            except Exception:
                log.exception("cannot convert %s", d.code)
        return out

    def changed(self, uri: str, text: str | None) -> None:
        path = _path(uri)
        if path is None or kind_of(path) is None:
            return
        started = time.perf_counter()
        try:
            touched = self.state.update(path, text)
        except Exception:
            log.exception("the check after an edit of %s failed", path)
            return
        self.last_check_ms = (time.perf_counter() - started) * 1000
        log.info("checked %s in %.1f ms", path, self.last_check_ms)
        self.publish(touched | ({path} if text is not None else set()))
        if text is None:  # closed: its diagnostics are the editor's no more
            self.text_document_publish_diagnostics(
                lsp.PublishDiagnosticsParams(uri=uri, diagnostics=[])
            )


def _wanted(kind: str, only: list[str]) -> bool:
    """Whether an action of ``kind`` is of one of the kinds a client asked for (a kind
    includes those below it: "source" holds "source.fixAll")."""
    return any(kind == k or kind.startswith(k + ".") for k in only)


def _overlaps(a: lsp.Range, b: lsp.Range) -> bool:
    def key(p: lsp.Position) -> tuple[int, int]:
        return p.line, p.character

    return key(a.start) <= key(b.end) and key(b.start) <= key(a.end)


@functools.lru_cache(maxsize=4096)
def _uri(path: str) -> str:
    return uris.from_fs_path(path) or path


def _path(uri: str) -> str | None:
    try:
        return uris.to_fs_path(uri)
    except Exception:
        return None


def guarded(default):
    """A handler that answers ``default`` instead of raising."""

    def wrap(handler):
        @functools.wraps(handler)
        def run(server, params):
            try:
                return handler(server, params)
            except Exception:
                log.exception("%s failed", handler.__name__)
                return default

        return run

    return wrap


def make_server() -> MobiledslServer:
    server = MobiledslServer()

    @server.feature(lsp.TEXT_DOCUMENT_DID_OPEN)
    def did_open(ls: MobiledslServer, params: lsp.DidOpenTextDocumentParams):
        ls.changed(params.text_document.uri, params.text_document.text)

    @server.feature(lsp.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(ls: MobiledslServer, params: lsp.DidChangeTextDocumentParams):
        doc = ls.workspace.get_text_document(params.text_document.uri)
        ls.changed(params.text_document.uri, doc.source)

    @server.feature(lsp.TEXT_DOCUMENT_DID_SAVE)
    def did_save(ls: MobiledslServer, params: lsp.DidSaveTextDocumentParams):
        path = _path(params.text_document.uri)
        if path and kind_of(path) == "library":
            ls.publish(ls.state.library_changed(path, ls.state.texts.get(path), saved=True))

    @server.feature(lsp.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(ls: MobiledslServer, params: lsp.DidCloseTextDocumentParams):
        ls.changed(params.text_document.uri, None)

    @server.feature(
        lsp.TEXT_DOCUMENT_CODE_ACTION,
        lsp.CodeActionOptions(code_action_kinds=[lsp.CodeActionKind.QuickFix, convert.FIX_ALL]),
    )
    @guarded([])
    def code_action(ls: MobiledslServer, params: lsp.CodeActionParams):
        path = _path(params.text_document.uri)
        text = ls.state.text(path) if path else None
        if path is None or text is None:
            return []
        own = ls.own_diagnostics(path)
        asked = [d for d in params.context.diagnostics if d.source == convert.SOURCE]
        if not asked:  # a client that sends none: those in the range
            asked = [d for d in own if _overlaps(d.range, params.range)]
        only = [str(k.value if hasattr(k, "value") else k) for k in params.context.only or ()]
        quick = not only or _wanted(lsp.CodeActionKind.QuickFix.value, only)
        every = not only or _wanted(convert.FIX_ALL.value, only)
        return convert.code_actions(
            params.text_document.uri,
            text,
            asked if quick else [],
            ls.encoding,
            ls.state.text,
            _uri,
            path,
            fix_all=own if every else [],
        )

    from .handlers import register

    register(server)
    return server

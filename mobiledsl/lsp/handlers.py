"""Completion, hover, go to definition, document symbols and semantic tokens on the
server: the document, its program's other files, its project's parts and its program's
last robot handed to ``features``, ``glues``, ``symbols`` and ``tokens``; an answer for a
file outside a project, or one the features cannot read, is empty (symbols and tokens need
no project)."""

from __future__ import annotations

import functools
import os

from lsprotocol import types as lsp
from pygls import uris

from . import features, glues, symbols, tokens
from .positions import LineIndex
from .workspace import PROGRAM_KINDS, kind_of


@functools.cache
def _codes() -> dict:
    from ..codes import all_codes

    return all_codes()


def explain(code: str) -> str | None:
    """``mobiledsl explain CODE``'s text."""
    info = _codes().get(code)
    if info is None:
        return None
    text = f"{info.summary}\n\n{info.explanation}"
    return text + (f"\n\n```\n{info.example}\n```" if info.example else "")


class Context:
    """What a request at a place of a document needs."""

    def __init__(self, ls, params):
        from .server import _path

        self.ls = ls
        self.path = _path(params.text_document.uri)
        self.text = ls.state.text(self.path) if self.path else None
        self.kind = kind_of(self.path) if self.path else None
        self.project = (
            ls.state.project_of(self.path) if self.text is not None and self.kind else None
        )
        self.index = LineIndex(self.text or "", ls.encoding)
        self.offset = self.index.from_position(params.position.line, params.position.character)

    @property
    def ok(self) -> bool:
        return self.project is not None and self.text is not None

    def siblings(self) -> dict[str, str]:
        files = self.ls.state.program_files(self.path) or {}
        out = {}
        for kind in PROGRAM_KINDS:
            if files.get(kind):
                text = self.ls.state.text(files[kind])
                if text is not None:
                    out[kind] = text
        return out

    def sibling_path(self, kind: str) -> str | None:
        return (self.ls.state.program_files(self.path) or {}).get(kind)


def register(server) -> None:
    from .server import guarded

    @server.feature(
        lsp.TEXT_DOCUMENT_COMPLETION, lsp.CompletionOptions(trigger_characters=['"', "/", " "])
    )
    @guarded(None)
    def completion(ls, params: lsp.CompletionParams):
        c = Context(ls, params)
        if not c.ok:
            return None
        this_part = None
        if c.kind == "component":
            lib = c.project.library_of(c.path)
            pid = lib.part_of(c.path) if lib else None
            this_part = lib.library.parts.get(pid) if pid and lib.library else None
        items = features.completion(
            c.kind, c.text, c.offset, c.project.parts(), c.siblings(), this_part, file=c.path
        )
        return lsp.CompletionList(is_incomplete=False, items=items)

    @server.feature(lsp.TEXT_DOCUMENT_HOVER)
    @guarded(None)
    def hover(ls, params: lsp.HoverParams):
        c = Context(ls, params)
        if not c.ok:
            return None
        spans = []
        for d in ls.state.diagnostics(c.path):
            if d.span is not None and d.span.line:
                start, end = c.index.block_offsets(
                    d.span.line, d.span.column, d.span.end_line, d.span.end_column
                )
                spans.append((start, end, d.code, d.message))
        return features.hover(
            c.text, c.offset, c.project.part, spans, explain, ls.encoding, glue=_glue_hover(ls, c)
        )

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    @guarded(None)
    def definition(ls, params: lsp.DefinitionParams):
        c = Context(ls, params)
        if not c.ok:
            return None
        found = features.definition(
            c.text,
            c.offset,
            c.project.part,
            c.siblings(),
            c.project.parts(),
            kind=c.kind,
            file=c.path,
        ) or _glue_definition(ls, c)
        if found is None:
            return None
        where, a, b = found
        if b is None:  # an offset into a sibling's text
            file = c.sibling_path(where)
            text = ls.state.text(file) if file else None
            if file is None or text is None:
                return None
            index = LineIndex(text, ls.encoding)
            pos = lsp.Position(*index.position(a))
        else:
            file = os.path.abspath(where)
            text = ls.state.text(file) or ""
            index = LineIndex(text, ls.encoding)
            pos = lsp.Position(*index.position(index.offset(a, b)))
        return lsp.Location(uri=uris.from_fs_path(file), range=lsp.Range(pos, pos))

    @server.feature(lsp.TEXT_DOCUMENT_DOCUMENT_SYMBOL)
    @guarded(None)
    def document_symbol(ls, params: lsp.DocumentSymbolParams):
        path, text, kind = _document(ls, params.text_document.uri)
        if path is None or text is None:  # (a text only of a path of a kind)
            return None
        if kind in PROGRAM_KINDS:
            return symbols.program_symbols(kind, text, path, ls.encoding)
        return symbols.yaml_symbols(text, path, ls.encoding)

    @server.feature(
        lsp.TEXT_DOCUMENT_SEMANTIC_TOKENS_FULL,
        lsp.SemanticTokensLegend(
            token_types=list(tokens.TYPES), token_modifiers=list(tokens.MODIFIERS)
        ),
    )
    @guarded(None)
    def semantic_tokens(ls, params: lsp.SemanticTokensParams):
        path, text, kind = _document(ls, params.text_document.uri)
        if text is None or kind not in PROGRAM_KINDS:
            return None
        return lsp.SemanticTokens(data=tokens.semantic_tokens(text, ls.encoding))


def _document(ls, uri: str) -> tuple[str | None, str | None, str | None]:
    """(path, text, kind) of a document the server reads (a text of None otherwise)."""
    from .server import _path

    path = _path(uri)
    kind = kind_of(path) if path else None
    return path, ls.state.text(path) if kind else None, kind


def _glue_at(ls, c: Context):
    if c.kind != "core":
        return None, None
    glue = glues.glue_at(c.text, c.offset, c.path)
    return (glue, glues.seat(ls.state.robot_of(c.path), glue)) if glue else (None, None)


def _glue_hover(ls, c: Context) -> tuple[str, int, int] | None:
    glue, seat = _glue_at(ls, c)
    return (glues.describe(seat), glue.start, glue.end) if seat is not None else None


def _glue_definition(ls, c: Context) -> tuple[str, int, int] | None:
    """A glue goes to the declaration of the connector it seats its part on."""
    _, seat = _glue_at(ls, c)
    if seat is None:
        return None
    span = seat.part.spans.get(f"connectors.{seat.connector}")
    line, column = (span.line, span.column or 1) if span is not None and span.line else (1, 1)
    return seat.part.file, line, column

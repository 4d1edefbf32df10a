"""Completion, hover and go to definition on the server: the document, its program's other
files and its project's parts handed to ``features``; an answer for a file outside a
project, or one the features cannot read, is empty."""
from __future__ import annotations

import functools
import os

from lsprotocol import types as lsp
from pygls import uris

from . import features
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
        self.project = ls.state.project_of(self.path) if self.text is not None and self.kind \
            else None
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

    @server.feature(lsp.TEXT_DOCUMENT_COMPLETION,
                    lsp.CompletionOptions(trigger_characters=['"', "/", " "]))
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
        items = features.completion(c.kind, c.text, c.offset, c.project.parts(),
                                    c.siblings(), this_part)
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
                start, end = c.index.span_offsets(d.span.line, d.span.column,
                                                  d.span.end_line, d.span.end_column)
                spans.append((start, end, d.code))
        return features.hover(c.text, c.offset, c.project.part, spans, explain, ls.encoding)

    @server.feature(lsp.TEXT_DOCUMENT_DEFINITION)
    @guarded(None)
    def definition(ls, params: lsp.DefinitionParams):
        c = Context(ls, params)
        if not c.ok:
            return None
        found = features.definition(c.text, c.offset, c.project.part, c.siblings(),
                                    c.project.parts())
        if found is None:
            return None
        where, a, b = found
        if b is None:                       # an offset into a sibling's text
            file = c.sibling_path(where)
            text = ls.state.text(file) if file else None
            if text is None:
                return None
            index = LineIndex(text, ls.encoding)
            pos = lsp.Position(*index.position(a))
        else:
            file = os.path.abspath(where)
            text = ls.state.text(file) or ""
            index = LineIndex(text, ls.encoding)
            pos = lsp.Position(*index.position(index.offset(a, b)))
        return lsp.Location(uri=uris.from_fs_path(file), range=lsp.Range(pos, pos))

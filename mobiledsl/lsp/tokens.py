"""Semantic tokens of a .core, .world or .task: the language's own lexer splits the text,
each token is named by what it is and by its neighbours (a word before ``=`` names an
argument, one after it is a word value, the first word of an item its type, the next its
name), and what the lexer skipped that is not white space is a comment.

LSP's encoding of the tokens: five integers each (the line and the start relative to the
token before, the length, the type's index in the legend, the modifiers' bits), one line
each, in the client's position units.
"""

from __future__ import annotations

from ..lang import lexer as lx
from .positions import LineIndex

#: the legend: each token's type is its index here
TYPES = (
    "keyword",
    "type",
    "variable",
    "parameter",
    "enumMember",
    "string",
    "number",
    "comment",
    "macro",
)
MODIFIERS = ("declaration",)
_TYPE = {name: i for i, name in enumerate(TYPES)}
_DECLARATION = 1

#: the words that open a file
HEADS = ("Robot", "World", "Task")


def _classify(tokens: list[lx.Token]) -> list[tuple[lx.Token, str, int]]:
    """(token, type, modifier bits) of each token that is shown."""
    out = []
    for i, tok in enumerate(tokens):
        before = tokens[i - 1] if i else None
        after = tokens[i + 1] if i + 1 < len(tokens) else None
        if tok.kind == lx.IDENT:
            if after is not None and after.kind == lx.EQUALS:
                out.append((tok, "parameter", 0))
            elif before is not None and before.kind == lx.EQUALS:
                out.append((tok, "enumMember", 0))
            elif (
                before is not None
                and before.kind == lx.IDENT
                and (before.text in HEADS or before.first_on_line)
            ):
                out.append((tok, "variable", _DECLARATION))
            elif (
                tok.text in HEADS
                and i == 0
                or (after is not None and after.kind == lx.STRING and tok.first_on_line)
            ):
                out.append((tok, "keyword", 0))
            elif tok.first_on_line or (before is not None and before.kind == lx.LBRACE):
                out.append((tok, "type", 0))
        elif tok.kind == lx.STRING:
            out.append((tok, "string", 0))
        elif tok.kind == lx.NUMBER:
            out.append((tok, "number", 0))
        elif tok.kind == lx.REF:
            out.append((tok, "macro", 0))
    return out


def _comments(text: str, tokens: list[lx.Token], index: LineIndex) -> list[tuple[int, int]]:
    """(start, end) offsets of what the lexer skipped between tokens other than space."""
    out = []
    pos = 0
    for tok in tokens:
        start = index.offset(tok.line, tok.col) if tok.kind != lx.EOF else len(text)
        gap = text[pos:start]
        at = 0
        while at < len(gap):
            if gap.startswith("//", at) or gap.startswith("/*", at):
                close = gap.find("*/", at + 2) if gap.startswith("/*", at) else -1
                if gap.startswith("/*", at):
                    end = len(gap) if close < 0 else close + 2
                else:
                    end = at
                    while end < len(gap) and gap[end] not in "\r\n\x85\u2028\u2029":
                        end += 1
                out.append((pos + at, pos + end))
                at = end
            else:
                at += 1
        if tok.kind != lx.EOF:
            pos = index.offset(tok.line, tok.col) + len(tok.text)
    return out


def semantic_tokens(text: str, encoding: str = "utf-16") -> list[int]:
    """The data of ``textDocument/semanticTokens/full`` for a program file's text."""
    tokens, _, _ = lx.tokenize(text, "")
    index = LineIndex(text, encoding)
    spans = [
        (index.offset(t.line, t.col), len(t.text), kind, mods)
        for t, kind, mods in _classify(tokens)
    ]
    spans += [(start, end - start, "comment", 0) for start, end in _comments(text, tokens, index)]
    data: list[int] = []
    last_line = last_char = 0
    for start, length, kind, mods in sorted(spans):
        for line, char, units in _line_pieces(index, start, start + length):
            if units <= 0:
                continue
            delta_line = line - last_line
            delta_char = char - last_char if delta_line == 0 else char
            data += [delta_line, delta_char, units, _TYPE[kind], mods]
            last_line, last_char = line, char
    return data


def _line_pieces(index: LineIndex, start: int, end: int):
    """(line, character, length in units) of each of LSP's lines a span covers."""
    line, char = index.position(start)
    end_line, end_char = index.position(end)
    while line < end_line:
        next_start = index.from_position(line + 1, 0)
        line_end = next_start
        while line_end > start and index.text[line_end - 1] in "\r\n":
            line_end -= 1
        units = index.position(line_end)[1] - char
        yield line, char, units
        line, char, start = line + 1, 0, next_start
    yield line, char, end_char - char

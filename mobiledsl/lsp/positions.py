"""Places in a text, the compiler's and LSP's.

The compiler's spans are 1-based lines and columns counted in characters (code points),
its lines ended also by NEL, U+2028 and U+2029 (``mobiledsl.linebreaks``), an end column
inclusive. LSP's positions are 0-based, their lines ended by ``\\r\\n``, ``\\n`` or ``\\r``
alone, their columns counted in UTF-16 code units (the protocol's default encoding; UTF-8
and UTF-32 when the client and the server agreed on one). Each
conversion goes through the offset in the text, so neither rule leaks into the other.
"""

from __future__ import annotations

import bisect
import re

from ..linebreaks import BREAK

_LSP_BREAK = re.compile(r"\r\n|\r|\n")


def _starts(text: str, pattern: re.Pattern) -> list[int]:
    return [0] + [m.end() for m in pattern.finditer(text)]


def _utf16(text: str) -> int:
    """The number of UTF-16 code units of ``text``."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def _utf8(text: str) -> int:
    return len(text.encode("utf-8", errors="surrogatepass"))


#: the column units of LSP's position encodings, by their names
UNITS = {"utf-16": _utf16, "utf-8": _utf8, "utf-32": len}


class LineIndex:
    """A text's line starts by both rules; converts places between them."""

    def __init__(self, text: str, encoding: str = "utf-16"):
        self.text = text
        self._units = UNITS.get(str(encoding), _utf16)
        self._compiler = _starts(text, BREAK)
        self._lsp = _starts(text, _LSP_BREAK)

    # -- the compiler's places ------------------------------------------------------------
    def offset(self, line: int | None, column: int | None) -> int:
        """The offset of the character at a 1-based line and column (clamped to the text)."""
        if not line:
            return 0
        line = min(max(line, 1), len(self._compiler))
        start = self._compiler[line - 1]
        return min(start + max((column or 1) - 1, 0), len(self.text))

    def span_offsets(self, line, column, end_line, end_column) -> tuple[int, int]:
        """(start, end) offsets of a span, the end exclusive; a span with no column is its
        whole first line, one whose end is one before its start is empty (an insertion)."""
        start = self.offset(line, column)
        if column is None:
            return start, self._line_end(start)
        if end_line is None or end_column is None:
            return start, min(start + 1, self._line_end(start))
        end = self.offset(end_line, end_column) + 1
        return start, max(start, min(end, len(self.text)))

    def block_offsets(self, line, column, end_line, end_column) -> tuple[int, int]:
        """``span_offsets``, save that a span with an end line and no end column (a YAML
        block's) runs to the end of that line."""
        if line and end_line and end_column is None:
            start = self.offset(line, column)
            return start, max(start, self._line_end(self.offset(end_line, 1)))
        return self.span_offsets(line, column, end_line, end_column)

    def _line_end(self, offset: int) -> int:
        m = BREAK.search(self.text, offset)
        return m.start() if m else len(self.text)

    # -- LSP's positions ------------------------------------------------------------------
    def position(self, offset: int) -> tuple[int, int]:
        """LSP's (line, character) of an offset."""
        offset = min(max(offset, 0), len(self.text))
        line = bisect.bisect_right(self._lsp, offset) - 1
        return line, self._units(self.text[self._lsp[line] : offset])

    def from_position(self, line: int, character: int) -> int:
        """The offset of LSP's (line, character), clamped to the line."""
        if line < 0:
            return 0
        if line >= len(self._lsp):
            return len(self.text)
        start = self._lsp[line]
        end = self._lsp[line + 1] if line + 1 < len(self._lsp) else len(self.text)
        units = 0
        for i in range(start, end):
            if units >= character or self.text[i] in "\r\n":
                return i
            units += self._units(self.text[i])
        return end

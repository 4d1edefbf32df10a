"""Where a line ends: one rule for every reader's places and for the lines the renderer quotes.

A line ends at ``\\r\\n``, ``\\n`` or ``\\r`` alone, and at NEL (U+0085) and the line and
paragraph separators (U+2028, U+2029): the YAML readers (ruamel.yaml's and libyaml) count
those too, so a place they give and the line the renderer quotes for it are the same line
only if everything else counts them as well. Columns count characters (code points) from the
line's first, 1-based.
"""

from __future__ import annotations

import re

BREAK_CHARS = frozenset("\n\r\x85\u2028\u2029")
BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")


def split_lines(text: str) -> list[str]:
    """The lines of ``text``, their breaks left out (``"a\\r\\nb\\n"`` -> ``["a", "b", ""]``,
    as ``str.split("\\n")`` gives for ``"a\\nb\\n"``)."""
    return BREAK.split(text)


def place(text: str, offset: int) -> tuple[int, int]:
    """(line, column), 1-based, of the character at ``offset`` in ``text``."""
    line, start = 1, 0
    for match in BREAK.finditer(text, 0, offset):
        line += 1
        start = match.end()
    return line, offset - start + 1


def ends_with_break(text: str) -> bool:
    """Whether the last line of ``text`` is ended by a break (an empty text ends none)."""
    return text[-1:] in BREAK_CHARS

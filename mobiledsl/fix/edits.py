"""Applying fixes (``mobiledsl.diagnostics.Fix``) to the text of one file.

A program file is edited by its spans, so every other character (comments, layout, line
ends) stays as it was. A YAML file is read and written back by ruamel.yaml's round trip,
which keeps its comments and the layout of what is not changed; its line ends are put back
as the file had them.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Sequence

from ..diagnostics import Fix
from ..linebreaks import BREAK


class FixError(Exception):
    """A fix that cannot be applied to the text as it now is (the file changed since)."""


def line_starts(text: str) -> list[int]:
    """The offset at which each line (1-based: index 0 is line 1) starts, breaks as the
    lexer counts them."""
    return [0] + [m.end() for m in BREAK.finditer(text)]


def _offset(starts: Sequence[int], text: str, line: int | None, column: int | None) -> int:
    if line is None or column is None:  # a span of the whole file
        raise FixError("the fix names no line and column to write at")
    if not 1 <= line <= len(starts):
        raise FixError(f"line {line} is past the end of the file")
    offset = starts[line - 1] + column - 1
    if offset > len(text):
        raise FixError(f"line {line}, column {column} is past the end of the file")
    return offset


def text_edits(text: str, fixes: Iterable[Fix]) -> list[tuple[int, int, str]]:
    """(start, end, replacement) of each fix, by offsets, in order, one of each; a fix that
    overlaps one before it is left for the next pass (the compile after will say again
    whether it is still needed)."""
    starts = line_starts(text)
    edits = set()
    for fix in fixes:
        s = fix.span
        start = _offset(starts, text, s.line, s.column)
        end = _offset(starts, text, s.end_line, s.end_column) + 1  # ends are inclusive
        edits.add((start, max(start, end), fix.replacement))
    kept: list[tuple[int, int, str]] = []
    for edit in sorted(edits):
        if kept and edit[0] < kept[-1][1]:
            continue
        if kept and edit[0] == kept[-1][0] == kept[-1][1] == edit[1]:
            continue  # two insertions at one place: one at a time
        kept.append(edit)
    return kept


def apply_text(text: str, fixes: Iterable[Fix]) -> str:
    """``text`` with the fixes' replacements written over their spans (from the last, so
    the earlier offsets still hold)."""
    for start, end, replacement in reversed(text_edits(text, fixes)):
        text = text[:start] + replacement + text[end:]
    return text


_BREAK_STYLE = re.compile(r"\r\n|\r|\n")


def apply_yaml(text: str, fixes: Iterable[Fix]) -> str:
    """``text``, a YAML document, with each fix's key set to its value (a missing last key
    is added after the keys it follows in the document's order of its parent)."""
    from ruamel.yaml import YAML
    from ruamel.yaml.util import load_yaml_guess_indent

    fixes = list(fixes)
    if not fixes:
        return text
    crlf = "\r\n" in text
    bom = text.startswith("\ufeff")
    body = text[1:] if bom else text
    data, indent, block_seq_indent = load_yaml_guess_indent(body.replace("\r\n", "\n"))
    yaml = YAML(typ="rt")
    yaml.preserve_quotes = True
    yaml.width = 4096  # never re-wrap a long line of the user's
    yaml.indent(
        mapping=indent or 2,
        sequence=(indent or 2) + (block_seq_indent or 0),
        offset=block_seq_indent or 0,
    )
    for fix in fixes:
        _set(yaml, data, fix)
    out = io.StringIO()
    yaml.dump(data, out)
    written = out.getvalue()
    if crlf:
        written = written.replace("\n", "\r\n")
    return ("\ufeff" if bom else "") + written


def _set(yaml, data, fix: Fix) -> None:
    """Set the key ``fix.key_path`` names to the flow value ``fix.replacement``."""
    parent = data
    *path, last = fix.key_path
    for key in path:
        if not isinstance(parent, dict) or key not in parent:
            raise FixError(f"the file has no '{'.'.join(path)}' to set '{last}' in")
        parent = parent[key]
    value = yaml.load(f"value: {fix.replacement}\n")["value"]
    if last in parent:
        parent[last] = value
    else:
        # after the keys written before it would be (mass and origin_xyz before inertia)
        keys = list(parent)
        at = next((i for i, k in enumerate(keys) if k in ("source", "basis")), len(keys))
        parent.insert(at, last, value)

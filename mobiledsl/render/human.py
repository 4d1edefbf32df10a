"""The human rendering of diagnostics, in the manner of rustc.

::

    error[validation.assembly.glue_on_connector]: the glue of 'wheel_lf' matches no connector ...
       --> demo.core:17:52
       |
    17 |     Mecanum wheel_lf(ref = "mecanum_black", glue = (0.12, 0.1494, -0.0216, 0, 1, 0))
       |                                                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ matches no connector
       |
       = help: to mount on 'motor_lf.shaft' write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)

The primary place is underlined with ``^``, secondary places (``Diagnostic.labels``) with
``-``; a secondary place in another file gets its own ``-->`` line. A span without a line (a
missing library.yaml) shows only ``--> file``. A span over several lines is underlined on its
first line, to the end of that line. Colour is optional and comes from rich's styles; without
it the text holds no escape codes at all.

Every piece of text that came from the user's files (a message quoting a value, a label, a
help line, a file name, a quoted source line) is shown through ``mobiledsl.textsafe.shown``:
a control character or a bidi control reads as its escape (``\\x1b``, ``\\u202e``), so a
file cannot clear the screen, retitle the window or link out. A quoted line's markers are
placed by the escaped text, so they stay under what they mark.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping

from ..diagnostics import Diagnostic, Span, count
from ..linebreaks import split_lines
from ..recordtype import record
from ..textsafe import shown as escaped

Sources = Callable[[str], "str | None"] | Mapping[str, str] | None

TAB = "    "


def visible(text: str) -> str:
    """A piece of a source line as it is quoted: escaped, its tabs expanded."""
    return escaped(text, keep_tab=True).replace("\t", TAB)


def cell_len(text: str) -> int:
    """Terminal cells ``text`` takes (rich's count). rich is imported only here and for
    colour, so that a run with nothing to quote does not pay for importing it."""
    from rich.cells import cell_len as cells

    return cells(text)


# A quoted source line wider than this (in terminal cells) is cut around the primary place,
# with "..." where text was left out, so that the markers stay under what they mark.
MAX_SOURCE_CELLS = 140
CONTEXT_CELLS = 24  # kept before the primary place when the line's start is cut
ELLIPSIS = "..."
# what a cut keeps or leaves whole: an escape ``shown`` wrote, or one character
_UNIT = re.compile(r"\\x[0-9a-f]{2}|\\u[0-9a-f]{4}|.", re.S)

_STYLES = {
    "error": "bold red",
    "warning": "bold yellow",
    "note": "bold cyan",
    "ok": "bold green",
    "help": "bold cyan",
    "gutter": "bold blue",
    "secondary": "bold blue",
    "message": "bold",
}


# -- text with optional styles --------------------------------------------------------------
class _Out:
    """Collects lines made of (text, style) pieces and renders them plain or with ANSI."""

    def __init__(self, color: bool):
        self.color = color
        self.lines: list[str] = []

    def line(self, *pieces: tuple[str, str | None] | str) -> None:
        # escaped here, at the edge, whatever a piece holds; the renderer's own text and a
        # quoted line already escaped are left as they are
        parts: list[tuple[str, str | None]] = [
            (escaped(p), None) if isinstance(p, str) else (escaped(p[0]), p[1]) for p in pieces
        ]
        # No trailing whitespace in the output, whatever the pieces end with.
        while parts and not parts[-1][0].strip():
            parts.pop()
        if parts:
            text, style = parts[-1]
            parts[-1] = (text.rstrip(), style)
        if not self.color:
            self.lines.append("".join(text for text, _ in parts))
            return
        from rich.color import ColorSystem
        from rich.style import Style

        rendered = []
        for text, style in parts:
            if style and text:
                rendered.append(
                    Style.parse(_STYLES.get(style, style)).render(
                        text, color_system=ColorSystem.STANDARD
                    )
                )
            else:
                rendered.append(text)
        self.lines.append("".join(rendered))

    def blank(self) -> None:
        self.lines.append("")


# -- sources ----------------------------------------------------------------------------------
def _source_getter(sources: Sources) -> Callable[[str], str | None]:
    if sources is None:
        return lambda _file: None
    if callable(sources):
        return sources
    return lambda file: sources.get(file)


class _Lines:
    """Source lines by file, split once, where every reader breaks them
    (``mobiledsl.linebreaks``)."""

    def __init__(self, sources: Sources):
        self._get = _source_getter(sources)
        self._cache: dict[str, list[str] | None] = {}

    def line(self, file: str, number: int) -> str | None:
        if file not in self._cache:
            try:
                text = self._get(file)
            except Exception:  # a source that cannot be read is shown without its snippet
                text = None
            self._cache[file] = None if text is None else split_lines(text)
        lines = self._cache[file]
        if lines is None or number < 1 or number > len(lines):
            return None
        return lines[number - 1]


# -- one diagnostic ---------------------------------------------------------------------------
@record(eq=False)
class _Mark:
    span: Span
    label: str
    primary: bool


def _location(span: Span) -> str:
    text = span.file
    if span.line is not None:
        text += f":{span.line}"
        if span.column is not None:
            text += f":{span.column}"
    return text


def _underline(text: str, span: Span) -> tuple[int, int]:
    """(display offset, display width) of the part of ``text`` (one source line) that the
    span covers on its first line, counted on the line as it is quoted (``visible``)."""
    if span.column is None:
        stripped = text.strip()
        if not stripped:
            return 0, 1
        start = len(text) - len(text.lstrip())
        return cell_len(visible(text[:start])), cell_len(visible(stripped))
    start = span.column - 1
    prefix = text[:start] + " " * max(0, start - len(text))
    if span.end_line is not None and span.line is not None and span.end_line > span.line:
        covered = text[start:]  # to the end of the first line
    elif span.end_column is not None and span.end_column >= span.column:
        covered = text[start : span.end_column]
    else:
        covered = text[start : start + 1]
    width = cell_len(visible(covered))
    return cell_len(visible(prefix)), max(1, width)


def _fit(
    shown: str, focus: tuple[int, int]
) -> tuple[str, Callable[[int, int], tuple[int, int] | None]]:
    """A quoted line (tabs already expanded) cut to MAX_SOURCE_CELLS around ``focus``
    (display offset, width), and a function that moves a mark's (offset, width) into the
    cut text: None for a mark left outside it."""
    total = cell_len(shown)
    if total <= MAX_SOURCE_CELLS:
        return shown, lambda offset, size: (offset, size)
    f_off, f_size = focus
    budget = MAX_SOURCE_CELLS - len(ELLIPSIS)
    left = 0 if f_off + min(f_size, budget // 2) <= budget else max(0, f_off - CONTEXT_CELLS)
    head = ELLIPSIS if left > 0 else ""
    room = MAX_SOURCE_CELLS - len(head)
    tail = ""
    if total - left > room:
        room -= len(ELLIPSIS)
        tail = ELLIPSIS
    pieces: list[str] = []
    cell, first, end = 0, None, None
    for unit in _UNIT.finditer(shown):  # an escape is kept whole or left out whole
        ch = unit.group()
        w = cell_len(ch)
        if cell >= left and cell + w <= left + room:  # a wide character cut in two is left out
            if first is None:
                first = cell
            pieces.append(ch)
            end = cell + w
        elif cell > left + room:
            break  # past the window: a line of megabytes is not walked whole
        cell += w
    first = left if first is None else first
    end = first if end is None else end

    def place(offset: int, size: int) -> tuple[int, int] | None:
        if offset >= end:
            # past the end of the line (a missing '}'): shown there unless the end was cut
            return None if tail else (len(head) + offset - first, size)
        if offset + size <= first:
            return None
        start, stop = max(offset, first), min(offset + size, end)
        return len(head) + start - first, max(1, stop - start)

    return head + "".join(pieces) + tail, place


def _render_one(out: _Out, d: Diagnostic, lines: _Lines) -> None:
    sev = d.severity.value
    head = f"{sev}[{d.code}]" if d.code else sev
    out.line((head, sev), (": ", "message"), (d.message, "message"))

    marks: list[_Mark] = []
    if d.span is not None and d.span.file:
        marks.append(_Mark(d.span, d.label, True))
    marks.extend(_Mark(l.span, l.message, False) for l in d.labels if l.span.file)

    # Which marks get a source line drawn, grouped by file in order of first appearance.
    groups: dict[str, list[_Mark]] = {}
    for m in marks:
        groups.setdefault(m.span.file, []).append(m)
    drawn = [
        m
        for m in marks
        if m.span.line is not None and lines.line(m.span.file, m.span.line) is not None
    ]
    drawn_ids = {id(m) for m in drawn}
    width = max((len(str(m.span.line)) for m in drawn), default=1)
    pad = " " * (width + 1)

    last_had_snippet = False
    for index, (file, group) in enumerate(groups.items()):
        if index and last_had_snippet:
            out.line((pad + "|", "gutter"))
        out.line((pad + "--> ", "gutter"), _location(group[0].span))
        shown = [m for m in group if id(m) in drawn_ids]
        cut_off: list[_Mark] = []
        if shown:
            out.line((pad + "|", "gutter"))
            cut_off = _snippet(out, shown, lines, file, width, sev)
        last_had_snippet = bool(shown)
        for m in group:
            if id(m) not in drawn_ids and not m.primary and m.label:
                out.line((pad + "= ", "gutter"), ("note", "note"), f": {m.label}")
        for m in cut_off:  # on a long line, outside the part shown
            if m.label:
                out.line(
                    (pad + "= ", "gutter"),
                    ("note", "note"),
                    f": {m.label} (at {_location(m.span)})",
                )

    if d.help or d.notes:
        if last_had_snippet:
            out.line((pad + "|", "gutter"))
        for text in d.help:
            out.line((pad + "= ", "gutter"), ("help", "help"), f": {text}")
        for text in d.notes:
            out.line((pad + "= ", "gutter"), ("note", "note"), f": {text}")


def _snippet(
    out: _Out, marks: list[_Mark], lines: _Lines, file: str, width: int, sev: str
) -> list[_Mark]:
    """Draw the marked lines of one file; returns the marks a cut long line left out."""
    pad = " " * (width + 1)
    by_line: dict[int, list[_Mark]] = {}
    for m in marks:
        if m.span.line is not None:  # every mark drawn has its line
            by_line.setdefault(m.span.line, []).append(m)
    cut_off: list[_Mark] = []
    previous: int | None = None
    for number in sorted(by_line):
        if previous is not None and number - previous == 2:
            between = lines.line(file, previous + 1) or ""
            shown, _ = _fit(visible(between), (0, 1))
            out.line((f"{previous + 1:>{width}} |", "gutter"), " " + shown)
        elif previous is not None and number - previous > 2:
            out.line(("...", "gutter"))
        text = lines.line(file, number) or ""
        ordered = sorted(by_line[number], key=lambda m: (not m.primary, m.span.column or 0))
        placed = [(m, *_underline(text, m.span)) for m in ordered]
        shown, place = _fit(visible(text), (placed[0][1], placed[0][2]))
        out.line((f"{number:>{width}} |", "gutter"), " " + shown)
        for m, offset, size in placed:
            where = place(offset, size)
            if where is None:
                cut_off.append(m)
                continue
            offset, size = where
            style = sev if m.primary else "secondary"
            marker = ("^" if m.primary else "-") * size
            label = f" {m.label}" if m.label else ""
            out.line((pad + "|", "gutter"), " " + " " * offset, (marker + label, style))
        previous = number
    return cut_off


# -- the whole rendering --------------------------------------------------------------------
def _counted(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def summary_line(
    diagnostics: Iterable[Diagnostic], subject: str | None = None
) -> tuple[str, str] | None:
    """('error' | 'warning' | 'ok', text) for the closing line. Without a subject: only the
    counts that are not zero, or None when there is nothing to count. With one (what was
    checked, e.g. "checked robot 'diff_bot'"): always a line, both counts, so that success
    says so too."""
    n = count(diagnostics)
    severity = "error" if n["errors"] else "warning" if n["warnings"] else "ok"
    if subject is not None:
        return severity, (
            f"{subject}: {_counted(n['errors'], 'error')}, {_counted(n['warnings'], 'warning')}"
        )
    parts = [_counted(n[k], k[:-1]) for k in ("errors", "warnings") if n[k]]
    if not parts:
        return None
    return severity, ", ".join(parts) + " emitted"


def render_human(
    diagnostics: Iterable[Diagnostic],
    sources: Sources = None,
    color: bool = False,
    summary: bool | str = True,
) -> str:
    """Render diagnostics as text for a terminal.

    ``sources`` gives a file's text by its path (a callable returning None when it cannot,
    or a dict); a diagnostic whose source is not available is shown without its snippet.
    Each diagnostic is followed by a blank line; ``summary`` adds the closing count line
    (``error: 2 errors, 1 warning emitted``); a string there is what was checked, and the
    closing line names it and is written even for no diagnostics
    (``ok: checked robot 'r': 0 errors, 0 warnings``). Otherwise returns "" for none.
    """
    diagnostics = list(diagnostics)
    out = _Out(color)
    lines = _Lines(sources)
    for d in diagnostics:
        _render_one(out, d, lines)
        out.blank()
    if summary:
        closing = summary_line(diagnostics, summary if isinstance(summary, str) else None)
        if closing is not None:
            sev, text = closing
            out.line((sev, sev), (": " + text, "message"))
    return "".join(line + "\n" for line in out.lines)


__all__ = ["Sources", "render_human", "summary_line"]

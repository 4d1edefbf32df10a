"""One rule for text that reaches a person's terminal: what cannot be shown is shown escaped.

A value read from a file (a part id, a key, a source line, a file name) may hold terminal
control sequences: ESC starts a colour, a screen clear, a window title or an OSC 8 link; BEL
rings; a C1 control such as U+009B is a CSI by itself on some terminals; a bidi override makes
the line read in another order than it is written. Every human-readable output passes such
text through :func:`shown` before it prints it; JSON and SARIF escape by their own rules.

The escaped form is Python's: ``\\x1b``, ``\\x07``, ``\\x9b``, ``\\u202e``. A tab is kept only
where the caller asks (a quoted source line expands its tabs itself).
"""
from __future__ import annotations

import re

# DEL, the C1 controls; the bidi embeddings, overrides and isolates, the marks and the Arabic
# letter mark; the line and paragraph separators (a terminal may break on them). The C0
# controls are added per call, less the tab or newline the caller keeps.
_OTHERS = "\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069"
# Patterns, not compiled ones: ``re`` compiles each the first time it is used (a set with
# characters past U+00FF costs a millisecond to compile), and a run uses one or none of them.
_PATTERN = f"[\x00-\x1f{_OTHERS}]"
_PATTERN_KEEP_TAB = f"[\x00-\x08\x0a-\x1f{_OTHERS}]"
_PATTERN_KEEP_NEWLINE = f"[\x00-\x09\x0b-\x1f{_OTHERS}]"


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def shown(text: str, *, keep_tab: bool = False, keep_newline: bool = False) -> str:
    """``text`` with every control character and bidi control escaped (see the module)."""
    if keep_tab and keep_newline:
        raise ValueError("keep_tab and keep_newline together are not offered")
    pattern = _PATTERN_KEEP_TAB if keep_tab else (
        _PATTERN_KEEP_NEWLINE if keep_newline else _PATTERN)
    return re.sub(pattern, _escape, text)


def is_safe(text: str) -> bool:
    """Whether ``text`` holds nothing :func:`shown` would escape."""
    return re.search(_PATTERN, text) is None

"""Text and attribute values for hand-written XML and SVG: what ``xml.sax.saxutils``'s
``escape`` and ``quoteattr`` give, without the import of ``urllib`` and ``http`` that
module brings along on every command."""

from __future__ import annotations

_ATTRIBUTE = {"\n": "&#10;", "\r": "&#13;", "\t": "&#9;"}


def escape(text: str) -> str:
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def quoteattr(text: str) -> str:
    """The value escaped and in quotes: double, or single when it holds a double quote and
    no single one, or double with &quot; when it holds both."""
    text = escape(text)
    for char, entity in _ATTRIBUTE.items():
        text = text.replace(char, entity)
    if '"' not in text:
        return f'"{text}"'
    if "'" not in text:
        return f"'{text}'"
    return '"' + text.replace('"', "&quot;") + '"'

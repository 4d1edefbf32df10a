"""An element tree as text: the bytes ``ET.indent`` + ``ET.tostring`` give, written in one
pass without ElementTree's namespace scan (the targets use no namespaces), which is most of
its cost on a model of a thousand bodies. The indentation is decided while writing, as
``ET.indent`` would set it, instead of in a pass of its own (the tree is left as it was). A
test holds the two to the same bytes."""

from __future__ import annotations

import xml.etree.ElementTree as ET

# ElementTree's own escaping, so the text is what it would have written
_escape_attrib = ET._escape_attrib  # type: ignore[attr-defined]
_escape_cdata = ET._escape_cdata  # type: ignore[attr-defined]

DECLARATION = "<?xml version='1.0' encoding='utf-8'?>\n"


def to_text(root: ET.Element, declaration: bool = False, indent: str = "  ") -> str:
    out: list[str] = [DECLARATION] if declaration else []
    _write(root, out, "\n", indent)
    if root.tail:
        out.append(_escape_cdata(root.tail))
    return "".join(out)


def _write(elem: ET.Element, out: list[str], here: str, space: str) -> None:
    """Write ``elem`` (not its tail) at the indentation ``here`` ("\\n" and its parent's
    depth of ``space``): ET.indent gives an element with children, where its text or a
    child's tail is only white space, the indentation of the next line."""
    tag = elem.tag
    if not len(elem) or not isinstance(tag, str):
        out.append(_leaf(elem))
        return
    inner = here + space
    text = elem.text
    # what comes before the next child: the text, then each child's tail, or in their place
    # the indentation; it is written with the child, in one piece
    before = (
        _head(tag, elem.attrib)
        + ">"
        + (inner if not text or not text.strip() else _escape_cdata(text))
    )
    kept = False
    for child in elem:
        ctag = child.tag
        if len(child) or not isinstance(ctag, str):
            out.append(before)
            _write(child, out, inner, space)
        else:  # most elements are leaves: written here, without a call of their own
            ctext = child.text
            head = _head(ctag, child.attrib)
            out.append(
                f"{before}{head}>{_cdata(ctext)}</{ctag}>" if ctext else f"{before}{head} />"
            )
        tail = child.tail
        kept = tail is not None and bool(tail.strip())
        before = _escape_cdata(tail) if kept else inner
    out.append(f"{before if kept else here}</{tag}>")  # the last one dedents


def _leaf(elem: ET.Element) -> str:
    """An element without children, a comment or a processing instruction."""
    tag = elem.tag
    if tag is ET.Comment:
        return f"<!--{elem.text}-->"
    if tag is ET.ProcessingInstruction:
        return f"<?{elem.text}?>"
    text = elem.text
    head = _head(tag, elem.attrib)
    return f"{head}>{_escape_cdata(text)}</{tag}>" if text else head + " />"


def _head(tag: str, attrib: dict[str, str]) -> str:
    """``<tag`` and the attributes. They are written as they are and escaped only when the
    text shows something to escape: a character ElementTree escapes (the line breaks and
    tab are not printable), or more quotes than the values' own."""
    if not attrib:
        return "<" + tag
    body = "".join([f' {key}="{value}"' for key, value in attrib.items()])
    if (
        body.isprintable()
        and "&" not in body
        and "<" not in body
        and ">" not in body
        and body.count('"') == 2 * len(attrib)
    ):
        return "<" + tag + body
    return (
        "<" + tag + "".join([f' {key}="{_escape_attrib(value)}"' for key, value in attrib.items()])
    )


def _cdata(text: str) -> str:
    return _escape_cdata(text) if "&" in text or "<" in text or ">" in text else text

"""An element tree as text: the bytes ``ET.indent`` + ``ET.tostring`` give, written in one
pass without ElementTree's namespace scan (the targets use no namespaces), which is most of
its cost on a model of a thousand bodies. The indentation is decided while writing, as
``ET.indent`` would set it, instead of in a pass of its own (the tree is left as it was). A
test holds the two to the same bytes."""
from __future__ import annotations

import xml.etree.ElementTree as ET

# ElementTree's own escaping, so the text is what it would have written
_escape_attrib = ET._escape_attrib          # type: ignore[attr-defined]
_escape_cdata = ET._escape_cdata            # type: ignore[attr-defined]

DECLARATION = "<?xml version='1.0' encoding='utf-8'?>\n"


def to_text(root: ET.Element, declaration: bool = False, indent: str = "  ") -> str:
    out: list[str] = [DECLARATION] if declaration else []
    _write(root, out.append, "\n", indent, root.tail)
    return "".join(out)


def _write(elem: ET.Element, write, here: str, space: str, tail: str | None) -> None:
    """Write ``elem`` at the indentation ``here`` ("\\n" and its parent's depth of
    ``space``), then ``tail``: ET.indent gives an element with children, where its text or
    a child's tail is only white space, the indentation of the next line."""
    tag = elem.tag
    if tag is ET.Comment:
        write(f"<!--{elem.text}-->")
    elif tag is ET.ProcessingInstruction:
        write(f"<?{elem.text}?>")
    else:
        attrib = elem.attrib
        head = "<" + tag + "".join([f' {key}="{_escape_attrib(value)}"'
                                    for key, value in attrib.items()]) if attrib else "<" + tag
        text = elem.text
        if len(elem):
            inner = here + space
            write(head + ">" + (inner if not text or not text.strip() else _escape_cdata(text)))
            last = len(elem) - 1
            for i, child in enumerate(elem):
                child_tail = child.tail
                if not child_tail or not child_tail.strip():
                    child_tail = here if i == last else inner    # the last one dedents
                _write(child, write, inner, space, child_tail)
            write(f"</{tag}>")
        elif text:
            write(f"{head}>{_escape_cdata(text)}</{tag}>")
        else:
            write(head + " />")
    if tail:
        write(_escape_cdata(tail))

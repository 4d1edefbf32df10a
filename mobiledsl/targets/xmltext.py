"""An element tree as text: the bytes ``ET.indent`` + ``ET.tostring`` give, written in one
pass without ElementTree's namespace scan (the targets use no namespaces), which is most of
its cost on a model of a thousand bodies. A test holds the two to the same bytes."""
from __future__ import annotations

import xml.etree.ElementTree as ET

# ElementTree's own escaping, so the text is what it would have written
_escape_attrib = ET._escape_attrib          # type: ignore[attr-defined]
_escape_cdata = ET._escape_cdata            # type: ignore[attr-defined]

DECLARATION = "<?xml version='1.0' encoding='utf-8'?>\n"


def to_text(root: ET.Element, declaration: bool = False, indent: str = "  ") -> str:
    ET.indent(root, space=indent)
    out: list[str] = [DECLARATION] if declaration else []
    _write(root, out.append)
    return "".join(out)


def _write(elem: ET.Element, write) -> None:
    tag = elem.tag
    if tag is ET.Comment:
        write(f"<!--{elem.text}-->")
    elif tag is ET.ProcessingInstruction:
        write(f"<?{elem.text}?>")
    else:
        write("<" + tag)
        for key, value in elem.attrib.items():
            write(f' {key}="{_escape_attrib(value)}"')
        text = elem.text
        if text or len(elem):
            write(">")
            if text:
                write(_escape_cdata(text))
            for child in elem:
                _write(child, write)
            write(f"</{tag}>")
        else:
            write(" />")
    if elem.tail:
        write(_escape_cdata(elem.tail))

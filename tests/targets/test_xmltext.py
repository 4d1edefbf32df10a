"""The targets' XML writer gives the bytes ElementTree would, on every program's outputs
and on the odd cases (escapes, comments, empty and mixed elements)."""
from __future__ import annotations

import importlib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mobiledsl.pipeline import compile_program
from mobiledsl.targets import xmltext

REPO = Path(__file__).resolve().parents[2]
PROGRAMS = sorted(p for p in (REPO / "programs").iterdir() if p.is_dir())


def reference(root: ET.Element, declaration: bool = False, indent: str = "  ") -> str:
    ET.indent(root, space=indent)
    return ET.tostring(root, encoding="unicode", xml_declaration=declaration)


def odd_tree() -> ET.Element:
    root = ET.Element("mujoco", model='a "quoted" <name> & co')
    root.append(ET.Comment(" a comment, with <angles> & ampersands "))
    ET.SubElement(root, "empty")
    leaf = ET.SubElement(root, "text", {"multi": "line\nbreak\ttab\rcr"})
    leaf.text = "1 < 2 & 3 > 2"
    mixed = ET.SubElement(root, "mixed")
    mixed.text = "  "
    ET.SubElement(mixed, "inner", name="\u00fc")
    nested = ET.SubElement(ET.SubElement(root, "deep"), "deeper")
    nested.tail = "tail text"
    return root


@pytest.mark.parametrize("declaration", [False, True])
def test_odd_cases(declaration):
    assert xmltext.to_text(odd_tree(), declaration) == reference(odd_tree(), declaration)


def tails_tree() -> ET.Element:
    """Tails and texts the indentation keeps or replaces: white space on a middle and on a
    last child, text on a last child, a comment last, a root with a tail of its own."""
    root = ET.Element("root")
    root.tail = "after the root"
    a = ET.SubElement(root, "a")
    a.tail = "   \n  "
    b = ET.SubElement(a, "b")
    b.tail = "kept"
    c = ET.SubElement(root, "c")
    c.text = "\n\n"
    ET.SubElement(c, "d").tail = " "
    root.append(ET.Comment("last"))
    lone = ET.Element("lone")
    lone.text = "  "
    return root, lone


@pytest.mark.parametrize("indent", ["  ", "\t", ""])
def test_tails_and_indents(indent):
    for mine, theirs in zip(tails_tree(), tails_tree()):
        assert xmltext.to_text(mine, True, indent) == reference(theirs, True, indent)


@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_every_program_same_bytes(program, monkeypatch, tmp_path):
    files = [next(program.glob(f"*.{k}"), None) for k in ("core", "world", "task")]
    targets = ["mjcf"] if program.name == "quad" else ["mjcf", "ros-gz-nav2"]

    def emitted(out):
        result = compile_program(*files, [REPO / "libraries" / "demo_parts"], targets=targets,
                                 outdir=out)
        assert result.written_files
        return {Path(f).relative_to(out): Path(f).read_bytes() for f in result.written_files
                if f.endswith((".xml", ".urdf", ".sdf"))}

    ours = emitted(tmp_path / "ours")
    monkeypatch.setattr(xmltext, "to_text", reference)
    for module in ("mobiledsl.targets.mjcf", "mobiledsl.targets.ros.urdf",
                   "mobiledsl.targets.ros.sdf"):
        monkeypatch.setattr(importlib.import_module(module), "to_text", reference)
    theirs = emitted(tmp_path / "theirs")
    assert ours and ours == theirs


@pytest.mark.parametrize("value", ['"', "'", "&", "<", ">", "\n", "\r", "\t", "\x0b", "\u00fc",
                                   "a=\"b\"", "plain", "", " "])
def test_each_character_escaped_or_not(value):
    """An attribute value alone with each character ElementTree escapes, and with ones it
    leaves (a single quote, a character that is not printable, one past ASCII), next to a
    plain value, on a leaf and on an element with children."""
    def tree():
        root = ET.Element("root", {"a": value, "b": "1 2"})
        ET.SubElement(root, "leaf", {"b": "x", "a": value}).text = value
        return root
    assert xmltext.to_text(tree()) == reference(tree())

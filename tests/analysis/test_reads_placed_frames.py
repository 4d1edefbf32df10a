"""The analysis reads what the earlier phases placed: it imports nothing of the assembly (a
walker's limbs are placed when the walker loads, ``library/limbframes.py``)."""
from __future__ import annotations

import ast
from pathlib import Path

ANALYSIS = Path(__file__).resolve().parents[2] / "mobiledsl" / "analysis"


def imports_of(path: Path) -> set[str]:
    """The modules a module of mobiledsl/analysis imports, relative ones resolved."""
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            base = ["mobiledsl", "analysis"][:max(0, 2 - node.level + 1)] if node.level else []
            out.add(".".join(base + ([node.module] if node.module else [])))
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    return out


def test_no_analysis_module_imports_the_assembly():
    found = {p.name: sorted(m for m in imports_of(p) if m.startswith("mobiledsl.assembly"))
             for p in sorted(ANALYSIS.glob("*.py"))}
    assert {name: mods for name, mods in found.items() if mods} == {}

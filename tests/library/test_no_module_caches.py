"""The library's loading keeps no state between loads: no module of mobiledsl/library holds a
cache at module level (a dict, list or set made empty at import and filled as it runs), so
two loads in one process see the same code paths and nothing one load read outlives it.
fields.py's caches are its own module's to answer for."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

LIBRARY = Path(__file__).resolve().parents[2] / "mobiledsl" / "library"
MODULES = sorted(p.name for p in LIBRARY.glob("*.py") if p.name != "fields.py")


def empty_containers(source: str) -> list[str]:
    """The module-level names bound to an empty dict, list or set."""
    found = []
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign):
            targets, value = node.targets, node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            targets, value = [node.target], node.value
        else:
            continue
        empty = (isinstance(value, (ast.Dict, ast.List, ast.Set)) and
                 not getattr(value, "keys", None) and not getattr(value, "elts", None)) or \
            (isinstance(value, ast.Call) and isinstance(value.func, ast.Name) and
             value.func.id in ("dict", "list", "set", "OrderedDict") and not value.args)
        if empty:
            found += [t.id for t in targets if isinstance(t, ast.Name)]
    return found


@pytest.mark.parametrize("module", MODULES)
def test_no_module_level_cache(module):
    assert empty_containers((LIBRARY / module).read_text(encoding="utf-8")) == []


def test_the_check_finds_a_cache():
    source = "A = {}\nB: dict[str, int] = {}\nC = set()\nD = {1: 2}\nE = (1, 2)\n"
    assert empty_containers(source) == ["A", "B", "C"]

"""The library's loaders sit below every phase: what the build graph fingerprints for a
part's or a walker's load (the code its run function can import) holds no assembly,
resolve or analysis module, so editing those never re-loads a library."""
from __future__ import annotations

from mobiledsl.graph.code import CodeIndex
from mobiledsl.graph.tasks import phase_functions

ABOVE = ("mobiledsl.assembly", "mobiledsl.resolve", "mobiledsl.analysis", "mobiledsl.targets")


def _closure(kind: str) -> set[str]:
    index = CodeIndex(None)
    roots: set[str] = set()
    for func in phase_functions(kind, None):
        roots.add(func.__module__)
        roots.update(index.function_imports(func.__module__, func.__name__))
    return index.closure(roots)


def test_loading_a_part_or_a_walker_can_run_no_phase_above_it():
    for kind in ("manifest", "load", "walker"):
        above = sorted(m for m in _closure(kind) if m.startswith(ABOVE))
        assert above == [], (kind, above)

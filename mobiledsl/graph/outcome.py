"""What the build graph says of one program, read back from its records: the diagnostics
the command line would print for it, in the command line's order (the libraries' first:
each manifest, then each library's parts the program needs and its walkers, then the
program's phases, then each target's emission). ``mobiledsl.graph`` shows each task's
diagnostics as it runs; this gathers them per program, so the two drivers can be compared.

Every path is relative to the project root, the working directory.
"""
from __future__ import annotations

import json
import os
from collections.abc import Sequence

from ..diagnostics import Diagnostic
from ..phases import PROGRAM_PHASES
from . import layout
from .positions import Positions


def _diagnostics_of(path: str) -> list[Diagnostic]:
    try:
        with open(path, "rb") as fh:
            data = json.loads(fh.read().decode("utf-8"))
    except (OSError, ValueError):
        return []
    return [Diagnostic.from_json(d) for d in data.get("diagnostics", ())]


def program_diagnostics(graph, program: str, targets: Sequence[str]) -> list[Diagnostic]:
    """Every diagnostic the records of ``program`` hold, lines and columns put back."""
    from .libraries import needs_of
    parse = layout.program_record(program, "parse")
    registries = graph.registries
    direct = needs_of(parse, registries)
    needs = needs_of(parse, registries, [layout.part_record(registries[i].name, pid)
                                         for i, pid in direct.parts])
    needed_parts = {(registries[i].name, pid) for i, pid in needs.parts}
    needed_walkers = {(registries[i].name, wid) for i, wid in needs.walkers}
    found: list[Diagnostic] = []
    for lib in graph.libraries:
        found.extend(_diagnostics_of(layout.library_record(lib.name)))
    for lib in graph.libraries:
        for pid in lib.parts:
            if (lib.name, pid) in needed_parts:
                found.extend(_diagnostics_of(layout.part_record(lib.name, pid)))
        for wid in lib.walkers:
            if (lib.name, wid) in needed_walkers:
                found.extend(_diagnostics_of(layout.walker_record(lib.name, wid)))
    for phase in PROGRAM_PHASES:
        found.extend(_diagnostics_of(layout.program_record(program, phase)))
    for target in targets:
        path = layout.emission_record(program, target)
        if os.path.exists(path):
            found.extend(_diagnostics_of(path))
    positions = Positions()
    return [positions.diagnostic(d) for d in found]

"""What the build graph made of one program, read back from its records: the diagnostics
the command line would print for it, in the command line's order (each manifest's, then
each library's parts the program needs and its walkers', then the program's phases', then
each target's emission's), and the compile as ``pipeline.CompileResult`` (what
``sim:<program>`` runs the task on, instead of compiling again).

Every path is relative to the project root, the working directory.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import Any

from ..diagnostics import Diagnostic
from ..needs import Registry
from ..phases import PROGRAM_PHASES
from . import layout
from .positions import Positions, diagnostic_from_json


def _diagnostics_of(path: str) -> list[Diagnostic]:
    try:
        with open(path, "rb") as fh:
            data = json.loads(fh.read().decode("utf-8"))
    except (OSError, ValueError):
        return []
    return [diagnostic_from_json(d) for d in data.get("diagnostics", ())]


def program_diagnostics(
    manifests: Sequence[str], registries: Sequence[Registry], program: str, targets: Sequence[str]
) -> list[Diagnostic]:
    """Every diagnostic the records of ``program`` hold, lines and columns put back:
    ``manifests``, the names of the libraries whose manifest records come first (the
    matrix's, a blocked one among them); ``registries``, the libraries it is resolved
    against (``Graph.registries``)."""
    from .libraries import needs_of

    parse = layout.program_record(program, "parse")
    direct = needs_of(parse, registries)
    needs = needs_of(
        parse, registries, [layout.part_record(registries[i].name, pid) for i, pid in direct.parts]
    )
    found: list[Diagnostic] = []
    for name in manifests:
        found.extend(_diagnostics_of(layout.library_record(name)))
    for i, reg in enumerate(registries):
        found.extend(
            d
            for pid in reg.parts
            if (i, pid) in needs.parts
            for d in _diagnostics_of(layout.part_record(reg.name, pid))
        )
        found.extend(
            d
            for wid in reg.walkers
            if (i, wid) in needs.walkers
            for d in _diagnostics_of(layout.walker_record(reg.name, wid))
        )
    for phase in PROGRAM_PHASES:
        found.extend(_diagnostics_of(layout.program_record(program, phase)))
    for target in targets:
        path = layout.emission_record(program, target)
        if os.path.exists(path):
            found.extend(_diagnostics_of(path))
    positions = Positions()
    return [positions.diagnostic(d) for d in found]


def program_result(program: str, diagnostics: list[Diagnostic]) -> Any:
    """The compile of ``program`` as its records hold it, with ``diagnostics``
    (``program_diagnostics``): a phase that failed leaves its result and the later ones
    None, as the command line's compile does."""
    from ..pipeline import CompileResult
    from .records import read_result

    result = CompileResult(diagnostics=list(diagnostics))
    values = {}
    for phase in PROGRAM_PHASES:
        path = layout.program_record(program, phase)
        values[phase] = read_result(phase, path) if os.path.exists(path) else None
        if values[phase] is None:
            break
    resolution = values.get("resolve")
    if resolution is not None:
        result.world, result.task = resolution.resolved.world, resolution.resolved.task
    result.robot = values.get("assemble")
    result.analysis = values.get("analyse")
    return result

"""What of the libraries each program's resolve task reads: the ``refs:`` and ``deps:``
tasks' actions (calc_dep) and the libraries rebuilt from records for resolve.

Both ask ``needs.program_needs``, the rule the command line loads by, on typed records: the
parse record's ``Program`` and the direct parts' ``Part`` records. ``refs:<program>`` asks
with no part read (the parts the program names, their walkers, the context of a ref that
names nothing); ``deps:<program>`` asks again with the records of those parts (an
environment's objects), and its answer is resolve's file_dep.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from ..needs import Needs, Registry, program_needs
from ..phases import program_refs
from . import layout
from .positions import decode, span_from_json
from .records import diagnostics_of, read_json, read_result, record_type


def needs_of(
    parse_rec: str, registries: Sequence[Registry], part_records: Iterable[str] = ()
) -> Needs:
    """What the program of ``parse_rec`` needs, given the part records read so far."""
    index = {reg.name: i for i, reg in enumerate(registries)}
    Part = record_type("load")
    parts: dict[tuple[int, str], Any] = {}
    for path in sorted(part_records):
        key = layout.split_part_record(path)
        if key is None or key[0] not in index:
            continue
        data = read_json(path).get("part")
        parts[index[key[0]], key[1]] = None if data is None else decode(Part, data)
    return program_needs(program_refs(read_result("parse", parse_rec)), registries, parts)


def records_of(needs: Needs, registries: Sequence[Registry]) -> list[str]:
    """The records of what ``needs`` names: part records, then walker records."""
    parts = [layout.part_record(registries[i].name, pid) for i, pid in needs.parts + needs.context]
    walkers = [layout.walker_record(registries[i].name, wid) for i, wid in needs.walkers]
    return sorted(parts) + sorted(walkers)


def refs_action(parse_rec: str, registries: list[Registry]) -> dict:
    """calc_dep of ``deps:<program>``: the records of what the program names."""
    return {"file_dep": records_of(needs_of(parse_rec, registries), registries)}


def deps_action(parse_rec: str, registries: list[Registry], dependencies: list[str]) -> dict:
    """calc_dep of ``resolve:<program>``: what the program needs, its named parts' records
    read (the task's file_dep, so a changed environment re-runs it)."""
    needs = needs_of(parse_rec, registries, dependencies)
    return {"file_dep": records_of(needs, registries)}


def build_libraries(libraries: Sequence[Sequence[Any]], record_paths: Iterable[str]) -> list:
    """Re-assemble ``Library`` records from part and walker records: only the parts a
    program needs (its task's dynamic file_dep), never a whole library. ``libraries``: each
    (name, root, where its library.yaml states the name), the span as the manifest's record
    places it (``Graph._manifest``)."""
    from ..library.building import build_library

    Part, Walker = record_type("load"), record_type("walker")
    parts: dict[str, dict[str, tuple[Any, list]]] = {lib[0]: {} for lib in libraries}
    walkers: dict[str, dict[str, tuple[Any, list]]] = {lib[0]: {} for lib in libraries}
    for path in sorted(record_paths):
        key = layout.split_part_record(path)
        if key is not None and key[0] in parts:
            data = read_json(path)
            part = data.get("part")
            parts[key[0]][key[1]] = (
                None if part is None else decode(Part, part),
                diagnostics_of(data),
            )
            continue
        wkey = layout.split_walker_record(path)
        if wkey is not None and wkey[0] in walkers:
            walker = read_json(path).get("walker")
            if walker is not None:
                walkers[wkey[0]][wkey[1]] = (decode(Walker, walker), [])
    return [
        build_library(
            name,
            root,
            parts[name],
            walkers[name],
            as_records=True,
            name_span=span_from_json(stated[0] if stated else None),
        )
        for name, root, *stated in libraries
    ]


def registries_digest(registries: Sequence[Registry]) -> str:
    """One hash of what the libraries register, for the refs and deps tasks' config."""
    from ..records import to_json
    from .hashing import hash_text

    return hash_text(json.dumps(to_json(list(registries)), sort_keys=True))

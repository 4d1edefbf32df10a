"""The action of the program phase tasks: read the input records, run the phase's row of
``mobiledsl.phases.PHASES``, write its record (analyse also writes its report).

Each action reads records, calls one pure phase and writes one record (identical bytes leave
the file untouched, so the tasks downstream, whose file_dep are checked by content hash,
stay up to date: early cutoff). Diagnostics go into the record and are printed; an input
error never fails the task, so one broken program does not stop the others.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from typing import Any

from ..diagnostics import Diagnostic
from ..inputs import read_regular
from ..phases import PHASES, Phase, Source
from ..planned import report_files
from . import cache, layout, restore
from .cleaning import unlink
from .libraries import build_libraries
from .positions import table_path
from .records import emit_outputs, encode, read_result, show_record


def read_sources(files: dict[str, str]) -> dict[str, Source | None]:
    """A program's files as the parse phase takes them (the command line's ``decode_source``
    says where a file is not UTF-8, so both report it alike)."""
    from ..pipeline import decode_source
    sources: dict[str, Source | None] = {}
    for kind in ("core", "world", "task"):
        path = files.get(kind)
        if path is None:
            sources[kind] = None
            continue
        text, not_utf8 = decode_source(read_regular(path), path)
        sources[kind] = Source(path, None if not_utf8 else text, not_utf8)
    return sources

def compute(row: Phase, records: dict[str, str], given: dict[str, Any]
            ) -> tuple[Any, list[Diagnostic]] | None:
    """Run one phase on the results its input records hold and what the task hands over;
    None when it is skipped (an input it needs failed)."""
    values = dict(given)
    for name, path in records.items():
        values[name] = read_result(name, path)
        if values[name] is None and name in row.needs:
            return None
    result, diags = row.run(**{key: values[key] for key in row.inputs})
    return result, list(diags)

def _record(out: str, row: Phase, computed: tuple[Any, list[Diagnostic]] | None
            ) -> dict[str, bytes]:
    result, diags = computed if computed is not None else (None, [])
    return encode(out, {row.key: result, "diagnostics": diags})

def phase_action(phase: str, out: str, records: dict[str, str], params: dict[str, Any],
                 files: dict[str, str] | None = None,
                 libraries: list[tuple[str, str]] | None = None, skip: bool = False,
                 *, dependencies: list[str], roots: Iterable[str] = ()) -> None:
    """The action of every program phase task: read the input records (``records``: phase
    name -> path), the program's ``files`` (parse) or the part records of the task's
    ``dependencies`` as ``libraries`` (resolve), run the phase, write its record. With
    ``skip`` (a library of the matrix cannot be loaded) the record holds no result.
    ``roots``: the matrix's library roots, which a restored record's files may lie in."""
    row = PHASES[phase]
    inputs = sorted(set(records.values()) | set((files or {}).values()) |
                    set(dependencies))

    def produce() -> dict[str, bytes]:
        given = dict(params)
        if files is not None:
            given["sources"] = read_sources(files)
        if libraries is not None:
            given["libraries"] = build_libraries(libraries, dependencies)
        return _record(out, row, None if skip else compute(row, records, given))

    if phase == "parse":                        # cheap, and its inputs are sources
        outputs = produce()
    else:
        outputs = cache.produce(
            phase, [params, libraries, skip], inputs, produce,
            writes={out, table_path(out)}.__contains__,
            check=lambda found: restore.records_problem(found, out, roots, row.key,
                                                        row.record))
    emit_outputs(outputs)
    show_record(outputs[out])

def analyse_action(resolve_rec: str, assemble_rec: str, out: str,
                   report_dir: str, roots: Iterable[str] = ()) -> dict:
    """Analyse the robot into its record and its report (``analysis.json`` and
    ``topview.svg`` in ``report_dir``). A skipped analysis withdraws the report an earlier
    one wrote."""
    row = PHASES["analyse"]
    records = {"resolve": resolve_rec, "assemble": assemble_rec}

    def produce() -> dict[str, bytes]:
        computed = compute(row, records, {})
        outputs = _record(out, row, computed)
        if computed is not None and computed[0] is not None:
            for name, data in report_files(computed[0]).items():
                outputs[f"{report_dir}/{name}"] = data
        return outputs

    writes = {out, table_path(out)} | {f"{report_dir}/{name}" for name in layout.REPORT_FILES}
    outputs = cache.produce(
        "analyse", [report_dir], [resolve_rec, assemble_rec], produce,
        writes=writes.__contains__,
        check=lambda found: restore.records_problem(found, out, roots, row.key, row.record))
    if os.path.isdir(report_dir):
        for name in os.listdir(report_dir):
            path = f"{report_dir}/{name}"
            if path not in outputs and not name.startswith("."):
                unlink(path)
    emit_outputs(outputs)
    show_record(outputs[out])
    prefix = f"{report_dir}/"
    return {"report": sorted(p[len(prefix):] for p in outputs if p.startswith(prefix))}

def report_present(task, values, record: str, report_dir: str) -> bool:
    """uptodate of an analyse task: its report files are there when its record holds an
    analysis (their content is the task's to keep: they are written with the record)."""
    names = values.get("report")
    if names is None:
        return False
    return all(os.path.isfile(f"{report_dir}/{name}") for name in names)

"""The one action of every phase task, library and program alike: read the input records,
run the phase's row of ``mobiledsl.phases.PHASES``, write its record.

The record holds ``{<row.key>: result, "diagnostics": [...]}``; identical bytes leave the
file untouched, so the tasks downstream, whose file_dep are checked by content hash, stay
up to date (early cutoff). Diagnostics go into the record and are printed; an input error
never fails the task, so one broken program does not stop the others. An exception here is
a bug.

What a phase's task does besides is its ``Hooks`` (``HOOKS``): what the task hands the
phase beyond earlier records (a program's sources, the libraries rebuilt from records, a
walker's parts), the files written beside the record (the analysis report; an emission's
files, kept as blobs), what is saved as task values (the listing a load looked at), and
whether the outputs are kept in the artifact store (``cache``).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..diagnostics import Diagnostic, has_errors
from ..inputs import read_regular
from ..phases import PHASES, Phase, Source
from ..planned import emission_assets, emission_files, report_files
from ..targets.overrides import listing, read_overrides
from . import cache, layout, restore
from .cleaning import listed, unlink, withdraw
from .hashing import hash_bytes, listing_digest, policy_digest
from .libraries import build_libraries
from .positions import decode, span_from_json, table_path
from .records import (
    emit_outputs,
    encode,
    read_json,
    read_result,
    record_type,
    show_record,
    write_output,
)

Computed = tuple[Any, list[Diagnostic]] | None


@dataclass(frozen=True)
class PhaseTask:
    """One phase task's arguments, as ``phase_action`` was given them."""

    phase: str
    out: str  # the record
    records: dict[str, str]  # earlier phase -> its record
    params: dict[str, Any]  # what the task hands the phase as it is
    files: dict[str, str] | None = None  # a program's files (parse)
    # (name, root, where the name is stated) of each library to resolve against
    libraries: list[tuple[str, str, dict | None]] | None = None
    skip: bool = False  # a library of the matrix cannot be loaded
    dependencies: list[str] = field(default_factory=list)  # the task's file_dep
    roots: tuple[str, ...] = ()  # where a restored record's files may lie
    place: str | None = None  # the report's folder, a cell's folder

    @property
    def row(self) -> Phase:
        return PHASES[self.phase]


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


def compute(row: Phase, records: dict[str, str], given: dict[str, Any]) -> Computed:
    """Run one phase on the results its input records hold and what the task hands over;
    None when it is skipped (an input it needs failed)."""
    values = dict(given)
    for name, path in records.items():
        values[name] = read_result(name, path)
        if values[name] is None and name in row.needs:
            return None
    result, diags = row.run(**{key: values[key] for key in row.inputs})
    return result, list(diags)


# -- the hooks -----------------------------------------------------------------------------------
def _nothing(task: PhaseTask) -> dict[str, Any]:
    return {}


def plain_record(task: PhaseTask, computed: Computed) -> dict[str, bytes]:
    """The record alone (and its positions table)."""
    result, diags = computed if computed is not None else (None, [])
    return encode(task.out, {task.row.key: result, "diagnostics": diags})


def _the_record(task: PhaseTask) -> Callable[[str], bool]:
    return {task.out, table_path(task.out)}.__contains__


def _record_problem(task: PhaseTask) -> Callable[[dict[str, bytes]], str | None]:
    row = task.row
    return lambda found: restore.records_problem(found, task.out, task.roots, row.key, row.record)


def write_all(task: PhaseTask, outputs: dict[str, bytes]) -> dict | None:
    """The task's files, written together or not at all, then its diagnostics shown."""
    emit_outputs(outputs)
    show_record(outputs[task.out])
    return None


@dataclass(frozen=True)
class Hooks:
    """What a phase's task does besides reading records, running the phase and writing its
    record; each takes the ``PhaseTask``."""

    # what the task hands the phase beyond the earlier records and its params
    given: Callable[[PhaseTask], dict[str, Any]] = _nothing
    # the files the phase writes: its record, and what it writes beside it
    outputs: Callable[[PhaseTask, Computed], dict[str, bytes]] = plain_record
    # kept in the artifact store: the parameters of its key, its inputs, the files it may
    # restore and their check (None: always computed, as cheap as a restore)
    key: Callable[[PhaseTask], list] | None = None
    inputs: Callable[[PhaseTask], list[str]] = lambda task: sorted(
        set(task.records.values()) | set((task.files or {}).values()) | set(task.dependencies)
    )
    writes: Callable[[PhaseTask], Callable[[str], bool]] = _the_record
    check: Callable[[PhaseTask], Callable[[dict[str, bytes]], str | None]] = _record_problem
    # task values saved before the phase runs (what it looked at besides its file_dep)
    before: Callable[[PhaseTask], dict] = _nothing
    # writes the outputs; returns task values
    finish: Callable[[PhaseTask, dict[str, bytes]], dict | None] = write_all


def phase_action(
    phase: str,
    out: str,
    records: dict[str, str],
    params: dict[str, Any],
    files: dict[str, str] | None = None,
    libraries: list[tuple[str, str, dict | None]] | None = None,
    skip: bool = False,
    *,
    dependencies: Iterable[str],
    roots: Iterable[str] = (),
    place: str | None = None,
) -> dict | None:
    """The action of every phase task: ``records`` (phase name -> path) are the earlier
    phases' records it reads, ``params`` what it hands the phase as it is (a root, an id,
    a target), ``files`` a program's files (parse), ``libraries`` the libraries to rebuild
    from the part records of its ``dependencies`` (resolve); with ``skip`` (a library of
    the matrix cannot be loaded) the record holds no result. ``roots``: the matrix's
    library roots, which a restored record's files may lie in; ``place``: the folder the
    phase writes beside its record (analyse's report, an emission's cell)."""
    task = PhaseTask(
        phase, out, records, params, files, libraries, skip, list(dependencies), tuple(roots), place
    )
    hooks = HOOKS.get(phase, Hooks())
    values = hooks.before(task)

    def produce() -> dict[str, bytes]:
        given = {**task.params, **hooks.given(task)}
        return hooks.outputs(task, None if skip else compute(task.row, records, given))

    if hooks.key is None:
        outputs = produce()
    else:
        outputs = cache.produce(
            phase,
            hooks.key(task),
            hooks.inputs(task),
            produce,
            writes=hooks.writes(task),
            check=hooks.check(task),
        )
    more = hooks.finish(task, outputs)
    return {**values, **(more or {})} or None


# -- library phases: what a load looked at, a walker's parts --------------------------------------
def _spans(*names: str) -> Callable[[PhaseTask], dict[str, Any]]:
    """The params that are spans, from their JSON."""
    return lambda task: {name: span_from_json(task.params.get(name)) for name in names}


def _looked_at(folder: str, declaration: str) -> Callable[[PhaseTask], dict]:
    """Before loading: the listing of the folder and the policy files the load checks,
    so that a later change re-runs it (``listing_unchanged``, ``policy_unchanged``)."""

    def before(task: PhaseTask) -> dict:
        where = os.path.join(task.params["root"], folder.format(**task.params))
        return {
            "listing": listing_digest(where),
            "policy": policy_digest(where, os.path.join(where, declaration)),
        }

    return before


def _walker_parts(task: PhaseTask) -> dict[str, Any]:
    """The walker's library's parts, from the part records among the task's file_dep."""
    Part = record_type("load")
    parts: dict[str, Any] = {}
    for path in sorted(task.dependencies):
        key = layout.split_part_record(path)
        if key is None or key[0] != task.params["library"]:
            continue
        data = read_json(path).get("part")
        if data is not None:
            parts[key[1]] = decode(Part, data)
    return {"parts": parts, **_spans("registered_at")(task)}


# -- program phases: the sources, the libraries, the report ---------------------------------------
def _sources(task: PhaseTask) -> dict[str, Any]:
    return {"sources": read_sources(task.files or {})}


def _libraries(task: PhaseTask) -> dict[str, Any]:
    return {"libraries": build_libraries(task.libraries or [], task.dependencies)}


def _with_report(task: PhaseTask, computed: Computed) -> dict[str, bytes]:
    """The analysis record and its report (``analysis.json``, ``topview.svg``)."""
    outputs = plain_record(task, computed)
    if computed is not None and computed[0] is not None:
        for name, data in report_files(computed[0]).items():
            outputs[f"{task.place}/{name}"] = data
    return outputs


def _record_or_report(task: PhaseTask) -> Callable[[str], bool]:
    writes = {task.out, table_path(task.out)} | {
        f"{task.place}/{name}" for name in layout.REPORT_FILES
    }
    return writes.__contains__


def _report_written(task: PhaseTask, outputs: dict[str, bytes]) -> dict:
    """The report beside the record; a skipped analysis withdraws the one an earlier run
    wrote. Its names are the task's values (``report_present``)."""
    report_dir = task.place or ""
    if os.path.isdir(report_dir):
        for name in os.listdir(report_dir):
            path = f"{report_dir}/{name}"
            if path not in outputs and not name.startswith("."):
                unlink(path)
    write_all(task, outputs)
    prefix = f"{report_dir}/"
    return {"report": sorted(p[len(prefix) :] for p in outputs if p.startswith(prefix))}


def report_present(task, values, record: str, report_dir: str) -> bool:
    """uptodate of an analyse task: its report files are there when its record holds an
    analysis (their content is the task's to keep: they are written with the record)."""
    names = values.get("report")
    if names is None:
        return False
    return all(os.path.isfile(f"{report_dir}/{name}") for name in names)


# -- emission: the files as blobs beside the record -----------------------------------------------
def _emission_outputs(task: PhaseTask, computed: Computed) -> dict[str, bytes]:
    """Each file's bytes as a blob named by their hash beside the record
    (``layout.blob_dir``), and the record listing the files by hash and the asset folders.
    A target that reports an error writes nothing."""
    blob_dir = layout.blob_dir(task.out)
    files: dict[str, dict] = {}
    blobs: dict[str, bytes] = {}
    assets: list[list[str]] = []
    emission, diags = computed if computed is not None else (None, [])
    if emission is not None and not has_errors(diags):
        for rel, data in emission_files(emission).items():
            digest = hash_bytes(data)
            files[rel] = {"hash": digest, "size": len(data)}
            blobs[digest] = data
        assets.extend([source, dest] for source, dest in emission_assets(emission))
    outputs = {f"{blob_dir}/{digest}": data for digest, data in blobs.items()}
    outputs.update(encode(task.out, {"files": files, "assets": assets, "diagnostics": diags}))
    return outputs


def _record_or_blob(task: PhaseTask) -> Callable[[str], bool]:
    blob_dir = layout.blob_dir(task.out)

    def writes(path: str) -> bool:
        blob = path[len(blob_dir) + 1 :] if path.startswith(blob_dir + "/") else ""
        return path in (task.out, table_path(task.out)) or bool(restore.BLOB_NAME.match(blob))

    return writes


def _emission_problem(task: PhaseTask) -> Callable[[dict[str, bytes]], str | None]:
    return lambda found: restore.emission_problem(
        found, task.out, layout.blob_dir(task.out), task.roots
    )


def _blobs_written(task: PhaseTask, outputs: dict[str, bytes]) -> None:
    """A file the previous emission had and this one has not is deleted from the cell, and
    so is a blob no file uses; the record is written last, so that it names only blobs that
    are there. ``emit:<program>/<target>/<file>`` tasks copy the blobs into place."""
    out, blob_dir = task.out, layout.blob_dir(task.out)
    record = json.loads(outputs[out].decode("utf-8"))
    for rel in sorted(set(listed(out)) - set(record.get("files", {}))):
        withdraw(os.path.join(task.place or "", rel))
    emit_outputs({path: data for path, data in outputs.items() if path != out})
    if os.path.isdir(blob_dir):
        for name in os.listdir(blob_dir):
            if f"{blob_dir}/{name}" not in outputs:
                unlink(os.path.join(blob_dir, name))
    write_output(out, outputs[out])
    show_record(outputs[out])


def _params(task: PhaseTask) -> list:
    return [task.params, task.libraries, task.skip]


# -- emission's templates: a project's own, read as hostile input where the task runs -------------
def _templates(task: PhaseTask) -> dict[str, Any]:
    """The project's templates the target renders (None: the target's own alone)."""
    folder = task.params.get("templates")
    return {"templates": read_overrides(".", folder) if folder is not None else None}


def _emission_key(task: PhaseTask) -> list:
    """The target, and for a templated one the folder and what it holds besides files (a
    link, a folder), which change the outcome though no file's bytes do."""
    folder = task.params.get("templates")
    if folder is None:
        return [task.params["target"]]
    return [task.params["target"], folder, listing(".", folder)[1]]


def _emission_inputs(task: PhaseTask) -> list[str]:
    folder = task.params.get("templates")
    files = listing(".", folder)[0] if folder is not None else []
    return list(task.records.values()) + list(files)


# What each phase's task does besides the generic part (a phase not named: nothing).
HOOKS: dict[str, Hooks] = {
    "load": Hooks(
        given=_spans("listed_at"), before=_looked_at("parts/{part_id}", "component.yaml")
    ),
    "walker": Hooks(given=_walker_parts, before=_looked_at("walkers/{walker_id}", "walker.yaml")),
    "parse": Hooks(given=_sources),  # cheap, and its inputs are sources
    "resolve": Hooks(given=_libraries, key=_params),
    "assemble": Hooks(key=_params),
    "analyse": Hooks(
        outputs=_with_report,
        key=lambda task: [task.place],
        inputs=lambda task: sorted(task.records.values()),
        writes=_record_or_report,
        finish=_report_written,
    ),
    "emission": Hooks(
        given=_templates,
        outputs=_emission_outputs,
        key=_emission_key,
        inputs=_emission_inputs,
        writes=_record_or_blob,
        check=_emission_problem,
        finish=_blobs_written,
    ),
}

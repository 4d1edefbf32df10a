"""The Python actions the build graph's tasks run.

Each action reads records, calls one pure phase and writes one record with
``records.write_atomic`` (identical bytes leave the file untouched, so the tasks downstream,
whose file_dep are checked by content hash, stay up to date: early cutoff). Diagnostics go
into the record and are printed (human rendering, on stderr); an input error never fails
the task, so one broken program does not stop the others. An exception here is a bug.

Every path is relative to the project root, which is doit's working directory.
"""
from __future__ import annotations

import inspect
import json
import os
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from doit.action import PythonAction

from ..diagnostics import Diagnostic, Span, has_errors
from ..inputs import MAX_ASSET_BYTES, Refused, read_regular
from ..outputs import Transaction, check_no_links, read_asset, safe_relative
from ..phases import PHASES, Phase, Source, parts_meant, program_refs, run_report
from ..records import dumps, from_json, to_json, write_atomic
from ..targets.overrides import listing, read_overrides
from ..textsafe import shown
from . import cache, layout, restore
from .hashing import files_hold, hash_bytes, hash_text, listing_digest, policy_digest, tree_states
from .positions import Positions, split, table_path


# -- records -----------------------------------------------------------------------------------
def encode(path: str, payload: dict) -> dict[str, bytes]:
    """The bytes of a record at ``path`` and of its positions table (``positions``): the
    canonical JSON of ``payload``'s values, and where they were written."""
    values, table = split(to_json(payload), path)
    return {path: dumps(values).encode(), table_path(path): dumps(table).encode()}


def write_record(path: str, payload: dict) -> None:
    """Write a record and its positions table (each untouched when its bytes are the same)."""
    for where, data in encode(path, payload).items():
        write_output(where, data)


def write_output(path: str, data: str | bytes) -> bool:
    """``write_atomic`` below build/, never through a symbolic link planted there."""
    return write_atomic(path, data, _root_of(path))


def _root_of(path: str) -> str | None:
    return layout.BUILD if path.replace(os.sep, "/").startswith(layout.BUILD + "/") else None


def read_json(path: str) -> Any:
    with open(path, "rb") as fh:
        return json.loads(fh.read().decode("utf-8"))


def diagnostics_of(record: dict | None) -> list[Diagnostic]:
    if not record:
        return []
    return [Diagnostic.from_json(d) for d in record.get("diagnostics", ())]


# -- diagnostics -------------------------------------------------------------------------------
def show(diagnostics: Iterable[Diagnostic], stream=None) -> None:
    """Print the human rendering of diagnostics a task just produced (stderr), with the
    lines and columns the positions tables hold now."""
    positions = Positions()
    diagnostics = [positions.diagnostic(d) for d in diagnostics]
    if not diagnostics:
        return
    stream = stream or sys.stderr
    from ..pipeline import SourceCache
    from ..render import render_human
    isatty = getattr(stream, "isatty", None)
    color = bool(isatty and isatty()) and not os.environ.get("NO_COLOR")
    text = render_human(diagnostics, SourceCache(), color)
    stream.write(text if text.endswith("\n") else text + "\n")
    stream.flush()


# -- library: manifest, parts, walkers ---------------------------------------------------------
def manifest_action(root: str, out: str) -> None:
    manifest, diags = PHASES["manifest"].run(root)
    write_record(out, {"manifest": manifest, "diagnostics": list(diags)})
    show(diags)


def load_action(root: str, library: str, part_id: str, out: str,
                listed_at: dict | None = None) -> dict:
    """Load one part: ``{"part": Part | None, "diagnostics": [...]}``. Returns, as task
    values, the listing of the part directory the loader checked the named files in."""
    part_dir = os.path.join(root, "parts", part_id)
    listing = listing_digest(part_dir)       # before loading: a later change re-runs
    policy = policy_digest(part_dir, os.path.join(part_dir, "component.yaml"))
    part, diags = PHASES["load"].run(root, library, part_id, Span.from_json(listed_at))
    write_record(out, {"part": part, "diagnostics": list(diags)})
    show(diags)
    return {"listing": listing, "policy": policy}


def policy_unchanged(task, values, folder: str, declaration: str) -> bool:
    """uptodate: the policy files the load read hold what they held (the loader reads a
    controller's ONNX file against its declaration)."""
    saved = values.get("policy")
    return saved is not None and saved == policy_digest(folder, declaration)


def listing_unchanged(task, values, part_dir: str) -> bool:
    """uptodate: the names in the part directory are those the last load saw (the loader
    checks that the files a declaration names exist, and never opens them)."""
    saved = values.get("listing")
    return saved is not None and saved == listing_digest(part_dir)


def walker_action(root: str, library: str, walker_id: str, out: str,
                  registered_at: dict | None, dependencies: list[str]) -> dict:
    """Load one walker against the records of the parts it names (the task's calc_dep).
    Returns the listing of the walker's directory, as ``load_action`` does."""
    folder = os.path.join(root, "walkers", walker_id)
    listing = listing_digest(folder)
    policy = policy_digest(folder, os.path.join(folder, "walker.yaml"))
    Part = PHASES["load"].record()
    parts = {}
    for path in sorted(dependencies):
        key = layout.split_part_record(path)
        if key is None or key[0] != library:
            continue
        data = read_json(path).get("part")
        if data is not None:
            parts[key[1]] = from_json(Part, data)
    walker, diags = PHASES["walker"].run(root, library, walker_id, parts,
                                         Span.from_json(registered_at))
    write_record(out, {"walker": walker, "diagnostics": diags})
    show(diags)
    return {"listing": listing, "policy": policy}


def build_libraries(libraries: list[tuple[str, str]], record_paths: Iterable[str]) -> list:
    """Re-assemble ``Library`` records from part and walker records: only the parts a
    program names (its task's dynamic file_dep), never a whole library."""
    from ..library import model
    by_lib: dict[str, dict[str, Any]] = {name: {} for name, _ in libraries}
    left: dict[str, dict[str, Any]] = {name: {} for name, _ in libraries}
    walkers: dict[str, dict[str, Any]] = {name: {} for name, _ in libraries}
    roots = dict(libraries)
    for path in sorted(record_paths):
        key = layout.split_part_record(path)
        if key is not None:
            lib, pid = key
            if lib not in roots:
                continue
            data = read_json(path)
            if data.get("part") is not None:
                by_lib[lib][pid] = from_json(model.Part, data["part"])
            else:
                file = os.path.join(roots[lib], "parts", pid, "component.yaml")
                left[lib][pid] = model.LeftOut(pid, file, tuple(diagnostics_of(data)))
            continue
        wkey = layout.split_walker_record(path)
        if wkey is not None and wkey[0] in roots:
            data = read_json(path)
            if data.get("walker") is not None:
                walkers[wkey[0]][wkey[1]] = from_json(model.Walker, data["walker"])
    return [model.Library(name, root, by_lib[name], walkers[name], left[name])
            for name, root in libraries]


# -- programs: the generic phase action -------------------------------------------------------
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


def read_result(phase: str, path: str) -> Any:
    """The result an earlier phase's record holds, or None when that phase failed."""
    row = PHASES[phase]
    data = read_json(path)
    value = data.get(row.key)
    if value is None or has_errors(diagnostics_of(data)):
        return None
    return from_json(row.record(), value)


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
    _emit_outputs(outputs)
    _show_record(outputs[out])


def _emit_outputs(outputs: dict[str, bytes]) -> None:
    """One task's files, written together or not at all."""
    paths = sorted(outputs)
    with Transaction(_root_of(paths[0]) if paths else None) as written:
        for path in paths:
            written.write(path, outputs[path])


def _show_record(data: bytes) -> None:
    show(diagnostics_of(json.loads(data.decode("utf-8"))))


def records_for(refs: Iterable[str], registry: dict[str, list[str]]) -> set[str]:
    """The part records a set of refs can mean, by the rule the command line loads by
    (``phases.parts_meant``). A ref that no library searched registers means every part of
    those libraries: resolve says which id was meant ("did you mean"), from the parts of
    the kind it wants, as the command line does."""
    registries = list(registry.items())
    out: set[str] = set()
    for ref in refs:
        meant, searched = parts_meant(ref, registries)
        if not meant:
            meant = [(i, pid) for i in searched for pid in registries[i][1]]
        out.update(layout.part_record(registries[i][0], pid) for i, pid in meant)
    return out


def deps_action(registry: dict[str, list[str]], dependencies: list[str]) -> dict:
    """calc_dep of ``resolve:<program>``: the records the program names, plus what those
    name in turn (an environment's entities' objects; a walker whose body the program uses,
    and the parts of that walker). Its own file_dep are the direct records, so a changed
    environment re-runs it."""
    direct = {p for p in dependencies if layout.split_part_record(p)}
    out = set(direct)
    named_by_lib: dict[str, set[str]] = {}
    for path in sorted(direct):
        lib, pid = layout.split_part_record(path)
        named_by_lib.setdefault(lib, set()).add(pid)
        part = read_json(path).get("part")
        if part and part.get("category") == "environment":
            refs = {e.get("ref") for e in part.get("entities", ()) if e.get("ref")}
            out |= records_for(refs, registry)
    for path in sorted(p for p in dependencies if layout.split_walker_record(p)):
        lib, _ = layout.split_walker_record(path)
        walker = read_json(path).get("walker")
        if not walker or walker.get("body") not in named_by_lib.get(lib, ()):
            continue
        out.add(path)
        for pid in [walker.get("body")] + [l.get("part") for l in walker.get("limbs", ())]:
            if pid in registry.get(lib, ()):
                out.add(layout.part_record(lib, pid))
    return {"file_dep": sorted(out)}


def refs_action(parse_rec: str, registry: dict[str, list[str]],
                walkers: dict[str, list[str]]) -> dict:
    """calc_dep of ``deps:<program>``: the records of the parts the program names, and the
    walker records of every library it names a part of (``deps_action`` keeps the walkers
    whose body the program uses)."""
    records = records_for(program_refs(read_result("parse", parse_rec)), registry)
    libs = sorted({layout.split_part_record(p)[0] for p in records})
    walker_records = [layout.walker_record(lib, w) for lib in libs for w in walkers.get(lib, ())]
    return {"file_dep": sorted(records) + sorted(walker_records)}


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
            for name, data in run_report(computed[0]).items():
                safe_relative(name)
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
                _unlink(path)
    _emit_outputs(outputs)
    _show_record(outputs[out])
    prefix = f"{report_dir}/"
    return {"report": sorted(p[len(prefix):] for p in outputs if p.startswith(prefix))}


def report_present(task, values, record: str, report_dir: str) -> bool:
    """uptodate of an analyse task: its report files are there when its record holds an
    analysis (their content is the task's to keep: they are written with the record)."""
    names = values.get("report")
    if names is None:
        return False
    return all(os.path.isfile(f"{report_dir}/{name}") for name in names)


def prune_empty_folders(path: str) -> None:
    """After ``doit clean`` removed ``path``: remove the folders above it that it left
    empty, up to build/ (kept)."""
    build = os.path.abspath(layout.BUILD)
    folder = os.path.dirname(os.path.abspath(path))
    while folder != build and folder.startswith(build + os.sep):
        try:
            os.rmdir(folder)                 # only an empty folder goes
        except OSError:
            return
        folder = os.path.dirname(folder)


class Clean(PythonAction):
    """A clean action: doit's PythonAction, made without the checks its constructor runs.
    doit makes every task's clean actions on every run, and only ``doit clean`` uses them;
    for a graph of thousands of tasks making them cost more than a no-op build's checks
    of the tasks' own files."""

    def __init__(self, py_callable, *args) -> None:     # pylint: disable=super-init-not-called
        self.py_callable, self.args, self.kwargs = py_callable, list(args), {}
        self.task = None
        self.out = self.err = self.result = None
        self.values = {}


def remove_targets(task, dryrun) -> None:
    """clean action: the task's targets, as doit's own removes them but only where the build
    writes (``_unlink``: an emit task's target comes from a record), then the folders that
    leaves empty."""
    for target in sorted(task.targets, reverse=True):
        if os.path.isfile(target) or os.path.islink(target):
            print(f"{shown(task.name)} - removing file '{shown(target)}'")
            if not dryrun:
                _unlink(target)
    if not dryrun:
        for target in task.targets:
            prune_empty_folders(target)


def _remove_record(record: str) -> None:
    """A record and its positions table, and the folders that leaves empty."""
    for path in (record, table_path(record)):
        _unlink(path)
        prune_empty_folders(path)


def _remove_folder(folder: str) -> None:
    """A folder of files the graph wrote (a report, an emission's blobs), and the folder."""
    if not os.path.isdir(folder):
        return
    for name in os.listdir(folder):
        _unlink(os.path.join(folder, name))
    try:
        os.rmdir(folder)
    except OSError:
        pass


def remove_report(record: str, report_dir: str | None) -> None:
    """clean action of an analyse task: the record and the report."""
    _remove_record(record)
    if report_dir:
        _remove_folder(report_dir)
        prune_empty_folders(report_dir)


# -- targets: emission, its files, assets ------------------------------------------------------
def emission_action(target: str, resolve_rec: str, assemble_rec: str, analyse_rec: str,
                    out: str, out_dir: str, roots: Iterable[str] = (),
                    templates: str | None = None) -> None:
    """Run one target's ``emit``. Each file's bytes are kept as a blob named by their hash
    beside the emission record (``layout.blob_dir``), the record lists the files by hash,
    and ``emit:<program>/<target>/<file>`` tasks copy the blobs into place. A file the
    previous emission had and this one has not is deleted, and so is a blob no file uses.
    A restored emission's asset folders lie in the library ``roots``. ``templates``: the
    project's folder of templates, whose files are inputs too."""
    row = PHASES["emission"]
    records = {"resolve": resolve_rec, "assemble": assemble_rec, "analyse": analyse_rec}
    blob_dir = layout.blob_dir(out)

    def compute_emission() -> dict[str, bytes]:
        files: dict[str, dict] = {}
        blobs: dict[str, bytes] = {}
        assets: list[list[str]] = []
        overrides = read_overrides(".", templates) if templates is not None else None
        computed = compute(row, records, {"target": target, "templates": overrides})
        emission, diags = computed if computed is not None else (None, [])
        if emission is not None and not has_errors(diags):
            # a target that reports an error writes nothing
            for rel in sorted(emission.files):
                safe_relative(rel)
                data = emission.files[rel]
                data = data.encode("utf-8") if isinstance(data, str) else bytes(data)
                digest = hash_bytes(data)
                files[rel] = {"hash": digest, "size": len(data)}
                blobs[digest] = data
            for source, dest in sorted(getattr(emission, "assets", ()) or ()):
                if dest not in ("", "."):
                    safe_relative(dest)
                assets.append([os.fspath(source), dest])
        outputs = {f"{blob_dir}/{digest}": data for digest, data in blobs.items()}
        outputs.update(encode(out, {"files": files, "assets": assets,
                                    "diagnostics": diags}))
        return outputs

    def writes(path: str) -> bool:
        blob = path[len(blob_dir) + 1:] if path.startswith(blob_dir + "/") else ""
        return path in (out, table_path(out)) or bool(restore.BLOB_NAME.match(blob))

    # the templates' files by content, and what else the folder holds, count in the key
    template_files, kinds = listing(".", templates) if templates is not None else ([], [])
    params = [target] + ([templates, kinds] if templates is not None else [])
    outputs = cache.produce(
        "emission", params, [resolve_rec, assemble_rec, analyse_rec, *template_files],
        compute_emission,
        writes=writes,
        check=lambda found: restore.emission_problem(found, out, blob_dir, roots))
    record = json.loads(outputs[out].decode("utf-8"))
    previous = _listed(out)
    for rel in sorted(set(previous) - set(record.get("files", {}))):
        _withdraw(os.path.join(out_dir, rel))
    _emit_outputs({path: data for path, data in outputs.items() if path != out})
    if os.path.isdir(blob_dir):
        for name in os.listdir(blob_dir):
            if f"{blob_dir}/{name}" not in outputs:
                _unlink(os.path.join(blob_dir, name))
    write_output(out, outputs[out])        # last: a record names only blobs that are there
    show(diagnostics_of(record))


def _unlink(path: str) -> None:
    """Delete a file the build writes: one written plainly below build/ (whatever a record
    lists), never one a symbolic link planted there leads to."""
    if restore.path_problem(path.replace(os.sep, "/")) is not None:
        return
    try:
        check_no_links(path, layout.BUILD)
        os.unlink(path)
    except OSError:
        pass


def _listed(record: str) -> dict:
    """The files a record of this build lists (an emission's, an assets task's) by names
    that stay in their cell; {} when there is no such record."""
    try:
        files = read_json(record).get("files", {})
    except (OSError, ValueError, AttributeError, RecursionError):
        return {}
    if not isinstance(files, dict):
        return {}
    return {rel: digest for rel, digest in files.items() if restore.plain(rel)}


def _withdraw(path: str) -> None:
    """Delete an output file and the folders that leaves empty: a withdrawn cell leaves no
    empty asset folders behind (only a path the build writes: see ``_unlink``)."""
    if restore.path_problem(path.replace(os.sep, "/")) is None:
        _unlink(path)
        prune_empty_folders(path)


_EMITTED: dict[str, tuple[tuple[int, int, int], dict[str, str]]] = {}


def emitted_files(record: str) -> dict[str, str] | None:
    """rel -> hash of the files an emission record lists ({} when there is none yet; None
    when it lists a file its target could not write, ``restore.emitted``). A build reads
    each record twice (its emission's check, then its emit tasks' creation): the second
    time only when the record changed in between."""
    try:
        st = os.stat(record)
    except OSError:
        return {}
    # records are replaced whole (write_atomic): a new file is a new inode
    key = (st.st_ino, st.st_mtime_ns, st.st_size)
    known = _EMITTED.get(record)
    if known is not None and known[0] == key:
        return known[1]
    try:
        files = restore.emitted(read_json(record))
    except (OSError, ValueError, RecursionError):
        return {}
    _EMITTED[record] = (key, files)
    return files


def blobs_present(record: str) -> bool:
    """Whether every blob an emission record lists is still there (one listing of the blob
    folder, not a stat per blob)."""
    files = emitted_files(record)
    if files is None:
        return False                     # the emission runs again and writes a sound one
    if not files:
        return True
    try:
        return set(files.values()) <= set(os.listdir(layout.blob_dir(record)))
    except OSError:
        return False


def emit_file_action(blob: str, out: str) -> None:
    """Copy a blob into its cell: a regular file inside build/, so a link planted among the
    blobs never copies what it leads to."""
    try:
        data = read_regular(blob, within=layout.BUILD, limit=MAX_ASSET_BYTES)
    except Refused as refused:
        print(f"mobiledsl: warning: {shown(blob)} is not copied to {shown(out)}: "
              f"{shown(refused.why)}", file=sys.stderr)
        return
    write_output(out, data)


def cell_holds(record: str, out_dir: str, files: dict[str, str] | None = None
               ) -> dict[str, bool]:
    """rel -> whether the cell's file holds the bytes the emission record has for it (the
    files are hashed only when the stat cache cannot vouch for the cell's files as a whole).
    ``files``: the record's files, when the caller has read them."""
    files = (emitted_files(record) or {}) if files is None else files
    held = files_hold(f"emit:{out_dir}", {f"{out_dir}/{rel}": d for rel, d in files.items()})
    return {rel: held[f"{out_dir}/{rel}"] for rel in files}


def assets_action(emission_rec: str, out: str, out_dir: str, roots: Iterable[str] = ()
                  ) -> dict:
    """Copy the asset directories the emission names, whole, into the target's folder;
    delete what an earlier run copied and nothing names any more. Returns, as task values,
    the directories and one hash of what they held (see ``assets_uptodate``). Only folders
    of the library ``roots`` are copied, to places inside the cell."""
    sources = restore.assets_of(read_json(emission_rec), roots)
    if sources is None:
        print(f"mobiledsl: warning: {emission_rec} names an asset folder outside the "
              "project's libraries; no assets copied (the emission runs again when its "
              "inputs change)", file=sys.stderr)
        sources = []
    trees = {source: _read_tree(source) for source, _ in sources}
    wanted = {copy: (os.path.join(source, rel), digest)
              for copy, source, rel, digest in _copies(sources, trees)}
    previous = _listed(out)
    for rel in sorted(set(previous) - set(wanted)):
        _withdraw(os.path.join(out_dir, rel))
    with Transaction(_root_of(out_dir + "/")) as copied:     # all copied, or none
        for rel, (src, _) in sorted(wanted.items()):
            copied.write(os.path.join(out_dir, rel), read_asset(src))  # checked again
    write_record(out, {"files": {rel: digest for rel, (_, digest) in sorted(wanted.items())},
                       "sources": sources})
    return {"sources": sources, "copied": _copied(sources, trees)}


def _copies(sources: list, trees: dict) -> Iterator[tuple[str, str, str, str]]:
    """(copy rel, source directory, rel below it, hash) of every file the directories hold."""
    for source, dest in sources:
        prefix = f"{dest.strip('/')}/" if dest not in ("", ".") else ""
        for rel, digest in trees[source][1].items():
            yield prefix + rel, source, rel, digest


def _copied(sources: list, trees: dict[str, tuple[str, dict[str, str]]]) -> str:
    """One hash of the directories, where each goes, and what each holds."""
    return hash_text(json.dumps([[source, dest, trees[source][0]] for source, dest in sources]))


def _read_tree(source: str) -> tuple[str, dict[str, str]]:
    """(one hash of, rel -> hash of) the files below an asset directory."""
    files = {rel: state[2] for rel, state in tree_states(source).items()}
    return hash_text(json.dumps(files, sort_keys=True)), files


class _Trees(dict):
    """Asset trees read once a build: many cells copy the same part's assets (the files'
    hashes come from the stat cache while their stat stays the same)."""

    def __missing__(self, source: str) -> tuple[str, dict[str, str]]:
        self[source] = _read_tree(source)
        return self[source]


_TREES = _Trees()


def forget_trees() -> None:
    """A new build: asset trees are read afresh (see ``assets_uptodate``)."""
    _TREES.clear()


def assets_uptodate(task, values, out_dir: str) -> bool:
    """uptodate of ``assets:<program>/<target>``: the source trees hold what was copied last
    time, and every copy still holds its source's bytes (by content hash, hashed only when
    the stat cache cannot vouch for the cell's copies as a whole). The task's values are
    the directories and one hash, so doit's database stays small."""
    sources, copied = values.get("sources"), values.get("copied")
    if sources is None or copied is None or _copied(sources, _TREES) != copied:
        return False
    expected = {f"{out_dir}/{copy}": digest for copy, _, _, digest in _copies(sources, _TREES)}
    return all(files_hold(f"assets:{out_dir}", expected).values())


def remove_listed(record: str, out_dir: str) -> None:
    """clean action: delete the files a record lists under out_dir, then the record and
    its blobs."""
    for rel in _listed(record):
        _unlink(os.path.join(out_dir, rel))
        prune_empty_folders(os.path.join(out_dir, rel))
    _remove_record(record)
    _remove_folder(layout.blob_dir(record))
    prune_empty_folders(record)


# -- one cell on its own: build:<program>/<target> --------------------------------------------
def cell_complete(task, values, record: str, out_dir: str) -> bool:
    """uptodate of ``build:<program>/<target>``: every file the emission lists holds its
    bytes (checked after the emission and assets tasks ran, as task_dep)."""
    return all(cell_holds(record, out_dir).values())


def cell_action(record: str, out_dir: str) -> None:
    """Write the files of one cell that do not hold their bytes yet: what the ``emit`` tasks
    of that cell do, for a ``doit build:<program>/<target>`` that builds the cell alone (the
    emit tasks are created only after every emission ran)."""
    blob_dir = layout.blob_dir(record)
    held = cell_holds(record, out_dir)
    for rel, digest in sorted((emitted_files(record) or {}).items()):
        if not held[rel]:
            out = f"{out_dir}/{rel}"
            emit_file_action(os.path.join(blob_dir, digest), out)
            print(f"wrote {out}")


def _signed(*checks) -> None:
    """doit reads the signature of every uptodate callable of every task on every build
    (to pass ``task`` and ``values``); a signature kept on the function is read at once."""
    for check in checks:
        check.__signature__ = inspect.signature(check)


_signed(listing_unchanged, report_present, assets_uptodate, cell_complete)

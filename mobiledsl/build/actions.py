"""The Python actions the build graph's tasks run.

Each action reads records, calls one pure phase and writes one record with
``records.write_atomic`` (identical bytes leave the file untouched, so the tasks downstream,
whose file_dep are checked by content hash, stay up to date: early cutoff). Diagnostics go
into the record and are printed (human rendering, on stderr); an input error never fails
the task, so one broken program does not stop the others. An exception here is a bug.

Every path is relative to the project root, which is doit's working directory.
"""
from __future__ import annotations

import importlib
import json
import os
import sys
import types
import typing
from pathlib import PurePosixPath
from typing import Any, Callable, Iterable

from ..diagnostics import Diagnostic, Severity, Span, has_errors
from ..inputs import read_regular
from ..outputs import Transaction, check_no_links, read_asset
from ..records import dumps, from_json, write_atomic
from . import cache, layout
from .hashing import file_state, hash_bytes, hash_file, listing_digest, tree_states


# -- phases ------------------------------------------------------------------------------------
def phase_function(module: str, name: str) -> Callable | None:
    """``module.name``, or None while that module (or the function in it) does not exist
    yet. Only the absence of that very module is tolerated; any other import error is a
    bug and propagates."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return None
    return getattr(mod, name, None)


def target_module(target: str) -> str:
    """The module whose ``emit`` writes a target: the command line's table
    (``mobiledsl.pipeline.target_module``) when there is one, else ``mobiledsl.targets.<name>``
    with ``-`` as ``_``."""
    shared = phase_function("mobiledsl.pipeline", "target_module")
    if shared is not None:
        return shared(target)
    return "mobiledsl.targets." + target.replace("-", "_")


def _require(module: str, name: str) -> Callable:
    func = phase_function(module, name)
    if func is None:
        raise RuntimeError(f"{module}.{name} is not available")
    return func


def product_type(func: Callable, fallback: str | None = None) -> Any:
    """The record type a phase returns first (``-> tuple[X | None, list[Diagnostic]]``),
    read from its annotations, so the build code names no phase class; ``fallback`` is a
    "module:Class" to use when the annotation cannot be read."""
    try:
        ret = typing.get_type_hints(func).get("return")
        first = typing.get_args(ret)[0]
        if typing.get_origin(first) in (typing.Union, types.UnionType):
            members = [a for a in typing.get_args(first) if a is not type(None)]
            if len(members) == 1:
                return members[0]
        elif isinstance(first, type):
            return first
    except Exception:            # unresolvable forward references: use the fallback
        pass
    if fallback:
        module, _, cls = fallback.partition(":")
        return getattr(importlib.import_module(module), cls)
    raise RuntimeError(f"cannot tell the record type {func.__module__}.{func.__name__} "
                       "returns: annotate it as -> tuple[Record | None, list[Diagnostic]]")


# -- records -----------------------------------------------------------------------------------
def write_record(path: str, payload: dict) -> bool:
    """Canonical JSON of ``payload`` (records and diagnostics inside are serialised);
    returns whether the file's bytes changed."""
    return write_output(path, dumps(payload))


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


def record_failed(record: dict | None, key: str) -> bool:
    """The phase that wrote ``record`` produced nothing, or reported an error: every later
    phase is skipped (its output would be a guess), as the command line does."""
    return not record or record.get(key) is None or has_errors(diagnostics_of(record))


# -- diagnostics -------------------------------------------------------------------------------
def _plain(d: Diagnostic) -> str:
    s = d.span
    where = ""
    if s is not None and s.file:
        where = s.file
        if s.line is not None:
            where += f":{s.line}"
            if s.column is not None:
                where += f":{s.column}"
        where += ": "
    lines = [f"{where}{d.severity.value}[{d.code}]: {d.message}"]
    lines += [f"  = help: {h}" for h in d.help]
    lines += [f"  = note: {n}" for n in d.notes]
    return "\n".join(lines)


def show(diagnostics: Iterable[Diagnostic], stream=None) -> None:
    """Print the human rendering of diagnostics a task just produced (stderr)."""
    diagnostics = list(diagnostics)
    if not diagnostics:
        return
    stream = stream or sys.stderr
    render = phase_function("mobiledsl.render", "render_human")
    text = None
    if render is not None:
        cache = phase_function("mobiledsl.pipeline", "SourceCache")
        sources = cache() if cache is not None else None
        isatty = getattr(stream, "isatty", None)
        color = bool(isatty and isatty()) and not os.environ.get("NO_COLOR")
        text = render(diagnostics, sources, color)
    if text is None:
        text = "\n".join(_plain(d) for d in diagnostics)
    stream.write(text if text.endswith("\n") else text + "\n")
    stream.flush()


# -- library: manifest, parts, walkers ---------------------------------------------------------
def manifest_action(root: str, out: str) -> None:
    load_manifest = _require("mobiledsl.library.loader", "load_manifest")
    manifest, diags = load_manifest(root)
    write_record(out, {"manifest": manifest, "diagnostics": list(diags)})
    show(diags)


def load_action(root: str, library: str, part_id: str, out: str,
                listed_at: dict | None = None) -> dict:
    """Load one part: ``{"part": Part | None, "diagnostics": [...]}``. Returns, as task
    values, the listing of the part directory the loader checked the named files in."""
    load_part = _require("mobiledsl.library.loader", "load_part")
    part_dir = os.path.join(root, "parts", part_id)
    listing = listing_digest(part_dir)       # before loading: a later change re-runs
    kwargs = {}
    if listed_at is not None:
        kwargs["listed_at"] = Span.from_json(listed_at)
    part, diags = load_part(root, library, part_id, **kwargs)
    write_record(out, {"part": part, "diagnostics": list(diags)})
    show(diags)
    return {"listing": listing}


def listing_unchanged(task, values, part_dir: str) -> bool:
    """uptodate: the names in the part directory are those the last load saw (the loader
    checks that the files a declaration names exist, and never opens them)."""
    saved = values.get("listing")
    return saved is not None and saved == listing_digest(part_dir)


def _part_cls():
    return importlib.import_module("mobiledsl.library.model").Part


def walker_action(root: str, library: str, walker_id: str, out: str,
                  registered_at: dict | None, dependencies: list[str]) -> dict:
    """Load one walker against the parts of its library (their records are the task's
    file_dep). Returns the listing of the walker's directory, as ``load_action`` does."""
    load_walker = _require("mobiledsl.library.walkers", "load_walker")
    listing = listing_digest(os.path.join(root, "walkers", walker_id))
    Part = _part_cls()
    parts = {}
    for path in sorted(dependencies):
        key = layout.split_part_record(path)
        if key is None or key[0] != library:
            continue
        data = read_json(path).get("part")
        if data is not None:
            parts[key[1]] = from_json(Part, data)
    span = Span.from_json(registered_at) if registered_at else None
    walker, diags = load_walker(root, library, walker_id, parts, registered_at=span)
    diags = [d.with_severity(Severity.WARNING) if d.is_error else d for d in diags]
    write_record(out, {"walker": walker, "diagnostics": diags})
    show(diags)
    return {"listing": listing}


def build_libraries(libraries: list[tuple[str, str]], record_paths: Iterable[str]) -> list:
    """Re-assemble ``Library`` records from part and walker records: only the parts a
    program names (its task's dynamic file_dep), never a whole library."""
    model = importlib.import_module("mobiledsl.library.model")
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


# -- programs: parse, the parts a program names, resolve, assemble, analyse ---------------------
PARSERS = {"core": "parse_core", "world": "parse_world", "task": "parse_task"}


def read_source(path: str) -> tuple[str, Diagnostic | None]:
    """A program file's text, and the error that says where it is not UTF-8 (the command
    line's ``decode_source``, so both report it alike)."""
    from ..pipeline import decode_source
    return decode_source(read_regular(path), path)


def parse_action(files: dict[str, str], out: str) -> None:
    payload: dict[str, Any] = {"core": None, "world": None, "task": None}
    diags: list[Diagnostic] = []
    for kind in ("core", "world", "task"):
        path = files.get(kind)
        if path is None:
            continue
        text, not_utf8 = read_source(path)
        if not_utf8 is not None:               # not parsed: the error says where
            diags.append(not_utf8)
            continue
        parse = _require("mobiledsl.lang", PARSERS[kind])
        tree, ds = parse(text, path)
        payload[kind] = tree
        diags.extend(ds)
    payload["diagnostics"] = diags
    write_record(out, payload)
    show(diags)


def scan_refs(data: Any) -> set[str]:
    """The part ids a parse record names: every ``ref = "..."`` argument and the world's
    ``environment = "..."`` setting, found by walking the record's JSON (an argument is
    ``{"name": ..., "value": {"value": <string>, ...}}``). Cheap and shape-tolerant; it may
    name more than resolve will use, never less."""
    found: set[str] = set()
    stack = [data]
    while stack:
        node = stack.pop()
        if isinstance(node, dict):
            name = node.get("name")
            value = node.get("value")
            if name in ("ref", "environment") and isinstance(value, dict) \
                    and isinstance(value.get("value"), str):
                found.add(value["value"])
            for key in ("ref", "environment"):
                if isinstance(node.get(key), str):
                    found.add(node[key])
            stack.extend(node.values())
        elif isinstance(node, list):
            stack.extend(node)
    return {r for r in found if r}


def records_for(refs: Iterable[str], registry: dict[str, list[str]]) -> set[str]:
    """Part record paths a set of refs can mean: ``"lib/id"`` that library's, a plain id
    every library's that registers it (resolve reports an ambiguous one)."""
    out: set[str] = set()
    for ref in refs:
        lib, sep, pid = ref.partition("/")
        if sep:
            if pid in registry.get(lib, ()):
                out.add(layout.part_record(lib, pid))
            continue
        for lib, ids in registry.items():
            if ref in ids:
                out.add(layout.part_record(lib, ref))
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
    records = records_for(scan_refs(read_json(parse_rec)), registry)
    libs = sorted({layout.split_part_record(p)[0] for p in records})
    walker_records = [layout.walker_record(lib, w) for lib in libs for w in walkers.get(lib, ())]
    return {"file_dep": sorted(records) + sorted(walker_records)}


def _decode(cls, data):
    return None if data is None else from_json(cls, data)


def _emit_outputs(outputs: dict[str, bytes]) -> None:
    """One task's files, written together or not at all."""
    paths = sorted(outputs)
    with Transaction(_root_of(paths[0]) if paths else None) as written:
        for path in paths:
            written.write(path, outputs[path])


def _show_record(data: bytes) -> None:
    try:
        show(diagnostics_of(json.loads(data.decode("utf-8"))))
    except ValueError:
        pass


def resolve_action(libraries: list[tuple[str, str]], blocked: list[str], parse_rec: str,
                   out: str, dependencies: list[str]) -> None:
    """Resolve a program against the part records it names. Skipped (a null record) when
    its parse failed, or when a library of the matrix cannot be loaded at all: the command
    line stops there too, and the manifest task has said why."""
    resolve_program = _require("mobiledsl.resolve", "resolve_program")
    parts = sorted(p for p in dependencies if p != parse_rec)

    def compute() -> dict[str, bytes]:
        parsed = read_json(parse_rec)
        if blocked or record_failed(parsed, "core"):
            return {out: dumps({"resolved": None, "diagnostics": []}).encode()}
        trees = {}
        for kind in ("core", "world", "task"):
            func = _require("mobiledsl.lang", PARSERS[kind])
            cls = product_type(func, f"mobiledsl.lang.ast:{kind.capitalize()}File")
            trees[kind] = _decode(cls, parsed.get(kind))
        libs = build_libraries(libraries, parts)
        resolved, diags = resolve_program(trees["core"], trees["world"], trees["task"], libs)
        # the walkers the program may walk by travel on to the analysis, as the CLI passes them
        walkers = {f"{lib.name}/{wid}": w for lib in libs for wid, w in sorted(lib.walkers.items())}
        return {out: dumps({"resolved": resolved, "diagnostics": list(diags),
                            "walkers": walkers}).encode()}

    outputs = cache.produce("resolve", [libraries, blocked], [parse_rec, *parts], compute)
    _emit_outputs(outputs)
    _show_record(outputs[out])


def _resolved(resolve_rec: str):
    data = read_json(resolve_rec)
    if record_failed(data, "resolved"):
        return None
    func = _require("mobiledsl.resolve", "resolve_program")
    return from_json(product_type(func, "mobiledsl.resolve.model:Resolved"), data["resolved"])


def _world_and_task(resolve_rec: str):
    """(world, task) of a resolve record, or None when it failed: what analyse and emit
    take besides the robot. Only those two fields are decoded (the components, with every
    part they carry, are the assembled robot's business)."""
    data = read_json(resolve_rec)
    if record_failed(data, "resolved"):
        return None
    func = _require("mobiledsl.resolve", "resolve_program")
    cls = product_type(func, "mobiledsl.resolve.model:Resolved")
    hints = typing.get_type_hints(cls)
    fields = data["resolved"]
    return tuple(from_json(hints[name], fields.get(name)) if name in hints else None
                 for name in ("world", "task"))


def _walkers(resolve_rec: str) -> dict:
    from ..library.model import Walker
    return {key: from_json(Walker, w)
            for key, w in (read_json(resolve_rec).get("walkers") or {}).items()}


def assemble_action(resolve_rec: str, out: str) -> None:
    assemble = _require("mobiledsl.assembly", "assemble")

    def compute() -> dict[str, bytes]:
        resolved = _resolved(resolve_rec)
        if resolved is None:
            return {out: dumps({"robot": None, "diagnostics": []}).encode()}
        robot, diags = assemble(resolved)
        return {out: dumps({"robot": robot, "diagnostics": list(diags)}).encode()}

    outputs = cache.produce("assemble", [], [resolve_rec], compute)
    _emit_outputs(outputs)
    _show_record(outputs[out])


def _robot(assemble_rec: str):
    data = read_json(assemble_rec)
    if record_failed(data, "robot"):
        return None
    func = _require("mobiledsl.assembly", "assemble")
    return from_json(product_type(func, "mobiledsl.assembly.model:Robot"), data["robot"])


def analyse_action(resolve_rec: str, assemble_rec: str, out: str,
                   report_dir: str | None = None) -> dict | None:
    """Analyse the robot into its record and, when the analysis phase can write one, its
    report (``analysis.json`` and ``topview.svg`` in ``report_dir``). A skipped analysis
    withdraws the report an earlier one wrote."""
    analyse = _require("mobiledsl.analysis", "analyse")
    write_report = phase_function("mobiledsl.analysis", "write_report") \
        if report_dir is not None else None

    def compute() -> dict[str, bytes]:
        robot = _robot(assemble_rec)
        world_task = _world_and_task(resolve_rec) if robot is not None else None
        if robot is None or world_task is None:
            return {out: dumps({"analysis": None, "diagnostics": []}).encode()}
        walkers = _walkers(resolve_rec)
        analysis, diags = analyse(robot, *world_task, **({"walkers": walkers} if walkers else {}))
        outputs = {out: dumps({"analysis": analysis, "diagnostics": list(diags)}).encode()}
        if write_report is not None:
            for name, data in sorted(write_report(analysis).items()):
                safe_relative(name)
                outputs[f"{report_dir}/{name}"] = \
                    data.encode("utf-8") if isinstance(data, str) else bytes(data)
        return outputs

    outputs = cache.produce("analyse", [report_dir if write_report else None],
                            [resolve_rec, assemble_rec], compute)
    if report_dir is not None and os.path.isdir(report_dir):
        for name in os.listdir(report_dir):
            path = f"{report_dir}/{name}"
            if path not in outputs and not name.startswith("."):
                _unlink(path)
    _emit_outputs(outputs)
    _show_record(outputs[out])
    prefix = f"{report_dir}/"
    return {"report": sorted(p[len(prefix):] for p in outputs if p.startswith(prefix))} \
        if report_dir is not None else None


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


def remove_targets(task, dryrun) -> None:
    """clean action: doit's own (the task's targets), then the folders that leaves empty."""
    from doit.task import clean_targets
    clean_targets(task, dryrun)
    if not dryrun:
        for target in task.targets:
            prune_empty_folders(target)


def remove_report(record: str, report_dir: str | None) -> None:
    """clean action of an analyse task: the record and the report."""
    _unlink(record)
    prune_empty_folders(record)
    if report_dir and os.path.isdir(report_dir):
        for name in os.listdir(report_dir):
            _unlink(os.path.join(report_dir, name))
        try:
            os.rmdir(report_dir)
        except OSError:
            pass
        prune_empty_folders(report_dir)


# -- targets: emission, its files, assets ------------------------------------------------------
def safe_relative(rel: str) -> PurePosixPath:
    path = PurePosixPath(rel)
    if not rel or path.is_absolute() or ".." in path.parts or "\\" in rel or \
            not path.parts or path.parts[0] in ("", "."):
        raise ValueError(f"a target asked to write outside its folder: {rel!r}")
    return path


def emission_action(target: str, resolve_rec: str, assemble_rec: str, analyse_rec: str,
                    out: str, out_dir: str) -> None:
    """Run one target's ``emit``. Each file's bytes are kept as a blob named by their hash
    beside the emission record (``layout.blob_dir``), the record lists the files by hash,
    and ``emit:<program>/<target>/<file>`` tasks copy the blobs into place. A file the
    previous emission had and this one has not is deleted, and so is a blob no file uses."""
    emit = _require(target_module(target), "emit")
    blob_dir = layout.blob_dir(out)

    def compute() -> dict[str, bytes]:
        analysis_data = read_json(analyse_rec)
        robot = _robot(assemble_rec)
        world_task = _world_and_task(resolve_rec) if robot is not None else None
        files: dict[str, dict] = {}
        blobs: dict[str, bytes] = {}
        assets: list[list[str]] = []
        diags: list[Diagnostic] = []
        if robot is not None and world_task is not None and \
                not record_failed(analysis_data, "analysis"):
            func = _require("mobiledsl.analysis", "analyse")
            analysis = from_json(product_type(func, "mobiledsl.analysis.model:Analysis"),
                                 analysis_data["analysis"])
            emission = emit(robot, *world_task, analysis)
            diags = list(getattr(emission, "diagnostics", ()))
            if not has_errors(diags):         # a target that reports an error writes nothing
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
        outputs[out] = dumps({"files": files, "assets": assets,
                              "diagnostics": diags}).encode()
        return outputs

    outputs = cache.produce("emission", [target], [resolve_rec, assemble_rec, analyse_rec],
                            compute)
    record = json.loads(outputs[out].decode("utf-8"))
    try:
        previous = read_json(out).get("files", {})
    except (OSError, ValueError):
        previous = {}
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
    """Delete a file below build/, never one a planted symbolic link leads to."""
    try:
        root = _root_of(path)
        if root is not None:
            check_no_links(path, root)
        os.unlink(path)
    except OSError:
        pass


def _withdraw(path: str) -> None:
    """Delete an output file and the folders that leaves empty: a withdrawn cell leaves no
    empty asset folders behind."""
    _unlink(path)
    prune_empty_folders(path)


def emitted_files(record: str) -> dict[str, str]:
    """rel -> hash of the files an emission record lists ({} when there is none yet)."""
    try:
        data = read_json(record)
    except (OSError, ValueError):
        return {}
    return {rel: f["hash"] for rel, f in data.get("files", {}).items()}


def blobs_present(task, values, record: str) -> bool:
    """uptodate of an emission: every blob its record lists is still there."""
    blob_dir = layout.blob_dir(record)
    return all(os.path.isfile(os.path.join(blob_dir, digest))
               for digest in emitted_files(record).values())


def emit_file_action(blob: str, out: str) -> None:
    with open(blob, "rb") as fh:
        write_output(out, fh.read())


def file_has(task, values, path: str, digest: str) -> bool:
    """uptodate: the file on disk holds exactly the bytes whose hash is ``digest``."""
    try:
        return hash_file(path) == digest
    except OSError:
        return False


def assets_action(emission_rec: str, out: str, out_dir: str) -> dict:
    """Copy the asset directories the emission names, whole, into the target's folder;
    delete what an earlier run copied and nothing names any more."""
    data = read_json(emission_rec)
    sources = data.get("assets", [])
    wanted: dict[str, tuple[str, str]] = {}       # dest rel -> (source file, hash)
    src_states: dict[str, dict] = {}
    for source, dest in sources:
        states = tree_states(source)
        src_states[source] = states
        for rel, state in states.items():
            dest_rel = f"{dest.strip('/')}/{rel}" if dest not in ("", ".") else rel
            wanted[dest_rel] = (os.path.join(source, rel), state[2])
    try:
        previous = read_json(out).get("files", {})
    except (OSError, ValueError):
        previous = {}
    for rel in sorted(set(previous) - set(wanted)):
        _withdraw(os.path.join(out_dir, rel))
    dest_states: dict[str, list] = {}
    with Transaction(_root_of(out_dir + "/")) as copied:     # all copied, or none
        for rel, (src, _) in sorted(wanted.items()):
            path = os.path.join(out_dir, rel)
            copied.write(path, read_asset(src))     # checked again: links, FIFOs, devices
            dest_states[rel] = file_state(path)
    write_record(out, {"files": {rel: h for rel, (_, h) in sorted(wanted.items())},
                       "sources": sources})
    return {"sources": sources, "src_states": src_states, "dest_states": dest_states}


def assets_uptodate(task, values, out_dir: str) -> bool:
    """uptodate of ``assets:<program>/<target>``: every source tree holds what was copied
    last time and every copy still holds it (by content hash, re-hashing only files whose
    stat moved)."""
    src_states = values.get("src_states")
    dest_states = values.get("dest_states")
    if src_states is None or dest_states is None:
        return False
    for source, saved in src_states.items():
        now = tree_states(source, saved)
        if {k: v[2] for k, v in now.items()} != {k: v[2] for k, v in saved.items()}:
            return False
    for rel, saved in dest_states.items():
        try:
            if file_state(os.path.join(out_dir, rel), saved)[2] != saved[2]:
                return False
        except OSError:
            return False
    return True


def remove_listed(record: str, out_dir: str) -> None:
    """clean action: delete the files a record lists under out_dir, then the record and
    its blobs."""
    try:
        files = read_json(record).get("files", {})
    except (OSError, ValueError):
        files = {}
    for rel in files:
        _unlink(os.path.join(out_dir, rel))
        prune_empty_folders(os.path.join(out_dir, rel))
    _unlink(record)
    blob_dir = layout.blob_dir(record)
    if os.path.isdir(blob_dir):
        for name in os.listdir(blob_dir):
            _unlink(os.path.join(blob_dir, name))
        try:
            os.rmdir(blob_dir)
        except OSError:
            pass
    prune_empty_folders(record)


# -- one cell on its own: build:<program>/<target> --------------------------------------------
def cell_complete(task, values, record: str, out_dir: str) -> bool:
    """uptodate of ``build:<program>/<target>``: every file the emission lists holds its
    bytes (checked after the emission and assets tasks ran, as task_dep)."""
    return all(file_has(task, values, os.path.join(out_dir, rel), digest)
               for rel, digest in emitted_files(record).items())


def cell_action(record: str, out_dir: str) -> None:
    """Write the files of one cell that do not hold their bytes yet: what the ``emit`` tasks
    of that cell do, for a ``doit build:<program>/<target>`` that builds the cell alone (the
    emit tasks are created only after every emission ran)."""
    blob_dir = layout.blob_dir(record)
    for rel, digest in sorted(emitted_files(record).items()):
        out = os.path.join(out_dir, rel)
        if not file_has(None, None, out, digest):
            emit_file_action(os.path.join(blob_dir, digest), out)
            print(f"wrote {out}")

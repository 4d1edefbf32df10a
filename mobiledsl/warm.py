"""The warm core: the compiler's phases kept in memory between edits, re-running only the
phase instances an edit reaches. The language server and ``mobiledsl watch`` check programs
through it; the command line and ``doit`` do not (each is a process of its own).

It holds one record per phase instance: each library's manifest, each part's load, each
walker, and each program's parse, resolve, assemble and analyse. A record keeps the
fingerprint of the phase's inputs, its result and its diagnostics, and the phase runs again
only when that fingerprint changes. The fingerprints are the build graph's:

- a file's digest is ``graph.hashing.file_state`` (xxh3 of its content, its stat sparing a
  re-read of a file left alone) or, for a file the overlay holds (an editor's unsaved text),
  ``hash_text`` of that text; a part folder's other files count by ``listing_digest`` and
  ``policy_digest``, as the load task's uptodate checks count them;
- a load's and a parse's record count by the digest of their *values*, the record as
  ``graph.records.encode`` writes it for ``doit``, every line and column taken out to a
  positions table (``graph.positions``). What a program needs of its libraries is
  ``needs.program_needs``, asked twice as every driver asks it.
- resolve counts by the values of the parse record and of every part and walker record
  the program needs, with each library's manifest. Assemble and analyse count by resolve's
  fingerprint: the phases are pure, so the same inputs give the same resolution (the graph
  compares the resolution's record itself, which for a 100-part robot costs more to write
  than the three phases cost to run).

So an edit that moves a comment (or a blank line) changes a parse or a load record's
positions and none of its values, and resolve does not run again. The later phases'
diagnostics still point where the old text had things: the old and the new positions
tables are read side by side (their entries are numbered in the values' order, so entry n
is the same place in both) and each span of those diagnostics that named an old place is
moved to the new one. Their results (the resolution, the robot) keep the old lines until a
phase runs again.

Diagnostics come out as the command line's compile gives them (``pipeline.compile_program``,
in its order: each manifest's, the needed parts' and walkers' loads, then the program's
phases'), and the result is a ``pipeline.CompileResult``. Nothing here knows of an editor
or of doit.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .diagnostics import Diagnostic, Label, Span, has_errors
from .needs import Needs, PartKey, Registry, WalkerNames, program_needs
from .phases import PHASES, PROGRAM_PHASES, failed, program_refs

Moves = dict[Span, Span]


def _digest(*pieces: str) -> str:
    from .graph.hashing import hash_text

    return hash_text("\0".join(pieces))


class Record:
    """One phase instance: the fingerprint of its inputs, its result and diagnostics, and,
    for a record the graph compares by content (a load, a parse), the digest of its values
    and its positions table."""

    __slots__ = ("fingerprint", "value", "diagnostics", "digest", "table", "values")

    def __init__(self, fingerprint: str, value: Any, diagnostics: Sequence[Diagnostic]):
        self.fingerprint = fingerprint
        self.value = value
        self.diagnostics = list(diagnostics)
        self.digest = fingerprint
        self.table = b""
        self.values = b""

    @classmethod
    def encoded(
        cls, fingerprint: str, name: str, key: str, value: Any, diagnostics: Sequence[Diagnostic]
    ) -> Record:
        """A record whose digest is that of its values as the graph writes them."""
        from .graph.hashing import hash_bytes
        from .graph.positions import table_path
        from .graph.records import encode

        rec = cls(fingerprint, value, diagnostics)
        written = encode(name, {key: value, "diagnostics": rec.diagnostics})
        rec.values, rec.table = written[name], written[table_path(name)]
        rec.digest = hash_bytes(rec.values)
        return rec

    def moves_from(self, old: Record) -> Moves:
        """Where each place of ``old`` went, when the two hold the same values and only
        their positions differ (an edit of comments or blank lines); else nothing."""
        if old.digest != self.digest or old.table == self.table:
            return {}
        before, after = json.loads(old.table), json.loads(self.table)
        moves: Moves = {}

        def walk(node: Any) -> None:
            if isinstance(node, list):
                for item in node:
                    walk(item)
            elif isinstance(node, dict):
                at, file = node.get("at"), node.get("file")
                if isinstance(at, str) and isinstance(file, str):
                    n = int(at.rpartition("#")[2])
                    if before[n] != after[n]:
                        moves[Span(file, *before[n])] = Span(file, *after[n])
                for item in node.values():
                    walk(item)

        walk(json.loads(self.values))
        return moves


def moved(diagnostics: Iterable[Diagnostic], moves: Moves) -> list[Diagnostic]:
    """``diagnostics`` with each span that ``moves`` names put where it went."""

    def at(span: Span) -> Span:
        return moves.get(span, span)

    out = []
    for d in diagnostics:
        out.append(
            dataclasses.replace(
                d,
                span=None if d.span is None else at(d.span),
                labels=tuple(Label(at(label.span), label.message) for label in d.labels),
                fixes=tuple(dataclasses.replace(f, span=at(f.span)) for f in d.fixes),
            )
        )
    return out


class _Library:
    """One library root: its manifest, what its walker.yaml files name, its loads."""

    def __init__(self, root: str):
        self.root = root
        self.manifest_fp: str | None = None
        self.manifest: Any = None
        self.manifest_diagnostics: list[Diagnostic] = []
        self.names: dict[str, tuple[str, WalkerNames | None]] = {}
        self.parts: dict[str, Record] = {}
        self.walkers: dict[str, Record] = {}


class _Program:
    """One program's records, by its core file."""

    def __init__(self, core: str):
        self.core = core
        self.parse: Record | None = None
        self.later: dict[str, Record] = {}  # resolve, assemble, analyse as last run
        self.needs: set[tuple[str, str]] = set()  # (library root, part id) it needs
        self.libraries: list[Any] = []


class Warm:
    """The records of every phase instance checked so far, for ``library_roots`` (each
    once, in order, as ``pipeline.load_libraries`` takes them), reading each file from
    ``overlay`` (path -> text, an editor's unsaved texts; kept by reference, so the caller
    may change it) before the disk. ``runs`` counts the phase runs by phase name."""

    def __init__(
        self, library_roots: Sequence[str | os.PathLike], overlay: Mapping[str, str] | None = None
    ):
        roots: list[str] = []
        seen: set[str] = set()
        for root in library_roots:
            key = os.path.normcase(os.path.realpath(root))
            if key not in seen:
                seen.add(key)
                roots.append(os.fspath(root))
        self.overlay: Mapping[str, str] = overlay if overlay is not None else {}
        self.runs: Counter[str] = Counter()
        self._libraries = [_Library(root) for root in roots]
        self._programs: dict[str, _Program] = {}
        self._states: dict[str, list] = {}  # file -> graph.hashing.file_state
        self._folders: dict[str, tuple[str, str]] = {}

    # -- files -------------------------------------------------------------------------------
    def _disk_digest(self, path: str) -> str:
        from .graph.hashing import file_state

        try:
            state = file_state(path, self._states.get(path))
        except OSError as exc:
            self._states.pop(path, None)
            return f"absent:{type(exc).__name__}"
        self._states[path] = state
        return state[2]

    def _digest_of(self, path: str) -> str:
        """The digest of what a phase reads of ``path``: the overlay's text, else the file."""
        text = self.overlay.get(path)
        if text is not None:
            from .graph.hashing import hash_text

            return "text:" + hash_text(text)
        return self._disk_digest(path)

    def _folder(self, folder: str, declaration: str) -> tuple[str, str]:
        """The names a load looks for in ``folder`` and the policies it reads there, as the
        load task's uptodate checks digest them; digested again after ``forget``."""
        if folder not in self._folders:
            from .graph.hashing import listing_digest, policy_digest

            self._folders[folder] = (listing_digest(folder), policy_digest(folder, declaration))
        return self._folders[folder]

    def forget(self, path: str | os.PathLike) -> None:
        """``path`` changed on disk: look at it again (a file of a part's or walker's
        folder, a mesh or a policy, makes that folder be digested again). The files a phase
        reads are looked at on every check anyway, by their stat."""
        path = os.fspath(path)
        self._states.pop(path, None)
        for folder in [
            f for f in self._folders if path == f or path.startswith(f.rstrip(os.sep) + os.sep)
        ]:
            del self._folders[folder]

    # -- libraries ---------------------------------------------------------------------------
    def _manifests(self) -> list[_Library]:
        """Every library's manifest, run again when its library.yaml changed (it is read
        from the disk: a library.yaml counts once saved); the libraries that have one."""
        for lib in self._libraries:
            fp = self._disk_digest(os.path.join(lib.root, "library.yaml"))
            if fp != lib.manifest_fp:
                self.runs["manifest"] += 1
                lib.manifest, diags = PHASES["manifest"].run(lib.root)
                lib.manifest_diagnostics = list(diags)
                lib.manifest_fp = fp
        return [lib for lib in self._libraries if lib.manifest is not None]

    def _registry(self, lib: _Library) -> Registry:
        from .library.walkernames import named_parts, walker_file

        walkers: dict[str, WalkerNames | None] = {}
        for wid in lib.manifest.walkers:
            fp = self._disk_digest(os.fspath(walker_file(lib.root, wid)))
            known = lib.names.get(wid)
            if known is None or known[0] != fp:
                named = named_parts(lib.root, wid)
                names = None if named is None else WalkerNames(named[0], tuple(named[1]))
                known = lib.names[wid] = (fp, names)
            walkers[wid] = known[1]
        return Registry(lib.manifest.name, tuple(lib.manifest.parts), walkers)

    def _part(self, lib: _Library, pid: str) -> Record:
        """The load of part ``pid``, run again when what it reads changed."""
        from .graph import layout
        from .library.loader import part_paths

        listed = lib.manifest.parts.get(pid)
        folder, file = part_paths(lib.root, pid)
        fp = _digest(
            self._digest_of(file), *self._folder(folder, file), repr(listed), lib.manifest.name
        )
        old = lib.parts.get(pid)
        if old is not None and old.fingerprint == fp:
            return old
        self.runs["load"] += 1
        text = self.overlay.get(file)
        if text is not None:
            from .library.loader import load_part_text

            part, diags = load_part_text(lib.root, lib.manifest.name, pid, text)
        else:
            part, diags = PHASES["load"].run(lib.root, lib.manifest.name, pid, listed)
        new = lib.parts[pid] = Record.encoded(
            fp, layout.part_record(lib.manifest.name, pid), "part", part, diags
        )
        if old is not None:
            self._moved(new.moves_from(old))
        return new

    def _walker(self, lib: _Library, wid: str, names: WalkerNames | None) -> Record:
        """The load of walker ``wid`` against the parts its walker.yaml names."""
        from .library.walkernames import walker_file

        file = os.fspath(walker_file(lib.root, wid))
        named = {pid: lib.parts[pid] for pid in (names.parts if names else ()) if pid in lib.parts}
        registered = lib.manifest.walkers.get(wid)
        fp = _digest(
            self._disk_digest(file),
            *self._folder(os.path.dirname(file), file),
            repr(registered),
            lib.manifest.name,
            *(f"{pid}={rec.digest}" for pid, rec in sorted(named.items())),
        )
        old = lib.walkers.get(wid)
        if old is not None and old.fingerprint == fp:
            return old
        self.runs["walker"] += 1
        parts = {pid: rec.value for pid, rec in named.items() if rec.value is not None}
        walker, diags = PHASES["walker"].run(lib.root, lib.manifest.name, wid, parts, registered)
        new = lib.walkers[wid] = Record(fp, walker, diags)
        return new

    def _moved(self, moves: Moves) -> None:
        """A record's places moved and none of its values: every later phase's diagnostics
        follow them."""
        if not moves:
            return
        for program in self._programs.values():
            for rec in program.later.values():
                rec.diagnostics = moved(rec.diagnostics, moves)
        for lib in self._libraries:
            for rec in lib.walkers.values():
                rec.diagnostics = moved(rec.diagnostics, moves)

    def _needs(
        self, libs: list[_Library], registries: list[Registry], refs: list[str]
    ) -> tuple[Needs, dict[PartKey, Record]]:
        """What the program naming ``refs`` needs, asked as every driver asks it, and the
        loads of those parts (and of the context) in the order the command line loads them."""
        loads: dict[PartKey, Record] = {}

        def load(keys: Iterable[PartKey]) -> None:
            for i, pid in keys:
                if (i, pid) not in loads and pid in libs[i].manifest.parts:
                    loads[i, pid] = self._part(libs[i], pid)

        first = program_needs(refs, registries)
        load(first.parts + first.context)
        needs = program_needs(refs, registries, {key: rec.value for key, rec in loads.items()})
        load(needs.parts + needs.context)
        return needs, loads

    # -- programs ----------------------------------------------------------------------------
    def check(self, core: str, world: str | None = None, task: str | None = None) -> Any:
        """The check of one program (``pipeline.compile_program`` with ``check_only``),
        from its records, running what changed since the last check. ``phases_run`` of the
        result names the program phases that ran this time. Raises ``pipeline.InputError``
        when a program file cannot be read. The cyclic collector is paused meanwhile, as
        while loading a library: a check makes many small acyclic objects, and in a
        long-lived process the collector's passes over every record kept cost more than
        the check itself."""
        from .library.loader import collector_paused

        with collector_paused():
            return self._check(core, world, task)

    def _check(self, core: str, world: str | None, task: str | None) -> Any:
        from .pipeline import CompileResult, keep_result

        state = self._programs.get(core)
        if state is None:
            state = self._programs[core] = _Program(core)
        result = CompileResult()
        parse = self._parse(state, {"core": core, "world": world, "task": task}, result)
        libs, loads, walkers, library_diags = self._libraries_for(state, parse.value)
        result.diagnostics.extend(library_diags)
        if has_errors(library_diags):
            return result
        resolve_fp = _digest(
            parse.digest,
            *(f"{lib.root}={lib.manifest_fp}" for lib in libs),
            *(f"{i}/{pid}={rec.digest}" for (i, pid), rec in loads.items()),
            *(f"{i}:{wid}={rec.digest}" for (i, wid), rec in walkers.items()),
        )
        later = state.later
        if failed(parse.value, parse.diagnostics):
            later = {}
        elif not later or next(iter(later.values())).fingerprint != resolve_fp:
            state.libraries = self._built(libs, loads, walkers)
            later = self._run_later(resolve_fp, parse.value, state.libraries, result)
        state.later = later
        result.libraries = list(state.libraries)
        result.diagnostics.extend(parse.diagnostics)
        for name, rec in later.items():
            result.diagnostics.extend(rec.diagnostics)
            keep_result(result, name, rec.value)
        return result

    def _parse(self, state: _Program, files: dict[str, str | None], result: Any) -> Record:
        """The program's parse, run again when a file's text changed; when its values did
        not (comments, blank lines), the later phases' diagnostics follow the places."""
        from .pipeline import read_program

        fp = _digest(
            *(
                f"{kind}={path}={self._digest_of(path)}" if path else kind
                for kind, path in files.items()
            )
        )
        if state.parse is not None and state.parse.fingerprint == fp:
            return state.parse
        sources = {
            kind: read_program(path, self.overlay) if path else None for kind, path in files.items()
        }
        self.runs["parse"] += 1
        result.phases_run.append("parse")
        program, diags = PHASES["parse"].run(sources)
        new = Record.encoded(fp, f"{state.core}#parse", "program", program, diags)
        if state.parse is not None:
            moves = new.moves_from(state.parse)
            for rec in state.later.values():
                rec.diagnostics = moved(rec.diagnostics, moves)
        state.parse = new
        return new

    def _libraries_for(
        self, state: _Program, program: Any
    ) -> tuple[list[_Library], dict[PartKey, Record], dict[PartKey, Record], list[Diagnostic]]:
        """The libraries that have a manifest, the loads and walkers the program needs,
        and what the command line reports of them for it (every manifest's, then each
        library's needed parts' and walkers')."""
        libs = self._manifests()
        diags = [d for lib in self._libraries for d in lib.manifest_diagnostics]
        registries = [self._registry(lib) for lib in libs]
        needs, loads = self._needs(libs, registries, sorted(program_refs(program)))
        walkers = {
            (i, wid): self._walker(libs[i], wid, registries[i].walkers.get(wid))
            for i, wid in needs.walkers
        }
        for i, lib in enumerate(libs):
            diags.extend(
                d
                for pid in lib.manifest.parts
                if (i, pid) in needs.parts
                for d in loads[i, pid].diagnostics
            )
            diags.extend(
                d
                for wid in lib.manifest.walkers
                if (i, wid) in walkers
                for d in walkers[i, wid].diagnostics
            )
        state.needs = {(libs[i].root, pid) for i, pid in needs.parts + needs.context}
        return libs, loads, walkers, diags

    def _built(
        self, libs: list[_Library], loads: dict[PartKey, Record], walkers: dict[PartKey, Record]
    ) -> list[Any]:
        """The libraries a program is resolved against, as the command line builds them."""
        from .library.building import build_library

        out = []
        for i, lib in enumerate(libs):
            parts = {pid: (rec.value, rec.diagnostics) for (j, pid), rec in loads.items() if j == i}
            walking = {
                wid: (rec.value, rec.diagnostics)
                for (j, wid), rec in walkers.items()
                if j == i and rec.value is not None
            }
            out.append(build_library(lib.manifest.name, lib.root, parts, walking, as_records=True))
        return out

    def _run_later(
        self, fp: str, program: Any, libraries: list[Any], result: Any
    ) -> dict[str, Record]:
        """Resolve, assemble and analyse, each stopping the later ones when it fails."""
        values: dict[str, Any] = {"parse": program, "libraries": libraries}
        later: dict[str, Record] = {}
        for name in PROGRAM_PHASES[1:]:
            phase = PHASES[name]
            value, diags = phase.run(**{key: values[key] for key in phase.inputs})
            self.runs[name] += 1
            result.phases_run.append(name)
            later[name] = Record(fp, value, diags)
            if failed(value, diags):
                break
            values[name] = value
        return later

    def users(self, path: str | os.PathLike) -> list[str]:
        """The cores of the programs checked so far whose last check needed the part whose
        component.yaml is ``path``."""
        path = os.fspath(path)
        out = []
        for core, state in self._programs.items():
            if any(
                os.path.join(root, "parts", pid, "component.yaml") == path
                for root, pid in state.needs
            ):
                out.append(core)
        return out

    def drop(self, core: str) -> None:
        """Forget a program (its files are gone)."""
        self._programs.pop(core, None)

    # -- whole libraries ---------------------------------------------------------------------
    def whole(self) -> tuple[list[Any], list[Diagnostic]]:
        """Every library with every part and walker it registers, each loaded through its
        record (what an editor's completion and hover list), and what loading them reported
        (manifests, parts, walkers, in that order a library)."""
        from .library.building import build_library

        libraries, diags = [], []
        for lib in self._manifests():
            diags.extend(lib.manifest_diagnostics)
            registry = self._registry(lib)
            parts = {pid: self._part(lib, pid) for pid in lib.manifest.parts}
            walkers = {
                wid: self._walker(lib, wid, registry.walkers.get(wid))
                for wid in lib.manifest.walkers
            }
            diags.extend(d for rec in parts.values() for d in rec.diagnostics)
            diags.extend(d for rec in walkers.values() for d in rec.diagnostics)
            libraries.append(
                build_library(
                    lib.manifest.name,
                    lib.root,
                    {pid: (rec.value, rec.diagnostics) for pid, rec in parts.items()},
                    {
                        wid: (rec.value, rec.diagnostics)
                        for wid, rec in walkers.items()
                        if rec.value is not None
                    },
                )
            )
        for lib in self._libraries:
            if lib.manifest is None:
                diags.extend(lib.manifest_diagnostics)
        return libraries, diags

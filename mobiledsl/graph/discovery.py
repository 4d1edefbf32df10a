"""What the project holds, as the build graph reads it when dodo.py is loaded (docs/build.md).

The matrix's programs and cells, each library's manifest (the ids library.yaml registers,
kept in ``build/.libraries.json`` as ``_manifest`` says), what each walker.yaml names (kept
in ``build/.walkers.json``), and the fingerprint of the compiler code each kind of task runs
(``code.py``) with the config file a task of that kind depends on. ``Project`` gathers them;
``tasks.Graph`` makes doit's task dicts from them.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..diagnostics import Span
from ..inputs import Refused, read_regular
from ..phases import EMITTERS, PHASES, PROGRAM_PHASES, TARGETS
from ..records import to_json, write_atomic
from . import layout
from .code import CodeIndex
from .hashing import file_state, hash_file
from .matrix import Matrix, Program, parse_shard, read_matrix, shard_of, warn
from .positions import span_from_json, split

# The module every task's action runs in; its imports count for every task.
ACTIONS = "mobiledsl.graph.actions"


def phase_functions(kind: str, target: str | None = None) -> list:
    """The functions a task of this kind runs: its phase's row (run, the types its input
    records are decoded to, what else its task calls) and a target's emitter."""
    row = PHASES.get(kind)
    if row is None:
        return []
    functions: list = [row.run, *row.also]
    functions += [
        PHASES[name].record
        for name in row.inputs
        if name in PHASES and PHASES[name].record is not None
    ]
    if target is not None:
        functions.append(EMITTERS[target])
    return functions


@dataclass
class LibraryInfo:
    name: str
    root: str  # relative to the project root, with /
    parts: dict[str, Span | None] = field(default_factory=dict)
    walkers: dict[str, Span | None] = field(default_factory=dict)
    ok: bool = True  # False: library.yaml blocks (manifest task only)
    # where library.yaml states the name, as the manifest's record places it: its line and
    # column in that record's positions table, so a comment above it re-runs no resolve
    name_span: Span | None = None


class Project:
    """What dodo.py builds from: the matrix, the libraries' registered ids (read from each
    library.yaml when dodo.py is loaded), the programs and cells this run builds, and the
    code fingerprint and config file of each kind of task."""

    def __init__(self, root: str | os.PathLike, shard: str | tuple[int, int] | None = None):
        self.root = Path(root).resolve()
        self.shard = parse_shard(shard) if isinstance(shard, (str, type(None))) else shard
        self.matrix: Matrix = read_matrix(self.root)
        for message in self.matrix.warnings:
            warn(message)
        self.targets = [t for t in self.matrix.targets if t in TARGETS]
        for target in self.matrix.targets:
            if target not in TARGETS:
                warn(
                    f"no target '{target}' in this version of mobiledsl (it has "
                    f"{', '.join(TARGETS)}); its cells are not built"
                )
        self.code = CodeIndex(self.root / layout.CODE_CACHE)
        self._fingerprints: dict[tuple[str, str | None], str] = {}
        self._configs: set[str] = set()  # config files written by this load
        self.blocked: list[str] = []  # library roots that cannot be loaded
        self.libraries: list[LibraryInfo] = self._read_libraries()
        self.registry = {lib.name: sorted(lib.parts) for lib in self.libraries if lib.ok}
        self.walkers = {lib.name: sorted(lib.walkers) for lib in self.libraries if lib.ok}

    @functools.cached_property
    def walker_names(self) -> WalkerParts:
        """What each walker.yaml names, read once a build (kept in build/.walkers.json)."""
        named = WalkerParts(self.root)
        for lib in self.libraries:
            for wid in sorted(lib.walkers):
                declaration = f"{lib.root}/walkers/{wid}/walker.yaml"
                if (self.root / declaration).is_file():
                    named.names(declaration)
        named.save()
        return named

    @functools.cached_property
    def registries(self) -> list:
        """What each library a program is resolved against registers (``needs.Registry``),
        in the order of ``_library_pairs``: the parts, and what each walker names."""
        from ..needs import Registry

        return [
            Registry(
                lib.name,
                tuple(sorted(lib.parts)),
                {
                    wid: self.walker_names.names(f"{lib.root}/walkers/{wid}/walker.yaml")
                    for wid in sorted(lib.walkers)
                },
            )
            for lib in self.libraries
            if lib.ok
        ]

    @functools.cached_property
    def registry_digest(self) -> str:
        from .libraries import registries_digest

        return registries_digest(self.registries)

    def fingerprint(self, kind: str, target: str | None = None) -> str:
        """The compiler code a task of this kind runs (see ``code``), as one hash."""
        key = (kind, target)
        if key not in self._fingerprints:
            self._fingerprints[key] = self.code.fingerprint(
                phase_functions(kind, target), [ACTIONS]
            )
        return self._fingerprints[key]

    def config(self, kind: str, target: str | None = None, **params: Any) -> str:
        """A file holding what every task of a kind runs with besides its inputs (the
        fingerprint of its code, and ``params``), made a file_dep of each: doit then checks
        it as it checks any file, by its stat, where a Python check per task would cost a
        call each. Written only when its bytes change."""
        name = kind if target is None else f"{kind}-{target}"
        path = f"{layout.CONFIG_DIR}/{name}.json"
        if path not in self._configs:
            text = (
                json.dumps({"code": self.fingerprint(kind, target), **params}, sort_keys=True)
                + "\n"
            )
            write_atomic(self.root / path, text)
            self._configs.add(path)
        return path

    # -- what exists ---------------------------------------------------------------------
    def targets_available(self) -> list[str]:
        return self.targets if self._programs() else []

    def has(self, phase: str) -> bool:
        """Whether dodo.py should define the phase's task creator at all."""
        if phase == "manifest":
            return bool(self.libraries)
        if phase == "load":
            return any(lib.parts for lib in self.libraries)
        if phase == "walker":
            return any(lib.walkers for lib in self.libraries)
        if phase in ("refs", "deps") or phase in PROGRAM_PHASES:
            return bool(self._programs())
        if phase in ("emission", "emit", "assets"):
            return any(self._cells())
        if phase in ("build", "sim", "view"):
            return self.has("analyse")
        raise KeyError(phase)

    def _read_libraries(self) -> list[LibraryInfo]:
        out: list[LibraryInfo] = []
        seen: dict[str, str] = {}
        for rel in self.matrix.libraries:
            # A library root that is not there (yet) gives no tasks at all; the programs
            # are not resolved without it.
            if not (self.root / rel / "library.yaml").is_file():
                self.blocked.append(rel)
                warn(f"{rel}: no library.yaml there; no program is resolved until there is")
                continue
            manifest = self._manifest(rel)
            if manifest is None:
                # library.yaml blocks: only its manifest task, which reports why.
                out.append(LibraryInfo(Path(rel).name, rel, ok=False))
                self.blocked.append(rel)
                continue
            name, parts, walkers, name_span = manifest
            if name in seen:
                warn(f"{rel}: the library name '{name}' is taken by {seen[name]}; skipped")
                continue
            seen[name] = rel
            out.append(LibraryInfo(name, rel, parts, walkers, name_span=name_span))
        return out

    def _manifest(self, rel: str) -> tuple[str, dict, dict, Span | None] | None:
        """(name, parts, walkers, name span) a library.yaml registers, each id with where it
        is listed, and where the name is stated as its record places it; None when it
        blocks. Kept in build/.libraries.json by the file's content and the
        library code's fingerprint: reading it means importing the library package (numpy
        and all), which costs more than the rest of a no-op build."""
        key = [hash_file(self.root / rel / "library.yaml"), self.fingerprint("manifest")]
        cache = self.root / layout.MANIFEST_CACHE
        try:
            saved = json.loads(cache.read_text())
        except (OSError, ValueError):
            saved = {}
        entry = saved.get(rel) if isinstance(saved, dict) else None
        if isinstance(entry, dict) and entry.get("key") == key:
            if entry.get("name") is None:
                return None

            def spans(ids: dict) -> dict:
                return {i: span_from_json(sp) if sp else None for i, sp in ids.items()}

            return (
                entry["name"],
                spans(entry["parts"]),
                spans(entry["walkers"]),
                span_from_json(entry.get("name_span")),
            )
        with contextlib.chdir(self.root):  # paths in records stay relative
            manifest, diags = PHASES["manifest"].run(rel)
        stored: dict[str, Any]
        if manifest is None:
            result, stored = None, {"key": key, "name": None}
        else:
            parts = {
                pid: span
                for pid, span in _ids(manifest.parts).items()
                if layout.SAFE_NAME.match(pid)
            }
            walkers = {
                wid: span
                for wid, span in _ids(manifest.walkers).items()
                if layout.SAFE_NAME.match(wid)
            }
            name_span = _as_recorded(manifest, diags)
            result = (manifest.name, parts, walkers, name_span)

            def tojson(ids: dict) -> dict:
                return {i: sp.to_json() if sp else None for i, sp in ids.items()}

            stored = {
                "key": key,
                "name": manifest.name,
                "parts": tojson(parts),
                "walkers": tojson(walkers),
                "name_span": name_span.to_json() if name_span else None,
            }
        saved = saved if isinstance(saved, dict) else {}
        saved[rel] = stored
        try:
            write_atomic(cache, json.dumps(saved, sort_keys=True) + "\n")
        except OSError:
            pass
        return result

    @functools.cached_property
    def _built(self) -> list[Program]:
        return shard_of(
            [p for p in self.matrix.programs if not self.matrix.program_excluded(p.name)],
            self.shard,
        )

    def programs(self) -> list[Program]:
        """The programs this run builds: the matrix's, less the excluded, and only this
        runner's share of them under ``shard=I/N``."""
        return self._built

    _programs = programs

    def _cells(self) -> list[tuple[Program, str]]:
        return self._cell_list

    @functools.cached_property
    def _cell_list(self) -> list[tuple[Program, str]]:
        # every target generator walks the cells: the exclusions are matched once
        targets = self.targets_available()
        return [
            (program, target)
            for program in self._programs()
            for target in self.matrix.targets_of(program.name)
            if target in targets
        ]

    def _roots(self) -> list[str]:
        """The matrix's library roots: where a record's asset folders and files may lie."""
        return [lib.root for lib in self.libraries]

    def _library_pairs(self) -> list[tuple[str, str, dict | None]]:
        """(name, root, where the name is stated) of every library a program is resolved
        against, in matrix order."""
        return [
            (lib.name, lib.root, lib.name_span.to_json() if lib.name_span else None)
            for lib in self.libraries
            if lib.ok
        ]


class WalkerParts:
    """The part ids each walker.yaml names (its body and its limbs' parts), kept in
    ``build/.walkers.json`` by the file's content, so that a build that finds the files
    unchanged reads none of them."""

    def __init__(self, root: Path):
        self.path = root / layout.WALKERS_CACHE
        self.root = root
        try:
            self.saved = json.loads(self.path.read_text())
        except (OSError, ValueError):
            self.saved = {}
        self.fresh: dict[str, list] = {}

    def names(self, declaration: str) -> Any:
        """What the walker.yaml names (``needs.WalkerNames``), or None when it does not read
        as a walker (its load says why)."""
        from ..needs import WalkerNames

        if declaration in self.fresh:
            named = self.fresh[declaration][1]
        else:
            entry = self.saved.get(declaration) if isinstance(self.saved, dict) else None
            try:
                state = file_state(self.root / declaration, entry[0] if entry else None)
            except OSError:
                return None
            if entry and entry[0][2] == state[2] and _well_formed(entry[1]):
                named = entry[1]
            else:
                try:  # bounded, regular files only: a FIFO would hold the build
                    named = _named_by_walker(read_regular(self.root / declaration))
                except (OSError, ValueError, Refused):
                    named = None
            self.fresh[declaration] = [state, named]
        return None if named is None else WalkerNames(named[0], tuple(named[1]))

    def save(self) -> None:
        if self.fresh != self.saved:
            try:
                write_atomic(self.path, json.dumps(self.fresh, sort_keys=True) + "\n")
            except OSError:
                pass


def _named_by_walker(data: bytes) -> list | None:
    """[body, the part ids] a walker.yaml names (its body and its limbs' parts, as the
    command line reads them); None when the file does not read as such."""
    from ..library.walkers import named_in

    named = named_in(data, "walker.yaml")
    return None if named is None else [named[0], list(named[1])]


def _well_formed(named: Any) -> bool:
    """A saved entry of build/.walkers.json as this version writes it (or None)."""
    return named is None or (
        isinstance(named, list)
        and len(named) == 2
        and isinstance(named[0], str)
        and isinstance(named[1], list)
        and all(isinstance(p, str) for p in named[1])
    )


def _as_recorded(manifest: Any, diags: list) -> Span | None:
    """The manifest's name span as its record holds it (the manifest task writes the same
    record, and keeps its positions table): the file, and where in that table its line and
    column are."""
    span = getattr(manifest, "name_span", None)
    if span is None:
        return None
    record = layout.library_record(manifest.name)
    values, _ = split(to_json({PHASES["manifest"].key: manifest, "diagnostics": diags}), record)
    return span_from_json(values[PHASES["manifest"].key].get("name_span"))


def _ids(listed) -> dict[str, Span | None]:
    """A manifest's ids with where they are listed, whatever container it keeps them in."""
    if isinstance(listed, dict):
        return {str(k): (v if isinstance(v, Span) else None) for k, v in listed.items()}
    out: dict[str, Span | None] = {}
    for item in listed or ():
        if isinstance(item, str):
            out.setdefault(item, None)
        elif isinstance(item, (tuple, list)) and item:
            out.setdefault(
                str(item[0]), item[1] if len(item) > 1 and isinstance(item[1], Span) else None
            )
        elif hasattr(item, "id"):
            out.setdefault(str(item.id), getattr(item, "span", None))
    return out

"""The build graph's task generators (docs/build.md): one doit task per phase instance.

=================================  ==========================================================
task                               up to date while ...
=================================  ==========================================================
``manifest:<library>``             library.yaml's content is the same
``load:<library>/<part>``          component.yaml's content, and the names in the part's
                                   directory, are the same
``walker:<library>/<walker>``      walker.yaml and the library's part records are the same
``parse:<program>``                the program's .core/.world/.task are the same
``refs:<program>``                 the parse record is the same (calc_dep: part records named)
``deps:<program>``                 the part records named are the same (calc_dep: and what
                                   those name: an environment's objects, a walker)
``resolve:<program>``              the parse record and the part records it names are the same
``assemble:<program>``             the resolve record is the same
``analyse:<program>``              the resolve and assemble records are the same
``emission:<program>/<target>``    the resolve, assemble and analyse records are the same,
                                   and the blobs its record lists are there (a ROS target:
                                   and the project's templates folder holds what it held)
``emit:<program>/<target>/<file>`` the file holds the bytes the emission record has for it
``assets:<program>/<target>``      the copied asset files hold what their sources hold
``build:<program>/<target>``       (not a default task) every file of the cell holds its
                                   bytes, after its emission and assets tasks ran
``build:<program>``                (not a default task) a group: its analysis and its cells
``view:<program>``                 the records the page shows are the same, and the run's
                                   report and the meshes it embeds hash as they did
=================================  ==========================================================

Besides, every task is re-run when the compiler code of its phase changes: a fingerprint of
that code (``code.py``) is kept in a file per kind of task (``Graph.config``), a file_dep of
each. The phases themselves, what each takes and
what its record keeps, are ``mobiledsl.phases.PHASES``; every phase task, library and
program alike, runs ``actions.phase_action`` on its row (``phase.HOOKS`` say what a phase
does besides), and the refs and deps tasks ask ``needs.program_needs`` what a program
needs.
"""

from __future__ import annotations

import contextlib
import functools
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from doit.tools import config_changed

from ..diagnostics import Span
from ..inputs import Refused, read_regular
from ..phases import EMITTERS, PHASES, PROGRAM_PHASES, TARGETS
from ..records import to_json, write_atomic
from ..targets.overrides import TEMPLATED_TARGETS, listing
from . import actions, layout, state
from .code import CodeIndex
from .hashing import XxhashChecker, file_state, hash_file, use_stat_cache
from .matrix import Matrix, Program, parse_shard, read_matrix, shard_of, warn
from .positions import split, table_path
from .reporter import make_reporter, mend_json_reporter

# Every task creator dodo.py may define, in pipeline order (doit list shows them so).
BASENAMES = (
    "manifest",
    "load",
    "walker",
    "parse",
    "refs",
    "deps",
    "resolve",
    "assemble",
    "analyse",
    "emission",
    "emit",
    "assets",
    "view",
    "build",
    "sim",
)
# Built by a plain `doit`; build:<program>[/<target>] only when named.
NOT_DEFAULT = ("build", "sim")
# A creator in dodo.py named otherwise than its tasks' basename (none now: the run tasks are
# sim:<program>, since doit owns the command word ``run``).
CREATORS: dict[str, str] = {}


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


def _group(doc: str) -> dict:
    # The group task (`doit load` runs every load task) is always up to date itself, so
    # `doit --reporter=json` reports only the phase instances as executed.
    return {"name": None, "doc": doc, "uptodate": [True]}


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


class Graph:
    """Everything dodo.py needs: the matrix, the libraries' registered ids (read from each
    library.yaml when dodo.py is loaded), and a generator of task dicts per phase."""

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
        self._preloaded = False  # doit's saved states read at once
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

    def tasks(self, basename: str) -> Iterator[dict]:
        """The tasks of one kind (the first, a group, has the text `doit list` shows)."""
        makers = {
            "manifest": self.manifest_tasks,
            "load": self.load_tasks,
            "walker": self.walker_tasks,
            "refs": self.refs_tasks,
            "deps": self.deps_tasks,
            "emission": self.emission_tasks,
            "emit": self.emit_tasks,
            "assets": self.assets_tasks,
            "build": self.build_tasks,
            "sim": self.sim_tasks,
            "view": self.view_tasks,
        }
        if not self._preloaded:
            # doit opened its database before it asked for the first tasks
            self._preloaded = True
            state.preload_database()
        make = makers.get(basename) or functools.partial(self.program_tasks, basename)
        return make()

    def unused(self, namespace: dict) -> list[str]:
        """The task creators in dodo.py's ``namespace`` the matrix has no task for."""
        return [
            name
            for name in list(namespace)
            if name.startswith("task_")
            and not self.has(CREATORS.get(name[len("task_") :], name[len("task_") :]))
        ]

    def basenames(self) -> list[str]:
        """The task creators dodo.py defines, in pipeline order."""
        return [b for b in BASENAMES if self.has(b)]

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
                return {i: Span.from_json(sp) if sp else None for i, sp in ids.items()}

            return (
                entry["name"],
                spans(entry["parts"]),
                spans(entry["walkers"]),
                Span.from_json(entry.get("name_span")),
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

    # -- doit configuration --------------------------------------------------------------
    def doit_config(self, check_state: bool = True) -> dict:
        """DOIT_CONFIG. With check_state (dodo.py's import), a damaged database is moved
        aside and this process is noted as a running build (see ``state``)."""
        (self.root / layout.BUILD).mkdir(exist_ok=True)
        use_stat_cache(self.root / layout.STAT_CACHE)
        actions.forget_trees()
        if check_state:
            state.check_database(self.root)
            state.mark_run(self.root)
            state.quiet_interrupt()
            mend_json_reporter()
        return {
            "dep_file": layout.DEP_FILE,
            # sqlite3 survives two doit processes at once (dbm.dumb does not)
            "backend": "sqlite3",
            "check_file_uptodate": XxhashChecker,
            # one program's internal error does not stop the others
            "continue": True,
            # progress and a table of the matrix; `doit --reporter=json` still replaces it
            "reporter": make_reporter(self),
            # tasks' output is captured and shown by the reporter, under -n too
            "verbosity": 0,
            # `doit` builds every phase; build:<program>/<target> only when named
            "default_tasks": [b for b in self.basenames() if b not in NOT_DEFAULT],
            # `doit list` in pipeline order
            "sort": "definition",
        }

    # -- library tasks -------------------------------------------------------------------
    def manifest_tasks(self) -> Iterator[dict]:
        yield _group("read each library's library.yaml")
        conf = self.config("manifest")
        for lib in self.libraries:
            manifest = f"{lib.root}/library.yaml"
            out = layout.library_record(lib.name)
            yield {
                "name": lib.name,
                "actions": [(actions.phase_action, ["manifest", out, {}, {"root": lib.root}])],
                "file_dep": [manifest, conf],
                "targets": [out, table_path(out)],
                "clean": [actions.Clean(actions.remove_targets)],
            }

    def load_tasks(self) -> Iterator[dict]:
        yield _group("load each registered part into build/<library>/parts/<id>.json")
        conf = self.config("load")
        for lib in self.libraries:
            for pid, span in sorted(lib.parts.items()):
                part_dir = f"{lib.root}/parts/{pid}"
                declaration = f"{part_dir}/component.yaml"
                out = layout.part_record(lib.name, pid)
                exists = (self.root / declaration).is_file()
                # Where library.yaml lists the id is shown only for a missing declaration,
                # so only then is it part of the task's configuration.
                listed_at = None if exists or span is None else span.to_json()
                yield {
                    "name": f"{lib.name}/{pid}",
                    "actions": [
                        (
                            actions.phase_action,
                            [
                                "load",
                                out,
                                {},
                                {
                                    "root": lib.root,
                                    "library": lib.name,
                                    "part_id": pid,
                                    "listed_at": listed_at,
                                },
                            ],
                        )
                    ],
                    "file_dep": ([declaration] if exists else []) + [conf],
                    "targets": [out, table_path(out)],
                    "uptodate": [
                        (actions.listing_unchanged, [part_dir], {}),
                        (actions.policy_unchanged, [part_dir, declaration], {}),
                    ]
                    + ([config_changed({"listed_at": listed_at})] if listed_at else []),
                    "clean": [actions.Clean(actions.remove_targets)],
                }

    def walker_tasks(self) -> Iterator[dict]:
        yield _group("load each registered walker against its library's parts")
        conf = self.config("walker")
        named = self.walker_names
        for lib in self.libraries:
            for wid, span in sorted(lib.walkers.items()):
                declaration = f"{lib.root}/walkers/{wid}/walker.yaml"
                exists = (self.root / declaration).is_file()
                names = named.names(declaration) if exists else None
                parts = (
                    None
                    if exists and names is None
                    else set(names.parts)
                    if names is not None
                    else set()
                )
                # the parts it names; all of the library's when that cannot be told (the
                # walker's own load says what is wrong with the file)
                records = [
                    layout.part_record(lib.name, pid)
                    for pid in sorted(lib.parts)
                    if parts is None or pid in parts
                ]
                out = layout.walker_record(lib.name, wid)
                listed_at = span.to_json() if span is not None else None
                yield {
                    "name": f"{lib.name}/{wid}",
                    "actions": [
                        (
                            actions.phase_action,
                            [
                                "walker",
                                out,
                                {},
                                {
                                    "root": lib.root,
                                    "library": lib.name,
                                    "walker_id": wid,
                                    "registered_at": listed_at,
                                },
                            ],
                        )
                    ],
                    "file_dep": ([declaration] if exists else []) + records + [conf],
                    "targets": [out, table_path(out)],
                    "uptodate": [
                        config_changed({"listed_at": listed_at}),
                        (actions.listing_unchanged, [f"{lib.root}/walkers/{wid}"], {}),
                        (actions.policy_unchanged, [f"{lib.root}/walkers/{wid}", declaration], {}),
                    ],
                    "clean": [actions.Clean(actions.remove_targets)],
                }

    # -- program tasks -------------------------------------------------------------------
    def program_tasks(self, phase: str) -> Iterator[dict]:
        """One task per program for a program phase of ``PHASES``: its file_dep are the
        records of the earlier phases its row takes (resolve: the parse record, and the part
        records ``deps:<program>`` finds, as a calc_dep), its action the generic one."""
        row = PHASES[phase]
        yield _group(f"{phase} each program")
        libraries = self._library_pairs()
        # what every task of the phase runs with, besides its files: a change re-runs them
        settings: dict[str, Any] = (
            {"libraries": libraries, "blocked": self.blocked} if phase == "resolve" else {}
        )
        conf = self.config(phase, **settings)
        for program in self._programs():
            out = layout.program_record(program.name, phase)
            records = {
                name: layout.program_record(program.name, name)
                for name in row.inputs
                if name in PHASES
            }
            task = {
                "name": program.name,
                "targets": [out, table_path(out)],
                "file_dep": sorted(records.values()) + [conf],
                "clean": [actions.Clean(actions.remove_targets)],
            }
            kwargs: dict = {}
            if phase == "parse":
                kwargs["files"] = program.files
                task["file_dep"] = list(program.files.values()) + [conf]
            if phase == "resolve":
                # a library that cannot be loaded holds every program back, as on the
                # command line (its manifest task says why)
                kwargs.update(libraries=libraries, skip=bool(self.blocked))
                task["calc_dep"] = [f"deps:{program.name}"]
            if phase != "parse":
                kwargs["roots"] = self._roots()
            task["actions"] = [(actions.phase_action, [phase, out, records, {}], kwargs)]
            if phase == "analyse":
                # the report is there only when the analysis is, so it is checked by an
                # uptodate rather than declared as targets
                report = layout.report_dir(program.name)
                task["actions"] = [
                    (
                        actions.phase_action,
                        [phase, out, records, {}],
                        {"roots": self._roots(), "place": report},
                    )
                ]
                task["uptodate"] = [(actions.report_present, [out, report], {})]
                task["clean"] = [actions.Clean(actions.remove_report, out, report)]
            yield task

    def refs_tasks(self) -> Iterator[dict]:
        yield _group("scan each parse record for the part ids it names (calc_dep)")
        conf = self.config("refs", registry=self.registry_digest)
        for program in self._programs():
            yield {
                "name": program.name,
                "actions": [
                    (
                        actions.refs_action,
                        [layout.program_record(program.name, "parse"), self.registries],
                    )
                ],
                "file_dep": [layout.program_record(program.name, "parse"), conf],
            }

    def deps_tasks(self) -> Iterator[dict]:
        yield _group("add what the named parts name in turn (calc_dep of resolve)")
        conf = self.config("deps", registry=self.registry_digest)
        for program in self._programs():
            yield {
                "name": program.name,
                "actions": [
                    (
                        actions.deps_action,
                        [layout.program_record(program.name, "parse"), self.registries],
                    )
                ],
                "file_dep": [layout.program_record(program.name, "parse"), conf],
                "calc_dep": [f"refs:{program.name}"],
            }

    # -- target tasks --------------------------------------------------------------------
    def emission_tasks(self) -> Iterator[dict]:
        yield _group("run each target's emit for each program (its files kept as blobs)")
        # the project's own templates: their files are inputs of the emissions that render
        # them, and what the folder holds (a file added, removed or made a link) re-runs them
        folder = self.matrix.templates
        files, kinds = listing(self.root, folder) if folder is not None else ([], [])
        for program, target in self._cells():
            records = {
                phase: layout.program_record(program.name, phase)
                for phase in ("resolve", "assemble", "analyse")
            }
            out = layout.emission_record(program.name, target)
            out_dir = layout.target_dir(program.name, target)
            templated = folder is not None and target in TEMPLATED_TARGETS
            yield {
                "name": f"{program.name}/{target}",
                "actions": [
                    (
                        actions.phase_action,
                        [
                            "emission",
                            out,
                            records,
                            {"target": target, **({"templates": folder} if templated else {})},
                        ],
                        {"roots": self._roots(), "place": out_dir},
                    )
                ],
                "file_dep": list(records.values())
                + [self.config("emission", target)]
                + (files if templated else []),
                "targets": [out, table_path(out)],
                # a value, not a callable doit would call per task: nothing but the
                # emission itself removes its blobs while a build runs
                "uptodate": [actions.blobs_present(out)]
                + ([config_changed({"templates": [folder, kinds]})] if templated else []),
                "clean": [actions.Clean(actions.remove_listed, out, out_dir)],
            }

    def emit_tasks(self) -> Iterator[dict]:
        """Created after the emission tasks ran (doit's create_after): one task a file,
        up to date while the file holds the bytes the emission has for it."""
        yield _group("write each emitted file into build/<program>/<target>/")
        for program, target in self._cells():
            record = layout.emission_record(program.name, target)
            out_dir = layout.target_dir(program.name, target)
            files = actions.emitted_files(record) or {}
            held = actions.cell_holds(record, out_dir, files)
            blobs = layout.blob_dir(record)
            for rel, digest in sorted(files.items()):
                out = f"{out_dir}/{rel}"
                yield {
                    "name": f"{program.name}/{target}/{rel}",
                    "actions": [(actions.emit_file_action, [f"{blobs}/{digest}", out])],
                    "task_dep": [f"emission:{program.name}/{target}"],
                    "targets": [out],
                    # created after every emission ran, when nothing but this task
                    # writes the file any more: the check is a value, not a callable
                    "uptodate": [held[rel]],
                    "clean": [actions.Clean(actions.remove_targets)],
                }

    def assets_tasks(self) -> Iterator[dict]:
        yield _group("copy the asset directories each emission names")
        conf = self.config("assets")
        for program, target in self._cells():
            emission = layout.emission_record(program.name, target)
            out = layout.assets_record(program.name, target)
            out_dir = layout.target_dir(program.name, target)
            yield {
                "name": f"{program.name}/{target}",
                "actions": [
                    (actions.assets_action, [emission, out, out_dir], {"roots": self._roots()})
                ],
                "file_dep": [emission, conf],
                "targets": [out, table_path(out)],
                "uptodate": [(actions.assets_uptodate, [out_dir], {})],
                "clean": [actions.Clean(actions.remove_listed, out, out_dir)],
            }

    # -- the view page ---------------------------------------------------------------------
    def view_tasks(self) -> Iterator[dict]:
        """``view:<program>``: build/<program>/report/view.html from the program's records
        (mobiledsl.view). Its file_dep are the phase records (and the mjcf emission's, where
        the program has that cell); the run's report, which only a run writes, and the
        meshes are checked by their hashes (``inputs_unchanged``)."""
        from ..view.write import inputs_unchanged, page_path, remove_view, view_action

        yield _group("write each program's 3D page, build/<program>/report/view.html")
        conf = self.config("view", code=self.code.fingerprint([view_action]))
        cells = {(p.name, t) for p, t in self._cells()}
        root = str(self.root)
        for program in self._programs():
            records = [
                layout.program_record(program.name, phase)
                for phase in ("parse", "resolve", "assemble", "analyse")
            ]
            if (program.name, "mjcf") in cells:
                records.append(layout.emission_record(program.name, "mjcf"))
            yield {
                "name": program.name,
                "actions": [(view_action, [root, program.name])],
                "file_dep": records + [conf],
                "targets": [page_path(program.name)],
                "uptodate": [(inputs_unchanged, [root, program.name], {})],
                "clean": [(remove_view, [root, program.name])],
            }

    # -- one cell, one program ----------------------------------------------------------------
    def sim_tasks(self) -> Iterator[dict]:
        """``sim:<program>``: the program's task run in MuJoCo on its mjcf cell (not default)."""
        from ..run.graphtask import run_tasks

        return run_tasks(self)

    def build_tasks(self) -> Iterator[dict]:
        """``build:<program>/<target>`` builds one cell and only what it needs (its program's
        phases, the parts it names); ``build:<program>`` every cell of a program. Not default
        tasks: a plain ``doit`` builds them all through the phase tasks."""
        yield {
            "name": None,
            "uptodate": [True],
            "doc": "build:<program>/<target> one cell, build:<program> one program",
        }
        cells = list(self._cells())
        for program, target in cells:
            record = layout.emission_record(program.name, target)
            out_dir = layout.target_dir(program.name, target)
            yield {
                "name": f"{program.name}/{target}",
                "actions": [(actions.cell_action, [record, out_dir])],
                "task_dep": [
                    f"emission:{program.name}/{target}",
                    f"assets:{program.name}/{target}",
                ],
                "uptodate": [(actions.cell_complete, [record, out_dir], {})],
            }
        for program in self.programs():
            yield {
                "name": program.name,
                "actions": None,
                "task_dep": [f"analyse:{program.name}"]
                + [f"build:{p.name}/{t}" for p, t in cells if p is program],
                "uptodate": [True],
            }


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
    return Span.from_json(values[PHASES["manifest"].key].get("name_span"))


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

"""The build graph's task generators (docs/build.md): one doit task dict per phase instance,
made from what ``discovery`` finds the project holds.

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
that code (``code.py``) is kept in a file per kind of task (``Project.config`` in
``discovery``), a file_dep of each. The phases themselves, what each takes and
what its record keeps, are ``mobiledsl.phases.PHASES``; every phase task, library and
program alike, runs ``actions.phase_action`` on its row (``phase.HOOKS`` say what a phase
does besides), and the refs and deps tasks ask ``needs.program_needs`` what a program
needs.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Iterator
from typing import Any

from doit.tools import config_changed

from ..phases import PHASES
from ..targets.overrides import TEMPLATED_TARGETS, listing
from . import actions, layout, state
from .discovery import ACTIONS, LibraryInfo, Project, WalkerParts, phase_functions
from .hashing import XxhashChecker, use_stat_cache
from .positions import table_path
from .reporter import make_reporter, mend_json_reporter

# What the project holds is read in ``discovery``; these names stay importable from here.
__all__ = [
    "ACTIONS",
    "BASENAMES",
    "CREATORS",
    "NOT_DEFAULT",
    "Graph",
    "LibraryInfo",
    "Project",
    "WalkerParts",
    "phase_functions",
]

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


def _group(doc: str) -> dict:
    # The group task (`doit load` runs every load task) is always up to date itself, so
    # `doit --reporter=json` reports only the phase instances as executed.
    return {"name": None, "doc": doc, "uptodate": [True]}


class Graph(Project):
    """Everything dodo.py needs: what the project holds (``Project``), doit's configuration,
    and a generator of task dicts per phase."""

    def __init__(self, root: str | os.PathLike, shard: str | tuple[int, int] | None = None):
        super().__init__(root, shard)
        self._preloaded = False  # doit's saved states read at once

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

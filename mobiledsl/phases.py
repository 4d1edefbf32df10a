"""The phases of the compiler, declared once.

Each row of ``PHASES`` says what a phase is called, the function that runs it, the inputs it
takes (earlier phases' records by their names, or what a driver hands it), the key its record
keeps its result under, the type of that result and when the phase is skipped. Two drivers
read this table and nothing else:

- ``mobiledsl.pipeline`` (the command line) runs the program phases one after the other in
  memory;
- ``mobiledsl.graph`` (``doit``) makes a task of each phase instance and runs every one
  through one generic action that reads the input records, calls ``run`` and writes the
  record.

A ``run`` function imports its phase inside its body, so importing this table (as
``dodo.py`` does on every build, most of which run nothing) costs nothing; the graph reads
those imports to know which compiler modules each phase depends on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from dataclasses import MISSING, field
from functools import cache
from typing import Any

from .diagnostics import Diagnostic, Span, has_errors
from .recordtype import record


@record
class Source:
    """A program file as a driver read it: its text, or the error that says why it is not
    text (then it is not parsed)."""

    path: str
    text: str | None
    error: Diagnostic | None = None


def _typed(cls: type, **types: Any) -> type:
    """``cls`` with its ``Any`` fields typed, so that a record of it can be decoded; the
    types are imported only by whoever decodes one."""
    fields = [
        (f.name, types[f.name], field(default=f.default))
        if f.default is not MISSING
        else (f.name, types[f.name])
        for f in dataclasses.fields(cls)
    ]
    return dataclasses.make_dataclass(cls.__name__, fields, bases=(cls,), frozen=True)


@record
class Program:
    """The parse phase's result: the syntax trees of one program's files."""

    core: Any = None  # mobiledsl.lang.ast.CoreFile
    world: Any = None  # WorldFile | None
    task: Any = None  # TaskFile | None


@cache
def _program_type() -> type:
    from .lang.ast import CoreFile, TaskFile, WorldFile

    return _typed(Program, core=CoreFile | None, world=WorldFile | None, task=TaskFile | None)


@record
class Resolution:
    """The resolve phase's result: the resolved program, and the walkers of the libraries
    it was resolved against (by "library/id"), which the analysis walks the robot by."""

    resolved: Any  # mobiledsl.resolve.model.Resolved
    walkers: Mapping[str, Any]  # "library/id" -> mobiledsl.library.model.Walker


@cache
def _resolution_type() -> type:
    from .library.model import Walker
    from .resolve.model import Resolved

    return _typed(Resolution, resolved=Resolved, walkers=dict[str, Walker])


Result = tuple[Any, list[Diagnostic]]


# -- the run functions: one per phase, importing the phase where it runs ------------------------
def run_manifest(root: str) -> Result:
    from .library.loader import load_manifest

    return load_manifest(root)


def run_load(
    root: str, library: str, part_id: str, listed_at: Span | None = None, folders: Any = None
) -> Result:
    """``folders``: the library's folders kept open (``inputs.Folders``) by a driver that
    loads every part of it in one process, so that parts/ is opened once, not per part."""
    from .library.loader import load_part

    return load_part(root, library, part_id, listed_at=listed_at, folders=folders)


def run_walker(
    root: str, library: str, walker_id: str, parts: dict, registered_at: Span | None = None
) -> Result:
    from .diagnostics import Severity
    from .library.walkers import load_walker

    walker, diags = load_walker(root, library, walker_id, parts, registered_at=registered_at)
    # a walker that does not load leaves its library usable: its problems are warnings
    return walker, [d.with_severity(Severity.WARNING) if d.is_error else d for d in diags]


def run_library(root: str) -> Result:
    """One library loaded whole, by the rows the build graph runs for it: its manifest, the
    load of every part it registers, then of every walker against the parts that loaded,
    built into a ``Library`` by ``library.building`` (``library check``, and a compile given
    no program refs). A manifest that does not load gives None and its errors; what each
    part and walker reported follows, in the manifest's order."""
    from .inputs import Folders
    from .library.building import build_library
    from .library.loader import collector_paused

    with collector_paused():
        manifest, diags = run_manifest(root)
        if manifest is None:
            return None, diags
        diags = list(diags)
        with Folders() as folders:
            parts = {
                pid: run_load(root, manifest.name, pid, span, folders=folders)
                for pid, span in manifest.parts.items()
            }
        loaded = {pid: part for pid, (part, _) in parts.items() if part is not None}
        walkers = {
            wid: run_walker(root, manifest.name, wid, loaded, span)
            for wid, span in manifest.walkers.items()
        }
        for _, ds in (*parts.values(), *walkers.values()):
            diags.extend(ds)
        library = build_library(manifest.name, root, parts, walkers, name_span=manifest.name_span)
    return library, diags


def run_libraries(roots: list[str], refs: Iterable[str] | None = None) -> Result:
    """The libraries a program is resolved against. Without ``refs``, every library loaded
    whole. With them (the ids a program names, ``program_refs``), what
    ``needs.program_needs`` says the program needs, as the build graph loads it; the other
    parts are never read. A library whose manifest does not load is left out, with its
    errors; what loading the context parts reported is not the program's."""
    if refs is None:
        libraries, diags = [], []
        for root in roots:
            library, ds = run_library(root)
            diags.extend(ds)
            if library is not None:
                libraries.append(library)
        return libraries, diags
    from .needs import program_needs

    manifests, diags = [], []
    for root in roots:
        manifest, ds = run_manifest(root)
        diags.extend(ds)
        if manifest is not None:
            manifests.append((root, manifest))
    loads = _Loads(manifests)
    registries = loads.registries()
    refs = list(refs)
    needs = program_needs(refs, registries)
    loads.load(needs.parts + needs.context)
    needs = program_needs(refs, registries, loads.parts())
    loads.load(needs.parts + needs.context)
    walkers = loads.walkers(needs.walkers)
    reported = set(needs.parts)
    for i, (_, manifest) in enumerate(manifests):
        diags.extend(
            d for pid in manifest.parts if (i, pid) in reported for d in loads.loaded[i][pid][1]
        )
        diags.extend(d for wid in manifest.walkers if wid in walkers[i] for d in walkers[i][wid][1])
    return [loads.library(i, walkers[i]) for i in range(len(manifests))], diags


class _Loads:
    """The parts loaded so far of each library (by its place among the manifests), each
    loaded once, with what its load reported."""

    def __init__(self, manifests: list[tuple[str, Any]]):
        self.manifests = manifests
        self.loaded: list[dict[str, tuple[Any, list[Diagnostic]]]] = [{} for _ in manifests]

    def registries(self) -> list:
        from .library.walkernames import named_parts
        from .needs import Registry, WalkerNames

        out = []
        for root, manifest in self.manifests:
            walkers = {}
            for wid in manifest.walkers:
                named = named_parts(root, wid)
                walkers[wid] = None if named is None else WalkerNames(named[0], tuple(named[1]))
            out.append(Registry(manifest.name, tuple(manifest.parts), walkers))
        return out

    def load(self, keys: Iterable[tuple[int, str]]) -> None:
        for i, pid in keys:
            root, manifest = self.manifests[i]
            if pid in manifest.parts and pid not in self.loaded[i]:
                self.loaded[i][pid] = run_load(root, manifest.name, pid, manifest.parts[pid])

    def parts(self) -> dict[tuple[int, str], Any]:
        return {
            (i, pid): part
            for i, loaded in enumerate(self.loaded)
            for pid, (part, _) in loaded.items()
        }

    def walkers(
        self, keys: Iterable[tuple[int, str]]
    ) -> list[dict[str, tuple[Any, list[Diagnostic]]]]:
        """The walkers ``keys`` name, each loaded against its library's parts loaded."""
        out: list[dict[str, tuple[Any, list[Diagnostic]]]] = [{} for _ in self.manifests]
        for i, wid in sorted(keys):
            root, manifest = self.manifests[i]
            parts = {pid: part for pid, (part, _) in self.loaded[i].items() if part is not None}
            out[i][wid] = run_walker(root, manifest.name, wid, parts, manifest.walkers[wid])
        return out

    def library(self, i: int, walkers: dict[str, tuple[Any, list[Diagnostic]]]) -> Any:
        from .library.building import build_library

        root, manifest = self.manifests[i]
        # a left-out part's problems as the graph's records hold them (see build_library)
        return build_library(
            manifest.name,
            root,
            self.loaded[i],
            {wid: w for wid, w in walkers.items() if w[0] is not None},
            as_records=True,
            name_span=manifest.name_span,
        )


def program_refs(program: Program | None) -> set[str]:
    """Every part id a parsed program names: each ``ref = "..."`` argument of its components,
    entities and steps, and its world's ``environment = "..."``. It may name more than
    resolve will use, never less."""
    if program is None:
        return set()
    items: list[Any] = []
    args: list[Any] = []
    if program.core is not None:
        items.extend(program.core.components)
    if program.world is not None:
        items.extend(program.world.entities)
        args.extend(program.world.settings)
    if program.task is not None:
        items.extend(program.task.steps)
    args.extend(a for item in items for a in item.args)
    return {
        a.value.value
        for a in args
        if a.name in ("ref", "environment")
        and isinstance(getattr(a.value, "value", None), str)
        and a.value.value
    }


def run_parse(sources: Mapping[str, Source | None]) -> Result:
    from .lang import parse_core, parse_task, parse_world

    parsers = {"core": parse_core, "world": parse_world, "task": parse_task}
    trees: dict[str, Any] = {}
    diags: list[Diagnostic] = []
    for kind, parse in parsers.items():
        source = sources.get(kind)
        if source is None:
            continue
        if source.error is not None:  # not UTF-8: not parsed, the error says where
            diags.append(source.error)
            continue
        trees[kind], ds = parse(source.text or "", source.path)
        diags.extend(ds)
    if trees.get("core") is None:
        return None, diags
    return Program(**trees), diags


def run_resolve(parse: Program, libraries: list) -> Result:
    from .resolve import resolve_program

    resolved, diags = resolve_program(parse.core, parse.world, parse.task, libraries)
    if resolved is None:
        return None, diags
    walkers = {
        f"{lib.name}/{wid}": w
        for lib in libraries
        for wid, w in sorted((getattr(lib, "walkers", None) or {}).items())
    }
    return Resolution(resolved, walkers), diags


def run_assemble(resolve: Resolution) -> Result:
    from .assembly import assemble

    return assemble(resolve.resolved)


def run_analyse(resolve: Resolution, assemble: Any) -> Result:
    from .analysis import analyse

    extra = {"walkers": dict(resolve.walkers)} if resolve.walkers else {}
    world, task = resolve.resolved.world, resolve.resolved.task
    analysis, diagnostics = analyse(assemble, world, task, **extra)
    if world is not None and any(
        getattr(s, "kind", None) == "Navigate" for s in getattr(task, "steps", ())
    ):
        # the goals no path reaches, on the map `run` plans over (imported here, in the
        # phase's own function, so the build graph's fingerprint of the phase holds it)
        from .run.reach import goal_findings

        diagnostics = list(diagnostics) + goal_findings(analysis, world, task)
    return analysis, diagnostics


def run_report(analysis: Any) -> dict[str, bytes]:
    """The analysis report beside the targets: ``analysis.json`` and ``topview.svg``."""
    from .analysis import write_report

    return {
        name: data.encode("utf-8") if isinstance(data, str) else bytes(data)
        for name, data in sorted(write_report(analysis).items())
    }


def run_emit(
    target: str, resolve: Resolution, assemble: Any, analyse: Any, templates: Any = None
) -> Result:
    """``templates``: a project's own templates (``targets.overrides.Overrides``), handed
    to the targets whose files are templates when the project has any."""
    extra = {}
    if templates is not None:
        from .targets.overrides import TEMPLATED_TARGETS

        if target in TEMPLATED_TARGETS:
            extra["templates"] = templates
    emission = EMITTERS[target]()(
        assemble, resolve.resolved.world, resolve.resolved.task, analyse, **extra
    )
    return emission, list(getattr(emission, "diagnostics", ()))


def _emit_mjcf() -> Callable:
    from .targets.mjcf import emit

    return emit


def _emit_ros() -> Callable:
    from .targets.ros import emit

    return emit


def _emit_ros_mujoco() -> Callable:
    from .targets.ros_mujoco_nav2 import emit

    return emit


# Each target's emit; adding a target is a row here.
EMITTERS: dict[str, Callable[[], Callable]] = {
    "mjcf": _emit_mjcf,
    "ros-gz-nav2": _emit_ros,
    "ros-mujoco-nav2": _emit_ros_mujoco,
}
TARGETS = tuple(EMITTERS)


# -- the table ---------------------------------------------------------------------------------
def failed(result: Any, diagnostics: list[Diagnostic]) -> bool:
    """A phase that produced nothing, or reported an error: every later phase is skipped
    (its output would be a guess)."""
    return result is None or has_errors(diagnostics)


@record
class Phase:
    name: str
    run: Callable[..., Any]
    inputs: tuple[str, ...]  # earlier phases' names, or what the driver hands over
    key: str  # what its record keeps the result under
    record: Callable[[], type] | None = None  # the result's type, to decode a record
    # skipped when one of these inputs (earlier phases) failed
    needs: tuple[str, ...] = ()
    # other functions its task runs (their imports count for the phase, as run's do)
    also: tuple[Callable[..., Any], ...] = ()


def _robot_type() -> type:
    from .model.robot import Robot

    return Robot


def _analysis_type() -> type:
    from .analysis.model import Analysis

    return Analysis


def _part_type() -> type:
    from .library.model import Part

    return Part


def _walker_type() -> type:
    from .library.model import Walker

    return Walker


PHASES: dict[str, Phase] = {
    p.name: p
    for p in (
        Phase("manifest", run_manifest, ("root",), "manifest"),
        Phase("load", run_load, ("root", "library", "part_id", "listed_at"), "part", _part_type),
        Phase(
            "walker",
            run_walker,
            ("root", "library", "walker_id", "parts", "registered_at"),
            "walker",
            _walker_type,
            also=(_part_type,),
        ),
        Phase("parse", run_parse, ("sources",), "program", _program_type),
        Phase(
            "resolve",
            run_resolve,
            ("parse", "libraries"),
            "resolution",
            _resolution_type,
            needs=("parse",),
            also=(_part_type, _walker_type),
        ),
        Phase("assemble", run_assemble, ("resolve",), "robot", _robot_type, needs=("resolve",)),
        Phase(
            "analyse",
            run_analyse,
            ("resolve", "assemble"),
            "analysis",
            _analysis_type,
            needs=("resolve", "assemble"),
            also=(run_report,),
        ),
        Phase(
            "emission",
            run_emit,
            ("target", "resolve", "assemble", "analyse", "templates"),
            "emission",
            needs=("resolve", "assemble", "analyse"),
        ),
    )
}

# The phases a program goes through after its libraries are loaded, in order.
PROGRAM_PHASES = ("parse", "resolve", "assemble", "analyse")

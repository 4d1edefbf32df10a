"""The phases run in-process, one after the other, for the command line.

``compile_program`` loads the libraries, parses the program files, resolves, assembles,
analyses and (for each asked target) emits, as ``docs/architecture.md`` draws it. A phase
that reports an error stops every later phase: its output would be a guess. The build graph
(``mobiledsl.build``) runs the same phase functions as separate, cached tasks instead.

While the compiler is being built, a phase whose module does not exist yet ends the run
after the last phase that does; ``CompileResult.unavailable`` then names it.
"""
from __future__ import annotations

import importlib
import os
import types
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Iterable, Sequence

from .diagnostics import Diagnostic, Span, error, has_errors
from .inputs import Refused, read_regular
from .outputs import Transaction, read_asset

TARGETS = ("mjcf", "ros-gz-nav2", "ros-mujoco-nav2")

# The package that emits each target: ``<module>.emit(robot, world, task, analysis)``.
TARGET_MODULES = {
    "mjcf": "mobiledsl.targets.mjcf",
    "ros-gz-nav2": "mobiledsl.targets.ros",
    "ros-mujoco-nav2": "mobiledsl.targets.ros_mujoco_nav2",
}

# Codes that say the environment is wrong rather than the inputs (exit status 2, not 1).
ENVIRONMENT_CODES = frozenset({"library.manifest_missing"})


class InputError(Exception):
    """A file named on the command line cannot be read: a usage failure, not a diagnostic."""


class OutputError(Exception):
    """The outputs cannot be written (a read-only or full disk, an output folder that is a
    file): an environment failure, exit status 2, not a bug and not a diagnostic."""


@dataclass
class CompileResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    robot: Any = None                      # mobiledsl.assembly.model.Robot
    world: Any = None
    task: Any = None
    analysis: Any = None
    written_files: list[str] = field(default_factory=list)   # every file of the outputs
    changed_files: list[str] = field(default_factory=list)   # those whose bytes changed
    libraries: list[Any] = field(default_factory=list)
    outdir: str | None = None
    phases_run: list[str] = field(default_factory=list)      # load, parse, resolve, ...
    unavailable: str | None = None         # the phase module that is not there yet
    output_error: str | None = None        # why the outputs could not be written
    report_dir: str | None = None          # the report written alone (a failed analysis)

    @property
    def has_errors(self) -> bool:
        return has_errors(self.diagnostics)


# -- helpers -----------------------------------------------------------------------------------
def phase_function(module: str, name: str) -> Callable | None:
    """The phase function ``module.name``, or None while that module does not exist yet.

    Only the absence of that very module is tolerated: an import error raised inside it is a
    bug and propagates. (The phase packages exist from the start with an empty
    ``__init__``, so a package without the function yet counts as absent too.)
    """
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as exc:
        if exc.name != module:
            raise
        return None
    found = getattr(mod, name, None)
    if isinstance(found, types.ModuleType):    # a submodule named like its function
        found = getattr(found, name, None)
    return found


def target_module(target: str) -> str:
    return TARGET_MODULES.get(target, "mobiledsl.targets." + target.replace("-", "_"))


def read_source(path: str | os.PathLike) -> str:
    """A program or library file's text as the renderers show it (bytes that are not UTF-8
    shown as U+FFFD; ``decode_source`` is what reports them)."""
    return read_regular(path).decode("utf-8-sig", errors="replace")


_UTF16_BOMS = (b"\xff\xfe", b"\xfe\xff")


def decode_source(data: bytes, file: str) -> tuple[str, Diagnostic | None]:
    """A program file's bytes as text (UTF-8, a leading BOM dropped). Bytes that are not
    UTF-8 give an error at the first of them (``syntax.invalid_character``, with the line
    and the column in characters where it stands) and the text with U+FFFD in their place,
    which the file is then not parsed from."""
    try:
        return data.decode("utf-8-sig"), None
    except UnicodeDecodeError as exc:
        bad = exc.start
    text = data.decode("utf-8-sig", errors="replace")
    bom = 3 if data.startswith(b"\xef\xbb\xbf") else 0
    line_start = data.rfind(b"\n", 0, bad) + 1
    line = data.count(b"\n", 0, bad) + 1
    column = len(data[max(line_start, bom):bad].decode("utf-8")) + 1
    if data[:2] in _UTF16_BOMS:
        what = "the file is UTF-16 text, not UTF-8"
        help_ = "save it as UTF-8 (most editors offer the encoding under 'Save as')"
    else:
        what = f"the file is not UTF-8 text: byte 0x{data[bad]:02x} does not belong here"
        help_ = ("save the file as UTF-8; a name is ASCII, and other characters go in "
                 "strings and comments")
    return text, error("syntax.invalid_character", what,
                       Span(file, line, column, line, column), label="not UTF-8",
                       help=help_)


class SourceCache:
    """Source texts for the human renderer, read lazily from disk by the path a diagnostic
    names; None for a file that cannot be read."""

    def __init__(self, preloaded: dict[str, str] | None = None):
        self._texts: dict[str, str | None] = dict(preloaded or {})

    def __call__(self, file: str) -> str | None:
        if file not in self._texts:
            try:
                self._texts[file] = read_source(file)
            except (OSError, ValueError, Refused):   # not shown: never waited on
                self._texts[file] = None
        return self._texts[file]


def exit_status(diagnostics: Iterable[Diagnostic]) -> int:
    """0 no error, 1 an error in the inputs, 2 an environment failure (D9)."""
    status = 0
    for d in diagnostics:
        if d.is_error:
            if d.code in ENVIRONMENT_CODES:
                return 2
            status = 1
    return status


# -- phases ----------------------------------------------------------------------------------
def load_libraries(library_dirs: Sequence[str | os.PathLike]
                   ) -> tuple[list[Any], list[Diagnostic], bool]:
    """Load each library once, in order. Returns (libraries, diagnostics, available):
    ``available`` is False while the loader module does not exist yet."""
    load_library = phase_function("mobiledsl.library.loader", "load_library")
    if load_library is None:
        return [], [], False
    libraries: list[Any] = []
    diagnostics: list[Diagnostic] = []
    seen: set[str] = set()
    for root in library_dirs:
        key = os.path.normcase(os.path.realpath(root))
        if key in seen:
            continue
        seen.add(key)
        library, diags = load_library(str(root))
        diagnostics.extend(diags)
        if library is not None:
            libraries.append(library)
    return libraries, diagnostics, True


def _read_program(path: str | os.PathLike) -> tuple[str, Diagnostic | None]:
    try:
        data = read_regular(path)
    except Refused as exc:
        if exc.kind == "not_regular" and os.path.isdir(path):
            raise InputError(f"cannot read '{path}': it is a directory") from None
        raise InputError(f"cannot read '{path}': {exc.why}") from None
    except OSError as exc:
        raise InputError(f"cannot read '{path}': {exc.strerror or exc}") from exc
    return decode_source(data, str(path))


def compile_program(core_path: str | os.PathLike, world_path: str | os.PathLike | None,
                    task_path: str | os.PathLike | None,
                    library_dirs: Sequence[str | os.PathLike], targets: Sequence[str] = (),
                    outdir: str | os.PathLike | None = None,
                    check_only: bool = False) -> CompileResult:
    """Run the phases on one program. Raises InputError when a program file cannot be read;
    everything wrong with what the files say comes back as diagnostics."""
    result = CompileResult()
    diags = result.diagnostics
    paths = {"core": core_path, "world": world_path, "task": task_path}
    texts: dict[str, str | None] = {}
    encoding: dict[str, Diagnostic | None] = {}
    for kind, path in paths.items():
        texts[kind], encoding[kind] = _read_program(path) if path is not None else (None, None)
    for target in targets:
        if target not in TARGETS:
            raise InputError(f"unknown target '{target}' (choose from {', '.join(TARGETS)})")

    def stop(missing: str) -> CompileResult:
        result.unavailable = missing
        return result

    # load
    libraries, load_diags, available = load_libraries(library_dirs)
    if not available:
        return stop("mobiledsl.library.loader")
    result.libraries = libraries
    diags.extend(load_diags)
    result.phases_run.append("load")
    if has_errors(load_diags):
        return result

    # parse
    parsers = {kind: phase_function("mobiledsl.lang", f"parse_{kind}")
               for kind in ("core", "world", "task")}
    if any(parsers[k] is None for k in texts if texts[k] is not None):
        return stop("mobiledsl.lang")
    trees: dict[str, Any] = {}
    parse_diags: list[Diagnostic] = []
    for kind in ("core", "world", "task"):
        if encoding[kind] is not None:          # not UTF-8: not parsed, said where
            parse_diags.append(encoding[kind])
            trees[kind] = None
            continue
        if texts[kind] is None:
            trees[kind] = None
            continue
        tree, ds = parsers[kind](texts[kind], str(paths[kind]))
        trees[kind] = tree
        parse_diags.extend(ds)
    diags.extend(parse_diags)
    result.phases_run.append("parse")
    if has_errors(parse_diags) or trees["core"] is None:
        return result

    # resolve
    resolve_program = phase_function("mobiledsl.resolve", "resolve_program")
    if resolve_program is None:
        return stop("mobiledsl.resolve")
    resolved, ds = resolve_program(trees["core"], trees["world"], trees["task"], libraries)
    diags.extend(ds)
    result.phases_run.append("resolve")
    if has_errors(ds) or resolved is None:
        return result
    result.world = getattr(resolved, "world", None)
    result.task = getattr(resolved, "task", None)

    # assemble
    assemble = phase_function("mobiledsl.assembly", "assemble")
    if assemble is None:
        return stop("mobiledsl.assembly")
    robot, ds = assemble(resolved)
    diags.extend(ds)
    result.phases_run.append("assemble")
    if has_errors(ds) or robot is None:
        return result
    result.robot = robot

    # analyse
    analyse = phase_function("mobiledsl.analysis", "analyse")
    if analyse is None:
        return stop("mobiledsl.analysis")
    # the walkers of every library, by "library/id": the robot walks by the one it is of
    walkers = {f"{lib.name}/{wid}": w for lib in libraries
               for wid, w in sorted((getattr(lib, "walkers", None) or {}).items())}
    extra = {"walkers": walkers} if walkers else {}
    analysis, ds = analyse(robot, result.world, result.task, **extra)
    diags.extend(ds)
    result.analysis = analysis
    result.phases_run.append("analyse")
    if check_only or not targets:
        return result
    out = Path(outdir) if outdir is not None else Path("build") / robot.name
    if has_errors(ds):
        # no target is written, but the top view with the findings marked is where a
        # failed robot is understood fastest
        _write_report_alone(out, analysis, result)
        return result

    # emit every target first (nothing is written yet); a target that reports an error
    # writes nothing, the others do
    plan: list[tuple[Path, bytes | Path]] = []
    emitted = False
    for target in dict.fromkeys(targets):
        module = target_module(target)
        emit = phase_function(module, "emit")
        if emit is None:
            return stop(module)
        emission = emit(robot, result.world, result.task, analysis)
        ds = list(getattr(emission, "diagnostics", ()))
        diags.extend(ds)
        emitted = True
        if not has_errors(ds):
            plan.extend(_emission_files(out / target, emission))
    if emitted:
        result.phases_run.append("emit")
    result.outdir = str(out)
    plan = _report_files(out / "report", analysis) + plan
    try:
        _write_all(plan, result, out)
    except OutputError as exc:
        result.output_error = str(exc)
    return result


# -- writing -----------------------------------------------------------------------------------
def _write_report_alone(out: Path, analysis: Any, result: CompileResult) -> None:
    plan = _report_files(out / "report", analysis)
    try:
        _write_all(plan, result)
    except OutputError as exc:
        result.output_error = str(exc)
        return
    if plan:
        result.report_dir = str(out / "report")


def _safe_relative(rel: str) -> PurePosixPath:
    path = PurePosixPath(rel)
    if path.is_absolute() or not path.parts or ".." in path.parts or "\\" in rel:
        raise ValueError(f"a target asked to write outside its folder: {rel!r}")
    return path


def _report_files(report_dir: Path, analysis: Any) -> list[tuple[Path, bytes | Path]]:
    """analysis.json and topview.svg beside the targets, as the build graph writes them."""
    write_report = phase_function("mobiledsl.analysis", "write_report")
    if write_report is None:
        return []
    return [(report_dir / _safe_relative(name), data)
            for name, data in sorted(write_report(analysis).items())]


def _emission_files(target_dir: Path, emission: Any) -> list[tuple[Path, bytes | Path]]:
    """(where, bytes or the asset file to copy) of every file a target's emission writes."""
    files: list[tuple[Path, bytes | Path]] = [
        (target_dir / _safe_relative(rel), emission.files[rel]) for rel in sorted(emission.files)]
    for source, dest in sorted(getattr(emission, "assets", ()) or ()):
        base = target_dir if dest in ("", ".") else target_dir / _safe_relative(dest)
        for root, dirs, names in os.walk(source):
            dirs.sort()
            for name in sorted(names):
                src = Path(root) / name
                files.append((base / src.relative_to(source), src))
    return files


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _write_all(plan: list[tuple[Path, bytes | Path]], result: CompileResult,
               root: Path) -> None:
    """Write the planned files as one transaction below ``root``: a file whose bytes are the
    same is left alone, no file is written through a symbolic link, and when one write
    fails every file this run wrote is put back, so the folder is the new whole or the
    old one."""
    if not plan:
        return
    path: Path | None = None
    try:
        with Transaction(root) as outputs:
            for path, data in plan:
                if isinstance(data, Path):
                    data = read_asset(data)
                if outputs.write(path, data):
                    result.changed_files.append(str(path))
                result.written_files.append(str(path))
    except OSError as exc:
        result.changed_files.clear()
        result.written_files.clear()
        where = exc.filename or path
        raise OutputError(f"cannot write the outputs: '{where}': {_why(exc)}; the output "
                          "folder is left as it was") from exc

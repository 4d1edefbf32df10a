"""The phases run in-process, one after the other, for the command line.

``compile_program`` parses the program, loads what of the libraries it needs
(``needs.program_needs``, the rule the build graph loads by), then runs the other program phases of
``mobiledsl.phases.PHASES`` in their order (resolve, assemble, analyse) and, for each asked
target, emits. A phase that reports an error stops every later phase: its output would
be a guess. The build graph (``mobiledsl.graph``) runs the same table as separate, cached
tasks instead.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import field
from pathlib import Path
from typing import Any

from .diagnostics import Diagnostic, Span, error, has_errors
from .inputs import Refused, read_regular
from .linebreaks import place
from .outputs import Transaction, read_asset
from .phases import (
    PHASES,
    PROGRAM_PHASES,
    TARGETS,
    Source,
    failed,
    program_refs,
    run_libraries,
)
from .planned import asset_files, emission_assets, emission_files, report_files
from .recordtype import mutable_record

# Codes that say the environment is wrong rather than the inputs (exit status 2, not 1).
ENVIRONMENT_CODES = frozenset({"library.manifest_missing"})


class InputError(Exception):
    """A file named on the command line cannot be read: a usage failure, not a diagnostic."""


class OutputError(Exception):
    """The outputs cannot be written (a read-only or full disk, an output folder that is a
    file): an environment failure, exit status 2, not a bug and not a diagnostic."""


@mutable_record
class CompileResult:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    robot: Any = None  # mobiledsl.model.robot.Robot
    world: Any = None
    task: Any = None
    analysis: Any = None
    written_files: list[str] = field(default_factory=list)  # every file of the outputs
    changed_files: list[str] = field(default_factory=list)  # those whose bytes changed
    libraries: list[Any] = field(default_factory=list)
    outdir: str | None = None
    phases_run: list[str] = field(default_factory=list)  # load, parse, resolve, ...
    output_error: str | None = None  # why the outputs could not be written
    report_dir: str | None = None  # the report written alone (a failed analysis)

    @property
    def has_errors(self) -> bool:
        return has_errors(self.diagnostics)


# -- helpers -----------------------------------------------------------------------------------
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
    # the bytes before the first bad one are text, placed as the lexer places it
    before = data[bom:bad].decode("utf-8")
    line, column = place(before, len(before))
    if data[:2] in _UTF16_BOMS:
        what = "the file is UTF-16 text, not UTF-8"
        help_ = "save it as UTF-8 (most editors offer the encoding under 'Save as')"
    else:
        what = f"the file is not UTF-8 text: byte 0x{data[bad]:02x} does not belong here"
        help_ = (
            "save the file as UTF-8; a name is ASCII, and other characters go in "
            "strings and comments"
        )
    return text, error(
        "syntax.invalid_character",
        what,
        Span(file, line, column, line, column),
        label="not UTF-8",
        help=help_,
    )


class SourceCache:
    """Source texts for the human renderer, read lazily from disk by the path a diagnostic
    names; None for a file that cannot be read."""

    def __init__(self, preloaded: dict[str, str] | None = None):
        self._texts: dict[str, str | None] = dict(preloaded or {})

    def __call__(self, file: str) -> str | None:
        if file not in self._texts:
            try:
                self._texts[file] = read_source(file)
            except (OSError, ValueError, Refused):  # not shown: never waited on
                self._texts[file] = None
        return self._texts[file]


def exit_status(diagnostics: Iterable[Diagnostic]) -> int:
    """0 no error, 1 an error in the inputs, 2 an environment failure (docs/diagnostics.md)."""
    status = 0
    for d in diagnostics:
        if d.is_error:
            if d.code in ENVIRONMENT_CODES:
                return 2
            status = 1
    return status


# -- phases ----------------------------------------------------------------------------------
def load_libraries(
    library_dirs: Sequence[str | os.PathLike], refs: Iterable[str] | None = None
) -> tuple[list[Any], list[Diagnostic]]:
    """Load each library once, in order (a folder named twice is loaded once): whole, or
    only what ``refs`` (the ids a program names) need."""
    seen: set[str] = set()
    roots = []
    for root in library_dirs:
        key = os.path.normcase(os.path.realpath(root))
        if key not in seen:
            seen.add(key)
            roots.append(str(root))
    return run_libraries(roots, refs)


def read_program(path: str | os.PathLike, texts: Mapping[str, str] | None = None) -> Source:
    """The file's text: the one ``texts`` gives for its path (an editor's unsaved text),
    else the file's on disk."""
    if texts is not None and str(path) in texts:
        return Source(str(path), texts[str(path)])
    try:
        data = read_regular(path)
    except Refused as exc:
        if exc.kind == "not_regular" and os.path.isdir(path):
            raise InputError(f"cannot read '{path}': it is a directory") from None
        raise InputError(f"cannot read '{path}': {exc.why}") from None
    except OSError as exc:
        raise InputError(f"cannot read '{path}': {exc.strerror or exc}") from exc
    text, not_utf8 = decode_source(data, str(path))
    return Source(str(path), None if not_utf8 else text, not_utf8)


def keep_result(result: CompileResult, phase: str, value: Any) -> None:
    """What a caller sees of each phase's result, kept even when it reported an error."""
    if value is None:
        return
    if phase == "resolve":
        result.world, result.task = value.resolved.world, value.resolved.task
    elif phase == "assemble":
        result.robot = value
    elif phase == "analyse":
        result.analysis = value


def compile_program(
    core_path: str | os.PathLike,
    world_path: str | os.PathLike | None,
    task_path: str | os.PathLike | None,
    library_dirs: Sequence[str | os.PathLike],
    targets: Sequence[str] = (),
    outdir: str | os.PathLike | None = None,
    check_only: bool = False,
    texts: Mapping[str, str] | None = None,
    libraries: Sequence[Any] | None = None,
    templates: tuple[str | os.PathLike, str] | None = None,
) -> CompileResult:
    """Run the phases on one program. Raises InputError when a program file cannot be read;
    everything wrong with what the files say comes back as diagnostics. Unless
    ``check_only``, an ``outdir`` gets the analysis report, and each asked target its files
    (``outdir`` defaults to build/cli/<robot> when a target is asked).

    A language server hands the two things it keeps in memory: ``texts``, a program file's
    text by its path as given (an editor's unsaved text, read instead of the file), and
    ``libraries``, loaded whole already (then ``library_dirs`` is not read, and what
    loading them reported is the caller's to show).

    ``templates``: (project root, folder named from it) of the project's own templates,
    read (as hostile input) only when a target that renders templates is asked."""
    result = CompileResult()
    paths = {"core": core_path, "world": world_path, "task": task_path}
    sources = {
        kind: read_program(path, texts) if path is not None else None
        for kind, path in paths.items()
    }
    for target in targets:
        if target not in TARGETS:
            raise InputError(f"unknown target '{target}' (choose from {', '.join(TARGETS)})")

    # the program is parsed first, since only the parts it names are loaded; what the
    # libraries report still comes first, and a library that does not load stops the compile
    values: dict[str, Any] = {"sources": sources}
    parse = PHASES["parse"]
    program, parse_diags = parse.run(**{key: values[key] for key in parse.inputs})
    diags: list[Diagnostic] = []
    if libraries is not None:
        loaded = list(libraries)
    else:
        loaded, diags = load_libraries(library_dirs, program_refs(program))
    result.libraries = values["libraries"] = loaded
    result.diagnostics.extend(diags)
    result.phases_run.append("load")
    if has_errors(diags):
        return result

    for name in PROGRAM_PHASES:
        phase = PHASES[name]
        if name == "parse":
            value, diags = program, parse_diags
        else:
            value, diags = phase.run(**{key: values[key] for key in phase.inputs})
        result.diagnostics.extend(diags)
        result.phases_run.append(name)
        keep_result(result, name, value)
        if failed(value, diags):
            if name == "analyse" and value is not None and targets and not check_only:
                # no target is written, but the top view with the findings marked is where
                # a failed robot is understood fastest
                _write_report_alone(_out(outdir, result), value, result)
            return result
        values[name] = value
    if check_only or (not targets and outdir is None):
        return result

    # emit every target first (nothing is written yet); a target that reports an error
    # writes nothing, the others do
    out = _out(outdir, result)
    emission = PHASES["emission"]
    plan: list[tuple[Path, bytes | Path]] = []
    overrides = _overrides(templates, targets)
    for target in dict.fromkeys(targets):
        value, diags = emission.run(
            target=target,
            templates=overrides.get(target),
            **{key: values[key] for key in emission.needs},
        )
        result.diagnostics.extend(diags)
        if not has_errors(diags):
            plan.extend(_emission_files(out / target, value))
    if targets:
        result.phases_run.append("emit")
    result.outdir = str(out)
    plan = _report_files(out / "report", result.analysis) + plan
    try:
        _write_all(plan, result, out)
    except OutputError as exc:
        result.output_error = str(exc)
    return result


def _overrides(
    templates: tuple[str | os.PathLike, str] | None, targets: Sequence[str]
) -> dict[str, Any]:
    """The project's templates for each asked target that renders templates."""
    from .targets.overrides import TEMPLATED_TARGETS, read_overrides

    templated = [t for t in targets if t in TEMPLATED_TARGETS]
    if templates is None or not templated:
        return {}
    overrides = read_overrides(*templates)
    return dict.fromkeys(templated, overrides)


# -- writing -----------------------------------------------------------------------------------
def _out(outdir: str | os.PathLike | None, result: CompileResult) -> Path:
    """Where the outputs go: the folder asked, or the commands' own below the project's
    build/ (``project.default_outdir``)."""
    if outdir is not None:
        return Path(outdir)
    from .project import default_outdir

    return default_outdir(result.robot.name)


def _write_report_alone(out: Path, analysis: Any, result: CompileResult) -> None:
    plan = _report_files(out / "report", analysis)
    try:
        _write_all(plan, result, out)
    except OutputError as exc:
        result.output_error = str(exc)
        return
    if plan:
        result.report_dir = str(out / "report")


def _report_files(report_dir: Path, analysis: Any) -> list[tuple[Path, bytes | Path]]:
    """analysis.json and topview.svg beside the targets, as the build graph writes them."""
    return [(report_dir / name, data) for name, data in report_files(analysis).items()]


def _emission_files(target_dir: Path, emission: Any) -> list[tuple[Path, bytes | Path]]:
    """(where, bytes or the asset file to copy) of every file a target's emission writes."""
    files: list[tuple[Path, bytes | Path]] = [
        (target_dir / rel, data) for rel, data in emission_files(emission).items()
    ]
    files.extend(
        (target_dir / dest, Path(source)) for dest, source in asset_files(emission_assets(emission))
    )
    return files


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)


def _write_all(plan: list[tuple[Path, bytes | Path]], result: CompileResult, root: Path) -> None:
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
        raise OutputError(
            f"cannot write the outputs: '{where}': {_why(exc)}; the output folder is left as it was"
        ) from exc

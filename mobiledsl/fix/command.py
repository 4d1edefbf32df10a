"""``mobiledsl fix [PATH ...] [--dry-run]``: apply every machine-applicable suggestion.

It compiles each program (``--check``: nothing is emitted) and loads each library, takes
the fixes their diagnostics carry (a missing comma, a close part id, a near glue, a missing
inertia tensor), writes them, and compiles again, until no fix is left (at most
``MAX_PASSES`` times: a fix may let a later phase run and find the next one). Each change is
said as ``file:line: old → new``; ``--dry-run`` prints the unified diff instead and writes
nothing.

It writes only regular files inside the project root, never through a symbolic link, each
through a temporary file and a rename (``mobiledsl.records.write_atomic``).
"""

from __future__ import annotations

import argparse
import difflib
import os
import stat
import sys
from pathlib import Path

from ..cli import UsageError, say, subcommand
from ..diagnostics import Diagnostic, Fix
from ..recordtype import record

MAX_PASSES = 5
PROGRAM_EXTENSIONS = (".core", ".world", ".task")


@record
class Work:
    """What one run of fix looks at: programs (their files by kind) and library roots."""

    root: Path
    programs: tuple[dict, ...]
    libraries: tuple[str, ...]


@record
class Change:
    file: str
    line: int
    old: str
    new: str


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "paths",
        nargs="*",
        metavar="PATH",
        help="a program's .core file or folder, or a library folder (holds "
        "library.yaml); without one, every program and library of the "
        "project's [tool.mobiledsl]",
    )
    p.add_argument(
        "--dry-run",
        action="store_true",
        help="print the changes as a unified diff and write nothing",
    )


@subcommand(
    "fix", "write the machine-applicable suggestions of a compile into the files", _configure
)
def run_fix(args: argparse.Namespace) -> int:
    work = find_work(args.paths)
    if args.dry_run:
        texts = pending_texts(work)
        for path, (old, new) in sorted(texts.items()):
            _print_diff(work.root, path, old, new)
        say(
            f"fix: {len(texts)} file{'s' if len(texts) != 1 else ''} would change "
            "(a dry run: nothing written)"
        )
        return 0
    changes: list[Change] = []
    for _ in range(MAX_PASSES):
        texts = pending_texts(work)
        if not texts:
            break
        for path, (old, new) in sorted(texts.items()):
            write_inside(work.root, path, new)
            changes.extend(changed_lines(work.root, path, old, new))
    for c in changes:
        say(f"{c.file}:{c.line}: {c.old} → {c.new}", sys.stdout)
    say(
        "fix: nothing to fix"
        if not changes
        else f"fix: changed {len(changes)} line{'s' if len(changes) != 1 else ''} in "
        f"{len({c.file for c in changes})} "
        f"file{'s' if len({c.file for c in changes}) != 1 else ''}"
    )
    return 0


# -- what to look at ---------------------------------------------------------------------------
def find_work(paths: list[str]) -> Work:
    from ..graph.matrix import MatrixError, read_matrix
    from ..project import find_root

    root = find_root()
    if root is None:
        raise UsageError(
            "fix works in a project: no pyproject.toml with [tool.mobiledsl] in "
            "this folder or above it"
        )
    try:
        matrix = read_matrix(root)
    except MatrixError as exc:
        raise UsageError(str(exc)) from exc
    libraries = tuple(str(root / lib) for lib in matrix.libraries)
    if not paths:
        return Work(
            root,
            tuple({k: str(root / v) for k, v in p.files.items()} for p in matrix.programs),
            libraries,
        )
    programs: list[dict[str, str]] = []
    own_libraries: list[str] = []
    for path in paths:
        if os.path.isfile(os.path.join(path, "library.yaml")):
            own_libraries.append(os.path.abspath(path))
        elif os.path.isdir(path) or path.endswith(".core"):
            programs.append(program_files(path))
        else:
            raise UsageError(
                f"'{path}' is neither a program (.core or its folder) nor a "
                "library (a folder with library.yaml)"
            )
    # a library named is fixed on its own; the project's are still what programs use
    return Work(
        root, tuple(programs), tuple(own_libraries) if own_libraries and not programs else libraries
    )


def program_files(path: str) -> dict:
    """A program's files by kind: a .core and the .world and .task beside it in its
    folder, one of each at most."""
    folder = path if os.path.isdir(path) else os.path.dirname(path) or "."
    found: dict[str, list[str]] = {}
    for name in sorted(os.listdir(folder)):
        ext = os.path.splitext(name)[1]
        if ext in PROGRAM_EXTENSIONS:
            found.setdefault(ext[1:], []).append(os.path.abspath(os.path.join(folder, name)))
    if not os.path.isdir(path):
        found["core"] = [os.path.abspath(path)]
    if len(found.get("core", ())) != 1:
        raise UsageError(f"'{path}' holds {len(found.get('core', ()))} .core files: name one")
    return {kind: files[0] for kind, files in found.items() if len(files) == 1}


# -- the fixes --------------------------------------------------------------------------------
def diagnostics_of(work: Work) -> list[Diagnostic]:
    from ..library.loader import load_library
    from ..pipeline import InputError, compile_program

    out: list[Diagnostic] = []
    for lib in work.libraries:
        out.extend(load_library(lib)[1])
    for files in work.programs:
        try:
            result = compile_program(
                files["core"],
                files.get("world"),
                files.get("task"),
                list(work.libraries),
                (),
                None,
                True,
            )
        except InputError as exc:
            raise UsageError(str(exc)) from exc
        out.extend(result.diagnostics)
    return out


def fixes_by_file(diagnostics: list[Diagnostic]) -> dict[str, list[Fix]]:
    out: dict[str, list[Fix]] = {}
    for d in diagnostics:
        for fix in d.fixes:
            out.setdefault(os.path.abspath(fix.span.file), []).append(fix)
    return out


def pending_texts(work: Work) -> dict[str, tuple[str, str]]:
    """path -> (text now, text fixed) of each file a fix would change."""
    from .edits import FixError, apply_text, apply_yaml

    out = {}
    for path, fixes in fixes_by_file(diagnostics_of(work)).items():
        old = read_inside(work.root, path)
        yaml_fixes = [f for f in fixes if f.key_path]
        try:
            new = (
                apply_yaml(old, yaml_fixes)
                if yaml_fixes
                else apply_text(old, [f for f in fixes if not f.key_path])
            )
        except FixError as exc:
            # the file is not as the compile read it (changed since, or a fix with no
            # place): nothing is written, and the user is told which file and why
            raise UsageError(f"cannot fix '{path}': {exc}; run fix again") from None
        if new != old:
            out[path] = (old, new)
    return out


# -- files ------------------------------------------------------------------------------------
def check_inside(root: Path, path: str) -> None:
    """Refuse a file fix may not touch: one outside the project root, a symbolic link (or
    one reached through one), or anything but a regular file."""
    try:
        st = os.lstat(path)
    except OSError as exc:
        raise UsageError(f"cannot read '{path}': {exc.strerror}") from None
    if stat.S_ISLNK(st.st_mode):
        raise UsageError(f"'{path}' is a symbolic link: fix writes no file through one")
    if not stat.S_ISREG(st.st_mode):
        raise UsageError(f"'{path}' is not a regular file: fix writes only those")
    real, top = os.path.realpath(path), os.path.realpath(root)
    if os.path.commonpath([real, top]) != top:
        raise UsageError(f"'{path}' lies outside the project at {root}: fix writes only inside it")


def read_inside(root: Path, path: str) -> str:
    check_inside(root, path)
    with open(path, "rb") as fh:
        data = fh.read()
    # newline="" in spirit: the text keeps its own line ends, a BOM stays as a character
    return data.decode("utf-8", errors="surrogateescape")


def write_inside(root: Path, path: str, text: str) -> None:
    from ..records import write_atomic

    check_inside(root, path)
    write_atomic(path, text.encode("utf-8", errors="surrogateescape"), root=os.path.realpath(root))


def _shown_path(root: Path, path: str) -> str:
    rel = os.path.relpath(path)
    return rel if not rel.startswith("..") else os.path.relpath(path, root)


def changed_lines(root: Path, path: str, old: str, new: str) -> list[Change]:
    """Each changed line as (line, old → new), a line added shown as from (none)."""
    from ..linebreaks import split_lines

    a, b = split_lines(old), split_lines(new)
    shown = _shown_path(root, path)
    out = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            continue
        olds, news = a[i1:i2], b[j1:j2]
        for k in range(max(len(olds), len(news))):
            before = olds[k].strip() if k < len(olds) else "(none)"
            after = news[k].strip() if k < len(news) else "(deleted)"
            out.append(Change(shown, j1 + k + 1, before, after))
    return out


def _print_diff(root: Path, path: str, old: str, new: str) -> None:
    from ..linebreaks import split_lines

    shown = _shown_path(root, path)
    lines = difflib.unified_diff(
        [l + "\n" for l in split_lines(old)],
        [l + "\n" for l in split_lines(new)],
        f"a/{shown}",
        f"b/{shown}",
    )
    sys.stdout.writelines(lines)

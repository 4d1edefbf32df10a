"""The build matrix: ``[tool.mobiledsl]`` in the project's pyproject.toml.

```toml
[tool.mobiledsl]
libraries = ["libraries/demo_parts"]   # library roots, relative to the project root
programs = "programs/*"                # a glob (or a list of globs) of program folders
targets = ["mjcf", "ros-gz-nav2"]      # every program is built for every target ...
exclude = ["legged_*/ros-gz-nav2"]     # ... except these cells
templates = "ros_templates"            # the project's own ROS package templates
```

A program is a folder ``<name>/`` holding ``<name>.core`` and, optionally, ``<name>.world``
and ``<name>.task``; a glob may also match ``.core`` files directly. An ``exclude`` entry is
``"<program>/<target>"`` (leave out one cell), ``"<program>"`` (leave out the program), or a
table ``{program = "...", target = "..."}``; both sides are fnmatch patterns.
"""

from __future__ import annotations

import fnmatch
import glob
import os
import sys
import tomllib
from dataclasses import field
from pathlib import Path

from ..project import COMMANDS_DIR
from ..recordtype import record
from .layout import SAFE_NAME


class MatrixError(Exception):
    """pyproject.toml's [tool.mobiledsl] cannot be used (a configuration failure)."""


@record
class Program:
    name: str
    dir: str  # relative to the project root, with /
    core: str
    world: str | None = None
    task: str | None = None

    @property
    def files(self) -> dict[str, str]:
        """kind -> path of the files the program has (core always)."""
        out = {"core": self.core}
        if self.world:
            out["world"] = self.world
        if self.task:
            out["task"] = self.task
        return out


@record
class Exclusion:
    program: str = "*"
    target: str | None = None  # None: the whole program

    def covers(self, program: str, target: str | None) -> bool:
        if not fnmatch.fnmatchcase(program, self.program):
            return False
        if self.target is None:
            return True
        return target is not None and fnmatch.fnmatchcase(target, self.target)


@record
class Matrix:
    root: Path
    libraries: tuple[str, ...] = ()
    programs: tuple[Program, ...] = ()
    targets: tuple[str, ...] = ()
    exclude: tuple[Exclusion, ...] = ()
    templates: str | None = None  # a folder relative to the root (targets.overrides)
    warnings: tuple[str, ...] = field(default=(), compare=False)

    def program_excluded(self, program: str) -> bool:
        return any(e.covers(program, None) for e in self.exclude)

    def cell_excluded(self, program: str, target: str) -> bool:
        return any(e.covers(program, target) for e in self.exclude)

    def targets_of(self, program: str) -> tuple[str, ...]:
        return tuple(t for t in self.targets if not self.cell_excluded(program, t))


def _strings(value, what: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    raise MatrixError(f"[tool.mobiledsl] {what} must be a string or a list of strings")


def _exclusions(value) -> tuple[Exclusion, ...]:
    if not isinstance(value, list):
        raise MatrixError("[tool.mobiledsl] exclude must be a list")
    out = []
    for item in value:
        if isinstance(item, str):
            program, sep, target = item.partition("/")
            out.append(Exclusion(program or "*", (target or "*") if sep else None))
        elif (
            isinstance(item, dict)
            and set(item) <= {"program", "target"}
            and all(isinstance(v, str) for v in item.values())
        ):
            out.append(Exclusion(item.get("program", "*"), item.get("target")))
        else:
            raise MatrixError(
                '[tool.mobiledsl] exclude entries are "program/target", '
                '"program" or {program = ..., target = ...}; got '
                f"{item!r}"
            )
    return tuple(out)


def _programs(patterns: list[str], root: Path, warnings: list[str]) -> tuple[Program, ...]:
    # plain strings relative to the root, not Path objects: a no-op build reads the matrix
    # every time, and 200 programs through pathlib cost more than the rest of reading it
    found: dict[str, Program] = {}
    for pattern in patterns:
        if os.path.isabs(pattern):
            raise MatrixError(
                f"[tool.mobiledsl] programs glob {pattern!r} must be relative to the project root"
            )
        pattern = Path(pattern).as_posix()  # ./a//b/ is a/b, as matches are named
        for match in sorted(glob.glob(pattern, root_dir=root)):
            rel = match.replace(os.sep, "/").rstrip("/")
            full = os.path.join(root, rel)
            if os.path.isdir(full):
                name, folder = rel.rpartition("/")[2], rel
                core = f"{folder}/{name}.core"
                if not os.path.isfile(os.path.join(root, core)):
                    warnings.append(f"{rel}: no {name}.core in it; not a program")
                    continue
            elif (
                rel.endswith(".core")
                and not rel.endswith("/.core")
                and rel != ".core"
                and os.path.isfile(full)
            ):
                folder, _, file = rel.rpartition("/")
                name, folder, core = file[: -len(".core")], folder or ".", rel
            else:
                continue
            if not SAFE_NAME.match(name):
                warnings.append(f"{core}: '{name}' cannot name a folder under build/; skipped")
                continue
            if name == COMMANDS_DIR:
                warnings.append(
                    f"{core}: 'build/{name}/' holds what mobiledsl compile and "
                    "run write without -o; a program of that name is skipped"
                )
                continue
            if name in found:
                if found[name].core != core:
                    warnings.append(
                        f"{core}: a second program named '{name}' "
                        f"(the first is {found[name].core}); skipped"
                    )
                continue
            world, task = (f"{core[: -len('.core')]}.{kind}" for kind in ("world", "task"))
            found[name] = Program(
                name,
                folder,
                core,
                world if os.path.isfile(os.path.join(root, world)) else None,
                task if os.path.isfile(os.path.join(root, task)) else None,
            )
    return tuple(found[n] for n in sorted(found))


def read_matrix(root: str | os.PathLike) -> Matrix:
    """Read ``<root>/pyproject.toml``. No file or no [tool.mobiledsl]: an empty matrix."""
    root = Path(root).resolve()
    try:
        with open(root / "pyproject.toml", "rb") as fh:
            data = tomllib.load(fh)
    except FileNotFoundError:
        return Matrix(root)
    except tomllib.TOMLDecodeError as exc:
        raise MatrixError(f"pyproject.toml: {exc}") from exc
    conf = data.get("tool", {}).get("mobiledsl")
    if conf is None:
        return Matrix(root)
    if not isinstance(conf, dict):
        raise MatrixError("[tool.mobiledsl] must be a table")
    unknown = set(conf) - {"libraries", "programs", "targets", "exclude", "templates"}
    if unknown:
        raise MatrixError(
            f"[tool.mobiledsl] has unknown keys: {', '.join(sorted(unknown))} "
            "(known: libraries, programs, targets, exclude, templates)"
        )
    templates = conf.get("templates")
    if templates is not None and (
        not isinstance(templates, str) or not templates.strip() or os.path.isabs(templates)
    ):
        raise MatrixError(
            "[tool.mobiledsl] templates must name a folder relative to the "
            f"project root; got {templates!r}"
        )
    warnings: list[str] = []
    libraries = []
    for lib in _strings(conf.get("libraries", []), "libraries"):
        if os.path.isabs(lib):
            raise MatrixError(
                f"[tool.mobiledsl] library {lib!r} must be relative to the project root"
            )
        rel = Path(lib).as_posix().rstrip("/")
        if rel not in libraries:
            libraries.append(rel)
    targets = []
    for target in _strings(conf.get("targets", []), "targets"):
        if not SAFE_NAME.match(target):
            raise MatrixError(f"[tool.mobiledsl] target {target!r} is not a target name")
        if target not in targets:
            targets.append(target)
    programs = _programs(_strings(conf.get("programs", []), "programs"), root, warnings)
    return Matrix(
        root,
        tuple(libraries),
        programs,
        tuple(targets),
        _exclusions(conf.get("exclude", [])),
        Path(templates).as_posix() if templates is not None else None,
        tuple(warnings),
    )


def parse_shard(text: str | None) -> tuple[int, int] | None:
    """``"I/N"`` (1 <= I <= N): this runner builds the I-th of N shares of the programs.
    None or "" is no sharding."""
    if text is None or not str(text).strip():
        return None
    index, sep, count = str(text).strip().partition("/")
    try:
        i, n = int(index), int(count)
    except ValueError:
        i = n = 0
    if not sep or n < 1 or not 1 <= i <= n:
        raise MatrixError(f"shard {text!r}: write it I/N, with 1 <= I <= N (e.g. 2/4)")
    return i, n


def shard_of(programs: list[Program], shard: tuple[int, int] | None) -> list[Program]:
    """The programs shard I/N builds: the programs sorted by name, dealt out in turn (the
    k-th, counting from 0, goes to share k mod N + 1). The same matrix always splits the
    same way, whichever runner computes it; N runners together build every program once."""
    if shard is None:
        return list(programs)
    i, n = shard
    ordered = sorted(programs, key=lambda p: p.name)
    return [p for k, p in enumerate(ordered) if k % n == i - 1]


def warn(message: str) -> None:
    """A line on stderr; it may quote pyproject.toml or a folder's name, so it is escaped."""
    from ..textsafe import shown

    print(f"mobiledsl: {shown(message)}", file=sys.stderr)

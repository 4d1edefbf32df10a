"""The language server's warm state: the open documents, each project's libraries kept
loaded, and the check of a program from the editor's texts.

Nothing here knows of LSP: paths in, ``mobiledsl.diagnostics.Diagnostic`` out. A program is
``<stem>.core`` with the ``<stem>.world`` and ``<stem>.task`` beside it (the build graph's
rule, ``mobiledsl.graph.matrix``); its libraries are those of the nearest pyproject.toml's
``[tool.mobiledsl]``, loaded whole once and kept, a part loaded again when its
component.yaml changes (from the editor's text while it is open), a library when its
library.yaml is saved.
"""
from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..diagnostics import Diagnostic

log = logging.getLogger(__name__)

PROGRAM_KINDS = ("core", "world", "task")
_REF = re.compile(r"""\b(?:ref|environment)\s*=\s*"([^"\n]*)\"""")


def kind_of(path: str) -> str | None:
    """"core", "world", "task", "component", "library" or None (a file of no interest)."""
    name = os.path.basename(path)
    if name == "component.yaml":
        return "component"
    if name == "library.yaml":
        return "library"
    ext = os.path.splitext(name)[1][1:]
    return ext if ext in PROGRAM_KINDS else None


def refs_in(text: str) -> set[str]:
    """The part ids a program file's text names (``ref = "..."``, ``environment = "..."``),
    each also by its bare id."""
    out = set()
    for ref in _REF.findall(text):
        out.add(ref)
        out.add(ref.rpartition("/")[2])
    return out


class LibraryState:
    """One library, loaded whole, with what each file of it reported."""

    def __init__(self, root: str):
        self.root = root
        self.reload()

    def reload(self, texts: dict[str, str] | None = None) -> None:
        from ..library.loader import load_library
        library, diags = load_library(self.root)
        self.library = library
        self.reports: dict[str, list[Diagnostic]] = {}
        for d in diags:
            self.reports.setdefault(_file_of(d, os.path.join(self.root, "library.yaml")),
                                    []).append(d)
        for file, text in (texts or {}).items():
            if self.part_of(file) is not None:
                self.reload_part(self.part_of(file), text)

    def part_of(self, path: str) -> str | None:
        """The id of the part whose component.yaml ``path`` is, if it is registered here."""
        folder = os.path.dirname(path)
        if os.path.basename(path) != "component.yaml" or \
                os.path.dirname(folder) != os.path.join(self.root, "parts"):
            return None
        pid = os.path.basename(folder)
        known = self.library is not None and (pid in self.library.parts
                                              or pid in self.library.left_out)
        return pid if known else None

    def reload_part(self, pid: str, text: str | None) -> None:
        """Load the part again, from ``text`` (the editor's) or its file."""
        from ..library.loader import load_part, load_part_text, part_paths
        from ..library.model import LeftOut
        if self.library is None:
            return
        file = part_paths(self.root, pid)[1]
        if text is None:
            part, diags = load_part(self.root, self.library.name, pid)
        else:
            part, diags = load_part_text(self.root, self.library.name, pid, text)
        parts, left_out = dict(self.library.parts), dict(self.library.left_out)
        parts.pop(pid, None)
        left_out.pop(pid, None)
        if part is not None:
            parts[pid] = part
        else:
            left_out[pid] = LeftOut(pid, file, tuple(diags))
        self.library = type(self.library)(self.library.name, self.library.root, parts,
                                          self.library.walkers, left_out)
        self.reports[file] = list(diags)


class ProjectState:
    """A project: its root, its libraries kept loaded."""

    def __init__(self, root: Path, library_roots: Iterable[str]):
        self.root = root
        self.libraries = [LibraryState(r) for r in library_roots]

    @property
    def loaded(self) -> list[Any]:
        return [lib.library for lib in self.libraries if lib.library is not None]

    def library_of(self, path: str) -> LibraryState | None:
        for lib in self.libraries:
            if path == os.path.join(lib.root, "library.yaml") or lib.part_of(path):
                return lib
        return None

    def part(self, ref: str) -> Any:
        """The part a ref names (``library/id`` or a bare id), the first library's."""
        lib_name, sep, pid = ref.partition("/")
        if not sep:
            pid, lib_name = ref, None
        for library in self.loaded:
            if (lib_name is None or library.name == lib_name) and pid in library.parts:
                return library.parts[pid]
        return None

    def parts(self) -> list[Any]:
        return [p for library in self.loaded for p in library.parts.values()]


def _file_of(d: Diagnostic, default: str) -> str:
    return os.path.abspath(d.span.file) if d.span is not None and d.span.file else default


class Workspace:
    """The open documents and what each check found, by the file it is about."""

    def __init__(self):
        self.texts: dict[str, str] = {}              # open documents, by absolute path
        self.projects: dict[Path, ProjectState] = {}
        # what each source of diagnostics (a program by its core, a library file) found, by file
        self.found: dict[str, dict[str, list[Diagnostic]]] = {}
        # the robot each program's last check assembled (None when it did not), by its core
        self.robots: dict[str, Any] = {}

    # -- documents -------------------------------------------------------------------------
    def text(self, path: str) -> str | None:
        """The editor's text of ``path`` when it is open, else the file's (None if unread)."""
        if path in self.texts:
            return self.texts[path]
        try:
            return Path(path).read_text(encoding="utf-8-sig", errors="replace")
        except (OSError, ValueError):
            return None

    def project_of(self, path: str) -> ProjectState | None:
        from ..project import find_root
        try:
            root = find_root(os.path.dirname(path))
        except (OSError, ValueError):
            return None
        if root is None:
            return None
        if root not in self.projects:
            from ..graph.matrix import read_matrix
            try:
                matrix = read_matrix(root)
            except Exception as exc:          # a table that cannot be used: no project
                log.warning("cannot read the project at %s: %s", root, exc)
                return None
            project = self.projects[root] = ProjectState(
                root, [os.path.abspath(root / lib) for lib in matrix.libraries])
            for lib in project.libraries:
                self._store(f"library:{lib.root}", {f: list(ds) for f, ds in lib.reports.items()})
        return self.projects[root]

    # -- programs --------------------------------------------------------------------------
    def program_files(self, path: str) -> dict[str, str | None] | None:
        """The program ``path`` belongs to, {"core": ..., "world": ..., "task": ...} (a file
        absent is None), or None when there is no core for it."""
        kind = kind_of(path)
        if kind not in PROGRAM_KINDS:
            return None
        stem = path[: -len(kind) - 1]
        files: dict[str, str | None] = {}
        for k in PROGRAM_KINDS:
            candidate = f"{stem}.{k}"
            files[k] = candidate if candidate in self.texts or os.path.isfile(candidate) \
                else None
        return files if files["core"] else None

    def open_programs(self) -> list[str]:
        """The cores of the programs an open document belongs to."""
        cores = []
        for path in self.texts:
            files = self.program_files(path)
            if files and files["core"] not in cores:
                cores.append(files["core"])
        return cores

    def check_program(self, core: str) -> set[str]:
        """Compile the program of ``core`` from the open texts; returns the files whose
        diagnostics may have changed."""
        from ..pipeline import InputError, compile_program
        files = self.program_files(core) or {"core": core, "world": None, "task": None}
        project = self.project_of(core)
        key = f"program:{core}"
        found: dict[str, list[Diagnostic]] = {f: [] for f in files.values() if f}
        if project is None:
            self._parse_only(files, found)
        else:
            try:
                result = compile_program(files["core"], files["world"], files["task"], [],
                                         check_only=True, texts=self.texts,
                                         libraries=project.loaded)
            except InputError as exc:
                log.info("not checked: %s", exc)
                result = None
            except Exception:                 # a compiler bug is no reason to stop serving
                log.exception("the check of %s failed", core)
                result = None
            for d in result.diagnostics if result else ():
                found.setdefault(_file_of(d, core), []).append(d)
            self.robots[core] = result.robot if result else None
        return self._store(key, found)

    def robot_of(self, path: str) -> Any:
        """The robot the last check of ``path``'s program assembled, if it did."""
        files = self.program_files(path)
        return self.robots.get(files["core"]) if files else None

    def _parse_only(self, files: dict[str, str | None], found: dict) -> None:
        """Outside a project: what the parser says of each file, nothing more."""
        from ..lang import parse_core, parse_task, parse_world
        parsers = {"core": parse_core, "world": parse_world, "task": parse_task}
        for kind, path in files.items():
            text = self.text(path) if path else None
            if text is None:
                continue
            try:
                _, diags = parsers[kind](text, path)
            except Exception:
                log.exception("the parse of %s failed", path)
                continue
            found.setdefault(path, []).extend(diags)

    def _store(self, key: str, found: dict[str, list[Diagnostic]]) -> set[str]:
        old = self.found.get(key, {})
        self.found[key] = found
        return set(old) | set(found)

    def diagnostics(self, path: str) -> list[Diagnostic]:
        """Every diagnostic found about ``path`` (by its programs and its library)."""
        out: list[Diagnostic] = []
        for key, by_file in self.found.items():
            if key.startswith("library:") and path not in self.texts:
                continue                      # a library's own problems: on its open files
            out.extend(by_file.get(path, ()))
        return out

    # -- edits -----------------------------------------------------------------------------
    def update(self, path: str, text: str | None) -> set[str]:
        """Record the editor's text of ``path`` (None: closed) and check what it reaches:
        its program, or, for a part's component.yaml, every open program that uses the
        part. Returns the files whose diagnostics may have changed."""
        if text is None:
            self.texts.pop(path, None)
        else:
            self.texts[path] = text
        kind = kind_of(path)
        if kind in PROGRAM_KINDS:
            files = self.program_files(path)
            if files is None:                 # a world or task with no core beside it
                found: dict[str, list[Diagnostic]] = {path: []}
                if text is not None:
                    self._parse_only({kind: path}, found)
                return self._store(f"program:{path}", found)
            return self.check_program(files["core"])
        if kind in ("component", "library"):
            return self.library_changed(path, text, saved=False)
        return set()

    def library_changed(self, path: str, text: str | None, saved: bool) -> set[str]:
        """A library file changed: its part (or, once saved, the whole library) is loaded
        again, and the open programs that use it are checked."""
        project = self.project_of(path)
        lib = project.library_of(path) if project else None
        if lib is None:
            return set()
        changed = set()
        pid = lib.part_of(path)
        if pid is not None:
            lib.reload_part(pid, text)
            used = {pid}
        elif saved or text is None:
            lib.reload({p: t for p, t in self.texts.items() if kind_of(p) == "component"})
            used = None
        else:
            used = set()                       # library.yaml is read when it is saved
        changed |= self._store(f"library:{lib.root}",
                               {f: list(ds) for f, ds in lib.reports.items()})
        changed.add(path)
        for core in self.open_programs():
            if self.project_of(core) is not project:
                continue
            if used is None or used & self._refs_of(core):
                changed |= self.check_program(core)
        return changed

    def _refs_of(self, core: str) -> set[str]:
        files = self.program_files(core) or {}
        return {r for f in files.values() if f for r in refs_in(self.text(f) or "")}

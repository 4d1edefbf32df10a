"""The language server's warm state: the open documents, each project's libraries kept
loaded, and the check of a program from the editor's texts.

Nothing here knows of LSP: paths in, ``mobiledsl.diagnostics.Diagnostic`` out. A program is
``<stem>.core`` with the ``<stem>.world`` and ``<stem>.task`` beside it (the build graph's
rule, ``mobiledsl.graph.matrix``); its libraries are those of the nearest pyproject.toml's
``[tool.mobiledsl]``. Each project's programs are checked through one warm core
(``mobiledsl.warm``): the records of every phase are kept, a part is loaded again when its
component.yaml changes (from the editor's text while it is open), a library's manifest when
its library.yaml is saved, and a program's phases run again only as far as an edit reaches.
"""

from __future__ import annotations

import logging
import os
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any, TypedDict

from ..diagnostics import Diagnostic

log = logging.getLogger(__name__)

PROGRAM_KINDS = ("core", "world", "task")
_REF = re.compile(r"""\b(?:ref|environment)\s*=\s*"([^"\n]*)\"""")


def kind_of(path: str) -> str | None:
    """ "core", "world", "task", "component", "library" or None (a file of no interest)."""
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


class LibraryView:
    """One library of a project as the editor's features read it: its root, and the
    library loaded whole (None when its library.yaml does not load)."""

    def __init__(self, root: str, library: Any):
        self.root = root
        self.library = library

    def part_of(self, path: str) -> str | None:
        """The id of the part whose component.yaml ``path`` is, if it is registered here."""
        folder = os.path.dirname(path)
        if os.path.basename(path) != "component.yaml" or os.path.dirname(folder) != os.path.join(
            self.root, "parts"
        ):
            return None
        pid = os.path.basename(folder)
        known = self.library is not None and (
            pid in self.library.parts or pid in self.library.left_out
        )
        return pid if known else None


class ProjectState:
    """A project: its root, and the warm core its programs are checked through (its
    libraries' records kept, each part loaded again when its component.yaml changes, from
    the editor's text while it is open; a library.yaml counts once saved)."""

    def __init__(self, root: Path, library_roots: Iterable[str], texts: dict[str, str]):
        from ..warm import Warm

        self.root = root
        self.roots = list(library_roots)
        self.warm = Warm(self.roots, texts)
        self._whole: tuple[list[Any], list[Diagnostic]] | None = None

    def whole(self) -> tuple[list[Any], list[Diagnostic]]:
        """Every library loaded whole, and what loading it reported (kept until a library
        file changes)."""
        if self._whole is None:
            self._whole = self.warm.whole()
        return self._whole

    def changed(self, path: str) -> None:
        """A library file changed (in the editor, or on disk)."""
        self.warm.forget(path)
        self._whole = None

    @property
    def loaded(self) -> list[Any]:
        return self.whole()[0]

    def library_of(self, path: str) -> LibraryView | None:
        """The library whose library.yaml, or a part's component.yaml, ``path`` is."""
        for root in self.roots:
            folder = os.path.dirname(path)
            if path == os.path.join(root, "library.yaml") or (
                os.path.basename(path) == "component.yaml"
                and os.path.dirname(folder) == os.path.join(root, "parts")
            ):
                library = next((lib for lib in self.loaded if lib.root == root), None)
                return LibraryView(root, library)
        return None

    def reports(self, root: str) -> dict[str, list[Diagnostic]]:
        """What loading the library at ``root`` reported, by the file it is about."""
        out: dict[str, list[Diagnostic]] = {}
        manifest = os.path.join(root, "library.yaml")
        for d in self.whole()[1]:
            file = _file_of(d, manifest)
            if file == manifest or file.startswith(os.path.join(root, "")):
                out.setdefault(file, []).append(d)
        return out

    def part(self, ref: str) -> Any:
        """The part a ref names (``library/id`` or a bare id), the first library's."""
        name, sep, pid = ref.partition("/")
        lib_name: str | None = name if sep else None
        if not sep:
            pid = ref
        for library in self.loaded:
            if (lib_name is None or library.name == lib_name) and pid in library.parts:
                return library.parts[pid]
        return None

    def parts(self) -> list[Any]:
        return [p for library in self.loaded for p in library.parts.values()]


def _file_of(d: Diagnostic, default: str) -> str:
    return os.path.abspath(d.span.file) if d.span is not None and d.span.file else default


class ProgramFiles(TypedDict):
    """A program's files: its core, and the world and task beside it when there are."""

    core: str
    world: str | None
    task: str | None


class Workspace:
    """The open documents and what each check found, by the file it is about."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}  # open documents, by absolute path
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
            except Exception as exc:  # a table that cannot be used: no project
                log.warning("cannot read the project at %s: %s", root, exc)
                return None
            project = self.projects[root] = ProjectState(
                root, [os.path.abspath(root / lib) for lib in matrix.libraries], self.texts
            )
            for lib in project.roots:
                self._store(f"library:{lib}", project.reports(lib))
        return self.projects[root]

    # -- programs --------------------------------------------------------------------------
    def program_files(self, path: str) -> ProgramFiles | None:
        """The program ``path`` belongs to, {"core": ..., "world": ..., "task": ...} (a file
        absent is None), or None when there is no core for it."""
        kind = kind_of(path)
        if kind not in PROGRAM_KINDS:
            return None
        stem = path[: -len(kind) - 1]
        found: dict[str, str | None] = {}
        for k in PROGRAM_KINDS:
            candidate = f"{stem}.{k}"
            found[k] = candidate if candidate in self.texts or os.path.isfile(candidate) else None
        core = found["core"]
        if core is None:
            return None
        return ProgramFiles(core=core, world=found["world"], task=found["task"])

    def open_programs(self) -> list[str]:
        """The cores of the programs an open document belongs to."""
        cores: list[str] = []
        for path in self.texts:
            files = self.program_files(path)
            if files and files["core"] not in cores:
                cores.append(files["core"])
        return cores

    def check_program(self, core: str) -> set[str]:
        """Check the program of ``core`` from the open texts, through the project's warm
        core; returns the files whose diagnostics may have changed. What loading a library
        reported is the library's (shown on its open files), not the program's."""
        from ..pipeline import InputError

        files = self.program_files(core) or ProgramFiles(core=core, world=None, task=None)
        project = self.project_of(core)
        key = f"program:{core}"
        found: dict[str, list[Diagnostic]] = {
            f: [] for f in (files["core"], files["world"], files["task"]) if f
        }
        if project is None:
            self._parse_only(
                {"core": files["core"], "world": files["world"], "task": files["task"]}, found
            )
        else:
            try:
                result = project.warm.check(files["core"], files["world"], files["task"])
            except InputError as exc:
                log.info("not checked: %s", exc)
                result = None
            except Exception:  # a compiler bug is no reason to stop serving
                log.exception("the check of %s failed", core)
                result = None
            for d in result.diagnostics if result else ():
                file = _file_of(d, core)
                if d.code.startswith("library.") and kind_of(file) in ("component", "library"):
                    continue
                found.setdefault(file, []).append(d)
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
            if text is None or path is None:
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
                continue  # a library's own problems: on its open files
            out.extend(d for d in by_file.get(path, ()) if d not in out)
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
            if files is None:  # a world or task with no core beside it
                found: dict[str, list[Diagnostic]] = {path: []}
                if text is not None:
                    self._parse_only({kind: path}, found)
                return self._store(f"program:{path}", found)
            return self.check_program(files["core"])
        if kind in ("component", "library"):
            return self.library_changed(path, text, saved=False)
        return set()

    def library_changed(self, path: str, text: str | None, saved: bool) -> set[str]:
        """A library file changed (``text``: the editor's, already in the open texts, or
        None once closed): the open programs whose last check needed that part (all of the
        project's, for a library.yaml) are checked again, through the warm core, which
        loads again only what changed."""
        project = self.project_of(path)
        lib = project.library_of(path) if project else None
        if project is None or lib is None:
            return set()
        root = lib.root
        project.changed(path)
        if kind_of(path) == "library" and not saved and text is not None:
            return {path}  # library.yaml is read when it is saved
        changed = self._store(f"library:{root}", project.reports(root))
        changed.add(path)
        users = None if kind_of(path) == "library" else set(project.warm.users(path))
        for core in self.open_programs():
            if self.project_of(core) is not project:
                continue
            if users is None or core in users:
                changed |= self.check_program(core)
        return changed

"""A project's own templates: the folder ``[tool.mobiledsl] templates`` names, whose files
replace the ROS package's templates of the same name (docs/targets.md, "Your own
templates").

The folder is a stranger's, read as hostile input: only its ``*.j2`` entries, at most
``MAX_TEMPLATES`` of them, each a regular file that resolves inside the project root and
holds at most ``MAX_TEMPLATE_BYTES`` of UTF-8 text (``inputs.read_regular``). A file that is
not read is kept with the diagnostic that says why, which a target reports only when it
loads that template. Reading is the drivers' work (the command line and the build graph,
which hand the phase what they read); this module imports nothing heavy, since the build
graph lists the folder each time it is loaded.
"""

from __future__ import annotations

import os
import re
import stat

from ..diagnostics import Diagnostic, Span, error
from ..inputs import Refused, read_regular
from ..recordtype import record

#: the targets whose text files are templates, and so take a project's overrides
TEMPLATED_TARGETS = frozenset({"ros-gz-nav2", "ros-mujoco-nav2"})
SUFFIX = ".j2"
MAX_TEMPLATE_BYTES = 256 * 1024  # ours are 2 KB
MAX_TEMPLATES = 64
UNREADABLE = "target.template_unreadable"


@record
class TemplateFile:
    """One file of the folder: its text, or the error that says why it is not read."""

    name: str  # the template it stands for, e.g. "package.xml.j2"
    path: str  # as diagnostics name it
    text: str | None
    error: Diagnostic | None = None


@record
class Overrides:
    """The folder's templates by name; ``error`` when the folder itself cannot be used."""

    folder: str  # as diagnostics name it
    files: tuple[TemplateFile, ...] = ()
    error: Diagnostic | None = None


def _shown(root: str | os.PathLike, *names: str) -> str:
    """A path below the project root as the lines people read name it (from the current
    folder: the build graph runs in the root, the command line anywhere in the project)."""
    return os.path.relpath(os.path.join(root, *names))


def listing(root: str | os.PathLike, folder: str) -> tuple[list[str], list[list[str]]]:
    """What the build graph watches: the regular ``*.j2`` files of the folder that lie in
    the project root (their content is hashed as file_dep), and every ``*.j2`` entry's
    name with what it is (a change of kind, a file added or removed, re-runs the
    emissions). Both empty when the folder is not there; nothing is read."""
    base = os.path.join(root, folder)
    real_root = os.path.realpath(root)
    try:
        with os.scandir(base) as found:
            entries = sorted((e.name, e.path) for e in found if e.name.endswith(SUFFIX))
    except OSError:
        return [], []
    files, kinds = [], []
    for name, path in entries[: MAX_TEMPLATES + 1]:
        kind = _kind(path, real_root)
        kinds.append([name, kind])
        if kind == "file":
            files.append(os.path.join(folder, name).replace(os.sep, "/"))
    return files, kinds


def _kind(path: str, real_root: str) -> str:
    real = os.path.realpath(path)
    if not (real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)):
        return "outside"
    try:
        st = os.stat(real)
    except OSError:
        return "missing"
    if not stat.S_ISREG(st.st_mode):
        return "other"
    return "file" if st.st_size <= MAX_TEMPLATE_BYTES else "too large"


def read_overrides(root: str | os.PathLike, folder: str) -> Overrides:
    """The templates of ``folder`` (relative to the project ``root``), each read as
    ``read_regular`` reads a stranger's file."""
    shown = _shown(root, folder)
    problem = _folder_problem(root, folder)
    if problem is not None:
        return Overrides(shown, error=_unreadable_folder(root, folder, problem))
    with os.scandir(os.path.join(root, folder)) as found:
        names = sorted(e.name for e in found if e.name.endswith(SUFFIX))
    if len(names) > MAX_TEMPLATES:
        return Overrides(
            shown,
            error=_unreadable_folder(
                root,
                folder,
                f"it holds {len(names)} {SUFFIX} files, more than the "
                f"{MAX_TEMPLATES} a templates folder may hold",
            ),
        )
    return Overrides(shown, tuple(_read_one(root, folder, name) for name in names))


def _folder_problem(root: str | os.PathLike, folder: str) -> str | None:
    if os.path.isabs(folder):
        return "it is an absolute path; name it from the project root"
    base = os.path.join(root, folder)
    real_root, real = os.path.realpath(root), os.path.realpath(base)
    if not (real == real_root or real.startswith(real_root.rstrip(os.sep) + os.sep)):
        return f"it lies outside the project root (it resolves to {real})"
    if not os.path.exists(base):
        return "there is no such folder"
    if not os.path.isdir(base):
        return "it is not a folder"
    try:
        os.scandir(base).close()
    except OSError as exc:
        return f"it cannot be listed ({exc.strerror or exc})"
    return None


def _read_one(root: str | os.PathLike, folder: str, name: str) -> TemplateFile:
    path = os.path.join(root, folder, name)
    shown = _shown(root, folder, name)
    try:
        data = read_regular(path, within=root, limit=MAX_TEMPLATE_BYTES)
    except Refused as refused:
        return TemplateFile(name, shown, None, _unreadable(shown, refused.why))
    except (OSError, ValueError) as exc:
        why = getattr(exc, "strerror", None) or str(exc)
        return TemplateFile(name, shown, None, _unreadable(shown, why))
    try:
        return TemplateFile(name, shown, data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        return TemplateFile(
            name,
            shown,
            None,
            _unreadable(shown, f"byte 0x{data[exc.start]:02x} on line {line} is not UTF-8", line),
        )


def _unreadable(shown: str, why: str, line: int | None = None) -> Diagnostic:
    return error(
        UNREADABLE,
        f"the template {shown} is not read: {why}",
        Span(shown, line) if line else Span.whole_file(shown),
        label="not read",
        help="make it a plain UTF-8 text file inside the project, of at most "
        f"{MAX_TEMPLATE_BYTES // 1024} KB (not a link that leads elsewhere, "
        "nor a pipe or a device), or remove it to use mobiledsl's own",
    )


def _unreadable_folder(root: str | os.PathLike, folder: str, why: str) -> Diagnostic:
    config = _shown(root, "pyproject.toml")
    return error(
        UNREADABLE,
        f"the templates folder '{folder}' cannot be used: {why}",
        Span(config, _templates_line(os.path.join(root, "pyproject.toml"))),
        label="named here",
        help="name a folder inside the project root, relative to it, in "
        "[tool.mobiledsl] templates, or remove the key to use mobiledsl's "
        "own templates",
    )


_KEY = re.compile(r"\s*templates\s*=")


def _templates_line(pyproject: str) -> int | None:
    """The line of pyproject.toml that names the folder, for the diagnostic's place."""
    try:
        text = read_regular(pyproject).decode("utf-8", errors="replace")
    except (OSError, Refused):
        return None
    for number, line in enumerate(text.splitlines(), 1):
        if _KEY.match(line):
            return number
    return None

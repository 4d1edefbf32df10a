"""The project a command runs in: the nearest ``pyproject.toml`` with a ``[tool.mobiledsl]``
table, looking from the current folder upward. Its ``libraries`` are what ``compile`` and
``library check`` use when no library is named on the command line, and its ``templates``
the folder of the project's own ROS package templates ``compile`` renders with."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path

from .recordtype import record


@record
class Project:
    root: Path
    libraries: tuple[str, ...]  # as paths from the current folder, in the table's order
    templates: str | None = None  # the templates folder, relative to ``root``

    @property
    def config(self) -> str:
        """Where the libraries were named, for messages."""
        return os.path.relpath(self.root / "pyproject.toml")


def _has_table(pyproject: Path) -> bool:
    try:
        with open(pyproject, "rb") as fh:
            return "mobiledsl" in tomllib.load(fh).get("tool", {})
    except (OSError, tomllib.TOMLDecodeError):
        return False


def find_root(start: str | os.PathLike | None = None) -> Path | None:
    """The nearest folder at or above ``start`` (default: the current folder) whose
    pyproject.toml has [tool.mobiledsl]; None outside a project."""
    here = Path(start or os.getcwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file() and _has_table(folder / "pyproject.toml"):
            return folder
    return None


#: below the project's build/, the folder the commands write to when given no -o: the build
#: graph owns build/<program>/ and build/<library>/, and keeps this name for them (matrix.py)
COMMANDS_DIR = "cli"


def default_outdir(robot: str, start: str | os.PathLike | None = None) -> Path:
    """Where ``compile`` and ``run`` write without ``-o``: ``build/cli/<robot>`` below the
    project's root wherever in the project the command runs (so a run from a program's
    folder leaves nothing there, and nothing lands in a cell doit owns); outside a project,
    below the current folder. Relative to the current folder, for the lines people read."""
    root = find_root(start) or Path(os.getcwd())
    return Path(os.path.relpath(root / "build" / COMMANDS_DIR / robot))


def find_project(start: str | os.PathLike | None = None) -> Project | None:
    """The project around ``start`` and its libraries. Raises the build matrix's
    MatrixError when its [tool.mobiledsl] table cannot be used (one reader for both)."""
    root = find_root(start)
    if root is None:
        return None
    from .graph.matrix import read_matrix

    matrix = read_matrix(root)
    return Project(
        root, tuple(os.path.relpath(root / lib) for lib in matrix.libraries), matrix.templates
    )

"""``mobiledsl new NAME``: a project folder whose ``doit`` and ``mobiledsl run`` pass at once.

It holds a pyproject.toml with ``[tool.mobiledsl]`` (a library, the programs, the three
targets), the dodo.py that builds them through ``mobiledsl.graph``, a small library
(``libraries/my_parts``: four parts of the demo library, shipped inside the package as
``scaffold_data``), and one program, ``programs/bot``, with a robot, a world and a task.

The folder is made beside NAME under another name and renamed into place at the end, so a
failure leaves no half-made project; an existing folder that holds anything is refused.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import tempfile
from pathlib import Path

from .cli import UsageError, say, subcommand

DATA = Path(__file__).resolve().parent / "scaffold_data"
LIBRARY = "libraries/my_parts"
PROGRAM = "programs/bot"
# what each file of the package's data becomes in the project; {name} is filled in the
# files that name the project
LAYOUT = {
    "pyproject.toml": "pyproject.toml",
    "dodo.py": "dodo.py",
    "README.md": "README.md",
    "gitignore": ".gitignore",  # shipped without its dot: package data skips those
    "library": LIBRARY,
    "program": PROGRAM,
}
NAMED = ("pyproject.toml", "README.md")


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "name",
        metavar="NAME",
        help="the folder to make (it may exist if it is empty); its last part names the project",
    )


@subcommand(
    "new",
    "make a project folder: a library, a robot, a world and a task that build and run at once",
    _configure,
)
def run_new(args: argparse.Namespace) -> int:
    target = Path(args.name)
    check_free(target)
    make_project(target, project_name(target))
    say(
        f"made the project {target}: {LIBRARY} (4 parts), {PROGRAM} (bot.core, bot.world, "
        "bot.task), pyproject.toml, dodo.py"
    )
    say(
        f"next: cd {target} && doit && mobiledsl run {PROGRAM}/bot.core {PROGRAM}/bot.world "
        f"{PROGRAM}/bot.task"
    )
    return 0


def project_name(target: Path) -> str:
    """A package name (PEP 508) from the folder's name."""
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", target.resolve().name).strip("-._")
    return name or "robot-project"


def check_free(target: Path) -> None:
    if target.is_symlink():
        raise UsageError(f"'{target}' is a symbolic link: name a folder to make")
    if target.exists():
        if not target.is_dir():
            raise UsageError(f"'{target}' exists and is not a folder")
        if any(target.iterdir()):
            raise UsageError(
                f"'{target}' exists and is not empty: new makes a project only "
                "in a new or empty folder"
            )


def make_project(target: Path, name: str) -> None:
    parent = target.resolve().parent
    if not parent.is_dir():
        raise UsageError(f"cannot make '{target}': the folder {parent} does not exist")
    staging = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=parent))
    try:
        for source, dest in LAYOUT.items():
            _copy(DATA / source, staging / dest, name if source in NAMED else None)
        if target.exists():
            target.rmdir()  # empty, checked above
        os.rename(staging, target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    os.chmod(target, 0o777 & ~_umask())


def _copy(source: Path, dest: Path, name: str | None) -> None:
    dest.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, dest, ignore=shutil.ignore_patterns("__pycache__"))
    elif name is not None:
        dest.write_text(
            source.read_text(encoding="utf-8").replace("{name}", name), encoding="utf-8"
        )
    else:
        shutil.copyfile(source, dest)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask

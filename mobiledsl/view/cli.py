"""`mobiledsl view PROGRAM [--root DIR] [--serve [--port N]]`: write (and optionally serve)
the program's 3D page, build/<program>/report/view.html.

PROGRAM is a program of the project's matrix by name (``diff_drive``), its folder
(``programs/diff_drive``) or a built cell or program folder (``build/diff_drive/mjcf``,
``build/diff_drive``). Records that are not there yet are built first, by the build graph
(``doit build:<program>/mjcf``, then a ``sim:<program>`` only when asked with ``--run``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

from ..cli import UsageError, say, subcommand
from ..textsafe import shown


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "program",
        metavar="PROGRAM",
        help="a program's name, its folder, or its build folder or cell",
    )
    p.add_argument(
        "--root",
        default=".",
        metavar="DIR",
        help="the project root, holding dodo.py (default: the current folder)",
    )
    p.add_argument(
        "--run",
        action="store_true",
        help="run the program's task first (doit run:<program>), so the page replays it",
    )
    p.add_argument(
        "--serve",
        action="store_true",
        help="serve the page on localhost and reload it when it is rebuilt "
        "(by `mobiledsl watch` or doit)",
    )
    p.add_argument(
        "--port",
        type=int,
        default=0,
        metavar="N",
        help="the port --serve listens on (default: a free one)",
    )
    p.add_argument(
        "--no-open",
        action="store_true",
        help="with --serve: print the address instead of opening a browser",
    )


def program_name(arg: str, root: Path) -> str:
    """The program a PROGRAM argument names: the last folder of a program's folder, or the
    folder under build/ of a built one."""
    from ..graph import layout

    path = Path(arg)
    full = (root / path).resolve() if not path.is_absolute() else path.resolve()
    build = (root / layout.BUILD).resolve()
    if full.is_relative_to(build) and full != build:
        return full.relative_to(build).parts[0]
    name = path.name if path.name else arg
    if not layout.SAFE_NAME.match(name):
        raise UsageError(f"'{arg}' names no program")
    return name


def _doit(root: Path, *tasks: str) -> int:
    env = dict(os.environ)
    return subprocess.run(
        [sys.executable, "-m", "doit", *tasks],
        cwd=root,
        env=env,
        check=False,
        stdout=subprocess.DEVNULL,
    ).returncode


@subcommand(
    "view", "write a program's 3D page (robot, world, run) and optionally serve it", _configure
)
def run_view(args: argparse.Namespace) -> int:
    from ..graph import layout
    from .write import page_path, write_view

    root = Path(args.root).resolve()
    if not (root / "dodo.py").is_file():
        raise UsageError(f"{root} has no dodo.py: view reads a project's build records")
    name = program_name(args.program, root)
    if not (root / "programs").is_dir() and not (root / layout.program_dir(name)).is_dir():
        raise UsageError(f"no program '{name}' under {root}")
    tasks = [f"sim:{name}"] if args.run else [f"build:{name}"]
    wanted = args.run or not (root / layout.program_record(name, "analyse")).is_file()
    if (
        wanted
        and _doit(root, *tasks) != 0
        and not (root / layout.program_record(name, "parse")).is_file()
    ):
        raise UsageError(f"the build graph has no program '{name}' (doit {tasks[0]} failed)")
    if not (root / layout.program_record(name, "parse")).is_file():
        raise UsageError(f"no records for '{name}' under {root / layout.BUILD}")
    path, scene = write_view(root, name)
    size = path.stat().st_size
    say(
        shown(
            f"wrote {page_path(name)} ({size / 1e6:.2f} MB): {len(scene['links'])} links, "
            f"{len(scene['world'])} world objects, {len(scene['diagnostics'])} diagnostics"
            + (", a replay of the run" if scene.get("run") else "")
        ),
        sys.stdout,
    )
    if args.serve:
        from .serve import serve

        return serve(root, name, args.port, not args.no_open)
    return 0

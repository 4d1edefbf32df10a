"""A small compile's start-up, this checkout against another, side by side.

Runs ``python -m mobiledsl compile PROGRAM --check`` (default: the diff_drive demo, which
imports every phase and loads nine YAML files) in a fresh process, once from this checkout and
once from the other (``--against DIR``, a clone at an earlier commit), in turn, and prints the
best and median CPU time of each (user + system, so that other work on the machine counts
less) and their ratio. Byte-compiled modules are written and used, as an installed package's
are, whatever PYTHONDONTWRITEBYTECODE says.

``--instructions`` counts the instructions each run executes instead, under valgrind's
callgrind (about forty times slower): a figure that does not move with the machine's load.
``--no-bytecode`` runs as a checkout under PYTHONDONTWRITEBYTECODE=1 that never wrote
byte code: it deletes the __pycache__ folders of both checkouts' ``mobiledsl/`` before each
run, so the package's modules are compiled on every run (the libraries' byte code is used).

    python bench/startup.py --against /tmp/base [--runs 7] [--instructions] [--no-bytecode]
                            [--program programs/diff_drive/diff_drive.core]

It prints figures; it never passes or fails on time.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def _command(program: str) -> list[str]:
    return [sys.executable, "-m", "mobiledsl", "compile", program, "--check"]


# set by --no-bytecode: the package's own modules compiled from source on every run
_NO_BYTECODE = False


def _env(root: Path) -> dict[str, str]:
    env = dict(os.environ, PYTHONPATH=str(root), PYTHONHASHSEED="0")
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    if _NO_BYTECODE:
        env["PYTHONDONTWRITEBYTECODE"] = "1"
        for cache in (root / "mobiledsl").rglob("__pycache__"):
            shutil.rmtree(cache, ignore_errors=True)
    return env


def cpu_ms(root: Path, program: str) -> float:
    """CPU milliseconds of one compile run from ``root``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(_command(program), cwd=root, env=_env(root), capture_output=True, check=False)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    used = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return used * 1000


def instructions(root: Path, program: str) -> int:
    """Instructions one compile run from ``root`` executes, as callgrind counts them."""
    done = subprocess.run(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *_command(program)],
        cwd=root,
        env=_env(root),
        capture_output=True,
        text=True,
        check=False,
    )
    for line in done.stderr.splitlines():
        if "Collected" in line:
            return int(line.split()[-1])
    raise SystemExit(f"valgrind counted nothing:\n{done.stderr[-2000:]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--against", required=True, type=Path, help="the other checkout")
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--program", default="programs/diff_drive/diff_drive.core")
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument(
        "--no-bytecode",
        action="store_true",
        help="every module compiled from source on every run, none written",
    )
    args = ap.parse_args(argv)
    global _NO_BYTECODE
    _NO_BYTECODE = args.no_bytecode
    roots = {"this checkout": HERE, str(args.against): args.against.resolve()}
    if args.instructions and shutil.which("valgrind") is None:
        raise SystemExit("--instructions needs valgrind (apt install valgrind)")
    measure = instructions if args.instructions else cpu_ms
    for root in roots.values():  # write the byte-compiled modules first
        cpu_ms(root, args.program)
    runs: dict[str, list[float]] = {name: [] for name in roots}
    for _ in range(1 if args.instructions else args.runs):
        for name, root in roots.items():
            runs[name].append(measure(root, args.program))
    unit = "instructions" if args.instructions else "ms CPU"
    for name, values in runs.items():
        best, median = min(values), statistics.median(values)
        print(f"{name:>30}: best {best:,.0f}  median {median:,.0f} {unit}")
    this, other = (min(v) for v in runs.values())
    print(f"{'ratio':>30}: {this / other:.3f} (this checkout over the other, best against best)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""How long one compile takes as the robot grows, side by side with xacro on PR2.

For each size (parts), a generated robot (bench/robotgen.py: a deck carrying a grid of
range sensors, two wheels and a caster) is compiled by the command line, as a user runs it:

- ``compile ... --check`` (every phase up to the analysis, nothing written), and
- ``compile ... --target mjcf --target ros-gz-nav2 -o OUT`` (both targets written).

Each figure is the best of ``--repeat`` runs in a fresh process (start-up and imports
included), in CPU seconds of that process (user + system), with its peak resident memory.
Runs of the two tools alternate, and each size's ratio is to the xacro runs made between its
own, so both sides of a ratio see the same spell of the machine.

xacro on PR2 is the column teams compare with: xacro expands pr2_description's
``robots/pr2.urdf.xacro`` (92 links) and checks nothing. It is measured when both are
available, else the bench says so and leaves the column out:

    pip install xacro
    # pr2_description from the PR2/pr2_common repository (its robots/, urdf/ and gazebo/
    # folders; meshes are not read), with `$(find pr2_description)` replaced by the folder:
    sed -i "s#\\$(find pr2_description)#$PWD/pr2_description#g" $(grep -rl 'find pr2_description' pr2_description)
    python bench/compile.py --pr2 pr2_description

    python bench/compile.py [--sizes 10,30,100,300,1000] [--repeat 3] [--pr2 DIR]

It prints figures and ratios; it never passes or fails on time.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from robotgen import write_project  # noqa: E402


def run(argv: list[str], cwd: Path | None = None) -> tuple[float, float, int]:
    """(CPU seconds, peak MiB, exit status) of one process. CPU time (user + system) rather
    than the wall clock, so that a busy machine slows both tools alike less than it would
    their elapsed time."""
    proc = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=ENV)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = usage.ru_utime + usage.ru_stime
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode not in (0,):
        sys.stderr.write(proc.stderr.read().decode(errors="replace")[-2000:])
    proc.stderr.close()
    return seconds, usage.ru_maxrss / 1024, proc.returncode


ENV: dict[str, str] | None = None


def child_env(pycache: Path) -> dict[str, str]:
    """Python as people have it: byte code cached (kept out of the checkout), for both tools."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def best(samples: list[tuple[float, float, int]]) -> tuple[float, float]:
    return min(s[0] for s in samples), max(s[1] for s in samples)


def xacro_command(pr2: Path | None) -> list[str] | None:
    if pr2 is None:
        return None
    robot = pr2 / "robots" / "pr2.urdf.xacro"
    exe = shutil.which("xacro")
    if exe is None or not robot.is_file():
        return None
    return [exe, str(robot), "-o", os.devnull]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10,30,100,300,1000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--pr2", type=Path, default=os.environ.get("PR2_DESCRIPTION"))
    args = ap.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    xacro = xacro_command(Path(args.pr2) if args.pr2 else None)
    if xacro is None:
        print("xacro or pr2_description not found: the xacro column is left out "
              "(see the docstring for how to get them)\n")
    py = [sys.executable, "-m", "mobiledsl", "compile"]
    rows = []
    global ENV
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        ENV = child_env(tmp / "pycache")
        core, libs = write_project(tmp / "warm", 10)      # fills the byte-code cache
        run([*[sys.executable, "-m", "mobiledsl", "compile"], str(core), "--library", str(libs[0]),
             "--target", "mjcf", "--target", "ros-gz-nav2", "-o", str(tmp / "warm-out")])
        if xacro:
            run(xacro, cwd=tmp)
        xacro_runs: list[tuple[float, float, int]] = []
        for n in sizes:
            core, libs = write_project(tmp / f"p{n}", n)
            lib_args = [a for lib in libs for a in ("--library", str(lib))]
            check, both, beside = [], [], []
            for _ in range(args.repeat):
                check.append(run(py + [str(core), *lib_args, "--check"]))
                both.append(run(py + [str(core), *lib_args, "--target", "mjcf", "--target",
                                      "ros-gz-nav2", "-o", str(tmp / f"out{n}")]))
                if xacro:
                    beside.append(run(xacro, cwd=tmp))
            if any(s[2] != 0 for s in check + both):
                print(f"{n} parts: the compile failed (see above)")
            # each size is held to the xacro runs that alternated with its own, so that a
            # busy spell of the machine slows both sides of a ratio alike
            rows.append((n, best(check), best(both), best(beside)[0] if beside else None))
            xacro_runs += beside
        xbest = best(xacro_runs) if xacro_runs else None
    head = "| parts | --check CPU s | both targets CPU s | per part ms | peak MiB |"
    sep = "|---|---|---|---|---|"
    if xbest:
        head += " both / xacro PR2 |"
        sep += "---|"
    print(head)
    print(sep)
    for n, (tc, _), (tb, mb), beside in rows:
        line = f"| {n} | {tc:.3f} | {tb:.3f} | {1000 * tb / n:.2f} | {mb:.0f} |"
        if xbest:
            line += f" {tb / beside:.2f}x |"
        print(line)
    if xbest:
        print(f"\nxacro on PR2 (92 links): {xbest[0]:.3f} s at best, peak {xbest[1]:.0f} MiB; "
              "each ratio is to the best of the xacro runs alternated with that size's")
    if len(rows) >= 2:
        (n0, _, (t0, _), _), (n1, _, (t1, _), _) = rows[-2], rows[-1]
        print(f"growth from {n0} to {n1} parts: {t1 / t0:.2f}x time for {n1 / n0:.2f}x parts")


if __name__ == "__main__":
    main()

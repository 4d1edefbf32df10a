"""How often one ``analyse`` places the robot, and how long it takes, for every demo program.

For each program in programs/ (compiled with ``--check``: every phase up to the analysis),
one ``analyse`` of its assembled robot is followed with ``sys.setprofile``, counting:

- placement: every call into ``analysis/placement.py`` and ``geometry.shape_solid``, the
  returns to the placing code (its records' methods, ``where`` and ``strip_ref`` too);
- lookups: calls into ``analysis/placed.py`` (``place`` and the record's lookups), where
  it is;
- frames: ``Transform.from_pose`` called from placement.py, a component's or link's frame;
- shapes: ``geometry.shape_solid``, a collision shape placed;
- prisms: ``geometry.prism``, a cylinder's or a wheel's prism built.

Then the analysis alone is timed, in CPU seconds of this process, best and median of
``--repeat`` runs. Run it from a checkout (``PYTHONPATH=$PWD``) to measure that checkout's
code; it prints figures and never passes or fails.

    python bench/placings.py [--programs diff_drive quad] [--repeat 7]
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from mobiledsl import pipeline
from mobiledsl.analysis import analyse

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = ROOT / "libraries" / "demo_parts"


def compiled(name: str):
    """(robot, world, task, the keyword arguments analyse takes) of a demo program."""
    d = ROOT / "programs" / name
    files = [d / f"{name}.{k}" for k in ("core", "world", "task")]
    result = pipeline.compile_program(*[f if f.exists() else None for f in files], [LIBRARY],
                                      check_only=True)
    walkers = {f"{lib.name}/{wid}": w for lib in result.libraries
               for wid, w in sorted((getattr(lib, "walkers", None) or {}).items())}
    return result.robot, result.world, result.task, ({"walkers": walkers} if walkers else {})


def counted(robot, world, task, extra) -> Counter:
    counts: Counter = Counter()

    def profile(frame, event, arg):
        if event != "call":
            return
        code = frame.f_code
        file, fn = code.co_filename, code.co_name
        if file.endswith("analysis/placement.py"):
            counts["placement"] += 1
        elif file.endswith("analysis/placed.py"):
            counts["lookups"] += 1
        elif file.endswith("analysis/geometry.py") and fn == "shape_solid":
            counts["placement"] += 1
            counts["shapes"] += 1
        elif file.endswith("analysis/geometry.py") and fn == "prism":
            counts["prisms"] += 1
        elif file.endswith("model/frames.py") and fn == "from_pose":
            caller = frame.f_back.f_code.co_filename if frame.f_back else ""
            counts["frames"] += caller.endswith("analysis/placement.py")

    sys.setprofile(profile)
    try:
        analyse(robot, world, task, **extra)
    finally:
        sys.setprofile(None)
    return counts


def timed(robot, world, task, extra, repeat: int) -> tuple[float, float]:
    analyse(robot, world, task, **extra)  # warm: the first run fills the process's caches
    runs = []
    for _ in range(repeat):
        start = time.process_time()
        analyse(robot, world, task, **extra)
        runs.append(time.process_time() - start)
    return min(runs), statistics.median(runs)


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--programs", nargs="*",
                    default=sorted(p.name for p in (ROOT / "programs").iterdir() if p.is_dir()))
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args(argv)
    columns = ("placement", "lookups", "frames", "shapes", "prisms")
    print(f"{'program':12s} " + " ".join(f"{k:>9s}" for k in columns)
          + f" {'best ms':>8s} {'median ms':>10s}")
    for name in args.programs:
        robot, world, task, extra = compiled(name)
        if robot is None:
            print(f"{name:12s} not assembled")
            continue
        c = counted(robot, world, task, extra)
        best, median = timed(robot, world, task, extra, args.repeat)
        print(f"{name:12s} " + " ".join(f"{c[k]:9d}" for k in columns)
              + f" {best * 1000:8.2f} {median * 1000:10.2f}")


if __name__ == "__main__":
    main()

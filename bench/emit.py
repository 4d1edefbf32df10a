"""How long the emission of a generated robot takes, target by target, in one process.

For each size (parts), the robot of bench/robotgen.py is checked once, then each target's
``emit`` runs ``--repeat`` times on the same records; the best time is printed in
milliseconds, with the writing of the XML and YAML text apart (the element trees are built
once and written again), so a change to one of them shows where it lands:

    python bench/emit.py [--sizes 10,100,1000] [--repeat 10]

The first emission in a process also pays for the targets' imports and first calls; this
bench leaves that out (bench/compile.py measures whole processes). It prints figures; it
never passes or fails on time.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from robotgen import write_project  # noqa: E402


def best(fn, repeat: int) -> float:
    fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return 1000 * min(times)


def trees(robot, world, task, analysis) -> list:
    """The element trees the targets hand to the XML writer, caught on their way."""
    import importlib
    from mobiledsl.targets import xmltext
    caught = []
    modules = [importlib.import_module(m) for m in ("mobiledsl.targets.mjcf",
                                                     "mobiledsl.targets.ros.urdf",
                                                     "mobiledsl.targets.ros.sdf")]

    def catch(root, *args, **kwargs):
        caught.append((root, args, kwargs))
        return xmltext.to_text(root, *args, **kwargs)
    for module in modules:
        module.to_text = catch
    try:
        from mobiledsl.targets.mjcf import emit as mjcf
        from mobiledsl.targets.ros import emit as ros
        mjcf(robot, world, task, analysis)
        ros(robot, world, task, analysis)
    finally:
        for module in modules:
            module.to_text = xmltext.to_text
    return caught


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10,100,1000")
    ap.add_argument("--repeat", type=int, default=10)
    args = ap.parse_args()
    from mobiledsl.blas import one_thread
    one_thread()
    from mobiledsl.pipeline import compile_program
    from mobiledsl.targets import xmltext
    from mobiledsl.targets.mjcf import emit as mjcf
    from mobiledsl.targets.ros import emit as ros
    from mobiledsl.targets.ros.config import bridge, nav2_params
    print("| parts | mjcf emit ms | ros-gz-nav2 emit ms | XML text of the three files ms "
          "| nav2 + bridge YAML ms |")
    print("|---|---|---|---|---|")
    with tempfile.TemporaryDirectory() as tmp:
        for n in (int(s) for s in args.sizes.split(",")):
            core, libs = write_project(Path(tmp) / f"p{n}", n)
            r = compile_program(core, None, None, libs, check_only=True)
            if r.analysis is None:
                print(f"| {n} | the check failed | | | |")
                continue
            records = (r.robot, r.world, r.task, r.analysis)
            caught = trees(*records)
            xml = best(lambda: [xmltext.to_text(root, *a, **k) for root, a, k in caught],
                       args.repeat)
            yaml = best(lambda: (nav2_params(r.robot, r.analysis, "map.yaml", r.task),
                                 bridge(r.robot)), args.repeat)
            print(f"| {n} | {best(lambda: mjcf(*records), args.repeat):.1f} | "
                  f"{best(lambda: ros(*records), args.repeat):.1f} | {xml:.1f} | {yaml:.1f} |")


if __name__ == "__main__":
    main()

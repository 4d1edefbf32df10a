"""`mobiledsl run` on every demo program: how many steps each reaches, and how fast MuJoCo
runs the task, as simulated seconds per wall-clock second (figures only: it never passes or fails).

For each programs/<name>/ with a .task, it runs the in-process ``run_program`` (compile to
mjcf, settle, execute every step, judge, write the report) into a temporary folder and times
the whole call and the simulation alone (everything after the model is written).

    python bench/run.py [--programs diff_bot,quad] [--keep DIR]

Prints a markdown table: program, chassis, steps reached, simulated s, wall s (run), wall s
(simulation only), and the two ratios.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from mobiledsl.run import program as run_module  # noqa: E402

LIBRARY = ROOT / "libraries" / "demo_parts"


def programs(only: set[str]) -> list[Path]:
    return [p for p in sorted((ROOT / "programs").iterdir())
            if (p / f"{p.name}.task").exists() and (not only or p.name in only)]


def timed_simulation():
    """Wrap the simulation so that its wall time is measured apart from compiling."""
    spent = {"s": 0.0}
    original = run_module._simulate

    def wrapped(*args, **kwargs):
        t0 = time.perf_counter()
        try:
            return original(*args, **kwargs)
        finally:
            spent["s"] += time.perf_counter() - t0
    run_module._simulate = wrapped
    return spent


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--programs", default="", help="comma-separated names (default: all)")
    ap.add_argument("--keep", help="write the outputs here instead of a temporary folder")
    args = ap.parse_args()
    only = {n for n in args.programs.split(",") if n}
    spent = timed_simulation()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        out_root = Path(args.keep) if args.keep else Path(tmp)
        for prog in programs(only):
            files = [prog / f"{prog.name}{ext}" for ext in (".core", ".world", ".task")]
            spent["s"] = 0.0
            t0 = time.perf_counter()
            result = run_module.run_program(files[0], files[1] if files[1].exists() else None,
                                            files[2], [LIBRARY], out_root / prog.name)
            wall = time.perf_counter() - t0
            report = result.report or {"steps": []}
            ok = sum(1 for s in report["steps"] if s["ok"])
            chassis = result.compiled.robot.chassis_type if result.compiled.robot else "?"
            rows.append((prog.name, chassis, f"{ok}/{len(report['steps'])}",
                         result.simulated_s, wall, spent["s"]))
    print("| program | chassis | steps reached | simulated s | wall s (run) | "
          "wall s (simulation) | sim s / wall s (run) | sim s / wall s (simulation) |")
    print("|---|---|---|---:|---:|---:|---:|---:|")
    for name, chassis, reached, sim, wall, simwall in rows:
        print(f"| {name} | {chassis} | {reached} | {sim:.1f} | {wall:.1f} | {simwall:.1f} | "
              f"{sim / wall:.2f} | {sim / simwall if simwall else 0:.2f} |")
    total_sim = sum(r[3] for r in rows)
    total_wall = sum(r[4] for r in rows)
    total_simwall = sum(r[5] for r in rows)
    print(f"| **all** | | {sum(int(r[2].split('/')[0]) for r in rows)}/"
          f"{sum(int(r[2].split('/')[1]) for r in rows)} | {total_sim:.1f} | {total_wall:.1f} | "
          f"{total_simwall:.1f} | {total_sim / total_wall:.2f} | "
          f"{total_sim / total_simwall if total_simwall else 0:.2f} |")


if __name__ == "__main__":
    main()

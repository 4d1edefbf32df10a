"""Hostile input through the command line: mutated programs and declarations, and bombs.

Runs ``mobiledsl.cli.main`` in-process (one worker process per chunk, so that a signal
would show as a dead worker rather than end the run) on:

- mutations of the demo programs' .core, .world and .task files (a number set to an extreme,
  text deleted, repeated or inserted, lines swapped, a byte flipped), checked with
  ``compile --check`` against the demo library (loaded once per worker);
- mutations of the demo library's component.yaml files, checked with ``library check`` on a
  library of that one part.

It prints, per language, the histogram of exit statuses (0w: status 0 with warnings, such
as a part left out of the library) and the count of internal errors,
tracebacks, warnings on stderr, dead workers and hangs (a case over ``--timeout`` seconds).
Then the time and peak memory (max RSS) of the big cases, each in a fresh process: 50 MB
files and 30,000 levels of nesting. Every case is reproducible: case ``i`` of a language
uses ``random.Random(f"{seed}:{language}:{i}")``. It never passes or fails on time.

    python bench/fuzz.py [--cases 10000] [--yaml-cases 5000] [--workers 2] [--seed 1]
                         [--only core,world,task,yaml,big]
"""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.fuzz.mutations import DSL_TOKENS, YAML_TOKENS, mutate  # noqa: E402

LIBRARY = ROOT / "libraries" / "demo_parts"
PROGRAMS = sorted(p for p in (ROOT / "programs").iterdir() if p.is_dir())

# -- one worker: a chunk of cases in-process ---------------------------------------------------
class Hang(Exception):
    pass


def _on_alarm(signum, frame):
    raise Hang()


def run_cli(argv: list[str], timeout: int) -> tuple[str, str]:
    """(outcome, stderr): the exit status, with "w" when it came with warnings only, or
    'hang' / 'raised'."""
    from mobiledsl import cli
    out, err = io.StringIO(), io.StringIO()
    signal.signal(signal.SIGALRM, _on_alarm)
    signal.alarm(timeout)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = str(cli.main(argv))
        if status == "0" and '"warnings":0' not in out.getvalue().replace(" ", ""):
            status = "0w"
    except Hang:
        status = "hang"
    except BaseException as exc:          # cli.main must never let one through
        status = "raised"
        err.write(f"Traceback: {type(exc).__name__}: {exc}\n")
    finally:
        signal.alarm(0)
    return status, err.getvalue()


def worker(language: str, start: int, count: int, seed: str, timeout: int) -> dict:
    import warnings
    warnings.simplefilter("default")       # every warning shows on (captured) stderr
    tally: Counter = Counter()
    flags: Counter = Counter()
    examples: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="mobiledsl-fuzz-") as tmp:
        tmp = Path(tmp)
        setup = _program_setup if language != "yaml" else _yaml_setup
        case = setup(tmp)
        for i in range(start, start + count):
            rng = random.Random(f"{seed}:{language}:{i}")
            argv = case(rng, language)
            status, err = run_cli(argv, timeout)
            tally[status] += 1
            for flag, found in (("internal error", "internal error" in err),
                                ("traceback", "Traceback" in err),
                                ("warning on stderr", "Warning" in err),
                                ("hang", status == "hang")):
                if found:
                    flags[flag] += 1
                    examples.setdefault(flag, f"case {i}: {err[-300:]}")
    return {"tally": dict(tally), "flags": dict(flags), "examples": examples}


def _program_setup(tmp: Path):
    """Mutate one file of a demo program; the library is loaded once per worker."""
    from mobiledsl import pipeline
    loaded = pipeline.load_libraries([str(LIBRARY)])
    pipeline.load_libraries = lambda dirs: loaded          # the programs are what varies

    def case(rng: random.Random, language: str) -> list[str]:
        program = rng.choice(PROGRAMS)
        folder = tmp / "p"
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir()
        files = {}
        for kind in ("core", "world", "task"):
            src = program / f"{program.name}.{kind}"
            if src.exists():
                text = src.read_text(encoding="utf-8")
                if kind == language:
                    text = mutate(text, rng, DSL_TOKENS)
                files[kind] = folder / f"{program.name}.{kind}"
                files[kind].write_bytes(text.encode("utf-8", "surrogatepass"))
        return ["compile", *(str(f) for f in files.values()), "--library", str(LIBRARY),
                "--check", "--diagnostics", "json"]
    return case


def _yaml_setup(tmp: Path):
    """Mutate one demo declaration in a library of that one part."""
    parts = sorted(p for p in (LIBRARY / "parts").iterdir() if (p / "component.yaml").exists())

    def case(rng: random.Random, language: str) -> list[str]:
        part = rng.choice(parts)
        lib = tmp / "lib"
        shutil.rmtree(lib, ignore_errors=True)
        shutil.copytree(part, lib / "parts" / part.name, symlinks=True)
        (lib / "library.yaml").write_text(f"name: fuzz\nparts: [{part.name}]\n")
        text = mutate((part / "component.yaml").read_text(encoding="utf-8"), rng, YAML_TOKENS)
        (lib / "parts" / part.name / "component.yaml").write_bytes(
            text.encode("utf-8", "surrogatepass"))
        return ["library", "check", str(lib), "--diagnostics", "json"]
    return case


# -- the parent: chunks to workers, then the big cases ----------------------------------------
def run_language(language: str, cases: int, workers: int, seed: str, timeout: int) -> dict:
    chunk = max(1, -(-cases // (workers * 4)))
    pending = [(s, min(chunk, cases - s)) for s in range(0, cases, chunk)]
    total = {"tally": Counter(), "flags": Counter(), "examples": {}, "dead workers": 0}
    running: list[tuple[subprocess.Popen, int, int]] = []
    while pending or running:
        while pending and len(running) < workers:
            s, n = pending.pop(0)
            proc = subprocess.Popen([sys.executable, __file__, "--worker", language, str(s),
                                     str(n), "--seed", seed, "--timeout", str(timeout)],
                                    stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            running.append((proc, s, n))
        proc, s, n = running.pop(0)
        out, err = proc.communicate()
        if proc.returncode != 0:
            total["dead workers"] += 1
            total["examples"].setdefault("dead worker", f"cases {s}..{s + n}: "
                                         f"status {proc.returncode} {err[-300:]}")
            continue
        part = json.loads(out)
        total["tally"].update(part["tally"])
        total["flags"].update(part["flags"])
        for k, v in part["examples"].items():
            total["examples"].setdefault(k, v)
    return total


BIG_CASES = {
    "50 MB block list": lambda: "vertices:\n" + "  - [0, 0, 0]\n" * (50_000_000 // 14),
    "50 MB flow list": lambda: "vertices: [" + "1, " * (50_000_000 // 3) + "1]\n",
    "15 MiB flow list (read to the value bound)":
        lambda: "vertices: [" + "1, " * (15 * 1024 * 1024 // 3) + "1]\n",
    "30,000-deep flow list": lambda: "a: " + "[" * 30_000 + "]" * 30_000 + "\n",
    "30,000-deep block list": lambda: "a:\n" + "- " * 30_000 + "x\n",
    "15 MiB string as a mass": lambda: ("schema_version: 1\nid: p\ncategory: sensor\n"
                                        "inertial: {mass: '" + "x" * (15 * 1024 * 1024)
                                        + "'}\n"),
    "100,000-digit number": lambda: ("schema_version: 1\nid: p\ncategory: sensor\n"
                                     "inertial: {mass: " + "1" * 100_000 + "}\n"),
}

_MEASURE = """
import resource, sys, time
sys.path.insert(0, {root!r})
from mobiledsl import cli
import contextlib, io
err = io.StringIO()
t = time.perf_counter()
with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
    status = cli.main(["library", "check", {lib!r}])
took = time.perf_counter() - t
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(status, round(took, 3), round(peak, 1), len(err.getvalue()))
"""


def run_big(timeout: int) -> list[tuple[str, str]]:
    rows = []
    with tempfile.TemporaryDirectory(prefix="mobiledsl-big-") as tmp:
        lib = Path(tmp) / "lib"
        (lib / "parts" / "p").mkdir(parents=True)
        (lib / "library.yaml").write_text("name: big\nparts: [p]\n")
        for name, make in BIG_CASES.items():
            (lib / "parts" / "p" / "component.yaml").write_text(make())
            size = (lib / "parts" / "p" / "component.yaml").stat().st_size
            try:
                done = subprocess.run([sys.executable, "-c",
                                       _MEASURE.format(root=str(ROOT), lib=str(lib))],
                                      capture_output=True, text=True, timeout=timeout * 6)
                if done.returncode != 0:
                    rows.append((name, f"{size:,} B | died with status {done.returncode}"))
                    continue
                status, took, peak, err_len = done.stdout.split()
                rows.append((name, f"{size:,} B | exit {status} | {took} s | "
                                   f"{peak} MiB peak | {int(err_len):,} chars of output"))
            except subprocess.TimeoutExpired:
                rows.append((name, f"{size:,} B | hang (over {timeout * 6} s)"))
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--yaml-cases", type=int, default=5_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--timeout", type=int, default=20)
    parser.add_argument("--only", default="core,world,task,yaml,big")
    parser.add_argument("--worker", nargs=3, metavar=("LANGUAGE", "START", "COUNT"))
    args = parser.parse_args(argv)
    if args.worker:
        language, start, count = args.worker
        print(json.dumps(worker(language, int(start), int(count), args.seed, args.timeout)))
        return 0
    only = args.only.split(",")
    print("| input | cases | exit statuses | internal errors | tracebacks | warnings on "
          "stderr | hangs | dead workers | seconds |")
    print("|---|---|---|---|---|---|---|---|---|")
    for language in ("core", "world", "task", "yaml"):
        if language not in only:
            continue
        cases = args.yaml_cases if language == "yaml" else args.cases
        t = time.perf_counter()
        total = run_language(language, cases, args.workers, args.seed, args.timeout)
        took = time.perf_counter() - t
        hist = ", ".join(f"{k}: {v}" for k, v in sorted(total["tally"].items()))
        f = total["flags"]
        print(f"| {language} | {cases} | {hist} | {f.get('internal error', 0)} | "
              f"{f.get('traceback', 0)} | {f.get('warning on stderr', 0)} | "
              f"{f.get('hang', 0)} | {total['dead workers']} | {took:.0f} |", flush=True)
        for k, v in total["examples"].items():
            print(f"    first {k}: {v!r}", flush=True)
    if "big" in only:
        print("\n| big case | size, exit, time, peak memory, output |\n|---|---|")
        for name, row in run_big(args.timeout):
            print(f"| {name} | {row} |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

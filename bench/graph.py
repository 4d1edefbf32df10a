"""The build graph at scale: full build, no-op build and one-part edit of a
generated matrix, against compiling every program from scratch.

Generates, in a temporary directory, a project of N programs (default 200) × the targets
the compiler has (mjcf, ros-gz-nav2; the legged programs leave ros-gz-nav2 out, as the
repository's pyproject.toml does):

- a library: a copy of libraries/demo_parts plus K variants of its lidar (``lidar_v00`` ...,
  each with its own mass and description), so that one part is used by a known subset;
- programs: renamed copies of the demo programs (``programs/*``), program i carrying lidar
  variant i mod K and its own intent line, with the demo program's world and task.

Then, in one run, it measures (wall-clock seconds, `doit -n J` in a subprocess):

1. the full build of an empty build/;
2. a no-op build (nothing changed);
3. a one-part edit: the mass of one lidar variant, which N/K programs carry;
4. the baseline: every program compiled from scratch, for every target, with the in-process
   pipeline (``mobiledsl.pipeline.compile_program``, which loads the library, parses,
   resolves, assembles, analyses and emits each program: what ``mobiledsl compile`` does
   without Python's start-up), and the command line ``python -m mobiledsl compile`` on a
   sample of programs, scaled to N.

5. with a remote cache (nginx with WebDAV PUT on 127.0.0.1, when nginx is installed): a
   clean checkout builds the whole matrix and fills the server, then a second clean checkout
   restores it from the server: the tasks restored of those the cache serves, and the time
   against the full build.

It prints the figures and ratios; it never passes or fails on time.

    python bench/graph.py [--programs 200] [--variants 20] [-j 2] [--cli-sample 10]
                          [--no-remote] [--keep DIR]
"""
from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

LIBRARY = "bench_parts"
TARGETS = ["mjcf", "ros-gz-nav2"]
LEGGED = ("quad",)              # demo programs the ROS target refuses (legged bases)
LIDAR = "lidar_ld06"


PYCACHE: str | None = None     # byte-code cache of the child processes (set in main)


def env() -> dict[str, str]:
    e = dict(os.environ)
    if PYCACHE:
        # Python start-up as people have it (byte code cached), kept out of the checkout
        e.pop("PYTHONDONTWRITEBYTECODE", None)
        e["PYTHONPYCACHEPREFIX"] = PYCACHE
    e["PYTHONPATH"] = os.pathsep.join([str(REPO)] + [p for p in
                                       e.get("PYTHONPATH", "").split(os.pathsep) if p])
    e["NO_COLOR"] = "1"
    e.pop("MOBILEDSL_CACHE", None)
    e.pop("MOBILEDSL_SHARD", None)
    return e


# -- the generated project ---------------------------------------------------------------------
def variant_id(k: int) -> str:
    return f"lidar_v{k:02d}"


def generate(root: Path, programs: int, variants: int) -> dict[str, list[str]]:
    """Write the project; returns {variant id: [programs that carry it]}."""
    lib = root / "libraries" / LIBRARY
    shutil.copytree(REPO / "libraries" / "demo_parts", lib)
    manifest = (lib / "library.yaml").read_text()
    manifest = re.sub(r"^name:\s*\S+", f"name: {LIBRARY}", manifest, count=1, flags=re.M)
    source = (lib / "parts" / LIDAR / "component.yaml").read_text()
    mass = re.search(r"^\s*mass:\s*([0-9.eE+-]+)", source, re.M)
    assert mass, "the demo lidar states no mass"
    extra = []
    for k in range(variants):
        pid = variant_id(k)
        text = source.replace(f"id: {LIDAR}", f"id: {pid}", 1)
        text = text.replace(mass.group(0), mass.group(0).replace(
            mass.group(1), f"{float(mass.group(1)) * (1 + 0.01 * k):.6g}"), 1)
        text = re.sub(r"^description:.*$", f"description: Lidar variant {k} for the graph "
                      "benchmark.", text, count=1, flags=re.M)
        shutil.copytree(lib / "parts" / LIDAR, lib / "parts" / pid,
                        ignore=shutil.ignore_patterns("component.yaml"))
        (lib / "parts" / pid / "component.yaml").write_text(text)
        extra.append(pid)
    manifest = re.sub(r"^parts:[^\n]*\n", lambda m: m.group(0) + "".join(
        f"  - {pid}\n" for pid in extra), manifest, count=1, flags=re.M)
    (lib / "library.yaml").write_text(manifest)

    demos = sorted(p.name for p in (REPO / "programs").iterdir()
                   if (p / f"{p.name}.core").is_file())
    users: dict[str, list[str]] = {variant_id(k): [] for k in range(variants)}
    for i in range(programs):
        base = demos[i % len(demos)]
        name = f"{base}_{i:04d}"
        src = REPO / "programs" / base
        dst = root / "programs" / name
        dst.mkdir(parents=True)
        core = (src / f"{base}.core").read_text()
        core = re.sub(rf"\bRobot\s+{base}\b", f"Robot {name}", core, count=1)
        core = re.sub(r'intent\s+"([^"]*)"', lambda m: f'intent "{m.group(1)} (copy {i})"',
                      core, count=1)
        variant = variant_id(i % variants)
        if f'"{LIDAR}"' in core:
            core = core.replace(f'"{LIDAR}"', f'"{variant}"')
            users[variant].append(name)
        (dst / f"{name}.core").write_text(core)
        for kind in ("world", "task"):
            if (src / f"{base}.{kind}").is_file():
                shutil.copy(src / f"{base}.{kind}", dst / f"{name}.{kind}")
    exclude = ", ".join(f'"{b}_*/ros-gz-nav2"' for b in LEGGED)
    (root / "pyproject.toml").write_text(
        '[project]\nname = "graph-bench"\nversion = "0"\n\n[tool.mobiledsl]\n'
        f'libraries = ["libraries/{LIBRARY}"]\nprograms = "programs/*"\n'
        f"targets = {json.dumps(TARGETS)}\nexclude = [{exclude}]\n")
    shutil.copy(REPO / "dodo.py", root / "dodo.py")
    return users


# -- measuring ---------------------------------------------------------------------------------
def doit(root: Path, jobs: int, cache: str | None = None) -> tuple[float, list[str], dict]:
    args = [sys.executable, "-m", "doit", "--reporter=json"]
    if jobs > 1:
        args += ["-n", str(jobs)]
    e = env()
    if cache:
        e["MOBILEDSL_CACHE"] = cache
    start = time.perf_counter()
    proc = subprocess.run(args, cwd=root, env=e, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr[-4000:])
        raise SystemExit(f"doit failed ({proc.returncode})")
    report = json.loads(proc.stdout)
    ran = [t["name"] for t in report["tasks"] if t["result"] in ("success", "fail")]
    return elapsed, ran, report


NOOP_RUNS = 3          # serial no-op builds compared per task: the best of these


def best_noop(root: Path) -> float:
    """The shortest of NOOP_RUNS serial no-op builds (the others ran with whatever else the
    machine was doing); fails when one of them ran a task."""
    times = []
    for _ in range(NOOP_RUNS):
        seconds, ran, _ = doit(root, 1)
        ran = [name for name in ran if ":" in name]     # not a plain graph's group task
        if ran:
            raise SystemExit(f"{root}: a no-op build ran {ran[:5]}")
        times.append(seconds)
    return min(times)


def program_files(root: Path, name: str) -> list[str]:
    d = root / "programs" / name
    return [str(d / f"{name}.{k}") if (d / f"{name}.{k}").is_file() else None
            for k in ("core", "world", "task")]


def targets_of(name: str) -> list[str]:
    return [t for t in TARGETS if not (t == "ros-gz-nav2" and name.startswith(LEGGED))]


def scratch_in_process(root: Path, names: list[str], out: Path) -> float:
    from mobiledsl.pipeline import compile_program
    lib = str(root / "libraries" / LIBRARY)
    start = time.perf_counter()
    for name in names:
        core, world, task = program_files(root, name)
        compile_program(core, world, task, [lib], targets_of(name), outdir=out / name)
    return time.perf_counter() - start


def scratch_cli(root: Path, names: list[str], out: Path) -> float:
    lib = str(root / "libraries" / LIBRARY)
    start = time.perf_counter()
    for name in names:
        files = [f for f in program_files(root, name) if f]
        args = [sys.executable, "-m", "mobiledsl", "compile", *files, "--library", lib,
                "-o", str(out / name)]
        for t in targets_of(name):
            args += ["--target", t]
        subprocess.run(args, cwd=root, env=env(), capture_output=True)
    return time.perf_counter() - start


# -- plain doit, for comparison ----------------------------------------------------------------
# Two graphs of plain doit tasks (a Python action each, doit's md5 checker, sqlite3 like the
# measured graph), measured no-op in the same run as the measured graph:
#
# - the same graph: a task for each task of the measured graph, with its name, its file_dep
#   (those doit saved, the dynamic ones included), its targets and its edges (task_dep and
#   calc_dep as task_dep). What the measured graph costs beyond it is what mobiledsl adds to
#   doit (content hashes, value checks, calc_dep, dodo.py's own work), not what the shape of
#   a build graph costs any doit graph;
# - a flat graph: as many tasks and file_dep, no edges (each task copies an input file).
PLAIN_CONFIG = ('{"dep_file": "build/.doit.db", "backend": "sqlite3", "verbosity": 0, '
                '"check_file_uptodate": "md5"}')

PLAIN_DODO = f"""\
import json
from pathlib import Path

SHAPE = json.loads(Path("shape.json").read_text())
DOIT_CONFIG = {PLAIN_CONFIG}


def copy(src, dst):
    Path(dst).parent.mkdir(parents=True, exist_ok=True)
    Path(dst).write_bytes(Path(src).read_bytes())


def task_step():
    for i, deps in enumerate(SHAPE):
        yield {{"name": str(i), "actions": [(copy, [deps[0], f"build/out/{{i}}"])],
               "file_dep": deps, "targets": [f"build/out/{{i}}"]}}
"""

SAME_DODO = f"""\
import json
from pathlib import Path

SHAPE = json.loads(Path("shape.json").read_text())      # basename -> its tasks
DOIT_CONFIG = {PLAIN_CONFIG}


def make(targets):
    for target in targets:
        Path(target).parent.mkdir(parents=True, exist_ok=True)
        Path(target).write_text(target + "\\n")


def creator(tasks):
    def create():
        for task in tasks:
            yield {{"name": task["name"], "actions": [(make, [task["targets"]])],
                   "file_dep": task["file_dep"], "targets": task["targets"],
                   "task_dep": task["task_dep"]}}
    return create


for basename, tasks in SHAPE.items():
    globals()["task_" + basename] = creator(tasks)
"""


def plain_graph(root: Path, tasks: int, deps: int) -> None:
    """A flat plain doit graph of ``tasks`` tasks with ``deps`` file_dep in all (as evenly
    shared as they go), one target each: every task copies a file."""
    (root / "in").mkdir(parents=True)
    (root / "build").mkdir()
    shape = []
    for i in range(tasks):
        per = max(1, deps // tasks + (1 if i < deps % tasks else 0))
        names = []
        for k in range(per):
            (root / "in" / f"{i}_{k}").write_text(f"input {i} {k}\n")
            names.append(f"in/{i}_{k}")
        shape.append(names)
    (root / "shape.json").write_text(json.dumps(shape))
    (root / "dodo.py").write_text(PLAIN_DODO)


def saved_deps(root: Path) -> dict[str, list[str]]:
    """task name -> the file_dep doit saved for it (the dynamic ones included)."""
    import sqlite3
    con = sqlite3.connect(root / "build" / ".doit.db")
    rows = con.execute("SELECT task_id, task_data FROM doit").fetchall()
    con.close()
    return {name: list(json.loads(data).get("deps:", []) or []) for name, data in rows}


def graph_shape(root: Path) -> dict[str, list[dict]]:
    """basename -> [{name, file_dep, targets, task_dep}] of every task a plain ``doit``
    checks in the graph at ``root`` (read after a build: the emit tasks exist then)."""
    import contextlib

    from mobiledsl.graph import Graph
    from mobiledsl.graph.tasks import NOT_DEFAULT
    saved = saved_deps(root)
    shape: dict[str, list[dict]] = {}
    with contextlib.chdir(root):
        graph = Graph(root)
        for basename in graph.basenames():
            if basename in NOT_DEFAULT:
                continue
            for task in graph.tasks(basename):
                if task.get("name") is None:
                    continue                                   # the group
                name = f"{basename}:{task['name']}"
                file_dep = saved.get(name) or list(task.get("file_dep", []))
                own = len(file_dep)
                if not file_dep and basename == "emit":
                    # checked by value here; a plain task needs a file_dep: its blob
                    file_dep = [task["actions"][0][1][0]]
                shape.setdefault(basename, []).append({
                    "name": task["name"], "file_dep": file_dep, "own": own,
                    "targets": list(task.get("targets", [])),
                    "task_dep": list(task.get("task_dep", [])) + list(task.get("calc_dep", []))})
    return shape


def same_graph(root: Path, shape: dict[str, list[dict]]) -> None:
    """The plain doit graph of ``shape``: the inputs no task writes are files of their own."""
    made = {t for tasks in shape.values() for task in tasks for t in task["targets"]}
    for tasks in shape.values():
        for task in tasks:
            for dep in task["file_dep"]:
                if dep not in made:
                    made.add(dep)
                    (root / dep).parent.mkdir(parents=True, exist_ok=True)
                    (root / dep).write_text(f"input {dep}\n")
    (root / "build").mkdir(exist_ok=True)
    (root / "shape.json").write_text(json.dumps(shape))
    (root / "dodo.py").write_text(SAME_DODO)


CACHED = ("resolve", "assemble", "analyse", "emission")   # the tasks the cache serves


def remote_cache_run(root: Path, programs: int, variants: int, jobs: int,
                     full_s: float) -> None:
    """Two clean checkouts of the same matrix sharing one nginx: the first fills it, the
    second restores from it."""
    from tests.graph.nginx import Nginx
    if not Nginx.available():
        print("remote cache:    skipped (nginx is not installed)", flush=True)
        return
    server = Nginx(root / "nginx").start()
    try:
        url = f"{server.url}/cache/bench"
        times = []
        for checkout in ("remote-1", "remote-2"):
            generate(root / checkout, programs, variants)
            seconds, _, report = doit(root / checkout, jobs, cache=url)
            cached = [t for t in report["tasks"]              # not the groups ("resolve")
                      if ":" in t["name"] and t["name"].split(":", 1)[0] in CACHED]
            restored = [t for t in cached if "restored from the artifact cache" in t["out"]]
            times.append(seconds)
            print(f"remote cache, {checkout}: {seconds:8.2f} s  (restored {len(restored)} of "
                  f"{len(cached)} cached tasks)", flush=True)
        print(f"  second checkout / full build without a cache: {times[1] / full_s:7.1%}",
              flush=True)
        print(f"  second checkout / first (which built and filled the server): "
              f"{times[1] / times[0]:.1%}", flush=True)
    finally:
        server.stop()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--programs", type=int, default=200)
    parser.add_argument("--variants", type=int, default=20,
                        help="lidar variants; one edited part is carried by N/K programs")
    parser.add_argument("-j", "--jobs", type=int, default=2, help="doit -n (default 2)")
    parser.add_argument("--cli-sample", type=int, default=10,
                        help="programs compiled with the command line, scaled to N")
    parser.add_argument("--no-remote", action="store_true",
                        help="leave out the run against a remote cache (nginx)")
    parser.add_argument("--keep", metavar="DIR", help="generate here and keep it")
    args = parser.parse_args(argv)

    tmp = None
    if args.keep:
        root = Path(args.keep).resolve()
        if root.exists():
            shutil.rmtree(root)
        root.mkdir(parents=True)
    else:
        tmp = tempfile.TemporaryDirectory(prefix="mobiledsl-graph-")
        root = Path(tmp.name)
    global PYCACHE
    PYCACHE = str(root / ".pycache")
    try:
        users = generate(root, args.programs, args.variants)
        names = sorted(p.name for p in (root / "programs").iterdir())
        cells = sum(len(targets_of(n)) for n in names)
        print(f"matrix: {len(names)} programs x {TARGETS} = {cells} cells "
              f"(doit -n {args.jobs}; wall-clock seconds)", flush=True)

        full_s, full_ran, _ = doit(root, args.jobs)
        print(f"full build:      {full_s:8.2f} s  ({len(full_ran)} tasks)", flush=True)
        noop_s, noop_ran, report = doit(root, args.jobs)
        noop1_s = best_noop(root)
        print(f"no-op build:     {noop_s:8.2f} s  ({len(noop_ran)} tasks ran; serial, the "
              f"best of {NOOP_RUNS}: {noop1_s:.2f} s)", flush=True)
        n_tasks = sum(1 for t in report["tasks"] if ":" in t["name"])
        shape = graph_shape(root)
        n_deps = sum(t["own"] for tasks in shape.values() for t in tasks)
        same = root / "plain-same"
        same_graph(same, shape)
        doit(same, args.jobs)
        same_s = best_noop(same)
        flat = root / "plain"
        plain_graph(flat, n_tasks, n_deps)
        doit(flat, 1)
        plain_s = best_noop(flat)
        print(f"plain doit, the same graph ({n_tasks} tasks and their edges), no-op: "
              f"{same_s:8.2f} s", flush=True)
        print(f"plain doit, flat ({n_tasks} tasks, {n_deps} file_dep, no edges), no-op: "
              f"{plain_s:8.2f} s", flush=True)
        per_task = noop1_s / n_tasks * 1000
        same_per_task = same_s / n_tasks * 1000
        plain_per_task = plain_s / n_tasks * 1000

        def edit(parts: list[str]) -> tuple[float, int, list[str]]:
            for part in parts:
                yaml = root / "libraries" / LIBRARY / "parts" / part / "component.yaml"
                text = yaml.read_text()
                m = re.search(r"^(\s*mass:\s*)([0-9.eE+-]+)", text, re.M)
                yaml.write_text(text[:m.start(2)] + f"{float(m.group(2)) * 1.5:.6g}"
                                + text[m.end(2):])
            seconds, ran, _ = doit(root, args.jobs)
            touched = sorted({n.split(":", 1)[1].split("/", 1)[0] for n in ran
                              if n.split(":", 1)[0] in ("resolve", "assemble", "analyse")})
            expected = sorted(p for part in parts for p in users[part])
            if touched != expected:
                print(f"  ! the edit reached {sorted(set(touched) ^ set(expected))} "
                      "unexpectedly", flush=True)
            return seconds, len(ran), touched

        one = [variant_id(3 % args.variants)]
        two = [variant_id(k % args.variants) for k in (5, 6)] if args.variants > 2 else one
        edit_s, edit_tasks, edit_progs = edit(one)
        print(f"one-part edit:   {edit_s:8.2f} s  ({one[0]}: carried by {len(edit_progs)} of "
              f"{len(names)} programs; {edit_tasks} tasks ran)", flush=True)
        edit2_s, edit2_tasks, edit2_progs = edit(two)
        print(f"two-part edit:   {edit2_s:8.2f} s  ({' and '.join(two)}: carried by "
              f"{len(edit2_progs)} programs; {edit2_tasks} tasks ran)", flush=True)
        n_users = len(edit_progs)

        out = root / "scratch"
        inproc_s = scratch_in_process(root, names, out / "inproc")
        print(f"from scratch, in-process pipeline, every program: {inproc_s:8.2f} s",
              flush=True)
        sample = names[:: max(1, len(names) // max(1, args.cli_sample))][:args.cli_sample]
        cli_sample_s = scratch_cli(root, sample, out / "cli") if sample else 0.0
        cli_s = cli_sample_s * len(names) / max(1, len(sample))
        print(f"from scratch, `python -m mobiledsl compile` x {len(sample)} programs: "
              f"{cli_sample_s:.2f} s, scaled to {len(names)}: {cli_s:.2f} s", flush=True)

        print()
        print("ratios")
        print(f"  no-op / full build:                  {noop_s / full_s:7.1%}"
              f"   (goal <= 2 %; serial no-op {noop1_s / full_s:.1%})")
        print(f"  no-op per task, serial:              {per_task:7.3f} ms"
              f"   (plain doit, the same graph: {same_per_task:.3f} ms, "
              f"{per_task / same_per_task:.2f}x; flat: {plain_per_task:.3f} ms, "
              f"{per_task / plain_per_task:.2f}x; goal <= 1.5x)")
        share = n_users / len(names)
        print(f"  one-part edit / full build:          {edit_s / full_s:7.1%}"
              f"   (programs carrying the part: {share:.1%})")
        print(f"  (edit - no-op) / (full - no-op):     "
              f"{(edit_s - noop_s) / max(1e-9, full_s - noop_s):7.1%}")
        if len(edit2_progs) > n_users:
            per = (edit2_s - edit_s) / (len(edit2_progs) - n_users)
            fixed = edit_s - noop_s - per * n_users
            print(f"  an edit costs: the no-op {noop_s:.2f} s + {fixed:.2f} s once (the phases'"
                  f" imports in each worker) + {per:.2f} s per program carrying the part "
                  f"(full build: {(full_s - noop_s) / len(names):.2f} s per program)")
        print(f"  full build vs in-process scratch:    {inproc_s / full_s:7.2f}x faster")
        print(f"  full build vs CLI scratch:           {cli_s / full_s:7.2f}x faster")
        print(f"  one-part edit vs in-process scratch: {inproc_s / edit_s:7.2f}x faster")
        print(f"  one-part edit vs CLI scratch:        {cli_s / edit_s:7.2f}x faster")
        print(f"  no-op vs in-process scratch:         {inproc_s / noop_s:7.2f}x faster")
        if not args.no_remote:
            print()
            remote_cache_run(root, args.programs, args.variants, args.jobs, full_s)
    finally:
        if tmp is not None:
            tmp.cleanup()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

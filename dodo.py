"""mobiledsl's build graph (D13): `doit` builds every cell of [tool.mobiledsl].

    doit                       build everything that is out of date
    doit build:<prog>/<target> build one cell (build:<prog> one program) and what it needs
    doit list                  the tasks by phase (list --all: every task)
    doit --reporter=json       what ran, as JSON ("result": "success" / "up-to-date")
    doit shard=2/4             build the 2nd of 4 shares of the programs (CI runners)
    doit clean                 delete what the tasks wrote

MOBILEDSL_CACHE=<dir> restores outputs from a content-addressed artifact store (docs/ci.md);
MOBILEDSL_SHARD=I/N is the same as shard=I/N.

The project root is this file's directory; outputs and doit's database (sqlite3) go to
build/. The tasks come from mobiledsl.build (see docs/build.md); a phase whose module is not
written yet has no tasks.
"""
import os
import sys
from pathlib import Path

from doit import create_after, get_var

from mobiledsl.build import Graph, MatrixError

try:
    GRAPH = Graph(Path(__file__).resolve().parent,
                  shard=get_var("shard") or os.environ.get("MOBILEDSL_SHARD"))
except MatrixError as exc:
    sys.exit(f"mobiledsl: {exc}")

DOIT_CONFIG = GRAPH.doit_config()

if GRAPH.has("manifest"):
    def task_manifest():
        """Read each library's library.yaml into build/<library>/library.json."""
        yield from GRAPH.manifest_tasks()

if GRAPH.has("load"):
    def task_load():
        """Load each registered part into build/<library>/parts/<id>.json."""
        yield from GRAPH.load_tasks()

if GRAPH.has("walker"):
    def task_walker():
        """Load each registered walker into build/<library>/walkers/<id>.json."""
        yield from GRAPH.walker_tasks()

if GRAPH.has("parse"):
    def task_parse():
        """Parse each program into build/<program>/records/parse.json."""
        yield from GRAPH.parse_tasks()

if GRAPH.has("resolve"):
    def task_refs():
        """Find the parts each program names (calc_dep)."""
        yield from GRAPH.refs_tasks()

    def task_deps():
        """Add what those parts name in turn (calc_dep of resolve)."""
        yield from GRAPH.deps_tasks()

    def task_resolve():
        """Resolve each program against the parts it names."""
        yield from GRAPH.resolve_tasks()

if GRAPH.has("assemble"):
    def task_assemble():
        """Assemble each resolved program into a robot."""
        yield from GRAPH.assemble_tasks()

if GRAPH.has("analyse"):
    def task_analyse():
        """Analyse each assembled robot."""
        yield from GRAPH.analyse_tasks()

if GRAPH.has("emission"):
    def task_emission():
        """Run each target's emit for each program."""
        yield from GRAPH.emission_tasks()

    @create_after(executed="emission")
    def task_emit():
        """Write each emitted file into build/<program>/<target>/."""
        yield from GRAPH.emit_tasks()

    def task_assets():
        """Copy the asset directories each emission names."""
        yield from GRAPH.assets_tasks()

if GRAPH.has("build"):
    def task_build():
        """build:<program>/<target> builds one cell alone; build:<program> one program."""
        yield from GRAPH.build_tasks()

if GRAPH.has("build"):
    # `run` is a doit command, so the creator has another name and its tasks the basename
    def task_run_tasks():
        """run:<program> runs the program's task in MuJoCo on its mjcf cell (not default)."""
        from mobiledsl.run.graphtask import run_tasks
        yield from run_tasks(GRAPH)

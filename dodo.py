"""mobiledsl's build graph (D13): `doit` builds every cell of [tool.mobiledsl].

    doit                       build everything that is out of date
    doit list --all            every task: load:<library>/<part>, parse:<program>, ...
    doit --reporter=json       what ran, as JSON ("result": "success" / "up-to-date")
    doit clean                 delete what the tasks wrote

The project root is this file's directory; outputs and doit's database (sqlite3) go to
build/. The tasks come from mobiledsl.build (see docs/build.md); a phase whose module is not
written yet has no tasks.
"""
from pathlib import Path

from doit import create_after

from mobiledsl.build import Graph

GRAPH = Graph(Path(__file__).resolve().parent)

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

"""mobiledsl's build graph: `doit` builds every cell of [tool.mobiledsl].

    doit                       build everything that is out of date
    doit build:<prog>/<target> build one cell (build:<prog> one program) and what it needs
    doit sim:<prog>            run the program's task in MuJoCo (doit sim: every program)
    doit list                  the tasks by phase (list --all: every task)
    doit --reporter=json       what ran, as JSON ("result": "success" / "up-to-date")
    doit shard=2/4             build the 2nd of 4 shares of the programs (CI runners)
    doit clean                 delete what the tasks wrote

MOBILEDSL_CACHE=<dir> restores outputs from a content-addressed artifact store (docs/ci.md);
MOBILEDSL_SHARD=I/N is the same as shard=I/N.

The project root is this file's directory; outputs and doit's database (sqlite3) go to
build/. The tasks come from mobiledsl.graph (see docs/build.md).
"""
import os
import sys
from pathlib import Path

from doit import create_after, get_var

from mobiledsl.graph import Graph, MatrixError

try:
    GRAPH = Graph(Path(__file__).resolve().parent,
                  shard=get_var("shard") or os.environ.get("MOBILEDSL_SHARD"))
except MatrixError as exc:
    sys.exit(f"mobiledsl: {exc}")

DOIT_CONFIG = GRAPH.doit_config()

# One task creator per kind of task, in pipeline order (doit lists them by the line they are
# on); GRAPH.tasks(<kind>) makes the tasks, and a kind the matrix has nothing for is dropped.
def task_manifest(): return GRAPH.tasks("manifest")                   # noqa: E704
def task_load(): return GRAPH.tasks("load")                           # noqa: E704
def task_walker(): return GRAPH.tasks("walker")                       # noqa: E704
def task_parse(): return GRAPH.tasks("parse")                         # noqa: E704
def task_refs(): return GRAPH.tasks("refs")                           # noqa: E704
def task_deps(): return GRAPH.tasks("deps")                           # noqa: E704
def task_resolve(): return GRAPH.tasks("resolve")                     # noqa: E704
def task_assemble(): return GRAPH.tasks("assemble")                   # noqa: E704
def task_analyse(): return GRAPH.tasks("analyse")                     # noqa: E704
def task_emission(): return GRAPH.tasks("emission")                   # noqa: E704
@create_after(executed="emission")                                   # noqa: E302
def task_emit(): return GRAPH.tasks("emit")                           # noqa: E704
def task_assets(): return GRAPH.tasks("assets")                       # noqa: E704
def task_view(): return GRAPH.tasks("view")                           # noqa: E704
# build:<program>[/<target>] is made only when one is named (a plain `doit` checks none)
@create_after()                                                      # noqa: E302
def task_build(): return GRAPH.tasks("build")                         # noqa: E704


# sim:<program> runs a program's task in MuJoCo (not `run`: doit owns that command word)
def task_sim(): return GRAPH.tasks("sim")                             # noqa: E704


for _name in GRAPH.unused(globals()):
    del globals()[_name]

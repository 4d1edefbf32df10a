"""The build graph (docs/build.md): doit tasks over the matrix [tool.mobiledsl] names.

``dodo.py`` at the project root builds a ``Graph`` and hands its generators to doit; the
phases themselves stay pure (they know nothing of doit). See ``docs/build.md``.

- ``matrix``: reads [tool.mobiledsl] from pyproject.toml.
- ``tasks``: the task generators, one task per phase instance.
- ``actions``: what each task runs (read records, call a phase, write a record).
- ``hashing``: the xxhash file checker doit uses, tree and code fingerprints.
- ``layout``: where everything lives under build/.
- ``cache``: the content-addressed artifact store CI restores outputs from.
- ``state``: a damaged doit database, temporary files a killed build left.
- ``reporter``: the default doit reporter (progress, a table of the matrix).
- ``watch``: ``mobiledsl watch``, re-running the graph on save.

The names below are imported when first used, so that ``mobiledsl`` (which imports the
``watch`` subcommand's module) does not pay for doit and the graph on every command.
"""

from __future__ import annotations

from .. import blas

blas.one_thread()  # the build tool's process: before anything imports numpy

import importlib  # noqa: E402

__all__ = ["Graph", "Matrix", "MatrixError", "Program", "XxhashChecker", "read_matrix"]

_WHERE = {
    "Graph": "tasks",
    "Matrix": "matrix",
    "MatrixError": "matrix",
    "Program": "matrix",
    "read_matrix": "matrix",
    "XxhashChecker": "hashing",
}


def __getattr__(name: str):
    if name in _WHERE:
        return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

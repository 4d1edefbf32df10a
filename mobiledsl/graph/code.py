"""Which compiler code each task runs, derived from the code itself.

A task is out of date when any module its phase could execute changed. That set is the
import closure of the phase's functions: the modules the function imports, every module
those import (anywhere in the file, a lazy import inside a function included), and the
packages above each (importing ``mobiledsl.model.vocabulary`` runs
``mobiledsl/model/__init__.py`` first). The phase table is one exception: its run
functions import their phase in their body, and each counts only for its own phase. The
table of functions compiled ahead (``precompiled_table``) is the other: it holds texts the
modules that write them make, so those modules count for it.

Reading the imports means parsing every module; the result is kept by each file's stat and
content hash (a file's stat is trusted only once the file is older than
``hashing.RACY_SECONDS``) in ``build/.code.json`` and beside the package's byte code
(``__pycache__/graph-imports.json``, shared by every project the checkout builds), so a
build that finds the compiler unchanged parses nothing.
A data file (a template) counts as part of the package whose folder holds it.
"""

from __future__ import annotations

import ast
import json
import os
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

import xxhash

from ..records import write_atomic
from .hashing import _trusted_mtime, hash_bytes

PACKAGE_DIR = Path(__file__).resolve().parent.parent  # .../mobiledsl
PACKAGE = PACKAGE_DIR.name
TABLE = f"{PACKAGE}.phases"  # whose functions count one phase each
# The functions compiled ahead hold only texts the modules that write them make (an edited
# record class is in its own module): a task counts those modules, not the table, so that
# one record's edit does not make every task out of date through the table.
AHEAD = f"{PACKAGE}.precompiled_table"
FORMAT = 1
SHARED_CACHE = PACKAGE_DIR / "__pycache__" / "graph-imports.json"


def module_name(rel: str) -> str:
    """``lang/parser.py`` -> ``mobiledsl.lang.parser``;
    ``lang/__init__.py`` -> ``mobiledsl.lang``."""
    parts = [PACKAGE] + rel[: -len(".py")].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(nodes: Iterable[ast.AST], module: str, is_package: bool) -> list[str]:
    """The mobiledsl names the import statements among ``nodes`` bring in: each imported
    module, and for ``from X import y`` also ``X.y`` (kept only if it is a module)."""
    found: set[str] = set()
    package = module if is_package else module.rpartition(".")[0]
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                where = ".".join(base + ([node.module] if node.module else []))
            else:
                where = node.module or ""
            found.add(where)
            found.update(f"{where}.{alias.name}" for alias in node.names)
    return sorted(n for n in found if n == PACKAGE or n.startswith(PACKAGE + "."))


_BODIES = ("body", "orelse", "finalbody", "handlers", "cases")


def _statements(nodes: list) -> Iterator[ast.AST]:
    """Every statement in ``nodes`` and in the blocks nested in them: an import is a
    statement, so expressions (most of a module's nodes) need no visit."""
    for node in nodes:
        yield node
        for name in _BODIES:
            inner = getattr(node, name, None)
            if isinstance(inner, list):
                yield from _statements(inner)


def scan(source: bytes, module: str, is_package: bool) -> dict:
    """The imports of a module: ``all`` of them, those at ``top`` level, and those in the
    body of each top-level ``functions``."""
    tree = ast.parse(source)
    top = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
    functions = {
        n.name: _imports(_statements(n.body), module, is_package)
        for n in tree.body
        if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))
    }
    return {
        "all": _imports(_statements(tree.body), module, is_package),
        "top": _imports(top, module, is_package),
        "functions": functions,
    }


class CodeIndex:
    """Every file of the package: its content hash and, for a module, its imports."""

    def __init__(self, cache: str | os.PathLike | None = None, shared: bool = True):
        self.caches = ([Path(cache)] if cache is not None else []) + (
            [SHARED_CACHE] if shared else []
        )
        self.hashes: dict[str, str] = {}  # module name or data file rel -> hash
        self.scans: dict[str, dict] = {}  # module name -> scan()
        self.data: dict[str, list[str]] = {}  # package -> its data files (rel)
        self._read()

    def _read(self) -> None:
        old: dict[str, list] = {}
        read_from = None
        for cache in self.caches:
            try:
                saved = json.loads(cache.read_text())
            except (OSError, ValueError):
                continue
            if isinstance(saved, dict) and saved.get("format") == FORMAT:
                old, read_from = saved.get("files", {}), cache
                break
        new: dict[str, list] = {}
        reused = 0  # entries taken from the cache as they were
        for dirpath, dirnames, filenames in os.walk(PACKAGE_DIR):
            dirnames[:] = sorted(d for d in dirnames if d != "__pycache__")
            for name in sorted(filenames):
                if name.endswith((".pyc", ".pyo")):
                    continue
                path = os.path.join(dirpath, name)
                rel = os.path.relpath(path, PACKAGE_DIR).replace(os.sep, "/")
                new[rel] = self._entry(path, rel, old.get(rel))
                reused += new[rel] is old.get(rel)
        for rel, (_, _, digest, found) in new.items():
            if rel.endswith(".py"):
                module = module_name(rel)
                self.hashes[module] = digest
                self.scans[module] = found
            else:
                self.hashes[rel] = digest
                self.data.setdefault(self._owner(rel), []).append(rel)
        if read_from == self.caches[0] and reused == len(new) == len(old):
            return  # the compiler is as its cache says
        text = json.dumps({"format": FORMAT, "files": new}, sort_keys=True) + "\n"
        for cache in self.caches:
            try:
                write_atomic(cache, text)  # untouched when the same
            except OSError:
                pass  # a read-only install: parse next time

    @staticmethod
    def _entry(path: str, rel: str, previous: list | None) -> list:
        st = os.stat(path)
        if (
            previous
            and previous[0] is not None
            and previous[0] == st.st_mtime_ns
            and previous[1] == st.st_size
        ):
            return previous
        data = Path(path).read_bytes()
        found = None
        if rel.endswith(".py"):
            try:
                found = scan(data, module_name(rel), rel.endswith("__init__.py"))
            except SyntaxError:  # the import fails anyway; hash it all the same
                found = {"all": [], "top": [], "functions": {}}
        return [_trusted_mtime(st), st.st_size, hash_bytes(data), found]

    @staticmethod
    def _owner(rel: str) -> str:
        """The package a data file belongs to: the nearest folder above it with a module."""
        folder = PACKAGE_DIR / rel
        while True:
            folder = folder.parent
            if (folder / "__init__.py").is_file() or folder == PACKAGE_DIR:
                return (
                    module_name(
                        str(folder.relative_to(PACKAGE_DIR) / "__init__.py").replace(os.sep, "/")
                    )
                    if folder != PACKAGE_DIR
                    else PACKAGE
                )

    def function_imports(self, module: str, function: str) -> list[str]:
        return self.scans.get(module, {}).get("functions", {}).get(function, [])

    def closure(self, roots: Iterable[str]) -> set[str]:
        """Every module importing ``roots`` runs, packages above each included."""
        seen: set[str] = set()
        stack = list(roots)
        while stack:
            name = stack.pop()
            if name not in self.scans or name in seen or name == AHEAD:
                continue
            seen.add(name)
            parent = name.rpartition(".")[0]
            if parent:
                stack.append(parent)
            found = self.scans[name]
            stack.extend(found["top"] if name == TABLE else found["all"])
        return seen

    def fingerprint(self, functions: Iterable[Callable], modules: Iterable[str] = ()) -> str:
        """One hash of the code ``functions`` (each with its own imports) and ``modules``
        can run."""
        roots = set(modules)
        for func in functions:
            roots.add(func.__module__)
            roots.update(self.function_imports(func.__module__, func.__name__))
        h = xxhash.xxh3_128()
        for name in sorted(self.closure(roots)):
            h.update(f"{name}={self.hashes[name]}\n".encode())
            for rel in self.data.get(name, ()):
                h.update(f"{rel}={self.hashes[rel]}\n".encode())
        return h.hexdigest()

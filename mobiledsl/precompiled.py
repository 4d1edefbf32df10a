"""Functions the package writes as text (a record class's ``__init__``, a schema table's
reader), compiled ahead of the run.

Compiling that text is about an eighth of a small compile's instructions: a hundred short
functions parsed and compiled in every fresh process. ``precompiled_table.py`` holds every
such text the package writes, each as a function that makes the written function from the
names the text reads; Python byte-compiles that module once, as any other. ``define`` takes
a text from the table when it is there and compiles it otherwise, so a table that is not up
to date is slower, never wrong (tests/test_precompiled.py keeps it up to date and checks that
each entry is the text it stands for).

    python -m mobiledsl.precompiled      # writes mobiledsl/precompiled_table.py again
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

TABLE = os.path.join(os.path.dirname(__file__), "precompiled_table.py")
_TABLE_MODULE = f"{__package__}.precompiled_table"


def define(source: str, scope: dict[str, Any], name: str, filename: str) -> Callable:
    """The function ``name`` that ``source`` defines, reading the other names it uses
    from ``scope`` (as ``exec(source, scope)`` would)."""
    maker = _makers().get(source)
    if maker is not None:
        return maker(scope)
    made: dict[str, Any] = {}
    exec(compile(source, filename, "exec"), scope, made)
    return made[name]


def _makers() -> dict[str, Callable[[dict[str, Any]], Callable]]:
    """The table, when its byte code is at hand (read, or written by this import for the
    runs after); else none. A Python told not to write byte code and holding none for the
    table would compile all of it, several times the texts one run writes."""
    if _TABLE_MODULE not in sys.modules and sys.dont_write_bytecode:
        from importlib.util import cache_from_source

        if not os.path.exists(cache_from_source(TABLE)):
            return {}
    from .precompiled_table import MAKERS

    return MAKERS


# -- writing the table ------------------------------------------------------------------


def sources() -> Iterator[tuple[str, dict[str, Any], str]]:
    """Every (text, scope, name) the package writes: each record class's ``__init__`` and
    each schema table's reader, with every module imported."""
    import importlib
    import pkgutil

    import mobiledsl

    for info in pkgutil.walk_packages(mobiledsl.__path__, "mobiledsl."):
        if info.name.endswith("__main__"):
            continue  # the command itself
        importlib.import_module(info.name)
    from . import recordtype
    from .library import schema

    classes = {
        c
        for c in (*recordtype.RECORDS, *recordtype.MUTABLE_RECORDS)
        if c.__module__.startswith("mobiledsl.")
    }
    for cls in sorted(classes, key=lambda c: (c.__module__, c.__qualname__)):
        written = recordtype.init_source(cls)
        if written is not None:
            yield written[0], written[1], "__init__"
    for block in schema.all_blocks():
        if block.check is None:
            source, names = schema.reader_source(block)
            yield source, names, "read"


def maker_text(number: int, source: str, scope: dict[str, Any], name: str) -> str:
    """The maker of one text: a function that binds the names the text reads from the
    scope, then defines the text's function inside it (the names become its closure)."""
    code = compile(source, "<text>", "exec")
    used = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            used |= set(const.co_names)
    bound = sorted(k for k in scope if k in used and k != name and k.isidentifier())
    lines = [f"def _{number}(__names):"]
    lines += [f"    {k} = __names[{k!r}]" for k in bound]
    lines += [f"    {line}" if line else "" for line in source.splitlines()]
    lines.append(f"    return {name}")
    return "\n".join(lines) + "\n"


def table_text() -> str:
    """The text of precompiled_table.py for the package as it is."""
    seen: dict[str, int] = {}
    makers = []
    for source, scope, name in sources():
        if source in seen:
            continue
        seen[source] = len(seen)
        makers.append(maker_text(seen[source], source, scope, name))
    head = (
        '"""Written by ``python -m mobiledsl.precompiled``; do not edit. Each function makes\n'
        'one function the package writes as text (see mobiledsl/precompiled.py)."""\n'
    )
    entries = "".join(f"    {source!r}: _{n},\n" for source, n in seen.items())
    return head + "\n\n" + "\n\n".join(makers) + "\n\nMAKERS = {\n" + entries + "}\n"


def main() -> int:
    text = table_text()  # (made with the table as it is, which this run reads)
    partial = TABLE + ".partial"
    with open(partial, "w", encoding="utf-8") as out:
        out.write(text)
    os.replace(partial, TABLE)
    print(f"wrote {TABLE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

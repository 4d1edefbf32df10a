"""The program languages: lexer, parser and syntax tree of ``.core``, ``.world`` and ``.task``.

``parse_core/parse_world/parse_task(text, file) -> (tree or None, diagnostics)``; the tree
types live in ``mobiledsl.lang.ast``; every code is listed in ``mobiledsl.lang.codes``.
"""

from .parser import parse_core, parse_task, parse_world

__all__ = ["parse_core", "parse_world", "parse_task"]

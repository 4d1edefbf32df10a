"""A faster way to the same tree ``mobiledsl.yamlio.read_yaml`` gives, for the common file.

``read_yaml`` composes through ruamel.yaml's YAML(typ="safe"), which resolves a YAML tag
for every value only for yamlio to ignore the tags, then walks the graph twice. Loading a
library reads one small file per part, so that dominates. ``plainyaml`` reads the file
written the common way; what it declines, ``eventyaml`` builds from libyaml's parse events
(PyYAML imported then); anything else, and any exception, falls back to ``read_yaml``, so
every other diagnostic comes from the one reader. ``tests/library/test_fastyaml.py`` checks
that they give identical trees. Neither function raises for any input.
"""
from __future__ import annotations

from ..diagnostics import Diagnostic, Span, error, excerpt
from ..yamlio import YNode, read_yaml
from .plainyaml import read_plain


def read_yaml_fast(source: str | bytes, file: str) -> tuple[YNode | None, list[Diagnostic]]:
    """Exactly ``read_yaml(source, file)``, faster for plain files."""
    try:
        text = source.decode("utf-8") if isinstance(source, bytes) else source
        node = read_plain(text, file)
        if node is not None:
            return node, []
        from .eventyaml import read_events
        read = read_events(text, file)
        if read is not None:
            return read
    except Exception:
        pass
    return read_yaml_safely(source, file)


def read_yaml_safely(source: str | bytes, file: str) -> tuple[YNode | None, list[Diagnostic]]:
    """``read_yaml``, with any exception it lets through (a bug: it reports bad input as
    diagnostics) turned into library.yaml_syntax, so that loading never raises."""
    try:
        return read_yaml(source, file)
    except Exception as exc:  # a bug: reported, never raised
        return None, [error("library.yaml_syntax",
                            f"the file cannot be read: {excerpt(str(exc) or type(exc).__name__)}",
                            Span(file, 1, 1), label="cannot be read",
                            help="write the file as plain YAML: mappings, lists and scalars")]

"""A declaration's span table: the place of every dotted path of its file.

``Part.spans`` maps "" to the whole file, "a.b" to a mapping's value and "a[0]" to a list's
item. Its spans are asked for only to point at a problem a later phase finds in a part, and
most parts have none: a ``SpanTable`` keeps the declaration's tree and makes the table (and
the Spans a reader left unmade, see ``YNode``) the first time it is read. It is a mapping
equal to the dict it stands for; the tree is dropped once the table is made.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from ..diagnostics import Span
from ..yamlio import YNode


class SpanTable(Mapping):
    """``collect_spans(node)``, made when first read."""

    __slots__ = ("_node", "_table")

    def __init__(self, node: YNode):
        self._node: YNode | None = node  # None once the table is made
        self._table: dict[str, Span] | None = None

    def _spans(self) -> dict[str, Span]:
        table = self._table
        if table is None:
            node = self._node
            assert node is not None, "the tree is dropped only when the table is made"
            table = self._table = collect_spans(node)
            self._node = None
        return table

    def __getitem__(self, path: str) -> Span:
        return self._spans()[path]

    def __contains__(self, path: object) -> bool:
        return path in self._spans()

    def get(self, path: str, default=None):
        return self._spans().get(path, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._spans())

    def __len__(self) -> int:
        return len(self._spans())

    def __repr__(self) -> str:
        return repr(self._spans())


def collect_spans(node: YNode) -> dict[str, Span]:
    """A Span for every dotted path of the declaration: "" for the whole file, "a.b" for a
    mapping's value, "a[0]" for a list's item. In document order."""
    spans: dict[str, Span] = {}
    if node.kind == "map":
        _map_spans(node, "", spans)
    else:
        spans[""] = node.span
        if node.kind == "seq":
            _item_spans(node.value, "", spans)
    return spans


# The walk visits some 80 values a part, and most lists are three scalars ([x, y, z], a
# triangle): those are stored without a loop.
_SCALARS = frozenset({"str", "number", "bool", "null"})


def _map_spans(node: YNode, path: str, spans: dict[str, Span]) -> None:
    spans[path] = node.span
    prefix = path + "." if path else ""
    for key, child in node.value.items():
        kind = child.kind
        if kind == "map":
            _map_spans(child, prefix + key, spans)
        elif kind == "seq":
            here = prefix + key
            spans[here] = child.span
            _item_spans(child.value, here, spans)
        else:
            spans[prefix + key] = child.span


def _item_spans(items: list[YNode], path: str, spans: dict[str, Span]) -> None:
    """The spans of a list's items (the list's own is stored)."""
    if len(items) == 3:
        a, b, c = items
        if a.kind in _SCALARS and b.kind in _SCALARS and c.kind in _SCALARS:
            spans[path + "[0]"] = a.span
            spans[path + "[1]"] = b.span
            spans[path + "[2]"] = c.span
            return
    for here, item in zip(_item_names(path, len(items)), items):
        kind = item.kind
        if kind == "seq":
            spans[here] = item.span
            _item_spans(item.value, here, spans)
        elif kind == "map":
            _map_spans(item, here, spans)
        else:
            spans[here] = item.span


# "[0]", "[1]"...: the suffixes of the items of most lists, written once
_INDEXES = tuple(f"[{i}]" for i in range(256))


def _item_names(path: str, n: int) -> list[str]:
    """The paths of the first ``n`` items of the list at ``path``."""
    if n <= len(_INDEXES):
        return [path + index for index in _INDEXES[:n]]
    return [path + index for index in _INDEXES] + [f"{path}[{i}]" for i in range(len(_INDEXES), n)]

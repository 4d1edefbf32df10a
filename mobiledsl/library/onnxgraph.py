"""What a policy's ONNX file says of itself, read from its protobuf bytes without onnx or
onnxruntime: the graph's inputs and outputs (name, element type, dimensions), the names its
nodes read and the tensors whose data lies in another file.

A compile reads only these few fields, so it needs neither package (onnx is no dependency,
and onnxruntime's import is a large part of a second); the simulator loads the same file
through onnxruntime. The reader is bounded: it counts every field it reads and refuses a
file past ``MAX_FIELDS`` of them or nested past ``MAX_DEPTH``, so a hostile file costs
little whatever it holds.
"""

from __future__ import annotations

from collections.abc import Iterator

from ..protowire import CutShort, read_varint
from ..recordtype import record

#: fields read in one file at most: the demo walker's policy has a few hundred
MAX_FIELDS = 1_000_000
#: subgraphs (an If's or a Loop's body) nested at most this deep
MAX_DEPTH = 16

FLOAT = 1  # TensorProto.DataType.FLOAT
DATA_TYPES = {
    1: "float32",
    2: "uint8",
    3: "int8",
    4: "uint16",
    5: "int16",
    6: "int32",
    7: "int64",
    8: "string",
    9: "bool",
    10: "float16",
    11: "float64",
    12: "uint32",
    13: "uint64",
    14: "complex64",
    15: "complex128",
    16: "bfloat16",
}

# field numbers of onnx.proto3 (ModelProto, GraphProto, NodeProto, AttributeProto, ...)
_MODEL_GRAPH, _MODEL_FUNCTIONS = 7, 25
_GRAPH_NODE, _GRAPH_INITIALIZER, _GRAPH_INPUT, _GRAPH_OUTPUT, _GRAPH_SPARSE = 1, 5, 11, 12, 15
_FUNCTION_NODE = 7
_NODE_INPUT, _NODE_OUTPUT, _NODE_NAME, _NODE_OP, _NODE_ATTRIBUTE = 1, 2, 3, 4, 5
_ATTR_T, _ATTR_G, _ATTR_TENSORS, _ATTR_GRAPHS, _ATTR_SPARSE, _ATTR_SPARSES = 5, 6, 10, 11, 22, 23
_TENSOR_NAME, _TENSOR_EXTERNAL, _TENSOR_LOCATION = 8, 13, 14
_SPARSE_VALUES, _SPARSE_INDICES = 1, 2


class Unreadable(Exception):
    """The bytes are no ONNX model this reader can follow; the message says why."""


@record
class Value:
    """A graph input or output: its name, element type (None: not a tensor, or unstated) and
    dimensions (None: no shape stated; each an int, a symbolic name or None)."""

    name: str
    elem_type: int | None
    dims: tuple | None


@record
class Node:
    op: str
    name: str
    inputs: tuple[str, ...]


@record
class Graph:
    inputs: tuple[Value, ...]  # less the initializers an older file lists as inputs
    outputs: tuple[Value, ...]
    defined: frozenset  # every name an input, initializer or node defines
    nodes: tuple[Node, ...]
    external: tuple[str, ...]  # the tensors whose data lies in another file


class _Budget:
    def __init__(self) -> None:
        self.left = MAX_FIELDS

    def spend(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise Unreadable(f"it holds more than {MAX_FIELDS:,} protobuf fields")


def _varint(buf: memoryview, i: int) -> tuple[int, int]:
    try:
        return read_varint(buf, i)
    except CutShort:
        raise Unreadable("a number in it is cut short or longer than 64 bits") from None


def _fields(buf: memoryview, budget: _Budget) -> Iterator[tuple[int, int, int | memoryview]]:
    """(field number, wire type, value) of one message: an int for a varint, the bytes of a
    length-delimited field, of a fixed one."""
    i, n = 0, len(buf)
    value: int | memoryview
    while i < n:
        budget.spend()
        key, i = _varint(buf, i)
        number, wire = key >> 3, key & 7
        if number == 0:
            raise Unreadable("it holds a field numbered 0, which protobuf never writes")
        if wire == 0:
            value, i = _varint(buf, i)
        elif wire == 2:
            length, i = _varint(buf, i)
            if length > n - i:
                raise Unreadable("a field in it runs past the end of the file")
            value, i = buf[i : i + length], i + length
        elif wire in (1, 5):
            size = 8 if wire == 1 else 4
            if size > n - i:
                raise Unreadable("a field in it runs past the end of the file")
            value, i = buf[i : i + size], i + size
        else:
            raise Unreadable(f"it holds a field of wire type {wire}, which ONNX never writes")
        yield number, wire, value


def _text(value) -> str:
    if not isinstance(value, memoryview):
        raise Unreadable("a name in it is a number, not text")
    try:
        return bytes(value).decode("utf-8")
    except UnicodeDecodeError:
        raise Unreadable("a name in it is not UTF-8 text") from None


def _message(value) -> memoryview:
    if not isinstance(value, memoryview):
        raise Unreadable("a message in it is a number")
    return value


def read_graph(data: bytes) -> Graph:
    """The main graph of an ONNX model's bytes. Raises Unreadable."""
    if not data:
        raise Unreadable("it is empty")
    budget = _Budget()
    graph = None
    external: list[str] = []
    for number, _, value in _fields(memoryview(data), budget):
        if number == _MODEL_GRAPH:
            graph = _message(value)
        elif number == _MODEL_FUNCTIONS:
            for n, _, v in _fields(_message(value), budget):
                if n == _FUNCTION_NODE:
                    _node(_message(v), budget, external, 1)
    if graph is None:
        raise Unreadable("it holds no graph: it is no ONNX model")
    return _graph(graph, budget, external, 0)


def _graph(buf: memoryview, budget: _Budget, external: list[str], depth: int) -> Graph:
    if depth > MAX_DEPTH:
        raise Unreadable(f"its subgraphs nest more than {MAX_DEPTH} deep")
    inputs, outputs, nodes = [], [], []
    initializers: set[str] = set()
    for number, _, value in _fields(buf, budget):
        if number == _GRAPH_NODE:
            nodes.append(_node(_message(value), budget, external, depth))
        elif number == _GRAPH_INITIALIZER:
            initializers.add(_tensor(_message(value), budget, external))
        elif number == _GRAPH_SPARSE:
            initializers.update(_sparse(_message(value), budget, external))
        elif number == _GRAPH_INPUT:
            inputs.append(_value(_message(value), budget))
        elif number == _GRAPH_OUTPUT:
            outputs.append(_value(_message(value), budget))
    defined = set(initializers) | {v.name for v in inputs}
    for _, produced in nodes:
        defined.update(produced)
    return Graph(
        tuple(v for v in inputs if v.name not in initializers),
        tuple(outputs),
        frozenset(defined),
        tuple(n for n, _ in nodes),
        tuple(external),
    )


def _node(buf: memoryview, budget: _Budget, external: list[str], depth: int):
    """(Node, its output names); the tensors and subgraphs of its attributes are searched
    for external data."""
    inputs, outputs, name, op = [], [], "", ""
    for number, _, value in _fields(buf, budget):
        if number == _NODE_INPUT:
            inputs.append(_text(value))
        elif number == _NODE_OUTPUT:
            outputs.append(_text(value))
        elif number == _NODE_NAME:
            name = _text(value)
        elif number == _NODE_OP:
            op = _text(value)
        elif number == _NODE_ATTRIBUTE:
            _attribute(_message(value), budget, external, depth)
    return Node(op, name, tuple(inputs)), tuple(o for o in outputs if o)


def _attribute(buf: memoryview, budget: _Budget, external: list[str], depth: int) -> None:
    for number, _, value in _fields(buf, budget):
        if number in (_ATTR_T, _ATTR_TENSORS):
            _tensor(_message(value), budget, external)
        elif number in (_ATTR_SPARSE, _ATTR_SPARSES):
            _sparse(_message(value), budget, external)
        elif number in (_ATTR_G, _ATTR_GRAPHS):
            _graph(_message(value), budget, external, depth + 1)


def _tensor(buf: memoryview, budget: _Budget, external: list[str]) -> str:
    """A tensor's name; noted in ``external`` when its data lies in another file."""
    name, elsewhere = "", False
    for number, wire, value in _fields(buf, budget):
        if number == _TENSOR_NAME:
            name = _text(value)
        elif number == _TENSOR_EXTERNAL:
            elsewhere = True
        elif number == _TENSOR_LOCATION and wire == 0 and value != 0:
            elsewhere = True
    if elsewhere:
        external.append(name)
    return name


def _sparse(buf: memoryview, budget: _Budget, external: list[str]) -> list[str]:
    return [
        _tensor(_message(value), budget, external)
        for number, _, value in _fields(buf, budget)
        if number in (_SPARSE_VALUES, _SPARSE_INDICES)
    ][:1]


def _value(buf: memoryview, budget: _Budget) -> Value:
    """A ValueInfoProto: name (1) and type (2); of the type only a tensor's (1)."""
    name, elem_type, dims = "", None, None
    for number, _, value in _fields(buf, budget):
        if number == 1:
            name = _text(value)
        elif number == 2:
            for n, _, v in _fields(_message(value), budget):
                if n == 1:  # TypeProto.tensor_type
                    elem_type, dims = _tensor_type(_message(v), budget)
    return Value(name, elem_type, dims)


def _tensor_type(buf: memoryview, budget: _Budget) -> tuple[int | None, tuple | None]:
    elem_type, dims = None, None
    for number, _, value in _fields(buf, budget):
        if number == 1 and isinstance(value, int):  # a varint (wire type 0)
            elem_type = value
        elif number == 2:  # TensorShapeProto
            dims = tuple(
                _dim(_message(v), budget) for n, _, v in _fields(_message(value), budget) if n == 1
            )
    return elem_type, dims


def _dim(buf: memoryview, budget: _Budget) -> int | str | None:
    for number, _, value in _fields(buf, budget):
        if number == 1 and isinstance(value, int):  # a varint (wire type 0)
            return value
        if number == 2:
            return _text(value)
    return None

"""A walking controller's ONNX policy against what its part or walker declares, at load time.

The simulator feeds the policy one float32 observation of shape [1, n] and reads its first
output as the action, one float32 per servo it moves. A file that does not load, keeps data in
another file, or takes or gives something else would stop a simulation midway, so it is
refused here, at the controller's ``policy`` in the declaration. The file is read as hostile
input (a regular file inside the part's or walker's folder, at most ``MAX_POLICY_BYTES``)
and through ``onnxgraph``, so a compile never imports onnxruntime.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from ..diagnostics import excerpt
from ..inputs import Refused, read_regular
from ..yamlio import YNode
from .fields import Fields
from .onnxgraph import DATA_TYPES, FLOAT, Graph, Unreadable, Value, read_graph

#: a policy file holds at most this: a walking policy is a small network (the demo's 100 kB)
MAX_POLICY_BYTES = 16 * 1024 * 1024

UNREADABLE = "library.policy_unreadable"
EXTERNAL = "library.policy_external_data"
NAMES = "library.policy_names"
SHAPE = "library.policy_shape"

TERM_SIZES = {"linear_velocity": 3, "angular_velocity": 3, "gravity": 3, "command": 3}


def observation_size(observation: list[str], phase: dict[str, Any] | None, servos: int) -> int:
    """How many numbers the simulator observes for the policy: three for each vector, one
    per servo for each servo term, a cosine and a sine per phase offset."""
    offsets = len((phase or {}).get("offsets") or ())
    return sum(TERM_SIZES.get(t, 2 * offsets if t == "phase" else servos) for t in observation)


def check_policy_file(
    F: Fields, node: YNode, base_dir: Path, rel: str, path: str, observed: int, servos: int
) -> bool:
    """Whether the policy at ``base_dir/rel`` takes ``observed`` numbers and gives one per
    servo; every problem reported at ``node`` (the declaration's ``policy``)."""
    graph = _read(F, node, base_dir, rel, path)
    if graph is None:
        return False
    if graph.external:
        F.error(
            EXTERNAL,
            f"'{path}' names '{excerpt(rel)}', whose tensor "
            f"'{_name(graph.external[0])}' keeps its data in another file"
            + (f" ({len(graph.external)} tensors do)" if len(graph.external) > 1 else ""),
            node.span,
            label="data outside the file",
            help="save the model with its weights inside the .onnx file (onnx.save "
            "with save_as_external_data=False): only that file is copied beside "
            "the model",
        )
        return False
    return _names(F, node, graph, path) and _shapes(F, node, graph, path, observed, servos)


def _read(F: Fields, node: YNode, base_dir: Path, rel: str, path: str) -> Graph | None:
    full = os.path.join(os.fspath(base_dir), *rel.split("/"))
    why = None
    try:
        graph = read_graph(read_regular(full, within=base_dir, limit=MAX_POLICY_BYTES))
    except Refused as exc:
        why = exc.why
    except OSError as exc:
        why = f"it cannot be read ({exc.strerror or exc})"
    except Unreadable as exc:
        why = f"it is no ONNX model: {exc}"
    if why is None:
        return graph
    F.error(
        UNREADABLE,
        f"'{path}' names '{excerpt(rel)}', which does not load as a policy: {why}",
        node.span,
        label="not a policy",
        help="export the policy again as one ONNX file (at most 16 MiB), such as with "
        "torch.onnx.export or the onnx package's onnx.save",
    )
    return None


def _name(text: str) -> str:
    return excerpt(text, 60)


def _names(F: Fields, node: YNode, graph: Graph, path: str) -> bool:
    """One input, at least one output, and every name the graph reads defined in it."""
    if len(graph.inputs) != 1:
        listed = ", ".join(f"'{_name(v.name)}'" for v in graph.inputs[:4]) or "none"
        return _bad_names(
            F,
            node,
            path,
            f"the model takes {len(graph.inputs)} inputs "
            f"({listed}), and a policy takes one, the observation",
            "export the policy with one input, the observation vector",
        )
    if not graph.outputs:
        return _bad_names(
            F,
            node,
            path,
            "the model gives no output, and a policy's first is its action",
            "export the policy with its action as output",
        )
    for n in graph.nodes:
        missing = next((i for i in n.inputs if i and i not in graph.defined), None)
        if missing is not None:
            who = f"its {n.op or 'unnamed'} node" + (f" '{_name(n.name)}'" if n.name else "")
            return _bad_names(
                F,
                node,
                path,
                f"{who} reads '{_name(missing)}', which is no "
                f"input, weight or node output of the graph (the input is "
                f"'{_name(graph.inputs[0].name)}')",
                "name the graph's input as its first nodes read it, or export the policy again",
            )
    for out in graph.outputs:
        if out.name not in graph.defined:
            return _bad_names(
                F,
                node,
                path,
                f"its output '{_name(out.name)}' is made by no node of the graph",
                "name the graph's output as the node that makes the action names its result",
            )
    return True


def _bad_names(F: Fields, node: YNode, path: str, why: str, help: str) -> bool:
    F.error(NAMES, f"'{path}': {why}", node.span, label="inputs or outputs do not match", help=help)
    return False


def _shapes(F: Fields, node: YNode, graph: Graph, path: str, observed: int, servos: int) -> bool:
    return _shape(
        F, node, path, graph.inputs[0], "input", observed, "the observation", "numbers observed"
    ) and _shape(F, node, path, graph.outputs[0], "output", servos, "the action", "servos it moves")


def _shape(
    F: Fields, node: YNode, path: str, value: Value, role: str, size: int, what: str, counted: str
) -> bool:
    """float32 of shape [1, size]; the first dimension may be a named batch size."""
    want = f"float32 [1, {size}] ({what}: {size} {counted})"
    dims = value.dims
    problem = None
    if value.elem_type != FLOAT:
        name = DATA_TYPES.get(value.elem_type) if value.elem_type is not None else None
        problem = f"is {name or 'no tensor type'}"
    elif dims is None:
        problem = "states no shape"
    elif len(dims) != 2:
        problem = f"has rank {len(dims)} ({_dims(dims)})"
    elif dims[1] != size or not (dims[0] == 1 or isinstance(dims[0], str)):
        problem = f"is {_dims(dims)}"
    if problem is None:
        return True
    F.error(
        SHAPE,
        f"'{path}': the model's {role} '{_name(value.name)}' {problem}, and the "
        f"simulator's is {want}",
        node.span,
        label=f"{role} does not match",
        help=f"export the policy with {role} float32 [1, {size}], or state the "
        "observation, phase and servos it was trained with",
    )
    return False


def _dims(dims: tuple) -> str:
    return (
        "["
        + ", ".join(
            "?" if d is None else (_name(d) if isinstance(d, str) else str(d)) for d in dims
        )
        + "]"
    )

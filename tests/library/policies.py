"""Small ONNX policies for the loader's tests, built with the onnx package (a test dependency):
an affine map from the observation to the action, and ways to break it."""
from __future__ import annotations

from pathlib import Path

from onnx import TensorProto, helper

SIZES = {"linear_velocity": 3, "angular_velocity": 3, "gravity": 3, "command": 3}


def sizes_for(controller: dict, servos: int) -> tuple[int, int]:
    """(observed numbers, actions) of a policy as a declaration states it."""
    offsets = (controller.get("phase") or {}).get("offsets")
    offsets = len(offsets) if isinstance(offsets, list) else 0
    terms = controller.get("observation") or ()
    if not isinstance(terms, list):
        return 1, max(servos, 1)
    n_obs = sum(SIZES.get(t, 2 * offsets if t == "phase" else servos) for t in terms
                if isinstance(t, str))
    return max(n_obs, 1), max(servos, 1)


def affine_model(n_obs: int, n_act: int, *, input_name="observation", output_name="action",
                 read_name=None, make_name=None, elem=TensorProto.FLOAT, in_dims=None,
                 out_dims=None):
    """action = observation @ W; ``read_name`` / ``make_name``: what its node reads and
    makes, when they should differ from the graph's input and output."""
    weight = helper.make_tensor("W", TensorProto.FLOAT, (n_obs, n_act), [0.0] * (n_obs * n_act))
    graph = helper.make_graph(
        [helper.make_node("MatMul", [read_name or input_name, "W"], [make_name or output_name])],
        "policy",
        [helper.make_tensor_value_info(input_name, elem, in_dims or [1, n_obs])],
        [helper.make_tensor_value_info(output_name, TensorProto.FLOAT, out_dims or [1, n_act])],
        [weight])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])


def write_policy(path: Path, n_obs: int, n_act: int, **kw) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(affine_model(n_obs, n_act, **kw).SerializeToString())

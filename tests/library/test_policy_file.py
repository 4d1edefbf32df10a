"""A policy's ONNX file read at load time against its walker's or part's declaration: each
library.policy_* code triggered once, at the declaration's ``policy``, and met by a near miss
that loads. The walker is test_walkers' quad walker: 36 numbers observed, 8 servos."""
from __future__ import annotations

import os

import pytest
from onnx import TensorProto, helper

from mobiledsl.library.onnxgraph import read_graph
from tests.library.policies import affine_model
from tests.library.test_walkers import WALKER, WALKER_TEXT, load, ok

POLICY = ("walkers", "quad_walker", "assets", "policy.onnx")


def place(tmp_path, data: bytes):
    path = tmp_path.joinpath(*POLICY)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return path


def loaded(tmp_path, model=None, data=None):
    if model is not None or data is not None:
        place(tmp_path, data if data is not None else model.SerializeToString())
    return load(tmp_path, WALKER, policy=False)


def refused(tmp_path, code, *words, model=None, data=None):
    d = loaded(tmp_path, model, data).only(code, "controller.policy", *words)
    assert d.span.file.endswith("walker.yaml")
    return d


def test_the_line_is_the_walkers_policy(tmp_path):
    place(tmp_path, b"")
    (tmp_path / "walkers" / "quad_walker" / "walker.yaml").write_text(WALKER_TEXT)
    from mobiledsl.library.walkers import load_walker
    from tests.library.test_walkers import library_parts
    walker, diags = load_walker(tmp_path, "demo", "quad_walker", library_parts())
    assert walker is None and [d.code for d in diags] == ["library.policy_unreadable"]
    assert (diags[0].span.line, diags[0].span.column) == (13, 11)   # policy: assets/...


# -- unreadable -----------------------------------------------------------------------------

@pytest.mark.parametrize("data,words", [
    (b"", ["is empty"]),
    (b"onnx", ["no ONNX model"]),
    (b"\x3a\x05ab", ["runs past the end"]),                   # graph field cut short
    (b"\x08\x07", ["holds no graph"]),                         # ir_version alone
])
def test_a_file_that_is_no_model(tmp_path, data, words):
    refused(tmp_path, "library.policy_unreadable", *words, data=data)


def test_a_file_past_the_size_limit(tmp_path):
    path = place(tmp_path, b"")
    os.truncate(path, 16 * 1024 * 1024 + 1)                 # sparse: nothing is written
    refused(tmp_path, "library.policy_unreadable", "16 MiB")


def test_a_model_that_fits_loads(tmp_path):
    place(tmp_path, affine_model(36, 8).SerializeToString())
    assert ok(tmp_path, WALKER, policy=False).controller["policy"] == "assets/policy.onnx"


# -- external data --------------------------------------------------------------------------

def external(model, location="weights.bin"):
    weight = model.graph.initializer[0]
    del weight.float_data[:]
    weight.data_location = TensorProto.EXTERNAL
    weight.external_data.add(key="location", value=location)
    return model


@pytest.mark.parametrize("location", ["weights.bin", "../../../../etc/passwd"])
def test_weights_in_another_file(tmp_path, location):
    refused(tmp_path, "library.policy_external_data", "'W'",
            model=external(affine_model(36, 8), location))


def test_external_data_in_a_constant_node_is_found(tmp_path):
    model = affine_model(36, 8)
    value = helper.make_tensor("c", TensorProto.FLOAT, [1], [0.0])
    value.data_location = TensorProto.EXTERNAL
    model.graph.node.append(helper.make_node("Constant", [], ["unused"], value=value))
    refused(tmp_path, "library.policy_external_data", model=model)


def test_weights_inside_the_file_are_no_external_data(tmp_path):
    model = affine_model(36, 8)
    model.graph.initializer[0].raw_data = bytes(4 * 36 * 8)
    del model.graph.initializer[0].float_data[:]
    assert read_graph(model.SerializeToString()).external == ()
    place(tmp_path, model.SerializeToString())
    ok(tmp_path, WALKER, policy=False)


# -- names ----------------------------------------------------------------------------------

def test_a_node_reads_a_name_the_graph_lacks(tmp_path):
    refused(tmp_path, "library.policy_names", "reads 'obs'", "'observation'",
            model=affine_model(36, 8, read_name="obs"))


def test_an_output_no_node_makes(tmp_path):
    refused(tmp_path, "library.policy_names", "'action' is made by no node",
            model=affine_model(36, 8, make_name="act"))


def test_two_inputs(tmp_path):
    model = affine_model(36, 8)
    model.graph.input.append(helper.make_tensor_value_info("hidden", TensorProto.FLOAT, [1, 4]))
    refused(tmp_path, "library.policy_names", "takes 2 inputs", model=model)


def test_weights_listed_as_inputs_and_other_names_load(tmp_path):
    """An older exporter lists the weights among the inputs too; the names are free."""
    model = affine_model(36, 8, input_name="obs", output_name="actions")
    model.graph.input.append(helper.make_tensor_value_info("W", TensorProto.FLOAT, [36, 8]))
    place(tmp_path, model.SerializeToString())
    ok(tmp_path, WALKER, policy=False)


# -- element types, ranks and sizes ---------------------------------------------------------

@pytest.mark.parametrize("kw,words", [
    ({"elem": TensorProto.INT64}, ["input 'observation' is int64", "float32 [1, 36]"]),
    ({"in_dims": [36]}, ["input 'observation' has rank 1"]),
    ({"in_dims": [1, 40]}, ["is [1, 40]", "36 numbers observed"]),
    ({"in_dims": [1, "n"]}, ["is [1, n]"]),
    ({"in_dims": [4, 36]}, ["is [4, 36]"]),
    ({"out_dims": [1, 12]}, ["output 'action' is [1, 12]", "8 servos"]),
    ({"out_dims": [1, 8, 1]}, ["output 'action' has rank 3"]),
])
def test_shapes_that_are_not_the_declared_ones(tmp_path, kw, words):
    n_act = (kw.get("out_dims") or [1, 8])[1]
    refused(tmp_path, "library.policy_shape", *words, model=affine_model(36, n_act, **kw)
            if "out_dims" in kw else affine_model(36, 8, **kw))


def test_a_named_batch_size_loads(tmp_path):
    place(tmp_path, affine_model(36, 8, in_dims=["batch", 36],
                                 out_dims=["batch", 8]).SerializeToString())
    ok(tmp_path, WALKER, policy=False)


def test_the_phase_and_hidden_servos_count(tmp_path):
    """Two phase offsets add a cosine and a sine each: 40 numbers."""
    doc = dict(WALKER, controller=dict(WALKER["controller"],
               observation=WALKER["controller"]["observation"] + ["phase"],
               phase={"frequency": 2.0, "offsets": [0.0, 3.1]}))
    place(tmp_path, affine_model(36, 8).SerializeToString())
    load(tmp_path, doc, policy=False).only("library.policy_shape", "40 numbers observed")
    place(tmp_path, affine_model(40, 8).SerializeToString())
    ok(tmp_path, doc, policy=False)


# -- the reader's own bounds ----------------------------------------------------------------

def test_a_file_of_more_fields_than_the_reader_reads(tmp_path):
    refused(tmp_path, "library.policy_unreadable", "more than 1,000,000 protobuf fields",
            data=b"\x08\x01" * 1_000_001)


def leaf(name: str):
    """A branch that gives one number, from a weight of its own."""
    return helper.make_graph([], name, [], [helper.make_tensor_value_info(
        "v", TensorProto.FLOAT, [1])], [helper.make_tensor("v", TensorProto.FLOAT, [1], [0.0])])


def nested_ifs(depth: int):
    """A model whose graph holds an If whose then-branch holds an If ... ``depth`` deep."""
    branch = leaf("leaf")
    for level in range(depth - 1):
        cond = helper.make_tensor(f"c{level}", TensorProto.BOOL, [], [True])
        branch = helper.make_graph(
            [helper.make_node("If", [f"c{level}"], ["v"], then_branch=branch,
                              else_branch=leaf(f"else{level}"))], f"g{level}", [],
            [helper.make_tensor_value_info("v", TensorProto.FLOAT, [1])], [cond])
    model = affine_model(36, 8)
    model.graph.node.append(helper.make_node("If", ["cond"], ["unused"], then_branch=branch,
                                             else_branch=leaf("else")))
    model.graph.initializer.append(helper.make_tensor("cond", TensorProto.BOOL, [], [True]))
    return model


def test_subgraphs_nested_past_the_readers_depth(tmp_path):
    refused(tmp_path, "library.policy_unreadable", "nest more than 16 deep",
            model=nested_ifs(18))


def test_subgraphs_within_the_depth_are_read(tmp_path):
    place(tmp_path, nested_ifs(3).SerializeToString())
    ok(tmp_path, WALKER, policy=False)

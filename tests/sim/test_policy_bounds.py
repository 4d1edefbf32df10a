"""A hostile or broken policy at run time: every way the probe broke `simulate` and `run` ends
the simulation with a PolicyError that says what happened, never an internal error or a hang.
The policies are built here with the onnx package, for the quad walker's model."""
from __future__ import annotations

import contextlib
import copy
import json
import resource

import mujoco
import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

from mobiledsl.sim import Simulation
from mobiledsl.sim.policy import PolicyError, call_budget
from mobiledsl.sim.runtime import controller_path


@pytest.fixture
def quad(model_xml):
    xml = model_xml("quad")
    desc = json.loads(controller_path(xml).read_text())
    return xml, desc


def sizes(desc) -> tuple[int, int]:
    p = desc["policy"]
    n = len(p["actuators"])
    per = {"linear_velocity": 3, "angular_velocity": 3, "gravity": 3, "command": 3,
           "phase": 2 * len((p.get("phase") or {}).get("offsets") or ())}
    return sum(per.get(t, n) for t in p["observation"]), n


def with_policy(desc, path):
    d = copy.deepcopy(desc)
    d["policy"]["policy"] = str(path)
    return d


def simulation(quad, tmp_path, model=None, data=None):
    xml, desc = quad
    path = tmp_path / "p.onnx"
    if model is not None:
        path.write_bytes(model.SerializeToString())
    else:
        path.write_bytes(data)
    return Simulation(mujoco.MjModel.from_xml_path(str(xml)), with_policy(desc, path))


def graph(nodes, n_obs, n_act, weights=(), inputs=None, elem=TensorProto.FLOAT, out_dims=None):
    g = helper.make_graph(
        nodes, "p",
        inputs or [helper.make_tensor_value_info("obs", elem, [1, n_obs])],
        [helper.make_tensor_value_info("action", TensorProto.FLOAT, out_dims or [1, n_act])],
        list(weights))
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", 13)])


def affine(n_obs, n_act, **kw):
    w = numpy_helper.from_array(np.zeros((n_obs, n_act), np.float32), "W")
    return graph([helper.make_node("MatMul", ["obs", "W"], ["action"])], n_obs, n_act, [w], **kw)


def first_columns(n_obs, n_act, extra_nodes, extra_weights, source):
    """action = the first n_act columns of ``source`` plus the observation's first n_act."""
    consts = [numpy_helper.from_array(np.array(v, np.int64), name) for name, v in
              (("st", [0]), ("en", [n_act]), ("ax", [1]))]
    nodes = extra_nodes + [helper.make_node("Slice", ["obs", "st", "en", "ax"], ["head"]),
                           helper.make_node("Add", ["head", source], ["action"])]
    return graph(nodes, n_obs, n_act, consts + list(extra_weights))


# -- files that do not load, or do not fit --------------------------------------------------

@pytest.mark.parametrize("data", [b"", b"onnx", b"\x3a\x05ab"], ids=["empty", "bytes", "cut"])
def test_a_file_that_is_no_model(quad, tmp_path, data):
    with pytest.raises(PolicyError, match="does not load"):
        simulation(quad, tmp_path, data=data)


def test_a_node_reading_a_name_the_graph_lacks(quad, tmp_path):
    n_obs, n = sizes(quad[1])
    w = numpy_helper.from_array(np.zeros((n_obs, n), np.float32), "W")
    model = graph([helper.make_node("MatMul", ["observation", "W"], ["action"])], n_obs, n, [w])
    with pytest.raises(PolicyError, match="does not load"):
        simulation(quad, tmp_path, model)


def test_weights_in_a_file_that_is_not_there(quad, tmp_path):
    n_obs, n = sizes(quad[1])
    model = affine(n_obs, n)
    weight = model.graph.initializer[0]
    weight.raw_data = b""
    weight.data_location = TensorProto.EXTERNAL
    weight.external_data.add(key="location", value="../../../../etc/passwd")
    with pytest.raises(PolicyError, match="does not load"):
        simulation(quad, tmp_path, model)


@pytest.mark.parametrize("change,words", [
    ("rank", "input is tensor\\(float\\) \\[\\d+\\]"),
    ("size", "input is tensor\\(float\\) \\[1, 5\\]"),
    ("dtype", "input is tensor\\(double\\)"),
    ("output", "output is tensor\\(float\\) \\[1, 3\\]"),
    ("inputs", "takes 2 inputs"),
])
def test_an_interface_other_than_the_declared_one(quad, tmp_path, change, words):
    n_obs, n = sizes(quad[1])
    if change == "rank":
        model = affine(n_obs, n, inputs=[helper.make_tensor_value_info("obs", 1, [n_obs])])
    elif change == "size":
        model = affine(5, n)
    elif change == "dtype":
        w = numpy_helper.from_array(np.zeros((n_obs, n), np.float64), "W")
        model = graph([helper.make_node("MatMul", ["obs", "W"], ["m"]),
                       helper.make_node("Cast", ["m"], ["action"], to=TensorProto.FLOAT)],
                      n_obs, n, [w], elem=TensorProto.DOUBLE)
    elif change == "output":
        model = affine(n_obs, 3)
    else:
        model = affine(n_obs, n, inputs=[
            helper.make_tensor_value_info("obs", TensorProto.FLOAT, [1, n_obs]),
            helper.make_tensor_value_info("h", TensorProto.FLOAT, [1, 2])])
    with pytest.raises(PolicyError, match=words):
        simulation(quad, tmp_path, model)


def test_a_fitting_policy_runs(quad, tmp_path):
    n_obs, n = sizes(quad[1])
    sim = simulation(quad, tmp_path, affine(n_obs, n))
    sim.advance(0.2)
    assert sim.drive.last_action.shape == (n,)


# -- bounds while running -------------------------------------------------------------------

@contextlib.contextmanager
def address_space_bounded(extra: int = 3 << 30):
    """The process may map at most ``extra`` more bytes meanwhile: should the arena's bound
    ever fail, a 16 GiB tensor fails to allocate instead of taking the machine."""
    with open("/proc/self/status") as f:
        vm = next(int(line.split()[1]) * 1024 for line in f if line.startswith("VmSize:"))
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (vm + extra, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def test_a_call_that_would_allocate_16_gib_fails(quad, tmp_path):
    n_obs, n = sizes(quad[1])
    shape = numpy_helper.from_array(np.array([4, 1 << 30], np.int64), "shape")
    big = [helper.make_node("ConstantOfShape", ["shape"], ["big"],
                            value=helper.make_tensor("v", TensorProto.FLOAT, [1], [0.0])),
           helper.make_node("ReduceSum", ["big"], ["total"], keepdims=0)]
    sim = simulation(quad, tmp_path, first_columns(n_obs, n, big, [shape], "total"))
    with address_space_bounded(), pytest.raises(PolicyError, match="failed at t = "):
        sim.advance(0.1)


def test_a_call_over_its_budget_ends_the_simulation(quad, tmp_path):
    """A Loop of 10^9 matrix products a call, in a simulation of 2 s: the first call is
    stopped when its budget is up, and the simulation ends there."""
    n_obs, n = sizes(quad[1])
    size = 64
    body = helper.make_graph(
        [helper.make_node("MatMul", ["x_in", "M"], ["y"]),
         helper.make_node("Tanh", ["y"], ["x_out"]),
         helper.make_node("Identity", ["cond_in"], ["cond_out"])], "body",
        [helper.make_tensor_value_info("i", TensorProto.INT64, []),
         helper.make_tensor_value_info("cond_in", TensorProto.BOOL, []),
         helper.make_tensor_value_info("x_in", TensorProto.FLOAT, [1, size])],
        [helper.make_tensor_value_info("cond_out", TensorProto.BOOL, []),
         helper.make_tensor_value_info("x_out", TensorProto.FLOAT, [1, size])])
    weights = [numpy_helper.from_array(np.full((size, size), 0.01, np.float32), "M"),
               numpy_helper.from_array(np.zeros((1, size), np.float32), "x0"),
               numpy_helper.from_array(np.array(10 ** 9, np.int64), "trips"),
               numpy_helper.from_array(np.array(True), "cond"),
               numpy_helper.from_array(np.array([0], np.int64), "s0"),
               numpy_helper.from_array(np.array([1], np.int64), "s1"),
               numpy_helper.from_array(np.array([1], np.int64), "s_ax")]
    nodes = [helper.make_node("Loop", ["trips", "cond", "x0"], ["xl"], body=body),
             helper.make_node("Slice", ["xl", "s0", "s1", "s_ax"], ["one"]),
             helper.make_node("ReduceSum", ["one"], ["slow"], keepdims=0)]
    sim = simulation(quad, tmp_path, first_columns(n_obs, n, nodes, weights, "slow"))
    assert sim.drive.budget == call_budget(0.02) == 0.5
    with pytest.raises(PolicyError, match="beyond its budget of 0.5 s"):
        sim.advance(2.0)
    assert sim.time < 0.1                       # it ended at its first call


def test_a_call_that_returns_after_its_budget_ends_the_simulation(quad, tmp_path):
    """One operator is not stopped midway: a call that comes back late is an error too."""
    import time
    n_obs, n = sizes(quad[1])
    sim = simulation(quad, tmp_path, affine(n_obs, n))
    real = sim.drive.session

    class Late:
        def run(self, names, feeds, options):
            time.sleep(sim.drive.budget + 0.1)
            return real.run(names, feeds)

    sim.drive.session = Late()
    with pytest.raises(PolicyError, match="took 0.[6-9]\\d s of wall time"):
        sim.advance(2.0)
    assert sim.time < 0.1


def test_an_action_that_is_not_finite(quad, tmp_path):
    n_obs, n = sizes(quad[1])
    inf = numpy_helper.from_array(np.array(np.inf, np.float32), "inf")
    sim = simulation(quad, tmp_path, first_columns(n_obs, n, [], [inf], "inf"))
    with pytest.raises(PolicyError, match="not finite"):
        sim.advance(0.1)


@pytest.mark.parametrize("period,budget", [(0.002, 0.5), (0.02, 0.5), (0.1, 2.5), (5.0, 10.0)])
def test_the_budget_is_25_periods_within_its_bounds(period, budget):
    assert call_budget(period) == budget


# -- the commands ---------------------------------------------------------------------------

@pytest.fixture
def broken_quad(model_xml, tmp_path):
    """A copy of the quad's emitted model whose walker policy is four bytes of nothing."""
    import shutil
    xml = model_xml("quad")
    folder = tmp_path / "mjcf"
    shutil.copytree(xml.parent, folder)
    desc = json.loads(controller_path(xml).read_text())
    (folder / desc["policy"]["policy"]).write_bytes(b"onnx")
    return folder / xml.name


def test_simulate_reports_the_policy_and_exits_1(broken_quad, capsys):
    from mobiledsl.cli import main
    status = main(["simulate", str(broken_quad), "--twist", "0.2", "0", "0", "--seconds", "2"])
    err = capsys.readouterr().err
    assert status == 1
    assert "error[run.policy_failed]" in err and "does not load" in err
    assert "internal error" not in err and "Traceback" not in err


def test_run_ends_at_the_step_the_policy_drives(broken_quad, tmp_path):
    from mobiledsl.run.program import run_program
    from tests.run.test_run import LIBRARY, ROOT
    program = ROOT / "programs" / "quad"
    task = tmp_path / "t.task"
    task.write_text("Task t {\n    Advance(distance_m = 0.3)\n    Spin(direction = left)\n}\n")
    result = run_program(program / "quad.core", None, task, [LIBRARY], tmp_path / "out",
                         model_xml=broken_quad)
    assert [(d.code, d.span.line) for d in result.diagnostics if d.is_error] == \
        [("run.policy_failed", 2), ("run.step_not_reached", 3)]
    assert result.report["steps"][1]["why"] == "the walking policy failed in step 1"

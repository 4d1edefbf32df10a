"""Make the demo walker's policy (walkers/quad_walker/assets/policy.onnx) on a CPU.

The policy is distilled from the gait of the walker's body: the gait walks the robot in
MuJoCo under random commands within the walker's ranges, and a small network (two hidden
layers, tanh) learns, by supervised learning in numpy, the action the gait takes for what
the walker's policy observes. Then the network walks, with noise on its actions, the gait
says what it would have done in the states the network reaches, and the network learns
those too (DAgger), round after round; the network that walks held-out runs best is kept.
The network is written with the onnx package's helper API.

    python libraries/make_walker_policy.py            # about six minutes of one core
    python libraries/make_walker_policy.py --quick    # a short run, to try the script

It is seeded: the same run writes the same file (on the same numpy and MuJoCo).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
import tempfile
from pathlib import Path

# one thread: small matrices gain nothing from more, and a busy machine loses a lot
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import numpy as np  # noqa: E402  (after the thread settings)

ROOT = Path(__file__).resolve().parents[1]
LIBRARY = ROOT / "libraries" / "demo_parts"
PROGRAM = ROOT / "programs" / "quad" / "quad.core"
OUT = LIBRARY / "walkers" / "quad_walker" / "assets" / "policy.onnx"
HIDDEN = 128
SEED = 12


# -- the robot and its teacher -------------------------------------------------------------
def build_model(folder: Path) -> tuple[Path, dict]:
    """The quad program's MJCF and its controller description (the walker's policy)."""
    from mobiledsl.pipeline import compile_program
    result = compile_program(str(PROGRAM), None, None, [str(LIBRARY)], ["mjcf"], str(folder),
                             False)
    xml = folder / "mjcf" / "quad.xml"
    if not xml.exists():
        sys.exit("the quad program did not compile: " +
                 "; ".join(d.message for d in result.diagnostics))
    desc = json.loads((folder / "mjcf" / "quad.controller.json").read_text())
    assert desc["kind"] == "policy", "the quad program must walk by the walker"
    return xml, desc


def body_gait() -> dict:
    import yaml
    stated = yaml.safe_load((LIBRARY / "parts" / "quad_body" / "component.yaml").read_text())
    return stated["controller"]["gait"]


def make_teacher(model, data, desc: dict):
    """The body's gait, worked out at the policy's period, its phase kept by the clock as
    the policy's is, standing with every foot home while the command is still. It strides
    for the command as told: the gait's slow trim and heading hold integrate what no
    observation shows, so a network could only guess them."""
    from mobiledsl.sim.gait import GaitDrive
    policy = desc["policy"]
    period = float(policy["period"])
    still = float(policy["phase"]["still_below"])

    class Teacher(GaitDrive):
        tick = period
        # the gait lands its feet lightly for the body's speed, as its trim keeps that
        # speed and harder landings throw the rocking body about; without the trim, the
        # teacher lands them harder (0.3 s per m/s) so that its speed holds
        place_gain = 0.3

        def _trimmed(self, twist, v_body, rates):
            return tuple(float(v) for v in twist)

        def control(self, model, data, twist, time):
            gait_period = self.timing.period
            if math.sqrt(sum(v * v for v in twist)) < still:
                self.stepping_now = False
                self.targets = [h.copy() for h in self.home]
                self.was_in_air = [False] * len(self.legs)
                twist = (0.0, 0.0, 0.0)
            else:
                self.stepping_now = True
                self.still_ticks = -10 ** 9          # the clock, not settling, stops it
                # after _step adds a tick, the phase is the clock's
                self.phase = (time / gait_period - self.tick / gait_period) % 1.0
            super().control(model, data, twist, time)

    controller = {"kind": "gait", "gait": body_gait(), "feet": desc["feet"],
                  "limits": desc["limits"]}
    return Teacher(model, data, controller)


# -- rollouts ----------------------------------------------------------------------------------
def random_commands(rng, limits: dict, seconds: float, hold=(1.0, 3.0)):
    """Piecewise constant commands within the ranges, a still one now and then."""
    t, out = 0.0, []
    while t < seconds:
        if rng.random() < 0.15:
            cmd = (0.0, 0.0, 0.0)
        else:
            cmd = tuple(float(rng.uniform(*limits[k])) if limits[k][0] < limits[k][1] else 0.0
                        for k in ("vx", "vy", "wz"))
            if rng.random() < 0.5:           # often one way at a time, as tasks ask
                keep = rng.integers(0, 3)
                cmd = tuple(v if i == keep else 0.0 for i, v in enumerate(cmd))
        out.append((t, cmd))
        t += float(rng.uniform(*hold))
    return out


class Walk:
    """One episode in MuJoCo: the walker's model with its simulator options, the teacher,
    the observer and the command's rate limit, stepped a policy period at a time."""

    def __init__(self, xml: Path, desc: dict):
        import mujoco
        from mobiledsl.sim.limits import RateLimiter
        from mobiledsl.sim.policy import Observer, apply_simulator
        from mobiledsl.sim.runtime import Simulation
        self.mj = mujoco
        self.policy = desc["policy"]
        self.model = mujoco.MjModel.from_xml_path(str(xml))
        apply_simulator(self.model, self.policy["simulator"])
        self.sim = Simulation(self.model, {"kind": "wheeled", "twist_map": {},
                                           "feet": desc["feet"]})
        self.data = self.sim.data
        self.teacher = make_teacher(self.model, self.data, desc)
        self.observer = Observer(self.model, self.policy)
        self.limiter = RateLimiter(dict(desc["limits"]))
        self.period = float(self.policy["period"])
        self.scale = float(self.policy["action_scale"])
        self.steps = int(round(self.period / self.model.opt.timestep))
        self.last = np.zeros(len(self.observer.actuators), np.float32)

    def tick(self, command, actor, noise: float, rng):
        """One period: returns the observation and the teacher's action for it. ``actor``
        (None: the teacher) gives the action applied, plus ``noise`` (its spread)."""
        mj, data = self.mj, self.data
        self.limiter.ask(*command)
        mj.mj_step1(self.model, data)
        twist = self.limiter.step(self.period)
        obs = self.observer.observe(self.model, data, twist, self.last, data.time)
        self.teacher.control(self.model, data, twist, data.time)
        label = (data.ctrl[self.observer.actuators] / self.scale).astype(np.float32)
        action = label if actor is None else np.asarray(actor(obs), np.float32)
        if noise > 0:
            action = action + rng.normal(0.0, noise, action.shape).astype(np.float32)
        data.ctrl[self.observer.actuators] = self.scale * action
        self.last = action
        mj.mj_step2(self.model, data)
        for _ in range(self.steps - 1):
            mj.mj_step(self.model, data)
        return obs, label


def rollout(xml: Path, desc: dict, student, share_teacher: float, noise: float,
            seconds: float, rng, every: int = 2):
    """Walk ``seconds`` (in episodes of at most 20 s, restarted after a fall) under random
    commands; each period the teacher's action is the label, and the one applied is the
    teacher's with probability ``share_teacher``, else the student's, with noise added so
    that it meets states off its path and learns the way back. Keeps every ``every``-th
    period (neighbours are nearly the same sample)."""
    obs_out, act_out = [], []
    done = 0.0
    while done < seconds:
        walk = Walk(xml, desc)
        episode = min(20.0, seconds - done)
        plan = random_commands(rng, desc["limits"], episode)
        t, n = 0.0, 0
        while t < episode - 1e-9:
            command = [c for s, c in plan if s <= t + 1e-9][-1]
            actor = None if student is None or rng.random() < share_teacher else student
            obs, label = walk.tick(command, actor, noise, rng)
            if n % every == 0:
                obs_out.append(obs)
                act_out.append(label)
            t += walk.period
            n += 1
            if walk.sim.fell():
                break
        done += max(t, 1.0)
    return np.array(obs_out), np.array(act_out)


# -- the held-out score --------------------------------------------------------------------
HELD_OUT = ((0.2, 0.0, 0.0), (-0.2, 0.0, 0.0), (0.0, 0.1, 0.0), (0.0, 0.0, 0.5),
            (0.0, 0.0, -0.5))


def walk_command(walk: Walk, command, actor, seconds: float) -> tuple[float, bool]:
    """Walk ``command`` ``seconds`` from rest; its speed over the last 3 s against the
    asked, and whether it fell."""
    from mobiledsl.sim.pose import reached_share
    fell, poses = False, []
    for _ in range(int(round(seconds / walk.period))):
        walk.tick(command, actor, 0.0, None)
        poses.append(walk.sim.pose2d())
        fell = fell or walk.sim.fell()
    window = int(round(3.0 / walk.period))
    return reached_share(poses[-window], poses[-1], command, 3.0), fell


def score(xml: Path, desc: dict, student, seconds: float = 5.0, seed: int = 99) -> float:
    """Lower is better: how far each held-out run's speed is from the asked (as a share),
    summed, plus 5 for each fall, over the held-out runs and a random run of 20 s."""
    total = 0.0
    for command in HELD_OUT:
        share, fell = walk_command(Walk(xml, desc), command, student, seconds)
        total += abs(share - 1.0) + 5.0 * fell
    walk = Walk(xml, desc)
    rng = np.random.default_rng(seed)
    for start, command in random_commands(rng, desc["limits"], 20.0, hold=(2.0, 4.0)):
        for _ in range(int(round(min(3.0, 20.0 - start) / walk.period))):
            walk.tick(command, student, 0.0, None)
            if walk.sim.fell():
                return total + 5.0
    return total


# -- the network ---------------------------------------------------------------------------
class Network:
    """obs -> tanh(W1) -> tanh(W2) -> W3, inputs normalised by the first data's mean and
    spread (kept after, so that learning more starts from what was learned)."""

    def __init__(self, x, n_out: int, rng):
        def layer(a, b):
            return rng.normal(0, 1 / math.sqrt(a), (a, b)), np.zeros(b)
        n_in = x.shape[1]
        self.params = [*layer(n_in, HIDDEN), *layer(HIDDEN, HIDDEN), *layer(HIDDEN, n_out)]
        self.mean = x.mean(0)
        self.spread = x.std(0) + 1e-3
        self._adam = ([np.zeros_like(p) for p in self.params],
                      [np.zeros_like(p) for p in self.params], [0])

    def forward(self, x):
        w1, b1, w2, b2, w3, b3 = self.params
        z = (x - self.mean) / self.spread
        h1 = np.tanh(z @ w1 + b1)
        h2 = np.tanh(h1 @ w2 + b2)
        return z, h1, h2, h2 @ w3 + b3

    def __call__(self, obs):
        return self.forward(np.asarray(obs, float)[None, :])[3][0]

    def copy_params(self):
        return [p.copy() for p in self.params]

    def fit(self, x, y, epochs: int, rng, lr=1e-3, batch=512):
        m, v, step = self._adam
        for epoch in range(epochs):
            order = rng.permutation(len(x))
            total = 0.0
            for s in range(0, len(x), batch):
                idx = order[s:s + batch]
                z, h1, h2, out = self.forward(x[idx])
                err = out - y[idx]
                total += float((err ** 2).sum())
                g_out = 2 * err / len(idx)
                w1, b1, w2, b2, w3, b3 = self.params
                g_w3, g_b3 = h2.T @ g_out, g_out.sum(0)
                g_h2 = (g_out @ w3.T) * (1 - h2 ** 2)
                g_w2, g_b2 = h1.T @ g_h2, g_h2.sum(0)
                g_h1 = (g_h2 @ w2.T) * (1 - h1 ** 2)
                g_w1, g_b1 = z.T @ g_h1, g_h1.sum(0)
                step[0] += 1
                for i, g in enumerate((g_w1, g_b1, g_w2, g_b2, g_w3, g_b3)):
                    m[i] = 0.9 * m[i] + 0.1 * g
                    v[i] = 0.999 * v[i] + 0.001 * g * g
                    mh, vh = m[i] / (1 - 0.9 ** step[0]), v[i] / (1 - 0.999 ** step[0])
                    self.params[i] -= lr * mh / (np.sqrt(vh) + 1e-8)
            if epoch % 10 == 0 or epoch == epochs - 1:
                print(f"  epoch {epoch}: mean squared error {total / y.size:.5f}", flush=True)

    def onnx_bytes(self) -> bytes:
        """The network as ONNX: the normalisation folded into the first layer."""
        from onnx import TensorProto, helper
        w1, b1, w2, b2, w3, b3 = self.params
        w1n = w1 / self.spread[:, None]
        b1n = b1 - (self.mean / self.spread) @ w1

        def tensor(name, a):
            a = np.asarray(a, np.float32)
            return helper.make_tensor(name, TensorProto.FLOAT, a.shape, a.ravel().tolist())
        nodes = [helper.make_node("MatMul", ["observation", "W1"], ["a1"]),
                 helper.make_node("Add", ["a1", "B1"], ["z1"]),
                 helper.make_node("Tanh", ["z1"], ["h1"]),
                 helper.make_node("MatMul", ["h1", "W2"], ["a2"]),
                 helper.make_node("Add", ["a2", "B2"], ["z2"]),
                 helper.make_node("Tanh", ["z2"], ["h2"]),
                 helper.make_node("MatMul", ["h2", "W3"], ["a3"]),
                 helper.make_node("Add", ["a3", "B3"], ["action"])]
        graph = helper.make_graph(
            nodes, "quad_walker_policy",
            [helper.make_tensor_value_info("observation", TensorProto.FLOAT, [1, w1.shape[0]])],
            [helper.make_tensor_value_info("action", TensorProto.FLOAT, [1, w3.shape[1]])],
            [tensor("W1", w1n), tensor("B1", b1n), tensor("W2", w2), tensor("B2", b2),
             tensor("W3", w3), tensor("B3", b3)])
        model = helper.make_model(graph, producer_name="make_walker_policy.py",
                                  opset_imports=[helper.make_opsetid("", 13)])
        model.ir_version = 8
        return model.SerializeToString()


# -- the whole -----------------------------------------------------------------------------
# each DAgger round: the teacher's share of the periods, the noise on the actions applied
ROUNDS = ((0.5, 0.1), (0.2, 0.1), (0.0, 0.1), (0.0, 0.1), (0.0, 0.05), (0.0, 0.05),
          (0.0, 0.05), (0.0, 0.0))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run, to try the script")
    parser.add_argument("-o", "--output", default=str(OUT), help="where to write the policy")
    args = parser.parse_args(argv)
    rng = np.random.default_rng(SEED)
    scale = 0.05 if args.quick else 1.0
    rounds = ROUNDS[:2] if args.quick else ROUNDS
    with tempfile.TemporaryDirectory() as tmp:
        xml, desc = build_model(Path(tmp))
        print("the gait walks, the network watches", flush=True)
        x, y = rollout(xml, desc, None, 1.0, 0.05, 240 * scale, rng)
        net = Network(x, y.shape[1], rng)
        net.fit(x, y, max(3, int(30 * scale)), rng)
        best = (score(xml, desc, net), net.copy_params())
        print(f"  held-out score {best[0]:.3f}", flush=True)
        for share, noise in rounds:
            print(f"the network walks ({share:.0%} of the periods the gait, noise {noise}), "
                  "the gait labels", flush=True)
            xs, ys = rollout(xml, desc, net, share, noise, 120 * scale, rng)
            x, y = np.concatenate([x, xs]), np.concatenate([y, ys])
            net.fit(x, y, max(2, int(10 * scale)), rng)
            held = score(xml, desc, net)
            print(f"  held-out score {held:.3f} ({len(x)} samples)", flush=True)
            if held < best[0]:          # early stopping: the best network seen is kept
                best = (held, net.copy_params())
        net.params = best[1]
    out = Path(args.output)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_bytes(net.onnx_bytes())
    print(f"wrote {out} (held-out score {best[0]:.3f}, {len(x)} samples)")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The simulation runtime: load an emitted MuJoCo model with the controller description the
mjcf target writes beside it, and drive the robot by a body twist (vx, vy, wz).

This package imports nothing from the rest of mobiledsl (only numpy, mujoco and, for a
policy, onnxruntime), so it can be copied as it is into a package that stands alone.

    sim = load_simulation("build/quad/mjcf/quad.xml")
    sim.command(0.2, 0.0, 0.0)
    sim.advance(5.0)
    x, y, yaw = sim.pose2d()
"""
from .runtime import Simulation, load_simulation

__all__ = ["Simulation", "load_simulation"]

"""A wheeled base drives through its twist map: each actuator's command is the dot product
of its row with the twist (vx, vy, wz). A steered base also sets its kingpins for the same
twist (``steering.py``)."""
from __future__ import annotations

import numpy as np


class TwistDrive:
    def __init__(self, model, twist_map: dict, steering: dict | None = None):
        import mujoco

        from .steering import steering_of
        rows = []
        ids = []
        for name, row in sorted(twist_map.items()):
            i = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_ACTUATOR, name)
            if i < 0:
                raise ValueError(f"the twist map names actuator {name!r}, "
                                 "which the model does not have")
            ids.append(i)
            rows.append([float(v) for v in row])
        self.ids = np.array(ids, int)
        self.rows = np.array(rows, float).reshape(len(ids), 3)
        self.steering = steering_of(model, steering)

    def control(self, model, data, twist, time: float) -> None:
        if len(self.ids):
            data.ctrl[self.ids] = self.rows @ np.asarray(twist, float)
        if self.steering is not None:
            self.steering.apply(data, float(twist[0]), float(twist[2]))

    def stepping(self) -> bool:
        return False

"""A wheeled base drives through its twist map: each actuator's command is the dot product
of its row with the twist (vx, vy, wz). A steered base also sets its kingpins for the same
twist (``steering.py``).

The model's drives ramp their command through a first-order filter (``filterexact``, so a
step fed straight to the twist map starts the base at no more than its tyres grip). The
runtime already ramps the twist linearly at the controller's ``ax`` and ``az`` (the analysis'
start), so it sets each filtered drive's state (and command) to the ramped command itself, the
filter then passing it unchanged: the base starts linearly at ``ax``, as the analysis' time to speed
counts, instead of a linear ramp with the filter's exponential lag behind it (2.5 times the
analysis' time to half the top speed on a base whose start is held to g / 2)."""
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
        # the filtered drives and their filter's state
        filtered = [k for k, i in enumerate(ids)
                    if int(model.actuator_dyntype[i]) in (int(mujoco.mjtDyn.mjDYN_FILTEREXACT),
                                                          int(mujoco.mjtDyn.mjDYN_FILTER))
                    and model.actuator_actadr[i] >= 0]
        self.filtered = np.array(filtered, int)
        self.states = np.array([model.actuator_actadr[ids[k]] for k in filtered], int)

    def control(self, model, data, twist, time: float) -> None:
        if len(self.ids):
            want = self.rows @ np.asarray(twist, float)
            data.ctrl[self.ids] = want
            if len(self.filtered):
                data.act[self.states] = data.ctrl[self.ids[self.filtered]]
        if self.steering is not None:
            self.steering.apply(data, float(twist[0]), float(twist[2]))

    def stepping(self) -> bool:
        return False

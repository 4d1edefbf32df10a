"""The legs of a model, read from MuJoCo's own tree: for each foot geom, the servo hinges
between it and the base, and the inverse kinematics that places the foot by them, using
MuJoCo's kinematics and its Jacobian (mj_jacGeom) on a data of its own."""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .pose import foot_geom

DAMPING = 1e-4          # damped least squares: a target out of reach costs no wild turn


@dataclass
class Leg:
    foot: str             # the foot's name (component.foot)
    geom: int             # the foot geom
    joints: list[int]     # its servo hinges, base first
    qadr: np.ndarray      # their qpos addresses
    dofs: np.ndarray      # their dof addresses
    actuators: np.ndarray  # the actuator turning each
    hold: np.ndarray      # each servo's hold (the joint's ref): the command is from it
    low: np.ndarray
    high: np.ndarray


def servo_of_joint(model) -> dict[int, int]:
    import mujoco
    out = {}
    for a in range(model.nu):
        if model.actuator_trntype[a] == mujoco.mjtTrn.mjTRN_JOINT:
            out[int(model.actuator_trnid[a, 0])] = a
    return out


def find_legs(model, feet: dict[str, str], base: int) -> list[Leg]:
    """A leg for each foot: the hinges a servo turns on the way from its geom up to base."""
    import mujoco
    servos = servo_of_joint(model)
    legs = []
    for name, geom_name in sorted(feet.items()):
        g = foot_geom(model, name, geom_name)
        joints = []
        body = int(model.geom_bodyid[g])
        while body not in (base, 0):
            first = model.body_jntadr[body]
            for j in range(first, first + model.body_jntnum[body]):
                if model.jnt_type[j] == mujoco.mjtJoint.mjJNT_HINGE and j in servos:
                    joints.append(j)
            body = int(model.body_parentid[body])
        joints.reverse()
        qadr = np.array([model.jnt_qposadr[j] for j in joints], int)
        legs.append(Leg(name, g, joints, qadr, np.array([model.jnt_dofadr[j] for j in joints], int),
                        np.array([servos[j] for j in joints], int), model.qpos0[qadr].copy(),
                        np.array([model.jnt_range[j, 0] for j in joints]),
                        np.array([model.jnt_range[j, 1] for j in joints])))
    return legs


class LegKinematics:
    """The robot with its base held at the origin, level: foot positions are then in the
    base's frame. Used for the legs' inverse kinematics only; the simulation's data is never
    touched."""

    def __init__(self, model, free_qadr: int | None):
        import mujoco
        self._mj = mujoco
        self.model = model
        self.data = mujoco.MjData(model)
        self.data.qpos[:] = model.qpos0
        if free_qadr is not None:
            self.data.qpos[free_qadr:free_qadr + 7] = [0, 0, 0, 1, 0, 0, 0]
        self.jacp = np.zeros((3, model.nv))
        self.forward()

    def forward(self) -> None:
        self._mj.mj_kinematics(self.model, self.data)
        self._mj.mj_comPos(self.model, self.data)

    def foot(self, leg: Leg) -> np.ndarray:
        return self.data.geom_xpos[leg.geom].copy()

    def com(self, base: int) -> np.ndarray:
        """The whole robot's centre of mass, in the base's frame."""
        return self.data.subtree_com[base].copy()

    def jacobian(self, leg: Leg) -> np.ndarray:
        """How the foot moves (base frame) per turn of each of its servos, where it is now."""
        self._mj.mj_jacGeom(self.model, self.data, self.jacp, None, leg.geom)
        return self.jacp[:, leg.dofs].copy()

    def solve(self, legs: list[Leg], targets: list[np.ndarray], q: list[np.ndarray],
              iterations: int = 3) -> list[np.ndarray]:
        """Joint angles placing each leg's foot at its target (base frame), from ``q``."""
        d = self.data
        q = [np.array(v, float) for v in q]
        for _ in range(iterations):
            for leg, v in zip(legs, q):
                d.qpos[leg.qadr] = v
            self.forward()
            for i, (leg, target) in enumerate(zip(legs, targets)):
                err = target - d.geom_xpos[leg.geom]
                jac = self.jacobian(leg)
                step = jac.T @ np.linalg.solve(jac @ jac.T + DAMPING * np.eye(3), err)
                q[i] = np.clip(q[i] + step, leg.low, leg.high)
        return q


def angle_about(centre: np.ndarray, p: np.ndarray) -> float:
    return math.atan2(p[1] - centre[1], p[0] - centre[0]) % (2 * math.pi)

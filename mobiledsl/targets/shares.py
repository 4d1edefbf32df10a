"""What a target adds to simulate a part (a steered wheel's knuckle, a holonomic wheel's
rollers, a track's road wheels) takes its mass out of that part: the pieces and what is left
of the part sum exactly to the part's stated inertial, so every target and the analysis
agree on the robot's mass, centre of mass and inertia. One source for every share."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from ..library.model import Inertia, Inertial
from ..model.frames import VecLike
from ..recordtype import record

KNUCKLE_SHARE = 0.1  # of a steered wheel's stated mass, carried by its knuckle
ROLLER_SHARE = 0.1  # of a mecanum or omni wheel's stated mass, carried by its rollers
ROADWHEEL_SHARE = 0.05  # of a track's stated mass, carried by its road wheels
MISSING_MASS = 0.05  # kg, for a wheel or track that states no inertial


@record
class Piece:
    """A body a target adds, in the part's frame: its mass, centre and inertia about it."""

    mass: float
    com: np.ndarray
    inertia: np.ndarray  # 3x3, part axes


def tensor(i: Inertial) -> np.ndarray:
    t = i.inertia
    return np.array([[t.ixx, t.ixy, t.ixz], [t.ixy, t.iyy, t.iyz], [t.ixz, t.iyz, t.izz]], float)


def inertial(mass: float, com: VecLike, t: np.ndarray, basis: str) -> Inertial:
    t = (t + t.T) / 2
    x, y, z = (float(v) for v in com)
    return Inertial(
        float(mass),
        (x, y, z),
        Inertia(
            float(t[0, 0]),
            float(t[0, 1]),
            float(t[0, 2]),
            float(t[1, 1]),
            float(t[1, 2]),
            float(t[2, 2]),
        ),
        "estimated",
        basis,
    )


def scaled(stated: Inertial, factor: float) -> Inertial:
    """The same body at ``factor`` of its mass (the same centre, the inertia scaled)."""
    return inertial(
        stated.mass * factor, stated.origin_xyz, tensor(stated) * factor, stated.basis or ""
    )


def moved(stated: Inertial, rotation: np.ndarray, offset: Sequence[float]) -> Inertial:
    """``stated`` seen from another frame: x_new = rotation x + offset."""
    com = rotation @ np.asarray(stated.origin_xyz, float) + np.asarray(offset, float)
    return inertial(stated.mass, com, rotation @ tensor(stated) @ rotation.T, stated.basis or "")


def remainder(stated: Inertial, pieces: Iterable[Piece]) -> Inertial:
    """What is left of ``stated`` once ``pieces`` are taken out of it: together they have
    exactly its mass, centre of mass and inertia (parallel axes)."""
    pieces = list(pieces)
    c = np.asarray(stated.origin_xyz, float)
    mass = stated.mass - sum(p.mass for p in pieces)
    com = (stated.mass * c - sum(p.mass * p.com for p in pieces)) / mass

    def shift(m: float, r: np.ndarray) -> np.ndarray:
        return m * ((r @ r) * np.eye(3) - np.outer(r, r))

    about_o = tensor(stated) + shift(stated.mass, c)
    for p in pieces:
        about_o = about_o - p.inertia - shift(p.mass, p.com)
    return inertial(mass, com, about_o - shift(mass, com), "the part less what the target adds")

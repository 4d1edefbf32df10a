"""A walker's load places its limbs on its body, as the assembly places a program's legs, and
the walker record keeps where each stands (``Limb.frame``), which the analysis compares a
robot's legs with."""
from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np

from mobiledsl.library.limbframes import limb_frame
from mobiledsl.library.loader import load_library

ROOT = Path(__file__).resolve().parents[2]


def demo():
    library, _ = load_library(ROOT / "libraries" / "demo_parts")
    return library


def test_the_demo_walkers_limbs_stand_at_their_hips():
    library = demo()
    walker = library.walkers["quad_walker"]
    body = library.parts[walker.body]
    for limb in walker.limbs:
        assert limb.frame is not None, limb.name
        hip = next(c for c in body.connectors.values()
                   if np.allclose(c.pos, limb.glue[:3], atol=0.001))
        leg = library.parts[limb.part]
        mount = leg.connectors[leg.profiles["Leg"]["default"]]
        # the leg's mount meets the hip: the frame carries the mount's point onto it
        placed = np.array(limb.frame.rotation) @ np.array(mount.pos) + np.array(limb.frame.xyz)
        assert np.allclose(placed, hip.pos, atol=1e-9), limb.name


def test_a_glue_that_names_no_connector_of_the_body_places_no_limb():
    library = demo()
    walker = library.walkers["quad_walker"]
    body, limb = library.parts[walker.body], walker.limbs[0]
    leg = library.parts[limb.part]
    off = (limb.glue[0] + 0.01,) + tuple(limb.glue[1:])
    assert limb_frame(body, leg, off) is None
    no_mount = dataclasses.replace(leg, profiles={})
    assert limb_frame(body, no_mount, limb.glue) is None

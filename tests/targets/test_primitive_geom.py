"""MJCF's primitive geoms from the library's sizes: sides and diameters become half-sides and
radii, for the robot's shapes and the world's entities alike."""
from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from mobiledsl.targets.mjcf.robot import primitive_geom


@pytest.mark.parametrize("kind, size", [
    ("box", "0.2 0.1 0.05"),
    ("sphere", "0.2"),
    ("cylinder", "0.2 0.05"),
    ("capsule", "0.2 0.05"),
])
def test_sizes_are_halved(kind, size):
    body = ET.Element("body")
    primitive_geom(body, "g", kind, (0.4, 0.2, 0.1), {"rgba": "1 0 0 1"})
    assert ET.tostring(body, encoding="unicode") == (
        f'<body><geom name="g" type="{kind}" size="{size}" rgba="1 0 0 1" /></body>')


def test_a_kind_without_a_primitive_writes_nothing():
    body = ET.Element("body")
    primitive_geom(body, "g", "hull", (0.4, 0.2, 0.1), {})
    assert len(body) == 0

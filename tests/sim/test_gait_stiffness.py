"""The gait against real servo stiffness: one gait walks within 80-120 % of
the asked forward, sideways and turn speeds for servo kp 20 to 300 N·m/rad on a Go2-class
robot and on the demo quad that walks by it, with no fall, and told forward it does not
first step back. Every run is a short MuJoCo simulation from rest: 2 s to get going, then
the speed reached over the next 2 s."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from mobiledsl.sim import load_simulation
from mobiledsl.sim.pose import reached_share

from .go2 import ROOT, build_go2

ASKED = {"forward": (0.3, 0.0, 0.0), "sideways": (0.0, 0.15, 0.0), "turn": (0.0, 0.0, 0.5)}
KPS = (20, 100, 300)
RAMP, MEASURED = 2.0, 2.0


@pytest.fixture(scope="module")
def go2_at(tmp_path_factory):
    cache = {}

    def build(kp):
        if kp not in cache:
            cache[kp] = build_go2(tmp_path_factory.mktemp(f"go2-kp{kp}"), kp=kp)
        return cache[kp]
    return build


@pytest.fixture(scope="module")
def quad_gait_at(tmp_path_factory):
    """programs/quad_gait compiled against the demo library with its leg servos at kp."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.robotgen import write_demo_library
    cache = {}

    def build(kp):
        if kp not in cache:
            folder = tmp_path_factory.mktemp(f"quad-gait-kp{kp}")
            lib = write_demo_library(folder, kp)
            proc = subprocess.run(
                [sys.executable, "-m", "mobiledsl", "compile",
                 str(ROOT / "programs" / "quad_gait" / "quad_gait.core"), "--library", str(lib),
                 "--target", "mjcf", "-o", str(folder / "out")],
                capture_output=True, text=True, cwd=ROOT)
            assert proc.returncode == 0, proc.stderr
            cache[kp] = folder / "out" / "mjcf" / "quad_gait.xml"
        return cache[kp]
    return build


def walk(xml: Path, twist) -> tuple[float, bool]:
    """Reached / asked over MEASURED s after RAMP s, and whether it fell on the way."""
    sim = load_simulation(xml)
    sim.settle(0.3)
    sim.command(*twist)
    fell = False
    for _ in range(int(RAMP / 0.05)):
        sim.advance(0.05)
        fell = fell or sim.fell()
    start = sim.pose2d()
    for _ in range(int(MEASURED / 0.05)):
        sim.advance(0.05)
        fell = fell or sim.fell()
    return reached_share(start, sim.pose2d(), twist, MEASURED), fell


@pytest.mark.slow
@pytest.mark.parametrize("kp", KPS)
@pytest.mark.parametrize("way", list(ASKED))
def test_the_go2_class_walks_the_asked_speed_at_every_kp(go2_at, kp, way):
    share, fell = walk(go2_at(kp), ASKED[way])
    assert not fell
    assert 0.8 <= share <= 1.2, f"kp {kp}, {way}: {share * 100:.0f} % of the asked"


@pytest.mark.slow
@pytest.mark.parametrize("kp", KPS)
@pytest.mark.parametrize("way", list(ASKED))
def test_the_demo_quad_walks_its_gait_at_every_kp(quad_gait_at, kp, way):
    share, fell = walk(quad_gait_at(kp), ASKED[way])
    assert not fell
    assert 0.8 <= share <= 1.2, f"kp {kp}, {way}: {share * 100:.0f} % of the asked"


@pytest.mark.slow
@pytest.mark.parametrize("kp", KPS)
def test_told_forward_the_go2_class_never_steps_back(go2_at, kp):
    """The trunk, from where it stood, never goes back more than 2 mm over the first
    0.6 s (a stride and a half), and is ahead by the end of it."""
    sim = load_simulation(go2_at(kp))
    sim.settle(0.3)
    x0 = sim.pose2d()[0]
    sim.command(0.3, 0.0, 0.0)
    least = 0.0
    for _ in range(60):
        sim.advance(0.01)
        least = min(least, sim.pose2d()[0] - x0)
    assert least > -0.002, f"kp {kp}: {least * 1000:.1f} mm back"
    assert sim.pose2d()[0] - x0 > 0.02

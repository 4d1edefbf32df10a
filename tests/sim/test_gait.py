"""The gait's timing (each foot's share on the floor and in the air, the pairs half a period
apart, all down together twice a period), and a robot walking by it: it lifts its feet the
step height, goes at the speed told, and stops with every foot down once settled."""
from __future__ import annotations

import math

import numpy as np
import pytest

from mobiledsl.pipeline import compile_program
from mobiledsl.sim import load_simulation
from mobiledsl.sim.gait import TICK, GaitTiming, offsets_in_turn

from ..targets.conftest import LIBRARY, ROOT

SAMPLES = 4000


def shares(timing: GaitTiming, foot: int) -> float:
    phases = np.arange(SAMPLES) / SAMPLES
    return sum(timing.in_air(p, foot) for p in phases) / SAMPLES


@pytest.mark.parametrize("duty", [0.51, 0.55, 0.75, 0.95])
def test_each_foot_is_in_the_air_its_share_of_the_period(duty):
    timing = GaitTiming(0.4, duty, [0.0, 0.5, 0.0, 0.5])
    for foot in range(4):
        assert shares(timing, foot) == pytest.approx(1 - duty, abs=2 / SAMPLES)


@pytest.mark.parametrize("duty", [0.51, 0.55, 0.95])
def test_every_foot_down_together_twice_a_period_for_duty_less_a_half(duty):
    timing = GaitTiming(0.4, duty, [0.0, 0.5, 0.0, 0.5])
    phases = np.arange(SAMPLES) / SAMPLES
    down = [timing.all_down(p) for p in phases]
    assert sum(down) / SAMPLES == pytest.approx(2 * (duty - 0.5), abs=3 / SAMPLES)
    starts = [i for i in range(SAMPLES) if down[i] and not down[i - 1]]
    assert len(starts) == 2                         # two windows a period


def test_the_pairs_lift_half_a_period_apart():
    timing = GaitTiming(0.4, 0.55, [0.0, 0.5, 0.0, 0.5])
    phases = np.arange(SAMPLES) / SAMPLES

    def lifts(foot):
        return [p for i, p in enumerate(phases)
                if timing.in_air(p, foot) and not timing.in_air(phases[i - 1], foot)]
    assert lifts(0) == lifts(2) and lifts(1) == lifts(3)
    assert abs(lifts(1)[0] - lifts(0)[0]) == pytest.approx(0.5)


def test_feet_taken_in_turn_about_the_middle_alternate():
    square = [np.array(p) for p in ((0.1, 0.1), (0.1, -0.1), (-0.1, 0.1), (-0.1, -0.1))]
    # FL, FR, RL, RR: the diagonals step together
    assert offsets_in_turn(square) == [0.0, 0.5, 0.5, 0.0]
    hexagon = [np.array((math.cos(a), math.sin(a))) for a in np.arange(6) * math.pi / 3]
    offsets = offsets_in_turn(hexagon)          # taken round: neighbours alternate (tripods)
    assert sorted(offsets) == [0.0, 0.0, 0.0, 0.5, 0.5, 0.5]
    assert all(offsets[i] != offsets[i - 1] for i in range(6))


@pytest.fixture(scope="module")
def walked(model_xml):
    """The quad_gait robot told 0.2 m/s ahead, watched for its feet, then told to stop."""
    sim = load_simulation(model_xml("quad_gait"))
    assert sim.controller["kind"] == "gait"
    sim.settle(0.3)
    assert not sim.stepping() and sim.feet_down()
    sim.command(0.2, 0.0, 0.0)
    sim.advance(2.0)
    x0 = sim.pose2d()[0]
    drive = sim.drive
    rest = [drive.kin.foot(leg)[2] for leg in drive.legs]   # standing, base frame
    air, lift = [], np.zeros(len(drive.legs))
    for _ in range(int(round(2 * drive.timing.period / TICK))):
        sim.advance(TICK)
        air.append([drive.timing.in_air(drive.phase, i) for i in range(len(drive.legs))])
        lift = np.maximum(lift, [t[2] - h[2] for t, h in zip(drive.targets, drive.home)])
    x1 = sim.pose2d()[0]
    seconds = 2 * drive.timing.period
    sim.settle(3.0)
    return sim, np.array(air), lift, (x1 - x0) / seconds, rest


@pytest.mark.slow
def test_walking_each_foot_steps_its_share_and_height(walked):
    sim, air, lift, _, _ = walked
    duty = sim.controller["gait"]["duty"]
    assert air.mean(axis=0) == pytest.approx([1 - duty] * 4, abs=0.02)
    assert lift == pytest.approx([sim.controller["gait"]["step_height"]] * 4, rel=0.02)


@pytest.mark.slow
def test_walking_it_goes_at_the_speed_told(walked):
    _, _, _, speed, _ = walked
    assert 0.8 * 0.2 < speed < 1.2 * 0.2


def test_told_to_stop_it_settles_and_stands_on_every_foot(walked):
    sim = walked[0]
    assert not sim.stepping()
    assert sim.feet_down() is True and not sim.fell()
    assert sim.drive.timing.all_down(sim.drive.phase)


def test_the_command_follows_at_a_bounded_rate_within_the_gaits_ranges(model_xml):
    sim = load_simulation(model_xml("quad_gait"))
    sim.command(5.0, 1.0, -5.0)                     # beyond every range
    limits = sim.controller["limits"]
    assert sim.limiter.asked == pytest.approx((limits["vx"][1], limits["vy"][1],
                                               limits["wz"][0]))
    sim.advance(0.1)
    # 1 m/s each second ahead and aside; 2 rad/s each second turning
    assert sim.twist == pytest.approx((0.1, 0.1, -0.2), abs=1e-9)
    sim.advance(0.1)
    # aside, the range's end 0.15 is reached and held
    assert sim.twist == pytest.approx((0.2, 0.15, -0.4), abs=1e-9)
    sim.command(-5.0, 0.0, 5.0)
    sim.advance(0.1)
    assert sim.twist == pytest.approx((0.1, 0.05, -0.2), abs=1e-9)


def pitch_only_library(tmp_path):
    """The demo library with hip_leg's rolling bracket taken out: its hip on its frame."""
    import shutil
    import yaml
    library = tmp_path / "lib"
    shutil.copytree(LIBRARY, library)
    shutil.rmtree(library / "walkers")
    leg = library / "parts" / "hip_leg" / "component.yaml"
    stated = yaml.safe_load(leg.read_text())
    del stated["links"]["abduct"]
    stated["links"]["hip"]["parent"] = None
    leg.write_text(yaml.safe_dump(stated))
    return library


def turn_gain_of(tmp_path, library) -> tuple[float, list]:
    out = tmp_path / "out"
    compile_program(str(ROOT / "programs" / "quad_gait" / "quad_gait.core"), None, None,
                    [str(library)], ["mjcf"], str(out), False)
    sim = load_simulation(out / "mjcf" / "quad_gait.xml")
    return sim.drive.turn_gain, sim.drive.home


def test_feet_that_step_across_turn_by_stepping(tmp_path):
    gain, _ = turn_gain_of(tmp_path, LIBRARY)
    assert gain == 1.0


def test_feet_that_only_pitch_make_the_strides_longer_to_slide_round(tmp_path):
    gain, home = turn_gain_of(tmp_path, pitch_only_library(tmp_path))
    middle = np.mean(home, axis=0)
    reach = np.mean([abs(p[0] - middle[0]) for p in home])
    across = np.mean([abs(p[1] - middle[1]) for p in home])
    assert gain == pytest.approx(1 + (reach / across) ** 2)
    assert gain > 3                      # 0.12 m fore and aft of the middle, 0.08 m across

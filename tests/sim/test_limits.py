"""The command is held within its limits and reached at a bounded rate."""
from __future__ import annotations

import pytest

from mobiledsl.sim.limits import RateLimiter


def test_ramps_at_one_metre_per_second_each_second():
    r = RateLimiter({"ax": 1.0, "az": 2.0})
    r.ask(0.5, -0.5, 1.0)
    assert r.step(0.1) == pytest.approx((0.1, -0.1, 0.2))
    assert r.step(0.1) == pytest.approx((0.2, -0.2, 0.4))
    for _ in range(10):
        r.step(0.1)
    assert r.now == pytest.approx((0.5, -0.5, 1.0))     # reached, and held there


def test_a_stop_from_a_run_slows_over_a_moment():
    r = RateLimiter({"ax": 1.0, "az": 2.0})
    r.ask(1.0, 0, 2.0)
    for _ in range(250):
        r.step(0.004)
    assert r.now == pytest.approx((1.0, 0, 2.0))
    r.ask(0, 0, 0)
    assert r.step(0.004) == pytest.approx((0.996, 0, 1.992))
    assert not r.still()
    for _ in range(250):
        r.step(0.004)
    assert r.still()


@pytest.mark.parametrize("asked, held", [((2.0, 0.5, -3.0), (1.0, 0.2, -1.0)),
                                         ((-2.0, -0.5, 3.0), (-0.5, -0.2, 1.0)),
                                         ((0.9, 0.19, 0.99), (0.9, 0.19, 0.99))])
def test_the_asked_twist_is_held_within_the_ranges(asked, held):
    r = RateLimiter({"vx": [-0.5, 1.0], "vy": [-0.2, 0.2], "wz": [-1.0, 1.0]})
    r.ask(*asked)
    assert r.asked == pytest.approx(held)


def test_no_limit_stated_leaves_the_speed_free_but_the_rate_bounded():
    r = RateLimiter({})
    r.ask(5.0, 0, 0)
    assert r.asked == (5.0, 0, 0)
    assert r.step(0.5)[0] == pytest.approx(0.5)

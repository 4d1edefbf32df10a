"""fmt keeps the texts it has written by value: the same text as formatting afresh, for
every kind of number, on first and later calls."""
from __future__ import annotations

import math
import random
import struct

import numpy as np
import pytest

from mobiledsl.targets import frames
from mobiledsl.targets.frames import fmt, fmtv


def fresh(x) -> str:
    """fmt as it is specified: '%.12g', with anything below 1e-15 in magnitude '0'."""
    value = float(x)
    return "0" if abs(value) < 1e-15 else f"{value:.12g}"


def edges() -> list[float]:
    out = [0.0, -0.0, 1e-15, -1e-15, math.nextafter(1e-15, 0), math.nextafter(-1e-15, 0),
           math.nextafter(1e-15, 1), 1e-16, 5e-324, -5e-324, 1e16, -1e16, 1e17, 1e-5, 1e-4,
           123456789012.0, 1234567890123.0, 0.1 + 0.2, 1.0, -1.0, 0.5, 2.0 ** 53,
           math.pi, -math.pi / 2, 1.7976931348623157e308, math.inf, -math.inf]
    return out


def many(n: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        kind = rng.randrange(4)
        if kind == 0:       # any double's bits
            out.append(struct.unpack("<d", rng.getrandbits(64).to_bytes(8, "little"))[0])
        elif kind == 1:     # a length or angle as a model holds them
            out.append(rng.uniform(-10, 10))
        elif kind == 2:     # a decimal written in a library, and its sums
            out.append(round(rng.uniform(-2, 2), rng.randrange(1, 6)) * rng.choice((1, 3)))
        else:               # around the edge of zero
            out.append(rng.choice((1, -1)) * 10.0 ** rng.uniform(-17, -13))
    return out


@pytest.mark.parametrize("value", edges())
def test_edges_as_formatted_afresh(value):
    assert fmt(value) == fresh(value)
    assert fmt(value) == fresh(value)           # again, from the kept texts
    assert fmt(np.float64(value)) == fresh(value)


def test_many_values_as_formatted_afresh_twice():
    values = [v for v in many(40_000, 18) if not math.isnan(v)]
    assert [fmt(v) for v in values] == [fresh(v) for v in values]
    assert [fmt(v) for v in reversed(values)] == [fresh(v) for v in reversed(values)]


def test_negative_zero_after_zero_and_back():
    assert [fmt(0.0), fmt(-0.0), fmt(-0.0), fmt(0.0)] == ["0"] * 4


def test_nan_each_time():
    assert fmt(math.nan) == fmt(float("nan")) == fmt(np.float64("nan")) == "nan"
    assert fmt(-math.nan) == fresh(-math.nan)


def test_ints_bools_numpy_and_text():
    for x in (0, 1, -7, 10 ** 20, True, np.int64(3), np.float32(0.1), np.array(2.5), "1.25"):
        assert fmt(x) == fresh(x)


def test_full_store_still_formats(monkeypatch):
    monkeypatch.setattr(frames, "_TEXTS", {})
    monkeypatch.setattr(frames, "_KEPT", 3)
    values = [0.25 * i for i in range(10)]
    assert [fmt(v) for v in values] == [fresh(v) for v in values]
    assert len(frames._TEXTS) == 3


def test_fmtv_joins_with_spaces():
    assert fmtv([1.0, -0.0, 2.5e-16, 1e16]) == "1 0 0 1e+16"
    assert fmtv([]) == ""


@pytest.mark.parametrize("kind", [list, tuple, iter, np.array,
                                  lambda v: np.array([x for x in v if abs(x) < 1e30],
                                                     dtype=np.float32)])
def test_fmtv_of_any_sequence_as_each_number(kind):
    values = many(200, 7)
    assert fmtv(kind(values)) == " ".join(fresh(v) for v in kind(values))
    assert fmtv(kind([])) == ""

"""The walking analysis finds what it found before it was made faster: the same peaks (to
1e-6 relative) and the same diagnostics, word for word, for the demo legged programs and a
Go2-class robot (tests/analysis/walking_golden.py holds how the snapshot is taken)."""
from __future__ import annotations

import json

import pytest

from .walking_golden import GOLDEN, snapshot


@pytest.fixture(scope="module")
def now():
    return snapshot()


GOLD = json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("case", sorted(GOLD))
def test_the_walking_peaks_are_as_recorded(now, case):
    was, found = GOLD[case]["walking_peaks"], now[case]["walking_peaks"]
    assert [p[:3] + p[4:] for p in found] == [p[:3] + p[4:] for p in was]
    assert [p[3] for p in found] == pytest.approx([p[3] for p in was], rel=1e-6)
    for (twist, peaks), (twist_was, peaks_was) in zip(now[case]["twists"],
                                                     GOLD[case]["twists"]):
        assert twist == twist_was and peaks == pytest.approx(peaks_was, rel=1e-6)


@pytest.mark.parametrize("case", sorted(GOLD))
def test_the_diagnostics_are_as_recorded(now, case):
    assert now[case]["diagnostics"] == GOLD[case]["diagnostics"]

"""The library schema's verdicts are pinned: every declaration we have and thousands of
mutations of them (see ``tests.library.pinning``) load to the same Part and the same
diagnostics, code, message, span and help, as recorded in the golden file."""
from __future__ import annotations

import json

import pytest

from tests.library import pinning


def _replay(golden: list, cases: list) -> None:
    """Each case loads as its golden record says; the first three that differ shown."""
    assert [c[0] for c in cases] == [g["case"] for g in golden], \
        "the cases changed: rewrite the golden file with python -m tests.library.pinning"
    differ = [(case, expected, got) for case, expected in zip(cases, golden)
              if (got := pinning.record(*case)) != expected]
    report = [f"{case[0]}\n--- text\n{case[3]}--- expected\n"
              f"{json.dumps(expected, indent=1, sort_keys=True)}\n--- got\n"
              f"{json.dumps(got, indent=1, sort_keys=True)}"
              for case, expected, got in differ[:3]]
    assert not differ, f"{len(differ)} of {len(cases)} cases differ; the first:\n" + \
        "\n\n".join(report)


@pytest.mark.slow
def test_every_case_loads_as_pinned():
    _replay(pinning.read_golden(), list(pinning.cases()))


@pytest.mark.slow
def test_every_legged_case_loads_as_pinned():
    """The legged blocks' own corpus (``pinning.legged_cases``), pinned as the other."""
    _replay(pinning.read_golden(pinning.GOLDEN_LEGGED), list(pinning.legged_cases()))

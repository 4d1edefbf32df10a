"""The positions table the graph keeps beside a record, and the diagnostics a task prints
from it, give a part's problem the same line and column, and quote the same line, whatever
ends the lines of its component.yaml."""
from __future__ import annotations

import textwrap

import pytest

from tests.endings import ENDINGS, ended

from .fixture import LIBRARY, PARTS, doit, make_project, write

PART = "lidar_ld06"


def printed(tmp_path, ending) -> str:
    """What the part's load task printed, its declaration's mass made negative."""
    text = textwrap.dedent(PARTS[PART]).replace("mass: 0.0824982", "mass: -1")
    root = make_project(tmp_path / "proj", parts={PART: PARTS[PART]})
    write(root / "libraries" / LIBRARY / "parts" / PART / "component.yaml",
          ended(text, ending).encode("utf-8"))
    report = doit(root, f"load:{LIBRARY}/{PART}")
    (task,) = [t for t in report["tasks"] if t["name"] == f"load:{LIBRARY}/{PART}"]
    return task["err"]


@pytest.mark.parametrize("ending", [e for k, e in ENDINGS.items() if k != "lf"],
                         ids=[k for k in ENDINGS if k != "lf"])
def test_a_part_s_problem_is_printed_at_its_place_in_every_ending(tmp_path, ending):
    expected = printed(tmp_path / "lf", "\n")
    assert "|   mass: -1\n" in expected and "component.yaml:" in expected
    assert printed(tmp_path / "other", ending) == expected

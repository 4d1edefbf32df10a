"""Every program in programs/ compiles with --check and no diagnostic at all, and its
analysis and top view are written beside its outputs."""
from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "libraries" / "demo_parts"
PROGRAMS = sorted(p for p in (ROOT / "programs").iterdir() if (p / f"{p.name}.core").exists())


def files(program: Path) -> list[str]:
    return [str(program / f"{program.name}{ext}") for ext in (".core", ".world", ".task")
            if (program / f"{program.name}{ext}").exists()]


def test_every_chassis_type_has_a_program():
    types = set()
    for program in PROGRAMS:
        for line in (program / f"{program.name}.core").read_text().splitlines():
            types.add(line.strip().split(" ", 1)[0])
    wheeled = {"Diff_two_caster", "Diff_drive", "Tracked", "Mecanum_four_wheel", "Omni_drive",
               "Omni_three_wheel", "Tricycle", "Ackermann"}
    assert wheeled <= types
    for program in PROGRAMS:
        assert (program / f"{program.name}.world").exists()
        assert (program / f"{program.name}.task").exists()


@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_compiles_clean_with_check(program):
    result = subprocess.run(
        [sys.executable, "-m", "mobiledsl", "compile", *files(program), "--library",
         str(LIBRARY), "--check", "--diagnostics", "json"],
        capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stdout + result.stderr
    report = json.loads(result.stdout)
    assert report["diagnostics"] == [], report["diagnostics"]


@pytest.mark.slow
@pytest.mark.parametrize("program", PROGRAMS[:1], ids=lambda p: p.name)
def test_report_has_analysis_and_top_view(program, tmp_path):
    result = subprocess.run(
        [sys.executable, "-m", "mobiledsl", "compile", *files(program), "--library",
         str(LIBRARY), "--target", "mjcf", "-o", str(tmp_path)],
        capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    analysis = json.loads((tmp_path / "report" / "analysis.json").read_text())
    assert analysis["mass"] > 0
    svg = ET.parse(tmp_path / "report" / "topview.svg").getroot()
    ids = {el.get("id") for el in svg.iter()}
    assert {"footprint", "support", "com", "findings"} <= ids

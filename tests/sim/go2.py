"""A generated Go2-class quadruped (bench/robotgen.py), compiled to MJCF for the runtime."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def build_go2(folder: Path, kp: float = 50.0, effort: dict | None = None) -> Path:
    """The emitted model of a Go2-class robot at ``kp``, efforts as ``effort`` says."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    from bench.robotgen import write_go2_project
    core, libs = write_go2_project(folder, kp=kp, effort=effort)
    out = folder / "out"
    proc = subprocess.run([sys.executable, "-m", "mobiledsl", "compile", str(core), "--library",
                           str(libs[0]), "--target", "mjcf", "-o", str(out)],
                          check=False, capture_output=True, text=True, cwd=folder,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 0, proc.stderr
    return out / "mjcf" / "go2.xml"


def with_weak_knees(xml: Path, effort: float = 3.0) -> Path:
    """The model with every knee's force limited to ``effort``: the compile refuses such a
    robot (servos_hold_the_stance), so the runtime's test edits the model it emitted."""
    text = xml.read_text()
    knees = f'forcerange="-{effort:g} {effort:g}"'
    weak = text.replace('forcerange="-45.43 45.43"', knees)
    assert weak.count(knees) == 4
    out = xml.with_name("go2_weak.xml")
    out.write_text(weak)
    out.with_name("go2_weak.controller.json").write_text(
        xml.with_name("go2.controller.json").read_text())
    return out

"""What the walking analysis (mobiledsl/analysis/walking.py) finds for the demo legged
programs and a Go2-class robot: each servo's walking peaks and the diagnostics, as a snapshot
to hold a faster walk to the same numbers. ``python -m tests.analysis.walking_golden``
(from the repository root) writes the snapshot anew."""
from __future__ import annotations

import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).with_name("data") / "walking_golden.json"
LIBRARY = ROOT / "libraries" / "demo_parts"
#: twists beyond the asked ones, walked through expected_walk (a diagonal and a turn with
#: speed take every leg's stride its own way)
TWISTS = ((0.05, 0.0, 0.0), (0.3, 0.0, 0.0), (-0.2, 0.0, 0.0), (0.0, 0.1, 0.0),
          (0.0, 0.0, -0.5), (0.2, 0.1, 0.3))
#: a weaker Go2-class, so its diagnostics (and the speed that fits) are held too
GO2_WEAK = {"calf": 12.0, "thigh": 9.0}


def _program(core: Path, world: Path | None, task: Path | None, library: Path) -> dict:
    from mobiledsl.analysis.walking import expected_walk
    from mobiledsl.pipeline import compile_program
    result = compile_program(str(core), str(world) if world else None,
                             str(task) if task else None, [str(library)], [], None, True)
    walk, _ = expected_walk(result.robot)
    return {
        "walking_peaks": [[p.joint, list(p.twist), list(p.steps), p.torque_nm, p.effort_nm]
                          for p in result.analysis.walking_peaks],
        "diagnostics": [[d.code, str(d.severity), d.message, list(d.help), list(d.notes)]
                        for d in result.diagnostics],
        "twists": [[list(t), walk.peaks(t)] for t in TWISTS],
    }


def snapshot() -> dict:
    sys.path.insert(0, str(ROOT))
    from bench.robotgen import write_go2_project
    out = {}
    for name in ("quad_gait", "quad"):
        p = ROOT / "programs" / name
        out[name] = _program(p / f"{name}.core", None, None, LIBRARY)
        out[name + "+task"] = _program(p / f"{name}.core", p / f"{name}.world",
                                       p / f"{name}.task", LIBRARY)
    with tempfile.TemporaryDirectory() as tmp:
        core, libs = write_go2_project(Path(tmp) / "go2")
        out["go2"] = _program(core, None, None, libs[0])
        core, libs = write_go2_project(Path(tmp) / "weak", effort=GO2_WEAK)
        out["go2_weak"] = _program(core, None, None, libs[0])
    # the Go2-class's files are in a folder of the moment, the demo's in the checkout: neither
    # folder's name is part of the result
    text = json.dumps(out).replace(json.dumps(tmp)[1:-1], "<tmp>")
    return json.loads(text.replace(json.dumps(str(ROOT))[1:-1], "<repo>"))


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(snapshot(), indent=1, sort_keys=True, ensure_ascii=False)
                      + "\n")

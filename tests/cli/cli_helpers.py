"""Helpers of the command-line tests: a tiny hand-written library and program, running
``python -m mobiledsl``, and a by-hand check of a SARIF log's structure."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

from tests.graph.fixture import BASE as PLATE_BASE
from tests.library.examples import WHEEL

REPO = Path(__file__).resolve().parents[2]

LIBRARY_YAML = """\
name: tiny
parts:
  - tiny_base
  - tiny_wheel
  - tiny_lidar
"""

# the same plate and wheel the library and build tests use, under ids of their own
TINY_BASE = textwrap.dedent(PLATE_BASE).replace("id: plate_base", "id: tiny_base")
TINY_WHEEL = WHEEL.replace("id: standard_80", "id: tiny_wheel")

TINY_LIDAR = """\
schema_version: 1
id: tiny_lidar
category: sensor
description: A small 2D lidar.
visual: {file: assets/model.dae, xyz: [0, 0, 0], rpy: [0, 0, 0]}
collision: {type: box, size: [0.038, 0.038, 0.033], origin_xyz: [0, 0, 0.0165]}
inertial:
  mass: 0.08
  origin_xyz: [0, 0, 0.012]
  inertia: {ixx: 3.6e-05, ixy: 0, ixz: 0, iyy: 4.3e-05, iyz: 0, izz: 4.7e-05}
  source: cad_measured
connectors:
  mount: {pos: [0, 0, 0], dir: [0, 0, 1], up: [1, 0, 0]}
profiles:
  Lidar: {mounts: {default: mount}}
"""

# No inertial: a part problem, so the part is left out with a warning.
BROKEN_PART = """\
schema_version: 1
id: broken_part
category: sensor
description: A sensor whose declaration forgot its mass.
visual: {file: assets/model.dae, xyz: [0, 0, 0], rpy: [0, 0, 0]}
collision: {type: box, size: [0.01, 0.01, 0.01], origin_xyz: [0, 0, 0]}
connectors:
  mount: {pos: [0, 0, 0], dir: [0, 0, 1]}
profiles:
  Lidar: {mounts: {default: mount}}
"""

TINY_CORE = """\
Robot tiny_bot {
    intent "A plate on two wheels and a skid"
    Diff_two_caster chassis(ref = "tiny_base")
    Standard wheel_l(ref = "tiny_wheel", glue = (0, 0.1, -0.02, 0, 1, 0))
    Standard wheel_r(ref = "tiny_wheel", glue = (0, -0.1, -0.02, 0, -1, 0))
}
"""


def _part(root: Path, part_id: str, text: str) -> None:
    d = root / "parts" / part_id
    (d / "assets").mkdir(parents=True)
    (d / "component.yaml").write_text(text)
    (d / "assets" / "model.dae").write_text("<COLLADA/>\n")


def make_library(root: Path, broken: bool = False) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    manifest = LIBRARY_YAML + ("  - broken_part\n" if broken else "")
    (root / "library.yaml").write_text(manifest)
    _part(root, "tiny_base", TINY_BASE)
    _part(root, "tiny_wheel", TINY_WHEEL)
    _part(root, "tiny_lidar", TINY_LIDAR)
    if broken:
        _part(root, "broken_part", BROKEN_PART)
    return root


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """``python -m mobiledsl ARGS`` in a fresh interpreter, this checkout first on the path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(REPO) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("MOBILEDSL_TRACEBACK", None)
    env["NO_COLOR"] = "1"
    return subprocess.run([sys.executable, "-m", "mobiledsl", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


def check_sarif_structure(log: dict) -> None:
    """The parts of the SARIF 2.1.0 schema a code-scanning upload relies on, by hand."""
    assert log["version"] == "2.1.0"
    assert log["$schema"].endswith("sarif-schema-2.1.0.json")
    assert isinstance(log["runs"], list) and log["runs"]
    for run in log["runs"]:
        driver = run["tool"]["driver"]
        assert driver["name"] == "mobiledsl"
        assert isinstance(driver["version"], str) and driver["version"]
        rules = driver.get("rules", [])
        ids = [r["id"] for r in rules]
        assert len(ids) == len(set(ids))
        for rule in rules:
            assert isinstance(rule["id"], str)
            assert isinstance(rule["shortDescription"]["text"], str)
            if "defaultConfiguration" in rule:
                assert rule["defaultConfiguration"]["level"] in ("none", "note", "warning",
                                                                 "error")
        assert isinstance(run["results"], list)
        for result in run["results"]:
            assert isinstance(result["message"]["text"], str) and result["message"]["text"]
            assert result["ruleId"] in ids
            assert ids[result["ruleIndex"]] == result["ruleId"]
            assert result["level"] in ("none", "note", "warning", "error")
            for loc in result.get("locations", []) + result.get("relatedLocations", []):
                physical = loc["physicalLocation"]
                uri = physical["artifactLocation"]["uri"]
                assert isinstance(uri, str) and uri and "\\" not in uri
                region = physical.get("region")
                if region is not None:
                    assert region["startLine"] >= 1
                    for key in ("startColumn", "endLine", "endColumn"):
                        if key in region:
                            assert isinstance(region[key], int) and region[key] >= 1
                    assert region.get("endLine", region["startLine"]) >= region["startLine"]

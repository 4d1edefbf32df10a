"""A small project for the build-graph tests: a library of three parts written here (not
libraries/demo_parts, which is another helper's), a pyproject.toml with [tool.mobiledsl], and
the repository's dodo.py copied in. doit runs in this process (``doit``), or in a subprocess
where the real command is the point (``doit_subprocess``)."""
from __future__ import annotations

import contextlib
import importlib.util
import io
import itertools
import json
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap
from pathlib import Path

from tests.library.examples import TOF, WHEEL

REPO = Path(__file__).resolve().parents[2]

LIBRARY = "fix_parts"

PARTS = {
    "lidar_ld06": """\
        schema_version: 1
        id: lidar_ld06                     # the directory's name
        category: sensor
        description: LDRobot LD06 2D lidar.
        visual:
          file: assets/model.dae
          xyz: [0.0033, -0.0001, -0.012]
          rpy: [0, 0, -1.5708]
        collision:
          type: box
          size: [0.038, 0.038, 0.033]
          origin_xyz: [0, 0, 0.0165]
        inertial:
          mass: 0.0824982
          origin_xyz: [-0.000109908, -0.003282139, 0.01204194]
          inertia: {ixx: 3.621828e-05, ixy: 0, ixz: 0, iyy: 4.345764e-05, iyz: 0, izz: 4.733319e-05}
          source: cad_measured
        connectors:
          mount:
            pos: [0.0033, -0.0001, -0.024]
            dir: [0, 0, -1]
            up: [0, -1, 0]
        profiles:
          Lidar:
            mounts: {default: mount}
        """,
    # the library's plain wheel, with a comment the edit tests change
    "standard_80": WHEEL.replace("id: standard_80\n", "id: standard_80  # a plain wheel\n"),
    "tof_vl53l1x": TOF,                  # a range finder
}

# A chassis: a plate with two wheel mounts, a skid under its tail and a deck on top.
BASE = """\
    schema_version: 1
    id: plate_base
    category: chassis
    description: A plate with two wheel mounts and a skid moulded under its tail.
    visual: {file: assets/model.dae, xyz: [0, 0, 0], rpy: [0, 0, 0]}
    collision: {type: box, size: [0.3, 0.16, 0.05], origin_xyz: [-0.05, 0, 0]}
    inertial:
      mass: 1.0
      origin_xyz: [-0.05, 0, 0]
      inertia: {ixx: 0.0023, ixy: 0, ixz: 0, iyy: 0.0077, iyz: 0, izz: 0.0096}
      source: estimated
      basis: solid box of 300 by 160 by 50 mm at 1 kg
    connectors:
      left: {pos: [0, 0.1, -0.02], dir: [0, 1, 0]}
      right: {pos: [0, -0.1, -0.02], dir: [0, -1, 0]}
      top: {pos: [0, 0, 0.025], dir: [0, 0, 1], up: [1, 0, 0]}
    contacts:
      - {xyz: [-0.15, 0, -0.035], radius: 0.025, note: moulded skid under the tail}
    profiles:
      Diff_two_caster:
        mounts: {left_wheel: left, right_wheel: right, middle_top: top}
    """

CRATE = """\
    schema_version: 1
    id: crate
    category: object
    description: A wooden crate 0.4 m on a side.
    visual: {file: assets/model.dae, xyz: [0, 0, 0], rpy: [0, 0, 0]}
    collision:
    - {type: box, size: [0.4, 0.4, 0.4], origin_xyz: [0, 0, 0.2], rpy: [0, 0, 0]}
    """

ROOM = """\
    schema_version: 1
    id: small_room
    category: environment
    description: A room 3 m by 3 m with one crate in it.
    ground_plane: true
    entities:
      wall_north: {entity: Obstacle, type: box, size: [3, 0.1, 0.5], pos: [0, 1.5, 0.25, 0, 0, 0, 1]}
      box_1: {entity: Obstacle, ref: crate, pos: [1, -1, 0, 0, 0, 0, 1]}
      dock: {entity: Marker, type: cylinder, size: [0.3, 0.3, 0.002], pos: [-1, -1, 0.001, 0, 0, 0, 1]}
    """

# Two programs: `scout` carries the lidar and drives in the room; `ranger` carries the
# range finder on an empty ground plane.
PROGRAMS = {
    "scout": {
        "core": """\
            Robot scout {
                Diff_two_caster chassis(ref = "plate_base")
                Standard wheel_l(ref = "standard_80", glue = (0, 0.1, -0.02, 0, 1, 0))
                Standard wheel_r(ref = "standard_80", glue = (0, -0.1, -0.02, 0, -1, 0))
                Lidar top(ref = "lidar_ld06", glue = (0, 0, 0.025, 0, 0, 1))
            }
            """,
        "world": """\
            World storeroom {
                environment = "small_room"
                start = (0.0, 0.0, 0.0)
            }
            """,
        "task": """\
            Task patrol {
                Advance(distance_m = 0.5, speed_mps = 0.2)
                Navigate(goal = @world/dock)
            }
            """,
    },
    "ranger": {
        "core": """\
            Robot ranger {
                Diff_two_caster chassis(ref = "plate_base")
                Standard wheel_l(ref = "standard_80", glue = (0, 0.1, -0.02, 0, 1, 0))
                Standard wheel_r(ref = "standard_80", glue = (0, -0.1, -0.02, 0, -1, 0))
                Range front(ref = "tof_vl53l1x", glue = (0, 0, 0.025, 0, 0, 1))
            }
            """,
    },
}

FULL_PARTS = dict(PARTS, plate_base=BASE, crate=CRATE, small_room=ROOM)

PYPROJECT = """\
[project]
name = "fixture"
version = "0"

[tool.mobiledsl]
libraries = ["libraries/fix_parts"]
programs = "programs/*"
targets = []
exclude = []
"""


def write(path: Path, text: str | bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")


def make_project(root: Path, parts: dict[str, str] = PARTS, pyproject: str = PYPROJECT,
                 programs: dict[str, dict[str, str]] | None = None) -> Path:
    lib = root / "libraries" / LIBRARY
    write(lib / "library.yaml", f"name: {LIBRARY}\nparts:\n" +
          "".join(f"  - {pid}\n" for pid in parts))
    for pid, text in parts.items():
        write(lib / "parts" / pid / "component.yaml", textwrap.dedent(text))
        if "category: environment" not in text:
            write(lib / "parts" / pid / "assets" / "model.dae", f"<mesh of {pid}/>\n")
    for name, files in (programs or {}).items():
        for kind, text in files.items():
            write(root / "programs" / name / f"{name}.{kind}", textwrap.dedent(text))
    write(root / "pyproject.toml", pyproject)
    shutil.copy2(REPO / "dodo.py", root / "dodo.py")
    return root


def env_with_repo() -> dict[str, str]:
    """The environment of a doit subprocess: this checkout's mobiledsl first on the path."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(REPO)] + [p for p in
                                         env.get("PYTHONPATH", "").split(os.pathsep) if p])
    env["NO_COLOR"] = "1"
    return env


_LOADED = itertools.count()


def load_dodo(root: Path):
    """The project's dodo.py as a fresh module, imported from ``root`` as doit would."""
    spec = importlib.util.spec_from_file_location(f"_dodo_{next(_LOADED)}", root / "dodo.py")
    module = importlib.util.module_from_spec(spec)
    with contextlib.chdir(root):
        spec.loader.exec_module(module)
    return module


def run_doit(root: Path, *args: str) -> tuple[int, str, str]:
    """``doit *args`` in this process, from ``root``: (status, stdout, stderr). The graph's
    code is the code under test either way; a subprocess only adds Python's start-up."""
    from doit.cmd_base import NamespaceTaskLoader
    from doit.doit_cmd import DoitMain

    class DodoLoader(NamespaceTaskLoader):
        # dodo.py is imported after doit read the command line, so get_var sees its vars
        def load_doit_config(self):
            self.namespace = dict(vars(load_dodo(root)))
            return super().load_doit_config()

    out, err = io.StringIO(), io.StringIO()
    with contextlib.chdir(root), contextlib.redirect_stdout(out), \
            contextlib.redirect_stderr(err):
        status = DoitMain(DodoLoader()).run(list(args))
    return status, out.getvalue(), err.getvalue()


def doit(root: Path, *args: str) -> dict:
    """Run `doit --reporter=json` in root, in this process; returns its JSON document
    (raises on failure)."""
    # doit's reporter writes to the stdout it saw when imported: give it a file instead
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        status, stdout, stderr = run_doit(root, "--reporter=json", f"--output-file={report}",
                                          *args)
        text = report.read_text(encoding="utf-8") if report.exists() else ""
        assert status == 0, f"doit failed ({status}):\n{text}\n{stdout}\n{stderr}"
        return json.loads(text)


def doit_subprocess(root: Path, *args: str) -> dict:
    """Run `python -m doit --reporter=json` in root; returns its JSON document."""
    proc = subprocess.run([sys.executable, "-m", "doit", "--reporter=json", *args], cwd=root,
                          env=env_with_repo(), capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, f"doit failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return json.loads(proc.stdout)


def executed(report: dict) -> list[str]:
    """The tasks that ran. doit's JSON reporter gives each task a "result": "success" or
    "fail" when its actions ran, "up-to-date" when it was skipped as up to date, "ignore"
    for an ignored one, and null for one never reached. Group tasks (`load`) are marked
    always up to date by the graph, so they never count."""
    return sorted(t["name"] for t in report["tasks"] if t["result"] in ("success", "fail"))


def results(report: dict) -> dict[str, str | None]:
    return {t["name"]: t["result"] for t in report["tasks"]}

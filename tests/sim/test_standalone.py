"""The runtime stands alone: it imports nothing of mobiledsl outside its own package, so
its files can be copied into a package of their own."""
from __future__ import annotations

import pytest
import ast
import subprocess
import sys
from pathlib import Path

import mobiledsl.sim

PACKAGE = Path(mobiledsl.sim.__file__).parent
ALLOWED = {"numpy", "mujoco", "onnxruntime", "__future__"}


def test_only_relative_imports_and_its_three_libraries():
    for path in sorted(PACKAGE.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                assert node.level == 1 or node.module.split(".")[0] in ALLOWED | set(
                    sys.stdlib_module_names), f"{path.name}: from {node.module}"
            elif isinstance(node, ast.Import):
                for alias in node.names:
                    top = alias.name.split(".")[0]
                    assert top in ALLOWED | set(sys.stdlib_module_names), \
                        f"{path.name}: import {alias.name}"


@pytest.mark.slow
def test_a_copy_under_another_name_imports_and_steps(tmp_path, model_xml):
    copy = tmp_path / "robotsim"
    copy.mkdir()
    for path in PACKAGE.glob("*.py"):
        (copy / path.name).write_text(path.read_text())
    script = ("import sys; sys.modules['mobiledsl'] = None\n"     # mobiledsl unimportable
              "from robotsim import load_simulation\n"
              f"sim = load_simulation({str(model_xml('diff_drive'))!r})\n"
              "sim.command(0.2, 0, 0); sim.advance(0.5); print(sim.pose2d()[0] > 0)\n")
    out = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, capture_output=True,
                         text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "True"

"""``mobiledsl fix``: applies the machine-applicable suggestions in place, keeping comments,
layout and line ends, says what it changed, changes nothing on a dry run, refuses a
symbolic link, and a second run finds nothing."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mobiledsl.diagnostics import Fix, Span, insertion
from mobiledsl.fix.edits import apply_text, apply_yaml

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "libraries" / "demo_parts"

BOT = """\
// my robot: two mistakes, each with its fix
Robot bot {
    Diff_two_caster chassis(ref = "diff_bse")   // the base, misspelt
    Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))
    Standard wheel_r(ref = "standard_80", glue = (0, -0.12, -0.02, 0, -1, 0))
    /* the caster */ Caster ball(ref = "caster_ball" glue = (-0.15, 0, -0.045, 0, 0, -1))
}
"""


def test_two_fixes_on_one_line_are_both_written():
    text = "a b c\r\nd e\r\n"
    fixes = [insertion("f", 1, 2, ","), insertion("f", 1, 4, ","),
             Fix(Span("f", 2, 3, 2, 3), "E")]
    assert apply_text(text, fixes) == "a, b, c\r\nd E\r\n"
    # the same fix twice is written once
    assert apply_text(text, fixes + fixes[:1]) == "a, b, c\r\nd E\r\n"


def test_a_yaml_fix_keeps_comments_layout_and_crlf():
    text = ("schema_version: 1   # kept\r\ninertial:\r\n  mass: 0.1     # kg\r\n"
            "  origin_xyz: [0, 0, 0]\r\n  source: estimated\r\nprofiles:\r\n"
            "  Standard: {mounts: {default: mount}}\r\n")
    fix = Fix(Span("c.yaml"), "{ixx: 1e-05, ixy: 0, ixz: 0, iyy: 1e-05, iyz: 0, izz: 2e-05}",
              ("inertial", "inertia"))
    out = apply_yaml(text, [fix])
    assert out == text.replace("  source:", "  inertia: {ixx: 1e-05, ixy: 0, ixz: 0, iyy: "
                               "1e-05, iyz: 0, izz: 2e-05}\r\n  source:")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    shutil.copytree(DEMO, root / "lib")
    wheel = root / "lib" / "parts" / "standard_80" / "component.yaml"
    wheel.write_text("".join(l for l in wheel.read_text().splitlines(keepends=True)
                             if not l.startswith("  inertia:")))
    (root / "programs" / "bot").mkdir(parents=True)
    (root / "programs" / "bot" / "bot.core").write_bytes(BOT.replace("\n", "\r\n").encode())
    (root / "pyproject.toml").write_text('[tool.mobiledsl]\nlibraries = ["lib"]\n'
                                         'programs = "programs/*"\ntargets = ["mjcf"]\n')
    return root


def mobiledsl(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    return subprocess.run([sys.executable, "-m", "mobiledsl", *args], cwd=cwd, env=env,
                          capture_output=True, text=True)


def files(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def test_fix_writes_every_fix_keeps_the_rest_and_is_idempotent(project):
    before = mobiledsl(project, "compile", "programs/bot/bot.core", "--check")
    assert before.returncode == 1
    run = mobiledsl(project, "fix")
    assert run.returncode == 0, run.stderr
    core = (project / "programs" / "bot" / "bot.core").read_bytes().decode()
    assert core == BOT.replace("\n", "\r\n").replace('"diff_bse"', '"diff_base"') \
        .replace('"caster_ball" glue = (-0.15, 0, -0.045,', '"caster_ball", glue = (-0.15, 0, -0.035,')
    wheel = (project / "lib" / "parts" / "standard_80" / "component.yaml").read_text()
    assert "  inertia: {ixx: 4.75e-05, ixy: 0, ixz: 0, iyy: 4.75e-05, iyz: 0, izz: 8e-05}\n" \
        in wheel
    # it says what it changed, file:line: old → new
    assert 'programs/bot/bot.core:3: Diff_two_caster chassis(ref = "diff_bse")   // the base, ' \
        'misspelt → Diff_two_caster chassis(ref = "diff_base")   // the base, misspelt' \
        in run.stdout
    assert "lib/parts/standard_80/component.yaml:10: (none) → inertia: {ixx: 4.75e-05" in run.stdout
    after = mobiledsl(project, "compile", "programs/bot/bot.core", "--check")
    assert after.returncode == 0 and "0 errors, 0 warnings" in after.stderr, after.stderr
    snapshot = files(project)
    again = mobiledsl(project, "fix")
    assert again.returncode == 0 and "nothing to fix" in again.stderr
    assert files(project) == snapshot


def test_a_dry_run_prints_the_diff_and_writes_nothing(project):
    snapshot = files(project)
    run = mobiledsl(project, "fix", "--dry-run")
    assert run.returncode == 0, run.stderr
    assert "--- a/programs/bot/bot.core" in run.stdout
    # the first pass: the comma (the id and the glue are found once it parses)
    assert '+    /* the caster */ Caster ball(ref = "caster_ball", glue' in run.stdout
    assert "+  inertia: {ixx: 4.75e-05" in run.stdout
    assert files(project) == snapshot


def test_fix_refuses_a_symlinked_file(project, tmp_path):
    core = project / "programs" / "bot" / "bot.core"
    outside = tmp_path / "outside.core"
    outside.write_bytes(core.read_bytes())
    core.unlink()
    core.symlink_to(outside)
    run = mobiledsl(project, "fix", "programs/bot")
    assert run.returncode == 2
    assert "symbolic link" in run.stderr
    assert outside.read_bytes() == BOT.replace("\n", "\r\n").encode()

"""The tests run from a clone of the repository alone: no test file reaches for a folder
beside it (the spec and tools a project may keep next to its checkout), and the README's
test command is the one CI runs."""
from __future__ import annotations

import pytest
import ast
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = "sha" + "red"      # spelled apart so this file does not find itself
# a literal path that leaves the checkout for that folder: the shared folder beside the checkout, ...
LITERAL = re.compile(r"(^|/)\.\./" + OUTSIDE + r"(/|$)|^/work/" + OUTSIDE + r"(/|$)")


def _climbs(node: ast.AST) -> bool:
    """A path that goes up from the test file or the checkout (``.parent``, ``.parents[n]``,
    ``__file__``, ``ROOT``): a folder of that name inside a test's own folders is fine."""
    return any(isinstance(n, ast.Attribute) and n.attr in ("parent", "parents")
               or isinstance(n, ast.Name) and n.id in ("__file__", "ROOT")
               for n in ast.walk(node))


def reaches_outside(source: str) -> list[int]:
    """Lines of a Python file that name the folder beside the checkout."""
    lines = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                LITERAL.search(node.value):
            lines.append(node.lineno)
        elif isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div) and \
                isinstance(node.right, ast.Constant) and node.right.value == OUTSIDE and \
                _climbs(node.left):
            lines.append(node.lineno)
    return sorted(set(lines))


@pytest.mark.slow
def test_no_test_file_reads_beside_the_checkout():
    offenders = {str(p.relative_to(ROOT)): lines for p in sorted(ROOT.joinpath("tests").rglob("*.py"))
                 if (lines := reaches_outside(p.read_text(encoding="utf-8")))}
    assert offenders == {}, f"test files that read outside the repository: {offenders}"


def test_the_check_finds_each_way_of_reaching_out_and_spares_temporary_folders():
    word = OUTSIDE
    assert reaches_outside(f'SPEC = ROOT.parent / "{word}" / "spec"') == [1]
    assert reaches_outside(f'p = Path(__file__).parents[3] / "{word}"') == [1]
    assert reaches_outside(f'subprocess.run(["bash", "../{word}/tools/x.sh"])') == [1]
    assert reaches_outside(f'open("/work/{word}/spec/README.md")') == [1]
    assert reaches_outside(f'(tmp_path / "{word}").mkdir()') == []
    assert reaches_outside(f'(part_dir / "assets" / "{word}").mkdir()') == []
    assert reaches_outside(f'x = "{word}_memory"; y = "../{word}x"') == []


def test_ci_runs_exactly_the_readme_test_command():
    readme = ROOT.joinpath("README.md").read_text(encoding="utf-8")
    ci = ROOT.joinpath(".ci", "run").read_text(encoding="utf-8")
    command = "python tools/setup_test_consumers.py && pip install -e '.[test]' && pytest"
    assert f"    {command}\n" in readme
    assert command in ci.splitlines()


def test_a_machine_without_the_checker_s_needs_is_told_what_to_install(monkeypatch, tmp_path):
    from tests.consumers import _setup_module
    setup = _setup_module()
    monkeypatch.setenv("PATH", str(tmp_path))          # no g++, no pkg-config
    assert setup.missing() == ["g++", "pkg-config", "libsdformat-dev"]
    try:
        setup.build_checker(tmp_path / "sdfcheck")
    except setup.SetupError as exc:
        assert "libsdformat-dev" in str(exc) and "setup_test_consumers.py" in str(exc)
    else:
        raise AssertionError("built a checker without a compiler")
    assert not (tmp_path / "sdfcheck").exists()


@pytest.mark.slow
def test_the_checker_builds_here_and_loads_a_small_world(tmp_path):
    from tests.consumers import _setup_module
    setup = _setup_module()
    checker = setup.build_checker(tmp_path / "sdfcheck")
    good = tmp_path / "good.sdf"
    good.write_text('<?xml version="1.0"?><sdf version="1.9"><world name="w"/></sdf>\n')
    bad = tmp_path / "bad.sdf"
    bad.write_text('<?xml version="1.0"?><sdf version="1.9"><world name="w"><model/></world></sdf>\n')
    ok = subprocess.run([str(checker), str(good)], capture_output=True, text=True)
    assert ok.returncode == 0 and "1 world(s)" in ok.stdout
    refused = subprocess.run([str(checker), str(bad)], capture_output=True, text=True)
    assert refused.returncode == 1 and "error" in refused.stderr


def test_without_root_the_setup_says_which_command_installs_the_packages(monkeypatch):
    from tests.consumers import _setup_module
    setup = _setup_module()
    monkeypatch.setattr(setup.os, "geteuid", lambda: 1000)
    try:
        setup.install(["libsdformat-dev"])
    except setup.SetupError as exc:
        assert "sudo apt-get install -y libsdformat-dev" in str(exc)
    else:
        raise AssertionError("installed without being root")

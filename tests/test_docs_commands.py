"""The commands of README.md and docs/ run as typed: every ``sh`` block, in the page's order,
from the root of a fresh copy of the checkout's project (its pyproject.toml, dodo.py,
libraries and programs), each ending with status 0. Synopses (``mobiledsl run ROBOT.core
...``) stand in plain blocks and are not run; the tutorial has a test of its own."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.docpages import ROOT, Command, Shell, page_env, read_page, shown_in

PAGES = sorted(p.relative_to(ROOT).as_posix() for p in
               [ROOT / "README.md", *ROOT.joinpath("docs").glob("*.md")]
               if p.name != "tutorial.md")
RUN = [page for page in PAGES
       if any(isinstance(s, Command) for s in read_page(ROOT / page))]


def project_copy(tmp: Path) -> Path:
    root = tmp / "checkout"
    root.mkdir()
    for name in ("pyproject.toml", "dodo.py"):
        shutil.copy(ROOT / name, root / name)
    for name in ("libraries", "programs"):
        shutil.copytree(ROOT / name, root / name)
    return root


def test_the_pages_that_show_commands_to_type_are_run():
    assert {"README.md", "docs/cli.md", "docs/run.md", "docs/simulation.md"} <= set(RUN)


@pytest.mark.slow
@pytest.mark.parametrize("page", RUN)
def test_every_command_of_the_page_runs_as_typed(page, tmp_path):
    root = project_copy(tmp_path)
    shell = Shell(root, page_env(tmp_path))
    for step in read_page(ROOT / page):
        done = shell.run(step.text)
        printed = done.stdout + done.stderr
        stopped = step.text.split()[:2] == ["mobiledsl", "watch"]
        assert done.returncode == 0 or stopped, \
            f"{page}:{step.line}: `{step.text}` exited {done.returncode}:\n{printed}"
        assert shown_in(step.shows, printed) is None

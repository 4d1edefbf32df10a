"""docs/tutorial.md, run as a newcomer reads it: every command of its console blocks, in
order, in a fresh folder, with its files written where the page says, each command's output
holding the lines the page shows (its counts of files and tasks among them)."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.docpages import ROOT, Command, File, Shell, page_env, read_page, shown_in

TUTORIAL = ROOT / "docs" / "tutorial.md"


def test_the_tutorial_reads_as_a_script():
    steps = read_page(TUTORIAL)
    commands = [s for s in steps if isinstance(s, Command)]
    files = [s.path for s in steps if isinstance(s, File)]
    assert files[0] == "pyproject.toml" and "programs/first_bot/first_bot.task" in files
    said = [c.text.split()[:2] for c in commands]
    for words in (["mobiledsl", "library"], ["mobiledsl", "compile"], ["doit"],
                  ["mobiledsl", "watch"], ["mobiledsl", "simulate"], ["mobiledsl", "run"]):
        assert any(w[:len(words)] == words for w in said), words
    assert all(c.shows for c in commands if c.text.startswith("mobiledsl")), \
        "every mobiledsl command of the tutorial shows what it prints"


@pytest.mark.slow
def test_every_command_of_the_tutorial_runs_as_typed(tmp_path):
    shell = Shell(tmp_path, page_env(tmp_path))
    project: Path | None = None
    for step in read_page(TUTORIAL):
        if isinstance(step, File):
            # the first file is the project's pyproject.toml; every path is from its folder
            project = project or shell.cwd
            target = project / step.path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(step.text, encoding="utf-8")
            continue
        done = shell.run(step.text)
        printed = done.stdout + done.stderr
        stopped = step.text.split()[:2] == ["mobiledsl", "watch"]
        assert done.returncode == 0 or stopped, \
            f"tutorial line {step.line}: `{step.text}` exited {done.returncode}:\n{printed}"
        missing = shown_in(step.shows, printed)
        assert missing is None, (f"tutorial line {step.line}: `{step.text}` did not print "
                                 f"{missing!r}; it printed:\n{printed}")
    # run from a program's folder or the project's, nothing is written beside the program
    assert not (project / "programs" / "first_bot" / "build").exists()
    assert (project / "build" / "cli" / "first_bot" / "report" / "run.svg").is_file()

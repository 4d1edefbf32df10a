"""A documentation page read as a script: its fenced ``console`` blocks (``$ `` a command,
the lines below it what it prints) and its file blocks (```` ```yaml file=PATH ````), in the
page's order, run in a folder of their own (``run_page``). Used by the tutorial's test and
by the test that runs the README's and the docs' commands as typed."""
from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

FENCE = re.compile(r"^```(\w*)([^\n]*)\n(.*?)^```$", re.MULTILINE | re.DOTALL)
# commands that run until they are stopped: run for a while, then Ctrl-C
UNTIL_STOPPED = {"watch": 10.0}
# figures that differ from run to run (times): compared as a placeholder
_SECONDS = re.compile(r"\b\d+(\.\d+)? s\b")


@dataclass
class Command:
    line: int                      # in the page, 1-based
    text: str
    shows: list[str] = field(default_factory=list)   # the lines the page shows, "..." any


@dataclass
class File:
    line: int
    path: str
    text: str


def read_page(page: Path) -> list[Command | File]:
    """The page's commands and files, in order."""
    text = page.read_text(encoding="utf-8")
    steps: list[Command | File] = []
    for m in FENCE.finditer(text):
        lang, info, body = m.group(1), m.group(2), m.group(3)
        line = text.count("\n", 0, m.start()) + 1
        named = re.search(r"\bfile=(\S+)", info)
        if named:
            steps.append(File(line, named.group(1), body))
        elif lang in ("console", "sh"):
            steps.extend(_commands(body, line, prompted=lang == "console"))
    return steps


def _commands(body: str, at: int, prompted: bool) -> list[Command]:
    out: list[Command] = []
    lines = body.rstrip("\n").split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if prompted and not line.startswith("$ "):
            if out:
                out[-1].shows.append(line)
            i += 1
            continue
        command = line[2:] if prompted else line
        # a command continued with a backslash, as typed
        while command.endswith("\\") and i + 1 < len(lines):
            i += 1
            command = command[:-1] + " " + lines[i].strip()
        command = command.split("  # ")[0].rstrip()      # a comment for the reader
        if command and not command.startswith("#"):
            out.append(Command(at + 1 + i, command))
        i += 1
    return out


def normal(line: str) -> str:
    return _SECONDS.sub("<t> s", line.rstrip())


def shown_in(shows: list[str], printed: str) -> str | None:
    """None when the lines the page shows are printed, in order ("..." any lines, and at
    the start and end of what is shown any lines too); else what is missing."""
    got = [normal(l) for l in printed.splitlines()]
    at = 0
    for want in shows:
        if want.strip() == "...":
            continue
        # "..." inside a line stands for what differs there (a folder, the last figures)
        pattern = re.compile(".*".join(re.escape(p) for p in normal(want).split("...")) + r"\Z")
        found = next((i for i in range(at, len(got)) if pattern.match(got[i])), None)
        if found is None:
            return want
        at = found + 1
    return None


class Shell:
    """Runs a page's commands one after another as a shell would: ``cd`` and ``export``
    carry over; each command runs in bash from the current folder."""

    def __init__(self, cwd: Path, env: dict[str, str]):
        self.cwd = cwd
        self.env = env

    def run(self, command: str, timeout: float = 600) -> subprocess.CompletedProcess:
        # the part after the last `cd` of a `a && cd b && c` chain is where the next runs
        script = f"{command}\necho; echo \"__cwd__=$PWD\"\n"
        word = shlex.split(command)[:2]
        if len(word) == 2 and word[0] == "mobiledsl" and word[1] in UNTIL_STOPPED:
            return self._until_stopped(command, UNTIL_STOPPED[word[1]])
        done = subprocess.run(["bash", "-e", "-c", script], cwd=self.cwd, env=self.env,
                              capture_output=True, text=True, timeout=timeout, check=False)
        out, _, cwd = done.stdout.rpartition("\n__cwd__=")
        if done.returncode == 0 and cwd:
            self.cwd = Path(cwd.strip())
            done = subprocess.CompletedProcess(done.args, 0, out, done.stderr)
        return done

    def _until_stopped(self, command: str, seconds: float) -> subprocess.CompletedProcess:
        """Start it, let it work, then Ctrl-C it, as the page says to."""
        proc = subprocess.Popen(["bash", "-c", "exec " + command], cwd=self.cwd, env=self.env,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                start_new_session=True)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and proc.poll() is None:
            time.sleep(0.5)
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=60)
        return subprocess.CompletedProcess(command, proc.returncode, out, err)


def page_env(tmp: Path) -> dict[str, str]:
    """The environment the page's reader has: the checkout as $CHECKOUT, mobiledsl on the
    PATH (this checkout's, whatever is installed), doit as a command."""
    bin_dir = tmp / "bin"
    bin_dir.mkdir(exist_ok=True)
    for name, module in (("mobiledsl", "mobiledsl"), ("doit", "doit")):
        script = bin_dir / name
        script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m {module} "$@"\n')
        script.chmod(0o755)
    env = dict(os.environ)
    env.update(CHECKOUT=str(ROOT), PYTHONPATH=str(ROOT), NO_COLOR="1",
               PATH=f"{bin_dir}{os.pathsep}{env.get('PATH', '')}")
    env.pop("MOBILEDSL_CACHE", None)
    return env

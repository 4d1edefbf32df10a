"""The console ends a compile at once, past the interpreter's own ending, and loses nothing
of what the compile printed; any other command ends as Python ends (its exit handlers
run)."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

# an exit handler stands for whatever the interpreter's ending would still do
CONSOLE = ("import atexit, sys; atexit.register(lambda: sys.stderr.write('ENDED\\n')); "
           "from mobiledsl.cli import console; console()")


def console(*argv: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-c", CONSOLE, *argv], env=env, capture_output=True,
                          text=True, timeout=300)


def test_a_compile_ends_at_once_with_its_output_whole(tiny_program, tiny_library, tmp_path):
    out = console("compile", str(tiny_program), "--library", str(tiny_library), "--target",
                  "mjcf", "-o", str(tmp_path / "out"), "--diagnostics", "json")
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["summary"] == {"errors": 0, "warnings": 0}
    assert "ENDED" not in out.stderr
    assert (tmp_path / "out" / "report" / "analysis.json").stat().st_size > 0


def test_a_failed_compile_ends_at_once_with_its_status(tiny_library, tmp_path):
    bad = tmp_path / "bad.core"
    bad.write_text("Robot bad {\n    Diff_two_caster base(ref = \"nothing_here\")\n}\n")
    out = console("compile", str(bad), "--library", str(tiny_library), "--check")
    assert out.returncode == 1 and "error" in out.stderr and "ENDED" not in out.stderr


def test_other_commands_and_usage_errors_end_as_python_does(tiny_library):
    explain = console("explain", "syntax.missing_paren")
    assert explain.returncode == 0 and explain.stdout and explain.stderr.endswith("ENDED\n")
    usage = console("compile")
    assert usage.returncode == 2 and usage.stderr.endswith("ENDED\n")


# the entry point turns the cyclic collector off before the first import; which commands
# get it back
COLLECTOR = ("import gc, sys; from mobiledsl.entry import console; import mobiledsl.cli as cli; "
             "off = not gc.isenabled(); "
             "status, at_once = cli._main(sys.argv[1:]); "
             "print(off, gc.isenabled(), at_once)")


def collector(*argv: str) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    out = subprocess.run([sys.executable, "-c", COLLECTOR, *argv], env=env, capture_output=True,
                         text=True, timeout=300)
    return out.stdout.split()[-3:]


def test_the_collector_stays_off_for_a_compile_only(tiny_program, tiny_library, tmp_path):
    """A compile runs without the cyclic collector (its process ends when it is done); a
    long-lived command (here explain, as simulate, run or the build graph would) gets it back
    before it runs."""
    compiled = collector("compile", str(tiny_program), "--library", str(tiny_library),
                         "--check")
    assert compiled == ["True", "False", "True"]
    assert collector("explain", "syntax.missing_paren") == ["True", "True", "False"]

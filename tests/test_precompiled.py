"""The table of functions compiled ahead (mobiledsl/precompiled.py): up to date, each entry
the text it stands for, a text outside it still compiled, and a compile of every demo
program compiling no text of its own at run time."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import types
from pathlib import Path

import pytest

from mobiledsl import precompiled
from mobiledsl.precompiled_table import MAKERS

ROOT = Path(__file__).resolve().parents[1]


def test_the_table_is_up_to_date():
    with open(precompiled.TABLE, encoding="utf-8") as f:
        written = f.read()
    assert written == precompiled.table_text(), (
        "run python -m mobiledsl.precompiled to write mobiledsl/precompiled_table.py again"
    )


def _function_code(code: types.CodeType, name: str) -> types.CodeType:
    (inner,) = [c for c in code.co_consts if isinstance(c, types.CodeType) and c.co_name == name]
    return inner


def _constants(code: types.CodeType) -> list:
    return [c for c in code.co_consts if not isinstance(c, types.CodeType)]


@pytest.mark.parametrize("entry", range(len(MAKERS)))
def test_each_entry_is_the_function_its_text_defines(entry):
    source, maker = list(MAKERS.items())[entry]
    name = "read" if source.startswith("def read(") else "__init__"
    wanted = _function_code(compile(source, "<text>", "exec"), name)
    made = _function_code(maker.__code__, name)
    assert made.co_argcount == wanted.co_argcount
    assert made.co_varnames == wanted.co_varnames  # the parameters and locals, in order
    assert _constants(made) == _constants(wanted)
    # a name the text reads from its scope is the maker's (a closure), the others as they were
    assert set(made.co_names) | set(made.co_freevars) == set(wanted.co_names)
    assert set(made.co_freevars) <= set(maker.__code__.co_cellvars)


def test_a_text_outside_the_table_is_compiled():
    source = "def add(x, y=__d_y):\n  return x + y + k\n"
    assert source not in MAKERS
    add = precompiled.define(source, {"__d_y": 2, "k": 10}, "add", "<test>")
    assert add(1) == 13 and add(1, 0) == 11


def test_an_entry_reads_its_names_from_the_scope_given():
    source = next(s for s in MAKERS if "__d_" in s and s.startswith("def __init__"))
    scope = _scope_for(source)
    scope[next(k for k in scope if k.startswith("__d_"))] = "given"
    init = precompiled.define(source, scope, "__init__", "<test>")
    assert init.__defaults__ is not None and "given" in init.__defaults__


_NO_TEXT = """
import builtins, json, sys
written = []
real = builtins.compile
def spy(source, filename, *args, **kwargs):
    if isinstance(filename, str) and filename.startswith(("<record", "<schema")):
        written.append(filename)
    return real(source, filename, *args, **kwargs)
builtins.compile = spy
from mobiledsl.cli import main
status = main(["compile", sys.argv[1], "--check", "--diagnostics", "json"])
print(json.dumps({"status": status, "written": written}), file=sys.stderr)
"""


@pytest.mark.parametrize(
    "program", sorted(str(p.relative_to(ROOT)) for p in (ROOT / "programs").glob("*/*.core"))
)
def test_a_compile_writes_no_function_at_run_time(program):
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # byte code at hand, as an installed package's
    done = subprocess.run(
        [sys.executable, "-c", _NO_TEXT, program],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    report = json.loads(done.stderr.strip().splitlines()[-1])
    assert report["written"] == [], (
        f"{program} compiled {report['written']} at run time: "
        "run python -m mobiledsl.precompiled"
    )


def test_without_byte_code_for_the_table_the_texts_are_compiled(monkeypatch):
    """A Python that writes no byte code and holds none for the table would compile the
    whole table: the few texts a run writes are compiled instead."""
    monkeypatch.delitem(sys.modules, "mobiledsl.precompiled_table")
    monkeypatch.setattr(sys, "dont_write_bytecode", True)
    real = os.path.exists
    monkeypatch.setattr(os.path, "exists", lambda p: False if p.endswith(".pyc") else real(p))
    assert precompiled._makers() == {}
    source = next(iter(MAKERS))
    assert callable(precompiled.define(source, _scope_for(source), _name(source), "<test>"))
    assert "mobiledsl.precompiled_table" not in sys.modules


def _name(source: str) -> str:
    return "read" if source.startswith("def read(") else "__init__"


def _scope_for(source: str) -> dict:
    import re

    return {word: None for word in re.findall(r"\b__[df]_\w+|\b__set\b|\b__factory\b", source)}

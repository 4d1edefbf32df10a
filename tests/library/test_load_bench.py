"""bench/load_library.py stays runnable, and the libraries it measures are the ones the
fast path is for: every declaration loads clean and is read by the scanner itself (so the
figures are of the scanner, not of the slower readers it steps aside for)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from mobiledsl.library.plainyaml import read_plain

ROOT = Path(__file__).resolve().parents[2]


def bench():
    spec = importlib.util.spec_from_file_location("load_bench", ROOT / "bench" / "load_library.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
@pytest.mark.parametrize("flags", [[], ["--varied"], ["--unique-lines"],
                                   ["--copies-of", str(ROOT / "libraries" / "demo_parts")],
                                   ["--copies-of", str(ROOT / "libraries" / "demo_parts"),
                                    "--varied"]])
def test_the_bench_runs_on_each_library(flags, capsys):
    # enough parts to take every kind of part of either library once
    assert bench().main(["--parts", "40", "--repeat", "1"] + flags) == 0
    assert "parts/s" in capsys.readouterr().out


@pytest.mark.parametrize("varied", [False, True])
def test_every_bench_declaration_is_read_by_the_scanner(tmp_path, varied):
    b = bench()
    files = b.generate(tmp_path / "gen", 16, varied_numbers=varied) + \
        b.copies(tmp_path / "copies", ROOT / "libraries" / "demo_parts", 40,
                 varied_numbers=varied)
    declined = [f.parent.name for f in files
                if read_plain(f.read_text(encoding="utf-8"), str(f)) is None]
    assert declined == []

"""bench/load_library.py stays runnable, and every declaration of the libraries it
measures reads clean (so the figures are of reading and checking, not of reporting)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from mobiledsl.yamlio import read_yaml

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
def test_every_bench_declaration_reads_clean(tmp_path, varied):
    b = bench()
    files = b.generate(tmp_path / "gen", 16, varied_numbers=varied) + \
        b.copies(tmp_path / "copies", ROOT / "libraries" / "demo_parts", 40,
                 varied_numbers=varied)
    unclean = [f.parent.name for f in files
               if read_yaml(f.read_bytes(), str(f))[1] != []]
    assert unclean == []

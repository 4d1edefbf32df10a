"""Mutated demo programs (.core, .world, .task) through the command line, in-process: every
run ends with exit status 0 or 1, no internal error, no traceback and no warning on stderr.

Hypothesis runs derandomized, so CI sees the same cases every time; FUZZ_EXAMPLES raises
the count (``bench/fuzz.py`` runs tens of thousands).
"""
from __future__ import annotations

import contextlib
import io
import os
import random
from pathlib import Path
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobiledsl import cli, pipeline

from .mutations import DSL_TOKENS, EXTREMES, mutate

REPO = Path(__file__).resolve().parents[2]
LIBRARY = REPO / "libraries" / "demo_parts"
PROGRAMS = sorted(p for p in (REPO / "programs").iterdir() if p.is_dir())

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "60")), deadline=None,
                    derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def demo_library():
    return pipeline.load_libraries([str(LIBRARY)])


def run(argv: list[str], loaded) -> tuple[int, str]:
    err = io.StringIO()
    with mock.patch.object(pipeline, "load_libraries", lambda dirs, *named: loaded), \
            contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = cli.main(argv)
    return status, err.getvalue()


def write_program(folder: Path, program: Path, language: str, text: str) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    files = []
    for kind in ("core", "world", "task"):
        src = program / f"{program.name}.{kind}"
        if not src.exists():
            continue
        dest = folder / src.name
        dest.write_text(text if kind == language else src.read_text(encoding="utf-8"),
                        encoding="utf-8")
        files.append(str(dest))
    return files


def check(status: int, err: str) -> None:
    assert status in (0, 1), err
    assert "internal error" not in err and "Traceback" not in err, err
    assert "Warning" not in err, err                   # numpy's and Python's warnings


@pytest.mark.slow
@pytest.mark.parametrize("language", ["core", "world", "task"])
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_a_mutated_program_is_diagnosed_never_crashes(tmp_path, demo_library, language, seed):
    rng = random.Random(seed)
    program = rng.choice(PROGRAMS)
    source = (program / f"{program.name}.{language}").read_text(encoding="utf-8")
    files = write_program(tmp_path / "p", program, language, mutate(source, rng, DSL_TOKENS))
    check(*run(["compile", *files, "--library", str(LIBRARY), "--check"], demo_library))


@pytest.mark.parametrize("extreme", EXTREMES)
def test_every_extreme_in_a_glue_is_a_diagnostic(tmp_path, demo_library, extreme):
    program = REPO / "programs" / "diff_bot"
    core = (program / "diff_bot.core").read_text(encoding="utf-8")
    for position in range(6):                          # each number of one glue
        numbers = ["0", "0.12", "-0.02", "0", "1", "0"]
        numbers[position] = extreme
        text = core.replace("glue = (0, 0.12, -0.02, 0, 1, 0)",
                            f"glue = ({', '.join(numbers)})")
        files = write_program(tmp_path / f"p{position}", program, "core", text)
        status, err = run(["compile", *files, "--library", str(LIBRARY), "--check"],
                          demo_library)
        check(status, err)
        if extreme in ("1e200", "1.8e308", "1e155", "5e-324", "1e999"):
            assert status == 1 and "syntax.invalid_number" in err

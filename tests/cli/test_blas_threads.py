"""The command line and the build graph run numpy's BLAS on one thread (its worker threads'
start-up was a quarter of a small compile's CPU time), unless the user chose otherwise; a
program that imports mobiledsl as a library keeps its own setting."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

VARIABLES = ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def _threads_seen(module: str, env_extra: dict[str, str]) -> list[str]:
    env = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    env.update(env_extra)
    code = (f"import {module}, os, sys; "
            f"print(*(os.environ.get(n, '-') for n in {VARIABLES!r}), "
            "'numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                         text=True, check=True)
    return out.stdout.split()


@pytest.mark.parametrize("module", ["mobiledsl.cli", "mobiledsl.graph"])
def test_the_tools_own_processes_take_one_thread_before_numpy_loads(module):
    assert _threads_seen(module, {}) == ["1", "1", "False"]


@pytest.mark.parametrize("module", ["mobiledsl.cli", "mobiledsl.graph"])
def test_a_count_the_user_set_wins(module):
    assert _threads_seen(module, {"OPENBLAS_NUM_THREADS": "4"})[0] == "4"


def test_a_library_import_changes_nothing():
    assert _threads_seen("mobiledsl.pipeline", {})[:2] == ["-", "-"]

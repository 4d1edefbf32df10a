"""Fixtures of the command-line tests: a tiny hand-written library and program."""
from __future__ import annotations

from pathlib import Path

import pytest

from .cli_helpers import TINY_CORE, make_library


@pytest.fixture
def tiny_library(tmp_path: Path) -> Path:
    return make_library(tmp_path / "tiny")


@pytest.fixture
def tiny_program(tmp_path: Path, tiny_library: Path) -> Path:
    core = tmp_path / "tiny_bot.core"
    core.write_text(TINY_CORE)
    return core

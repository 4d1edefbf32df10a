"""Programs built once per session through the command line, for the runtime to load."""
from __future__ import annotations

import pytest

from ..targets.conftest import ROOT, compile_program  # noqa: F401  (the shared builder)

PROGRAMS = ROOT / "programs"


@pytest.fixture(scope="session")
def model_xml(tmp_path_factory):
    """program name -> the path of its emitted MJCF model, built once."""
    cache = {}

    def build(name: str):
        if name not in cache:
            out = tmp_path_factory.mktemp(f"sim-{name}")
            result = compile_program(PROGRAMS / name, "mjcf", out)
            assert result.returncode == 0, result.stderr + result.stdout
            cache[name] = next((out / "mjcf").glob("*.xml"))
        return cache[name]
    return build

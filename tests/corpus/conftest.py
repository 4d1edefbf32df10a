"""The corpus runner: every selected case is started at once, in parallel, on first use."""
from __future__ import annotations

import pytest

from .harness import Case, Runner


@pytest.fixture(scope="session")
def corpus(request, tmp_path_factory):
    cases: dict[str, Case] = {}
    for item in request.session.items:
        callspec = getattr(item, "callspec", None)
        if callspec is None:
            continue
        for value in callspec.params.values():
            if isinstance(value, Case):
                cases.setdefault(value.id, value)
    runner = Runner(tmp_path_factory.mktemp("corpus"), list(cases.values()))
    yield runner
    runner.close()

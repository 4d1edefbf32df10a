"""The reader gives, for every document of the contract, what it gave when the contract was
recorded: the same values of the same types, the same places of every key and value, the
same diagnostics at the same places (see tests/library/yaml_contract.py)."""
from __future__ import annotations

import json

import pytest

from mobiledsl.yamlio import read_yaml
from tests.library.yaml_contract import GOLDEN, corpus, describe

CASES = corpus()
RECORDED = json.loads(GOLDEN.read_text(encoding="utf-8"))


def test_the_contract_covers_every_case():
    assert sorted(RECORDED) == sorted(name for name, _ in CASES)


@pytest.mark.parametrize("name, source", CASES, ids=[name for name, _ in CASES])
def test_the_reader_gives_what_the_contract_recorded(name, source):
    got = describe(read_yaml, source)
    expected = RECORDED[name]
    assert got["diagnostics"] == expected["diagnostics"]
    assert got["tree"] == expected["tree"]
    assert got == expected

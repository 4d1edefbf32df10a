"""The implicit types of plain YAML scalars, held to PyYAML's own resolver (the one its safe
loader and dumper use) over generated texts and the ends of every type."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st
from yaml.nodes import ScalarNode
from yaml.resolver import Resolver

from mobiledsl.targets.yamltypes import implicit_type

RESOLVER = Resolver()


def pyyaml(text: str) -> str:
    return RESOLVER.resolve(ScalarNode, text, (True, False)).rsplit(":", 1)[1]


ENDS = [
    "", "~", "null", "Null", "NULL", "nULL", "y", "n", "Y", "yes", "Yes", "YES", "yEs", "on",
    "Off", "true", "TRUE", "tRUE", "false", "1", "-1", "+1", "0", "-0", "00", "08", "017",
    "0o17", "0x1F", "0x", "0b101", "0b2", "1_000", "_1", "1:30", "1:60", "190:20:30", "0:30",
    "1.5", ".5", "1.", "-.5", "+1.", "1e5", "1e+5", "1.0e+5", "1.0e5", "1.0E-5", ".5e+1",
    "1:30.5", ".inf", "-.Inf", "+.INF", ".NaN", "-.nan", ".nan", "2001-12-14",
    "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10 -5", "2001-1-1 1:00:00",
    "2001-12-14 ", "<<", "<", "=", "==", "!", "&", "*", "!a", "1.5\n", "true\n", "\n",
    "1 ", " 1", "0.1.2", "1,000", "1__0", "-", "+", ".", "e5", "inf", "nan",
]


@pytest.mark.parametrize("text", ENDS)
def test_the_ends_of_every_type(text):
    assert implicit_type(text) == pyyaml(text)


@pytest.mark.slow
@settings(max_examples=3000, deadline=None)
@given(st.text(alphabet="0123456789_.:+-eExXbBoaAfFiInNlLtTrRuUsSyY ~<=!&*Zz\t\n", max_size=12))
def test_generated_texts(text):
    assert implicit_type(text) == pyyaml(text)


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False))
def test_floats_as_python_writes_them(value):
    for text in (repr(value), repr(value).lower(), repr(value).replace("e", ".0e", 1)):
        assert implicit_type(text) == pyyaml(text)

"""The targets' YAML writer gives PyYAML's text wherever it answers, answers for every file
the targets write, and leaves to PyYAML what it does not know."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings, strategies as st

from mobiledsl.pipeline import compile_program
from mobiledsl.targets import yamltext
from mobiledsl.targets.ros import config

from .conftest import PROGRAMS as ALL_PROGRAMS, chassis_type

REPO = Path(__file__).resolve().parents[2]

# the ROS targets refuse legged bases: the rest write parameter files
PROGRAMS = [p for p in ALL_PROGRAMS if chassis_type(p) != "Legged"]


def reference(data) -> str:
    return yaml.dump(data, Dumper=config._dumper(), default_flow_style=False, sort_keys=False,
                     allow_unicode=True)


# strings near every rule: indicators first and inside, spaces, numbers, booleans, nulls,
# dates and times, quotes, line breaks and characters past ASCII
TRICKY = st.sampled_from([
    "", " ", "a", "a b", " lead", "trail ", "a  b", "-", "- a", "-a", "?", "? a", ":", ":a",
    "a:", "a:b", "a: b", "a #b", "a#b", "#a", "[a]", "{a}", "a,b", "&a", "*a", "!a", "|", ">",
    "%a", "@a", "`a", "---", "--- a", "...", "yes", "No", "on", "OFF", "true", "null", "~",
    "Null", "1", "-1", "+1", "0x1f", "0o17", "1_000", "12:30", "190:20:30", "1.5", ".5", "1e3",
    "1.0e+3", ".inf", "-.Inf", ".nan", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "=", "<<",
    "it's", 'say "hi"', "back\\slash", "line\nbreak", "tab\there", "\u00fc", "a" * 130,
    "/odom", "nav2_amcl::OmniMotionModel", "gz.msgs.Clock", "a" * 70 + " b c d e f g h",
])
WORDS = st.text(st.sampled_from("ab -:#'0.e"), max_size=12)
LONG = st.lists(st.sampled_from(["[0.2000,", "-0.4100],", "x", "", "yy y"]), max_size=30) \
    .map(" ".join)
SCALARS = (TRICKY | WORDS | LONG | st.booleans() | st.none()
           | st.integers(-10**20, 10**20) | st.floats(allow_nan=True, allow_infinity=True))
KEYS = TRICKY | WORDS
DATA = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(KEYS, inner, max_size=4), max_leaves=30)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(DATA)
def test_same_text_as_pyyaml_or_none(data):
    text = yamltext.dump(data)
    assert text is None or text == reference(data)


# what the writer answers for: no empty collection, no quote, break or character past ASCII
WRITABLE_TEXT = TRICKY.filter(yamltext._quotable) \
    | st.from_regex(r"[a-z_/:. -]{1,20}", fullmatch=True) | LONG.filter(bool)
WRITABLE = st.recursive(
    WRITABLE_TEXT | st.booleans() | st.none() | st.integers() | st.floats(),
    lambda inner: st.lists(inner, min_size=1, max_size=4)
    | st.dictionaries(st.from_regex(r"[a-z_]{1,8}", fullmatch=True), inner, min_size=1,
                      max_size=4), max_leaves=30)


@pytest.mark.slow
@settings(max_examples=600, deadline=None)
@given(WRITABLE)
def test_writable_data_written_here(data):
    text = yamltext.dump(data)
    if isinstance(data, (dict, list)):
        assert text == reference(data)


@pytest.mark.parametrize("indent", [0, 1, 3])
@pytest.mark.parametrize("length", [60, 78, 79, 80, 81, 82, 150])
def test_folding_at_the_width(indent, length):
    """A long value folds where PyYAML folds it, quoted or plain, at every depth: a space
    just before, at and just past the width."""
    for word in ("[0.2000,", "abc"):
        text = " ".join([word] * (length // (len(word) + 1) + 1))[:length].strip()
        data: object = {"key": text, "list": [text, {"inner": text}]}
        for _ in range(indent):
            data = {"k": data}
        assert yamltext.dump(data) == reference(data)


@pytest.mark.parametrize("data", [{}, [], {"a": {}}, {"a": []}, {1: "a"}, {"a": b"x"},
                                  {"a": "it's"}, {"a" * 128: 1}, "scalar", 1.5, None])
def test_left_to_pyyaml(data):
    assert yamltext.dump(data) is None


def test_nearly_left_to_pyyaml():
    assert yamltext.dump({"a" * 127: [1]}) == reference({"a" * 127: [1]})
    assert yamltext.dump({"a": "its"}) == "a: its\n"


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: p.name)
def test_every_parameter_file_written_here(program, monkeypatch):
    """Every YAML file the ROS targets write for the example programs takes this writer's
    path (not PyYAML's), with PyYAML's text."""
    dumped = []

    def spy(data):
        text = yamltext.dump(data)
        dumped.append((text, data))
        return (text if text is not None else reference(data)).encode()

    monkeypatch.setattr(config, "dump_yaml", spy)
    files = [next(program.glob(f"*.{k}"), None) for k in ("core", "world", "task")]
    checked = compile_program(*files, [REPO / "libraries" / "demo_parts"], check_only=True)
    config.nav2_params(checked.robot, checked.analysis, "map.yaml", checked.task)
    config.bridge(checked.robot)
    assert len(dumped) == 2
    for text, data in dumped:
        assert text is not None and text == reference(data)

"""Properties of the three parsers: any text gives diagnostics, never an exception; every
diagnostic and node points inside the text; generated valid programs parse back to what
was generated; near-valid programs (valid ones with random edits) still parse safely."""
from __future__ import annotations

import pytest
import dataclasses
import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobiledsl.diagnostics import Severity, Span
from mobiledsl.lang import parse_core, parse_task, parse_world
from mobiledsl.lang.ast import CoreFile, Number, Ref, String, Tuple, WorldFile, Word
from mobiledsl.lang.codes import CODES
from mobiledsl.lang.parser import MAX_ERRORS
from mobiledsl.records import dumps, from_json

from .programs import DELIVER, DIFF_BOT, POWERED, STOREROOM

PARSERS = (parse_core, parse_world, parse_task)
SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def lines_of(text: str) -> list[str]:
    """The lines as the renderer shows them: split at \\r\\n, \\n, \\r alone, NEL, LS and PS
    (what the YAML readers count)."""
    return re.split("\r\n|[\n\r\x85\u2028\u2029]", text)


def check_span(span: Span | None, lines: list[str], *, point_may_pass_end: bool) -> None:
    if span is None or span.line is None:
        return
    assert span.file == "f"
    assert 1 <= span.line <= len(lines), span
    assert span.end_line >= span.line
    limit = len(lines[span.line - 1]) + (1 if point_may_pass_end else 0)
    assert 1 <= span.column <= max(limit, 1), span
    end_limit = len(lines[span.end_line - 1]) + (1 if point_may_pass_end else 0)
    assert 1 <= span.end_column <= max(end_limit, 1), span
    if span.end_line == span.line:
        assert span.end_column >= span.column, span


def nodes(tree):
    """Every dataclass node of a tree."""
    stack = [tree]
    while stack:
        node = stack.pop()
        if dataclasses.is_dataclass(node) and not isinstance(node, Span):
            yield node
            stack.extend(getattr(node, f.name) for f in dataclasses.fields(node))
        elif isinstance(node, tuple):
            stack.extend(node)


def check_parse(parse, text: str):
    tree, diags = parse(text, "f")
    lines = lines_of(text)
    assert len(diags) <= MAX_ERRORS + 1
    for d in diags:
        assert d.code in CODES
        assert d.severity is (Severity.NOTE if d.code == "syntax.too_many_errors"
                              else Severity.ERROR)
        json.dumps(d.to_json(), ensure_ascii=False).encode("utf-8")
        check_span(d.span, lines, point_may_pass_end=True)
        for label in d.labels:
            check_span(label.span, lines, point_may_pass_end=True)
    if not any(d.is_error for d in diags):
        assert tree is not None
    if tree is not None:
        data = dumps(tree)
        data.encode("utf-8")
        assert from_json(type(tree), json.loads(data)) == tree
        for node in nodes(tree):
            for f in dataclasses.fields(node):
                value = getattr(node, f.name)
                if isinstance(value, Span):
                    check_span(value, lines, point_may_pass_end=f.name == "name_span")
    return tree, diags


# --- any text ------------------------------------------------------------------------------

ODD = st.sampled_from(list('(){}=,@/"\\*-+.eE0 \n\r\t;#\x00\x85\u2028é\ud800') +
                      ["Robot", "World", "Task", "intent", "@core/", "/*", "*/", "//", "1e999"])


@pytest.mark.slow
@SETTINGS
@given(st.text())
def test_any_text_gives_diagnostics_not_exceptions(text):
    for parse in PARSERS:
        check_parse(parse, text)


@SETTINGS
@given(st.lists(ODD, max_size=60).map("".join))
def test_any_token_soup_gives_diagnostics_not_exceptions(text):
    for parse in PARSERS:
        check_parse(parse, text)


@SETTINGS
@given(st.binary(max_size=200))
def test_bytes_are_read_as_utf8(data):
    for parse in PARSERS:
        tree, diags = parse(data, "f")
        for d in diags:
            json.dumps(d.to_json(), ensure_ascii=False).encode("utf-8")


# --- generated valid programs ---------------------------------------------------------------

_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_"
IDENT = st.builds(lambda a, b: a + b, st.sampled_from(_LETTERS),
                  st.text(_LETTERS + "0123456789", max_size=7))
SEP = st.sampled_from([" ", "  ", "\n        ", " /* note */ ", " // note\n        ", "\t"])


@st.composite
def numbers(draw):
    if draw(st.booleans()):
        raw = str(draw(st.integers(-10**6, 10**6)))
    else:
        # the numbers a program may hold: 0, or between 1e-100 and 1e30 in size
        size = draw(st.one_of(st.just(0.0), st.floats(min_value=1e-100, max_value=1e30)))
        raw = repr(size if draw(st.booleans()) else -size)
    if not raw.startswith("-") and draw(st.booleans()):
        raw = "+" + raw
    return raw, ("n", float(raw))


def _string(s: str, ascii_only: bool) -> str:
    """``s`` as a string literal: JSON's escapes, and the line breaks JSON leaves raw (NEL,
    LS, PS end a line in the languages, and a string may not span lines) escaped too."""
    text = json.dumps(s, ensure_ascii=ascii_only)
    return text.replace("\x85", "\\u0085").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


@st.composite
def values(draw):
    kind = draw(st.sampled_from("nstrw"))
    if kind == "n":
        return draw(numbers())
    if kind == "s":
        s = draw(st.text(st.characters(blacklist_categories=("Cs",)), max_size=12))
        return _string(s, draw(st.booleans())), ("s", s)
    if kind == "t":
        items = draw(st.lists(numbers(), min_size=1, max_size=7))
        parts = [raw for raw, _ in items]
        text = "(" + ",".join(draw(SEP) + p for p in parts)
        text += draw(st.sampled_from(["", ","])) + ")"
        return text, ("t", tuple(v for _, (_, v) in items))
    if kind == "r":
        ref_kind, name = draw(st.sampled_from(["core", "world", "task"])), draw(IDENT)
        return f"@{ref_kind}/{name}", ("r", ref_kind, name)
    word = draw(IDENT)
    return word, ("w", word)


@st.composite
def arguments(draw):
    names = draw(st.lists(IDENT, max_size=5, unique=True))
    texts, expected = [], []
    for name in names:
        value_text, value = draw(values())
        texts.append(f"{name}{draw(SEP)}={draw(SEP)}{value_text}")
        expected.append((name, value))
    joined = ("," + draw(SEP)).join(texts)
    if texts and draw(st.booleans()):
        joined += ","
    return "(" + joined + ")", expected


@st.composite
def programs(draw, keyword):
    name = draw(IDENT)
    body, items, settings_, intent = [], [], [], None
    keys: set[str] = set()
    for _ in range(draw(st.integers(0, 6))):
        choice = draw(st.integers(0, 2))
        if keyword == "Robot" and choice == 0 and intent is None:
            sentence = draw(st.text(st.characters(blacklist_categories=("Cs",)), max_size=20))
            intent = sentence
            body.append("intent " + _string(sentence, True))
        elif keyword == "World" and choice == 0:
            key = draw(IDENT.filter(lambda k: k not in keys))
            keys.add(key)
            value_text, value = draw(values())
            body.append(f"{key} = {value_text}")
            settings_.append((key, value))
        elif keyword == "Task":
            kind = draw(IDENT)
            args_text, args = draw(arguments())
            body.append(kind + args_text)
            items.append((kind, None, args))
        else:
            kind = draw(IDENT.filter(lambda k: k != "intent"))
            item_name = draw(IDENT)
            args_text, args = draw(arguments())
            body.append(f"{kind} {item_name}{draw(st.sampled_from(['', ' ']))}{args_text}")
            items.append((kind, item_name, args))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    text = f"{keyword} {name} {{" + "".join(newline + "    " + b for b in body) + newline + "}"
    text += draw(st.sampled_from(["", "\n", "\n// end\n", "\n/* end */"]))
    return text, (name, intent, settings_, items)


def value_of(v):
    if isinstance(v, Number):
        return ("n", v.value)
    if isinstance(v, String):
        return ("s", v.value)
    if isinstance(v, Tuple):
        return ("t", tuple(n.value for n in v.items))
    if isinstance(v, Ref):
        return ("r", v.kind, v.name)
    assert isinstance(v, Word)
    return ("w", v.word)


def shape_of(tree):
    items = tree.components if isinstance(tree, CoreFile) else (
        tree.entities if isinstance(tree, WorldFile) else tree.steps)
    return (tree.name,
            tree.intent.value if isinstance(tree, CoreFile) and tree.intent else None,
            [(a.name, value_of(a.value)) for a in getattr(tree, "settings", ())],
            [(i.kind, i.name, [(a.name, value_of(a.value)) for a in i.args]) for i in items])


def slice_of(text: str, span: Span) -> str:
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    a = starts[span.line - 1] + span.column - 1
    b = starts[span.end_line - 1] + span.end_column
    return text[a:b]


@pytest.mark.slow
@SETTINGS
@given(st.sampled_from([("Robot", parse_core), ("World", parse_world), ("Task", parse_task)])
       .flatmap(lambda kp: st.tuples(st.just(kp[1]), programs(kp[0]))))
def test_generated_programs_parse_back_to_what_was_written(case):
    parse, (text, expected) = case
    tree, diags = check_parse(parse, text)
    assert diags == [], [(d.code, d.message) for d in diags]
    assert shape_of(tree) == expected
    for node in nodes(tree):
        if isinstance(node, Number):
            assert slice_of(text, node.span) == node.raw
        elif isinstance(node, String):
            assert json.loads(slice_of(text, node.span)) == node.value
        elif isinstance(node, Tuple):
            s = slice_of(text, node.span)
            assert s.startswith("(") and s.endswith(")")
        elif isinstance(node, Ref):
            assert slice_of(text, node.span) == f"@{node.kind}/{node.name}"


# --- near-valid programs ---------------------------------------------------------------------

FRAGMENTS = ["(", ")", "{", "}", ",", "=", '"', "@core/", "@", "/*", "*/", "//", "\n", " ",
             "1", "-", ".", "e", "x", ";", "Robot", "World", "Task", "intent", "\\", "\t", "é",
             "\ud800", "(0, 0)", "ref = ", "\r"]
SAMPLES = [DIFF_BOT, POWERED, STOREROOM, DELIVER]


@st.composite
def near_valid(draw):
    text = draw(st.sampled_from(SAMPLES))
    for _ in range(draw(st.integers(1, 6))):
        k = draw(st.integers(0, len(text)))
        op = draw(st.sampled_from(["insert", "delete", "replace"]))
        fragment = draw(st.sampled_from(FRAGMENTS))
        if op == "insert":
            text = text[:k] + fragment + text[k:]
        elif op == "delete":
            text = text[:k] + text[k + draw(st.integers(1, 8)):]
        else:
            text = text[:k] + fragment + text[k + 1:]
    return text


@pytest.mark.slow
@SETTINGS
@given(near_valid())
def test_near_valid_programs_give_diagnostics_not_exceptions(text):
    for parse in PARSERS:
        check_parse(parse, text)


# --- size and depth ---------------------------------------------------------------------------

@pytest.mark.slow
def test_deep_nesting_and_huge_inputs_do_not_crash():
    # the parser has no recursion, so depth costs time, never the stack
    inputs = [
        "(" * 50_000,
        "Robot r {\n    Caster c(glue = " + "(" * 20_000 + ")" * 20_000 + ")\n}",
        "World w {\n" + "    Obstacle o(pos = (" * 5_000,
        "Task t {\n" + "    Advance(distance_m = 1.0)\n" * 5_000 + "}",
        '"\n' * 5_000,
        "@" * 10_000,
        "/*" * 10_000,
        "{" * 20_000 + "}" * 20_000,
    ]
    for text in inputs:
        for parse in PARSERS:
            tree, diags = parse(text, "f")
            assert len(diags) <= MAX_ERRORS + 1
    tree, diags = parse_task(inputs[3], "f")
    assert diags == [] and len(tree.steps) == 5_000

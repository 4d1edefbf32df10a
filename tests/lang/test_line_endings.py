"""A program's places are the same lines and columns whatever ends its lines (\\n, \\r\\n,
\\r alone, or a mix), for the lexer's errors and the parser's, and the renderer quotes the
line a place names."""
from __future__ import annotations

import pytest

from mobiledsl.lang import parse_core, parse_task, parse_world
from mobiledsl.pipeline import decode_source
from mobiledsl.render.human import render_human
from tests.endings import ENDINGS, ended, where

LEXER_ERROR = 'Robot r {\n  // a comment\n  /* a\n  block */\n  Caster c(ref = "x", n = 1.)\n}\n'
PARSER_ERROR = 'Robot r {\n  /* a\n  block */ Caster c(ref = "x")\n  Lidar l(ref = "y" n = 2)\n}\n'
OPEN_STRING = 'Robot r {\n  intent "open\n  Caster c(ref = "x")\n}\n'


@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
@pytest.mark.parametrize("text, expected, line", [
    (LEXER_ERROR, ("syntax.invalid_number", 5, 27, 5, 28), '  Caster c(ref = "x", n = 1.)'),
    (PARSER_ERROR, None, '  Lidar l(ref = "y" n = 2)'),
    (OPEN_STRING, ("syntax.unterminated_string", 2, 10, 2, 14), '  intent "open'),
], ids=["lexer", "parser", "open-string"])
def test_an_error_is_at_the_same_line_and_column_in_every_ending(text, expected, line, ending):
    _, on_newlines = parse_core(text, "r.core")
    source = ended(text, ending)
    _, diagnostics = parse_core(source, "r.core")
    assert [where(d) for d in diagnostics] == [where(d) for d in on_newlines] != []
    if expected is not None:
        assert where(diagnostics[0]) == expected
    first = diagnostics[0].span
    shown = render_human(diagnostics[:1], {"r.core": source}, summary=False)
    assert f"{first.line} | {line}\n" in shown
    if expected is None:       # the parser's error is on the line the renderer quotes
        assert first.line == 4


@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
def test_a_byte_that_is_not_utf8_is_placed_by_the_line_breaks(ending):
    data = ended("Robot r {\n  intent \"é", ending).encode("utf-8") + b"\xff\"\n}\n"
    _, problem = decode_source(data, "r.core")
    assert where(problem) == ("syntax.invalid_character", 2, 12, 2, 12)


@pytest.mark.parametrize("ending", ENDINGS.values(), ids=ENDINGS.keys())
@pytest.mark.parametrize("parse, text", [
    (parse_world, 'World w {\n  // c\n  floor = 1.\n  Box b(size = (1, 1 1))\n}\n'),
    (parse_task, 'Task t {\n  /* a\n  b */ Drive(distance_m = 1.)\n  Turn(angle = 1 2)\n}\n'),
], ids=["world", "task"])
def test_a_world_s_and_a_task_s_errors_keep_their_places(parse, text, ending):
    _, on_newlines = parse(text, "f")
    _, diagnostics = parse(ended(text, ending), "f")
    assert [where(d) for d in diagnostics] == [where(d) for d in on_newlines]
    assert sorted({d.span.line for d in diagnostics}) == [3, 4]

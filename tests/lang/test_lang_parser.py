"""The parsers of .core, .world and .task: the example programs, values and their spans,
every syntax code at its exact place beside a near miss, and recovery."""
from __future__ import annotations

import json

import pytest

from mobiledsl.codes import all_codes
from mobiledsl.diagnostics import Severity, Span
from mobiledsl.lang import parse_core, parse_task, parse_world
from mobiledsl.lang.ast import CoreFile, Number, Ref, String, TaskFile, Tuple, WorldFile, Word
from mobiledsl.lang.codes import CODES
from mobiledsl.records import dumps, from_json

from .programs import DELIVER, DIFF_BOT, POWERED, STOREROOM

PARSERS = {"Robot": parse_core, "World": parse_world, "Task": parse_task}


def where(d):
    s = d.span
    return (d.code, s.line, s.column, s.end_line, s.end_column)


def clean(parse, text):
    tree, diags = parse(text, "t")
    assert diags == [], [where(d) + (d.message,) for d in diags]
    assert tree is not None
    return tree


# --- the example programs ---------------------------------------------------------------------

def test_diff_bot_parses():
    core = clean(parse_core, DIFF_BOT)
    assert isinstance(core, CoreFile)
    assert core.name == "diff_bot" and core.file == "t"
    assert core.name_span == Span("t", 1, 7, 1, 14)
    assert core.intent.value.startswith("Two-wheel differential base")
    assert core.intent.span == Span("t", 2, 12, 2, 75)
    assert [(c.kind, c.name) for c in core.components] == [
        ("Diff_two_caster", "chassis"), ("Standard", "wheel_l"), ("Standard", "wheel_r"),
        ("Caster", "ball"), ("Lidar", "top_lidar")]
    wheel_r = core.components[2]
    assert [a.name for a in wheel_r.args] == ["ref", "glue"]
    assert wheel_r.arg("ref").value == String("standard_80", Span("t", 6, 28, 6, 40))
    glue = wheel_r.arg("glue").value
    assert isinstance(glue, Tuple)
    assert [n.value for n in glue.items] == [0, -0.12, -0.02, 0, -1, 0]
    assert [n.raw for n in glue.items] == ["0", "-0.12", "-0.02", "0", "-1", "0"]
    assert glue.span == Span("t", 6, 50, 6, 76)
    assert wheel_r.span == Span("t", 6, 5, 6, 77)
    assert wheel_r.kind_span == Span("t", 6, 5, 6, 12)
    assert wheel_r.name_span == Span("t", 6, 14, 6, 20)
    assert wheel_r.args_span == Span("t", 6, 21, 6, 77)
    assert wheel_r.arg("glue").span == Span("t", 6, 43, 6, 76)
    assert wheel_r.arg("glue").name_span == Span("t", 6, 43, 6, 46)
    assert core.span == Span("t", 1, 1, 9, 1)


def test_power_and_command_references():
    core = clean(parse_core, POWERED)
    driver, motor = core.components[2], core.components[3]
    assert driver.arg("power").value == Ref("core", "pack", Span("t", 4, 91, 4, 100))
    assert motor.arg("command").value.kind == "core"
    assert motor.arg("command").value.name == "driver"


def test_storeroom_world_parses():
    world = clean(parse_world, STOREROOM)
    assert isinstance(world, WorldFile)
    assert world.name == "storeroom"
    assert [a.name for a in world.settings] == ["environment", "ground_plane", "start"]
    assert world.setting("environment").value.value == "room_6x4"
    assert world.setting("ground_plane").value == Word("true", Span("t", 3, 20, 3, 23))
    assert [n.value for n in world.setting("start").value.items] == [0, 0, 0]
    assert [(e.kind, e.name) for e in world.entities] == [
        ("Obstacle", "crate"), ("Obstacle", "ramp"), ("SupportSurface", "dais"),
        ("Marker", "station")]
    crate = world.entities[0]
    assert crate.arg("type").value.word == "box"
    assert len(crate.arg("pos").value.items) == 7
    assert world.entities[3].arg("type").value.word == "cylinder"


def test_deliver_task_parses():
    task = clean(parse_task, DELIVER)
    assert isinstance(task, TaskFile)
    assert task.name == "deliver"
    assert [s.kind for s in task.steps] == ["Advance", "Spin", "Strafe", "BackUp", "Navigate"]
    assert all(s.name is None and s.name_span is None for s in task.steps)
    assert task.steps[1].arg("direction").value.word == "left"
    assert task.steps[4].arg("goal").value == Ref("world", "station", Span("t", 6, 21, 6, 34))
    assert task.steps[0].span == Span("t", 2, 5, 2, 46)


def test_the_glue_error_caret_covers_the_whole_tuple():
    # a mecanum wheel's misplaced glue: line 17, caret from column 52 under all 32 characters
    line = '    Mecanum wheel_lf(ref = "mecanum_black", glue = (0.12, 0.1494, -0.0216, 0, 1, 0))'
    text = "Robot demo {\n" + "    // filler\n" * 15 + line + "\n}\n"
    core = clean(parse_core, text)
    glue = core.components[0].arg("glue").value
    assert glue.span == Span("t", 17, 52, 17, 83)
    assert glue.span.end_column - glue.span.column + 1 == len(
        "(0.12, 0.1494, -0.0216, 0, 1, 0)")


@pytest.mark.parametrize("parse,text", [(parse_core, DIFF_BOT), (parse_core, POWERED),
                                        (parse_world, STOREROOM), (parse_task, DELIVER)])
def test_trees_round_trip_as_records(parse, text):
    tree = clean(parse, text)
    assert from_json(type(tree), json.loads(dumps(tree))) == tree


# --- values and layout -----------------------------------------------------------------------

def test_numbers_as_json_with_a_sign():
    task = clean(parse_task, "Task t { Go(a = -2e-3, b = +1, c = 0, d = 1.5E+2, e = -0.0) }")
    values = {a.name: a.value for a in task.steps[0].args}
    assert {k: v.value for k, v in values.items()} == {"a": -0.002, "b": 1, "c": 0, "d": 150,
                                                      "e": 0}
    assert values["a"] == Number(-0.002, "-2e-3", Span("t", 1, 17, 1, 21))
    assert values["b"].raw == "+1"


def test_strings_decode_json_escapes():
    core = clean(parse_core, r'Robot r { intent "a\"b\\c\/d\n\t\u00e9\ud83d\ude00" }')
    assert core.intent.value == 'a"b\\c/d\n\té\U0001F600'
    assert core.intent.span == Span("t", 1, 18, 1, 51)


def test_words_references_and_all_value_kinds():
    world = clean(parse_world, 'World w { Obstacle o(a = box, b = "box", c = (1), d = @core/x, '
                               "e = @task/s, f = false) }")
    kinds = [type(a.value) for a in world.entities[0].args]
    assert kinds == [Word, String, Tuple, Ref, Ref, Word]
    assert world.entities[0].arg("e").value.kind == "task"


def test_layout_is_free_comments_trailing_commas_and_one_line_items():
    text = """Robot r { /* a block
    comment */ Diff_two_caster chassis(ref = "diff_base",) Caster ball(
        ref = "caster_ball",   // the part
        glue = (-0.15, 0,
                -0.035, 0, 0, -1,),
    )
}"""
    core = clean(parse_core, text)
    ball = core.components[1]
    assert ball.arg("glue").value.span == Span("t", 4, 16, 5, 34)
    assert ball.span == Span("t", 2, 60, 6, 5)


def test_lines_end_at_newlines_carriage_returns_and_both():
    core = clean(parse_core, 'Robot r {\r\n  Caster c(ref = "x")\r\n  Lidar l(ref = "y")\r}')
    assert core.components[0].span == Span("t", 2, 3, 2, 21)
    assert core.components[1].kind_span == Span("t", 3, 3, 3, 7)
    assert core.span.end_line == 4                  # the '}' after a lone \r
    _, diags = parse_core('Robot r {\r\n  intent "open\r\n}', "t")
    assert [where(d) for d in diags] == [("syntax.unterminated_string", 2, 10, 2, 14)]


@pytest.mark.parametrize("text, end", [('Robot "open\r', 11), ('Robot "open\\\r', 12),
                                       ('Robot "open\\\r\n', 12), ('Robot "open', 11)])
def test_a_string_left_open_at_the_end_of_the_text_ends_before_a_carriage_return(text, end):
    """The renderer drops a \\r that ends the text as it drops one before \\n: the
    string's span stops before it, so it stays within the line shown."""
    _, diags = parse_core(text, "t")
    assert [where(d) for d in diags] == [("syntax.unterminated_string", 1, 7, 1, end)]


def test_keywords_can_be_names_and_intent_is_optional():
    core = clean(parse_core, 'Robot Robot { Lidar intent(ref = "l") }')
    assert core.name == "Robot" and core.intent is None
    assert core.components[0].name == "intent"


def test_argument_lists_may_be_empty():
    task = clean(parse_task, "Task t { Stop() }")
    assert task.steps[0].args == ()


# --- every syntax code, at its exact place, beside a near miss ----------------------------------

CASES = [
    # (id, text, expected (code, line, col, end_line, end_col), near miss)
    ("empty_file", "// nothing yet\n", ("syntax.empty_file", 1, 1, 1, 1), "Task t {}"),
    ("invalid_character", 'Robot r {\n    Caster c(ref = "x");\n}',
     ("syntax.invalid_character", 2, 24, 2, 24), 'Robot r {\n    Caster c(ref = "x")\n}'),
    ("invalid_character_run", "Task t {\n    Spin(direction = ¿¿left)\n}",
     ("syntax.invalid_character", 2, 22, 2, 23), "Task t {\n    Spin(direction = left)\n}"),
    ("unterminated_comment", "Robot r {\n    /* wheels\n}\n",
     ("syntax.unterminated_comment", 2, 5, 2, 6), "Robot r {\n    /* wheels */\n}\n"),
    ("unterminated_string", 'Robot r {\n    Caster c(ref = "caster_ball)\n}\n',
     ("syntax.unterminated_string", 2, 20, 2, 32), 'Robot r {\n    Caster c(ref = "caster_ball")\n}\n'),
    ("invalid_string", 'Robot r {\n    intent "C:\\parts"\n}',
     ("syntax.invalid_string", 2, 15, 2, 16), 'Robot r {\n    intent "C:\\\\parts"\n}'),
    ("invalid_string_surrogate", 'Robot r {\n    intent "\\ud83d!"\n}',
     ("syntax.invalid_string", 2, 13, 2, 18), 'Robot r {\n    intent "\\ud83d\\ude00!"\n}'),
    ("invalid_string_control", 'Robot r {\n    intent "a\tb"\n}',
     ("syntax.invalid_string", 2, 14, 2, 14), 'Robot r {\n    intent "a\\tb"\n}'),
    ("invalid_number_unit", "Task t {\n    Advance(distance_m = 1.5m)\n}",
     ("syntax.invalid_number", 2, 26, 2, 29), "Task t {\n    Advance(distance_m = 1.5)\n}"),
    ("invalid_number_point", "Task t {\n    Advance(distance_m = .5)\n}",
     ("syntax.invalid_number", 2, 26, 2, 27), "Task t {\n    Advance(distance_m = 0.5)\n}"),
    ("invalid_number_zero", "Task t {\n    Advance(distance_m = 05)\n}",
     ("syntax.invalid_number", 2, 26, 2, 27), "Task t {\n    Advance(distance_m = 5)\n}"),
    ("invalid_number_huge", "Task t {\n    Advance(distance_m = 1e400)\n}",
     ("syntax.invalid_number", 2, 26, 2, 30), "Task t {\n    Advance(distance_m = 1e30)\n}"),
    ("invalid_number_large", "Task t {\n    Advance(distance_m = 1.01e30)\n}",
     ("syntax.invalid_number", 2, 26, 2, 32), "Task t {\n    Advance(distance_m = -1e30)\n}"),
    ("invalid_number_tiny", "Task t {\n    Advance(distance_m = 9e-101)\n}",
     ("syntax.invalid_number", 2, 26, 2, 31), "Task t {\n    Advance(distance_m = 1e-100)\n}"),
    ("invalid_number_underflow", "Task t {\n    Advance(distance_m = 1e-400)\n}",
     ("syntax.invalid_number", 2, 26, 2, 31), "Task t {\n    Advance(distance_m = 0e-400)\n}"),
    ("invalid_number_long", "Task t {\n    Advance(distance_m = 0." + "1" * 99 + ")\n}",
     ("syntax.invalid_number", 2, 26, 2, 126),
     "Task t {\n    Advance(distance_m = 0." + "1" * 98 + ")\n}"),
    ("invalid_reference", "Robot r {\n    Motor m(command = @cor/driver)\n}",
     ("syntax.invalid_reference", 2, 23, 2, 33), "Robot r {\n    Motor m(command = @core/driver)\n}"),
    ("invalid_reference_name", "Robot r {\n    Motor m(command = @core/)\n}",
     ("syntax.invalid_reference", 2, 23, 2, 28), "Robot r {\n    Motor m(command = @core/d)\n}"),
    ("missing_comma", 'Robot r {\n    Caster c(ref = "x" glue = (0, 0, 0, 0, 0, -1))\n}',
     ("syntax.unexpected_token", 2, 24, 2, 27),
     'Robot r {\n    Caster c(ref = "x", glue = (0, 0, 0, 0, 0, -1))\n}'),
    ("missing_equals", 'Robot r {\n    Caster c(ref "x")\n}',
     ("syntax.unexpected_token", 2, 18, 2, 20), 'Robot r {\n    Caster c(ref = "x")\n}'),
    ("positional_argument", 'Robot r {\n    Caster c("x")\n}',
     ("syntax.unexpected_token", 2, 14, 2, 16), 'Robot r {\n    Caster c(ref = "x")\n}'),
    ("numbers_without_commas", "Robot r {\n    Caster c(glue = (0 0))\n}",
     ("syntax.unexpected_token", 2, 24, 2, 24), "Robot r {\n    Caster c(glue = (0, 0))\n}"),
    ("named_step", "Task t {\n    Advance first(distance_m = 1.0)\n}",
     ("syntax.unexpected_token", 2, 13, 2, 17), "Task t {\n    Advance(distance_m = 1.0)\n}"),
    ("wrong_header", "World w {\n}", ("syntax.unexpected_token", 1, 1, 1, 5), "Robot w {\n}"),
    ("after_the_end", "Robot r {\n}\n}", ("syntax.unexpected_token", 3, 1, 3, 1), "Robot r {\n}\n"),
    ("stray_item_token", 'Robot r {\n    ) Caster c(ref = "x")\n}',
     ("syntax.unexpected_token", 2, 5, 2, 5), 'Robot r {\n    Caster c(ref = "x")\n}'),
    ("expected_name", 'Robot r {\n    Caster (ref = "x")\n}',
     ("syntax.expected_name", 2, 12, 2, 12), 'Robot r {\n    Caster c (ref = "x")\n}'),
    ("expected_name_header", "Robot {\n}", ("syntax.expected_name", 1, 7, 1, 7), "Robot r {\n}"),
    ("expected_value", "Robot r {\n    Caster c(ref = , glue = (0, 0, 0, 0, 0, -1))\n}",
     ("syntax.expected_value", 2, 20, 2, 20),
     'Robot r {\n    Caster c(ref = "", glue = (0, 0, 0, 0, 0, -1))\n}'),
    ("expected_value_at_line_end", "World w {\n    ground_plane =\n}",
     ("syntax.expected_value", 2, 19, 2, 19), "World w {\n    ground_plane = false\n}"),
    ("intent_without_sentence", "Robot r {\n    intent\n}",
     ("syntax.expected_value", 2, 11, 2, 11), 'Robot r {\n    intent ""\n}'),
    ("expected_number", "Robot r {\n    Caster c(glue = (0, y, 0, 0, 0, -1))\n}",
     ("syntax.expected_number", 2, 25, 2, 25), "Robot r {\n    Caster c(glue = (0, 1, 0, 0, 0, -1))\n}"),
    ("empty_tuple", "World w {\n    start = ()\n}", ("syntax.expected_number", 2, 14, 2, 14),
     "World w {\n    start = (0)\n}"),
    ("nested_tuple", "World w {\n    start = ((0))\n}", ("syntax.expected_number", 2, 14, 2, 14),
     "World w {\n    start = (0)\n}"),
    ("missing_open_brace", 'Robot r\n    Caster c(ref = "x")\n}',
     ("syntax.missing_brace", 1, 8, 1, 8), 'Robot r {\n    Caster c(ref = "x")\n}'),
    ("unclosed_brace", 'Robot r {\n    Caster c(ref = "x")\n',
     ("syntax.missing_brace", 1, 9, 1, 9), 'Robot r {\n    Caster c(ref = "x")\n}\n'),
    ("unclosed_arguments", 'Robot r {\n    Caster c(ref = "x"\n    Caster d(ref = "y")\n}',
     ("syntax.missing_paren", 2, 13, 2, 13),
     'Robot r {\n    Caster c(ref = "x")\n    Caster d(ref = "y")\n}'),
    ("unclosed_tuple", "Robot r {\n    Caster c(glue = (0, 0, 0\n    Caster d()\n}",
     ("syntax.missing_paren", 2, 21, 2, 21), "Robot r {\n    Caster c(glue = (0, 0, 0))\n    Caster d()\n}"),
    ("step_without_arguments", "Task t {\n    BackUp\n    Advance(distance_m = 1.0)\n}",
     ("syntax.missing_paren", 2, 11, 2, 11), "Task t {\n    BackUp()\n    Advance(distance_m = 1.0)\n}"),
    ("duplicate_argument", 'Robot r {\n    Caster c(ref = "x", ref = "y")\n}',
     ("syntax.duplicate_argument", 2, 25, 2, 33), 'Robot r {\n    Caster c(ref = "x", raf = "y")\n}'),
    ("duplicate_setting", "World w {\n    start = (0, 0, 0)\n    start = (1, 0, 0)\n}",
     ("syntax.duplicate_argument", 3, 5, 3, 21), "World w {\n    start = (0, 0, 0)\n}"),
    ("duplicate_intent", 'Robot r {\n    intent "a"\n    intent "b"\n}',
     ("syntax.duplicate_intent", 3, 5, 3, 14), 'Robot r {\n    intent "a"\n}'),
]


@pytest.mark.parametrize("text,expected,near_miss", [c[1:] for c in CASES],
                         ids=[c[0] for c in CASES])
def test_syntax_code_at_its_place(text, expected, near_miss):
    parse = PARSERS[near_miss.split()[0]]
    _, diags = parse(text, "t")
    assert [where(d) for d in diags] == [expected], [d.message for d in diags]
    d = diags[0]
    assert d.severity is Severity.ERROR and d.help and d.label and d.message
    clean(parse, near_miss)


def test_every_code_is_exercised_and_explained():
    tested = {c[2][0] for c in CASES} | {"syntax.too_many_errors"}
    assert tested == set(CODES)
    assert set(CODES) <= set(all_codes())
    for code, info in CODES.items():
        assert code.startswith("syntax.") and info.summary and info.explanation


@pytest.mark.parametrize("code", sorted(c for c in CODES if CODES[c].example))
def test_each_codes_example_reports_it(code):
    example = CODES[code].example
    keyword = example.split()[0] if example.split() else "Robot"
    parse = PARSERS.get(keyword, parse_task if "task" in example else parse_core)
    _, diags = parse(example, "example")
    assert code in {d.code for d in diags}


def test_too_many_errors_ends_in_one_note():
    text = "Robot r {\n" + "    ;\n" * 150 + "}\n"
    _, diags = parse_core(text, "t")
    assert len(diags) == 101
    assert all(d.code == "syntax.invalid_character" for d in diags[:100])
    assert diags[100].code == "syntax.too_many_errors"
    assert diags[100].severity is Severity.NOTE
    assert "50 more" in diags[100].message


# --- details of reports --------------------------------------------------------------------------

def test_duplicate_keeps_the_first_and_points_at_both():
    core, diags = parse_core('Robot r {\n    Caster c(ref = "x", ref = "y")\n}', "t")
    assert [a.value.value for a in core.components[0].args] == ["x"]
    assert diags[0].labels[0].span == Span("t", 2, 14, 2, 22)


def test_duplicate_intent_keeps_the_first():
    core, _ = parse_core('Robot r {\n    intent "a"\n    intent "b"\n}', "t")
    assert core.intent.value == "a"


def test_wrong_language_gives_no_tree():
    tree, diags = parse_core(DELIVER, "t")
    assert tree is None and len(diags) == 1
    assert "`Task` starts a .task file" in diags[0].help[0]


def test_messages_name_what_was_found_and_help_says_what_to_write():
    _, diags = parse_core('Robot r {\n    Caster c(ref = "x" glue = (0, 0, 0, 0, 0, -1))\n}', "t")
    assert "found `glue`" in diags[0].message
    # the help is the user's own line with the comma written where it was missing
    assert diags[0].help[0] == 'write `,` between arguments: `Caster c(ref = "x", glue = (0, 0, 0, 0, 0, -1))`'

    _, diags = parse_task("Task t {\n    Advance(distance_m = 1.5m)\n}", "t")
    assert "`1.5`" in diags[0].help[0]


def test_unclosed_comment_does_not_also_report_the_brace():
    tree, diags = parse_core('Robot r {\n    Caster c(ref = "x")\n    /* }\n', "t")
    assert [d.code for d in diags] == ["syntax.unterminated_comment"]
    assert [c.name for c in tree.components] == ["c"]


# --- recovery ---------------------------------------------------------------------------------

BROKEN = """\
Robot r {
    Diff_two_caster chassis(ref = "diff_base")
    Standard wheel_l(ref = "standard_80" glue = (0, 0.12, -0.02, 0, 1, 0))
    Standard wheel_r(ref = "standard_80", glue = (0, -0.12, x, 0, -1, 0))
    Caster ball(ref = "caster_ball", glue = (-0.15, 0, -0.035, 0, 0, -1)
    Lidar top_lidar(ref = "lidar_ld06", glue = (0, 0, 0.06, 0, 0, 1))
}
"""


def test_three_errors_in_one_pass_and_the_good_items_kept():
    core, diags = parse_core(BROKEN, "t")
    assert [where(d) for d in diags] == [
        ("syntax.unexpected_token", 3, 42, 3, 45),
        ("syntax.expected_number", 4, 61, 4, 61),
        ("syntax.missing_paren", 5, 16, 5, 16),
    ]
    assert [c.name for c in core.components] == ["chassis", "top_lidar"]


def test_one_error_per_item_and_none_repeated_after_a_token_error():
    # the unterminated string also leaves the list unclosed: reported once
    core, diags = parse_core('Robot r {\n    Caster c(ref = "x, glue = (0 0\n'
                             '    Lidar l(ref = "y")\n}', "t")
    assert [d.code for d in diags] == ["syntax.unterminated_string"]
    assert [c.name for c in core.components] == ["l"]


def test_bad_items_are_left_out_but_the_file_still_has_a_tree():
    world, diags = parse_world("World w {\n    start = (0, 0,, 0)\n    ground_plane = true\n"
                               "    Obstacle o(type = box; size = (1, 1, 1))\n"
                               "    Marker m(type = cylinder)\n}", "t")
    assert [d.code for d in diags] == ["syntax.expected_number", "syntax.invalid_character"]
    assert [a.name for a in world.settings] == ["ground_plane"]
    assert [e.name for e in world.entities] == ["m"]


def test_a_missing_brace_still_reads_the_items():
    core, diags = parse_core('Robot r\n    Caster c(ref = "x")\n}', "t")
    assert [d.code for d in diags] == ["syntax.missing_brace"]
    assert core.name == "r" and [c.name for c in core.components] == ["c"]


def test_a_paren_for_the_header_brace_is_reported_once():
    core, diags = parse_core('Robot r (\n    Caster c(ref = "x")\n}', "t")
    assert [where(d) for d in diags] == [("syntax.missing_brace", 1, 9, 1, 9)]
    assert [c.name for c in core.components] == ["c"]


def test_errors_come_in_source_order():
    _, diags = parse_core('Robot r {\n    Caster c(ref = "x", ref = "y")\n'
                          '    Caster d(ref = @x/y, glue = (0 1))\n    ;\n', "t")
    places = [(d.span.line, d.span.column) for d in diags]
    assert places == sorted(places)
    assert [d.code for d in diags] == ["syntax.missing_brace", "syntax.duplicate_argument",
                                       "syntax.invalid_reference", "syntax.invalid_character"]


# --- the documentation's examples -------------------------------------------------------------

def test_every_program_in_docs_languages_parses():
    from pathlib import Path
    import re
    doc = (Path(__file__).parents[2] / "docs" / "languages.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```\n(.*?)```", doc, re.S)
              if b.split() and b.split()[0] in PARSERS]
    assert len(blocks) >= 4
    for block in blocks:
        clean(PARSERS[block.split()[0]], block)

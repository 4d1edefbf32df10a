"""The pure parts of the newer features: the component.yaml schema at the cursor, semantic
tokens, outlines and a glue's seat (no server)."""
from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types as lsp

from mobiledsl.lsp import glues, schema, symbols, tokens
from mobiledsl.lsp.positions import LineIndex

REPO = Path(__file__).resolve().parents[2]
WHEEL = REPO / "libraries" / "demo_parts" / "parts" / "standard_80" / "component.yaml"


def _decode(data, text, encoding="utf-16"):
    """(text, type) of each token, positions read back through LineIndex."""
    index = LineIndex(text, encoding)
    out, line, char = [], 0, 0
    for i in range(0, len(data), 5):
        dl, dc, length, kind, _ = data[i:i + 5]
        line, char = line + dl, (char + dc if dl == 0 else dc)
        start = index.from_position(line, char)
        end = start
        units = 0
        while units < length:
            units += len(text[end].encode("utf-16-le")) // 2 if encoding == "utf-16" else 1
            end += 1
        out.append((text[start:end], tokens.TYPES[kind]))
    return out


def test_tokens_count_utf16_and_keep_lsps_lines():
    # 𝄞 is two UTF-16 units; U+2028 ends a line for the lexer, not for LSP
    text = 'Robot r {\n    /* 𝄞 */ Lidar l(ref = "é𝄞", glue = (0, 0,\u2028 1, 0, 0, 1))\n}\n'
    got = _decode(tokens.semantic_tokens(text), text)
    assert ("/* 𝄞 */", "comment") in got and ('"é𝄞"', "string") in got
    assert ("Lidar", "type") in got and ("l", "variable") in got
    assert [t for t, kind in got if kind == "number"] == ["0", "0", "1", "0", "0", "1"]
    assert _decode(tokens.semantic_tokens(text, "utf-32"), text, "utf-32") == got


def test_tokens_of_text_that_does_not_lex_are_still_given():
    text = 'Task t {\n    Spin(direction = left;, angle_rad = 1.5x)\n  "open\n/* never closed'
    got = _decode(tokens.semantic_tokens(text), text)
    assert ("left", "enumMember") in got and ("/* never closed", "comment") in got
    assert ('"open', "string") in got


@pytest.mark.parametrize("typed, needle, words", [
    ("schema_version: 1\nid: standard_80\ncategory: \n", "category: ", "chassis"),
    ("id: standard_80\ncategory: wheel\nwheel: {rad}\n", "{rad", "radius"),
])
def test_the_schema_at_the_cursor_finds_what_the_tables_allow(typed, needle, words):
    found = schema.offer(typed, typed.index(needle) + len(needle), str(WHEEL))
    assert found is not None and words in found.words


CAR = REPO / "libraries" / "demo_parts" / "parts" / "car_base" / "component.yaml"
DRIVELINE = "driveline: {turns: [hub_rear_left, hub_rear_right], reduction: 2}"


@pytest.mark.parametrize("written, needle", [
    ("driveline: {turns: [hub_rear_left, ], reduction: 2}", "[hub_rear_left, "),
    ("driveline:\n      turns:\n        - hub_rear_left\n        - \n      reduction: 2",
     "- hub_rear_left\n        - "),
])
def test_a_driveline_turns_the_connectors_the_part_declares(written, needle):
    text = CAR.read_text()
    assert DRIVELINE in text
    typed = text.replace(DRIVELINE, written)
    found = schema.offer(typed, typed.index(needle) + len(needle), str(CAR))
    assert found.kind == "value" and found.path.endswith("driveline.turns[1]")
    assert {"hub_rear_right", "hub_front_left"} <= set(found.words)


@pytest.mark.parametrize("typed, needle", [
    ("description: Plain rubber\n", "Plain rub"),          # a sentence, not a key
    ("category: wheel  # whe\n", "# whe"),                 # a comment
    ("wheel: [1, 2\n", "[1, "),                            # a list's item
    ("a: {b: [c, d}\n: :\n", "{b: "),                      # not YAML once marked
])
def test_the_schema_offers_nothing_where_nothing_is_chosen(typed, needle):
    assert schema.offer(typed, typed.index(needle) + len(needle), str(WHEEL)) is None


def test_every_prefix_of_a_declaration_and_a_program_answers_without_raising():
    text = WHEEL.read_text()
    for end in range(0, len(text), 7):
        prefix = text[:end]
        schema.offer(prefix, len(prefix), str(WHEEL))
        symbols.yaml_symbols(prefix, str(WHEEL))
    core = (REPO / "programs" / "diff_bot" / "diff_bot.core").read_text()
    for end in range(0, len(core), 5):
        prefix = core[:end]
        tokens.semantic_tokens(prefix)
        symbols.program_symbols("core", prefix, "x.core")
        glues.glue_at(prefix, len(prefix), "x.core")


def test_an_outline_range_holds_its_selection():
    text = (REPO / "programs" / "diff_bot" / "diff_bot.world").read_text()

    def check(syms):
        for sym in syms:
            r, sel = sym.range, sym.selection_range
            assert (r.start.line, r.start.character) <= (sel.start.line, sel.start.character)
            assert (sel.end.line, sel.end.character) <= (r.end.line, r.end.character)
            check(sym.children or [])
    check(symbols.program_symbols("world", text, "w.world"))
    check(symbols.yaml_symbols(WHEEL.read_text(), str(WHEEL)))
    assert symbols.yaml_symbols("- a\n- b\n", str(WHEEL)) == []
    assert isinstance(symbols.program_symbols("task", "Task t {", "t.task")[0],
                      lsp.DocumentSymbol)


def test_every_glue_of_the_demo_robots_with_motors_is_seated_where_it_points():
    from mobiledsl.pipeline import compile_program
    for name in ("diff_drive", "ackermann"):
        core = REPO / "programs" / name / f"{name}.core"
        result = compile_program(str(core), None, None, [str(REPO / "libraries" / "demo_parts")],
                                 check_only=True)
        text = core.read_text()
        at = 0
        while (at := text.find("glue = (", at) + 1) > 0:
            glue = glues.glue_at(text, at + 8, str(core))
            seat = glues.seat(result.robot, glue)
            assert seat is not None and seat.distance_m < 1e-3 and seat.cosine > 0.99
        assert glues.seat(None, glue) is None


def test_a_fix_of_another_file_is_an_edit_of_that_file_and_fix_all_takes_every_one():
    from mobiledsl.diagnostics import Fix, Span, error
    from mobiledsl.lsp import convert
    texts = {"/p/r.core": 'Robot r {\n    Lidar l(ref = "ld")\n}\n', "/p/o.core": "x y\n"}
    here = error("a.b", "here", Span("/p/r.core", 2, 20, 2, 21),
                 fixes=(Fix(Span("/p/r.core", 2, 20, 2, 21), "lidar_ld06"),))
    there = error("a.c", "there", Span("/p/r.core", 1, 1, 1, 5),
                  fixes=(Fix(Span("/p/o.core", 1, 3, 1, 3), "z"),))
    items = [convert.to_lsp(d, texts.get, lambda f: "file://" + f) for d in (here, there)]
    actions = convert.code_actions("file:///p/r.core", texts["/p/r.core"], items[1:],
                                   text_of=texts.get, uri_of=lambda f: "file://" + f,
                                   path="/p/r.core", fix_all=items)
    quick, every = actions
    assert list(quick.edit.changes) == ["file:///p/o.core"]
    assert quick.edit.changes["file:///p/o.core"][0].new_text == "z"
    assert every.kind == convert.FIX_ALL and set(every.edit.changes) == {
        "file:///p/r.core", "file:///p/o.core"}
    # nearly: one fix alone is its quick fix, no second action for the whole file
    assert len(convert.code_actions("file:///p/r.core", texts["/p/r.core"], items[:1],
                                    path="/p/r.core", fix_all=items[:1])) == 1


def test_a_profile_s_mounts_are_the_type_s_logical_mounts_not_yet_mapped():
    base = REPO / "libraries" / "demo_parts" / "parts" / "diff_base" / "component.yaml"
    text = base.read_text()
    written = "mounts: {left_wheel: hub_left, right_wheel: hub_right,"
    assert written in text
    typed = text.replace(written, "mounts: {left_wheel: hub_left, ")
    at = typed.index("{left_wheel: hub_left, ") + len("{left_wheel: hub_left, ")
    found = schema.offer(typed, at, str(base))
    assert (found.path, found.words) == ("profiles.Diff_two_caster.mounts", ("right_wheel",))
    # nearly: every mount mapped leaves nothing to offer
    full = text.replace(written, written + " ")
    at = full.index(written) + len(written) + 1
    assert schema.offer(full, at, str(base)) is None

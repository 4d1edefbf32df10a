"""The human rendering: a glue error byte for byte, and the cases around it."""
from __future__ import annotations

from pathlib import Path

from mobiledsl.diagnostics import Label, Span, error, note, warning
from mobiledsl.pipeline import SourceCache
from mobiledsl.render import render_human

GLUE_LINE = ('    Mecanum wheel_lf(ref = "mecanum_black", '
             'glue = (0.12, 0.1494, -0.0216, 0, 1, 0))')

# A mecanum wheel's glue 7.5 mm off its motor's shaft, exactly as the human form prints it.
EXPECTED = """\
error[validation.assembly.glue_on_connector]: the glue of 'wheel_lf' matches no connector of the chassis or of a placed part; the nearest is 'motor_lf.shaft', 0.008 m away with direction cosine 1.00
   --> demo.core:17:52
   |
17 |     Mecanum wheel_lf(ref = "mecanum_black", glue = (0.12, 0.1494, -0.0216, 0, 1, 0))
   |                                                    ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ matches no connector
   |
   = help: to mount on 'motor_lf.shaft' write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)
   = help: the free connectors are: chassis.front_mount, motor_lf.shaft
"""


def glue_error():
    return error(
        "validation.assembly.glue_on_connector",
        "the glue of 'wheel_lf' matches no connector of the chassis or of a placed part; "
        "the nearest is 'motor_lf.shaft', 0.008 m away with direction cosine 1.00",
        Span("demo.core", 17, 52, 17, 83),
        label="matches no connector",
        help=("to mount on 'motor_lf.shaft' write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)",
              "the free connectors are: chassis.front_mount, motor_lf.shaft"))


def write_demo(tmp_path: Path) -> None:
    lines = [f"    // line {n}" for n in range(1, 17)] + [GLUE_LINE, "}"]
    (tmp_path / "demo.core").write_text("\n".join(lines) + "\n")


def test_glue_error_renders_byte_for_byte(tmp_path, monkeypatch):
    write_demo(tmp_path)
    monkeypatch.chdir(tmp_path)
    text = render_human([glue_error()], SourceCache(), color=False, summary=False)
    assert text == EXPECTED + "\n"


def test_summary_line_closes_the_rendering(tmp_path, monkeypatch):
    write_demo(tmp_path)
    monkeypatch.chdir(tmp_path)
    text = render_human([glue_error()], SourceCache(), color=False)
    assert text == EXPECTED + "\nerror: 1 error emitted\n"
    w = warning("library.missing_field", "x", Span("a.yaml", 1, 1, 1, 1))
    text = render_human([glue_error(), glue_error(), w], SourceCache())
    assert text.endswith("\nerror: 2 errors, 1 warning emitted\n")
    assert render_human([w, w], {}).endswith("\nwarning: 2 warnings emitted\n")
    assert render_human([], {}) == ""
    only_note = render_human([note("x.y", "fyi")], {})
    assert "emitted" not in only_note


def test_no_escape_codes_without_colour_and_some_with(tmp_path, monkeypatch):
    write_demo(tmp_path)
    monkeypatch.chdir(tmp_path)
    plain = render_human([glue_error()], SourceCache(), color=False)
    assert "\x1b" not in plain
    coloured = render_human([glue_error()], SourceCache(), color=True)
    assert "\x1b[" in coloured
    assert "\x1b[1;31merror" in coloured          # error in red
    assert "\x1b[1;36mhelp" in coloured           # help in cyan
    w = render_human([warning("library.missing_field", "x", Span("demo.core", 17, 5))],
                     SourceCache(), color=True)
    assert "\x1b[1;33mwarning" in w               # warning in yellow


def test_source_given_as_a_dict_and_a_missing_source():
    d = glue_error()
    with_dict = render_human([d], {"demo.core": "\n" * 16 + GLUE_LINE + "\n"}, summary=False)
    assert with_dict == EXPECTED + "\n"
    without = render_human([d], {}, summary=False)
    assert without.rstrip("\n").splitlines() == [
        EXPECTED.splitlines()[0],
        "  --> demo.core:17:52",
        "  = help: to mount on 'motor_lf.shaft' write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)",
        "  = help: the free connectors are: chassis.front_mount, motor_lf.shaft",
    ]


def test_span_without_a_line_shows_only_the_file():
    d = error("library.manifest_missing", "there is no library.yaml at the library root 'x'",
              Span("x/library.yaml"),
              help="pass the directory that holds library.yaml to --library")
    assert render_human([d], {}, summary=False) == (
        "error[library.manifest_missing]: there is no library.yaml at the library root 'x'\n"
        "  --> x/library.yaml\n"
        "  = help: pass the directory that holds library.yaml to --library\n"
        "\n")


def test_no_span_at_all():
    d = error("target.unsupported", "nothing to point at")
    assert render_human([d], {}, summary=False) == \
        "error[target.unsupported]: nothing to point at\n\n"


def test_secondary_label_in_the_same_file():
    src = "name: a\nparts: [x]\nname: b\n"
    d = error("library.duplicate_key", "the key 'name' is given twice", Span("l.yaml", 3, 1, 3, 4),
              label="given again here", labels=[Label(Span("l.yaml", 1, 1, 1, 4), "first here")])
    assert render_human([d], {"l.yaml": src}, summary=False) == (
        "error[library.duplicate_key]: the key 'name' is given twice\n"
        "  --> l.yaml:3:1\n"
        "  |\n"
        "1 | name: a\n"
        "  | ---- first here\n"
        "2 | parts: [x]\n"
        "3 | name: b\n"
        "  | ^^^^ given again here\n"
        "\n")


def test_distant_lines_are_elided_and_the_gutter_widens():
    src = "\n".join(f"k{n}: {n}" for n in range(1, 13)) + "\n"
    d = error("library.duplicate_key", "dup", Span("l.yaml", 12, 1, 12, 3), label="again",
              labels=[Label(Span("l.yaml", 2, 1, 2, 2), "first")])
    lines = render_human([d], {"l.yaml": src}, summary=False).rstrip("\n").splitlines()
    assert lines == [
        "error[library.duplicate_key]: dup",
        "   --> l.yaml:12:1",
        "   |",
        " 2 | k2: 2",
        "   | -- first",
        "...",
        "12 | k12: 12",
        "   | ^^^ again",
    ]


def test_secondary_label_in_another_file_gets_its_own_arrow():
    d = error("resolve.duplicate_name", "two entities are named 'crate'",
              Span("w.world", 2, 5, 2, 9), label="second",
              labels=[Label(Span("env/component.yaml", 3, 3, 3, 7), "first, in the environment")])
    sources = {"w.world": "World w {\n    crate\n}\n",
               "env/component.yaml": "entities:\n  a: 1\n  crate: {}\n"}
    assert render_human([d], sources, summary=False).rstrip("\n").splitlines() == [
        "error[resolve.duplicate_name]: two entities are named 'crate'",
        "  --> w.world:2:5",
        "  |",
        "2 |     crate",
        "  |     ^^^^^ second",
        "  |",
        "  --> env/component.yaml:3:3",
        "  |",
        "3 |   crate: {}",
        "  |   ----- first, in the environment",
    ]


def test_secondary_label_whose_source_is_missing_becomes_a_note():
    d = error("resolve.duplicate_name", "dup", Span("w.world", 1, 1, 1, 1),
              labels=[Label(Span("gone.yaml", 4, 1), "first here")])
    lines = render_human([d], {"w.world": "x\n"}, summary=False).rstrip("\n").splitlines()
    assert lines[-2:] == ["  --> gone.yaml:4:1", "  = note: first here"]


def test_multi_line_span_is_underlined_to_the_end_of_its_first_line():
    src = "Robot r {\n    Lidar l(ref = \"x\",\n            glue = (0, 0, 1))\n}\n"
    d = error("semantic.profile_missing", "no Lidar profile", Span("r.core", 2, 5, 3, 29),
              label="here")
    lines = render_human([d], {"r.core": src}, summary=False).rstrip("\n").splitlines()
    assert lines[3:5] == [
        '2 |     Lidar l(ref = "x",',
        "  |     ^^^^^^^^^^^^^^^^^^ here",
    ]


def test_tabs_are_expanded_consistently_and_notes_follow_help():
    src = "\tStandard w(ref = 1)\n"
    d = warning("semantic.x", "m", Span("t.core", 1, 2, 1, 9), label="l", help="h", notes="n")
    assert render_human([d], {"t.core": src}, summary=False).rstrip("\n").splitlines() == [
        "warning[semantic.x]: m",
        "  --> t.core:1:2",
        "  |",
        "1 |     Standard w(ref = 1)",
        "  |     ^^^^^^^^ l",
        "  |",
        "  = help: h",
        "  = note: n",
    ]


def test_point_span_and_span_past_the_end_of_the_line():
    d = error("syntax.expected", "expected '}'", Span("r.core", 1, 10), label="here")
    lines = render_human([d], {"r.core": "Robot r {\n"}, summary=False).rstrip("\n").splitlines()
    assert lines[3:5] == ["1 | Robot r {", "  |          ^ here"]

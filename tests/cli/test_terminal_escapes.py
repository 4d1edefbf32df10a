"""What a person reads on a terminal holds no control character a file put there: hostile
values in a part id, a key, a value, a source line and a file name are shown escaped in the
human diagnostics, the closing lines, watch's, the build reporter's, run's, simulate's and
explain's lines. JSON keeps the values as they are (its own escaping)."""
from __future__ import annotations

import io
import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobiledsl import cli
from mobiledsl.diagnostics import Label, Span, error

from .cli_helpers import TINY_CORE, make_library

# what a terminal acts on: the C0 controls but the newline, DEL and the C1 controls, the
# bidi controls, the line and paragraph separators (written out here, not taken from the
# module under test)
CONTROL = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029"
                     "\u202a-\u202e\u2066-\u2069]")
TITLE = "\x1b]0;pwned\x07"                      # retitles the window
CLEAR = "\x1b[2J"                               # clears the screen
LINK = "\x1b]8;;http://example.invalid/\x1b\\"  # an OSC 8 link
FLIP = "\u202e"                                 # a right-to-left override


def clean(text: str) -> str:
    """``text``, asserted to hold no control character."""
    found = CONTROL.findall(text)
    assert not found, (found, text)
    return text


def main(*args: str) -> int:
    return cli.main(list(args))


# -- human diagnostics --------------------------------------------------------------------------
def _library_with(tmp_path: Path, old: str, new: str) -> Path:
    root = make_library(tmp_path / "tiny")
    part = root / "parts" / "tiny_lidar" / "component.yaml"
    text = part.read_text()
    assert old in text
    part.write_text(text.replace(old, new, 1))
    return root


@pytest.mark.parametrize("old, new, escaped", [
    ("category: sensor", 'category: "\\e]0;pwned\\a"', "\\x1b]0;pwned\\x07"),     # a value
    ("category: sensor", f"category: sensor\nmo{FLIP}od: 1", "mo\\u202eod: 1"),       # a key
    ("description: A small 2D lidar.", "description: A small \x1b[2J lidar.",       # a line
     "A small \\x1b[2J lidar."),
], ids=["value", "key", "source-line"])
def test_a_hostile_value_key_or_line_of_a_part_is_shown_escaped(tmp_path, capsys, old, new,
                                                                  escaped):
    root = _library_with(tmp_path, old, new)
    main("library", "check", str(root), "--color", "never")
    err = clean(capsys.readouterr().err)
    assert escaped in err


def test_a_hostile_part_id_is_shown_escaped(tmp_path, capsys):
    root = make_library(tmp_path / "tiny")
    manifest = root / "library.yaml"
    manifest.write_text(manifest.read_text() + '  - "tiny\\e]8;;http://x/\\e\\\\part"\n')
    main("library", "check", str(root), "--color", "never")
    err = clean(capsys.readouterr().err)
    assert "tiny\\x1b]8;;http://x/\\x1b\\part" in err


def test_a_hostile_file_name_and_source_line_of_a_program_are_shown_escaped(tmp_path, capsys):
    library = make_library(tmp_path / "tiny")
    core = tmp_path / f"bot{CLEAR}.core"
    core.write_text(TINY_CORE.replace('intent "A plate', f'intent 1.{FLIP} "A plate'))
    assert main("compile", str(core), "--library", str(library), "--check",
                "--color", "always") == 1
    err = capsys.readouterr().err
    own = re.sub("\x1b\\[[0-9;]*m", "", err)      # the renderer's own colours stripped
    clean(own)
    assert "bot\\x1b[2J.core:2:12" in own                         # the --> line
    assert "intent 1.\\u202e \"A plate" in own                      # the quoted line
    assert "checked bot\\x1b[2J.core against" in own                # the closing line


def test_the_underline_stays_under_what_it_marks_after_escaping():
    from mobiledsl.render.human import render_human
    line = f"x: {TITLE}\tbad\tvalue # note"
    start = line.index("bad") + 1
    d = error("x.y", "bad", Span("f", 1, start, 1, start + 2), label="here")
    shown = render_human([d], {"f": line}, summary=False).split("\n")
    quoted = next(l for l in shown if l.startswith("1 | "))
    marks = next(l for l in shown if "^" in l)
    assert quoted[marks.index("^"):].startswith("bad")
    assert marks.count("^") == 3


def test_json_keeps_the_value_as_it_is(tmp_path, capsys):
    root = _library_with(tmp_path, "category: sensor", 'category: "\\e]0;pwned\\a"')
    main("library", "check", str(root), "--diagnostics", "json")
    out = capsys.readouterr().out
    assert any(TITLE in d["message"] for d in json.loads(out)["diagnostics"])
    assert "\x1b" not in out                          # JSON's own escape, \u001b


# -- the closing line, usage errors, explain ---------------------------------------------------
def test_a_hostile_library_name_is_escaped_in_the_closing_line(tmp_path, capsys):
    root = make_library(tmp_path / "tiny")
    manifest = root / "library.yaml"
    manifest.write_text(manifest.read_text().replace("name: tiny", 'name: "ti\\e[2Jny"'))
    main("library", "check", str(root), "--color", "never")
    clean(capsys.readouterr().err)


@pytest.mark.parametrize("args", [
    ("compile", f"no{TITLE}.core", "--library", "x"),             # cannot read
    ("compile", f"robot{CLEAR}.txt", "--library", "x"),           # argparse's usage error
    ("run", f"r{LINK}.core", "t.task", "--library", "x"),
    ("explain", f"syntax.{CLEAR}nothing"),
], ids=["compile", "usage", "run", "explain"])
def test_a_hostile_name_on_the_command_line_is_escaped(capsys, args):
    assert main(*args) == 2
    captured = capsys.readouterr()
    clean(captured.err)
    assert "\\x1b" in captured.err


def test_simulate_escapes_what_the_model_s_loader_said(tmp_path, capsys, monkeypatch):
    model = tmp_path / f"m{CLEAR}.xml"
    model.write_text("<mujoco/>")
    import mobiledsl.sim as sim

    def refuse(path):
        raise ValueError(f"XML Error: unknown element {TITLE}")
    monkeypatch.setattr(sim, "load_simulation", refuse)
    assert main("simulate", str(model), "--twist", "0", "0", "0", "--seconds", "1") == 2
    err = clean(capsys.readouterr().err)
    assert "unknown element \\x1b]0;pwned\\x07" in err and "m\\x1b[2J.xml" in err


def test_simulate_s_summary_line_goes_through_the_rule(tmp_path, capsys, monkeypatch):
    model = tmp_path / "m.xml"
    model.write_text("<mujoco/>")
    import mobiledsl.sim as sim
    import mobiledsl.sim.simulate as simulate
    monkeypatch.setattr(sim, "load_simulation", lambda path: object())
    monkeypatch.setattr(simulate, "run_twist", lambda *a, **k: {"final": {}})
    monkeypatch.setattr(simulate, "describe", lambda result: f"ended {TITLE}")
    import mobiledsl.simulate_command as command
    from mobiledsl.run.watch import Contact
    touched = Contact(f"crate{CLEAR}", 1.0, (0.4, 0.2), (0.2, 0.1))
    monkeypatch.setattr(command, "_contact_watch",
                        lambda sim: SimpleNamespace(contacts=[touched], look=lambda at: None))
    assert main("simulate", str(model), "--twist", "0", "0", "0", "--seconds", "1") == 0
    assert clean(capsys.readouterr().err).split("\n")[:2] == [
        "ended \\x1b]0;pwned\\x07", "touched 'crate\\x1b[2J' at 1.00 s: at (0.400, 0.200) m, "
        "the base at (0.200, 0.100) m"]


def test_run_s_lines_are_escaped(tmp_path, capsys, monkeypatch):
    core, task = tmp_path / "r.core", tmp_path / "t.task"
    core.write_text("Robot r {}\n")
    task.write_text("Task t {}\n")
    import mobiledsl.run.program as program
    hostile = error("run.step_missed", f"the step {CLEAR} was missed", Span(str(core)))
    result = SimpleNamespace(diagnostics=[hostile], compiled=None, simulated_s=1.0,
                             report={"steps": [{"step": 1, "kind": "Navigate", "ok": True,
                                                "code": None, "seconds": 2.0,
                                                "asked": {"goal": f"dock{CLEAR}"},
                                                "reached": {"to_goal_m": 0.04},
                                                "collisions": []}]},
                             frames=f"frames {LINK}",
                             report_dir=f"build/r{TITLE}/report")
    monkeypatch.setattr(program, "run_program", lambda *a, **k: result)
    main("run", str(core), str(task), "--library", str(tmp_path), "--color", "never")
    err = clean(capsys.readouterr().err)
    assert "the step \\x1b[2J was missed" in err
    assert "step 1 Navigate: reached in 2.0 s, 0.040 m left to 'dock\\x1b[2J'" in err
    assert "report in build/r\\x1b]0;pwned\\x07/report" in err and "frames \\x1b]8" in err


# -- watch and the build reporter ---------------------------------------------------------------
def test_watch_escapes_saved_names_task_names_and_what_tasks_wrote(tmp_path, capsys,
                                                                  monkeypatch):
    from mobiledsl.graph import watch
    report = {"tasks": [
        {"name": f"parse:bot{CLEAR}", "result": "fail", "err": f"error[x]: {TITLE}\n",
         "error": f"Traceback {LINK}"},
        {"name": "analyse:ok", "result": "success", "err": ""}]}
    monkeypatch.setattr(watch, "run_graph", lambda root, args: (report, f"doit: {FLIP}\n"))
    watch._build(tmp_path, [], [f"robots/bot{CLEAR}.core"])
    out = capsys.readouterr().out
    clean(out)
    assert "changed: robots/bot\\x1b[2J.core" in out
    assert "── parse:bot\\x1b[2J  FAILED" in out and "error[x]: \\x1b]0;pwned\\x07" in out
    assert "doit: \\u202e" in out and "Traceback \\x1b]8" in out


def test_the_build_reporter_escapes_task_output_and_failures():
    from mobiledsl.graph.reporter import BuildReporter
    out = io.StringIO()
    reporter = BuildReporter(out, {})
    reporter.live = False
    action = SimpleNamespace(out="", err=f"warning[x]: {TITLE}\n")
    task = SimpleNamespace(name=f"load:tiny/p{CLEAR}", actions=[action])
    reporter.execute_task(task)
    reporter.add_success(task)
    fail = SimpleNamespace(get_name=lambda: "TaskError", get_msg=lambda: f"boom {LINK}",
                           report=True)
    reporter.add_failure(task, fail)
    text = clean(out.getvalue())
    assert "load:tiny/p\\x1b[2J" in text and "warning[x]: \\x1b]0;pwned\\x07" in text
    assert "boom \\x1b]8;;http://example.invalid/\\x1b\\" in text


# -- any text ------------------------------------------------------------------------------------
SGR = re.compile("\x1b\\[[0-9;]*m")                 # the renderer's own colours
PIECES = st.text(st.sampled_from(list("ab =:\t\\\"'é漢\x00\x07\x08\x0b\x0c\x1b\x7f\x85\x9b"
                                      "\u202e\u2066\u2028\u200f\ud800")), max_size=30)
SETTINGS = settings(max_examples=200, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(message=st.text(max_size=30), label=PIECES, help=st.text(max_size=30), file=PIECES,
       other=PIECES, source=st.text(max_size=200), column=st.integers(1, 60),
       width=st.integers(0, 8), color=st.booleans())
def test_any_text_renders_with_no_control_character_but_the_renderer_s_own(
        message, label, help, file, other, source, column, width, color):
    from mobiledsl.render.human import render_human
    file = file or "f"
    d = error("x.y", message, Span(file, 1, column, 1, column + width), label=label,
              labels=(Label(Span(other or "g", 2, 1, 2, 3), label),), help=help,
              notes=(message,))
    out = render_human([d], {file: source, other or "g": source}, color=color,
                       summary=message)
    clean(SGR.sub("", out) if color else out)


@SETTINGS
@given(line=st.text(st.sampled_from(list("ab =\t\x1b\x07\x7f\x9b\u202e\u2066")), min_size=1,
                    max_size=40), data=st.data())
def test_the_markers_sit_under_the_escaped_text_they_mark(line, data):
    from mobiledsl.render.human import render_human, visible
    start = data.draw(st.integers(1, len(line)))
    end = data.draw(st.integers(start, len(line)))
    d = error("x.y", "m", Span("f", 1, start, 1, end))
    rows = render_human([d], {"f": line}, summary=False).split("\n")
    quoted = next(r for r in rows if r.startswith("1 |"))[len("1 | "):]
    marks = next(r for r in rows if r.startswith("  |") and "^" in r)[len("  | "):]
    at = marks.index("^")
    assert at == len(visible(line[:start - 1]))
    marked = visible(line[start - 1:end])
    assert marks.count("^") == max(1, len(marked))
    assert quoted[at:].startswith(marked.rstrip())    # the line's end is not written


def test_the_graph_s_warnings_and_run_tasks_lines_are_escaped(tmp_path, capsys, monkeypatch):
    from mobiledsl.graph import actions, layout, matrix
    from mobiledsl.run import graphtask
    matrix.warn(f"[tool.mobiledsl] names {TITLE}")
    monkeypatch.setattr(actions, "cell_action", lambda *a: None)
    program = f"bot{CLEAR}"
    (tmp_path / layout.target_dir(program, graphtask.TARGET)).mkdir(parents=True)
    assert graphtask.run_action(tmp_path, program, {}, [], []) is False
    err = clean(capsys.readouterr().err)
    assert "names \\x1b]0;pwned\\x07" in err and "sim:bot\\x1b[2J: expected one model" in err


@pytest.mark.parametrize("start", [1, 60, 300])
def test_a_long_line_is_cut_between_escapes_never_inside_one(start):
    from mobiledsl.render.human import render_human
    line = "a" * 50 + "\x1b\u202e" * 100 + "b" * 50
    d = error("x.y", "m", Span("f", 1, start, 1, start + 3))
    quoted = next(r for r in render_human([d], {"f": line}, summary=False).split("\n")
                  if r.startswith("1 |"))
    whole = re.sub(r"\\x1b|\\u202e", "", quoted)
    assert "\\" not in whole, quoted


def test_argparse_s_own_messages_are_escaped(capsys):
    assert main("compile", "r.core", f"--x{CLEAR}") == 2       # unrecognized, quoted as given
    err = clean(capsys.readouterr().err)
    assert "--x\\x1b[2J" in err and err.startswith("usage: mobiledsl")


def test_the_progress_bar_names_a_task_escaped():
    from mobiledsl.graph.reporter import BuildReporter
    reporter = BuildReporter(io.StringIO(), {})
    seen = []
    reporter.progress = SimpleNamespace(update=lambda bar, description: seen.append(description))
    reporter.execute_task(SimpleNamespace(name=f"load:tiny/[bold]p{CLEAR}", actions=[object()]))
    assert seen == ["load:tiny/\\[bold]p\\x1b[2J"]

"""A fix whose span does not say where it goes is refused as a FixError (it was a
TypeError, which neither ``mobiledsl fix`` nor the language server expects of an edit)."""
import dataclasses

import pytest

from mobiledsl.diagnostics import Fix, Span
from mobiledsl.fix.edits import FixError, apply_text


def test_a_fix_on_the_whole_file_names_no_place_to_write():
    with pytest.raises(FixError, match="no line"):
        apply_text("Robot bot {}\n", [Fix(Span("bot.core"), "x")])


def test_a_fix_with_its_place_is_written():
    assert apply_text("Robot bot {}\n", [Fix(Span("bot.core", 1, 7, 1, 9), "car")]) == \
        "Robot car {}\n"


def test_fix_tells_which_file_it_cannot_fix_instead_of_a_traceback(tmp_path, monkeypatch):
    from mobiledsl.cli import UsageError
    from mobiledsl.diagnostics import warning
    from mobiledsl.fix import command

    core = tmp_path / "bot.core"
    core.write_text("Robot bot {}\n")
    past_the_end = warning("x.y", "m", Span(str(core), 1, 1, 1, 1))
    past_the_end = dataclasses.replace(past_the_end, fixes=(Fix(Span(str(core), 9, 1, 9, 2), "car"),))
    monkeypatch.setattr(command, "diagnostics_of", lambda work: [past_the_end])
    work = command.Work(tmp_path, (), ())
    with pytest.raises(UsageError, match="cannot fix .*bot.core.*past the end"):
        command.pending_texts(work)

"""A fix whose span does not say where it goes is refused as a FixError (it was a
TypeError, which neither ``mobiledsl fix`` nor the language server expects of an edit)."""
import pytest

from mobiledsl.diagnostics import Fix, Span
from mobiledsl.fix.edits import FixError, apply_text


def test_a_fix_on_the_whole_file_names_no_place_to_write():
    with pytest.raises(FixError, match="no line"):
        apply_text("Robot bot {}\n", [Fix(Span("bot.core"), "x")])


def test_a_fix_with_its_place_is_written():
    assert apply_text("Robot bot {}\n", [Fix(Span("bot.core", 1, 7, 1, 9), "car")]) == \
        "Robot car {}\n"

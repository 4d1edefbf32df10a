"""The command line at its edges: outputs that cannot be written, program files that are not
UTF-8, a target missing from this build, very long source lines in the human rendering."""
from __future__ import annotations

import json
import os

import pytest
from rich.cells import cell_len

from mobiledsl import cli, outputs, pipeline
from mobiledsl.diagnostics import Label, Span, error
from mobiledsl.render import render_human

from .cli_helpers import TINY_CORE, run_cli


def main(*args: str) -> int:
    return cli.main(list(args))


def files_under(root) -> list[str]:
    return sorted(os.path.relpath(os.path.join(d, f), root)
                  for d, _, fs in os.walk(root) for f in fs)


# -- outputs that cannot be written ------------------------------------------------------------
def test_an_output_folder_that_is_a_file_is_status_2_not_an_internal_error(
        tmp_path, tiny_program, tiny_library, capsys):
    blocker = tmp_path / "out"
    blocker.write_text("not a folder\n")
    status = main("compile", str(tiny_program), "--library", str(tiny_library),
                  "--target", "mjcf", "-o", str(blocker))
    err = capsys.readouterr().err
    assert status == 2
    assert "internal error" not in err and "bug" not in err
    assert "mobiledsl: error: cannot write" in err and str(blocker) in err
    assert blocker.read_text() == "not a folder\n"


def test_a_read_only_output_folder_is_status_2_and_nothing_is_half_written(
        tmp_path, tiny_program, tiny_library, capsys, monkeypatch):
    """A folder that refuses files (a read-only file system; root ignores chmod, so the
    refusal is simulated where the files are made): a clear message, no file written, no
    temporary file and no folder left behind."""
    out = tmp_path / "out"
    real_mkstemp = outputs.tempfile.mkstemp

    def refuse(*args, dir=None, **kw):
        if dir is not None and str(dir).startswith(str(out / "mjcf")):
            raise OSError(30, "Read-only file system", str(dir))
        return real_mkstemp(*args, dir=dir, **kw)

    monkeypatch.setattr(outputs.tempfile, "mkstemp", refuse)
    status = main("compile", str(tiny_program), "--library", str(tiny_library),
                  "--target", "mjcf", "-o", str(out), "--diagnostics", "json")
    captured = capsys.readouterr()
    assert status == 2
    assert json.loads(captured.out)["summary"]["errors"] == 0     # stdout: the document only
    assert "Read-only file system" in captured.err and "internal error" not in captured.err
    assert not out.exists() or files_under(out) == []
    assert not out.exists() or not any(os.scandir(out))           # no empty folders either


def test_e2e_output_under_a_file(tmp_path, tiny_program, tiny_library):
    (tmp_path / "plain").write_text("x")
    done = run_cli("compile", str(tiny_program), "--library", str(tiny_library),
                   "--target", "mjcf", "-o", str(tmp_path / "plain" / "out"))
    assert done.returncode == 2
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    assert "cannot write" in done.stderr


def test_a_target_missing_from_this_build_writes_nothing(tmp_path, tiny_program, tiny_library,
                                                         capsys):
    out = tmp_path / "out"
    status = main("compile", str(tiny_program), "--library", str(tiny_library),
                  "--target", "mjcf", "--target", "no-such-target", "-o", str(out))
    assert status == 2
    assert "invalid choice: 'no-such-target'" in capsys.readouterr().err
    assert not out.exists()


def test_a_program_file_that_is_a_folder_is_a_usage_failure(tmp_path, tiny_library, capsys):
    (tmp_path / "dir.core").mkdir()
    assert main("compile", str(tmp_path / "dir.core"), "--library", str(tiny_library)) == 2
    err = capsys.readouterr().err
    assert "is a directory" in err and "internal error" not in err


# -- program files that are not UTF-8 ----------------------------------------------------------
@pytest.mark.parametrize("data, line, column", [
    (b'Robot r {\n    // caf\xe9\n}\n', 2, 11),                  # Latin-1 in a comment
    (b'Robot r {\n    Diff_two_caster chassis(ref = "ba\xffse")\n}\n', 2, 38),
    (b'\xff\xfeR\x00o\x00', 1, 1),                              # UTF-16 with its BOM
])
def test_a_program_file_that_is_not_utf8_is_a_diagnostic_with_a_place(
        tmp_path, tiny_library, capsys, data, line, column):
    core = tmp_path / "enc.core"
    core.write_bytes(data)
    status = main("compile", str(core), "--library", str(tiny_library), "--check",
                  "--diagnostics", "json")
    captured = capsys.readouterr()
    assert status == 1, captured
    doc = json.loads(captured.out)
    first = doc["diagnostics"][0]
    assert "UTF-8" in first["message"]
    assert (first["file"], first["line"], first["column"]) == (str(core), line, column)
    assert first["code"] == "syntax.invalid_character"
    assert captured.err == ""


def test_e2e_non_utf8_human_form_has_no_traceback(tmp_path, tiny_library):
    core = tmp_path / "enc.core"
    core.write_bytes(TINY_CORE.encode().replace(b'intent "A', b'intent "\xe9A'))
    done = run_cli("compile", str(core), "--library", str(tiny_library))
    assert done.returncode == 1
    assert "Traceback" not in done.stderr
    assert f"--> {core}:2:13" in done.stderr and "not UTF-8" in done.stderr


def test_decode_source_keeps_good_text_and_strips_a_bom():
    text, diag = pipeline.decode_source("\ufeffRobot r {}\n".encode("utf-8"), "r.core")
    assert text == "Robot r {}\n" and diag is None


# -- very long lines in the human rendering ------------------------------------------------------
def _caret_target(rendered: str) -> tuple[str, str]:
    """(the quoted source line, the character the first ^ stands under)."""
    lines = rendered.splitlines()
    for i, l in enumerate(lines):
        if "^" in l and "|" in l:
            source = lines[i - 1]
            start = l.index("^")
            cells = 0
            for ch in source:
                if cells >= start:
                    return source, ch
                cells += cell_len(ch)
    raise AssertionError(rendered)


@pytest.mark.parametrize("prefix", ["x" * 400, "\t" * 3 + "x" * 300, "日本語" * 80])
def test_a_very_long_line_is_cut_around_the_span(prefix):
    line = f"    {prefix} glue = (1, 2, 3) " + "y" * 500
    column = line.index("(") + 1
    d = error("validation.assembly.glue_on_connector", "no connector",
              Span("l.core", 1, column, 1, column + len("(1, 2, 3)") - 1), label="here")
    text = render_human([d], {"l.core": line + "\n"}, summary=False)
    quoted = [l for l in text.splitlines() if l.startswith("1 |")][0]
    assert "..." in quoted
    assert all(cell_len(l) <= 160 for l in text.splitlines()[1:]), text
    source, under = _caret_target(text)
    assert under == "("
    assert "^^^^^^^^^ here" in text


def test_a_long_line_keeps_a_secondary_mark_before_the_primary():
    line = "a" * 30 + " first " + "b" * 300 + " second " + "c" * 300
    d = error("x.y", "dup", Span("l.core", 1, line.index("second") + 1,
                                  1, line.index("second") + 6),
              label="again", labels=[Label(Span("l.core", 1, 32, 1, 36), "first")])
    text = render_human([d], {"l.core": line + "\n"}, summary=False)
    assert all(cell_len(l) <= 160 for l in text.splitlines()[1:]), text
    assert _caret_target(text)[1] == "s"


def test_a_line_of_ordinary_length_is_not_cut():
    line = "    Motor motor_rf(ref = \"gearmotor_37d\", glue = (0.1275, -0.1294, -0.0227, 0, " \
           "-1, 0), command = @core/driver_r)  // past 120"
    assert 120 < len(line) <= 140
    d = error("x.y", "m", Span("l.core", 1, 5, 1, 9), label="here")
    text = render_human([d], {"l.core": line + "\n"}, summary=False)
    assert f"1 | {line}" in text.splitlines()

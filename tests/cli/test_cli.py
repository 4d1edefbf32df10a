"""The command line: exit statuses, explain, library check, compile, and a few end-to-end runs
through ``python -m mobiledsl``."""
from __future__ import annotations

import json
import pytest

from mobiledsl import cli
from mobiledsl.codes import all_codes

from .cli_helpers import TINY_CORE, check_sarif_structure, make_library, run_cli


def main(*args: str) -> int:
    return cli.main(list(args))


# -- usage ----------------------------------------------------------------------------------------
def test_no_command_and_unknown_options_are_usage_errors(capsys):
    assert main() == 2
    assert main("compile", "x.core", "--library", "l", "--frobnicate") == 2
    assert main("compile", "x.core", "--library", "l", "--target", "vrml") == 2
    assert main("compile", "x.core") == 2                      # no such file
    assert main("library") == 2
    assert main("--help") == 0
    assert main("--version") == 0
    assert "mobiledsl" in capsys.readouterr().out


@pytest.mark.parametrize("files, message", [
    (["robot.txt"], "is not a .core, .world or .task file"),
    (["a.core", "b.core"], "two .core files given"),
    (["a.world"], "no .core file given"),
    (["a.core", "w.world", "x.world"], "two .world files given"),
])
def test_positional_files_are_classified_by_extension(capsys, files, message):
    assert main("compile", *files, "--library", "lib") == 2
    err = capsys.readouterr().err
    assert message in err and "usage:" in err


def test_a_missing_file_is_a_usage_failure(tmp_path, capsys, tiny_library):
    assert main("compile", str(tmp_path / "gone.core"), "--library", str(tiny_library)) == 2
    assert "cannot read" in capsys.readouterr().err


def test_classify_files_in_any_order():
    assert cli.classify_files(["t.task", "r.core", "w.world"]) == {
        "core": "r.core", "world": "w.world", "task": "t.task"}


def test_an_internal_error_is_one_message_and_status_2(monkeypatch, capsys):
    def boom(args):
        raise RuntimeError("the sky fell")
    monkeypatch.setitem(cli.SUBCOMMANDS, "explain",
                        cli.Subcommand("explain", "x", lambda p: None, boom))
    monkeypatch.delenv("MOBILEDSL_TRACEBACK", raising=False)
    assert main("explain") == 2
    err = capsys.readouterr().err
    assert "internal error" in err and "the sky fell" in err
    assert "Traceback" not in err


def test_the_registry_takes_new_subcommands(monkeypatch, capsys):
    seen = {}

    def configure(p):
        p.add_argument("--once", action="store_true")

    def run(args):
        seen["once"] = args.once
        return 0
    monkeypatch.setitem(cli.SUBCOMMANDS, "watch", cli.Subcommand("watch", "rebuild on save",
                                                                   configure, run))
    assert main("watch", "--once") == 0 and seen == {"once": True}


# -- explain --------------------------------------------------------------------------------------
def test_explain_a_known_code(capsys):
    codes = all_codes()
    code = "target.unsupported" if "target.unsupported" in codes else sorted(codes)[0]
    info = codes[code]
    assert main("explain", code) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{info.severity.value}[{code}]: {info.summary}\n")
    assert " ".join(info.explanation.split()) in " ".join(out.split())
    if info.example:
        assert "Example:" in out and info.example.strip().split("\n")[0] in out


def test_explain_an_unknown_code_suggests_the_nearest(capsys):
    codes = all_codes()
    code = "target.unsupported" if "target.unsupported" in codes else sorted(codes)[0]
    typo = code[:-2] + code[-1] + code[-2]                     # two letters swapped
    assert main("explain", typo) == 2
    err = capsys.readouterr().err
    assert f"unknown diagnostic code '{typo}'" in err
    assert f"did you mean '{code}'" in err


def test_explain_the_rule_name_alone_suggests_the_full_code(capsys):
    codes = all_codes()
    code = "target.unsupported" if "target.unsupported" in codes else sorted(codes)[0]
    assert main("explain", code.rsplit(".", 1)[-1]) == 2
    assert f"'{code}'" in capsys.readouterr().err


def test_explain_without_a_code_lists_them_all(capsys):
    assert main("explain") == 0
    out = capsys.readouterr().out
    for code in all_codes():
        assert code in out


# -- library check ----------------------------------------------------------------------------------
def test_library_check_of_a_good_library(tiny_library, capsys):
    assert main("library", "check", str(tiny_library)) == 0
    err = capsys.readouterr().err
    assert err == "ok: checked library 'tiny' (3 parts loaded): 0 errors, 0 warnings\n"


def test_library_check_reports_a_broken_part_as_a_warning(tmp_path, capsys):
    lib = make_library(tmp_path / "tiny", broken=True)
    assert main("library", "check", str(lib), "--color", "never") == 0
    err = capsys.readouterr().err
    assert "warning[library.missing_field]" in err
    assert "broken_part/component.yaml:" in err
    assert err.endswith("warning: checked library 'tiny' (3 parts loaded, 1 left out): "
                        "0 errors, 1 warning\n")


def test_library_check_of_a_bad_manifest_is_an_input_error(tmp_path, capsys):
    lib = make_library(tmp_path / "tiny")
    (lib / "library.yaml").write_text("name: tiny\nparts: 3\n")
    assert main("library", "check", str(lib)) == 1
    assert "error[library." in capsys.readouterr().err


def test_library_check_without_library_yaml_is_an_environment_failure(tmp_path, capsys):
    assert main("library", "check", str(tmp_path / "nothing_here"),
                "--diagnostics", "json") == 2
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"] == {"errors": 1, "warnings": 0}
    assert doc["diagnostics"][0]["code"] == "library.manifest_missing"


def test_library_check_loads_the_other_libraries_too(tmp_path, tiny_library, capsys):
    other = make_library(tmp_path / "other", broken=True)
    # The other library's part warnings are not this library's business...
    assert main("library", "check", str(tiny_library), "--library", str(other)) == 0
    assert "broken_part" not in capsys.readouterr().err
    # ...but one that cannot be loaded at all is reported.
    assert main("library", "check", str(tiny_library), "--library",
                str(tmp_path / "missing")) == 2
    assert "library.manifest_missing" in capsys.readouterr().err


def test_library_check_sarif(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    make_library(tmp_path / "tiny", broken=True)
    assert main("library", "check", "tiny", "--diagnostics", "sarif") == 0
    captured = capsys.readouterr()
    log = json.loads(captured.out)
    assert captured.err == ""
    check_sarif_structure(log)
    result = log["runs"][0]["results"][0]
    assert result["ruleId"] == "library.missing_field" and result["level"] == "warning"
    uri = result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
    assert uri == "tiny/parts/broken_part/component.yaml"


# -- compile ----------------------------------------------------------------------------------------
def test_compile_a_syntax_error_is_status_1(tmp_path, tiny_library, capsys):
    core = tmp_path / "bad.core"
    core.write_text('Robot bad {\n    Diff_two_caster chassis(ref = "tiny_base"\n}\n')
    assert main("compile", str(core), "--library", str(tiny_library), "--color", "never") == 1
    err = capsys.readouterr().err
    assert "error[syntax." in err and "bad.core:" in err


def test_compile_check_of_a_good_program_is_status_0(tiny_program, tiny_library, capsys):
    status = main("compile", str(tiny_program), "--library", str(tiny_library), "--check",
                  "--diagnostics", "json")
    doc = json.loads(capsys.readouterr().out)
    assert doc["summary"]["errors"] == 0, doc
    assert status == 0


def test_compile_a_glue_error_is_status_1_and_points_at_the_glue(tmp_path, tiny_library,
                                                                capsys):
    core = tmp_path / "off.core"
    core.write_text(TINY_CORE.replace("(0, 0.1, -0.02, 0, 1, 0)", "(0, 0.108, -0.02, 0, 1, 0)"))
    assert main("compile", str(core), "--library", str(tiny_library), "--color", "never") == 1
    err = capsys.readouterr().err
    assert "error[validation.assembly.glue_on_connector]" in err
    assert f"--> {core}:4:" in err
    assert "= help: to mount on 'chassis.left' write glue = (0, 0.1, -0.02, 0, 1, 0)" in err


# -- end to end, in a fresh interpreter ---------------------------------------------------------------
@pytest.mark.slow
def test_e2e_explain_and_usage():
    ok = run_cli("explain", "target.unsupported")
    assert ok.returncode == 0 and ok.stdout.startswith("error[target.unsupported]")
    bad = run_cli("explain", "target.unsuported")
    assert bad.returncode == 2 and "did you mean 'target.unsupported'" in bad.stderr
    usage = run_cli("compile", "robot.txt", "--library", "lib")
    assert usage.returncode == 2 and "Traceback" not in usage.stderr


def test_e2e_library_check(tmp_path):
    make_library(tmp_path / "tiny", broken=True)
    done = run_cli("library", "check", "tiny", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stderr
    assert "warning[library.missing_field]" in done.stderr
    assert "  --> tiny/parts/broken_part/component.yaml:" in done.stderr
    missing = run_cli("library", "check", "nope", "--diagnostics", "json", cwd=tmp_path)
    assert missing.returncode == 2
    assert json.loads(missing.stdout)["diagnostics"][0]["code"] == "library.manifest_missing"


def test_e2e_compile_emits_mjcf_under_outdir(tmp_path, tiny_program, tiny_library):
    done = run_cli("compile", str(tiny_program), "--library", str(tiny_library),
                   "--target", "mjcf", "-o", str(tmp_path / "out"))
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "mjcf" / "tiny_bot.xml").is_file()
    assert not (tmp_path / "out" / "ros-gz-nav2").exists()

"""The codes and the forms: every code of the rule catalogue and of the library loader is
registered, listed by ``mobiledsl explain`` and met by a corpus case; the mecanum program's
glue error (its front-left wheel 7.5 mm off its motor's shaft) comes out exactly as written
here, in JSON, in the human form and in SARIF; a duplicate key shows both places."""
from __future__ import annotations

import json

import pytest

from mobiledsl.codes import all_codes

from . import test_corpus_library as library_cases
from . import test_corpus_programs as program_cases
from .harness import Case, judge_basics, run_cli, sub

# the rule catalogue (the least set of rules the compiler checks), with each rule's severity
RULE_CATALOGUE = {
    "resolve.unknown_part": "error",
    "resolve.ambiguous_part": "error",
    "resolve.unknown_reference": "error",
    "resolve.duplicate_name": "error",
    "semantic.profile_missing": "error",
    "semantic.chassis_count": "error",
    "semantic.reference_kind": "error",
    "validation.assembly.glue_on_connector": "error",
    "validation.assembly.connector_taken": "error",
    "validation.assembly.drive_mounts_filled": "error",
    "validation.assembly.steering_declared": "error",
    "validation.assembly.wheels_touch_one_plane": "error",
    "validation.assembly.wheels_clear_other_parts": "error",
    "validation.assembly.parts_clear_each_other": "warning",
    "validation.statics.com_over_support": "error",
    "validation.footprint.bounded": "warning",
    "validation.power.driver_accepts_battery": "error",
    "validation.power.motor_voltage": "error",
    "validation.power.channel_current": "error",
    "validation.power.channels_and_buses": "error",
    "validation.kinematics.spin_supported": "error",
    "validation.kinematics.strafe_supported": "error",
    "validation.kinematics.walk_supported": "error",
    "validation.kinematics.speed_supported": "error",
    "validation.kinematics.tracks_state_their_travel": "warning",
    "target.unsupported": "error",
}
# the catalogue's legged rules
LEGGED_RULES = {
    "validation.assembly.feet_touch_the_ground",
    "validation.assembly.links_clear_the_ground",
    "validation.assembly.legs_on_a_legged_chassis",
    "validation.assembly.one_walker",
    "validation.kinematics.gait_walks_the_feet",
}
# the library loader's codes
LIBRARY = {
    "library.manifest_missing", "library.yaml_syntax", "library.duplicate_key",
    "library.invalid_key", "library.unknown_field", "library.missing_field",
    "library.wrong_type", "library.invalid_value", "library.not_unit_vector",
    "library.unsupported", "library.asset_missing", "library.id_mismatch",
    "library.unknown_connector", "library.duplicate_part", "library.part_missing",
}
REQUIRED_CODES = set(RULE_CATALOGUE) | LEGGED_RULES | LIBRARY

ALL_CASES: list[Case] = (library_cases.CASES + library_cases.NEAR_MISSES
                         + program_cases.CASES + program_cases.NEAR_MISSES)


def test_case_ids_are_unique():
    ids = [c.id for c in ALL_CASES] + [c.id for c in FORM_CASES]
    assert len(ids) == len(set(ids)), sorted(i for i in ids if ids.count(i) > 1)


def test_every_required_code_is_registered():
    registered = all_codes()
    missing = sorted(REQUIRED_CODES - set(registered))
    assert not missing, f"required codes that are not registered: {missing}"


def test_the_catalogue_severities():
    registered = all_codes()
    wrong = {code: (registered[code].severity.value, want) for code, want in RULE_CATALOGUE.items()
             if code in registered and registered[code].severity.value != want}
    assert not wrong, wrong


def test_every_code_the_corpus_expects_is_registered():
    registered = set(all_codes())
    expected = {e.code for c in ALL_CASES for e in c.expect} | {a for c in ALL_CASES for a in c.also}
    assert not expected - registered, sorted(expected - registered)


def test_every_registered_and_required_code_has_a_case():
    """Breadth: a broken input for every code (an environment failure included)."""
    covered = {e.code for c in ALL_CASES if not c.xfail for e in c.expect}
    wanted = REQUIRED_CODES | set(all_codes())
    assert not wanted - covered, sorted(wanted - covered)


def test_explain_lists_every_code():
    proc = run_cli(["explain"])
    assert proc.returncode == 0, proc.stderr
    listed = {line.split()[0] for line in proc.stdout.splitlines() if line.strip()}
    unlisted = (REQUIRED_CODES | set(all_codes())) - listed
    assert not unlisted, sorted(unlisted)


@pytest.mark.slow
def test_explain_one_code():
    proc = run_cli(["explain", "validation.assembly.glue_on_connector"])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("error[validation.assembly.glue_on_connector]:"), proc.stdout[:200]
    assert "Example:" in proc.stdout
    unknown = run_cli(["explain", "validation.assembly.glue_on_conector"])
    assert unknown.returncode == 2
    assert "validation.assembly.glue_on_connector" in unknown.stderr
    assert "Traceback" not in unknown.stderr


def test_explain_completes_a_rule_name():
    proc = run_cli(["explain", "glue_on_connector"])
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("error[validation.assembly.glue_on_connector]:"), proc.stdout[:200]


# ---------------------------------------------------------------------------------------------
# the mecanum program's glue error, exactly, in every form

MEC = "prog/mecanum.core"
DOC_GLUE = sub(MEC, 'wheel_lf(ref = "mecanum_black", glue = (0.1275, 0.1494',
               'wheel_lf(ref = "mecanum_black", glue = (0.12, 0.1494')
DOC_LINE = '    Mecanum wheel_lf(ref = "mecanum_black", glue = (0.12, 0.1494, -0.0216, 0, 1, 0))'
DOC_MESSAGE = ("the glue of 'wheel_lf' matches no connector of the chassis or of a placed part; "
               "the nearest is 'motor_lf.shaft', 0.008 m away with direction cosine 1.00")
DOC_HELP = ["to mount on 'motor_lf.shaft' write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)",
            "the free connectors are: chassis.front_mount, motor_lf.shaft"]


def _form(fmt: str) -> Case:
    return Case(f"form_doc_glue_{fmt}", "compile", (DOC_GLUE,), (), "mecanum", ("core",),
                fmt=fmt, real=fmt == "human")


FORM_CASES = [_form("json"), _form("human"), _form("sarif")]
JSON_CASE, HUMAN_CASE, SARIF_CASE = FORM_CASES


@pytest.mark.slow
@pytest.mark.parametrize("case", [JSON_CASE], ids=str)
def test_doc_glue_error_json(corpus, case):
    outcome = corpus.result(case)
    data = judge_basics(outcome)
    assert outcome.status == 1
    [d] = data["diagnostics"]
    assert d["code"] == "validation.assembly.glue_on_connector"
    assert d["message"] == DOC_MESSAGE
    assert d["help"] == DOC_HELP
    assert (d["line"], d["column"]) == (17, 52)
    assert (d["end_line"], d["end_column"]) == (17, 52 + len("(0.12, 0.1494, -0.0216, 0, 1, 0)") - 1)


@pytest.mark.parametrize("case", [HUMAN_CASE], ids=str)
def test_doc_glue_error_human(corpus, case):
    outcome = corpus.result(case)
    assert outcome.status == 1
    assert outcome.stdout == ""
    err = outcome.stderr
    assert "Traceback" not in err and "\x1b[" not in err
    assert f"error[validation.assembly.glue_on_connector]: {DOC_MESSAGE}" in err
    assert "mecanum.core:17:52" in err
    assert f"17 | {DOC_LINE}\n" in err
    caret = "   | " + " " * 51 + "^" * len("(0.12, 0.1494, -0.0216, 0, 1, 0)") + " matches no connector"
    assert caret + "\n" in err, err
    for h in DOC_HELP:
        assert f"= help: {h}" in err
    assert err.rstrip().endswith("error: checked mecanum.core against library demo_parts: "
                                 "1 error, 0 warnings")


@pytest.mark.slow
@pytest.mark.parametrize("case", [SARIF_CASE], ids=str)
def test_doc_glue_error_sarif(corpus, case):
    outcome = corpus.result(case)
    assert outcome.status == 1
    assert "Traceback" not in outcome.stderr
    log = json.loads(outcome.stdout)
    assert log["version"] == "2.1.0"
    [run] = log["runs"]
    assert run["tool"]["driver"]["name"] == "mobiledsl"
    rules = {r["id"] for r in run["tool"]["driver"]["rules"]}
    [result] = run["results"]
    assert result["ruleId"] == "validation.assembly.glue_on_connector" in rules
    assert result["level"] == "error"
    assert DOC_MESSAGE in result["message"]["text"]
    loc = result["locations"][0]["physicalLocation"]
    assert loc["artifactLocation"]["uri"].endswith("mecanum.core")
    assert (loc["region"]["startLine"], loc["region"]["startColumn"]) == (17, 52)
    assert loc["region"]["endColumn"] == 52 + len("(0.12, 0.1494, -0.0216, 0, 1, 0)")


DUPLICATE_KEY = next(c for c in library_cases.CASES if c.id == "duplicate_key_part")


@pytest.mark.slow
@pytest.mark.parametrize("case", [DUPLICATE_KEY], ids=str)
def test_duplicate_key_shows_both_places(corpus, case):
    outcome = corpus.result(case)
    [d] = [d for d in outcome.data["diagnostics"] if d["code"] == "library.duplicate_key"]
    assert d["line"] == 9
    places = [(label.get("line")) for label in d.get("labels", [])]
    assert 8 in places, d


REFUSED = next(c for c in program_cases.CASES if c.id == "target_unsupported_legged_on_ros")


@pytest.mark.slow
@pytest.mark.parametrize("case", [REFUSED], ids=str)
def test_a_refused_target_writes_nothing(corpus, case):
    outcome = corpus.result(case)
    assert outcome.status == 1
    out = outcome.root / "out" / "ros-gz-nav2"     # (the analysis report beside it is no target's)
    written = [p for p in out.rglob("*") if p.is_file()] if out.exists() else []
    assert written == [], written

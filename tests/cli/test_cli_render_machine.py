"""The JSON and SARIF 2.1.0 renderings."""
from __future__ import annotations

import json
import os

from mobiledsl.codes import all_codes
from mobiledsl.diagnostics import CodeInfo, Label, Severity, Span, error, note, warning
from mobiledsl.render import render_json, render_sarif, to_sarif

from .cli_helpers import check_sarif_structure

D9_KEYS = {"severity", "code", "message", "file", "line", "column", "end_line", "end_column",
           "help", "notes"}


def sample():
    return [
        error("validation.assembly.glue_on_connector", "the glue matches no connector",
              Span("programs/demo/demo.core", 17, 52, 17, 83), label="matches no connector",
              help=("write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)",)),
        warning("library.missing_field", "'inertial' is missing",
                Span("lib/parts/p/component.yaml", 1, 1, 1, 13), notes=("the part is left out",),
                labels=[Label(Span("lib/library.yaml", 3, 5, 3, 6), "listed here")]),
        error("library.manifest_missing", "there is no library.yaml", Span("nowhere/library.yaml")),
        note("validation.power.motor_voltage", "undecided: the pack states no range"),
    ]


# -- JSON --------------------------------------------------------------------------------------
def test_json_has_exactly_the_documented_shape():
    doc = json.loads(render_json(sample()))
    assert set(doc) == {"diagnostics", "summary"}
    assert doc["summary"] == {"errors": 2, "warnings": 1}
    assert len(doc["diagnostics"]) == 4
    for d in doc["diagnostics"]:
        assert D9_KEYS <= set(d)
        assert d["severity"] in ("error", "warning", "note")
        assert isinstance(d["code"], str) and isinstance(d["message"], str)
        assert isinstance(d["file"], str)
        for key in ("line", "column", "end_line", "end_column"):
            assert d[key] is None or (isinstance(d[key], int) and d[key] >= 1)
        assert isinstance(d["help"], list) and all(isinstance(h, str) for h in d["help"])
        assert isinstance(d["notes"], list) and all(isinstance(n, str) for n in d["notes"])
    first, second, third, fourth = doc["diagnostics"]
    assert {k: first[k] for k in D9_KEYS} == {
        "severity": "error", "code": "validation.assembly.glue_on_connector",
        "message": "the glue matches no connector", "file": "programs/demo/demo.core",
        "line": 17, "column": 52, "end_line": 17, "end_column": 83,
        "help": ["write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)"], "notes": []}
    assert second["notes"] == ["the part is left out"]
    assert third["file"] == "nowhere/library.yaml"
    assert third["line"] is third["column"] is third["end_line"] is third["end_column"] is None
    assert fourth["file"] == "" and fourth["severity"] == "note"


def test_json_of_nothing():
    assert json.loads(render_json([])) == {"diagnostics": [],
                                           "summary": {"errors": 0, "warnings": 0}}


# -- SARIF -------------------------------------------------------------------------------------
def test_sarif_is_a_valid_log():
    log = json.loads(render_sarif(sample()))
    check_sarif_structure(log)


def test_sarif_rules_come_from_the_code_catalogue():
    codes = {"validation.assembly.glue_on_connector": CodeInfo(
        Severity.ERROR, "a glue names no connector", "Glue names a connector.", "ex")}
    log = to_sarif(sample(), codes=codes, version="9.9")
    driver = log["runs"][0]["tool"]["driver"]
    assert driver["version"] == "9.9"
    rules = {r["id"]: r for r in driver["rules"]}
    assert set(rules) == {"validation.assembly.glue_on_connector", "library.missing_field",
                          "library.manifest_missing", "validation.power.motor_voltage"}
    glue = rules["validation.assembly.glue_on_connector"]
    assert glue["shortDescription"] == {"text": "a glue names no connector"}
    assert glue["defaultConfiguration"] == {"level": "error"}
    # With the real catalogue, every rule it knows is described by its summary.
    known = all_codes()
    for rule in to_sarif(sample())["runs"][0]["tool"]["driver"]["rules"]:
        if rule["id"] in known:
            assert rule["shortDescription"]["text"] == known[rule["id"]].summary


def test_sarif_results_levels_messages_and_regions():
    results = to_sarif(sample(), codes={})["runs"][0]["results"]
    assert [r["level"] for r in results] == ["error", "warning", "error", "note"]
    glue = results[0]
    assert glue["ruleId"] == "validation.assembly.glue_on_connector"
    assert glue["message"]["text"] == ("the glue matches no connector\n"
                                       "help: write glue = (0.1275, 0.1494, -0.0216, 0, 1, 0)")
    physical = glue["locations"][0]["physicalLocation"]
    assert physical["artifactLocation"]["uri"] == "programs/demo/demo.core"
    # SARIF's endColumn is exclusive: one past our inclusive end column.
    assert physical["region"] == {"startLine": 17, "startColumn": 52, "endLine": 17,
                                  "endColumn": 84}
    missing = results[2]["locations"][0]["physicalLocation"]
    assert missing["artifactLocation"]["uri"] == "nowhere/library.yaml"
    assert "region" not in missing
    assert "locations" not in results[3]
    related = results[1]["relatedLocations"][0]
    assert related["message"]["text"] == "listed here"
    assert related["physicalLocation"]["artifactLocation"]["uri"] == "lib/library.yaml"


def test_sarif_uris_are_relative_with_forward_slashes(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    inside = os.path.join(str(tmp_path), "a b", "x.core")
    d = error("syntax.x", "m", Span(inside, 1, 1, 1, 1))
    loc = to_sarif([d], codes={})["runs"][0]["results"][0]["locations"][0]
    assert loc["physicalLocation"]["artifactLocation"]["uri"] == "a%20b/x.core"
    d = error("syntax.x", "m", Span("./sub/../y.core", 1, 1))
    loc = to_sarif([d], codes={})["runs"][0]["results"][0]["locations"][0]
    assert loc["physicalLocation"]["artifactLocation"]["uri"] == "y.core"

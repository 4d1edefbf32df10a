"""Every library.* code of the format's Diagnostics table: triggered once with its severity and
line, and a near miss that loads. Also: every code is listed for ``mobiledsl explain``."""
from __future__ import annotations

import pytest

from mobiledsl.diagnostics import Severity
from mobiledsl.library.codes import CODES
from mobiledsl.library.loader import load_library, load_manifest
from tests.library.examples import (LIDAR, WHEEL, line_of, load_text, mutate, write_library)

TABLE_CODES = (
    "library.manifest_missing", "library.yaml_syntax", "library.duplicate_key",
    "library.invalid_key", "library.unknown_field", "library.missing_field",
    "library.wrong_type", "library.invalid_value", "library.not_unit_vector",
    "library.unsupported", "library.asset_missing", "library.id_mismatch",
    "library.unknown_connector", "library.duplicate_part", "library.part_missing",
)
# Codes of the rules a part that loads is judged by (library-format.md, "Inertia that fits
# the part"; tests/corpus/test_corpus_library.py and tests/library/test_inertia_fit.py trigger
# them).
RULE_CODES = ("library.inertia_fits_the_part",)
# Codes of the hostile-input rules, beyond the format's table (tests/fuzz/ triggers them).
READER_CODES = ("library.file_too_large", "library.not_a_file", "library.links_outside")
# Codes of a policy's ONNX file (tests/library/test_policy_file.py triggers them).
POLICY_CODES = ("library.policy_unreadable", "library.policy_external_data",
                "library.policy_names", "library.policy_shape")


def test_every_code_of_the_table_is_explained():
    assert set(CODES) == set(TABLE_CODES + RULE_CODES + READER_CODES + POLICY_CODES)
    for code, info in CODES.items():
        assert info.summary and info.explanation and info.example, code


# (name, base, old, new, code, marker for the line; None: line 1, the whole declaration)
TRIGGERS = [
    ("yaml_syntax", WHEEL, "wheel: {radius: 0.04, width: 0.03}",
     "wheel: {radius: 0.04, width: 0.03", "library.yaml_syntax", None),
    ("duplicate_key", WHEEL, "width: 0.03}", "width: 0.03, radius: 0.05}",
     "library.duplicate_key", "wheel:"),
    ("invalid_key", WHEEL, "width: 0.03}", "width: 0.03, 1: 2}", "library.invalid_key",
     "wheel:"),
    ("unknown_field", WHEEL, "width: 0.03}", "width: 0.03, diameter: 0.08}",
     "library.unknown_field", "wheel:"),
    ("missing_field", WHEEL, "wheel: {radius: 0.04, width: 0.03}\n", "",
     "library.missing_field", None),
    ("missing_basis", WHEEL, "  basis: solid cylinder\n", "", "library.missing_field",
     "  mass:"),
    ("wrong_type", WHEEL, "radius: 0.04", 'radius: "0.04"', "library.wrong_type", "wheel:"),
    ("invalid_value", WHEEL, "radius: 0.04", "radius: -0.04", "library.invalid_value",
     "wheel:"),
    ("not_unit_vector", WHEEL, "dir: [0, 0, 1]", "dir: [0, 0, 1.01]",
     "library.not_unit_vector", "mount:"),
    ("unsupported", WHEEL, "inertial:\n",
     "collision: {type: box, size: [0.08, 0.08, 0.03], origin_xyz: [0, 0, 0]}\ninertial:\n",
     "library.unsupported", "collision:"),
    ("asset_missing", WHEEL, "file: assets/model.dae", "file: assets/modle.dae",
     "library.asset_missing", "visual:"),
    ("id_mismatch", WHEEL, "id: standard_80", "id: standard_08", "library.id_mismatch",
     "id:"),
    ("unknown_connector", WHEEL, "{default: mount}", "{default: mounting}",
     "library.unknown_connector", "Standard:"),
]

NEAR_MISSES = [
    ("yaml_syntax: a flow mapping over two lines", WHEEL, "wheel: {radius: 0.04, width: 0.03}",
     "wheel: {radius: 0.04,\n        width: 0.03}"),
    ("duplicate_key: one key in two mappings", WHEEL, "width: 0.03}",
     "width: 0.03}\nprovenance: {width: 3, name: wheel}"),
    ("invalid_key: an odd key inside provenance is ignored", WHEEL, "width: 0.03}",
     "width: 0.03}\nprovenance: {catalog-no.: 12}"),
    ("unknown_field: free keys only inside provenance", WHEEL, "width: 0.03}",
     "width: 0.03}\nprovenance: {diameter: 0.08}"),
    ("missing_field: a measured inertial needs no basis", WHEEL,
     "  source: estimated\n  basis: solid cylinder\n", "  source: measured\n"),
    ("wrong_type: 4e-2 is a number here", WHEEL, "radius: 0.04", "radius: 4e-2"),
    ("invalid_value: smallest size", WHEEL, "radius: 0.04", "radius: 1e-100"),
    ("not_unit_vector: within 0.001", WHEEL, "dir: [0, 0, 1]", "dir: [0, 0, 1.0009]"),
    ("unsupported: a sensor's collision", LIDAR, "", ""),
    ("asset_missing: a mesh in a subdirectory of assets", WHEEL, "", ""),
    ("id_mismatch: same as the directory", WHEEL, "", ""),
    ("unknown_connector: mounts name a declared connector", WHEEL, "", ""),
]


@pytest.mark.parametrize("name,base,old,new,code,marker", TRIGGERS, ids=[t[0] for t in TRIGGERS])
def test_code_is_reported_as_a_warning_at_its_line(tmp_path, name, base, old, new, code,
                                                   marker):
    text = mutate(base, old, new)
    part, diags = load_text(tmp_path, text, part_id="standard_80")
    assert part is None
    found = [d for d in diags if d.code == code]
    assert found, [(d.code, d.message) for d in diags]
    d = found[0]
    assert d.severity is Severity.WARNING
    expected_line = 1 if marker is None else line_of(text, marker)
    if code == "library.yaml_syntax":
        assert d.span.line is not None and d.span.line >= line_of(text, "wheel:")
    else:
        assert d.span.line == expected_line, (d.message, d.span)
    assert d.span.file.endswith("parts/standard_80/component.yaml")


@pytest.mark.parametrize("name,base,old,new", NEAR_MISSES, ids=[n[0] for n in NEAR_MISSES])
def test_near_miss_loads(tmp_path, name, base, old, new):
    text = mutate(base, old, new) if old else base
    part, diags = load_text(tmp_path, text)
    assert diags == [] and part is not None, [(d.code, d.message, d.span) for d in diags]


def test_manifest_missing_is_an_error_without_a_line(tmp_path):
    library, diags = load_library(tmp_path)
    assert library is None
    (d,) = diags
    assert (d.code, d.severity) == ("library.manifest_missing", Severity.ERROR)
    assert d.span.file == str(tmp_path / "library.yaml") and d.span.line is None
    # near miss: an empty library loads
    (tmp_path / "library.yaml").write_text("name: empty\nparts: []\n")
    library, diags = load_library(tmp_path)
    assert library is not None and diags == [] and library.parts == {}


def test_duplicate_part_and_part_missing_are_warnings_and_the_rest_loads(tmp_path):
    root = write_library(tmp_path / "lib", {"standard_80": WHEEL},
                         listed=["standard_80", "ghost", "standard_80"])
    library, diags = load_library(root)
    assert library is not None and set(library.parts) == {"standard_80"}
    text = (root / "library.yaml").read_text()
    by_code = {d.code: d for d in diags}
    assert set(by_code) == {"library.duplicate_part", "library.part_missing"}
    dup, missing = by_code["library.duplicate_part"], by_code["library.part_missing"]
    assert dup.severity is missing.severity is Severity.WARNING
    assert dup.span.line == 5 and dup.labels[0].span.line == 3
    assert missing.span.line == line_of(text, "ghost")
    assert missing.span.file == str(root / "library.yaml")
    assert "ghost" in library.left_out
    assert library.left_out["ghost"].diagnostics == (missing,)


def test_manifest_problems_block(tmp_path):
    for text, code in [("name: demo\nparts: [a\n", "library.yaml_syntax"),
                       ("name: demo\nname: again\nparts: []\n", "library.duplicate_key"),
                       ("name: demo\nparts: []\n1: x\n", "library.invalid_key"),
                       ("name: demo\nparts: []\nobjects: []\n", "library.unknown_field"),
                       ("name: demo\n", "library.missing_field"),
                       ("name: demo\nparts: standard_80\n", "library.wrong_type"),
                       ("name: demo parts\nparts: []\n", "library.invalid_value"),
                       ("name: demo\nparts: [../../etc]\n", "library.invalid_value")]:
        (tmp_path / "library.yaml").write_text(text)
        library, diags = load_library(tmp_path)
        assert library is None, text
        assert [d.code for d in diags if d.severity is Severity.ERROR] == [code], \
            (text, [(d.code, d.message) for d in diags])
        manifest, diags2 = load_manifest(tmp_path)
        assert manifest is None and diags2 == diags

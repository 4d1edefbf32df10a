"""The user docs stand on their own and do not drift from the code: the tutorial's reference
tables list every chassis type (with its wheel mounts), component type, world entity, task
step and diagnostic family the compiler knows, and no page cites a document or a decision
that is not in the repository."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from mobiledsl.codes import all_codes
from mobiledsl.model.vocabulary import CHASSIS_TYPES, ENTITY_TYPES, PART_TYPES, STEP_TYPES

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.md"


def table(heading: str) -> list[list[str]]:
    """The rows (cells, backticks dropped) of the first table under a ``### heading``."""
    text = TUTORIAL.read_text(encoding="utf-8")
    section = text.split(f"### {heading}\n", 1)[1].split("\n### ", 1)[0]
    rows = [line for line in section.splitlines() if line.startswith("|")][2:]
    return [[cell.strip().replace("`", "") for cell in row.strip("|").split("|")]
            for row in rows]


def names(cell: str) -> list[str]:
    return [n.strip() for n in cell.split(",") if n.strip() and n.strip() != "none"]


def test_every_chassis_type_is_listed_with_its_wheel_mounts():
    rows = table("Chassis types")
    assert [r[0] for r in rows] == list(CHASSIS_TYPES)
    for name, mounts, rolls, spins, holonomic, *_ in rows:
        kind = CHASSIS_TYPES[name]
        assert names(mounts) == list(kind.wheel_mounts), name
        assert rolls == (kind.wheel_type or "Leg"), name
        word = {True: "yes", False: "no", None: "by its gait"}
        assert (spins, holonomic) == (word[kind.spin], word[kind.holonomic]), name


def test_every_component_type_is_listed():
    assert [r[0] for r in table("Component types")] == list(PART_TYPES)


def test_every_world_entity_is_listed_with_its_collision_default():
    rows = table("World entities")
    assert {r[0]: r[1] == "yes" for r in rows} == ENTITY_TYPES


def test_every_task_step_is_listed_with_its_arguments():
    rows = table("Task steps")
    assert [r[0] for r in rows] == list(STEP_TYPES)
    for name, needs, may, _ in rows:
        step = STEP_TYPES[name]
        assert names(needs) == [a.name for a in step.args if a.required], name
        assert names(may.replace("—", "")) == [a.name for a in step.args if not a.required], name


def test_every_diagnostic_family_is_listed():
    families = {code.rsplit(".", 1)[0] for code in all_codes()}
    assert {r[0] for r in table("Diagnostic families")} == families


# what a reader of the docs cannot open: decision numbers, the names of documents kept
# beside the repository, and references to them
OUTSIDE = re.compile(r"\bD[12]?\d\b|the documents\b|documents'|the document's|the-robot\.txt|"
                     r"adding-your-own-part|component-library-format\.txt|decisions\.md|"
                     r"examples-reindented|simulation-manifest", re.IGNORECASE)


def pages() -> list[str]:
    """The docs, and what the demo library and programs show a reader of them: their
    READMEs, the catalog and the programs' comments."""
    found = [ROOT / "README.md", *ROOT.joinpath("docs").glob("*.md"),
             *ROOT.joinpath("libraries").rglob("README.md"),
             *ROOT.joinpath("libraries").glob("*/library.yaml"),
             *ROOT.joinpath("programs").rglob("README.md"),
             *ROOT.joinpath("programs").glob("*/*.core")]
    return sorted(p.relative_to(ROOT).as_posix() for p in found)


@pytest.mark.parametrize("page", pages())
def test_the_docs_cite_nothing_outside_the_repository(page):
    text = (ROOT / page).read_text(encoding="utf-8")
    found = [(text.count("\n", 0, m.start()) + 1, m.group()) for m in OUTSIDE.finditer(text)]
    assert found == [], f"{page} cites what is not in the repository: {found}"


def test_the_check_finds_each_kind_of_citation():
    for cited in ("as D7 asks", "(D13)", "the documents say", "the documents' values",
                  "see the-robot.txt", "adding-your-own-part", "as D21 says",
                  "the document's values"):
        assert OUTSIDE.search(cited), cited
    for fine in ("3D lidar", "D-pad", "documents the fields", "CAD13", "2D", "D435",
                 "a YAML document's keys"):
        assert not OUTSIDE.search(fine), fine


def test_the_readme_points_at_the_tutorial_first():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_link = re.search(r"docs/[\w-]+\.md", readme).group()
    assert first_link == "docs/tutorial.md"

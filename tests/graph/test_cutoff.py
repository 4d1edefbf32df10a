"""Early cutoff: an edit that changes no value (a comment anywhere, blank lines, key order,
flow or block style, the spelling of a number) runs exactly one task, the one that reads the
edited file, while every diagnostic still points at the right line afterwards. Counted with
the JSON reporter."""
from __future__ import annotations

import json
import re

import pytest

from .fixture import FULL_PARTS, LIBRARY, PROGRAMS, PYPROJECT, doit, executed, make_project

WITH_MJCF = PYPROJECT.replace("targets = []", 'targets = ["mjcf"]')
PARTS_DIR = f"libraries/{LIBRARY}/parts"

# A program that names a wheel as a lidar: resolve reports it at the .core line, with a
# label at the wheel's profiles in its component.yaml.
ODD = {"core": """\
    Robot odd {
        Diff_two_caster chassis(ref = "plate_base")
        Standard wheel_l(ref = "standard_80", glue = (0, 0.1, -0.02, 0, 1, 0))
        Standard wheel_r(ref = "standard_80", glue = (0, -0.1, -0.02, 0, -1, 0))
        Lidar top(ref = "standard_80", glue = (0, 0, 0.025, 0, 0, 1))
    }
    """}


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    """Built once; each edit below changes no value, so it leaves the build as it was."""
    root = make_project(tmp_path_factory.mktemp("cutoff") / "proj", FULL_PARTS,
                        pyproject=WITH_MJCF, programs=PROGRAMS)
    doit(root)
    return root


def rewrite(path, change) -> None:
    text = path.read_text()
    new = change(text)
    assert new != text, "the edit did not apply"
    path.write_text(new)


def swap_lines(first: str, second: str):
    return lambda text: text.replace(f"{first}\n{second}\n", f"{second}\n{first}\n", 1)


PART_EDITS = {
    "a comment at the end": lambda t: t + "# the end\n",
    "a comment without a newline at the end": lambda t: t + "# no newline",
    "a comment line in the middle": lambda t: t.replace("inertial:", "# its mass\ninertial:"),
    "blank lines": lambda t: t.replace("connectors:", "\n\n\nconnectors:"),
    "key order": swap_lines("category: chassis",
                            "description: A plate with two wheel mounts and a skid moulded "
                            "under its tail."),
    "flow to block style": lambda t: t.replace(
        "collision: {type: box, size: [0.3, 0.16, 0.05], origin_xyz: [-0.05, 0, 0]}",
        "collision:\n  type: box\n  size:\n    - 0.3\n    - 0.16\n    - 0.05\n"
        "  origin_xyz: [-0.05, 0, 0]"),
    "a number spelt otherwise": lambda t: t.replace("mass: 1.0\n", "mass: 1.00\n"),
}


@pytest.mark.slow
@pytest.mark.parametrize("what", list(PART_EDITS))
def test_a_part_edit_that_changes_no_value_runs_only_its_load(project, what):
    rewrite(project / PARTS_DIR / "plate_base" / "component.yaml", PART_EDITS[what])
    assert executed(doit(project)) == [f"load:{LIBRARY}/plate_base"]


PROGRAM_EDITS = {
    "a comment at the end": ("core", lambda t: t + "// the end\n"),
    "a block comment without a newline at the end": ("core", lambda t: t + "/* end */"),
    "comment lines on top": ("core", lambda t: "// a scout\n// of the storeroom\n" + t),
    "blank lines": ("core", lambda t: t.replace("    Lidar", "\n\n    Lidar")),
    "a number spelt otherwise": ("core", lambda t: t.replace("0.025, 0, 0, 1)",
                                                             "0.0250, 0.0, 0, 1.0)")),
    "a comment in the world": ("world", lambda t: "// where it drives\n" + t),
    "a comment in the task": ("task", lambda t: t.replace("Navigate", "// then\n    Navigate")),
}


@pytest.mark.parametrize("what", list(PROGRAM_EDITS))
def test_a_program_edit_that_changes_no_value_runs_only_its_parse(project, what):
    kind, change = PROGRAM_EDITS[what]
    rewrite(project / "programs" / "scout" / f"scout.{kind}", change)
    assert executed(doit(project)) == ["parse:scout"]


def test_a_value_edit_still_runs_what_it_reaches(project):
    rewrite(project / PARTS_DIR / "plate_base" / "component.yaml",
            lambda t: t.replace("mass: 1.00\n", "mass: 1.2\n").replace("mass: 1.0\n",
                                                                       "mass: 1.2\n"))
    ran = executed(doit(project))
    assert {"resolve:scout", "analyse:scout", "resolve:ranger", "analyse:ranger"} <= set(ran)


# -- diagnostics point at the right line after such edits ------------------------------------------
def _where(report: dict, task: str) -> list[str]:
    err = next(t["err"] for t in report["tasks"] if t["name"] == task)
    return re.findall(r"--> (\S+:\d+:\d+)", err)


def _line_of(path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_a_diagnostic_points_at_the_lines_of_now_after_no_value_edits(tmp_path):
    root = make_project(tmp_path / "proj", FULL_PARTS, pyproject=PYPROJECT,
                        programs={"odd": ODD})
    core = root / "programs" / "odd" / "odd.core"
    wheel = root / PARTS_DIR / "standard_80" / "component.yaml"

    def moved(places: list[str], core_lines: int, wheel_lines: int) -> list[str]:
        out = []
        for place, by in zip(places, (core_lines, wheel_lines)):
            file, line, column = place.rsplit(":", 2)
            out.append(f"{file}:{int(line) + by}:{column}")
        return out

    before = _where(doit(root), "resolve:odd")
    assert [p.rsplit(":", 2)[0] for p in before] == [
        "programs/odd/odd.core", f"{PARTS_DIR}/standard_80/component.yaml"]
    assert int(before[0].rsplit(":", 2)[1]) == _line_of(core, "Lidar top")
    # comment lines above both places: only the load and the parse run ...
    rewrite(wheel, lambda t: "# a wheel\n# of rubber\n# and plastic\n" + t)
    rewrite(core, lambda t: "// an odd robot\n" + t)
    assert executed(doit(root)) == [f"load:{LIBRARY}/standard_80", "parse:odd"]
    # ... and when resolve runs again (a value edit), its diagnostic points at the new lines
    rewrite(core, lambda t: t.replace("(0, 0, 0.025, 0, 0, 1)", "(0, 0, 0.03, 0, 0, 1)"))
    report = doit(root)
    assert "resolve:odd" in executed(report)
    assert _where(report, "resolve:odd") == moved(before, 1, 3)
    assert json.loads((root / "build/odd/records/resolve.json").read_text())["diagnostics"][0][
        "line"] is None                                 # the record itself holds no line


def test_the_walker_task_depends_only_on_the_parts_it_names(tmp_path):
    root = make_project(tmp_path / "proj", FULL_PARTS, pyproject=PYPROJECT)
    lib = root / "libraries" / LIBRARY
    rewrite(lib / "library.yaml", lambda t: t + "walkers:\n  - strider\n")
    (lib / "walkers" / "strider").mkdir(parents=True)
    (lib / "walkers" / "strider" / "walker.yaml").write_text(
        "schema_version: 1\nid: strider\nassembly:\n  body: plate_base\n"
        "  limbs:\n    a: {part: standard_80, glue: [0, 0, 0, 0, 0, -1]}\n")
    assert f"walker:{LIBRARY}/strider" in executed(doit(root))
    rewrite(lib / "parts" / "lidar_ld06" / "component.yaml",
            lambda t: t.replace("mass: 0.0824982", "mass: 0.09"))
    assert executed(doit(root)) == [f"load:{LIBRARY}/lidar_ld06"]
    rewrite(lib / "parts" / "standard_80" / "component.yaml",
            lambda t: t.replace("mass: 0.1\n", "mass: 0.2\n"))
    assert executed(doit(root)) == [f"load:{LIBRARY}/standard_80", f"walker:{LIBRARY}/strider"]


def test_a_program_whose_body_a_walker_uses_depends_on_the_walkers_parts(tmp_path):
    """What the walker.yaml names is a dependency of the programs naming its body, whether
    or not the walker loads (as the command line loads it), and a walker.yaml naming another
    part moves the dependency there."""
    root = make_project(tmp_path / "proj", FULL_PARTS, pyproject=PYPROJECT,
                        programs={"scout": PROGRAMS["scout"]})
    lib = root / "libraries" / LIBRARY
    rewrite(lib / "library.yaml", lambda t: t + "walkers:\n  - strider\n")
    walker = lib / "walkers" / "strider" / "walker.yaml"
    walker.parent.mkdir(parents=True)
    walker.write_text("schema_version: 1\nid: strider\nassembly:\n  body: plate_base\n"
                      "  limbs:\n    a: {part: standard_80, glue: [0, 0, 0, 0, 0, -1]}\n")
    doit(root)
    tof = lib / "parts" / "tof_vl53l1x" / "component.yaml"
    rewrite(tof, lambda t: t.replace("description: ", "description: A ", 1))
    assert "resolve:scout" not in executed(doit(root))       # scout names no range finder
    rewrite(walker, lambda t: t.replace("part: standard_80", "part: tof_vl53l1x"))
    doit(root)
    rewrite(tof, lambda t: t.replace("description: A ", "description: ", 1))
    assert "resolve:scout" in executed(doit(root))

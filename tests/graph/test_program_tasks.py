"""The program half of the build graph: parse, resolve, assemble, analyse, emission, emit,
assets. A program depends only on the parts it names (dynamic deps), and a task that
rewrites identical bytes stops the rebuild there (early cutoff)."""
from __future__ import annotations

import json
import os

import pytest

from .fixture import FULL_PARTS, LIBRARY, PROGRAMS, PYPROJECT, doit, executed, make_project

PARTS_DIR = f"libraries/{LIBRARY}/parts"
WITH_MJCF = PYPROJECT.replace("targets = []", 'targets = ["mjcf"]')


@pytest.fixture
def project(tmp_path):
    root = make_project(tmp_path / "proj", FULL_PARTS, pyproject=WITH_MJCF, programs=PROGRAMS)
    doit(root)
    return root


def of(program, names):
    """The executed tasks that belong to one program."""
    return sorted(n for n in names if n.split(":", 1)[1].split("/", 1)[0] == program)


def edit(path, old, new):
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new))


def test_every_phase_runs_once_then_nothing(tmp_path):
    root = make_project(tmp_path / "proj", FULL_PARTS, pyproject=WITH_MJCF, programs=PROGRAMS)
    first = executed(doit(root))
    for program in PROGRAMS:
        for phase in ("parse", "refs", "deps", "resolve", "assemble", "analyse"):
            assert f"{phase}:{program}" in first
        assert f"emission:{program}/mjcf" in first
        assert f"emit:{program}/mjcf/{program}.xml" in first
        assert f"assets:{program}/mjcf" in first
        assert (root / "build" / program / "mjcf" / f"{program}.xml").is_file()
    assert executed(doit(root)) == []


def test_a_part_edit_reruns_only_the_programs_that_name_it(project):
    edit(project / PARTS_DIR / "lidar_ld06" / "component.yaml",
         "mass: 0.0824982", "mass: 0.09")          # only scout carries the lidar
    ran = executed(doit(project))
    assert f"load:{LIBRARY}/lidar_ld06" in ran
    assert {"resolve:scout", "assemble:scout", "analyse:scout"} <= set(ran)
    assert of("ranger", ran) == []
    assert executed(doit(project)) == []


def test_an_object_named_through_the_environment_is_a_dependency(project):
    # scout's world takes small_room, whose entity box_1 is the crate object
    edit(project / PARTS_DIR / "crate" / "component.yaml",
         "size: [0.4, 0.4, 0.4]", "size: [0.4, 0.4, 0.5]")
    ran = executed(doit(project))
    assert f"load:{LIBRARY}/crate" in ran and "resolve:scout" in ran
    assert of("ranger", ran) == []


def test_a_comment_in_a_program_stops_at_its_parse(project):
    edit(project / "programs" / "scout" / "scout.core", "Robot scout {",
         "Robot scout { // the scout")
    assert executed(doit(project)) == ["parse:scout"]


def test_a_comment_in_a_part_stops_at_its_load(project):
    edit(project / PARTS_DIR / "standard_80" / "component.yaml",
         "# a plain wheel", "# a plain rubber wheel")    # both programs use the wheel
    assert executed(doit(project)) == [f"load:{LIBRARY}/standard_80"]


def test_an_emitted_file_is_rewritten_only_when_its_bytes_change(project):
    xml = project / "build" / "scout" / "mjcf" / "scout.xml"
    before = xml.read_bytes()
    # a description reaches the records; whether the target writes it is its own business
    edit(project / PARTS_DIR / "lidar_ld06" / "component.yaml",
         "LDRobot LD06 2D lidar.", "LDRobot LD06 2D lidar, 12 m range.")
    ran = executed(doit(project))
    assert "emission:scout/mjcf" in ran
    assert ("emit:scout/mjcf/scout.xml" in ran) == (xml.read_bytes() != before)
    assert of("ranger", ran) == []


def test_deleting_an_emitted_file_recreates_only_it(project):
    (project / "build" / "ranger" / "mjcf" / "ranger.xml").unlink()
    assert executed(doit(project)) == ["emit:ranger/mjcf/ranger.xml"]


def test_a_changed_mesh_is_copied_again(project):
    (project / PARTS_DIR / "tof_vl53l1x" / "assets" / "model.dae").write_text("new mesh\n")
    # the view page embeds the mesh, so it is made again too
    assert executed(doit(project)) == ["assets:ranger/mjcf", "view:ranger"]
    copies = list((project / "build" / "ranger" / "mjcf").rglob("tof_vl53l1x/**/model.dae"))
    assert copies and all(c.read_text() == "new mesh\n" for c in copies)


def test_a_broken_program_does_not_stop_the_others(project):
    edit(project / "programs" / "ranger" / "ranger.core", "Robot ranger {", "Robot ranger (")
    report = doit(project)
    assert all(t["result"] != "fail" for t in report["tasks"])
    parse = json.loads((project / "build/ranger/records/parse.json").read_text())
    assert any(d["severity"] == "error" for d in parse["diagnostics"])
    task = next(t for t in report["tasks"] if t["name"] == "parse:ranger")
    assert "error[syntax." in task["err"]                 # the problem is printed
    # later phases are skipped; their records say so, and the emitted file is withdrawn
    resolve = json.loads((project / "build/ranger/records/resolve.json").read_text())
    assert resolve == {"diagnostics": [], "resolution": None}
    assert not (project / "build" / "ranger" / "mjcf" / "ranger.xml").exists()
    assert (project / "build" / "scout" / "mjcf" / "scout.xml").is_file()
    assert executed(doit(project)) == []


def test_an_excluded_cell_has_no_target_tasks(tmp_path):
    root = make_project(tmp_path / "proj", FULL_PARTS, programs=PROGRAMS,
                        pyproject=WITH_MJCF.replace("exclude = []", 'exclude = ["ranger/mjcf"]'))
    ran = executed(doit(root))
    assert "analyse:ranger" in ran
    assert not [n for n in ran if n.startswith(("emission:ranger", "emit:ranger",
                                                "assets:ranger"))]
    assert "emit:scout/mjcf/scout.xml" in ran


def test_a_library_that_cannot_be_loaded_holds_back_the_programs(tmp_path):
    root = make_project(tmp_path / "proj", FULL_PARTS, pyproject=WITH_MJCF, programs=PROGRAMS)
    manifest = root / "libraries" / LIBRARY / "library.yaml"
    good = manifest.read_text()
    manifest.write_text("name: [oops\n")
    report = doit(root)
    ran = executed(report)
    assert f"manifest:{LIBRARY}" in ran and not [n for n in ran if n.startswith("load:")]
    task = next(t for t in report["tasks"] if t["name"] == f"manifest:{LIBRARY}")
    assert "library.yaml_syntax" in task["err"]
    # nothing resolves against a library that is not there: no cascade of unknown parts
    resolve = json.loads((root / "build/scout/records/resolve.json").read_text())
    assert resolve == {"diagnostics": [], "resolution": None}
    manifest.write_text(good)
    ran = executed(doit(root))
    assert "resolve:scout" in ran and "emit:scout/mjcf/scout.xml" in ran


@pytest.fixture
def old_at_once(monkeypatch):
    """Files count as old enough to trust their stat as soon as they are written."""
    from mobiledsl.graph import hashing
    monkeypatch.setattr(hashing, "RACY_SECONDS", 0.0)


def _same_size_edit(path):
    st = path.stat()
    data = path.read_bytes()
    path.write_bytes(bytes([data[0] ^ 1]) + data[1:])     # one byte changed ...
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))   # ... mtime put back


def test_an_emitted_file_edited_by_hand_is_written_again_however_it_was_edited(project,
                                                                             old_at_once):
    assert executed(doit(project)) == []          # the cell's files are vouched for now
    xml = project / "build" / "ranger" / "mjcf" / "ranger.xml"
    before = xml.read_bytes()
    _same_size_edit(xml)
    assert executed(doit(project)) == ["emit:ranger/mjcf/ranger.xml"]
    assert xml.read_bytes() == before
    assert executed(doit(project)) == []


def test_a_copied_mesh_edited_by_hand_is_copied_again_however_it_was_edited(project,
                                                                          old_at_once):
    assert executed(doit(project)) == []
    copy = next((project / "build" / "ranger" / "mjcf").rglob("tof_vl53l1x/**/model.dae"))
    before = copy.read_bytes()
    _same_size_edit(copy)
    assert executed(doit(project)) == ["assets:ranger/mjcf"]
    assert copy.read_bytes() == before
    assert executed(doit(project)) == []


def test_a_misspelled_part_gets_the_command_lines_did_you_mean(project):
    """The graph reads only the parts a program names; a ref no library registers makes it
    read them all, so resolve suggests the id the command line suggests. Fixing the ref
    brings the program back to its own parts."""
    from mobiledsl.pipeline import compile_program
    core = project / "programs" / "scout" / "scout.core"
    edit(core, 'ref = "lidar_ld06"', 'ref = "lidar_ld6"')
    report = doit(project)
    task = next(t for t in report["tasks"] if t["name"] == "resolve:scout")
    assert 'did you mean "lidar_ld06"?' in task["err"]
    cli = compile_program(str(core), None, None, [str(project / "libraries" / LIBRARY)])
    record = json.loads((project / "build/scout/records/resolve.json").read_text())
    unknown = [d for d in record["diagnostics"] if d["code"] == "resolve.unknown_part"]
    assert [list(d.help) for d in cli.diagnostics if d.code == "resolve.unknown_part"] == \
        [d["help"] for d in unknown] != []
    edit(core, 'ref = "lidar_ld6"', 'ref = "lidar_ld06"')
    doit(project)
    # back to its own parts: a part only ranger names changes, and none of scout's tasks run
    edit(project / "libraries" / LIBRARY / "parts" / "tof_vl53l1x" / "component.yaml",
         "description: A time-of-flight", "description: A ToF")
    ran = executed(doit(project))
    assert [t for t in ran if t.endswith(":scout")] == []
    assert "resolve:ranger" in ran

"""A compile loads only what its program names (``phases.run_libraries`` with refs), as the
build graph does: the named parts, what those name in turn, the walkers whose body is named;
an unused part is never read, and the messages of a ref that names nothing stay whole."""
from __future__ import annotations

import shutil

from mobiledsl import cli
from mobiledsl.library.walkers import named_parts
from mobiledsl.phases import program_refs, run_libraries, run_parse, Source

from .cli_helpers import REPO, TINY_CORE, make_library

DEMO = str(REPO / "libraries" / "demo_parts")


def main(*args: str) -> int:
    return cli.main(list(args))


def loaded(roots, refs):
    libraries, diags = run_libraries([str(r) for r in roots], refs)
    return {lib.name: sorted(lib.parts) for lib in libraries}, libraries, diags


# -- what is loaded ----------------------------------------------------------------------------
def test_without_refs_every_part_loads_and_with_none_no_part_does():
    whole, _, _ = loaded([DEMO], None)
    assert len(whole["demo_parts"]) > 30
    nothing, libraries, diags = loaded([DEMO], set())
    assert nothing == {"demo_parts": []} and diags == []
    assert libraries[0].walkers == {} and libraries[0].left_out == {}


def test_only_the_named_parts_load():
    parts, _, _ = loaded([DEMO], {"standard_80", "caster_ball"})
    assert parts == {"demo_parts": ["caster_ball", "standard_80"]}


def test_a_ref_that_names_nothing_loads_every_part_for_resolve_but_reports_none(tmp_path):
    lib = tmp_path / "lib"
    shutil.copytree(REPO / "libraries" / "demo_parts", lib)
    decl = lib / "parts" / "tof_vl53l1x" / "component.yaml"
    decl.write_text(decl.read_text().replace("category: sensor", "category: sensr"))
    parts, libraries, diags = loaded([lib], {"standard_80", "no_such_part"})
    assert "diff_base" in parts["demo_parts"] and "tof_vl53l1x" in libraries[0].left_out
    assert diags == []            # the context's load problems are library check's
    parts, _, diags = loaded([lib], {"standard_80", "tof_vl53l1x"})
    assert parts == {"demo_parts": ["standard_80"]} and diags   # a named part's are not


def test_a_qualified_ref_loads_in_its_library_only_and_a_bare_one_in_every_library(tmp_path):
    other = tmp_path / "other"
    shutil.copytree(REPO / "libraries" / "demo_parts", other)
    manifest = other / "library.yaml"
    manifest.write_text(manifest.read_text().replace("name: demo_parts", "name: other", 1))
    parts, _, _ = loaded([DEMO, other], {"other/standard_80"})
    assert parts == {"demo_parts": [], "other": ["standard_80"]}
    parts, _, _ = loaded([DEMO, other], {"standard_80"})
    assert parts == {"demo_parts": ["standard_80"], "other": ["standard_80"]}
    parts, _, _ = loaded([DEMO, other], {"nowhere/standard_80"})
    assert parts == {"demo_parts": [], "other": []}


def test_an_environment_brings_its_objects():
    parts, _, _ = loaded([DEMO], {"room_6x4"})
    assert "room_6x4" in parts["demo_parts"] and "pallet_rack" in parts["demo_parts"]
    assert "floor_disc" in parts["demo_parts"] and "standard_80" not in parts["demo_parts"]


def test_a_walker_loads_when_its_body_is_named_with_its_legs_parts():
    parts, libraries, _ = loaded([DEMO], {"quad_body"})
    assert sorted(libraries[0].walkers) == ["quad_walker"]
    assert parts["demo_parts"] == ["hip_leg", "quad_body"]
    # its legs' part alone is not its body: no walker
    parts, libraries, _ = loaded([DEMO], {"hip_leg"})
    assert libraries[0].walkers == {} and parts["demo_parts"] == ["hip_leg"]


def test_a_walkers_named_parts_and_a_file_that_does_not_say(tmp_path):
    assert named_parts(DEMO, "quad_walker") == ("quad_body", ["hip_leg", "quad_body"])
    (tmp_path / "walkers" / "w").mkdir(parents=True)
    assert named_parts(tmp_path, "w") is None                      # no walker.yaml
    (tmp_path / "walkers" / "w" / "walker.yaml").write_text("assembly: {body: 3, limbs: {}}\n")
    assert named_parts(tmp_path, "w") is None                      # a body that is no id
    (tmp_path / "walkers" / "w" / "walker.yaml").write_text("assembly: {body: b, limbs: {}}\n")
    assert named_parts(tmp_path, "w") == ("b", ["b"])


def test_a_library_that_does_not_load_is_left_out_with_its_error(tmp_path):
    libraries, diags = run_libraries([DEMO, str(tmp_path / "missing")], {"standard_80"})
    assert [lib.name for lib in libraries] == ["demo_parts"]
    assert [d.code for d in diags] == ["library.manifest_missing"]


# -- the refs of a program ---------------------------------------------------------------------
def _program(core: str, world: str | None = None):
    sources = {"core": Source("r.core", core)}
    if world is not None:
        sources["world"] = Source("r.world", world)
    return run_parse(sources)[0]


def test_program_refs_are_every_ref_and_the_environment():
    world = ('World w {\n    environment = "room_6x4"\n'
             '    Obstacle box(ref = "cardboard_box", pos = (1, 0, 0, 0, 0, 0, 1))\n}\n')
    refs = program_refs(_program(TINY_CORE, world))
    assert refs == {"tiny_base", "tiny_wheel", "room_6x4", "cardboard_box"}
    assert program_refs(None) == set()
    # a glue or a name is no ref
    assert "chassis" not in refs and "wheel_l" not in refs


# -- through the command line ------------------------------------------------------------------
def test_a_broken_part_the_program_does_not_name_is_not_reported(tmp_path, capsys):
    lib = make_library(tmp_path / "tiny", broken=True)
    core = tmp_path / "bot.core"
    core.write_text(TINY_CORE)
    assert main("compile", str(core), "--library", str(lib), "--check",
                "--color", "never") == 0
    err = capsys.readouterr().err
    assert "broken_part" not in err and err.endswith("0 errors, 0 warnings\n")


def test_a_broken_part_the_program_names_is_reported_as_before(tmp_path, capsys):
    lib = make_library(tmp_path / "tiny", broken=True)
    core = tmp_path / "bot.core"
    core.write_text(TINY_CORE.replace(
        "}\n", '    Lidar top(ref = "broken_part", glue = (0, 0, 0.02, 0, 0, 1))\n}\n'))
    assert main("compile", str(core), "--library", str(lib), "--check",
                "--color", "never") == 1
    err = capsys.readouterr().err
    assert "warning[library.missing_field]" in err
    assert "'broken_part' (the ref of 'top') was left out of library 'tiny'" in err


def test_a_misspelled_ref_is_answered_from_parts_the_program_does_not_name(tmp_path, capsys):
    lib = make_library(tmp_path / "tiny")
    core = tmp_path / "bot.core"
    core.write_text(TINY_CORE.replace(
        "}\n", '    Lidar top(ref = "tiny_lidr", glue = (0, 0, 0.02, 0, 0, 1))\n}\n'))
    assert main("compile", str(core), "--library", str(lib), "--check",
                "--color", "never") == 1
    assert 'did you mean "tiny_lidar"?' in capsys.readouterr().err
    # nothing close: no guess
    core.write_text(TINY_CORE.replace(
        "}\n", '    Lidar top(ref = "zzzz", glue = (0, 0, 0.02, 0, 0, 1))\n}\n'))
    assert main("compile", str(core), "--library", str(lib), "--check",
                "--color", "never") == 1
    assert "did you mean" not in capsys.readouterr().err

"""``needs.program_needs``: the one rule by which the command line, the build graph and the
language server load what a program needs of its libraries."""
from __future__ import annotations

import dataclasses
import pytest

from mobiledsl.library.model import EnvEntity, Part
from mobiledsl.needs import Needs, Registry, WalkerNames, program_needs


def _reg(name, parts, walkers=None):
    return Registry(name, tuple(parts), walkers or {})


def _entity(name, ref):
    return EnvEntity(name=name, entity="Obstacle", pos=(0, 0, 0, 1, 0, 0, 0), ref=ref)


def _part(pid, category="wheel", entities=()):
    return Part(id=pid, library="a", file="", dir="", category=category, description="",
                entities=tuple(entities))


TWO = [_reg("a", ["base", "wheel"]), _reg("b", ["wheel"])]


def test_a_bare_id_means_it_in_every_library_and_a_qualified_one_in_its_own():
    assert program_needs({"wheel"}, TWO) == Needs(parts=((0, "wheel"), (1, "wheel")))
    assert program_needs({"b/wheel"}, TWO) == Needs(parts=((1, "wheel"),))


def test_a_ref_that_means_nothing_needs_every_part_as_context_only():
    every = ((0, "base"), (0, "wheel"), (1, "wheel"))
    assert program_needs({"wheeel"}, TWO) == Needs(context=every)
    assert program_needs({"a/base", "a/nothing"}, TWO) == \
        Needs(parts=((0, "base"),), context=((0, "wheel"), (1, "wheel")))
    assert program_needs({"c/nothing"}, TWO) == Needs()       # a library not given
    assert program_needs({"a/base"}, TWO) == Needs(parts=((0, "base"),))


def test_two_libraries_of_one_name_need_every_part_as_context():
    regs = [_reg("a", ["base"]), _reg("a", ["base", "wheel"])]
    assert program_needs({"base"}, regs).context == ((1, "wheel"),)


def test_an_environment_names_its_objects_once_its_record_is_read():
    regs = [_reg("a", ["room", "table", "cone", "wheel"])]
    room = _part("room", "environment", [_entity("t", "table"),
                                         _entity("c", "a/cone")])
    assert program_needs({"room"}, regs).parts == ((0, "room"),)
    assert program_needs({"room"}, regs, {(0, "room"): room}).parts == \
        ((0, "cone"), (0, "room"), (0, "table"))
    assert program_needs({"room"}, regs, {(0, "room"): None}).parts == ((0, "room"),)


def test_a_walker_is_needed_when_its_body_is_with_its_limbs_parts():
    walkers = {"quad": WalkerNames("body", ("body", "leg")), "odd": None}
    regs = [_reg("a", ["body", "leg", "wheel"], walkers)]
    assert program_needs({"body"}, regs) == Needs(parts=((0, "body"), (0, "leg")),
                                                  walkers=((0, "quad"),))
    assert program_needs({"wheel"}, regs) == Needs(parts=((0, "wheel"),))


def test_the_graph_reads_an_environments_objects_from_its_typed_record(tmp_path,
                                                                       monkeypatch):
    """The part record the graph writes, read back through the typed decoder, names the
    objects (no JSON key is read by hand)."""
    from mobiledsl.graph import layout
    from mobiledsl.graph.libraries import needs_of
    from mobiledsl.graph.records import write_record
    from mobiledsl.phases import Program, Source, run_parse
    monkeypatch.chdir(tmp_path)
    room = _part("room", "environment", [_entity("t", "table")])
    write_record(layout.part_record("a", "room"), {"part": room, "diagnostics": []})
    program, _ = run_parse({"core": Source("r.core", "Robot r {\n}\n"),
                            "world": Source("w.world", 'World w {\n    environment = "room"\n}\n')})
    assert isinstance(program, Program)
    write_record("build/r/records/parse.json", {"program": program, "diagnostics": []})
    regs = [_reg("a", ["room", "table", "wheel"])]
    parse = "build/r/records/parse.json"
    assert needs_of(parse, regs).parts == ((0, "room"),)
    assert needs_of(parse, regs, [layout.part_record("a", "room")]).parts == \
        ((0, "room"), (0, "table"))


def test_a_renamed_field_fails_loudly_rather_than_dropping_a_dependency():
    """The rule reads a record's fields by attribute: a Part whose ``entities`` were renamed
    is an error, never an environment that names no object."""
    @dataclasses.dataclass(frozen=True)
    class Renamed:
        id: str
        category: str
        placed: tuple = ()
    regs = [_reg("a", ["room", "table"])]
    with pytest.raises(AttributeError):
        program_needs({"room"}, regs, {(0, "room"): Renamed("room", "environment",
                                                            (_entity("t", "table"),))})


def test_among_loaded_libraries_the_answer_is_whole_at_once():
    """What the language server asks: a program naming an environment needs its objects,
    and one naming a walker's body needs the walker and its legs' parts."""
    from pathlib import Path

    from mobiledsl.library.loader import load_library
    from mobiledsl.needs import needs_in
    demo, _ = load_library(Path(__file__).resolve().parents[1] / "libraries" / "demo_parts")
    needs = needs_in({"room_6x4"}, [demo])
    assert {(0, "room_6x4"), (0, "pallet_rack")} <= set(needs.parts) and not needs.walkers
    needs = needs_in({"quad_body"}, [demo])
    assert (0, "hip_leg") in needs.parts and needs.walkers
    assert needs_in({"quad_bodyy"}, [demo]).context

"""Every code the resolve and assembly phases own is registered, explained, and triggered by
a program (and mobiledsl.codes gathers them)."""
from __future__ import annotations

import pytest

from mobiledsl.assembly.codes import CODES as ASSEMBLY
from mobiledsl.codes import all_codes
from mobiledsl.resolve.codes import CODES as RESOLVE

from .fixtures import DIFF_BOT, POWERED_BOT, build, codes

W = "World w {\n%s\n}\n"

TRIGGERS = {
    "resolve.unknown_part": (DIFF_BOT.replace('"caster_ball"', '"caster_bal"'), None, None),
    "resolve.ambiguous_part": "ambiguous",
    "resolve.unknown_reference": (POWERED_BOT.replace("power = @core/pack", "power = @core/pak"),
                                  None, None),
    "resolve.duplicate_name": (DIFF_BOT.replace("Caster ball(", "Caster wheel_l("), None, None),
    "semantic.unknown_type": (DIFF_BOT.replace("Caster ball(", "Castor ball("), None, None),
    "semantic.profile_missing": (DIFF_BOT.replace("Caster ball(", "Standard ball("), None, None),
    "semantic.profile_mounts": (DIFF_BOT.replace('"diff_base"', '"half_base"'), None, None),
    "semantic.chassis_count": (DIFF_BOT.replace("Diff_two_caster chassis(ref = \"diff_base\")",
                                                ""), None, None),
    "semantic.reference_kind": (POWERED_BOT.replace("power = @core/pack", "power = @core/driver"),
                                None, None),
    "semantic.unknown_argument": (DIFF_BOT.replace('(ref = "caster_ball",', '(ref = "caster_ball", '
                                                   'size = 1,'), None, None),
    "semantic.missing_argument": (DIFF_BOT.replace(', glue = (-0.15, 0, -0.035, 0, 0, -1)', ''),
                                  None, None),
    "semantic.argument_value": (DIFF_BOT.replace("(-0.15, 0, -0.035, 0, 0, -1)", "(-0.15, 0)"),
                                None, None),
    "semantic.part_category": (DIFF_BOT, W % '    environment = "work_table"', None),
    "semantic.ground_plane": (DIFF_BOT, W % '    environment = "room_6x4"\n    ground_plane = true',
                              None),
    "semantic.entity_collision": (DIFF_BOT, W % '    Obstacle d(ref = "floor_disc", '
                                  'pos = (0, 0, 0, 0, 0, 0, 1))', None),
    "validation.assembly.glue_on_connector": (DIFF_BOT.replace("(-0.15, 0, -0.035, 0, 0, -1)",
                                                               "(-0.16, 0, -0.035, 0, 0, -1)"),
                                              None, None),
    "validation.assembly.connector_taken": (DIFF_BOT.replace("(-0.15, 0, -0.035, 0, 0, -1)",
                                                             "(0, 0, 0.06, 0, 0, 1)"), None, None),
    "validation.assembly.drive_mounts_filled": (DIFF_BOT.replace(
        'Standard wheel_r(ref = "standard_80", glue = (0, -0.12, -0.02, 0, -1, 0))', ""), None, None),
    "validation.assembly.steering_declared": (
        'Robot t {\n    Tricycle chassis(ref = "trike_nokingpin")\n'
        '    Standard f(ref = "standard_80", glue = (0.2, 0, -0.02, 0, 1, 0))\n'
        '    Standard l(ref = "standard_80", glue = (-0.1, 0.12, -0.02, 0, 1, 0))\n'
        '    Standard r(ref = "standard_80", glue = (-0.1, -0.12, -0.02, 0, -1, 0))\n}\n',
        None, None),
}


def test_every_owned_code_has_a_trigger():
    assert set(TRIGGERS) == set(RESOLVE) | set(ASSEMBLY)


@pytest.mark.parametrize("code", sorted(TRIGGERS))
def test_the_code_is_triggered(code):
    trigger = TRIGGERS[code]
    if trigger == "ambiguous":
        from .fixtures import demo_library, second_library
        _, ds = build(DIFF_BOT, libraries=[demo_library(), second_library()])
    else:
        _, ds = build(*trigger)
    assert code in codes(ds), [(d.code, d.message) for d in ds]
    for d in ds:
        assert d.span is not None and d.span.file and d.span.line, d
        assert d.help and all(h.strip() for h in d.help), d     # what to write


@pytest.mark.parametrize("code", sorted(set(RESOLVE) | set(ASSEMBLY)))
def test_the_code_is_explained(code):
    info = all_codes()[code]
    assert info.summary and info.explanation and info.example
    prefix = code.split(".")[0]
    assert prefix in ("resolve", "semantic", "validation")

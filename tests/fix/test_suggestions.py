"""Help that writes the fix: the syntax help is the user's own line
mended, the missing-inertia help is the tensor of the part's solid, a far-off id lists the
parts with the profile it needs, and a follow-on never gets the seat of the part it was to
mate onto."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mobiledsl.fix.edits import apply_text
from mobiledsl.lang.parser import parse_core
from mobiledsl.library.loader import load_library
from mobiledsl.pipeline import compile_program

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "libraries" / "demo_parts"


def test_a_missing_comma_is_helped_with_the_users_own_line_and_fixed():
    text = 'Robot r {\n    Caster ball(ref = "caster_ball" glue = (-0.15, 0, -0.035, 0, 0, -1))\n}\n'
    _, diags = parse_core(text, "r.core")
    [d] = diags
    assert d.help == (('write `,` between arguments: '
                       '`Caster ball(ref = "caster_ball", glue = (-0.15, 0, -0.035, 0, 0, -1))`'),)
    assert "standard_80" not in d.help[0]           # not the canned example
    fixed = apply_text(text, d.fixes)
    assert fixed == text.replace('"caster_ball" glue', '"caster_ball", glue')
    assert parse_core(fixed, "r.core")[1] == []


def test_a_missing_comma_between_numbers_is_written_where_it_belongs():
    core = 'Robot r {\n    Lidar l(ref = "x", glue = (0 0.1, 0, 0, 0, 1))\n}\n'
    [d] = parse_core(core, "r.core")[1]
    assert "`Lidar l(ref = \"x\", glue = (0, 0.1, 0, 0, 0, 1))`" in d.help[0]
    assert apply_text(core, d.fixes) == core.replace("(0 0.1", "(0, 0.1")


def _library_with(tmp_path: Path, part: str, edit) -> Path:
    lib = tmp_path / "lib"
    shutil.copytree(DEMO, lib)
    yaml = lib / "parts" / part / "component.yaml"
    yaml.write_text(edit(yaml.read_text()))
    return lib


def _drop_inertia(text: str) -> str:
    return "".join(l for l in text.splitlines(keepends=True) if not l.startswith("  inertia:"))


def _missing_inertia(lib: Path, part: str):
    _, diags = load_library(lib)
    return next(d for d in diags if d.code == "library.missing_field"
                and f"/{part}/" in d.span.file and "inertia" in d.message)


@pytest.mark.parametrize("part, solid, terms", [
    # lidar_ld06: a collision box of 0.038 x 0.038 x 0.033 m, 0.0824982 kg
    ("lidar_ld06", "a solid box of 0.038 × 0.038 × 0.033 m",
     "{ixx: 1.7414e-05, ixy: 0, ixz: 0, iyy: 1.7414e-05, iyz: 0, izz: 1.98546e-05}"),
    # standard_80: a wheel of radius 0.04 m and width 0.03 m, 0.1 kg: m(3r² + h²)/12, mr²/2
    ("standard_80", "a solid cylinder of radius 0.04 m and width 0.03 m",
     "{ixx: 4.75e-05, ixy: 0, ixz: 0, iyy: 4.75e-05, iyz: 0, izz: 8e-05}"),
    # caster_ball: a Caster is a ball of radius 0.0095 m, 0.0351922 kg: 2mr²/5
    ("caster_ball", "a solid ball of radius 0.0095 m",
     "{ixx: 1.27044e-06, ixy: 0, ixz: 0, iyy: 1.27044e-06, iyz: 0, izz: 1.27044e-06}"),
])
def test_the_missing_inertia_help_is_the_tensor_of_the_parts_solid(tmp_path, part, solid,
                                                                    terms):
    lib = _library_with(tmp_path, part, _drop_inertia)
    d = _missing_inertia(lib, part)
    assert solid in d.help[0] and d.help[0].endswith(f"inertia: {terms}")
    [fix] = d.fixes
    assert fix.key_path == ("inertial", "inertia") and fix.replacement == terms


def test_the_inertia_fix_loads(tmp_path):
    from mobiledsl.fix.edits import apply_yaml
    lib = _library_with(tmp_path, "lidar_ld06", _drop_inertia)
    d = _missing_inertia(lib, "lidar_ld06")
    yaml = Path(d.fixes[0].span.file)
    yaml.write_text(apply_yaml(yaml.read_text(), d.fixes))
    library, diags = load_library(lib)
    assert "lidar_ld06" in library.parts
    assert not [x for x in diags if "lidar_ld06" in (x.span.file if x.span else "")]


def _compile(tmp_path: Path, core: str):
    path = tmp_path / "bot.core"
    path.write_text(core)
    return compile_program(path, None, None, [DEMO], (), None, True).diagnostics


def test_a_far_off_id_lists_the_parts_with_the_profile_the_type_needs(tmp_path):
    diags = _compile(tmp_path, 'Robot r {\n    Diff_two_caster chassis(ref = "diff_base")\n'
                     '    Caster ball(ref = "zzqqxx", glue = (-0.15, 0, -0.035, 0, 0, -1))\n}\n')
    [d] = [d for d in diags if d.code == "resolve.unknown_part"]
    assert 'the parts that can be used as Caster are: "caster_ball"' in d.help
    assert d.fixes == ()                    # far off: a list to choose from, not a fix


def test_a_close_id_is_fixed_to_one_with_the_profile(tmp_path):
    core = ('Robot r {\n    Diff_two_caster chassis(ref = "diff_bse")\n'
            '    Standard wheel_l(ref = "standard_80", glue = (0, 0.12, -0.02, 0, 1, 0))\n}\n')
    [d] = [d for d in _compile(tmp_path, core) if d.code == "resolve.unknown_part"]
    assert apply_text(core, d.fixes) == core.replace('"diff_bse"', '"diff_base"')


ROVER = """\
Robot rover {
    Diff_drive chassis(ref = "rover4_base")
    Battery pack(ref = "lipo_3s_2200", glue = (-0.1, 0, 0.0344, 0, 0, -1))
    MotorDriver driver_l(ref = "driver_vnh5019", glue = (0, 0.1, 0.0344, 0, 0, -1), power = @core/pack)
    MotorDriver driver_r(ref = "driver_vnh5019", glue = (0, -0.1, 0.0344, 0, 0, -1), power = @core/pack)
    Motor motor_fl(ref = "gearmotor_37d", glue = (0.1, 0.11, -0.02, 0, 1, 0), command = @core/driver_l)
    Motor motor_rl(ref = "gearmotor_37d", glue = (-0.1, 0.1, -0.02, 0, 1, 0), command = @core/driver_l)
    Motor motor_fr(ref = "gearmotor_37d", glue = (0.1, -0.1, -0.02, 0, -1, 0), command = @core/driver_r)
    Motor motor_rr(ref = "gearmotor_37d", glue = (-0.1, -0.1, -0.02, 0, -1, 0), command = @core/driver_r)
    Standard wheel_fl(ref = "standard_80", glue = (0.1, 0.12, -0.02, 0, 1, 0))
    Standard wheel_rl(ref = "standard_80", glue = (-0.1, 0.12, -0.02, 0, 1, 0))
    Standard wheel_fr(ref = "standard_80", glue = (0.1, -0.12, -0.02, 0, -1, 0))
    Standard wheel_rr(ref = "standard_80", glue = (-0.1, -0.12, -0.02, 0, -1, 0))
}
"""


def test_a_misplaced_motors_wheel_is_not_offered_the_motors_seat(tmp_path):
    diags = _compile(tmp_path, ROVER)
    glue = [d for d in diags if d.code == "validation.assembly.glue_on_connector"]
    # one error, the motor's, with its seat as the fix; the wheel is a follow-on of it
    assert [d.message.split("'")[1] for d in glue] == ["motor_fl"]
    [d] = glue
    assert "write glue = (0.1, 0.1, -0.02, 0, 1, 0)" in d.help[0]
    assert any("'wheel_fl'" in n for n in d.notes)
    assert not any("wheel_fl" in h and "chassis.motor_fl" in h for x in diags for h in x.help)
    fixed = apply_text(ROVER, d.fixes)
    assert "motor_fl(ref = \"gearmotor_37d\", glue = (0.1, 0.1, -0.02, 0, 1, 0)" in fixed
    assert not [x for x in _compile(tmp_path, fixed) if x.is_error]


def test_a_wheel_glued_nowhere_near_is_not_offered_a_seat_another_failed_part_is_nearest(
        tmp_path):
    # the wheel's glue matches no shaft of the guessed motor: still its own error, but the
    # seat the motor is nearest is not in its help
    core = ROVER.replace("wheel_fl(ref = \"standard_80\", glue = (0.1, 0.12,",
                         "wheel_fl(ref = \"standard_80\", glue = (0.1, 0.135,")
    diags = _compile(tmp_path, core)
    wheel = [d for d in diags if "'wheel_fl'" in d.message]
    assert wheel and not any("chassis.motor_fl" in h for d in wheel for h in d.help)

"""The targets write the figures the analysis records (``Kinematics.skid_factor``,
``hub_limits``, ``volts_shares``): they work out no figure of the analysis' themselves."""
from __future__ import annotations

import ast
import dataclasses
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mobiledsl.pipeline import compile_program
from mobiledsl.targets.mjcf import emit as emit_mjcf
from mobiledsl.targets.ros import emit as emit_ros

from ..fidelity import generated

TARGETS = Path(__file__).resolve().parents[2] / "mobiledsl" / "targets"
#: the analysis' figures of a base's drive, which it records for the targets
FIGURES = {"skid_factor", "scrub_share", "wheel_limits", "volts_share", "motor_volts",
           "at_voltage"}


def imported_names(path: Path) -> set[str]:
    """The names a module imports from mobiledsl.analysis (absolute or relative)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and "analysis" in (node.module or "").split("."):
            out |= {a.name for a in node.names}
    return out


def test_no_target_imports_the_analysis_for_a_figure_it_records():
    offenders = {str(p.relative_to(TARGETS)): names & FIGURES
                 for p in TARGETS.rglob("*.py") if (names := imported_names(p)) & FIGURES}
    assert offenders == {}


def compiled(tmp_path):
    scale = next(s for s in generated.SCALES if s.name == "light_skid")
    lib, core = generated.write(scale, tmp_path)
    result = compile_program(core, None, None, [lib], [], None, check_only=True)
    assert not result.has_errors, [d.message for d in result.diagnostics]
    return result


def with_skid(analysis, factor):
    kin = dataclasses.replace(analysis.kinematics, skid_factor=factor)
    return dataclasses.replace(analysis, kinematics=kin)


def test_the_analysis_records_a_skid_steer_bases_factor(tmp_path):
    result = compiled(tmp_path)
    assert result.analysis.kinematics.skid_factor > 1.0


def test_the_mjcf_twist_map_turns_by_the_analysis_factor(tmp_path):
    result = compiled(tmp_path)
    turn = {}
    for factor in (1.0, 2.0):
        files = emit_mjcf(result.robot, None, None, with_skid(result.analysis, factor)).files
        root = ET.fromstring(files[f"{result.robot.name}.xml"])
        turn[factor] = {n.get("name"): float(n.get("data").split()[2])
                        for n in root.iter("numeric") if n.get("name").startswith("twist_")}
    assert turn[1.0] and turn[1.0].keys() == turn[2.0].keys()
    for name, rate in turn[1.0].items():
        assert turn[2.0][name] == 2 * rate, name


def test_the_gazebo_drive_system_turns_by_the_analysis_factor(tmp_path):
    result = compiled(tmp_path)
    separation = {}
    for factor in (1.0, 2.0):
        files = emit_ros(result.robot, None, None, with_skid(result.analysis, factor)).files
        sdf = next(v for k, v in files.items() if k.endswith(".sdf"))
        plugin = next(p for p in ET.fromstring(sdf).iter("plugin")
                      if p.get("name").endswith("DiffDrive"))
        separation[factor] = float(plugin.findtext("wheel_separation"))
    assert separation[2.0] == 2 * separation[1.0]


def with_kinematics(analysis, **changes):
    kin = dataclasses.replace(analysis.kinematics, **changes)
    return dataclasses.replace(analysis, kinematics=kin)


def test_the_urdf_wheel_joints_carry_the_analysis_hub_limits(tmp_path):
    result = compiled(tmp_path)
    hubs = result.analysis.kinematics.hub_limits
    assert hubs
    halved = {name: (torque / 2, speed / 2) for name, (torque, speed) in hubs.items()}
    files = emit_ros(result.robot, None, None,
                     with_kinematics(result.analysis, hub_limits=halved)).files
    urdf = ET.fromstring(next(v for k, v in files.items() if k.endswith(".urdf")))
    limits = {j.find("child").get("link"): j.find("limit")
              for j in urdf.iter("joint") if j.get("type") == "continuous"}
    written = {link: (float(lim.get("effort")), float(lim.get("velocity")))
               for link, lim in limits.items() if lim is not None}
    assert written and set(written) <= set(halved)
    for link, (effort, velocity) in written.items():
        assert (effort, velocity) == tuple(float(f"{v:.12g}") for v in halved[link]), link


def test_the_mjcf_drive_scales_by_the_analysis_volts_share(tmp_path):
    result = compiled(tmp_path)
    shares = result.analysis.kinematics.volts_shares
    assert shares
    ranges = {}
    for factor in (1.0, 0.5):
        scaled = {name: share * factor for name, share in shares.items()}
        files = emit_mjcf(result.robot, None, None,
                          with_kinematics(result.analysis, volts_shares=scaled)).files
        root = ET.fromstring(files[f"{result.robot.name}.xml"])
        ranges[factor] = {a.get("name"): float(a.get("forcerange").split()[1])
                          for a in root.iter("general") if a.get("forcerange")}
    assert ranges[1.0]
    for name, top in ranges[1.0].items():
        assert ranges[0.5][name] == pytest.approx(top / 2, rel=1e-9), name

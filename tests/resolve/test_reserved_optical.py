"""A camera's optical frame, which the ROS targets add as <camera>_optical, is a reserved
name; the same name beside a component that is no camera is free."""
from __future__ import annotations

from pathlib import Path

from mobiledsl.pipeline import compile_program

ROOT = Path(__file__).resolve().parents[2]
DIFF_DRIVE = ROOT / "programs" / "diff_drive" / "diff_drive.core"


def check(tmp_path, name: str):
    text = DIFF_DRIVE.read_text().rstrip().rstrip("}")
    text += (f'    IMU {name}(ref = "imu_bno055", glue = (-0.1, 0.06, 0.0344, 0, 0, -1))\n}}\n')
    core = tmp_path / "robot.core"
    core.write_text(text)
    return compile_program(core, None, None, [ROOT / "libraries" / "demo_parts"], [], None,
                           True).diagnostics


def test_a_cameras_optical_frame_is_reserved(tmp_path):
    found = [d for d in check(tmp_path, "camera_optical") if d.code == "resolve.duplicate_name"]
    assert found and "optical frame" in found[0].message
    assert found[0].labels and found[0].help


def test_the_same_suffix_beside_no_camera_is_free(tmp_path):
    assert [d for d in check(tmp_path, "imu_optical") if d.code == "resolve.duplicate_name"] == []

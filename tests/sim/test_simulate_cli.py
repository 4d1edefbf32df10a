"""``mobiledsl simulate``: one twist from rest, a trace every 10 ms, a JSON summary."""
from __future__ import annotations

import csv
import json
import shutil
import subprocess
import sys

import pytest

from mobiledsl.cli import main


@pytest.mark.slow
def test_json_summary_and_trace(model_xml, tmp_path, capsys):
    trace = tmp_path / "t.csv"
    status = main(["simulate", str(model_xml("diff_drive")), "--twist", "0.3", "0", "0",
                   "--seconds", "1", "--trace", str(trace), "--json"])
    assert status == 0
    result = json.loads(capsys.readouterr().out)
    assert set(result) == {"final", "feet_down", "fell", "contacts"}
    assert result["contacts"] == []          # nothing in its way
    assert set(result["final"]) == {"x", "y", "z", "yaw", "roll", "pitch"}
    assert result["feet_down"] is None and result["fell"] is False
    assert result["final"]["x"] > 0.1
    rows = list(csv.reader(trace.open()))
    assert rows[0] == ["t", "x", "y", "z", "qw", "qx", "qy", "qz"]
    times = [float(r[0]) for r in rows[1:]]
    assert len(times) == 101 and times[0] == 0.0
    assert times[-1] == pytest.approx(1.0, abs=1e-6)
    assert all(b - a == pytest.approx(0.01, abs=1e-6) for a, b in zip(times, times[1:]))
    assert float(rows[-1][1]) == pytest.approx(result["final"]["x"], abs=1e-5)


def test_zero_seconds_stays_where_it_starts(model_xml, capsys):
    assert main(["simulate", str(model_xml("diff_drive")), "--twist", "1", "0", "0",
                 "--seconds", "0", "--json"]) == 0
    assert abs(json.loads(capsys.readouterr().out)["final"]["x"]) < 1e-6


@pytest.mark.parametrize("args, says", [
    (["--twist", "0", "0", "0", "--seconds", "-1"], "--seconds"),
    (["--twist", "0", "0", "0", "--seconds", "3600.5"], "--seconds"),
    (["--twist", "0", "0", "0", "--seconds", "1e9"], "--seconds"),
    (["--twist", "nan", "0", "0", "--seconds", "1"], "--twist"),
])
def test_bad_numbers_are_usage_errors(model_xml, capsys, args, says):
    assert main(["simulate", str(model_xml("diff_drive")), *args]) == 2
    assert says in capsys.readouterr().err


def test_a_missing_model_is_a_usage_error(tmp_path, capsys):
    assert main(["simulate", str(tmp_path / "none.xml"), "--twist", "0", "0", "0",
                 "--seconds", "1"]) == 2
    assert "no such file" in capsys.readouterr().err


@pytest.mark.slow
@pytest.mark.parametrize("edit", [
    lambda d: d.update(twist_map=5),
    lambda d: d.update(kind=["wheeled"]),
    lambda d: d.update(steering={"kingpins": [{"actuator": "wheel_fl_steer"}]}),
    lambda d: d.update(steering={"kingpins": [{"actuator": "wheel_fl_steer", "x": "a", "y": 0}],
                                 "rear_x": 0}),
    lambda d: d.clear(),
])
def test_a_hand_broken_controller_description_is_a_usage_error(model_xml, tmp_path, edit):
    """Whatever shape the description is edited into: one line naming the file, status 2,
    never an internal error."""
    source = model_xml("ackermann")
    folder = tmp_path / "mjcf"
    shutil.copytree(source.parent, folder)
    xml = folder / source.name
    described = xml.with_name(xml.stem + ".controller.json")
    data = json.loads(described.read_text())
    edit(data)
    described.write_text(json.dumps(data))
    done = subprocess.run([sys.executable, "-m", "mobiledsl", "simulate", str(xml), "--twist",
                           "0.2", "0", "0.2", "--seconds", "0.1", "--json"],
                          capture_output=True, text=True)
    assert done.returncode in (0, 2), done.stderr
    assert "internal error" not in done.stderr and "Traceback" not in done.stderr
    if done.returncode == 2:
        assert "controller" in done.stderr or "cannot load" in done.stderr


WALL_WORLD = """World yard {
    ground_plane = true
    Obstacle wall(type = box, size = (0.1, 2.0, 0.4), pos = (0.5, 0.0, 0.2, 0, 0, 0, 1))
    SupportSurface mat(type = box, size = (2.0, 2.0, 0.002), pos = (0.0, 0.0, 0.001, 0, 0, 0, 1))
}
"""


@pytest.mark.slow
def test_simulate_reports_each_contact_with_an_obstacle(tmp_path, capsys):
    from tests.sim.conftest import PROGRAMS
    from tests.targets.conftest import LIBRARY
    world = tmp_path / "yard.world"
    world.write_text(WALL_WORLD)
    assert main(["compile", str(PROGRAMS / "diff_drive" / "diff_drive.core"), str(world),
                 "--library", str(LIBRARY), "--target", "mjcf", "-o", str(tmp_path)]) == 0
    xml = str(tmp_path / "mjcf" / "diff_drive.xml")
    capsys.readouterr()
    assert main(["simulate", xml, "--twist", "0.3", "0", "0", "--seconds", "4", "--json"]) == 0
    (contact,) = json.loads(capsys.readouterr().out)["contacts"]   # the mat is no obstacle
    assert contact["obstacle"] == "wall" and 0 < contact["t"] < 4
    assert contact["x"] == pytest.approx(0.45, abs=0.03) and contact["base_x"] < 0.4
    assert main(["simulate", xml, "--twist", "0.3", "0", "0", "--seconds", "4"]) == 0
    lines = capsys.readouterr().err.splitlines()
    assert lines[0].startswith("ended at x ")
    assert lines[1].startswith("touched 'wall' at ") and "the base at (" in lines[1]

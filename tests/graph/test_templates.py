"""The build graph and a project's own templates: a template's file is an input of the ROS
emissions, so editing it re-runs those (and writes the file it renders) and nothing else;
adding, removing or spoiling one re-runs them too, and a FIFO never holds the build."""
from __future__ import annotations

import os

import pytest

from .fixture import FULL_PARTS, PROGRAMS, PYPROJECT, doit, executed, make_project

WITH_TEMPLATES = PYPROJECT.replace('targets = []', 'targets = ["mjcf", "ros-gz-nav2"]\n'
                                   'templates = "ros_templates"')
PACKAGE = "ros_templates/package.xml.j2"


@pytest.fixture
def root(tmp_path):
    root = make_project(tmp_path, FULL_PARTS, pyproject=WITH_TEMPLATES, programs=PROGRAMS)
    (root / "ros_templates").mkdir()
    (root / PACKAGE).write_text("<name>{{ package }}</name>\n", encoding="utf-8")
    assert "emission:scout/ros-gz-nav2" in executed(doit(root))
    assert executed(doit(root)) == []
    return root


def _emissions(report: dict) -> list[str]:
    return [name for name in executed(report) if name.startswith("emission:")]


def test_editing_a_template_rebuilds_the_ros_emissions_and_the_file_alone(root):
    (root / PACKAGE).write_text("<name>{{ package }} 2</name>\n", encoding="utf-8")
    # the assets tasks read the emission record, which names the new file's bytes
    assert executed(doit(root)) == [
        "assets:ranger/ros-gz-nav2", "assets:scout/ros-gz-nav2",
        "emission:ranger/ros-gz-nav2", "emission:scout/ros-gz-nav2",
        "emit:ranger/ros-gz-nav2/ranger_bringup/package.xml",
        "emit:scout/ros-gz-nav2/scout_bringup/package.xml"]
    out = root / "build" / "scout" / "ros-gz-nav2" / "scout_bringup" / "package.xml"
    assert out.read_text() == "<name>scout_bringup 2</name>\n"
    assert executed(doit(root)) == []


def test_adding_and_removing_a_template_rebuilds_the_ros_emissions(root):
    cmake = root / "ros_templates" / "CMakeLists.txt.j2"
    cmake.write_text("project({{ package }})\n", encoding="utf-8")
    assert _emissions(doit(root)) == ["emission:ranger/ros-gz-nav2",
                                      "emission:scout/ros-gz-nav2"]
    cmake.unlink()
    assert _emissions(doit(root)) == ["emission:ranger/ros-gz-nav2",
                                      "emission:scout/ros-gz-nav2"]
    assert executed(doit(root)) == []


def test_a_template_made_a_fifo_is_reported_and_holds_nothing(root):
    (root / PACKAGE).unlink()
    os.mkfifo(root / PACKAGE)
    assert _emissions(doit(root)) == ["emission:ranger/ros-gz-nav2",
                                      "emission:scout/ros-gz-nav2"]
    record = root / "build" / "scout" / "records" / "emit-ros-gz-nav2.json"
    assert "target.template_unreadable" in record.read_text(encoding="utf-8")
    assert executed(doit(root)) == []


def test_watch_rebuilds_when_a_template_is_saved():
    from mobiledsl.graph.watch import is_source
    assert is_source("ros_templates/package.xml.j2")
    assert not is_source("ros_templates/notes.md")

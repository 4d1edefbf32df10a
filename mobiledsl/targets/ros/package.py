"""The ROS 2 package around the files: package.xml, CMakeLists.txt and the launch file.

They are filled in from the templates in ``templates/`` by ``string.Template`` (``${name}`` a
value, ``$$`` a dollar sign): one launch file, whose blocks each simulator states in its
``<simulator>.blocks.txt`` (a YAML mapping of block to template, read by ``read_blocks``).
The standard library's templates cost nothing to import, where a template engine's import
and compilation were a tenth of a small compile."""
from __future__ import annotations

import os
from functools import cache
from string import Template

TEMPLATES = os.path.join(os.path.dirname(__file__), "templates")


@cache
def _template(name: str) -> Template:
    with open(os.path.join(TEMPLATES, name), encoding="utf-8") as f:
        return Template(f.read())


@cache
def _blocks(simulator: str) -> dict[str, Template]:
    with open(os.path.join(TEMPLATES, f"{simulator}.blocks.txt"), encoding="utf-8") as f:
        blocks = read_blocks(f.read())
    return {name: Template(text) for name, text in blocks.items()}


def read_blocks(text: str) -> dict[str, str]:
    """A blocks file, read as YAML reads the little of it these files use (a YAML parser's
    import was a tenth of a compile): comments at the left, ``name: text`` on one line,
    ``name: ""``, and ``name: |2`` with its lines below, each without its first two spaces,
    every line break kept but the trailing blank lines'. tests/targets/test_ros_package.py
    holds it to PyYAML's reading of every blocks file."""
    blocks: dict[str, str] = {}
    name = None
    lines: list[str] = []
    for line in text.split("\n"):
        if name is not None and (line.startswith("  ") or not line.strip(" ")):
            lines.append(line[2:])
            continue
        if name is not None:
            blocks[name] = _literal(lines, True)
            name = None
        if not line or line.startswith("#"):
            continue
        key, colon, value = line.partition(": ")
        if not colon or key in blocks:
            raise ValueError(f"not a line of a blocks file: {line!r}")
        if value == "|2":
            name, lines = key, []
        else:
            blocks[key] = "" if value == '""' else value
    if name is not None:            # the last line of the text ends with a break or not
        blocks[name] = _literal(lines, not lines or not lines[-1])
    return blocks


def _literal(lines: list[str], broken: bool) -> str:
    """A ``|2`` block's lines as one text: the blank lines at its end left out, and the
    break after its last line kept when there is one."""
    while lines and not lines[-1]:
        lines.pop()
    return "\n".join(lines) + ("\n" if broken else "") if lines else ""


def render(template: str, **values: str) -> bytes:
    return _template(template).substitute(values).encode()


GZ_DEPENDS = ("robot_state_publisher", "ros_gz_sim", "ros_gz_bridge", "nav2_bringup", "launch",
              "launch_ros")
GZ_FOLDERS = ("urdf", "worlds", "config", "maps", "launch", "meshes")


def package_xml(package: str, robot: str, simulator: str = "Gazebo",
                depends: tuple[str, ...] = GZ_DEPENDS, note: str = "") -> bytes:
    return render("package.xml.txt", package=package, robot=robot, simulator=simulator,
                  depends="".join(f"  <exec_depend>{dep}</exec_depend>\n" for dep in depends),
                  note=f"  <!-- {note} -->\n" if note else "")


def cmakelists(package: str, folders: tuple[str, ...] = GZ_FOLDERS, node: str = "") -> bytes:
    """``node``: a Python program in the package's own folder, installed with the modules
    beside it into lib/<package>, where ``ros2 run`` and launch_ros look for it."""
    node_install = _template("CMakeLists.node.txt").substitute(package=package, node=node) \
        if node else ""
    return render("CMakeLists.txt", package=package, folders=" ".join(folders),
                  node_install=node_install)


def launch(package: str, robot: str, world: str, simulator: str = "gazebo") -> bytes:
    """The bring-up launch file; ``simulator`` names its blocks (gazebo, mujoco)."""
    values = {"package": package, "robot": robot, "world": world}
    blocks = {name: block.substitute(values) for name, block in _blocks(simulator).items()}
    return render("bringup.launch.py.txt", **values, **blocks)

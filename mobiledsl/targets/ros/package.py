"""The ROS 2 package around the files: package.xml, CMakeLists.txt and the launch file."""
from __future__ import annotations

from jinja2 import Environment, PackageLoader, StrictUndefined

_ENV = Environment(loader=PackageLoader("mobiledsl.targets.ros", "templates"),
                   undefined=StrictUndefined, keep_trailing_newline=True, autoescape=False,
                   trim_blocks=True)


def render(template: str, **values) -> bytes:
    return _ENV.get_template(template).render(**values).encode()


GZ_DEPENDS = ("robot_state_publisher", "ros_gz_sim", "ros_gz_bridge", "nav2_bringup", "launch",
              "launch_ros")
GZ_FOLDERS = ("urdf", "worlds", "config", "maps", "launch", "meshes")


def package_xml(package: str, robot: str, simulator: str = "Gazebo",
                depends: tuple[str, ...] = GZ_DEPENDS, note: str = "") -> bytes:
    return render("package.xml.j2", package=package, robot=robot, simulator=simulator,
                  depends=depends, note=note)


def cmakelists(package: str, folders: tuple[str, ...] = GZ_FOLDERS, node: str = "") -> bytes:
    """``node``: a Python program in the package's own folder, installed with the modules
    beside it into lib/<package>, where ``ros2 run`` and launch_ros look for it."""
    return render("CMakeLists.txt.j2", package=package, folders=folders, node=node)


def launch(package: str, robot: str, world: str,
           template: str = "bringup.launch.py.j2") -> bytes:
    return render(template, package=package, robot=robot, world=world)

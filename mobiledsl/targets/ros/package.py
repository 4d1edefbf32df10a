"""The ROS 2 package around the files: package.xml, CMakeLists.txt and the launch file."""
from __future__ import annotations

from jinja2 import Environment, PackageLoader, StrictUndefined

_ENV = Environment(loader=PackageLoader("mobiledsl.targets.ros", "templates"),
                   undefined=StrictUndefined, keep_trailing_newline=True, autoescape=False)


def render(template: str, **values) -> bytes:
    return _ENV.get_template(template).render(**values).encode()


def package_xml(package: str, robot: str) -> bytes:
    return render("package.xml.j2", package=package, robot=robot)


def cmakelists(package: str) -> bytes:
    return render("CMakeLists.txt.j2", package=package)


def launch(package: str, robot: str, world: str) -> bytes:
    return render("bringup.launch.py.j2", package=package, robot=robot, world=world)

"""The ROS 2 package around the files: package.xml, CMakeLists.txt and the launch file.

They are rendered from the Jinja2 templates in ``templates/``, or from a project's own of
the same name (``targets.overrides``): one launch frame, ``bringup.launch.py.j2``, whose
blocks each simulator's ``<simulator>.launch.py.j2`` fills. docs/targets.md lists the
templates and the values each is given.

A project's template is a stranger's code, so every template renders in Jinja2's immutable
sandbox (no attribute of Python's internals, no mutation of the values given), with
``StrictUndefined`` (a misspelt name is an error, not an empty string), and bounded: a
product or power beyond ``MAX_PRODUCT`` and an output beyond ``MAX_OUTPUT`` are refused.
What fails (a template that does not parse, or does not render) is a diagnostic at the
template's line, never a traceback. Jinja2 is imported by the first render, so a compile
that writes no ROS package does not pay for it.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from functools import cache, lru_cache
from typing import Any

from ...diagnostics import Diagnostic, Span, error
from ..overrides import Overrides

TEMPLATES = os.path.join(os.path.dirname(__file__), "templates")
#: every template of the package; a project's file of one of these names replaces ours
NAMES = (
    "package.xml.j2",
    "CMakeLists.txt.j2",
    "bringup.launch.py.j2",
    "gazebo.launch.py.j2",
    "mujoco.launch.py.j2",
)
MAX_OUTPUT = 1024 * 1024  # bytes of one rendered file; ours are 2 KB
MAX_PRODUCT = 100_000  # the longest text or list a `*` may make
INVALID = "target.template_invalid"
FAILED = "target.template_failed"

GZ_DEPENDS = (
    "robot_state_publisher",
    "ros_gz_sim",
    "ros_gz_bridge",
    "nav2_bringup",
    "launch",
    "launch_ros",
)
GZ_FOLDERS = ("urdf", "worlds", "config", "maps", "launch", "meshes")


class _Refusal(Exception):
    """A template that is not rendered, with the diagnostic that says why."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.message)
        self.diagnostic = diagnostic


class Renderer:
    """Renders the package's files from ours and ``overrides``. A template that fails
    leaves its diagnostic in ``diagnostics`` (each once) and its file empty: the target
    then reports them and writes nothing."""

    def __init__(self, overrides: Overrides | None = None):
        self.diagnostics: list[Diagnostic] = []
        self.overrides = overrides
        if overrides is not None and overrides.error is not None:
            self.diagnostics.append(overrides.error)

    def render(self, name: str, **values: Any) -> bytes:
        if self.overrides is not None and self.overrides.error is not None:
            return b""
        try:
            return _render(self.overrides, name, values)
        except _Refusal as refusal:
            if refusal.diagnostic not in self.diagnostics:
                self.diagnostics.append(refusal.diagnostic)
            return b""


def _render(overrides: Overrides | None, name: str, values: dict[str, Any]) -> bytes:
    from jinja2 import TemplateError

    environment = _environment(overrides)
    try:
        template = environment.get_template(name)
        out: list[str] = []
        size = 0
        for chunk in template.generate(**values):
            size += len(chunk)
            if size > MAX_OUTPUT:
                raise _Refusal(
                    _failed(
                        name,
                        Span(_at(overrides, name)),
                        f"its output grows past {MAX_OUTPUT // 1024} KB",
                        "write a loop that ends sooner; the files it makes are a few KB",
                    )
                )
            out.append(chunk)
    except _Refusal:
        raise
    except TemplateError as exc:
        raise _Refusal(_diagnose(exc, overrides, name)) from None
    except (
        ArithmeticError,
        LookupError,
        TypeError,
        ValueError,
        RecursionError,
        MemoryError,
    ) as exc:
        raise _Refusal(
            _failed(
                name,
                _where(exc, overrides, name),
                _message(exc),
                "correct the expression on this line",
            )
        ) from None
    return "".join(out).encode("utf-8")


@cache
def _ours(name: str) -> str:
    with open(os.path.join(TEMPLATES, name), encoding="utf-8") as f:
        return f.read()


@cache
def _environment_of_ours() -> Any:
    """Ours alone, their compiled code kept for the process (the build graph emits every
    program's package in one)."""
    return _make_environment({})


@lru_cache(maxsize=4)
def _environment(overrides: Overrides | None) -> Any:
    """The environment of a project's templates and ours, kept for the next emission with
    the same templates (every program of a build has them)."""
    if overrides is None or not overrides.files:
        return _environment_of_ours()
    return _make_environment({f.name: f for f in overrides.files})


def _make_environment(files: dict[str, Any]) -> Any:
    from jinja2 import BaseLoader, StrictUndefined, TemplateNotFound
    from jinja2.sandbox import ImmutableSandboxedEnvironment

    class Loader(BaseLoader):
        """The project's file of a name, else ours; no other name is found, so a template
        includes nothing from disk."""

        def get_source(self, environment, template):
            file = files.get(template)
            if file is not None:
                if file.error is not None:
                    raise _Refusal(file.error)
                return file.text, file.path, lambda: True
            if template in NAMES:
                return _ours(template), os.path.join(TEMPLATES, template), lambda: True
            raise TemplateNotFound(template)

    class Sandbox(ImmutableSandboxedEnvironment):
        intercepted_binops = frozenset({"*", "**"})

        def call_binop(self, context, operator, left, right):
            _bounded(operator, left, right)
            return super().call_binop(context, operator, left, right)

    return Sandbox(
        loader=Loader(),
        undefined=StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
        auto_reload=False,
    )


def _bounded(operator: str, left: Any, right: Any) -> None:
    """A ``*`` that would make a text or list longer than MAX_PRODUCT, or a ``**`` whose
    result would have more digits than that, is refused before it is computed."""
    if operator == "**":
        if (
            isinstance(left, int)
            and isinstance(right, int)
            and abs(right) * max(abs(left), 2).bit_length() > MAX_PRODUCT * 4
        ):
            raise ValueError(f"{left} ** {right} is too large a number")
        return
    for seq, times in ((left, right), (right, left)):
        if (
            isinstance(seq, (str, list, tuple))
            and isinstance(times, int)
            and len(seq) * times > MAX_PRODUCT
        ):
            raise ValueError(
                f"a text or list {len(seq)} long, {times} times, is longer "
                f"than the {MAX_PRODUCT:,} a template may make"
            )


def _at(overrides: Overrides | None, name: str) -> str:
    """The file a template is read from, as diagnostics name it."""
    for file in overrides.files if overrides is not None else ():
        if file.name == name:
            return file.path
    return os.path.join(TEMPLATES, name)


def _paths(overrides: Overrides | None) -> set[str]:
    paths = {os.path.join(TEMPLATES, name) for name in NAMES}
    if overrides is not None:
        paths.update(f.path for f in overrides.files)
    return paths


def _where(exc: BaseException, overrides: Overrides | None, name: str) -> Span:
    """The template and line a render stopped at: the innermost frame of a template in
    the traceback (Jinja2 gives those frames the template's file and line)."""
    paths = _paths(overrides)
    found = Span(_at(overrides, name))
    tb = exc.__traceback__
    while tb is not None:
        file = tb.tb_frame.f_code.co_filename
        if file in paths:
            found = Span(file, tb.tb_lineno)
        tb = tb.tb_next
    return found


def _diagnose(exc: Exception, overrides: Overrides | None, name: str) -> Diagnostic:
    from jinja2 import TemplateNotFound, TemplateSyntaxError, UndefinedError
    from jinja2.exceptions import SecurityError

    if isinstance(exc, TemplateSyntaxError):
        file = exc.filename or _at(overrides, name)
        return error(
            INVALID,
            f"the template {file} does not parse: {exc.message}",
            Span(file, exc.lineno),
            label="not Jinja2",
            help="write the line as Jinja2 reads it: a value as {{ name }}, a tag as "
            "{% if ... %}, and close every block, if and for with its end tag",
        )
    where = _where(exc, overrides, name)
    if isinstance(exc, UndefinedError):
        return _failed(
            name,
            where,
            _message(exc),
            f"use a value the template is given ({_given(name)}), or give a "
            "default: {{ name | default('') }}",
        )
    if isinstance(exc, SecurityError):
        return _failed(
            name,
            where,
            f"{_message(exc)} (a template may not reach Python's internals)",
            "use only the values the template is given and Jinja2's own filters and tests",
        )
    if isinstance(exc, TemplateNotFound):
        return _failed(
            name,
            where,
            f"it loads '{exc.name}', which is neither one of "
            "mobiledsl's templates nor a file of the templates folder",
            f"load one of {', '.join(NAMES)}, or a .j2 file of the folder",
        )
    return _failed(name, where, _message(exc), "correct the template on this line")


def _failed(name: str, where: Span, why: str, help: str) -> Diagnostic:
    # a frame's line may stop the render of the template that extends it
    rendering = "" if os.path.basename(where.file) == name else f" (rendering {name})"
    return error(
        FAILED,
        f"the template {where.file} does not render{rendering}: {why}",
        where,
        label="fails here",
        help=help,
    )


def _message(exc: BaseException) -> str:
    text = (str(exc) or type(exc).__name__).rstrip(".")
    return text if len(text) <= 300 else text[:297] + "..."


#: the values each template is given (docs/targets.md lists them too)
GIVEN = {
    "package.xml.j2": ("package", "robot", "simulator", "depends", "note"),
    "CMakeLists.txt.j2": ("package", "folders", "node"),
    "bringup.launch.py.j2": ("package", "robot", "world"),
    "gazebo.launch.py.j2": ("package", "robot", "world"),
    "mujoco.launch.py.j2": ("package", "robot", "world"),
}


def _given(name: str) -> str:
    return ", ".join(GIVEN.get(name, ()))


def package_xml(
    renderer: Renderer,
    package: str,
    robot: str,
    simulator: str = "Gazebo",
    depends: Iterable[str] = GZ_DEPENDS,
    note: str = "",
) -> bytes:
    return renderer.render(
        "package.xml.j2",
        package=package,
        robot=robot,
        simulator=simulator,
        depends=tuple(depends),
        note=note,
    )


def cmakelists(
    renderer: Renderer, package: str, folders: tuple[str, ...] = GZ_FOLDERS, node: str = ""
) -> bytes:
    """``node``: a Python program in the package's own folder, installed with the modules
    beside it into lib/<package>, where ``ros2 run`` and launch_ros look for it."""
    return renderer.render("CMakeLists.txt.j2", package=package, folders=tuple(folders), node=node)


def launch(
    renderer: Renderer, package: str, robot: str, world: str, simulator: str = "gazebo"
) -> bytes:
    """The bring-up launch file; ``simulator`` names its template (gazebo, mujoco)."""
    return renderer.render(f"{simulator}.launch.py.j2", package=package, robot=robot, world=world)

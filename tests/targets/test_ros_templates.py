"""The ROS package's templates: ours render the files they always wrote, a project's file of
the same name replaces ours and changes that file alone, and a hostile one (a link out of
the project, a FIFO, an oversize file, a reach into Python's internals, a misspelt name, a
syntax error) is a diagnostic at the template, never a traceback."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mobiledsl.diagnostics import has_errors
from mobiledsl.phases import PHASES
from mobiledsl.targets.overrides import MAX_TEMPLATE_BYTES, listing, read_overrides

REPO = Path(__file__).resolve().parents[2]
BASELINE = Path(__file__).parent / "ros_package_baseline"
PROGRAM = REPO / "programs" / "diff_drive" / "diff_drive"
DEMO = REPO / "libraries" / "demo_parts"
PREFIX = "diff_drive_bringup/"
FOLDER = "ros_templates"
TARGETS = ("ros-gz-nav2", "ros-mujoco-nav2")


@pytest.fixture(scope="module")
def phases():
    """diff_drive's resolve, assemble and analyse results, for the emissions here."""
    from mobiledsl.pipeline import _read_program, load_libraries
    from mobiledsl.phases import program_refs
    sources = {k: _read_program(f"{PROGRAM}.{k}") for k in ("core", "world", "task")}
    program, _ = PHASES["parse"].run(sources=sources)
    libraries, _ = load_libraries([DEMO], program_refs(program))
    resolution, _ = PHASES["resolve"].run(parse=program, libraries=libraries)
    robot, _ = PHASES["assemble"].run(resolve=resolution)
    analysis, _ = PHASES["analyse"].run(resolve=resolution, assemble=robot)
    return {"resolve": resolution, "assemble": robot, "analyse": analysis}


def emit(phases, target, overrides=None):
    emission, diags = PHASES["emission"].run(target=target, templates=overrides, **phases)
    return emission, diags


def project(tmp_path: Path, files: dict[str, str | bytes]) -> Path:
    root = tmp_path / "proj"
    (root / FOLDER).mkdir(parents=True)
    (root / "pyproject.toml").write_text(
        f'[tool.mobiledsl]\nlibraries = []\ntemplates = "{FOLDER}"\n', encoding="utf-8")
    for name, text in files.items():
        path = root / FOLDER / name
        path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return root


def ours(name: str) -> str:
    from mobiledsl.targets.ros.package import TEMPLATES
    return (Path(TEMPLATES) / name).read_text(encoding="utf-8")


# -- ours ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("target", TARGETS)
def test_our_templates_write_the_files_they_always_wrote(phases, target):
    emission, diags = emit(phases, target)
    assert not has_errors(diags)
    for expected in sorted((BASELINE / target).rglob("*.expected")):
        rel = expected.relative_to(BASELINE / target).as_posix()[:-len(".expected")]
        assert emission.files[PREFIX + rel] == expected.read_bytes(), rel


def test_a_compile_without_a_ros_target_does_not_import_jinja2(tmp_path):
    code = ("import sys\nfrom mobiledsl.cli import main\n"
            f"status = main(['compile', '{PROGRAM}.core', '--library', '{DEMO}', "
            f"'--target', 'mjcf', '-o', '{tmp_path}'])\n"
            "print(status, 'jinja2' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=REPO, env=dict(os.environ, PYTHONPATH=str(REPO)))
    assert out.stdout.split() == ["0", "False"], out.stderr


# -- a project's own -----------------------------------------------------------------------------
def test_an_override_replaces_that_file_alone(phases, tmp_path):
    text = ours("package.xml.j2").replace("<version>0.1.0</version>",
                                          "<version>{{ robot | upper }}-2.0</version>")
    root = project(tmp_path, {"package.xml.j2": text})
    default, _ = emit(phases, "ros-gz-nav2")
    emission, diags = emit(phases, "ros-gz-nav2", read_overrides(root, FOLDER))
    assert not has_errors(diags)
    changed = {rel for rel in default.files if default.files[rel] != emission.files[rel]}
    assert changed == {PREFIX + "package.xml"}
    assert emission.files[PREFIX + "package.xml"] == default.files[PREFIX + "package.xml"] \
        .replace(b"<version>0.1.0</version>", b"<version>DIFF_DRIVE-2.0</version>")


def test_the_launch_frame_is_shared_and_a_simulator_block_is_its_own(phases, tmp_path):
    frame = ours("bringup.launch.py.j2").replace('import os\n', 'import os  # ours\n')
    root = project(tmp_path, {"bringup.launch.py.j2": frame,
                              "mujoco.launch.py.j2": '{% extends "bringup.launch.py.j2" %}\n'
                                                     '{% block summary %}Ours.{% endblock %}\n'})
    overrides = read_overrides(root, FOLDER)
    gazebo, _ = emit(phases, "ros-gz-nav2", overrides)
    mujoco, diags = emit(phases, "ros-mujoco-nav2", overrides)
    assert not has_errors(diags)
    assert b"import os  # ours\n" in gazebo.files[PREFIX + "launch/bringup.launch.py"]
    launch = mujoco.files[PREFIX + "launch/bringup.launch.py"]
    assert launch.startswith(b'"""Ours."""\nimport os  # ours\n')
    assert b"mujoco_node.py" not in launch           # its blocks are the override's


def test_a_template_may_use_what_it_is_given(phases, tmp_path):
    """Near misses: a default for a name not given, a string method, a loop over depends."""
    root = project(tmp_path, {"package.xml.j2":
                              "{{ missing | default('-') }} {{ package.upper() }}\n"
                              "{% for d in depends %}{{ loop.index }}:{{ d }} {% endfor %}\n"})
    emission, diags = emit(phases, "ros-gz-nav2", read_overrides(root, FOLDER))
    assert not has_errors(diags)
    assert emission.files[PREFIX + "package.xml"].startswith(
        b"- DIFF_DRIVE_BRINGUP\n1:robot_state_publisher 2:ros_gz_sim")


def test_a_link_that_stays_inside_the_project_is_read(phases, tmp_path):
    root = project(tmp_path, {})
    (root / "shared.j2").write_text("linked {{ package }}\n", encoding="utf-8")
    (root / FOLDER / "package.xml.j2").symlink_to(root / "shared.j2")
    emission, diags = emit(phases, "ros-gz-nav2", read_overrides(root, FOLDER))
    assert not has_errors(diags)
    assert emission.files[PREFIX + "package.xml"] == b"linked diff_drive_bringup\n"


# -- hostile ones --------------------------------------------------------------------------------
def _outside(root: Path) -> None:
    outside = root.parent / "secret.txt"
    outside.write_text("not yours\n", encoding="utf-8")
    (root / FOLDER / "package.xml.j2").symlink_to(outside)


def _fifo(root: Path) -> None:
    os.mkfifo(root / FOLDER / "package.xml.j2")


def _oversize(root: Path) -> None:
    (root / FOLDER / "package.xml.j2").write_text("x" * (MAX_TEMPLATE_BYTES + 1))


def _text(text: str):
    def make(root: Path) -> None:
        (root / FOLDER / "package.xml.j2").write_text(text, encoding="utf-8")
    return make


HOSTILE = {
    # case: (what the folder gets, code, line, a word of the message)
    "link_outside": (_outside, "target.template_unreadable", None, "outside"),
    "fifo": (_fifo, "target.template_unreadable", None, "FIFO"),
    "oversize": (_oversize, "target.template_unreadable", None, "bytes"),
    "not_utf8": (lambda root: (root / FOLDER / "package.xml.j2").write_bytes(b"ok\n\xff\n"),
                 "target.template_unreadable", 2, "UTF-8"),
    "mro_escape": (_text("<a/>\n{{ ''.__class__.__mro__[1].__subclasses__() }}\n"),
                   "target.template_failed", 2, "unsafe"),
    "globals_escape": (_text("{{ cycler.__init__.__globals__.os }}\n"),
                       "target.template_failed", 1, "unsafe"),
    "undefined": (_text("<name>{{ package }}</name>\n\n<r>{{ robto }}</r>\n"),
                  "target.template_failed", 3, "robto"),
    "syntax": (_text("<name>{{ package }}</name>\n{% if note %}\n<n/>\n"),
               "target.template_invalid", 3, "endif"),
    "include_a_file": (_text("{% include '/etc/passwd' %}\n"), "target.template_failed", 1,
                       "/etc/passwd"),
    "huge_product": (_text("{{ 'x' * 10000000 }}\n"), "target.template_failed", 1, "longer"),
    "huge_power": (_text("{{ 10 ** 10000000 }}\n"), "target.template_failed", 1, "large"),
    "huge_output": (_text("{% for i in range(100000) %}{{ 'x' * 1000 }}{% endfor %}\n"),
                    "target.template_failed", None, "KB"),
    "recursion": (_text("{% include 'package.xml.j2' %}\n"), "target.template_failed", 1,
                  "recursion"),
    "mutation": (_text("{{ depends.append('evil') }}\n"), "target.template_failed", 1,
                 "append"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_hostile_template_is_a_diagnostic_at_it(phases, tmp_path, case):
    make, code, line, word = HOSTILE[case]
    root = project(tmp_path, {})
    make(root)
    overrides = read_overrides(root, FOLDER)
    emission, diags = emit(phases, "ros-gz-nav2", overrides)
    assert emission.files == {}                      # a target that reports an error writes nothing
    [d] = [d for d in diags if d.is_error]
    assert d.code == code
    assert os.path.realpath(d.span.file) == os.path.realpath(root / FOLDER / "package.xml.j2")
    assert d.span.line == line
    assert word.lower() in d.message.lower()
    assert d.help and all(h.strip() for h in d.help)


def test_our_template_failing_on_a_value_without_overrides_is_a_diagnostic():
    """With no project templates, a value ours cannot render is a diagnostic at our
    template's line, not an AttributeError from looking for overrides that are not there."""
    from mobiledsl.targets.ros.package import TEMPLATES, Renderer
    renderer = Renderer()
    out = renderer.render("package.xml.j2", package="p", robot="r", simulator="Gazebo",
                          depends=5, note="")
    assert out == b""
    [d] = renderer.diagnostics
    assert d.code == "target.template_failed"
    assert d.span.file == os.path.join(TEMPLATES, "package.xml.j2")
    assert d.span.line is not None and d.span.line > 1
    assert "not iterable" in d.message


def test_an_unused_unreadable_template_is_not_reported(phases, tmp_path):
    """The Gazebo target never loads the MuJoCo launch template."""
    root = project(tmp_path, {})
    os.mkfifo(root / FOLDER / "mujoco.launch.py.j2")
    _, diags = emit(phases, "ros-gz-nav2", read_overrides(root, FOLDER))
    assert not has_errors(diags)
    _, diags = emit(phases, "ros-mujoco-nav2", read_overrides(root, FOLDER))
    assert [d.code for d in diags if d.is_error] == ["target.template_unreadable"]


@pytest.mark.parametrize("folder, word", [("missing", "no such folder"),
                                          ("../elsewhere", "outside"),
                                          ("pyproject.toml", "not a folder")])
def test_a_folder_that_cannot_be_used_is_a_diagnostic_at_the_key(phases, tmp_path, folder,
                                                                   word):
    root = project(tmp_path, {})
    (tmp_path / "elsewhere").mkdir()
    overrides = read_overrides(root, folder)
    _, diags = emit(phases, "ros-gz-nav2", overrides)
    [d] = diags
    assert d.code == "target.template_unreadable" and word in d.message
    assert d.span.file.endswith("pyproject.toml") and d.span.line == 3


def test_the_build_graph_watches_only_what_it_may_read(tmp_path):
    root = project(tmp_path, {"package.xml.j2": "a\n", "notes.md": "not a template\n"})
    os.mkfifo(root / FOLDER / "launch.j2")
    (root.parent / "secret.j2").write_text("x", encoding="utf-8")
    (root / FOLDER / "gazebo.launch.py.j2").symlink_to(root.parent / "secret.j2")
    files, kinds = listing(root, FOLDER)
    assert files == [f"{FOLDER}/package.xml.j2"]
    assert kinds == [["gazebo.launch.py.j2", "outside"], ["launch.j2", "other"],
                     ["package.xml.j2", "file"]]


# -- the command line ----------------------------------------------------------------------------
def _compile(cwd: Path, out: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "mobiledsl", "compile", f"{PROGRAM}.core", f"{PROGRAM}.world",
         f"{PROGRAM}.task", "--library", str(DEMO), "--target", "ros-gz-nav2", "-o", str(out),
         "--color", "never", *extra],
        cwd=cwd, capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(REPO)),
        timeout=300)


def test_the_command_line_renders_with_the_projects_templates(tmp_path):
    root = project(tmp_path, {"CMakeLists.txt.j2": "project({{ package }})\n"})
    proc = _compile(root, tmp_path / "out")
    assert proc.returncode == 0, proc.stderr
    cmake = tmp_path / "out" / "ros-gz-nav2" / PREFIX / "CMakeLists.txt"
    assert cmake.read_text() == "project(diff_drive_bringup)\n"
    other = tmp_path / "other"
    other.mkdir()
    (other / "CMakeLists.txt.j2").write_text("# {{ folders | join(',') }}\n")
    proc = _compile(root, tmp_path / "out2", "--templates", str(other))
    assert proc.returncode == 0, proc.stderr
    cmake = tmp_path / "out2" / "ros-gz-nav2" / PREFIX / "CMakeLists.txt"
    assert cmake.read_text() == "# urdf,worlds,config,maps,launch,meshes\n"


@pytest.mark.parametrize("case", ["mro_escape", "syntax", "fifo"])
def test_the_command_line_reports_a_hostile_template_without_a_traceback(tmp_path, case):
    make, code, line, _ = HOSTILE[case]
    root = project(tmp_path, {})
    make(root)
    proc = _compile(root, tmp_path / "out")
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    where = f"{FOLDER}/package.xml.j2" + (f":{line}" if line else "")
    assert f"error[{code}]" in proc.stderr and where in proc.stderr, proc.stderr
    assert not (tmp_path / "out" / "ros-gz-nav2").exists()

"""The ``mobiledsl`` command line (docs/cli.md; diagnostics and exit status: docs/diagnostics.md).

::

    mobiledsl compile ROBOT.core [WORLD.world] [TASK.task] --library DIR [--library DIR ...]
              [--target mjcf|ros-gz-nav2|ros-mujoco-nav2 ...] [-o OUTDIR] [--check]
              [--diagnostics human|json|sarif]
    mobiledsl library check DIR [--library DIR ...] [--diagnostics ...]
    mobiledsl explain [CODE]

Subcommands live in a registry: ``subcommand("name", help, configure)`` registers a function
``run(args) -> exit status``; a name with a space (``"library check"``) nests under a group.
A module that brings its own subcommands (the build graph's ``watch``) registers them when
imported and is listed in ``COMMAND_MODULES``.

Exit status: 0 no error, 1 an error in the inputs, 2 a usage or environment failure (bad
arguments, a file that cannot be read, a library root without library.yaml, a compiler
phase that is missing, an internal error).
"""

from __future__ import annotations

from . import blas

blas.one_thread()  # before anything imports numpy

import argparse  # noqa: E402
import gc  # noqa: E402
import importlib  # noqa: E402
import os  # noqa: E402
import sys  # noqa: E402
from collections.abc import Callable, Sequence  # noqa: E402

from .diagnostics import Diagnostic  # noqa: E402
from .recordtype import record  # noqa: E402
from .render import FORMATS  # noqa: E402
from .textsafe import shown  # noqa: E402

PROG = "mobiledsl"


# -- the subcommand registry -------------------------------------------------------------------
@record
class Subcommand:
    name: str  # "compile", "library check"
    help: str
    configure: Callable[[argparse.ArgumentParser], None]  # adds the arguments
    run: Callable[[argparse.Namespace], int]  # returns the exit status
    # nothing of the command outlives its run (no thread, no exit handler, every file
    # closed): the console may end the process at once (see ``console``)
    ends_at_once: bool = False


SUBCOMMANDS: dict[str, Subcommand] = {}

# Modules that register further subcommands when imported (e.g. the build graph's `watch`).
COMMAND_MODULES: tuple[str, ...] = (
    "mobiledsl.graph.watch",
    "mobiledsl.convert.cli",
    "mobiledsl.simulate_command",
    "mobiledsl.run.cli",
    "mobiledsl.fix.command",
    "mobiledsl.scaffold",
    "mobiledsl.view.cli",
    "mobiledsl.lsp.command",
)

_GROUP_HELP = {"library": "work with a component library"}


def subcommand(
    name: str,
    help: str,
    configure: Callable[[argparse.ArgumentParser], None] | None = None,
    ends_at_once: bool = False,
):
    """Register ``run(args) -> int`` as the subcommand ``name``."""

    def register(run: Callable[[argparse.Namespace], int]):
        SUBCOMMANDS[name] = Subcommand(
            name, help, configure or (lambda _p: None), run, ends_at_once
        )
        return run

    return register


def add_diagnostics_options(parser: argparse.ArgumentParser) -> None:
    """``--diagnostics`` and ``--color``, shared by every command that reports diagnostics."""
    parser.add_argument(
        "--diagnostics",
        choices=FORMATS,
        default="human",
        help="human (stderr, the default), json or sarif (stdout)",
    )
    parser.add_argument(
        "--color",
        choices=("auto", "always", "never"),
        default="auto",
        help="colour the human form: auto (when stderr is a terminal)",
    )


class UsageError(Exception):
    """Bad use of the command line: reported in one line, exit status 2."""


class _Version(argparse.Action):
    """--version, asking the installed package's metadata only when it is asked for (that
    lookup costs more than parsing a program)."""

    def __call__(self, parser, namespace, values, option_string=None):
        from .render.sarif import tool_version

        parser.exit(message=f"{PROG} {tool_version()}\n")


def _own_command(words: Sequence[str]) -> str | None:
    """The command a run names first when it is a single-word command registered already
    (this module's own, ``compile`` and ``explain``, before any other is imported), else
    None."""
    first = words[0] if words else None
    return first if first in SUBCOMMANDS else None


class _Parser(argparse.ArgumentParser):
    """argparse's parser, its messages escaped: a usage error quotes the words it was given
    (a file's name), and its subcommands' parsers are of its class."""

    def _print_message(self, message, file=None):
        super()._print_message(shown(message, keep_newline=True) if message else message, file)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line. Given the words of a run that names a registered single-word
    command first (``compile``, ``explain``), the parser has that command alone: the
    modules of the other commands are not imported and their parsers not built (about
    10 ms of a compile's CPU time). Without words, or for any other run (a group
    such as ``library``, ``--help``, a misspelt command), every command is there."""
    only = None if argv is None else _own_command(argv)
    if only is None:
        for module in COMMAND_MODULES:
            importlib.import_module(module)
    parser = _Parser(prog=PROG, description="Compile robot programs against component libraries.")
    parser.add_argument("--version", action=_Version, nargs=0, help="show the version and exit")
    top = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    groups: dict[tuple[str, ...], argparse._SubParsersAction] = {(): top}
    for name in sorted(SUBCOMMANDS, key=lambda n: (n.split()[0], n)):
        if only is not None and name != only:
            continue
        command = SUBCOMMANDS[name]
        words = tuple(name.split())
        for depth in range(1, len(words)):
            prefix = words[:depth]
            if prefix not in groups:
                group = groups[prefix[:-1]].add_parser(
                    prefix[-1], help=_GROUP_HELP.get(" ".join(prefix), "")
                )
                groups[prefix] = group.add_subparsers(
                    dest="_".join(prefix) + "_command", metavar="COMMAND", required=True
                )
        sub = groups[words[:-1]].add_parser(words[-1], help=command.help, description=command.help)
        command.configure(sub)
        sub.set_defaults(_run=command.run, _parser=sub, _ends_at_once=command.ends_at_once)
    return parser


# -- reporting ----------------------------------------------------------------------------------
def _use_color(args: argparse.Namespace) -> bool:
    choice = getattr(args, "color", "auto")
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    stream = sys.stderr
    return bool(getattr(stream, "isatty", lambda: False)())


def report(
    diagnostics: Sequence[Diagnostic],
    args: argparse.Namespace,
    sources: Callable[[str], str | None] | None = None,
    checked: str | None = None,
) -> None:
    """Print diagnostics in the chosen form: human on stderr, json and sarif on stdout.
    ``checked`` (what was checked, human form only) makes the closing line name it and
    appear on success too, so that a run that found nothing says so."""
    fmt = getattr(args, "diagnostics", "human")
    if fmt == "human":
        from .render.human import render_human

        if sources is None:
            from .pipeline import SourceCache

            sources = SourceCache()
        text = render_human(
            diagnostics, sources, _use_color(args), summary=True if checked is None else checked
        )
        if text:
            sys.stderr.write(text)
            sys.stderr.flush()
    else:
        from .render import render

        sys.stdout.write(render(fmt, diagnostics))
        sys.stdout.flush()


def info(args: argparse.Namespace, message: str) -> None:
    """A progress line for people (human form only; stderr)."""
    if getattr(args, "diagnostics", "human") == "human":
        say(message)


def say(message: str, stream=None) -> None:
    """One line for a person, escaped: it may quote a path or a value from the user's files
    (``mobiledsl.textsafe``)."""
    print(shown(message), file=stream or sys.stderr)


# -- explain ------------------------------------------------------------------------------------
def _configure_explain(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "code",
        nargs="?",
        metavar="CODE",
        help="a diagnostic code, e.g. validation.assembly.glue_on_connector; "
        "without one, list every code",
    )


def suggest_codes(code: str, known: Sequence[str]) -> list[str]:
    """Codes the user may have meant: the full codes of a rule name given alone, else the
    closest spellings (at most three, closest first)."""
    import difflib

    known = sorted(known)
    if "." not in code:  # a rule name without its phase
        names = [k.rsplit(".", 1)[-1] for k in known]
        rules = (
            [code] if code in names else difflib.get_close_matches(code, names, n=3, cutoff=0.75)
        )
        return list(dict.fromkeys(k for r in rules for k in known if k.rsplit(".", 1)[-1] == r))[:3]
    return difflib.get_close_matches(code, known, n=3, cutoff=0.9) or difflib.get_close_matches(
        code, known, n=3, cutoff=0.6
    )


def _wrap(text: str, width: int = 88) -> str:
    """Fill each paragraph to ``width``; a paragraph with indented lines is kept as written."""
    import textwrap

    paragraphs = []
    for para in text.strip("\n").split("\n\n"):
        if any(line[:1].isspace() for line in para.split("\n")):
            paragraphs.append(para.rstrip())
        else:
            paragraphs.append(textwrap.fill(" ".join(para.split()), width))
    return "\n\n".join(paragraphs)


@subcommand("explain", "what a diagnostic code means, with an example", _configure_explain)
def run_explain(args: argparse.Namespace) -> int:
    from .codes import all_codes

    codes = all_codes()
    if args.code is None:
        width = max((len(c) for c in codes), default=0)
        for code in sorted(codes):
            say(
                f"{code:<{width}}  {codes[code].severity.value:<7}  {codes[code].summary}",
                sys.stdout,
            )
        return 0
    code = args.code
    if code not in codes:
        # a rule named alone (glue_on_connector) stands for the one code it ends
        endings = [c for c in codes if c.endswith("." + code)]
        code = endings[0] if len(endings) == 1 else code
    info_ = codes.get(code)
    if info_ is None:
        say(f"{PROG}: error: unknown diagnostic code '{args.code}'")
        guesses = suggest_codes(args.code, list(codes))
        if guesses:
            print(
                "help: did you mean " + " or ".join(f"'{g}'" for g in guesses) + "?",
                file=sys.stderr,
            )
        else:
            print(f"help: '{PROG} explain' lists every code", file=sys.stderr)
        return 2
    say(f"{info_.severity.value}[{code}]: {info_.summary}", sys.stdout)
    if info_.explanation:
        print()
        for line in _wrap(info_.explanation).split("\n"):
            say(line, sys.stdout)
    if info_.example:
        print()
        print("Example:")
        for line in info_.example.rstrip("\n").split("\n"):
            say(("    " + line).rstrip(), sys.stdout)
    return 0


# -- library check ------------------------------------------------------------------------------
def _configure_library_check(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "dir",
        metavar="DIR",
        nargs="?",
        help="the library to check (holds library.yaml); without one, every "
        "library [tool.mobiledsl] names in the nearest pyproject.toml "
        "above the current folder",
    )
    p.add_argument(
        "--library",
        action="append",
        default=[],
        metavar="DIR",
        help="another library loaded beside it (repeatable)",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="fail (exit status 1) on any warning or left-out part too: for a library's own CI",
    )
    add_diagnostics_options(p)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def project_libraries(flag: str) -> list[str]:
    """The libraries of the project the command runs in, for a command given none
    (``compile``, ``run``, ``library check``: one way of finding them)."""
    project = _this_project()
    if project is None:
        raise UsageError(
            f"no {flag} given, and no pyproject.toml with [tool.mobiledsl] in "
            "this folder or above it to take the libraries from"
        )
    if not project.libraries:
        raise UsageError(
            f"no {flag} given, and {project.config} names no libraries in [tool.mobiledsl]"
        )
    return list(project.libraries)


def _this_project():
    """The project the command runs in, or None outside one; a project file that cannot be
    read is a usage error."""
    from .graph.matrix import MatrixError
    from .project import find_project

    try:
        return find_project()
    except MatrixError as exc:
        raise UsageError(str(exc)) from exc


def project_templates(flag: str | None, targets: Sequence[str]) -> tuple[str, str] | None:
    """(root, folder) of the templates a compile renders the ROS targets with: the folder
    ``--templates`` names (its files must lie in it), else the one the project's
    [tool.mobiledsl] names (its files must lie in the project). None when no asked target
    renders templates."""
    from .targets.overrides import TEMPLATED_TARGETS

    if not any(t in TEMPLATED_TARGETS for t in targets):
        return None
    if flag is not None:
        if not os.path.isdir(flag):
            raise UsageError(f"--templates {flag}: no such folder")
        return flag, "."
    project = _this_project()
    if project is None or project.templates is None:
        return None
    return str(project.root), project.templates


def _check_one_library(
    path: str, others: Sequence[str], args: argparse.Namespace, load_library: Callable
) -> int:
    from .pipeline import exit_status

    library, diagnostics = load_library(path)
    diagnostics = list(diagnostics)
    if library is not None:
        # what a part's consumer refuses though the part loads: MuJoCo's meshes
        from .targets.meshes import library_mesh_warnings

        diagnostics.extend(library_mesh_warnings(library))
    checked = os.path.normcase(os.path.realpath(path))
    for other in dict.fromkeys(others):
        if os.path.normcase(os.path.realpath(other)) == checked:
            continue
        _other, diags = load_library(other)
        # The other libraries are context: only what stops them loading is reported.
        diagnostics.extend(d for d in diags if d.is_error)
    left_out = len(getattr(library, "left_out", {}) or {}) if library is not None else 0
    what = f"checked library at '{path}'"
    if library is not None:
        parts = len(getattr(library, "parts", {}) or {})
        walkers = len(getattr(library, "walkers", {}) or {})
        counted = [f"{_plural(parts, 'part')} loaded"]
        if walkers:
            counted.append(_plural(walkers, "walker"))
        if left_out:
            counted.append(f"{left_out} left out")
        what = f"checked library '{library.name}' ({', '.join(counted)})"
    status = exit_status(diagnostics)
    warned = any(d.severity.value == "warning" for d in diagnostics)
    if args.strict and status == 0 and (warned or left_out):
        status = 1
        what += ", strictly: a warning or a left-out part fails it"
    report(diagnostics, args, checked=what)
    return status


@subcommand(
    "library check",
    "load a component library and report every problem in it",
    _configure_library_check,
)
def run_library_check(args: argparse.Namespace) -> int:
    from .phases import run_library as load_library

    if args.dir is not None:
        return _check_one_library(args.dir, args.library, args, load_library)
    libraries = project_libraries("DIR")
    # each library of the project in turn, the others (and any --library) beside it
    return max(
        _check_one_library(lib, libraries + args.library, args, load_library) for lib in libraries
    )


# -- compile ------------------------------------------------------------------------------------
_EXTENSIONS = {".core": "core", ".world": "world", ".task": "task"}


def add_library_option(p: argparse.ArgumentParser) -> None:
    """``--library``, as every command that compiles a program takes it."""
    p.add_argument(
        "--library",
        action="append",
        metavar="DIR",
        help="a component library (repeatable); without one, the libraries "
        "[tool.mobiledsl] names in the nearest pyproject.toml above the "
        "current folder",
    )


def _configure_compile(p: argparse.ArgumentParser) -> None:
    from .pipeline import TARGETS

    p.add_argument(
        "files",
        nargs="+",
        metavar="FILE",
        help="ROBOT.core, optionally WORLD.world and TASK.task, in any order",
    )
    add_library_option(p)
    p.add_argument(
        "--target",
        action="append",
        default=[],
        choices=TARGETS,
        help="emit for this target (repeatable); without one, check only",
    )
    p.add_argument(
        "-o",
        "--output",
        dest="outdir",
        metavar="OUTDIR",
        help="output folder (default build/cli/<robot name> below the project's "
        "root, or below the current folder outside a project); each "
        "target writes OUTDIR/<target>/",
    )
    p.add_argument(
        "--check", action="store_true", help="run every phase but emit, and write nothing"
    )
    p.add_argument(
        "--templates",
        metavar="DIR",
        help="a folder of templates that replace the ROS targets' own of the same "
        "name; without it, the folder [tool.mobiledsl] templates names",
    )
    add_diagnostics_options(p)


def classify_files(files: Sequence[str]) -> dict[str, str]:
    """{"core": path, "world": path, "task": path} by extension; UsageError when a file has
    another extension, a kind is given twice, or there is no .core."""
    found: dict[str, str] = {}
    for path in files:
        kind = _EXTENSIONS.get(os.path.splitext(path)[1])
        if kind is None:
            raise UsageError(f"'{path}' is not a .core, .world or .task file")
        if kind in found:
            raise UsageError(f"two .{kind} files given: '{found[kind]}' and '{path}'")
        found[kind] = path
    if "core" not in found:
        raise UsageError("no .core file given: the robot to compile")
    return found


def program_files(args: argparse.Namespace) -> dict[str, str]:
    """``classify_files`` of the command's FILE arguments; a usage error ends the command
    with its usage line (exit status 2)."""
    parser: argparse.ArgumentParser = args._parser
    try:
        return classify_files(args.files)
    except UsageError as exc:
        parser.error(str(exc))


def check_readable(files: dict[str, str]) -> None:
    """UsageError unless every file given is a file (not a folder) that exists."""
    for path in files.values():
        if not os.path.isfile(path):
            raise UsageError(
                f"cannot read '{path}': "
                + ("it is a directory" if os.path.isdir(path) else "no such file")
            )


@subcommand(
    "compile",
    "check a robot program and emit it for the targets",
    _configure_compile,
    ends_at_once=True,
)
def run_compile(args: argparse.Namespace) -> int:
    from .pipeline import InputError, compile_program, exit_status

    files = program_files(args)
    check_readable(files)
    targets = list(dict.fromkeys(args.target))
    libraries = args.library or project_libraries("--library")
    templates = project_templates(args.templates, targets)
    try:
        result = compile_program(
            files["core"],
            files.get("world"),
            files.get("task"),
            libraries,
            targets,
            args.outdir,
            args.check,
            templates=templates,
        )
    except InputError as exc:
        raise UsageError(str(exc)) from exc
    report(result.diagnostics, args, checked=_checked(files, libraries, result))
    status = exit_status(result.diagnostics)
    if result.output_error is not None:
        # a folder that takes no file: the environment's failure, not the inputs' (status 2)
        say(f"{PROG}: error: {result.output_error}")
        return 2
    if status == 0 and targets and not args.check and result.outdir is not None:
        changed = len(result.changed_files)
        info(
            args,
            f"wrote {len(result.written_files)} files under {result.outdir} ({changed} changed)",
        )
    elif result.report_dir is not None:
        info(
            args,
            f"wrote the top view with the findings marked: "
            f"{os.path.join(result.report_dir, 'topview.svg')}",
        )
    return status


def _checked(files: dict[str, str], libraries: Sequence[str], result) -> str:
    """What a compile checked, for its closing line: the program's files and the libraries
    (by name once loaded)."""
    names = [lib.name for lib in result.libraries] or [
        os.path.basename(os.path.normpath(l)) for l in libraries
    ]
    shown = ", ".join(os.path.basename(files[k]) for k in ("core", "world", "task") if k in files)
    word = "library" if len(names) == 1 else "libraries"
    return f"checked {shown} against {word} {', '.join(names)}"


# -- entry point --------------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (the console script exits with it)."""
    return _main(argv)[0]


def console() -> None:
    """The console command and ``python -m mobiledsl``: ``main``, then the exit. After a
    command that ends at once (a compile) the process ends there, the standard streams
    flushed: the interpreter's own ending frees every module and object one by one, a
    tenth of a 100-part compile's CPU time, and nothing of such a command is left to it."""
    status, at_once = _main(None)
    if not at_once:
        sys.exit(status)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a reader gone away or a stream closed
            pass
    os._exit(status)


def _main(argv: Sequence[str] | None) -> tuple[int, bool]:
    """(exit status, whether the command that ran may end the process at once)."""
    try:
        words = sys.argv[1:] if argv is None else list(argv)
        parser = build_parser(words)
        args = parser.parse_args(words)
        if not args._ends_at_once:
            gc.enable()  # off from the start only for a compile (entry.py)
        return int(args._run(args)), args._ends_at_once
    except SystemExit as exc:  # argparse: --help, --version, usage errors
        code = exc.code
        if code is None:
            return 0, False
        if isinstance(code, int):
            return code, False
        say(str(code))
        return 2, False
    except UsageError as exc:
        say(f"{PROG}: error: {exc}")
        return 2, False
    except BrokenPipeError:  # the reader went away (`| head`): stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return 1, False
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return 130, False
    except Exception as exc:  # a bug: say so in one line, no traceback
        say(f"{PROG}: internal error: {type(exc).__name__}: {exc}")
        if os.environ.get("MOBILEDSL_TRACEBACK"):
            import traceback

            traceback.print_exc()
        else:
            print(
                f"{PROG}: this is a bug in mobiledsl, not in your files; "
                "set MOBILEDSL_TRACEBACK=1 to see where it happened",
                file=sys.stderr,
            )
        return 2, False

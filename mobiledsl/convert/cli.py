"""``mobiledsl convert-library SOURCE DESTINATION`` (and ``tools/convert-library``).

Exit status: 0 when every part of the result loads, 1 when the library was written and the
loader left parts of it out (its diagnostics say what to fix in DESTINATION) or the
converter refused something of the checkout (a link, a special file, a file over a cap: the
summary names each), 2 when the checkout or the destination cannot be converted and
nothing was written.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace

from ..cli import add_diagnostics_options, report, subcommand
from ..diagnostics import Diagnostic


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "source",
        metavar="SOURCE",
        help="the root of a part.yaml v3 checkout (<category>/<id>/part.yaml)",
    )
    p.add_argument(
        "destination",
        metavar="DESTINATION",
        help="a new or empty folder; its name is the library's name",
    )
    add_diagnostics_options(p)


@subcommand(
    "convert-library", "convert a part.yaml v3 checkout into a component library", _configure
)
def run_convert(args: argparse.Namespace) -> int:
    from ..textsafe import shown
    from . import ConversionError, convert_library
    from .report import summary

    try:
        result = convert_library(args.source, args.destination)
    except (ConversionError, OSError) as exc:
        # names what the checkout holds (folder names, keys): escaped for the terminal. An
        # OSError is the destination's (a full disk): the folder being written is removed
        why = (
            str(exc)
            if isinstance(exc, ConversionError)
            else (f"{args.destination} cannot be written: {exc.strerror or exc}")
        )
        print(f"mobiledsl convert-library: error: {shown(why)}", file=sys.stderr)
        print("mobiledsl convert-library: nothing was written", file=sys.stderr)
        return 2
    human = getattr(args, "diagnostics", "human") == "human"
    report(tuple(map(_shown, result.diagnostics)) if human else result.diagnostics, args)
    for line in summary(result.report, result.dest):
        print(line, file=sys.stderr)
    return 1 if result.report.left_out or result.report.refused else 0


def _shown(d: Diagnostic) -> Diagnostic:
    """``d`` with its texts escaped for a terminal: the loader quotes what the converter
    carried as written (a category, a key), which may hold control characters. JSON and
    SARIF escape by their own rules and keep the text as it is."""
    from ..textsafe import shown

    return replace(
        d,
        message=shown(d.message),
        label=shown(d.label),
        labels=tuple(replace(l, message=shown(l.message)) for l in d.labels),
        help=tuple(map(shown, d.help)),
        notes=tuple(map(shown, d.notes)),
    )


def main(argv: list[str] | None = None) -> int:
    """``tools/convert-library``: the same command under its own name."""
    from ..cli import main as cli_main

    return cli_main(["convert-library", *(sys.argv[1:] if argv is None else argv)])

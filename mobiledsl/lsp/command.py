"""The ``mobiledsl lsp`` subcommand: the language server over stdio (``server``)."""

from __future__ import annotations

import argparse

from ..cli import subcommand


def _configure(p: argparse.ArgumentParser) -> None:
    p.add_argument(
        "--stdio",
        action="store_true",
        help="talk over standard input and output (the default and only way; "
        "accepted because editors pass it)",
    )
    p.add_argument("--log", metavar="FILE", help="write the server's log to FILE")


@subcommand(
    "lsp",
    "the language server for .core, .world, .task and component.yaml (LSP over stdio)",
    _configure,
)
def run_lsp(args: argparse.Namespace) -> int:
    import logging

    if args.log:
        logging.basicConfig(
            filename=args.log,
            level=logging.INFO,
            format="%(asctime)s %(name)s %(levelname)s %(message)s",
        )
    try:
        from .server import make_server
    except ImportError as exc:
        from ..cli import say

        say(
            f"mobiledsl lsp needs pygls and lsprotocol ({exc.name} is not installed): "
            "pip install 'pygls>=2.0' lsprotocol"
        )
        return 2
    make_server().start_io()
    return 0

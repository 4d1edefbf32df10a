"""The one report of an argument whose value is of the wrong shape, shared by the robot's,
the world's and the task's resolving."""

from __future__ import annotations

from ..diagnostics import Sink
from ..lang.ast import Arg, Tuple, value_kind


def wrong_value(sink: Sink, arg: Arg, expected: str, example: str) -> None:
    """``arg`` must be ``expected`` (a tuple's length is said); the help writes ``example``."""
    shape = value_kind(arg.value)
    if isinstance(arg.value, Tuple):
        shape = f"tuple of {len(arg.value.items)} numbers"
    sink.error(
        "semantic.argument_value",
        f"'{arg.name}' must be {expected}, not a {shape}",
        arg.value.span,
        label=f"expected {expected}",
        help=(f"write {example}",),
    )

"""The range every number of the inputs lies in, library and programs alike.

A number is 0, or between 1e-100 and 1e30 in size, judged as the float its text reads as,
and written in at most 100 characters. No quantity of a robot, a part or a world is smaller
or larger, and within it the arithmetic after (squares, products, exact decimals of a help
text) neither overflows nor underflows. It is checked where a number enters, before any
arithmetic.
"""

from __future__ import annotations

SMALLEST = 1e-100
LARGEST = 1e30
MAX_CHARS = 100  # a float holds 17 significant digits


def in_range(raw: str) -> bool:
    """Whether the number written ``raw`` (JSON number syntax, an optional leading sign)
    is 0 or between SMALLEST and LARGEST in size. A text nearer zero than any float
    (1e-400) reads as 0 but was not written as zero."""
    value = float(raw)
    if value == 0.0:
        return written_as_zero(raw)
    return SMALLEST <= abs(value) <= LARGEST


def written_as_zero(raw: str) -> bool:
    if raw == "0":  # the common case, first
        return True
    mantissa = raw.partition("e")[0].partition("E")[0]
    return all(c in "-+0." for c in mantissa)

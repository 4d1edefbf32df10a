"""Numbers as the targets write them. (The frame maths the targets share is
``mobiledsl.model.frames``.)"""

from __future__ import annotations

from collections.abc import Iterable

# fmt's texts by value. A model writes the same few numbers thousands of times (a 100-part
# robot: 9,400 numbers, 87 values), and a lookup costs a third of formatting one. Equal
# floats have one text (0.0 and -0.0 both "0"), so the value is the key; a NaN misses,
# being unequal to itself, and is formatted again. Bounded for long-lived processes.
_TEXTS: dict[float, str] = {}
_KEPT = 1 << 16


def _format(value: float) -> str:
    if abs(value) < 1e-15:
        return "0"
    return f"{value:.12g}"


def fmt(x: float) -> str:
    """Numbers as the targets write them: fixed, short, no '-0'."""
    value = float(x)
    text = _TEXTS.get(value)
    if text is None:
        text = _format(value)
        if len(_TEXTS) < _KEPT:
            _TEXTS[value] = text
    return text


def fmtv(values: Iterable[float]) -> str:
    # an array's floats taken out at once: iterating it makes a numpy scalar of each
    tolist = getattr(values, "tolist", None)
    return " ".join(map(fmt, values if tolist is None else tolist()))

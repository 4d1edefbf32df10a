"""Numbers as the targets write them. (The frame maths the targets share is
``mobiledsl.model.frames``.)"""
from __future__ import annotations

from typing import Iterable


def fmt(x: float) -> str:
    """Numbers as the targets write them: fixed, short, no '-0'."""
    value = float(x)
    if abs(value) < 1e-15:
        return "0"
    return f"{value:.12g}"


def fmtv(values: Iterable[float]) -> str:
    return " ".join(fmt(v) for v in values)

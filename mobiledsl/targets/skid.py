"""A skid-steer base's turn as the targets drive it: the analysis works out how much wider
than its contacts the base turns (``Kinematics.skid_factor``, W_eff / W), and every target's
twist map and drive system reads that one figure, so the model turns as the analysis says."""
from __future__ import annotations

from typing import Any


def skid_of(analysis: Any) -> float:
    """The skid factor the analysis states for its base; 1, no widening, where it states
    none."""
    factor = getattr(getattr(analysis, "kinematics", None), "skid_factor", None)
    return float(factor) if factor is not None else 1.0

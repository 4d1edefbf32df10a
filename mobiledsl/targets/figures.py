"""The analysis' figures the targets write: the analysis works them out once (its
``Kinematics``), and every target reads them from the analysis it is handed, so the models
drive as the analysis says and no target works out a figure of its own.

- ``skid_of``: how much wider than its contacts a skid-steer base turns (W_eff / W), which
  the twist maps and drive systems scale a turn by;
- ``hub_limits_of``: each driven wheel's torque and speed at its hub at the full pack;
- ``volts_shares_of``: each motor's voltage over its rated at the full pack.
"""

from __future__ import annotations

from typing import Any


def _kinematics(analysis: Any) -> Any:
    return getattr(analysis, "kinematics", None)


def skid_of(analysis: Any) -> float:
    """The skid factor the analysis states for its base; 1, no widening, where it states
    none."""
    factor = getattr(_kinematics(analysis), "skid_factor", None)
    return float(factor) if factor is not None else 1.0


def hub_limits_of(analysis: Any) -> dict[str, tuple[float, float]]:
    """Driven wheel -> (torque N m, speed rad/s) at its hub; a wheel not named has no limit
    known."""
    return dict(getattr(_kinematics(analysis), "hub_limits", None) or {})


def volts_shares_of(analysis: Any) -> dict[str, float]:
    """Motor component -> its voltage over its rated at the full pack; a motor not named
    runs at its rated voltage (1)."""
    return dict(getattr(_kinematics(analysis), "volts_shares", None) or {})

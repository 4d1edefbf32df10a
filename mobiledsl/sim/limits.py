"""The command a robot follows: the asked twist within its speed limits, reached at a bounded
rate, so a step in what is asked becomes a ramp in what the robot is told."""
from __future__ import annotations

from dataclasses import dataclass

DEFAULT_AX = 1.0      # m/s each second
DEFAULT_AZ = 2.0      # rad/s each second


def _bound(value: float, limit) -> float:
    """``limit`` is None (unbounded), one number (symmetric) or [lowest, highest]."""
    if limit is None:
        return value
    if isinstance(limit, (int, float)):
        return max(-abs(limit), min(abs(limit), value))
    lo, hi = limit
    return max(lo, min(hi, value))


@dataclass
class RateLimiter:
    """Holds the asked twist and moves the followed one toward it by at most ``ax`` (linear,
    each of vx and vy) and ``az`` (turn) per second of ``step``."""

    limits: dict
    asked: tuple[float, float, float] = (0.0, 0.0, 0.0)
    now: tuple[float, float, float] = (0.0, 0.0, 0.0)

    def ask(self, vx: float, vy: float, wz: float) -> None:
        lim = self.limits
        self.asked = (_bound(float(vx), lim.get("vx")), _bound(float(vy), lim.get("vy")),
                      _bound(float(wz), lim.get("wz")))

    def step(self, dt: float) -> tuple[float, float, float]:
        ax = self.limits.get("ax") or DEFAULT_AX
        az = self.limits.get("az") or DEFAULT_AZ
        reach = (ax * dt, ax * dt, az * dt)
        vx, vy, wz = (n + max(-r, min(r, a - n)) for n, a, r in zip(self.now, self.asked, reach))
        self.now = (vx, vy, wz)
        return self.now

    def still(self, eps: float = 1e-9) -> bool:
        """Nothing asked and nothing left of the last command."""
        return all(abs(v) <= eps for v in self.now + self.asked)

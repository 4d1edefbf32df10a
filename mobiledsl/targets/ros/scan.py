"""How a range sensor scans in the ROS targets: its beams, their sweep and range, and its
rate, from the part's range where it states one, else the defaults of its kind."""

from __future__ import annotations

import math

from ...library.model import Part
from ...recordtype import record

LIDAR_DEFAULT = (360, math.pi, 0.05, 12.0)  # beams, half sweep (rad), min, max (m)
RANGER_DEFAULT = (5, 0.25, 0.02, 4.0)
RATE_HZ_DEFAULT = 10.0


@record
class ScanSpec:
    samples: int
    angle_min: float
    angle_max: float
    range_min: float
    range_max: float
    rate_hz: float


def scan_spec(kind: str, part: Part) -> ScanSpec:
    rng = part.range
    if rng is not None:
        samples, half = 5, rng.field_of_view_rad / 2
        lo, hi, rate = max(rng.min_m, 0.001), rng.max_m, rng.rate_hz
    else:
        samples, half, lo, hi = LIDAR_DEFAULT if kind.startswith("Lidar") else RANGER_DEFAULT
        rate = RATE_HZ_DEFAULT
    return ScanSpec(samples, -half, half, lo, hi if hi > lo else lo + 0.001, rate)

"""A walking robot brakes for the half step its feet go on at the old speed: the lag the run
brakes for comes from the gait's period or the policy's phase, and is none for wheels."""
from __future__ import annotations

import pytest

from mobiledsl.run.execute import walking_lag


@pytest.mark.parametrize("controller,lag", [
    ({"kind": "gait", "gait": {"period": 0.4, "duty": 0.55, "step_height": 0.07}}, 0.2),
    ({"kind": "gait", "gait": {"period": 0.02, "duty": 0.6, "step_height": 0.01}}, 0.01),
    ({"kind": "policy", "gait": None, "policy": {"phase": {"frequency": 2.5}}}, 0.2),
    ({"kind": "policy", "gait": None, "policy": {"phase": {"frequency": 50.0}}}, 0.01),
    ({"kind": "policy", "gait": None, "policy": {"phase": None}}, 0.0),   # no phase: no step
    ({"kind": "wheeled", "twist_map": {}}, 0.0),
    ({"kind": "stand"}, 0.0),
])
def test_half_a_step_for_walkers_none_for_wheels(controller, lag):
    assert walking_lag(controller) == pytest.approx(lag)

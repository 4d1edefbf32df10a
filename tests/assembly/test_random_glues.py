"""Resolve and assembly never raise, whatever the glues; what they place is placed right."""
from __future__ import annotations

import pytest
import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobiledsl.assembly import assemble
from mobiledsl.model.frames import matrix_from_quat
from mobiledsl.numbers import in_range
from mobiledsl.resolve import resolve_program

from .fixtures import demo_library, mecanum_program, parse

LIBRARY = demo_library()

numbers = st.one_of(
    st.sampled_from([0, 1, -1, 0.1275, 0.1494, -0.0216, 0.12, 0.05, 1e-9, -1e-9]),
    st.floats(-2, 2, allow_nan=False, allow_infinity=False),
    st.floats(allow_nan=False, allow_infinity=False, width=32),
).filter(lambda x: in_range(repr(float(x))))          # what a program may write
glues = st.lists(numbers, min_size=6, max_size=7)


def text_of(values) -> str:
    return "(" + ", ".join(repr(float(v)) for v in values) + ")"


@given(glues, glues)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_random_glues_never_raise(lidar, wheel):
    text = mecanum_program(text_of(wheel)).replace("(0, 0, 0.05, 0, 0, 1)", text_of(lidar))
    core, _, _ = parse(text)
    resolved, ds = resolve_program(core, None, None, [LIBRARY])
    assert resolved is not None, ds
    robot, ds = assemble(resolved)
    if robot is None:
        assert any(d.is_error for d in ds)
        for d in ds:
            assert d.code.startswith("validation.assembly.")
            assert d.span is not None
        return
    assert not ds
    for c in robot.components:
        q = np.asarray(c.pose.quat)
        assert abs(np.linalg.norm(q) - 1) < 1e-9
        r = matrix_from_quat(q)
        assert abs(np.linalg.det(r) - 1) < 1e-9


@given(st.permutations(range(10)),
       st.floats(-3.2, 3.2, allow_nan=False).filter(lambda x: in_range(repr(x))))
@settings(max_examples=30, deadline=None)
def test_random_orders_and_rolls_place_the_same(order, roll):
    base = mecanum_program(f"(0.1275, 0.1494, -0.0216, 0, 1, 0, {roll!r})")
    lines = base.splitlines()
    items = [l for l in lines[1:-1] if l.strip() and not l.strip().startswith("//")]
    shuffled = [items[i] for i in order]
    text = "\n".join([lines[0], *shuffled, lines[-1]]) + "\n"
    results = []
    for t in (base, text):
        core, _, _ = parse(t)
        resolved, _ = resolve_program(core, None, None, [LIBRARY])
        robot, ds = assemble(resolved)
        assert robot is not None, ds
        results.append({c.name: (c.pose, c.parent, c.mount, c.driven_by) for c in robot.components})
    assert results[0] == results[1]

"""Choosing the frames to draw, and a run without any OpenGL backend."""
from __future__ import annotations

import pytest
from pathlib import Path

from mobiledsl.run import frames
from mobiledsl.run.frames import pick, render_frames


def test_pick_spreads_frames_over_the_run_with_both_ends():
    states = list(range(101))
    assert pick(states, 5) == [0, 25, 50, 75, 100]
    assert pick(states, 1) == [100]
    assert pick(states, 0) == [] and pick([], 3) == []
    assert pick([0, 1], 5) == [0, 1]          # never more frames than states


@pytest.mark.slow
def test_without_an_opengl_backend_the_frames_are_skipped_and_said_so(tmp_path, monkeypatch):
    monkeypatch.setattr(frames, "BACKENDS", ("no-such-backend",))
    said = render_frames(Path("model.xml"), [[0.0]], 2, tmp_path / "frames")
    assert said.startswith("no frames: no OpenGL context")
    assert "libegl1" in said
    assert not any((tmp_path / "frames").glob("*.png"))

"""A world of numbers in range but of absurd extent: the ros-gz-nav2 map is refused with a
diagnostic (target.unsupported), never an overflowing cast, a numpy warning or a map of
garbage; a large but real world still maps."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from mobiledsl import cli

REPO = Path(__file__).resolve().parents[2]
CRATE = "size = (0.4, 0.4, 0.4), pos = (1.5, 0.3, 0.2, 0, 0, 0, 1)"


@pytest.mark.parametrize("x, refused", [("1e30", True), ("1e4", True), ("90", False)])
def test_a_world_too_large_to_map_is_a_diagnostic(tmp_path, capsys, x, refused):
    program = tmp_path / "p"
    shutil.copytree(REPO / "programs" / "diff_bot", program)
    world = program / "diff_bot.world"
    assert CRATE in world.read_text()
    world.write_text(world.read_text().replace(CRATE, CRATE.replace("(1.5,", f"({x},")))
    status = cli.main(["compile", *(str(program / f"diff_bot.{k}") for k in
                                    ("core", "world", "task")),
                       "--library", str(REPO / "libraries" / "demo_parts"),
                       "--target", "ros-gz-nav2", "-o", str(tmp_path / "out")])
    err = capsys.readouterr().err
    assert "Warning" not in err and "internal error" not in err
    assert status == (1 if refused else 0)
    assert ("target.unsupported" in err) == refused
    maps = list((tmp_path / "out").rglob("*.pgm"))
    assert bool(maps) != refused

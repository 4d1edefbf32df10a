"""A program that stops compiling withdraws its cell as a whole: no file and no empty asset
folder of the earlier build is left in build/<program>/<target>/."""
from __future__ import annotations

from .fixture import FULL_PARTS, PROGRAMS, PYPROJECT, doit, make_project

WITH_MJCF = PYPROJECT.replace("targets = []", 'targets = ["mjcf"]')


def test_a_failed_program_leaves_no_asset_folders(tmp_path):
    root = make_project(tmp_path / "proj", FULL_PARTS, pyproject=WITH_MJCF, programs=PROGRAMS)
    doit(root)
    cell = root / "build" / "scout" / "mjcf"
    assert any(p.is_dir() for p in cell.rglob("assets")), "the fixture copies assets"
    core = root / "programs" / "scout" / "scout.core"
    core.write_text(core.read_text().replace("(0, 0.1, -0.02, 0, 1, 0)",
                                             "(0, 0.108, -0.02, 0, 1, 0)"))
    doit(root)
    assert not cell.exists(), sorted(p.relative_to(cell).as_posix() for p in cell.rglob("*"))
    # the other program's cell is untouched, and the fix brings the cell back whole
    assert (root / "build" / "ranger" / "mjcf" / "ranger.xml").is_file()
    core.write_text(core.read_text().replace("(0, 0.108, -0.02, 0, 1, 0)",
                                             "(0, 0.1, -0.02, 0, 1, 0)"))
    doit(root)
    assert (cell / "scout.xml").is_file() and any(cell.rglob("model.dae"))

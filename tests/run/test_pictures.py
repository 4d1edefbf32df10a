"""Pictures of a run that people read: run.svg with a grid, a scale bar, every
obstacle named, step labels apart and the contact point marked; the frames' contact sheet
with a cell a frame, a checkered floor and captions; and `run --video` clips."""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import numpy as np
import pytest

from mobiledsl.run.drawing import run_view
from mobiledsl.run.execute import StepRun
from mobiledsl.run.frames import sheet_layout, video_indices
from mobiledsl.run.watch import Contact
from tests.svgtext import overlapping

from .worlds import box, marker, world

SVG = "{http://www.w3.org/2000/svg}"
ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "libraries" / "demo_parts"
DIFF = ROOT / "programs" / "diff_drive" / "diff_drive.core"


class Analysis:
    footprint = ((0.15, 0.1), (-0.15, 0.1), (-0.15, -0.1), (0.15, -0.1))


def step(index, kind, trace, ok=True, **kw):
    run = StepRun(index, kind, {}, trace=list(trace), **kw)
    return run, {"step": index + 1, "kind": kind, "ok": ok, "code": None if ok else
                 "run.collision", "seconds": 1.0}


def drawing(w, steps):
    runs = [r for r, _ in steps]
    report = {"ok": all(e["ok"] for _, e in steps), "steps": [e for _, e in steps]}
    svg = run_view("bot", w, Analysis(), (0.0, 0.0, 0.0), report, runs)
    root = ET.fromstring(svg)
    return svg, root, {g.get("id"): g for g in root.iter(SVG + "g") if g.get("id")}


def spins_in_place(n):
    """``n`` steps that all end where the robot stands: their labels want one place."""
    return [step(k, "Spin", [(0.0, 0.0), (0.001 * k, 0.0)]) for k in range(n)]


def test_run_svg_has_a_grid_a_scale_bar_and_names_every_obstacle():
    w = world(box("crate", 1.0, 0.5, 0.4, 0.4), box("wall", 2.0, -1.0, 0.1, 2.0),
              marker("dock", 2.5, 0.5))
    svg, root, groups = drawing(w, [step(0, "Advance", [(0, 0), (1.5, 0)])])
    grid = groups["grid"]
    assert len(grid.findall(SVG + "line")) >= 6 and grid.get("data-step-m") in ("0.5", "1")
    assert groups["scale"].get("data-length-m") == grid.get("data-step-m")
    names = {t.get("data-name") for t in groups["labels"].iter(SVG + "text")
             if "entity-name" in (t.get("class") or "")}
    assert names == {"crate", "wall", "dock"}
    assert overlapping(svg) == []


@pytest.mark.parametrize("n", [2, 5, 9])
def test_step_labels_ending_at_one_place_are_drawn_apart_with_leader_lines(n):
    svg, root, groups = drawing(world(box("crate", 0.5, 0.0, 0.2, 0.2)), spins_in_place(n))
    labels = [t for t in groups["labels"].iter(SVG + "text") if t.get("class") == "step-label"]
    assert [t.text for t in labels] == [str(k + 1) for k in range(n)]
    assert overlapping(svg) == []
    assert len(groups["leaders"].findall(SVG + "line")) >= n - 1


def test_a_crowded_world_names_every_entity_without_overlap():
    crates = [box(f"crate_{i}_{j}", 0.3 + 0.25 * i, -0.6 + 0.3 * j, 0.2, 0.2)
              for i in range(4) for j in range(4)]
    svg, _, groups = drawing(world(*crates, marker("goal", 1.0, 1.0)),
                             [step(0, "Advance", [(0, 0), (0.1, 0)]), *spins_in_place(3)[1:]])
    named = {t.get("data-name") for t in groups["labels"].iter(SVG + "text")
             if "entity-name" in (t.get("class") or "")}
    assert named == {e.name for e in crates} | {"goal"}
    assert overlapping(svg) == []


def test_the_contact_point_is_marked_and_labelled_where_it_touched():
    run, entry = step(0, "Advance", [(0, 0), (0.3, 0)], ok=False)
    run.contacts = [Contact("wall", 1.2, (0.45, 0.02), (0.3, 0.0))]
    run.touched = {"wall": (0.3, 0.0)}
    svg, root, groups = drawing(world(box("wall", 0.5, 0.0, 0.1, 2.0)), [(run, entry)])
    ring = groups["collisions"].find(SVG + "circle")
    assert float(ring.get("cx")) == pytest.approx(450) and float(ring.get("cy")) == \
        pytest.approx(-20)
    said = [t.text for t in groups["labels"].iter(SVG + "text")
            if t.get("class") == "contact-label"]
    assert said == ["hit wall"]
    assert overlapping(svg) == []


@pytest.mark.parametrize("n", range(1, 14))
def test_the_sheet_has_a_cell_a_frame_and_no_blank_room(n):
    cells = sheet_layout(n, 1280)
    assert len(cells) == n
    height = max(y + h for _, y, _, h in cells)
    covered = np.zeros((height, 1280), int)
    for x, y, w, h in cells:
        covered[y:y + h, x:x + w] += 1
    assert (covered == 1).all()                  # the cells tile the sheet: none blank, none over


def test_a_clip_shows_ten_frames_a_simulated_second_and_both_ends():
    assert video_indices(41, 0.05) == list(range(0, 41, 2))
    assert video_indices(40, 0.05)[-1] == 39
    assert len(video_indices(100000, 0.05)) == 600


# --- rendered (MuJoCo offscreen): slow, and skipped without an OpenGL context ---

def short_run(tmp_path, **kw):
    pytest.importorskip("mujoco")
    from mobiledsl.run.program import run_program
    w = tmp_path / "t.world"
    w.write_text("World t {\n    ground_plane = true\n"
                 "    Obstacle crate(type = box, size = (0.3, 0.3, 0.3), "
                 "pos = (1.0, 0.4, 0.15, 0, 0, 0, 1))\n}\n")
    t = tmp_path / "t.task"
    t.write_text("Task t {\n    Advance(distance_m = 0.3, speed_mps = 0.3)\n}\n")
    result = run_program(DIFF, w, t, [LIBRARY], tmp_path / "out", **kw)
    if "no OpenGL context" in result.frames:
        pytest.skip(result.frames)
    return result


@pytest.mark.slow
def test_the_rendered_sheet_has_the_frames_asked_a_checkered_floor_and_captions(tmp_path):
    from PIL import Image
    result = short_run(tmp_path, frames=5)
    assert result.frames.startswith("wrote 5 frames")
    folder = tmp_path / "out" / "report" / "frames"
    sheet = Image.open(folder / "contact_sheet.png")
    cells = json.loads(sheet.text["cells"])
    assert len(cells) == 5 and len(list(folder.glob("frame_*.png"))) == 5
    pixels = np.asarray(sheet.convert("L"), float)
    for x, y, w, h in cells:                     # every cell drawn on, none blank white
        cell = pixels[y:y + h, x:x + w]
        assert cell.std() > 10 and (cell > 250).mean() < 0.5
    frame = np.asarray(Image.open(folder / "frame_0000.png").convert("L"), float)
    floor = frame[40:300, :]                     # the floor: checks and grid lines
    assert floor.std() > 15
    band = frame[-20:, :]                        # the caption band: dark, with white text
    assert band.mean() < 80 and band.max() > 200


@pytest.mark.slow
@pytest.mark.parametrize("suffix", [".mp4", ".gif"])
def test_run_video_writes_a_clip_that_decodes(tmp_path, suffix):
    clip = tmp_path / f"run{suffix}"
    result = short_run(tmp_path, video=clip)
    assert clip.is_file(), result.frames
    count = len(json.loads((tmp_path / "out" / "report" / "trace.json").read_text())["poses"])
    expected = len(video_indices(count, 0.05))
    if suffix == ".gif":
        from PIL import Image, ImageSequence
        from mobiledsl.run.frames import VIDEO_FPS
        frames, shown = [], 0
        for f in ImageSequence.Iterator(Image.open(clip)):
            frames.append(np.asarray(f.convert("RGB")))
            shown += f.info["duration"]
        size = (240, 320, 3)
        # Pillow writes two alike frames in a row (the robot standing) as one held twice as
        # long: the clip's frames are its time over a frame's
        assert round(shown / round(1000 / VIDEO_FPS)) == expected
        expected = len(frames)
    else:
        import imageio.v2 as imageio
        frames = [f for f in imageio.get_reader(str(clip))]
        size = (480, 640, 3)
    assert len(frames) == expected
    assert frames[0].shape == size
    assert np.abs(frames[0].astype(int) - frames[-1].astype(int)).mean() > 0.5

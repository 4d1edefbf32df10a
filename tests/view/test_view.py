"""mobiledsl view: the vendored three.js is the one its README records, the page escapes
what it embeds, the view:<program> task skips when nothing changed, and every demo
program's page, opened from disk in headless Chromium with the network off, holds the model's
links, collision shapes, connectors and world objects, frames the robot and replays the run."""
from __future__ import annotations

import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from mobiledsl.view.page import render_page, script_json

from .browser import CHROMIUM, Browser

REPO = Path(__file__).resolve().parents[2]
VENDOR = REPO / "mobiledsl" / "view" / "vendor"
PROGRAMS = sorted(p.name for p in (REPO / "programs").iterdir() if p.is_dir())


def test_vendored_three_matches_readme():
    readme = (VENDOR / "README.md").read_text()
    sha = re.search(r"`three-bundle.min.js` sha256 \| `([0-9a-f]{64})`", readme).group(1)
    assert hashlib.sha256((VENDOR / "three-bundle.min.js").read_bytes()).hexdigest() == sha
    assert "three.js **0.187.0**" in readme and (VENDOR / "LICENSE.three").is_file()


def test_the_scene_blob_cannot_end_its_script_element():
    hostile = "</script><img src=x onerror=alert(1)><!-- \u2028\u2029 &amp;"
    scene = {"program": hostile, "robot": hostile, "diagnostics": [{"message": hostile}]}
    text = script_json(scene)
    assert "<" not in text and ">" not in text and "\u2028" not in text and "\u2029" not in text
    assert json.loads(text) == scene
    page = render_page(scene)
    blob = page.split('<script id="scene" type="application/json">', 1)[1]
    assert blob.index("</script>") == len(text)      # the blob's own end, not the name's
    assert "<img src=x" not in page
    assert "<title>&lt;/script&gt;&lt;img" in page


def _doit(root: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(REPO))
    return subprocess.run([sys.executable, "-m", "doit", "--reporter=json", *args], cwd=root, check=False,
                          capture_output=True, text=True, env=env)


def _project(root: Path, programs: list[str]) -> Path:
    shutil.copy(REPO / "dodo.py", root / "dodo.py")
    (root / "libraries").mkdir()
    (root / "libraries" / "demo_parts").symlink_to(REPO / "libraries" / "demo_parts")
    for name in programs:
        shutil.copytree(REPO / "programs" / name, root / "programs" / name)
    (root / "pyproject.toml").write_text(
        '[tool.mobiledsl]\nlibraries = ["libraries/demo_parts"]\nprograms = "programs/*"\n'
        'targets = ["mjcf"]\n')
    return root


def _results(done: subprocess.CompletedProcess, prefix: str) -> dict[str, str]:
    return {t["name"]: t["result"] for t in json.loads(done.stdout)["tasks"]
            if t["name"].startswith(prefix)}


@pytest.mark.slow
def test_view_task_writes_the_page_and_skips_when_nothing_changed(tmp_path):
    root = _project(tmp_path, ["diff_drive"])
    done = _doit(root)
    assert _results(done, "view:") == {"view:diff_drive": "success"}, done.stderr
    page = root / "build" / "diff_drive" / "report" / "view.html"
    assert page.is_file() and page.stat().st_size < 3_000_000
    assert _results(_doit(root), "view:") == {"view:diff_drive": "up-to-date"}
    # a run writes its trace: the page is made again, now with the replay
    _doit(root, "sim:diff_drive")
    assert _results(_doit(root), "view:") == {"view:diff_drive": "success"}
    assert '"poses":[[' in page.read_text()
    assert _results(_doit(root), "view:") == {"view:diff_drive": "up-to-date"}


# -- in a real browser -----------------------------------------------------------------------
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="no chromium on this machine "
                                    "(tools/setup_test_consumers.py installs Debian's)")


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    """Every demo program built (mjcf), run and viewed in one project."""
    root = _project(tmp_path_factory.mktemp("views"), PROGRAMS)
    _doit(root)
    _doit(root, "run")          # a run that fails a step still writes its trace
    _doit(root, "view")
    return root


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    b = Browser(tmp_path_factory.mktemp("chromium-profile"))
    yield b
    b.close()


def _expected(root: Path, program: str) -> dict:
    """What the page must hold, read from the records without the view's code."""
    records = root / "build" / program / "records"
    emission = json.loads((records / "emit-mjcf.json").read_text())
    xml_hash = next(e["hash"] for n, e in emission["files"].items() if n.endswith(".xml"))
    model = ET.fromstring((records / "emit-mjcf.blobs" / xml_hash).read_text())
    bodies = [b for b in model.find("worldbody").iter("body")]
    robot = [b for b in bodies if not b.get("name", "").startswith("world_")]
    collision = [g.get("name") for b in robot for g in b.findall("geom")
                 if not (g.get("contype") == "0" and g.get("conaffinity") == "0")]
    assembled = json.loads((records / "assemble.json").read_text())["robot"]
    connectors = [f"{c['name']}.{k}" for c in assembled["components"]
                  for k in assembled["parts"][c["part"]]["connectors"]]
    world = json.loads((records / "resolve.json").read_text())["resolution"]["resolved"]["world"]
    trace_file = root / "build" / program / "report" / "trace.json"
    # a roller's body and geoms may have no name: those are counted, the others named
    return {"links": sorted(b.get("name") or "" for b in robot),
            "collision": sorted(g or "" for g in collision),
            "connectors": sorted(connectors),
            "world": sorted(e["name"] for e in (world or {}).get("entities") or ()),
            "trace": json.loads(trace_file.read_text()) if trace_file.is_file() else None}


@pytest.mark.slow
@needs_chromium
@pytest.mark.parametrize("program", PROGRAMS)
def test_the_page_shows_the_model_world_and_run_offline(demo, browser, program):
    page = demo / "build" / program / "report" / "view.html"
    assert page.is_file()
    size = page.stat().st_size
    assert size < 3_000_000, f"{program}: {size} bytes"
    want = _expected(demo, program)
    browser.events.clear()
    seconds = browser.open(page.as_uri(), "window.mobiledslScene && mobiledslScene.ready")
    got = browser.evaluate("(s => ({links: s.links, collision: s.collisionShapes, "
                           "connectors: s.connectors, world: s.worldObjects, errors: s.errors, "
                           "inView: s.robotInView(), frames: s.replayFrames, "
                           "webgl: s.webgl, firstFrameMs: s.firstFrameMs}))(mobiledslScene)")
    # nothing but the page itself was asked for
    assert [u for u in browser.requests() if not u.startswith(("data:", "blob:"))] == \
        [page.as_uri()]
    assert got["errors"] == []
    assert len(got["links"]) == len(want["links"])
    assert set(want["links"]) - {""} <= set(got["links"])
    assert len(got["collision"]) == len(want["collision"])
    assert set(want["collision"]) - {""} <= set(got["collision"])
    assert sorted(got["connectors"]) == want["connectors"]
    assert set(want["world"]) <= set(got["world"])
    assert got["inView"] is True
    trace = want["trace"]
    if trace and trace["poses"]:
        assert got["frames"] == len(trace["poses"])
        first = browser.evaluate("mobiledslScene.setFrame(0)")
        last = browser.evaluate(f"mobiledslScene.setFrame({len(trace['poses']) - 1})")
        mid = len(trace["poses"]) // 2
        middle = browser.evaluate(f"mobiledslScene.setFrame({mid})")
        for at, pose in ((first, trace["poses"][0]), (last, trace["poses"][-1]),
                         (middle, trace["poses"][mid])):
            assert at == pytest.approx(pose[:3], abs=1e-4)
        browser.evaluate("mobiledslScene.setFrame(0)")
    shot = demo / "build" / "screenshots" / f"{program}.png"
    shot.parent.mkdir(exist_ok=True)
    _assert_not_blank(browser.screenshot(shot))
    print(f"{program}: {size} bytes, ready in {seconds:.2f} s (first frame "
          f"{got['firstFrameMs']:.0f} ms), {got['webgl']}, screenshot {shot}")


def _assert_not_blank(png: bytes) -> None:
    from PIL import Image
    image = Image.open(io.BytesIO(png)).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20) or []
    background = max(colours)[1] if colours else None
    drawn = sum(n for n, c in colours if c != background)
    assert len(colours) > 50 and drawn > 0.02 * image.width * image.height

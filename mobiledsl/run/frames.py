"""Pictures of the run: N frames rendered offscreen by MuJoCo, and a contact sheet of them.

MuJoCo picks its OpenGL backend when it is imported, so the frames are drawn in a child
process: first with EGL (a GPU or Mesa's EGL), then with OSMesa (software), each in a
fresh interpreter. Without either, the run goes on and says that it wrote no frames.

    python -m mobiledsl.run.frames MODEL.xml STATES.npy OUTDIR
"""
from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

BACKENDS = ("egl", "osmesa")
WIDTH, HEIGHT = 640, 480
SHEET_COLUMNS = 4


def pick(states: list, n: int) -> list:
    """``n`` states evenly spread over the run, the first and the last among them."""
    if not states or n <= 0:
        return []
    if n == 1:
        return [states[-1]]
    idx = np.linspace(0, len(states) - 1, min(n, len(states))).round().astype(int)
    return [states[i] for i in idx]


def render_frames(model_xml: Path, states: list, n: int, outdir: Path) -> str:
    """Render ``n`` frames into ``outdir``; returns a sentence for people saying what was
    written, or why not."""
    chosen = pick(states, n)
    if not chosen:
        return "no frames: nothing was simulated"
    outdir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        saved = Path(tmp) / "states.npy"
        np.save(saved, np.asarray(chosen))
        errors = []
        for backend in BACKENDS:
            env = dict(os.environ, MUJOCO_GL=backend, PYOPENGL_PLATFORM=backend)
            done = subprocess.run([sys.executable, "-m", "mobiledsl.run.frames",
                                   str(model_xml), str(saved), str(outdir)],
                                  env=env, capture_output=True, text=True)
            if done.returncode == 0:
                return f"wrote {len(chosen)} frames and a contact sheet under {outdir} " \
                       f"({backend})"
            last = (done.stderr.strip().splitlines() or ["failed"])[-1]
            errors.append(f"{backend}: {last}")
    return "no frames: no OpenGL context could be made (" + "; ".join(errors) + "); " \
           "install Mesa's EGL or OSMesa (Debian: libegl1 libegl-mesa0 libgl1-mesa-dri, " \
           "or libosmesa6)"


def _draw(model_xml: str, states_file: str, outdir: str) -> None:
    """In the child process: one PNG a state, then the contact sheet."""
    import mujoco
    from PIL import Image

    model = mujoco.MjModel.from_xml_path(model_xml)
    data = mujoco.MjData(model)
    states = np.load(states_file)
    base = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, "base_link")
    camera = mujoco.MjvCamera()
    camera.type = mujoco.mjtCamera.mjCAMERA_TRACKING
    camera.trackbodyid = max(base, 0)
    data.qpos[:] = states[0]
    mujoco.mj_forward(model, data)
    camera.distance = max(0.8, 5.0 * _robot_radius(model, data, base))
    camera.elevation, camera.azimuth = -50.0, 135.0
    scene = mujoco.MjvOption()
    scene.flags[mujoco.mjtVisFlag.mjVIS_RANGEFINDER] = False     # rays hide the robot
    images = []
    out = Path(outdir)
    with mujoco.Renderer(model, HEIGHT, WIDTH) as renderer:
        for k, qpos in enumerate(states):
            data.qpos[:] = qpos
            mujoco.mj_forward(model, data)
            renderer.update_scene(data, camera, scene_option=scene)
            image = Image.fromarray(renderer.render())
            image.save(out / f"frame_{k:04d}.png")
            images.append(image)
    rows = -(-len(images) // SHEET_COLUMNS)
    cols = min(SHEET_COLUMNS, len(images))
    thumb = (WIDTH // 2, HEIGHT // 2)
    sheet = Image.new("RGB", (cols * thumb[0], rows * thumb[1]), "white")
    for k, image in enumerate(images):
        sheet.paste(image.resize(thumb), ((k % cols) * thumb[0], (k // cols) * thumb[1]))
    sheet.save(out / "contact_sheet.png")


def _robot_radius(model, data, base: int) -> float:
    """How far the robot's geoms reach from its base: what the camera keeps in view."""
    if base < 0:
        return 0.3
    reach = [np.linalg.norm(data.geom_xpos[g] - data.xpos[base]) + model.geom_rbound[g]
             for g in range(model.ngeom) if model.body_rootid[model.geom_bodyid[g]] == base
             and (model.geom_contype[g] or model.geom_conaffinity[g])]   # meshes bound loosely
    return float(max(reach, default=0.3))


if __name__ == "__main__":
    _draw(*sys.argv[1:4])

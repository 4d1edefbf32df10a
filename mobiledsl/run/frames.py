"""Pictures of the run: N frames rendered offscreen by MuJoCo and a contact sheet of them, or
the whole run as a clip (``--video FILE.mp4|.gif``).

MuJoCo picks its OpenGL backend when it is imported, so the pictures are drawn in a child
process: first with EGL (a GPU or Mesa's EGL), then with OSMesa (software), each in a
fresh interpreter. Without either, the run goes on and says that it wrote no pictures.

The renderer draws its own copy of the model: the floor gets a checkered texture with a
grid (0.5 m checks) so that motion shows; the MJCF written for users is not changed. The
camera is fixed by default, framing the whole run (start, path, goals); ``follow`` tracks
the robot. Each picture is captioned with the simulated time and the step.

    python -m mobiledsl.run.frames JOB.json
"""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

BACKENDS = ("egl", "osmesa")
WIDTH, HEIGHT = 640, 480
CAPTION_H = 28  # the dark band at each picture's foot
SHEET_WIDTH = 1280
CAMERAS = ("overview", "follow")
#: the clip: frames a simulated second, and at most this many frames (a longer run is sped up)
VIDEO_FPS = 10
VIDEO_MAX_FRAMES = 600
VIDEO_SUFFIXES = (".mp4", ".gif")
FLOOR = "_mobiledsl_floor_grid"


def pick(states: list, n: int) -> list:
    """``n`` states evenly spread over the run, the first and the last among them."""
    return [states[i] for i in pick_indices(len(states), n)]


def pick_indices(count: int, n: int) -> list[int]:
    if count <= 0 or n <= 0:
        return []
    if n == 1:
        return [count - 1]
    return [int(i) for i in np.linspace(0, count - 1, min(n, count)).round().astype(int)]


def video_indices(count: int, tick: float) -> list[int]:
    """The states a clip shows: one every ``1 / VIDEO_FPS`` s of simulated time, spread
    evenly over at most ``VIDEO_MAX_FRAMES`` when the run is longer."""
    if count <= 0:
        return []
    every = max(1, round(1.0 / (VIDEO_FPS * tick)))
    idx = list(range(0, count, every))
    if idx[-1] != count - 1:
        idx.append(count - 1)
    if len(idx) > VIDEO_MAX_FRAMES:
        idx = pick_indices(count, VIDEO_MAX_FRAMES)
    return idx


def sheet_layout(n: int, width: int = SHEET_WIDTH, aspect: float = WIDTH / HEIGHT) -> list:
    """The cells of a contact sheet of ``n`` pictures as (x, y, w, h): rows as even as can
    be, each row filling the sheet's width, so no cell is blank whatever ``n`` is (a row
    of fewer pictures has larger ones)."""
    if n <= 0:
        return []
    rows = max(1, round(math.sqrt(n / 1.5)))
    counts = [n // rows + (1 if r < n % rows else 0) for r in range(rows)]
    cells, y = [], 0
    for k in counts:
        xs = [round(i * width / k) for i in range(k + 1)]
        h = round(width / k / aspect)
        cells += [(xs[i], y, xs[i + 1] - xs[i], h) for i in range(k)]
        y += h
    return cells


def captions(runs, count: int, settle_s: float, tick: float) -> list[str]:
    """The caption of each state: the simulated time and the step it belongs to."""
    out, at = [], 0
    for run in runs:
        for _ in range(len(run.trace)):
            if at < count:
                out.append(
                    f"t = {settle_s + (at + 1) * tick:5.1f} s   step {run.index + 1} {run.kind}"
                )
            at += 1
    while len(out) < count:
        out.append(f"t = {settle_s + (len(out) + 1) * tick:5.1f} s")
    return out


def render(
    model_xml: Path,
    states: list,
    outdir: Path,
    *,
    frames: int = 0,
    video: Path | None = None,
    camera: str = "overview",
    texts=None,
    points=(),
    tick: float = 0.05,
) -> str:
    """Render ``frames`` pictures and a contact sheet into ``outdir``, and/or the clip
    ``video``; returns a sentence for people saying what was written, or why not."""
    chosen = pick_indices(len(states), frames)
    clip = video_indices(len(states), tick) if video is not None else []
    if not chosen and not clip:
        return "no pictures: nothing was simulated"
    texts = list(texts) if texts is not None else [""] * len(states)
    if chosen:
        outdir.mkdir(parents=True, exist_ok=True)
    if video is not None:
        Path(video).parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        saved = Path(tmp) / "states.npy"
        np.save(saved, np.asarray(states))
        job = Path(tmp) / "job.json"
        job.write_text(
            json.dumps(
                {
                    "model": str(model_xml),
                    "states": str(saved),
                    "outdir": str(outdir),
                    "frames": chosen,
                    "video": str(video) if video is not None else None,
                    "video_frames": clip,
                    "camera": camera,
                    "captions": texts,
                    "points": [list(map(float, p)) for p in points],
                }
            )
        )
        errors = []
        for backend in BACKENDS:
            env = dict(os.environ, MUJOCO_GL=backend, PYOPENGL_PLATFORM=backend)
            done = subprocess.run(
                [sys.executable, "-m", "mobiledsl.run.frames", str(job)],
                env=env,
                capture_output=True,
                text=True,
            )
            if done.returncode == 0:
                said = []
                if chosen:
                    said.append(f"wrote {len(chosen)} frames and a contact sheet under {outdir}")
                if clip:
                    said.append(f"wrote a clip of {len(clip)} frames to {video}")
                return "; ".join(said) + f" ({backend})"
            last = (done.stderr.strip().splitlines() or ["failed"])[-1]
            if "no OpenGL" not in last and ("video" in last or "imageio" in last):
                return f"no clip: {last}"
            errors.append(f"{backend}: {last}")
    return (
        "no pictures: no OpenGL context could be made (" + "; ".join(errors) + "); "
        "install Mesa's EGL or OSMesa (Debian: libegl1 libegl-mesa0 libgl1-mesa-dri, "
        "or libosmesa6)"
    )


def render_frames(model_xml: Path, states: list, n: int, outdir: Path, **kw) -> str:
    """``n`` frames and their contact sheet (see ``render``)."""
    said = render(model_xml, states, outdir, frames=n, **kw)
    return said.replace("no pictures", "no frames", 1)


def _model(path: str):
    """The renderer's copy of the model: a checkered floor with a grid line every metre."""
    import mujoco

    spec = mujoco.MjSpec.from_file(path)
    planes = [g for g in spec.geoms if g.type == mujoco.mjtGeom.mjGEOM_PLANE]
    if planes:
        spec.add_texture(
            name=FLOOR,
            type=mujoco.mjtTexture.mjTEXTURE_2D,
            builtin=mujoco.mjtBuiltin.mjBUILTIN_CHECKER,
            rgb1=[0.78, 0.78, 0.76],
            rgb2=[0.46, 0.48, 0.52],
            width=512,
            height=512,
            mark=mujoco.mjtMark.mjMARK_EDGE,
            markrgb=[0.25, 0.25, 0.25],
        )
        material = spec.add_material(name=FLOOR)
        material.textures[mujoco.mjtTextureRole.mjTEXROLE_RGB] = FLOOR
        material.texrepeat = [1, 1]  # one texture (2 by 2 checks) a metre
        material.texuniform = True
        for g in planes:
            g.material = FLOOR
            g.rgba = [1, 1, 1, 1]
    return spec.compile()


def _camera(kind: str, model, data, base: int, states, points):
    import mujoco

    camera = mujoco.MjvCamera()
    data.qpos[:] = states[0]
    mujoco.mj_forward(model, data)
    radius = _robot_radius(model, data, base)
    if kind == "follow":
        camera.type = mujoco.mjtCamera.mjCAMERA_TRACKING
        camera.trackbodyid = max(base, 0)
        camera.distance = max(0.8, 5.0 * radius)
        camera.elevation, camera.azimuth = -50.0, 135.0
        return camera
    xy = np.asarray([s[:2] for s in states] + [list(p)[:2] for p in points], float)
    lo, hi = xy.min(axis=0) - radius, xy.max(axis=0) + radius
    centre = (lo + hi) / 2
    span = float(max(hi[0] - lo[0], (hi[1] - lo[1]) * WIDTH / HEIGHT, 4 * radius, 0.6))
    camera.type = mujoco.mjtCamera.mjCAMERA_FREE
    camera.lookat[:] = [centre[0], centre[1], 0.0]
    camera.elevation, camera.azimuth = -60.0, 90.0  # from behind the start, above
    fovy = math.radians(float(model.vis.global_.fovy))
    camera.distance = 1.3 * span / 2 / math.tan(fovy / 2 * WIDTH / HEIGHT) + 0.3 * (hi[1] - lo[1])
    return camera


def _caption(image, text: str):
    from PIL import ImageDraw, ImageFont

    draw = ImageDraw.Draw(image)
    w, h = image.size
    draw.rectangle([0, h - CAPTION_H, w, h], fill=(20, 20, 28))
    try:
        font = ImageFont.load_default(size=18)
    except TypeError:  # Pillow before 10.1: one small bitmap font
        font = ImageFont.load_default()
    draw.text((10, h - CAPTION_H + 4), text, fill=(255, 255, 255), font=font)
    return image


def _draw(job_file: str) -> None:
    """In the child process: the frames and their sheet, then the clip."""
    import mujoco
    from PIL import Image

    job = json.loads(Path(job_file).read_text())
    model = _model(job["model"])
    data = mujoco.MjData(model)
    states = np.load(job["states"])
    base = mujoco.mj_name2id(model, mujoco.mjtObj.mjOBJ_BODY, "base_link")
    camera = _camera(job["camera"], model, data, base, states, job["points"])
    scene = mujoco.MjvOption()
    scene.flags[mujoco.mjtVisFlag.mjVIS_RANGEFINDER] = False  # rays hide the robot
    texts = job["captions"]
    writer = None
    if job["video"]:
        writer = _video_writer(Path(job["video"]))
    with mujoco.Renderer(model, HEIGHT, WIDTH) as renderer:

        def picture(k: int):
            data.qpos[:] = states[k]
            mujoco.mj_forward(model, data)
            renderer.update_scene(data, camera, scene_option=scene)
            return _caption(Image.fromarray(renderer.render()), texts[k])

        images = []
        out = Path(job["outdir"])
        for j, k in enumerate(job["frames"]):
            image = picture(k)
            image.save(out / f"frame_{j:04d}.png")
            images.append(image)
        if images:
            _sheet(images).save(out / "contact_sheet.png")
        if writer is not None:
            for k in job["video_frames"]:
                writer.add(picture(k))
            writer.close()


def _sheet(images):
    from PIL import Image, PngImagePlugin

    cells = sheet_layout(len(images))
    height = max(y + h for _, y, _, h in cells)
    sheet = Image.new("RGB", (SHEET_WIDTH, height), "white")
    for image, (x, y, w, h) in zip(images, cells):
        sheet.paste(image.resize((w, h)), (x, y))
    info = PngImagePlugin.PngInfo()
    info.add_text("cells", json.dumps(cells))
    return _Saved(sheet, info)


class _Saved:
    """A sheet that saves with its cells in a text chunk (``cells``: [x, y, w, h] each)."""

    def __init__(self, image, info):
        self.image, self.info = image, info

    def save(self, path):
        self.image.save(path, pnginfo=self.info)


class _video_writer:
    """The clip: mp4 through imageio's ffmpeg (H.264), gif through Pillow."""

    def __init__(self, path: Path):
        self.path = path
        self.gif = path.suffix.lower() == ".gif"
        self.frames: list = []  # PIL images, for a GIF
        if not self.gif:
            try:
                import imageio.v2 as imageio
            except ImportError as exc:
                raise SystemExit(
                    f"no video: imageio is not installed ({exc}); "
                    "pip install imageio imageio-ffmpeg"
                ) from exc
            self.writer = imageio.get_writer(
                str(path),
                fps=VIDEO_FPS,
                codec="libx264",
                quality=7,
                macro_block_size=16,
                ffmpeg_log_level="error",
            )

    def add(self, image) -> None:
        if self.gif:
            self.frames.append(
                image.resize((WIDTH // 2, HEIGHT // 2)).convert("P", palette=1, colors=128)
            )  # 1: Image.Palette.ADAPTIVE
        else:
            self.writer.append_data(np.asarray(image))

    def close(self) -> None:
        if self.gif:
            first, *rest = self.frames
            first.save(
                self.path,
                save_all=True,
                append_images=rest,
                duration=round(1000 / VIDEO_FPS),
                loop=0,
            )
        else:
            self.writer.close()


def _robot_radius(model, data, base: int) -> float:
    """How far the robot's geoms reach from its base: what the camera keeps in view."""
    if base < 0:
        return 0.3
    reach = [
        np.linalg.norm(data.geom_xpos[g] - data.xpos[base]) + model.geom_rbound[g]
        for g in range(model.ngeom)
        if model.body_rootid[model.geom_bodyid[g]] == base
        and (model.geom_contype[g] or model.geom_conaffinity[g])
    ]  # meshes bound loosely
    return float(max(reach, default=0.3))


if __name__ == "__main__":
    _draw(sys.argv[1])

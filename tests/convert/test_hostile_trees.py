"""Whatever a part folder holds (links of every kind, FIFOs, huge sparse files, folders), the
converter ends with a status and no internal error, its library holds regular files and folders
only, none of them from outside the checkout, and each thing it did not take is refused."""
from __future__ import annotations

import contextlib
import io
import json
import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobiledsl.cli import main

from .conftest import v3_wheel

SECRET = "bytes from outside the checkout"
KINDS = ["file", "folder", "link_absolute", "link_out", "link_inside", "link_dev", "fifo",
         "huge"]
ENTRY = st.tuples(st.sampled_from(["model.stl", "a", "b.png", "sub"]), st.sampled_from(KINDS))
SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "25")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


def _make(path: Path, kind: str, outside: Path) -> None:
    if kind == "file":
        path.write_text("solid x\nendsolid x\n")
    elif kind == "folder":
        path.mkdir()
        (path / "inner.png").write_bytes(b"png")
    elif kind == "link_absolute":
        path.symlink_to(outside)
    elif kind == "link_out":
        path.symlink_to("../../../../outside/secret.txt")
    elif kind == "link_inside":
        path.symlink_to(".")
    elif kind == "link_dev":
        path.symlink_to("/dev/zero")
    elif kind == "fifo":
        os.mkfifo(path)
    else:
        with open(path, "wb") as fh:
            fh.truncate(3 * 1024 ** 3)


def _convert(source: Path, dest: Path) -> tuple[int, str]:
    err = io.StringIO()
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(err):
        status = main(["convert-library", str(source), str(dest), "--diagnostics", "json"])
    return status, err.getvalue()


@SETTINGS
@given(entries=st.lists(ENTRY, max_size=5, unique_by=lambda e: e[0]),
       part_yaml=st.sampled_from(["file", "link_absolute", "fifo", "huge"]))
def test_a_hostile_part_folder_is_refused_piece_by_piece(entries, part_yaml):
    root = Path(tempfile.mkdtemp(prefix="hostile-"))
    try:
        outside = root / "outside" / "secret.txt"
        outside.parent.mkdir()
        outside.write_text(json.dumps(v3_wheel("w90") | {"description": SECRET}))
        good = root / "v3" / "wheel" / "w80"
        (good / "meshes").mkdir(parents=True)
        (good / "part.yaml").write_text(json.dumps(v3_wheel("w80")))
        (good / "meshes" / "model.stl").write_text("solid x\nendsolid x\n")
        part = root / "v3" / "wheel" / "w90"
        (part / "meshes").mkdir(parents=True)
        if part_yaml == "file":
            (part / "part.yaml").write_text(json.dumps(v3_wheel("w90")))
        else:
            _make(part / "part.yaml", part_yaml, outside)
        for name, kind in entries:
            _make(part / "meshes" / name, kind, outside)
        dest = root / "out" / "lib"
        status, err = _convert(root / "v3", dest)
        assert "internal error" not in err and "Traceback" not in err, err
        model = dict(entries).get("model.stl")
        if part_yaml == "file" and model in (None, "folder"):     # the checkout must say
            assert status == 2 and "model.file" in err, err
            assert not os.path.exists(root / "out") or os.listdir(root / "out") == []
            return
        assert status in (0, 1), err
        report = json.loads((dest / "conversion-report.json").read_text())
        refused = {r["path"] for r in report["refused"]}
        for dirpath, dirs, files in os.walk(dest):
            for name in dirs + files:
                full = os.path.join(dirpath, name)
                assert not os.path.islink(full), full
                assert os.path.isdir(full) or os.path.isfile(full), full
                if os.path.isfile(full):
                    assert SECRET not in Path(full).read_text(errors="replace")
                    assert os.path.getsize(full) < 1024 ** 2
        assert sorted(os.listdir(root / "out")) == ["lib"]
        if part_yaml != "file":
            assert "wheel/w90/part.yaml" in refused and "w90" in report["left_out"]
        else:
            for name, kind in entries:
                if kind not in ("file", "folder"):
                    assert f"wheel/w90/meshes/{name}" in refused or "w90" in report["left_out"]
    finally:
        shutil.rmtree(root)

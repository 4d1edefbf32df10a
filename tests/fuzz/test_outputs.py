"""Outputs are a closed world: never written through a planted symbolic link, withdrawn as a
whole when a write fails, ordinary permissions, assets checked again when they are copied."""
from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from mobiledsl import cli, outputs, pipeline
from mobiledsl.graph import hashing

from .hostile import PART, library, within
from tests.cli.cli_helpers import TINY_CORE


def files_under(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file() and not p.is_symlink()}


@pytest.fixture
def project(tmp_path):
    lib = library(tmp_path)
    core = tmp_path / "tiny_bot.core"
    core.write_text(TINY_CORE)
    return lib, core, tmp_path / "out"


def compile_to(project, *extra: str) -> int:
    lib, core, out = project
    return cli.main(["compile", str(core), "--library", str(lib), "--target", "mjcf",
                     "-o", str(out), *extra])


# -- permissions -------------------------------------------------------------------------------
@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_emitted_files_get_what_the_umask_gives(project, umask, mode):
    old = os.umask(umask)
    try:
        assert compile_to(project) == 0
    finally:
        os.umask(old)
    written = [p for p in project[2].rglob("*") if p.is_file()]
    assert written and {p.stat().st_mode & 0o777 for p in written} == {mode}


# -- symbolic links inside the output folder ---------------------------------------------------
def test_a_link_planted_where_a_folder_goes_is_refused_and_nothing_is_written(project, capsys):
    out = project[2]
    elsewhere = out.parent / "elsewhere"
    elsewhere.mkdir()
    out.mkdir()
    os.symlink(elsewhere, out / "mjcf")
    assert compile_to(project) == 2
    err = capsys.readouterr().err
    assert "symbolic link" in err and "internal error" not in err
    assert list(elsewhere.iterdir()) == []                 # nothing went through the link
    assert files_under(out) == {}                          # and nothing else was written


def test_a_link_planted_where_a_file_goes_is_replaced_not_followed(project):
    assert compile_to(project) == 0
    out = project[2]
    target = out / "report" / "analysis.json"
    victim = out.parent / "victim.txt"
    victim.write_text("keep me\n")
    target.unlink()
    os.symlink(victim, target)
    assert compile_to(project) == 0
    assert victim.read_text() == "keep me\n"
    assert not target.is_symlink() and target.read_text().startswith("{")


def test_the_graph_never_deletes_through_a_planted_link(tmp_path, monkeypatch):
    from mobiledsl.graph import actions
    monkeypatch.chdir(tmp_path)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "robot.xml").write_text("theirs\n")
    (tmp_path / "build" / "p").mkdir(parents=True)
    os.symlink(elsewhere, tmp_path / "build" / "p" / "mjcf")
    actions.unlink("build/p/mjcf/robot.xml")
    assert (elsewhere / "robot.xml").read_text() == "theirs\n"
    with pytest.raises(outputs.OutputRefused):
        actions.write_output("build/p/mjcf/robot.xml", "ours\n")
    assert (elsewhere / "robot.xml").read_text() == "theirs\n"


# -- a failed write withdraws the run ----------------------------------------------------------
def fail_after(monkeypatch, count: int, code: int = errno.ENOSPC):
    real = outputs._write_bytes
    calls = {"n": 0}

    def write(fd, payload):
        calls["n"] += 1
        if calls["n"] > count:
            raise OSError(code, os.strerror(code))
        real(fd, payload)

    monkeypatch.setattr(outputs, "_write_bytes", write)
    return calls


@pytest.mark.parametrize("after", [0, 1])
def test_a_full_disk_leaves_the_old_outputs_whole(project, monkeypatch, capsys, after):
    assert compile_to(project) == 0
    out = project[2]
    before = files_under(out)
    for mesh in project[0].glob("parts/*/assets/model.dae"):      # two files the robot uses change
        mesh.write_text(f"<COLLADA version='2'/> of {mesh.parent.parent.name}\n")
    calls = fail_after(monkeypatch, after)
    assert compile_to(project) == 2
    assert calls["n"] == after + 1
    err = capsys.readouterr().err
    assert "No space left on device" in err and "left as it was" in err
    assert files_under(out) == before
    assert not [p for p in out.rglob("*.tmp")]


def test_a_full_disk_on_the_first_run_leaves_no_output_folder(project, monkeypatch):
    fail_after(monkeypatch, 2)
    assert compile_to(project) == 2
    assert not project[2].exists()


def test_a_run_that_fits_writes_everything(project, monkeypatch):
    calls = fail_after(monkeypatch, 10_000)
    assert compile_to(project) == 0
    assert calls["n"] == len(files_under(project[2]))


# -- assets are checked again when they are copied ---------------------------------------------
def test_an_asset_link_repointed_after_loading_is_not_copied(project, monkeypatch, capsys):
    lib, _, out = project
    assets = lib / "parts" / PART / "assets"
    inside = lib / "parts" / PART / "meshes"
    inside.mkdir()
    (assets / "model.dae").rename(inside / "model.dae")
    os.symlink(Path("..", "meshes", "model.dae"), assets / "model.dae")
    secret = lib.parent / "secret.dae"
    secret.write_text("the secret\n")
    load = pipeline.load_libraries

    def load_then_repoint(dirs, *named):
        loaded = load(dirs, *named)
        (assets / "model.dae").unlink()
        os.symlink(secret, assets / "model.dae")            # after loading, before copying
        return loaded

    monkeypatch.setattr(pipeline, "load_libraries", load_then_repoint)
    assert compile_to(project) == 2
    err = capsys.readouterr().err
    assert "outside" in err and "internal error" not in err
    assert not out.exists() or all(b"the secret" not in data
                                   for data in files_under(out).values())


def test_an_asset_fifo_is_refused_at_copy_time_without_waiting(tmp_path):
    part = tmp_path / "p"
    (part / "assets").mkdir(parents=True)
    (part / "component.yaml").write_text("id: p\n")
    os.mkfifo(part / "assets" / "pipe.dae")
    (part / "assets" / "model.dae").write_text("<COLLADA/>\n")
    assert outputs.read_asset(part / "assets" / "model.dae") == b"<COLLADA/>\n"
    with pytest.raises(OSError, match="FIFO"):
        within(10, outputs.read_asset, part / "assets" / "pipe.dae")


def test_the_load_listing_covers_where_links_lead(tmp_path):
    lib = tmp_path / "lib"
    part = lib / "parts" / "p"
    (part / "assets").mkdir(parents=True)
    (lib / "shared").mkdir()
    (lib / "shared" / "real.dae").write_text("mesh\n")
    os.symlink("real.dae", lib / "shared" / "hop.dae")
    os.symlink(Path("..", "..", "..", "shared", "hop.dae"), part / "assets" / "model.dae")
    before = hashing.listing_digest(part)
    assert hashing.listing_digest(part) == before
    (lib / "shared" / "hop.dae").unlink()                  # the second link, repointed
    os.symlink("/etc/hostname", lib / "shared" / "hop.dae")
    assert hashing.listing_digest(part) != before


def test_the_up_to_date_check_never_reads_a_fifo(tmp_path):
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "file").write_text("x")
    assert within(10, hashing.hash_file, tmp_path / "pipe").startswith("not-a-file")
    assert not hashing.hash_file(tmp_path / "file").startswith("not-a-file")

"""Two workers of one build write records below the same new folder (``build/.positions/
<library>``): the one that finds the folder made between its look and its mkdir goes on,
and leaves the folder to the other when it withdraws its own files."""
from __future__ import annotations

import os

import pytest

from mobiledsl.outputs import Transaction


def _made_by_another_worker_meanwhile(monkeypatch, folder):
    real_mkdir = os.mkdir

    def mkdir(path, *args, **kwargs):
        if os.fspath(path) == os.fspath(folder) and not os.path.exists(folder):
            real_mkdir(path, *args, **kwargs)      # the other worker, first
        return real_mkdir(path, *args, **kwargs)
    monkeypatch.setattr(os, "mkdir", mkdir)


def test_a_folder_made_meanwhile_by_another_worker_is_written_into(tmp_path, monkeypatch):
    folder = tmp_path / ".positions" / "demo_parts"
    _made_by_another_worker_meanwhile(monkeypatch, folder)
    with Transaction(tmp_path) as run:
        run.write(folder / "part.json", b"{}")
    assert (folder / "part.json").read_bytes() == b"{}"


def test_a_withdrawn_run_leaves_the_folder_another_worker_made(tmp_path, monkeypatch):
    folder = tmp_path / ".positions" / "demo_parts"
    _made_by_another_worker_meanwhile(monkeypatch, folder)
    with pytest.raises(RuntimeError):
        with Transaction(tmp_path) as run:
            run.write(folder / "part.json", b"{}")
            raise RuntimeError("the task failed")
    assert folder.is_dir() and not (folder / "part.json").exists()


def test_a_file_where_the_folder_should_be_is_still_an_error(tmp_path):
    (tmp_path / ".positions").write_bytes(b"not a folder")
    with pytest.raises(OSError):
        with Transaction(tmp_path) as run:
            run.write(tmp_path / ".positions" / "demo_parts" / "part.json", b"{}")

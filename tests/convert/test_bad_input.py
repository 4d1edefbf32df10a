"""A checkout or destination the converter cannot take: one clear message, exit 2, and no
library (nor a half-written folder) left behind."""
from __future__ import annotations

import json
import os

import pytest

from mobiledsl.convert import ConversionError, convert_library

from .conftest import v3_wheel


def _refused(checkout, *words):
    r = checkout.convert()
    assert r.status == 2, r.err
    assert "error:" in r.err and "nothing was written" in r.err
    for w in words:
        assert w in r.err, r.err
    assert not r.dest.exists()
    assert [n for n in checkout.leftovers() if n.startswith(".")] == []
    return r


def test_not_json(checkout):
    checkout.part("wheel", "w80", "schema_version: 3\nid: w80\n")
    _refused(checkout, "w80/part.yaml:1:1: not JSON", "a v3 part.yaml is a JSON document")


def test_a_key_twice_is_not_json_the_converter_takes(checkout):
    checkout.part("wheel", "w80", '{"schema_version": 3, "id": "a", "id": "b"}')
    _refused(checkout, "the key 'id' is given twice")


@pytest.mark.parametrize("text", ['{"schema_version": 3, "x": NaN}', b'{"id": "\xff"}',
                                  '["schema_version", 3]'])
def test_other_json_it_cannot_take(checkout, text):
    checkout.part("wheel", "w80", text)
    _refused(checkout, "w80/part.yaml")


@pytest.mark.parametrize("version, shown", [(1, "1"), (4, "4"), ("3", '"3"'), (3.0, "3.0"),
                                            (None, "absent")])
def test_wrong_schema_version(checkout, version, shown):
    data = v3_wheel()
    if version is None:
        del data["schema_version"]
    else:
        data["schema_version"] = version
    checkout.part("wheel", "w80", data)
    _refused(checkout, f"schema_version is {shown}", "schema_version 3")


def test_part_folder_without_part_yaml(checkout):
    checkout.part("wheel", "w80")
    (checkout.source / "wheel" / "w90").mkdir()
    (checkout.source / "wheel" / "w90" / "README.md").write_text("x")
    _refused(checkout, "w90 is a part folder without part.yaml")


def test_hidden_folders_and_loose_files_are_no_parts(checkout):
    checkout.part("wheel", "w80")
    (checkout.source / ".git" / "objects").mkdir(parents=True)
    (checkout.source / "README.md").write_text("x")
    (checkout.source / "wheel" / "index.json").write_text("x")
    assert checkout.convert().status == 0


def test_no_parts_at_all(checkout):
    checkout.source.mkdir()
    _refused(checkout, "holds no <category>/<id>/part.yaml")


def test_source_that_is_no_folder(checkout):
    _refused(checkout, "is not a directory")


@pytest.mark.parametrize("file, words", [
    ("meshes/missing.stl", "'meshes/missing.stl' does not exist"),
    ("../outside.stl", "no plain path"),
    ("/etc/hostname", "no plain path"),
    ("meshes\\\\model.stl", "no plain path"),
    ("meshes", "is not a readable file"),
])
def test_unreadable_mesh_path(checkout, file, words):
    checkout.part("wheel", "w80", dict(v3_wheel(), model={"file": file, "xyz": [0, 0, 0],
                                                          "rpy": [0, 0, 0]}))
    _refused(checkout, "model.file", words)


def test_mesh_linked_out_of_the_part_folder(checkout, tmp_path):
    (tmp_path / "elsewhere.stl").write_text("solid")
    folder = checkout.part("wheel", "w80", mesh=None)
    (folder / "meshes").mkdir()
    (folder / "meshes" / "model.stl").symlink_to(tmp_path / "elsewhere.stl")
    _refused(checkout, "holds no part the converter can take", "is a symbolic link",
             "copies no link")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
def test_mesh_without_read_permission(checkout):
    folder = checkout.part("wheel", "w80")
    (folder / "meshes" / "model.stl").chmod(0)
    _refused(checkout, "is not a readable file")


def test_existing_non_empty_destination(checkout):
    checkout.part("wheel", "w80")
    checkout.dest.mkdir(parents=True)
    (checkout.dest / "mine.txt").write_text("keep me")
    r = checkout.convert()
    assert r.status == 2 and "is not empty" in r.err
    assert sorted(os.listdir(r.dest)) == ["mine.txt"]


def test_existing_empty_destination_is_used(checkout):
    checkout.part("wheel", "w80")
    checkout.dest.mkdir(parents=True)
    assert checkout.convert().status == 0
    assert (checkout.dest / "library.yaml").is_file()


def test_destination_that_is_a_file(checkout):
    checkout.part("wheel", "w80")
    checkout.dest.parent.mkdir(parents=True)
    checkout.dest.write_text("x")
    r = checkout.convert()
    assert r.status == 2 and "is not a folder" in r.err


def test_destination_inside_the_checkout(checkout):
    checkout.part("wheel", "w80")
    checkout.dest = checkout.source / "converted"
    r = checkout.convert()
    assert r.status == 2 and "inside the checkout" in r.err and not r.dest.exists()


def test_destination_name_that_is_no_library_name(checkout):
    checkout.part("wheel", "w80")
    checkout.dest = checkout.root / "out" / "my lib"
    _refused(checkout, "'my lib'")


def test_two_parts_of_one_id(checkout):
    checkout.part("wheel", "w80")
    checkout.part("sensor", "w80")
    _refused(checkout, "two part folders are named 'w80'")


def test_a_failure_while_writing_leaves_nothing(checkout, monkeypatch):
    checkout.part("wheel", "w80")
    checkout.part("wheel", "w90")
    import mobiledsl.convert.driver as convert
    calls = []

    def failing(doc):
        calls.append(doc)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        return "x: 1\n"
    monkeypatch.setattr(convert, "dump", failing)
    with pytest.raises(OSError):
        convert_library(str(checkout.source), str(checkout.dest))
    assert not checkout.dest.exists() and checkout.leftovers() == []


def test_a_full_disk_is_an_error_of_the_command_not_an_internal_one(checkout, monkeypatch):
    checkout.part("wheel", "w80")
    import mobiledsl.convert.driver as convert

    def failing(doc):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(convert, "dump", failing)
    _refused(checkout, "cannot be written: No space left on device")
    assert checkout.leftovers() == []


def test_conversion_error_is_raised_before_anything_is_written(checkout):
    checkout.part("wheel", "w80", "nope")
    with pytest.raises(ConversionError):
        convert_library(str(checkout.source), str(checkout.dest))
    assert not checkout.dest.parent.exists()


@pytest.mark.slow
def test_the_tools_script_is_the_same_command(checkout):
    import subprocess
    import sys
    from pathlib import Path
    checkout.part("wheel", "w80")
    script = Path(__file__).resolve().parents[2] / "tools" / "convert-library"
    assert os.access(script, os.X_OK)
    proc = subprocess.run([sys.executable, str(script), str(checkout.source),
                           str(checkout.dest)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "converted 1 part into" in proc.stderr and "the loader loaded 1 of 1" in proc.stderr
    proc = subprocess.run([sys.executable, str(script), str(checkout.source),
                           str(checkout.dest)], capture_output=True, text=True)
    assert proc.returncode == 2 and "is not empty" in proc.stderr


@pytest.mark.parametrize("depth, refused", [(60, False), (70, True), (5000, True)])
def test_nesting_deeper_than_the_library_reads(checkout, depth, refused):
    data = v3_wheel()
    data["provenance"] = {"name": "n", "manufacturer": None, "source_url": None,
                          "license": None}
    text = json.dumps(data)
    deep = "[" * depth + "]" * depth
    checkout.part("wheel", "w80", text[:-1] + f', "x": {deep}}}')
    r = checkout.convert()
    if refused:
        assert r.status == 2 and "nested" in r.err, r.err
    else:
        assert r.status == 1 and "library.unknown_field" in r.codes   # converted; x is unknown

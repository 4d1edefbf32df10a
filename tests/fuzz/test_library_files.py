"""A library is read as hostile input: only regular files, bounded, inside the library root;
nothing of a file that is not a declaration is quoted or stored."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from mobiledsl import cli, inputs, yamlio
from mobiledsl.diagnostics import EXCERPT, Severity
from mobiledsl.library.loader import load_library, load_manifest

from .hostile import PART, component, everything_said, library, within

SECRET = "root:x:0:0:the secret of /etc/passwd:/root:/bin/bash\n"


def codes(diags):
    return [d.code for d in diags]


def left_out_for(lib: Path, code: str):
    library_obj, diags = within(10, load_library, lib)
    assert library_obj is not None
    assert PART in library_obj.left_out and PART not in library_obj.parts
    assert code in codes(diags)
    assert all(d.severity is Severity.WARNING for d in diags)
    return library_obj, diags


# -- only regular files ------------------------------------------------------------------------
def test_a_declaration_that_is_a_fifo_is_refused_without_waiting(tmp_path):
    lib = library(tmp_path)
    component(lib).unlink()
    os.mkfifo(component(lib))
    _, diags = left_out_for(lib, "library.not_a_file")
    assert "FIFO" in diags[0].message


def test_a_declaration_linked_to_dev_zero_is_refused_without_reading(tmp_path):
    lib = library(tmp_path)
    component(lib).unlink()
    os.symlink("/dev/zero", component(lib))
    # /dev/zero is outside the library too: that is what is said first
    _, diags = left_out_for(lib, "library.links_outside")


def test_a_device_inside_the_library_is_refused(tmp_path):
    lib = library(tmp_path)
    inside = lib / "dev"
    inside.mkdir()
    if not hasattr(os, "mknod"):
        pytest.skip("no mknod")
    try:
        os.mknod(inside / "zero", 0o600 | 0o020000, os.makedev(1, 5))   # as /dev/zero
    except PermissionError:
        pytest.skip("making a device needs privileges")
    component(lib).unlink()
    os.symlink(os.path.relpath(inside / "zero", component(lib).parent), component(lib))
    _, diags = left_out_for(lib, "library.not_a_file")
    assert "device" in diags[0].message


def test_a_manifest_that_is_a_fifo_blocks_without_waiting(tmp_path):
    lib = library(tmp_path)
    (lib / "library.yaml").unlink()
    os.mkfifo(lib / "library.yaml")
    manifest, diags = within(10, load_manifest, lib)
    assert manifest is None and codes(diags) == ["library.not_a_file"]
    assert diags[0].severity is Severity.ERROR


def test_a_regular_file_is_still_read(tmp_path):
    lib = library(tmp_path)
    library_obj, diags = load_library(lib)
    assert diags == [] and PART in library_obj.parts


# -- the size bound ----------------------------------------------------------------------------
def test_a_declaration_past_16_mib_is_refused_unread(tmp_path):
    lib = library(tmp_path)
    with open(component(lib), "r+b") as fh:             # sparse: no 16 MiB written
        fh.truncate(inputs.MAX_BYTES + 1)
    _, diags = left_out_for(lib, "library.file_too_large")
    assert "16 MiB" in diags[0].message


def test_a_declaration_of_exactly_16_mib_is_read(tmp_path, monkeypatch):
    lib = library(tmp_path)
    text = component(lib).read_text()
    padding = inputs.MAX_BYTES - len(text.encode())
    component(lib).write_text(text + "#" * (padding - 1) + "\n")   # a comment to the bound
    assert component(lib).stat().st_size == inputs.MAX_BYTES
    library_obj, diags = load_library(lib)
    assert diags == [] and PART in library_obj.parts


# -- the closed world --------------------------------------------------------------------------
def test_a_declaration_linked_to_etc_passwd_is_neither_quoted_nor_stored(tmp_path):
    secret = tmp_path / "passwd"
    secret.write_text(SECRET)
    lib = library(tmp_path)
    component(lib).unlink()
    os.symlink(secret, component(lib))
    library_obj, diags = left_out_for(lib, "library.links_outside")
    said = everything_said(library_obj, diags)
    assert "the secret" not in said and "root:x" not in said


def test_a_valid_declaration_outside_the_library_is_refused(tmp_path):
    lib = library(tmp_path)
    outside = tmp_path / "elsewhere.yaml"
    shutil.move(component(lib), outside)
    os.symlink(outside, component(lib))
    left_out_for(lib, "library.links_outside")


@pytest.mark.parametrize("linked", ["part folder", "parts/"])
def test_a_part_folder_or_parts_linked_outside_is_refused(tmp_path, linked):
    lib = library(tmp_path)
    moved = tmp_path / "elsewhere"
    if linked == "part folder":
        shutil.move(lib / "parts" / PART, moved)
        os.symlink(moved, lib / "parts" / PART)
        library_obj, diags = left_out_for(lib, "library.links_outside")
    else:
        shutil.move(lib / "parts", moved)
        os.symlink(moved, lib / "parts")
        library_obj, diags = load_library(lib)
        assert library_obj.parts == {}
        assert set(codes(diags)) == {"library.links_outside"}


def test_links_that_stay_inside_the_library_are_followed(tmp_path):
    lib = library(tmp_path)
    shared = lib / "shared"
    shared.mkdir()
    shutil.move(component(lib), shared / "wheel.yaml")
    os.symlink(Path("..", "..", "shared", "wheel.yaml"), component(lib))
    library_obj, diags = load_library(lib)
    assert diags == [] and PART in library_obj.parts


# -- limits while reading, through the command line -------------------------------------------
@pytest.mark.parametrize("text", [
    "a: " + "[" * 30_000 + "]" * 30_000 + "\n",
    "a:\n" + "- " * 30_000 + "x\n",
    "a: " + "{b: " * 30_000 + "1" + "}" * 30_000 + "\n",
])
def test_deep_nesting_is_a_diagnostic_not_a_crash(tmp_path, capsys, text):
    lib = library(tmp_path)
    component(lib).write_text(text)
    assert within(30, cli.main, ["library", "check", str(lib)]) == 0     # a part's warning
    err = capsys.readouterr().err
    assert "nested more than 64 levels" in err and "internal error" not in err


def test_a_huge_value_is_quoted_as_an_excerpt(tmp_path, capsys):
    lib = library(tmp_path)
    text = component(lib).read_text()
    huge = "x" * 5_000_000
    component(lib).write_text(text.replace("mass: 0.1", f"mass: '{huge}'"))
    assert "mass: '" in component(lib).read_text()
    library_obj, diags = load_library(lib)
    assert "x" * (EXCERPT + 1) not in everything_said(library_obj, diags)
    said = everything_said(library_obj.left_out, diags)
    assert len(said) < 3_000
    assert "5,000,000 characters" in said


@pytest.mark.parametrize("number, refused", [("1" * 100_000, True), ("1" * 101, True),
                                             ("0." + "1" * 98, False)])
def test_a_number_of_many_digits_is_refused_before_it_is_used(tmp_path, number, refused):
    lib = library(tmp_path)
    component(lib).write_text(component(lib).read_text().replace("mass: 0.1",
                                                                  f"mass: {number}"))
    library_obj, diags = load_library(lib)
    assert (PART in library_obj.left_out) == refused
    said = everything_said(library_obj, diags)
    assert "1" * 200 not in said


@pytest.mark.parametrize("value", ["1e200", "-1.8e308", "1e155", "5e-324", "1e-400", "1e31",
                                   "9e-101"])
def test_numbers_out_of_range_in_a_declaration_are_diagnostics(tmp_path, value):
    lib = library(tmp_path)
    text = component(lib).read_text().replace("radius: 0.04", f"radius: {value}")
    component(lib).write_text(text)
    _, diags = left_out_for(lib, "library.invalid_value")
    assert "between 1e-100 and 1e30" in diags[0].message


def test_the_value_bound_holds_for_a_file_as_written(tmp_path, monkeypatch):
    monkeypatch.setattr(yamlio, "MAX_VALUES", 500)
    lib = library(tmp_path)
    component(lib).write_text("vertices: [" + ", ".join(["1"] * 600) + "]\n")
    _, diags = left_out_for(lib, "library.yaml_syntax")
    assert "more than 500 values" in diags[0].message


def test_the_command_line_shows_nothing_of_a_linked_secret(tmp_path, capsys):
    secret = tmp_path / "passwd"
    secret.write_text(SECRET)
    lib = library(tmp_path)
    component(lib).unlink()
    os.symlink(secret, component(lib))
    for form in ("human", "json", "sarif"):
        assert cli.main(["library", "check", str(lib), "--diagnostics", form]) == 0
        captured = capsys.readouterr()
        assert "library.links_outside" in captured.out + captured.err
        assert "root:x" not in captured.out + captured.err

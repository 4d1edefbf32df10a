"""A checkout from a stranger: the converter opens only regular files inside it, copies no
link, caps what it reads and copies, and names each refusal in its report; the other parts
are converted. Huge files are sparse (os.truncate), so nothing here is large on disk."""
from __future__ import annotations

import json
import os

import pytest

from mobiledsl.convert import assets
from mobiledsl.textsafe import is_safe

from .conftest import v3_wheel

GIB = 1024 ** 3
SECRET = "a description from outside the checkout"


def _outside_part(tmp_path, pid="w90"):
    """A v3 part.yaml outside the checkout, that a link would carry in."""
    outside = tmp_path / "outside" / pid
    outside.mkdir(parents=True)
    (outside / "part.yaml").write_text(json.dumps(v3_wheel(pid) | {"description": SECRET}))
    (outside / "meshes").mkdir()
    (outside / "meshes" / "model.stl").write_text("solid outside\nendsolid x\n")
    return outside


def _library_text(dest) -> str:
    """Every byte under the library, for 'nothing from outside came in'."""
    out = []
    for dirpath, _, files in os.walk(dest):
        for f in files:
            out.append(open(os.path.join(dirpath, f), "rb").read().decode("utf-8", "replace"))
    return "\n".join(out)


def _links_in(dest) -> list[str]:
    return [os.path.join(d, n) for d, dirs, files in os.walk(dest) for n in dirs + files
            if os.path.islink(os.path.join(d, n))]


def _refusal(r, path):
    found = [x for x in r.report["refused"] if x["path"] == path]
    assert found, r.report["refused"]
    return found[0]


def _converted_beside(r, refused_part=None):
    """The good part is converted, the status says something was refused, no traceback."""
    assert r.status == 1, r.err
    assert "internal error" not in r.err and "refused (not read or not copied)" in r.err
    assert (r.dest / "parts" / "w80" / "component.yaml").is_file()
    if refused_part:
        assert not (r.dest / "parts" / refused_part).exists()
        assert refused_part in r.report["left_out"]
        assert f"the part {refused_part} is left out" in r.err


# -- links out of the checkout ------------------------------------------------------------
def test_part_yaml_linked_out_is_not_followed(checkout, tmp_path):
    checkout.part("wheel", "w80")
    folder = checkout.part("wheel", "w90", mesh="meshes/model.stl")
    (folder / "part.yaml").unlink()
    (folder / "part.yaml").symlink_to(_outside_part(tmp_path) / "part.yaml")
    r = checkout.convert()
    _converted_beside(r, "w90")
    refusal = _refusal(r, "wheel/w90/part.yaml")
    assert refusal["kind"] == "outside" and refusal["left_out"]
    assert str(checkout.source) not in json.dumps(r.report["refused"])   # the link's own text
    assert SECRET not in _library_text(r.dest)


def test_part_yaml_linked_inside_the_checkout_is_read_as_the_loader_reads(checkout):
    checkout.part("wheel", "w80")
    folder = checkout.part("wheel", "w90")
    (checkout.source / "shared.json").write_text(json.dumps(v3_wheel("w90")))
    (folder / "part.yaml").unlink()
    (folder / "part.yaml").symlink_to(checkout.source / "shared.json")
    r = checkout.convert()
    assert r.status == 0, r.err
    assert r.report["refused"] == [] and (r.dest / "parts" / "w90").is_dir()


@pytest.mark.parametrize("linked", ["part", "category"])
def test_folder_linked_out_is_not_followed(checkout, tmp_path, linked):
    checkout.part("wheel", "w80")
    outside = _outside_part(tmp_path)
    if linked == "part":
        (checkout.source / "wheel" / "w90").symlink_to(outside)
        path = "wheel/w90"
    else:
        (checkout.source / "sensor").symlink_to(outside.parent)
        path = "sensor"
    r = checkout.convert()
    _converted_beside(r)
    refusal = _refusal(r, path)
    assert refusal["kind"] == "link" and refusal["part"] is None
    assert not (r.dest / "parts" / "w90").exists()
    assert SECRET not in _library_text(r.dest)


def test_a_link_to_a_file_beside_the_category_folders_is_not_read_nor_refused(checkout):
    checkout.part("wheel", "w80")
    (checkout.source / "README.md").symlink_to("/etc/hostname")
    r = checkout.convert()
    assert r.status == 0 and r.report["refused"] == []


# -- links and special files in a model folder --------------------------------------------
def test_links_in_a_model_folder_are_not_copied(checkout, tmp_path):
    (tmp_path / "secret.txt").write_text(SECRET)
    checkout.part("wheel", "w80")
    meshes = checkout.part("wheel", "w90") / "meshes"
    (meshes / "absolute.txt").symlink_to(tmp_path / "secret.txt")
    (meshes / "relative.txt").symlink_to("../../../../secret.txt")
    (meshes / "zero.bin").symlink_to("/dev/zero")
    (meshes / "alias.stl").symlink_to("model.stl")                 # inside, still a link
    (meshes / "sub").mkdir()
    (meshes / "sub" / "texture.png").write_bytes(b"png")
    (meshes / "sub" / "up").symlink_to("..")
    r = checkout.convert()
    _converted_beside(r)
    assert (r.dest / "parts" / "w90" / "assets" / "model.stl").is_file()
    assert (r.dest / "parts" / "w90" / "assets" / "sub" / "texture.png").read_bytes() == b"png"
    assert _links_in(r.dest) == []
    for name in ("absolute.txt", "relative.txt", "zero.bin", "alias.stl", "sub/up"):
        refusal = _refusal(r, f"wheel/w90/meshes/{name}")
        assert refusal["kind"] == "link" and not refusal["left_out"]
        assert not os.path.lexists(r.dest / "parts" / "w90" / "assets" / name)
    assert SECRET not in _library_text(r.dest)
    assert "w90" not in r.report["left_out"]


def test_model_folder_that_is_a_link_leaves_the_part_out(checkout, tmp_path):
    checkout.part("wheel", "w80")
    folder = checkout.part("wheel", "w90", mesh=None)
    (folder / "meshes").symlink_to(_outside_part(tmp_path) / "meshes")
    r = checkout.convert()
    _converted_beside(r, "w90")
    assert _refusal(r, "wheel/w90/meshes")["kind"] == "link"


def test_fifo_beside_the_mesh_is_not_copied_and_does_not_block(checkout):
    checkout.part("wheel", "w80")
    meshes = checkout.part("wheel", "w90") / "meshes"
    os.mkfifo(meshes / "pipe")
    r = checkout.convert()
    _converted_beside(r)
    refusal = _refusal(r, "wheel/w90/meshes/pipe")
    assert refusal["kind"] == "not_regular" and "FIFO" in refusal["why"]
    assert (r.dest / "parts" / "w90" / "assets" / "model.stl").is_file()


@pytest.mark.parametrize("which", ["model", "part.yaml"])
def test_fifo_as_the_model_or_the_declaration_leaves_the_part_out(checkout, which):
    checkout.part("wheel", "w80")
    folder = checkout.part("wheel", "w90", mesh=None if which == "model" else "meshes/model.stl")
    if which == "model":
        (folder / "meshes").mkdir()
        os.mkfifo(folder / "meshes" / "model.stl")
        path = "wheel/w90/meshes/model.stl"
    else:
        (folder / "part.yaml").unlink()
        os.mkfifo(folder / "part.yaml")
        path = "wheel/w90/part.yaml"
    r = checkout.convert()
    _converted_beside(r, "w90")
    assert _refusal(r, path)["kind"] == "not_regular"


def test_nul_in_the_model_name_is_a_clear_refusal(checkout):
    checkout.part("wheel", "w80", dict(v3_wheel(), model={"file": "meshes/mo\u0000del.stl",
                                                          "xyz": [0, 0, 0], "rpy": [0, 0, 0]}))
    r = checkout.convert()
    assert r.status == 2 and "internal error" not in r.err
    assert "no plain path" in r.err and "control character" in r.err


def _after_planning(monkeypatch, change):
    """Runs ``change`` once every part is planned and before any file is copied."""
    import mobiledsl.convert.driver as driver
    done = []

    def convert_part(part, moved):
        if not done:
            done.append(change())
        return original(part, moved)
    original = driver.convert_part
    monkeypatch.setattr(driver, "convert_part", convert_part)


@pytest.mark.parametrize("name, left_out", [("texture.png", False), ("model.stl", True)])
def test_a_file_swapped_for_a_link_after_planning_is_not_copied(checkout, monkeypatch,
                                                                 tmp_path, name, left_out):
    (tmp_path / "secret.txt").write_text(SECRET)
    checkout.part("wheel", "w80")
    meshes = checkout.part("wheel", "w90") / "meshes"
    (meshes / "texture.png").write_bytes(b"png")

    def swap():
        (meshes / name).unlink()
        (meshes / name).symlink_to(tmp_path / "secret.txt")
    _after_planning(monkeypatch, swap)
    r = checkout.convert()
    _converted_beside(r, "w90" if left_out else None)
    assert _refusal(r, f"wheel/w90/meshes/{name}")["kind"] == "link"
    assert SECRET not in _library_text(r.dest) and _links_in(r.dest) == []
    assert checkout.leftovers() == ["lib"]          # nothing written beside the library


def test_a_file_that_grows_past_the_cap_after_planning_is_not_copied(checkout, monkeypatch):
    monkeypatch.setattr(assets, "MAX_FILE_BYTES", 100)
    checkout.part("wheel", "w80")
    meshes = checkout.part("wheel", "w90") / "meshes"
    (meshes / "grows.bin").write_bytes(b"x" * 100)
    _after_planning(monkeypatch, lambda: (meshes / "grows.bin").write_bytes(b"x" * 1000))
    r = checkout.convert()
    _converted_beside(r)
    assert _refusal(r, "wheel/w90/meshes/grows.bin")["kind"] == "too_large"
    assert not (r.dest / "parts" / "w90" / "assets" / "grows.bin").exists()


def test_a_copy_that_fails_midway_leaves_no_part_of_the_file(checkout, monkeypatch):
    import mobiledsl.convert.copying as copying
    checkout.part("wheel", "w80")
    meshes = checkout.part("wheel", "w90") / "meshes"
    (meshes / "texture.png").write_bytes(b"png" * 100)

    def failing(src, dst, limit):
        if os.fstat(src).st_size == 300:
            os.write(dst, b"half")
            raise OSError(5, "Input/output error")
        return original(src, dst, limit)
    original = copying._stream
    monkeypatch.setattr(copying, "_stream", failing)
    r = checkout.convert()
    _converted_beside(r)
    refusal = _refusal(r, "wheel/w90/meshes/texture.png")
    assert refusal["kind"] == "unreadable" and "Input/output error" in refusal["why"]
    assert not (r.dest / "parts" / "w90" / "assets" / "texture.png").exists()


# -- caps ---------------------------------------------------------------------------------
def test_huge_sparse_part_yaml_is_not_read(checkout):
    checkout.part("wheel", "w80")
    folder = checkout.part("wheel", "w90")
    os.truncate(folder / "part.yaml", 6 * GIB)
    r = checkout.convert()
    _converted_beside(r, "w90")
    refusal = _refusal(r, "wheel/w90/part.yaml")
    assert refusal["kind"] == "too_large" and "16 MiB" in refusal["why"]


def test_part_yaml_at_the_cap_is_read(checkout, monkeypatch):
    import mobiledsl.convert.source as source
    checkout.part("wheel", "w80")
    size = (checkout.source / "wheel" / "w80" / "part.yaml").stat().st_size
    monkeypatch.setattr(source, "MAX_BYTES", size)
    assert checkout.convert().status == 0
    monkeypatch.setattr(source, "MAX_BYTES", size - 1)
    checkout.part("wheel", "w90")
    checkout.dest = checkout.root / "out" / "again"
    r = checkout.convert()
    assert r.status == 2 and "holds no part the converter can take" in r.err


def test_huge_sparse_file_beside_a_mesh_is_not_copied(checkout):
    checkout.part("wheel", "w80")
    meshes = checkout.part("wheel", "w90") / "meshes"
    with open(meshes / "huge.bin", "wb") as fh:
        fh.truncate(int(1.1 * GIB))
    r = checkout.convert()
    _converted_beside(r)
    refusal = _refusal(r, "wheel/w90/meshes/huge.bin")
    assert refusal["kind"] == "too_large" and "1024 MiB" in refusal["why"]
    assert not (r.dest / "parts" / "w90" / "assets" / "huge.bin").exists()


def test_huge_sparse_model_leaves_the_part_out(checkout):
    checkout.part("wheel", "w80")
    folder = checkout.part("wheel", "w90")
    os.truncate(folder / "meshes" / "model.stl", int(1.1 * GIB))
    r = checkout.convert()
    _converted_beside(r, "w90")
    assert _refusal(r, "wheel/w90/meshes/model.stl")["kind"] == "too_large"


def test_a_file_at_the_file_cap_is_copied(checkout, monkeypatch):
    monkeypatch.setattr(assets, "MAX_FILE_BYTES", 100)
    checkout.part("wheel", "w80")
    meshes = checkout.part("wheel", "w90") / "meshes"
    (meshes / "at.bin").write_bytes(b"x" * 100)
    (meshes / "over.bin").write_bytes(b"x" * 101)
    r = checkout.convert()
    _converted_beside(r)
    assert (r.dest / "parts" / "w90" / "assets" / "at.bin").stat().st_size == 100
    assert [x["path"] for x in r.report["refused"]] == ["wheel/w90/meshes/over.bin"]


def test_files_over_the_part_total_leave_the_part_out_before_any_copy(checkout):
    checkout.part("wheel", "w80")
    meshes = checkout.part("wheel", "w90") / "meshes"
    for i in range(3):                      # each under the file cap, together over 2 GiB
        with open(meshes / f"big{i}.bin", "wb") as fh:
            fh.truncate(int(0.9 * GIB))
    r = checkout.convert()
    _converted_beside(r, "w90")
    refusal = _refusal(r, "wheel/w90")
    assert refusal["kind"] == "too_large" and "2048 MiB" in refusal["why"]
    assert not any(n.startswith(".") for n in checkout.leftovers())


def _over_a_count_cap(r, refused_path):
    """``refused_path``: where the cap was passed (the part left out), or None (converted)."""
    if refused_path is None:
        assert r.status == 0, r.err
        return
    _converted_beside(r, "w90")
    assert _refusal(r, refused_path)["kind"] == "too_many"


@pytest.mark.parametrize("files, refused", [(3, None), (5, "wheel/w90")])
def test_entry_cap(checkout, monkeypatch, files, refused):
    monkeypatch.setattr(assets, "MAX_PART_ENTRIES", 5)
    checkout.part("wheel", "w80")
    meshes = checkout.part("wheel", "w90") / "meshes"
    for i in range(files):                  # with meshes/ and model.stl: files + 2 entries
        (meshes / f"f{i}").write_text("x")
    _over_a_count_cap(checkout.convert(), refused)


@pytest.mark.parametrize("depth, refused", [(2, None), (3, "wheel/w90/meshes/d0/d1/d2")])
def test_depth_cap(checkout, monkeypatch, depth, refused):
    monkeypatch.setattr(assets, "MAX_DEPTH", 3)
    checkout.part("wheel", "w80")
    deep = checkout.part("wheel", "w90") / "meshes"
    for i in range(depth):
        deep = deep / f"d{i}"
    deep.mkdir(parents=True)
    _over_a_count_cap(checkout.convert(), refused)


# -- what reaches the terminal ------------------------------------------------------------
CONTROLS = "\x1b]0;owned\x07\x1b[2J\x9b31m"


def test_control_characters_in_keys_and_values_are_escaped(checkout):
    data = v3_wheel()
    data["profiles"] = {f"std{CONTROLS}": {"mounts": {"default": "mount"}}}
    data["category"] = f"sensor{CONTROLS}"             # not carried: shown with its value
    checkout.part("wheel", "w80", data)
    checkout.part(f"wh{CONTROLS}eel", "w90")
    r = checkout.convert()
    assert r.status == 1, r.err
    assert "\\x1b]0;owned\\x07" in r.err and "\\x9b31m" in r.err
    assert is_safe(r.err.replace("\n", "")), r.err


def test_the_loaders_diagnostics_on_what_was_carried_are_escaped_too(checkout):
    checkout.part("wheel", "w80")
    checkout.part(f"wh{CONTROLS}eel", "w90")           # the loader quotes the category
    r = checkout.convert("--diagnostics", "human")
    assert r.status == 1 and "library.invalid_value" in r.err, r.err
    assert "\\x1b]0;owned\\x07" in r.err and is_safe(r.err.replace("\n", "")), r.err


@pytest.mark.parametrize("where", ["id", "key"])
def test_control_characters_in_an_error_are_escaped(checkout, where):
    if where == "id":
        checkout.part("wheel", f"w{CONTROLS}")
    else:
        key = json.dumps(CONTROLS)           # JSON escapes; the key holds the characters
        checkout.part("wheel", "w80", f'{{"schema_version": 3, {key}: 1, {key}: 2}}')
    r = checkout.convert()
    assert r.status == 2 and "\\x1b[2J" in r.err
    assert is_safe(r.err.replace("\n", "")), r.err

"""The path rules of a visual's file: plain, relative, in a directory of its own inside the
part directory, existing, and linking nowhere outside the part directory."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from mobiledsl.diagnostics import Sink
from mobiledsl.library.fields import Fields
from mobiledsl.library.model import Visual
from mobiledsl.library.paths import check_asset_path, check_visual, plain_path_problem
from mobiledsl.yamlio import read_yaml


@pytest.fixture
def part_dir(tmp_path) -> Path:
    d = tmp_path / "lib" / "parts" / "p"
    (d / "assets" / "textures").mkdir(parents=True)
    (d / "assets" / "model.gltf").write_text("{}")
    (d / "assets" / "model.bin").write_bytes(b"\0")
    (d / "assets" / "textures" / "wood.png").write_bytes(b"png")
    (d / "component.yaml").write_text("")
    (d / "model.dae").write_text("")
    return d


def check(part_dir, value, must_exist=True):
    node, diags = read_yaml(json.dumps({"file": value}), "c.yaml")
    assert node is not None and not diags
    sink = Sink()
    result = check_asset_path(Fields(sink, "c.yaml"), node.get("file"), part_dir,
                              "visual.file", must_exist)
    return result, sink.items


def ok(part_dir, value):
    result, diags = check(part_dir, value)
    assert result == value and diags == [], [d.message for d in diags]


def refused(part_dir, value, words, code="library.invalid_value"):
    result, diags = check(part_dir, value)
    assert result is None and [d.code for d in diags] == [code], [d.message for d in diags]
    assert words in diags[0].message, diags[0].message


def test_a_plain_path_in_a_directory_of_its_own(part_dir):
    ok(part_dir, "assets/model.gltf")
    ok(part_dir, "assets/textures/wood.png")
    ok(str(part_dir), "assets/model.gltf")


@pytest.mark.parametrize("value,words", [
    ("model.dae", "beside the declaration"),
    ("./assets/model.gltf", "./"),
    ("assets/./model.gltf", "./"),
    ("assets//model.gltf", "empty segment"),
    ("assets/model.gltf/", "empty segment"),
    ("assets\\model.gltf", "backslash"),
    ("/etc/passwd", "absolute"),
    ("C:/assets/model.gltf", "absolute"),
    ("../p/assets/model.gltf", "escapes the part directory"),
    ("assets/../../x/model.gltf", "escapes the part directory"),
    ("assets/../assets/model.gltf", "without .. segments"),
    ("", "empty"),
    ("assets/mo\u0000del.gltf", "control character"),
])
def test_paths_not_written_plainly(part_dir, value, words):
    refused(part_dir, value, words)


def test_a_missing_file_and_a_directory(part_dir):
    refused(part_dir, "assets/nothing.glb", "does not exist", code="library.asset_missing")
    refused(part_dir, "assets/textures", "not a file")
    result, diags = check(part_dir, "assets/nothing.glb", must_exist=False)
    assert result == "assets/nothing.glb" and diags == []


def test_a_file_that_is_not_a_string(part_dir):
    node, _ = read_yaml("{file: 12}", "c.yaml")
    sink = Sink()
    assert check_asset_path(Fields(sink, "c.yaml"), node.get("file"), part_dir, "f") is None
    assert [d.code for d in sink.items] == ["library.wrong_type"]


def test_a_symlinked_file_out_of_the_part_directory(part_dir, tmp_path):
    outside = tmp_path / "elsewhere.glb"
    outside.write_bytes(b"x")
    (part_dir / "assets" / "linked.glb").symlink_to(outside)
    refused(part_dir, "assets/linked.glb", "is a symbolic link that resolves outside")


def test_a_neighbour_that_links_out(part_dir, tmp_path):
    outside = tmp_path / "secret.png"
    outside.write_bytes(b"x")
    (part_dir / "assets" / "textures" / "stolen.png").symlink_to(outside)
    refused(part_dir, "assets/model.gltf", "assets/textures/stolen.png")


def test_a_directory_beside_the_mesh_that_links_out(part_dir, tmp_path):
    (tmp_path / "shared").mkdir()
    (part_dir / "assets" / "shared").symlink_to(tmp_path / "shared", target_is_directory=True)
    refused(part_dir, "assets/model.gltf", "assets/shared")


def test_the_mesh_directory_itself_linking_out(tmp_path):
    part = tmp_path / "lib" / "parts" / "p"
    part.mkdir(parents=True)
    real = tmp_path / "real_assets"
    real.mkdir()
    (real / "model.glb").write_bytes(b"x")
    (part / "assets").symlink_to(real, target_is_directory=True)
    refused(part, "assets/model.glb", "symbolic link")


def test_a_dangling_link_out(part_dir, tmp_path):
    (part_dir / "assets" / "gone.glb").symlink_to(tmp_path / "gone.glb")
    refused(part_dir, "assets/gone.glb", "resolves outside")
    (part_dir / "assets" / "gone.glb").unlink()
    (part_dir / "assets" / "gone.glb").symlink_to(part_dir / "assets" / "nothing.glb")
    refused(part_dir, "assets/gone.glb", "does not exist", code="library.asset_missing")


def test_links_that_stay_inside_the_part_directory_are_fine(part_dir):
    (part_dir / "assets" / "alias.gltf").symlink_to(part_dir / "assets" / "model.gltf")
    (part_dir / "assets" / "textures" / "up.png").symlink_to("../model.bin")
    (part_dir / "assets" / "loop").symlink_to(part_dir / "assets", target_is_directory=True)
    ok(part_dir, "assets/alias.gltf")
    ok(part_dir, "assets/model.gltf")


def test_a_link_inside_to_a_tree_that_links_out(part_dir, tmp_path):
    other = part_dir / "other"
    other.mkdir()
    (other / "out.png").symlink_to(tmp_path / "lib" / "library.yaml")
    (part_dir / "assets" / "other").symlink_to(other, target_is_directory=True)
    refused(part_dir, "assets/model.gltf", "resolves outside")


def test_a_mesh_directory_that_is_the_part_directory_through_a_link(part_dir):
    # A mesh lies in a directory of its own, not beside the declaration: a directory that
    # is a link back to the part directory would put component.yaml into the output too.
    (part_dir / "meshes").symlink_to(".", target_is_directory=True)
    refused(part_dir, "meshes/model.dae", "beside the declaration")
    (part_dir / "assets" / "up").symlink_to("..", target_is_directory=True)
    refused(part_dir, "assets/up/model.dae", "beside the declaration")
    # a link to a directory of its own inside the part directory is fine
    (part_dir / "meshes2").symlink_to("assets", target_is_directory=True)
    ok(part_dir, "meshes2/model.gltf")


def test_check_visual(part_dir):
    node, _ = read_yaml("{file: assets/model.gltf, xyz: [0, 0, 0.1], rpy: [0, 0, 1]}", "c.yaml")
    sink = Sink()
    v = check_visual(Fields(sink, "c.yaml"), node, part_dir, "visual")
    assert v == Visual("assets/model.gltf", (0.0, 0.0, 0.1), (0.0, 0.0, 1.0)) and not sink.items
    node, _ = read_yaml("{file: assets/model.gltf, xyz: [0, 0, 0.1], scale: 2}", "c.yaml")
    sink = Sink()
    assert check_visual(Fields(sink, "c.yaml"), node, part_dir, "visual") is None
    assert sorted(d.code for d in sink.items) == ["library.missing_field",
                                                  "library.unknown_field"]


def test_plain_path_problem_accepts_dots_inside_names():
    assert plain_path_problem("assets/model.v2.glb") is None
    assert plain_path_problem("assets/..hidden/model.glb") is None
    assert plain_path_problem("assets/...") is None


def test_the_quick_check_takes_only_a_tree_without_links(part_dir):
    """An lstat a segment and a scandir decide the plain case; anything with a link in it,
    or that is not a regular file in a directory of its own, is left to the full checks,
    whose answers are those above."""
    from mobiledsl.library.paths import _plainly_there
    d = str(part_dir)
    assert _plainly_there(d, "assets/model.gltf")
    assert _plainly_there(d, "assets/textures/wood.png")
    assert _plainly_there(d + "/", "assets/textures/wood.png")     # a trailing / on the dir
    assert not _plainly_there(d, "model.dae")             # beside the declaration
    assert not _plainly_there(d, "assets/textures")       # a directory
    assert not _plainly_there(d, "assets/none.glb")       # absent
    assert not _plainly_there(d, "assets/model.gltf/x")   # below a file
    (part_dir / "assets" / "textures" / "up.png").symlink_to("../model.bin")
    assert not _plainly_there(d, "assets/model.gltf")     # a link below, inside or not
    ok(part_dir, "assets/model.gltf")


def test_a_library_root_written_with_dot_dot_through_a_link(tmp_path):
    """The root as written and as resolved differ when '..' follows a link: a file under
    the one and not the other is refused, as when the root is resolved first."""
    from mobiledsl.inputs import Refused, read_regular
    real = tmp_path / "real"
    (real / "lib").mkdir(parents=True)
    (real / "lib" / "a.yaml").write_text("a: 1\n")
    (tmp_path / "elsewhere" / "deep").mkdir(parents=True)
    (tmp_path / "real" / "link").symlink_to(tmp_path / "elsewhere" / "deep",
                                            target_is_directory=True)
    assert read_regular(real / "lib" / "a.yaml", within=real / "lib") == b"a: 1\n"
    # real/link/.. is elsewhere/, which real/lib/a.yaml is not in
    with pytest.raises(Refused):
        read_regular(real / "lib" / "a.yaml", within=f"{real}/link/..")
    (tmp_path / "elsewhere" / "b.yaml").write_text("b: 1\n")
    assert read_regular(tmp_path / "elsewhere" / "b.yaml", within=f"{real}/link/..") == \
        b"b: 1\n"


@pytest.mark.parametrize("kept", [False, True])
def test_a_file_under_the_root_is_opened_folder_by_folder_without_links(tmp_path, kept):
    """No link, '.' or '..' under the root as written: opened from the root down; any of
    them (or a path not written under the root): resolved first, with the same outcome.
    The same with the folders above each file kept open between files (as a library's
    load keeps parts/), and nothing is left open after."""
    import os
    from contextlib import nullcontext
    from mobiledsl.inputs import Folders
    open_before = len(os.listdir("/proc/self/fd")) if os.path.isdir("/proc/self/fd") else 0
    with (Folders() if kept else nullcontext()) as folders:
        _each_way_under_the_root(tmp_path, folders)
    if open_before:
        assert len(os.listdir("/proc/self/fd")) == open_before


def _each_way_under_the_root(tmp_path, folders):
    import os
    from mobiledsl.inputs import Refused, _open_beneath, read_regular

    def read(path, within):
        return read_regular(path, within=within, folders=folders)

    lib = tmp_path / "lib"
    (lib / "parts" / "a").mkdir(parents=True)
    (lib / "parts" / "a" / "component.yaml").write_text("a: 1\n")
    (lib / "library.yaml").write_text("c: 3\n")
    file = str(lib / "parts" / "a" / "component.yaml")
    fd = _open_beneath(file, lib, folders)
    assert fd is not None
    os.close(fd)
    assert read(file, lib) == b"a: 1\n"
    assert read(file, f"{lib}/") == b"a: 1\n"
    assert read(f"{lib}/library.yaml", lib) == b"c: 3\n"          # at the root itself
    (lib / "parts" / "b").symlink_to("a", target_is_directory=True)     # a link inside
    (lib / "parts" / "c.yaml").symlink_to("a/component.yaml")
    outside = tmp_path / "outside.yaml"
    outside.write_text("b: 2\n")
    (lib / "parts" / "d.yaml").symlink_to(outside)
    for inside in [f"{lib}/parts/b/component.yaml", f"{lib}/parts/c.yaml",
                   f"{lib}/parts/./a/component.yaml", f"{lib}/parts/b/../a/component.yaml"]:
        assert _open_beneath(inside, lib, folders) is None
        assert read(inside, lib) == b"a: 1\n"
    assert _open_beneath(f"{lib}/parts/d.yaml", lib, folders) is None
    with pytest.raises(Refused) as refused:
        read(f"{lib}/parts/d.yaml", lib)
    assert refused.value.kind == "outside"
    assert _open_beneath(f"{lib}/parts/nothing.yaml", lib, folders) is None
    with pytest.raises(FileNotFoundError):
        read(f"{lib}/parts/nothing.yaml", lib)
    os.mkfifo(lib / "parts" / "pipe.yaml")
    with pytest.raises(Refused) as refused:
        read(f"{lib}/parts/pipe.yaml", lib)
    assert refused.value.kind == "not_regular"
    with pytest.raises(Refused) as refused:
        read(f"{lib}/parts", lib)
    assert refused.value.kind == "not_regular"

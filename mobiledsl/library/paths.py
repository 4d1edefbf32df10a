"""The path rules of a declaration's files: a visual's mesh, a controller's policy.

A path is written relative to the part directory, plainly, with ``/``: no ``./``, no
backslash, no empty segment, no ``..``, not absolute. It names a file in a directory of its
own inside the part directory (``assets/model.dae``), never one beside ``component.yaml``,
because that directory goes into an output whole with whatever the mesh keeps beside it. The
file must exist, and neither it nor anything in its directory tree may be a symbolic link
that resolves outside the part directory: what a target copies is the part's own.

The checks only stat the file system; no file is opened.
"""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

from ..diagnostics import excerpt
from ..inputs import BENEATH, open_folders
from ..yamlio import YNode
from .fields import Fields
from .model import Visual

_DRIVE = re.compile(r"[A-Za-z]:")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def check_visual(F: Fields, node: YNode | None, part_dir: Path | str, path: str) -> Visual | None:
    """``visual: {file, xyz, rpy}``, each required; ``file`` by the path rules."""
    if node is None or not F.mapping(node, path):
        return None
    F.keys(node, path, ("file", "xyz", "rpy"))
    values = node.value
    file = check_asset_path(F, values.get("file"), part_dir, f"{path}.file")
    xyz = F.vec3(values.get("xyz"), f"{path}.xyz")
    rpy = F.vec3(values.get("rpy"), f"{path}.rpy")
    if file is None or xyz is None or rpy is None:
        return None
    return Visual(file, xyz, rpy)


def check_asset_path(
    F: Fields, node: YNode | None, part_dir: Path | str, path: str, must_exist: bool = True
) -> str | None:
    """Check one relative file path of a part. Returns the path as written, or None after
    reporting library.wrong_type, library.invalid_value or library.asset_missing."""
    text = F.string(node, path)
    if text is None or node is None:
        return None
    why = plain_path_problem(text)
    if why is not None:
        F.invalid(
            node,
            path,
            why,
            help="write the path relative to the part directory with /, such as assets/model.glb",
        )
        return None
    part_dir = os.fspath(part_dir)
    if must_exist and _plainly_there(part_dir, text):
        return text
    full = os.path.join(part_dir, *text.split("/"))
    if os.path.isdir(full):
        _directory(F, node, path, text)
        return None
    if "/" not in text:
        F.invalid(
            node,
            path,
            f"is '{excerpt(text)}', a file beside the declaration: it must "
            "lie in a directory of its own inside the part directory",
            help=f"move the file to assets/ and write assets/{text}",
        )
        return None
    if not must_exist:
        return text
    try:
        st = os.stat(full)
    except (OSError, ValueError):
        outside = links_out(part_dir, full)
        if outside is not None:
            _links_out(F, node, path, text, part_dir, full, *outside)
        else:
            F.error(
                "library.asset_missing",
                f"'{path}' names '{excerpt(text)}', which does not exist in {part_dir}",
                node.span,
                label="no such file",
                help="put the file there, or correct the path",
            )
        return None
    if stat.S_ISDIR(st.st_mode):
        _directory(F, node, path, text)
        return None
    if not stat.S_ISREG(st.st_mode):
        F.invalid(
            node,
            path,
            f"is '{excerpt(text)}', which is not a regular file",
            help="name a regular file inside the part directory, not a device, pipe or socket",
        )
        return None
    outside = links_out(part_dir, full)
    if outside is not None:
        _links_out(F, node, path, text, part_dir, full, *outside)
        return None
    if directory_is_part_dir(part_dir, text):
        F.invalid(
            node,
            path,
            f"is '{excerpt(text)}', whose directory is a symbolic link to "
            "the part directory: the file lies beside the declaration, and not in a "
            "directory of its own inside the part directory",
            help=f"move the file to a real directory such as assets/ and write "
            f"assets/{text.rpartition('/')[2]}",
        )
        return None
    return text


def _plainly_there(part_dir: str, text: str) -> bool:
    """The common case, decided with an open a directory on the way and a scandir a
    directory of the file's tree: ``text`` has a directory, each segment exists and none is
    a symbolic link, it names a regular file, and nothing in that file's directory tree is
    a link. Every check of ``check_asset_path`` then passes; anything else is left to them
    (False)."""
    segments = text.split("/")
    if len(segments) < 2:
        return False
    base = part_dir.rstrip(os.sep) or os.sep
    first = base + os.sep + segments[0] if base != os.sep else os.sep + segments[0]
    if not _BY_FD:  # the full checks decide
        return False
    try:
        # each directory opened from the one before, never through a link
        folder = open_folders(base, segments[:-1])
    except (OSError, ValueError):
        return False
    try:
        return _tree_plain(folder, segments[-1], [first] + segments[1:-1])
    except (OSError, ValueError):
        return False
    finally:
        os.close(folder)


# opening directory by directory and listing an open one
_BY_FD = BENEATH and os.scandir in os.supports_fd


def _tree_plain(folder: int, name: str, where: list[str]) -> bool:
    """Whether the open directory ``folder`` (at the path of the segments ``where``) holds
    ``name`` as a regular file, and no symbolic link anywhere in its tree."""
    found = False
    pending: list[str] = []
    with os.scandir(folder) as entries:
        for entry in entries:
            if entry.is_symlink():
                return False
            if entry.name == name:
                found = entry.is_file(follow_symlinks=False)
            elif entry.is_dir(follow_symlinks=False):
                pending.append(entry.name)
    if not found:
        return False
    pending = [os.sep.join(where + [sub]) for sub in pending]
    while pending:  # the directories below it, rarely any
        with os.scandir(pending.pop()) as entries:
            for entry in entries:
                if entry.is_symlink():
                    return False
                if entry.is_dir(follow_symlinks=False):
                    pending.append(entry.path)
    return True


def _directory(F: Fields, node: YNode, path: str, text: str) -> None:
    """``text`` names a directory of the part, not the file in it."""
    what, example = ("policy", "policy.onnx") if path.endswith("policy") else ("mesh", "model.glb")
    F.invalid(
        node,
        path,
        f"is '{excerpt(text)}', which names a directory, not a file",
        help=f"write the {what} file inside it, such as {text}/{example}",
    )


def _links_out(
    F: Fields, node: YNode, path: str, text: str, part_dir: str, full: str, link: str, target: str
) -> None:
    rel = os.path.relpath(link, part_dir).replace(os.sep, "/")
    where = os.path.relpath(target, os.path.realpath(part_dir)).replace(os.sep, "/")
    what = (
        "is a symbolic link"
        if os.path.normpath(link) == os.path.normpath(full)
        else f"lies beside '{rel}', a symbolic link"
    )
    F.invalid(
        node,
        path,
        f"names '{excerpt(text)}', which {what} that resolves outside the part "
        f"directory (to {where})",
        help="copy the file into the part directory instead of linking to it; "
        "everything beside a mesh goes into the output with it",
    )


def plain_path_problem(text: str) -> str | None:
    """Why a path is not written plainly, or None when it is."""
    if text == "":
        return "is empty: it must name a file"
    if _CONTROL.search(text):
        return "contains a control character"
    if "\\" in text:
        return f"is '{excerpt(text)}': write a path with /, not a backslash"
    if text.startswith("/") or _DRIVE.match(text):
        return f"is '{excerpt(text)}', an absolute path: it must be relative to the part directory"
    segments = text.split("/")
    if "" in segments:
        return f"is '{excerpt(text)}', which has an empty segment (// or a trailing /)"
    if "." in segments:
        return f"is '{excerpt(text)}': write it without ./ segments"
    if ".." in segments:
        depth = 0
        for seg in segments:
            depth += -1 if seg == ".." else 1
            if depth < 0:
                return f"is '{excerpt(text)}', which escapes the part directory"
        return f"is '{excerpt(text)}': write it without .. segments"
    return None


def directory_is_part_dir(part_dir: str, text: str) -> bool:
    """Whether the directory of the plain relative path ``text`` is, through a symbolic
    link on the way to it, the part directory itself (whose whole tree, component.yaml
    among it, a target would copy with the mesh). Costs an lstat a directory segment."""
    walk = part_dir
    for segment in text.split("/")[:-1]:
        walk = os.path.join(walk, segment)
        if os.path.islink(walk):
            return os.path.realpath(
                os.path.join(part_dir, *text.split("/")[:-1])
            ) == os.path.realpath(part_dir)
    return False


def links_out(part_dir: str, file: str) -> tuple[str, str] | None:
    """The first symbolic link that resolves outside ``part_dir`` among the file, the
    directories on the way to it from ``part_dir`` and everything in its directory tree;
    None when there is none. Links that resolve inside are followed and their trees checked
    in turn. Costs an lstat a path segment and a scandir a directory when nothing links."""
    root: list[str] = []

    def outside(link: str) -> str | None:
        if not root:
            root.append(os.path.realpath(part_dir))
        target = os.path.realpath(link)
        base = root[0]
        if target == base or target.startswith(base.rstrip(os.sep) + os.sep):
            return None
        return target

    # the file itself, and the directories between the part directory and it
    walk = part_dir
    rel = (
        file[len(part_dir) :].lstrip(os.sep)
        if file.startswith(part_dir)
        else os.path.relpath(file, part_dir)
    )
    for seg in rel.split(os.sep):
        walk = os.path.join(walk, seg)
        if os.path.islink(walk):
            target = outside(walk)
            if target is not None:
                return walk, target
    # its neighbours: everything in the mesh's directory, and below it
    seen: set[str] = set()
    pending = [os.path.dirname(file)]
    while pending:
        directory = pending.pop()
        try:
            entries = sorted(os.scandir(directory), key=lambda e: e.name)
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.is_symlink():
                    target = outside(entry.path)
                    if target is not None:
                        return entry.path, target
                    real = os.path.realpath(entry.path)
                    if real not in seen and os.path.isdir(real):
                        seen.add(real)
                        pending.append(real)
                elif entry.is_dir(follow_symlinks=False):
                    pending.append(entry.path)
            except OSError:
                continue
    return None

"""Where a part's files go: the mesh and what it keeps beside it, moved under assets/.

The converter opens no mesh. A file the declaration names (the model, a link's visual, a
controller's policy) that lies in a folder of its own inside the part folder has that
folder copied, so a glTF's buffers and textures, or an OBJ's materials, go with it at the
same relative paths: the model's folder becomes assets/, and any other folder a named
file lies in becomes assets/<folder>. A named file beside part.yaml is copied alone into
assets/.

Only regular files are copied. The folders are walked without following a link, and a
link (wherever it leads), a FIFO, a device or a file over ``MAX_FILE_BYTES`` is not copied
but refused (see ``refusals``). When the refused thing is a named file, or the part's
folders hold more than ``MAX_PART_BYTES`` or ``MAX_PART_ENTRIES``, or nest deeper than
``MAX_DEPTH``, the part is left out.
"""

from __future__ import annotations

import os
import stat

from ..inputs import MAX_ASSET_BYTES, size_text, what_it_is
from ..library.paths import plain_path_problem
from ..recordtype import record
from .refusals import PartRefused, Refusal, link_target
from .source import ConversionError

MAX_FILE_BYTES = MAX_ASSET_BYTES  # one copied file: what a target copies at most
MAX_PART_BYTES = 2 * 1024**3  # everything copied for one part
MAX_PART_ENTRIES = 10_000  # files and folders walked in one part's folders
MAX_DEPTH = 16  # folders below a copied folder


@record
class Copy:
    source: str  # relative to the part folder: a folder, or one file beside part.yaml
    target: str  # relative to the new part directory
    is_dir: bool


@record
class FileCopy:
    source: str  # one regular file, relative to the part folder
    target: str  # relative to the new part directory
    named: bool  # the declaration names it: the part is nothing without it


@record
class AssetPlan:
    moved: dict[str, str]  # a named path as written -> its path in the new layout
    copies: tuple[Copy, ...]  # what the report says was copied
    files: tuple[FileCopy, ...]  # what is copied, file by file
    refused: tuple[Refusal, ...]  # files beside the named ones that are not copied


def plan_assets(
    part_dir: str, where: str, named: list[tuple[str, str]], folder: str, part_id: str
) -> AssetPlan:
    """``named``: (field path, file path as written), the model first. ``where`` names the
    part folder in messages, ``folder`` is it relative to the checkout (in refusals).
    Raises ConversionError for a path the checkout must correct, PartRefused when the part
    is left out."""
    moved: dict[str, str] = {}
    copies: dict[str, Copy] = {}
    first = named[0][1] if named else ""
    model_folder = first.partition("/")[0] if "/" in first else None
    for field, rel in named:
        _check_readable(part_dir, where, field, rel)
        head, _, rest = rel.partition("/")
        if not rest:  # beside part.yaml: copied alone
            target = f"assets/{head}"
            copy = Copy(head, target, False)
        else:
            base = "assets" if head == model_folder else f"assets/{head}"
            target = f"{base}/{rest}"
            copy = Copy(head, base, True)
        moved[rel] = target
        copies.setdefault(copy.source, copy)
    walk = _Walk(part_dir, where, folder, part_id, {rel for _, rel in named})
    for copy in sorted(copies.values(), key=lambda c: c.source):
        walk.entry(copy.source, copy.target, 0)
    walk.check_named(named)
    return AssetPlan(
        moved,
        tuple(sorted(copies.values(), key=lambda c: c.source)),
        tuple(walk.files),
        tuple(walk.refused),
    )


def _check_readable(part_dir: str, where: str, field: str, rel: str) -> None:
    """What the checkout must correct: a path that is not plain, a file that is not there
    or cannot be read. What it is on disk (a link, a FIFO) is the walk's to refuse."""
    why = plain_path_problem(rel)
    if why is not None or (len(rel) > 1 and rel[1] == ":"):
        raise ConversionError(
            f"{where}: {field} is no plain path inside the part folder: "
            f"it {why or 'names a drive'}; write it relative to the part "
            "folder, with /"
        )
    walk = part_dir
    for name in rel.split("/"):
        walk = os.path.join(walk, name)
        try:
            st = os.lstat(walk)
        except OSError:
            raise ConversionError(
                f"{where}: {field} '{rel}' does not exist: the converter "
                "copies the file it names, so it must be there"
            ) from None
        if stat.S_ISLNK(st.st_mode):
            return  # refused by the walk
    if stat.S_ISDIR(st.st_mode) or (stat.S_ISREG(st.st_mode) and not os.access(walk, os.R_OK)):
        raise ConversionError(
            f"{where}: {field} '{rel}' is not a readable file: the "
            "converter copies the file it names, so it must be one"
        )


class _Walk:
    """The regular files under the part folder's copied folders, found without following a
    link; each other thing met becomes a refusal."""

    def __init__(self, part_dir: str, where: str, folder: str, part_id: str, named: set[str]):
        self.part_dir, self.where, self.folder, self.part_id = part_dir, where, folder, part_id
        self.named = named
        self.files: list[FileCopy] = []
        self.refused: list[Refusal] = []
        self.taken: dict[str, str] = {}  # target -> the copy it comes from
        self.entries = 0
        self.bytes = 0

    def entry(self, rel: str, target: str, depth: int) -> None:
        self.entries += 1
        if self.entries > MAX_PART_ENTRIES:
            self._left_out(
                self.folder,
                "too_many",
                f"its copied folders hold more than {MAX_PART_ENTRIES:,} files and folders",
            )
        full = os.path.join(self.part_dir, *rel.split("/"))
        try:
            st = os.lstat(full)
        except OSError as exc:
            self._refuse(rel, "unreadable", f"it cannot be read ({exc.strerror or exc})")
            return
        self._take(target, rel)
        if stat.S_ISLNK(st.st_mode):
            self._refuse(
                rel,
                "link",
                f"it is a symbolic link (to {link_target(full)}), "
                "and the converter copies no link: put the file itself there",
            )
        elif stat.S_ISDIR(st.st_mode):
            self._folder(rel, target, depth)
        elif not stat.S_ISREG(st.st_mode):
            self._refuse(rel, "not_regular", f"it is {what_it_is(st.st_mode)}, not a regular file")
        elif st.st_size > MAX_FILE_BYTES:
            self._refuse(
                rel,
                "too_large",
                f"it holds {st.st_size:,} bytes, more than the "
                f"{size_text(MAX_FILE_BYTES)} a copied file may hold",
            )
        else:
            self.bytes += st.st_size
            if self.bytes > MAX_PART_BYTES:
                self._left_out(
                    self.folder,
                    "too_large",
                    f"its copied files hold more than "
                    f"the {size_text(MAX_PART_BYTES)} a part's files may hold",
                )
            self.files.append(FileCopy(rel, target, rel in self.named))

    def _folder(self, rel: str, target: str, depth: int) -> None:
        if depth >= MAX_DEPTH:
            self._left_out(
                f"{self.folder}/{rel}", "too_many", f"its folders nest more than {MAX_DEPTH} deep"
            )
        full = os.path.join(self.part_dir, *rel.split("/"))
        try:
            names = sorted(e.name for e in os.scandir(full))
        except OSError as exc:
            self._refuse(rel, "unreadable", f"it cannot be listed ({exc.strerror or exc})")
            return
        for name in names:
            self.entry(f"{rel}/{name}", f"{target}/{name}", depth + 1)

    def check_named(self, named: list[tuple[str, str]]) -> None:
        """A named file that is refused, or lies under a refused folder, leaves the part
        out: its library entry would name a file it does not have."""
        by_path = {r.path[len(self.folder) + 1 :]: r for r in self.refused}
        for field, rel in named:  # the file, then each folder above it
            segments = rel.split("/")
            for n in range(len(segments), 0, -1):
                refusal = by_path.get("/".join(segments[:n]))
                if refusal is not None:
                    self._left_out(
                        refusal.path, refusal.kind, f"{field} names '{rel}', and {refusal.why}"
                    )

    def _take(self, target: str, source: str) -> None:
        """Two copies may not land on one path (a model folder holding a folder named like
        another folder the declaration names a file in)."""
        head = source.partition("/")[0]
        if self.taken.setdefault(target, head) != head:
            raise ConversionError(
                f"{self.where}: {self.taken[target]} and {head} would both "
                f"be copied to {target}: move the files the declaration "
                "names into one folder"
            )

    def _refuse(self, rel: str, kind: str, why: str) -> None:
        self.refused.append(Refusal(f"{self.folder}/{rel}", self.part_id, kind, why, False))

    def _left_out(self, path: str, kind: str, why: str) -> None:
        raise PartRefused(Refusal(path, self.part_id, kind, why, True))

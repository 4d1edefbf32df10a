"""Reading a part.yaml v3 checkout: ``<category>/<id>/part.yaml`` under its root.

Everything is read and checked before anything is written, so a checkout the converter
cannot take stops it with one clear message (``ConversionError``) and no destination.
What is no plain folder or file on disk (a link, a FIFO, a part.yaml over the loader's cap)
is refused instead (``refusals``): the report names it and the rest is converted.
A part.yaml is JSON text; its numbers are kept as written (``Number``) so that what the
converter carries, it carries exactly.
"""

from __future__ import annotations

import json
import os
from typing import Any

from ..inputs import MAX_BYTES, Refused, read_regular
from ..library.manifest import ID
from ..recordtype import record
from ..yamlio import MAX_DEPTH
from .emit import Number
from .refusals import PartRefused, Refusal, link_target

V3_SCHEMA = 3


class ConversionError(Exception):
    """The checkout or the destination cannot be converted; the message says why."""


@record
class V3Part:
    category: str  # the category folder's name
    id: str  # the part folder's name
    folder: str  # the part folder, as a path under the source root ("wheel/x")
    data: dict[str, Any]  # part.yaml, read as JSON


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise ValueError(f"the key '{k}' is given twice in one object")
        out[k] = v
    return out


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is no JSON number")


def parse_part_yaml(raw: bytes, where: str) -> dict[str, Any]:
    """part.yaml's JSON object, or ConversionError naming ``where`` and the place."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ConversionError(f"{where} is not UTF-8 text (byte {exc.start})") from None
    try:
        data = json.loads(
            text,
            object_pairs_hook=_pairs,
            parse_float=Number,
            parse_int=Number,
            parse_constant=_no_constant,
        )
    except json.JSONDecodeError as exc:
        raise ConversionError(
            f"{where}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}; a v3 "
            "part.yaml is a JSON document"
        ) from None
    except ValueError as exc:
        raise ConversionError(f"{where}: not JSON: {exc}") from None
    except RecursionError:
        data = None
    if data is None or _depth(data) > MAX_DEPTH:
        raise ConversionError(
            f"{where}: values are nested more than {MAX_DEPTH} levels deep, "
            "deeper than the library format reads"
        )
    if any(0xD800 <= ord(c) <= 0xDFFF for c in _strings(data)):
        raise ConversionError(
            f"{where}: a string holds half of a UTF-16 surrogate pair, which is no character"
        )
    if not isinstance(data, dict):
        raise ConversionError(f"{where}: the document is not a JSON object of the part's fields")
    version = data.get("schema_version")
    if not (isinstance(version, Number) and version == str(V3_SCHEMA)):
        stated = (
            "absent"
            if "schema_version" not in data
            else str(version)
            if isinstance(version, Number)
            else json.dumps(version)
        )
        raise ConversionError(
            f"{where}: schema_version is {stated}; the converter reads "
            f"part.yaml of schema_version {V3_SCHEMA}"
        )
    return data


def _depth(value: Any) -> int:
    """How deep the values nest, counting the document as 1; stops counting past the limit."""
    depth, level = 0, [value]
    while level and depth <= MAX_DEPTH:
        depth += 1
        level = [
            v
            for item in level
            if isinstance(item, (dict, list))
            for v in (item.values() if isinstance(item, dict) else item)
        ]
    return depth


def _strings(value: Any):
    if isinstance(value, dict):
        for k, v in value.items():
            yield from k
            yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)
    elif isinstance(value, str) and not isinstance(value, Number):
        yield from value


def _entries(path: str) -> list[os.DirEntry]:
    try:
        with os.scandir(path) as it:
            return sorted(it, key=lambda e: e.name)
    except OSError as exc:
        raise ConversionError(f"{path} cannot be read: {exc.strerror or exc}") from None


def _folders(path: str, under: str, refused: list[Refusal]) -> list[str]:
    """The names of the folders in ``path`` that are no link and do not start with a dot
    (.git); a link to a folder is refused (``under`` is ``path`` relative to the root),
    files beside them are not read."""
    names = []
    for entry in _entries(path):
        if entry.name.startswith("."):
            continue
        if entry.is_symlink():
            if entry.is_dir():
                refused.append(
                    Refusal(
                        f"{under}{entry.name}",
                        None,
                        "link",
                        f"it is a symbolic link to a folder (to "
                        f"{link_target(entry.path)}), and the converter follows "
                        "no link: put the folder itself there",
                        False,
                    )
                )
        elif entry.is_dir(follow_symlinks=False):
            names.append(entry.name)
    return names


def read_checkout(root: str) -> tuple[list[V3Part], list[Refusal]]:
    """Every part of the checkout, sorted by folder, and what was refused on the way.
    Folders whose name starts with a dot (.git) are not categories; files beside the
    category folders are not read."""
    if not os.path.isdir(root):
        raise ConversionError(
            f"{root} is not a directory: give the root of a part.yaml v3 "
            "checkout, which holds <category>/<id>/part.yaml"
        )
    parts: list[V3Part] = []
    refused: list[Refusal] = []
    seen: dict[str, str] = {}
    for category in _folders(root, "", refused):
        cat_dir = os.path.join(root, category)
        for part_id in _folders(cat_dir, f"{category}/", refused):
            folder = f"{category}/{part_id}"
            try:
                parts.append(_read_part(root, category, part_id, folder, seen))
            except PartRefused as exc:
                refused.append(exc.refusal)
    if not parts and not refused:
        raise ConversionError(
            f"{root} holds no <category>/<id>/part.yaml: is it the root of a part.yaml v3 checkout?"
        )
    return parts, refused


def _read_part(root: str, category: str, part_id: str, folder: str, seen: dict[str, str]) -> V3Part:
    """Raises PartRefused when part.yaml is no regular file inside the checkout, or over
    the loader's cap on a declaration (``inputs.MAX_BYTES``)."""
    file = os.path.join(root, category, part_id, "part.yaml")
    if not os.path.lexists(file):
        raise ConversionError(
            f"{os.path.join(root, folder)} is a part folder without "
            "part.yaml: add its declaration, or move the folder out of the "
            "checkout"
        )
    if not ID.match(part_id):
        raise ConversionError(
            f"{os.path.join(root, folder)}: '{part_id}' cannot be a part id "
            "(letters, digits, _, - and .): rename the folder"
        )
    if part_id in seen:
        raise ConversionError(
            f"two part folders are named '{part_id}' ({seen[part_id]} and "
            f"{folder}); the new layout keeps one parts/{part_id}: rename one"
        )
    seen[part_id] = folder
    try:
        raw = read_regular(file, within=root, limit=MAX_BYTES)
    except Refused as exc:
        # the loader's why names the checkout's own path; the report holds none
        why = (
            f"it is a symbolic link (to {link_target(file)}) that leads outside the checkout"
            if exc.kind == "outside"
            else exc.why
        )
        raise PartRefused(Refusal(f"{folder}/part.yaml", part_id, exc.kind, why, True)) from None
    except OSError as exc:
        raise ConversionError(f"{file} cannot be read: {exc.strerror or exc}") from None
    return V3Part(category, part_id, folder, parse_part_yaml(raw, file))

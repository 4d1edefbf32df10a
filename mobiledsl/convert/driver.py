"""The conversion as a whole: ``convert_library(source, dest)``.

Reads the whole checkout first (``source``), plans where each part's files go
(``assets``), renames the fields (``rules``) and writes the library into a temporary folder
beside DESTINATION, loads it there, writes the report (``report``) and only then renames the
folder to DESTINATION. A checkout it cannot take raises ``ConversionError`` before anything
is written, and a failure while writing removes the temporary folder: nothing half-written
is ever left as a library.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from dataclasses import replace

from ..diagnostics import Diagnostic, Label, Span
from ..library.manifest import ID
from ..recordtype import record
from .assets import AssetPlan, plan_assets
from .copying import copy_files
from .emit import dump, key
from .findings import findings
from .refusals import PartRefused, Refusal
from .report import PartReport, Report, to_json
from .rules import Converted, convert_part, named_files
from .source import ConversionError, V3Part, read_checkout

__all__ = ["convert_library", "ConversionError", "Conversion"]

REPORT = "conversion-report.json"


@record
class Conversion:
    dest: str
    report: Report
    diagnostics: tuple[Diagnostic, ...]  # the loader's, naming files under ``dest``


def check_destination(source: str, dest: str) -> str:
    """The library's name (the destination folder's), or ConversionError."""
    name = os.path.basename(os.path.normpath(dest))
    if os.path.lexists(dest):
        if not os.path.isdir(dest) or os.path.islink(dest):
            raise ConversionError(f"{dest} exists and is not a folder: give a new folder")
        if os.listdir(dest):
            raise ConversionError(
                f"{dest} exists and is not empty: give a new or empty "
                "folder, so nothing of yours is overwritten"
            )
    if not ID.match(name):
        raise ConversionError(
            f"the destination folder's name '{name}' names the library and "
            "is no name (letters, digits, _, - and .): choose another"
        )
    real_source = os.path.realpath(source)
    real_dest = os.path.realpath(dest)
    if os.path.commonpath([real_source, real_dest]) == real_source:
        raise ConversionError(
            f"{dest} lies inside the checkout {source}: write the library outside it"
        )
    return name


def convert_library(source: str, dest: str) -> Conversion:
    name = check_destination(source, dest)
    parts, refused = read_checkout(source)
    planned = []
    for p in parts:
        try:
            planned.append((p, _plan(source, p)))
        except PartRefused as exc:
            refused.append(exc.refusal)
    if not planned:
        raise ConversionError(nothing_left(source, refused))
    converted = [(p, plan, convert_part(p, plan.moved)) for p, plan in planned]
    parent = os.path.dirname(os.path.abspath(dest))
    os.makedirs(parent, exist_ok=True)
    tmp = tempfile.mkdtemp(prefix=f".{name}.converting-", dir=parent)
    try:
        converted = _write(source, tmp, name, converted, refused)
        refused += [r for _, plan, _ in converted for r in plan.refused]
        report, diagnostics = _load_and_report(tmp, dest, name, converted, refused)
        with open(os.path.join(tmp, REPORT), "w", encoding="utf-8", newline="\n") as fh:
            fh.write(to_json(report))
        os.chmod(tmp, 0o777 & ~_umask())
        if os.path.isdir(dest):
            os.rmdir(dest)  # empty, checked above
        os.rename(tmp, dest)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    return Conversion(dest, report, diagnostics)


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def nothing_left(source: str, refused: list[Refusal]) -> str:
    shown = "; ".join(f"{r.path}: {r.why}" for r in refused[:3])
    more = f" and {len(refused) - 3} more" if len(refused) > 3 else ""
    return (
        f"{source} holds no part the converter can take: each is refused ({shown}{more}); "
        "replace each link or special file by the regular file itself"
    )


def _plan(source: str, part: V3Part) -> AssetPlan:
    where = os.path.join(source, part.folder, "part.yaml")
    return plan_assets(
        os.path.join(source, part.folder), where, named_files(part.data), part.folder, part.id
    )


def _write(
    source: str,
    root: str,
    name: str,
    converted: list[tuple[V3Part, AssetPlan, Converted]],
    refused: list[Refusal],
) -> list[tuple[V3Part, AssetPlan, Converted]]:
    """Writes the parts whose files copy, then library.yaml listing them; returns them.
    A part a copy refuses now (a file changed since it was planned) is removed again and
    its refusal added to ``refused``."""
    written = []
    for part, plan, result in converted:
        part_dir = os.path.join(root, "parts", part.id)
        os.makedirs(part_dir)
        try:
            plan = copy_files(source, part, plan, part_dir)
        except PartRefused as exc:
            shutil.rmtree(part_dir)
            refused.append(exc.refusal)
            continue
        with open(
            os.path.join(part_dir, "component.yaml"), "x", encoding="utf-8", newline="\n"
        ) as fh:
            fh.write(dump(result.doc))
        written.append((part, plan, result))
    if not written:
        raise ConversionError(nothing_left(source, refused))
    ids = sorted(p.id for p, _, _ in written)
    manifest = f"name: {key(name)}\nparts:\n" + "".join(f"  - {key(i)}\n" for i in ids)
    with open(os.path.join(root, "library.yaml"), "x", encoding="utf-8", newline="\n") as fh:
        fh.write(manifest)
    return written


def _load_and_report(
    tmp: str,
    dest: str,
    name: str,
    converted: list[tuple[V3Part, AssetPlan, Converted]],
    refused: list[Refusal],
) -> tuple[Report, tuple[Diagnostic, ...]]:
    from ..library.loader import load_library

    library, diagnostics = load_library(tmp)
    loaded = sorted(library.parts) if library is not None else []
    relative = tuple(_moved(d, tmp, "") for d in diagnostics)
    shown = tuple(_moved(d, tmp, dest) for d in diagnostics)
    report = Report(
        library=name,
        parts=tuple(
            PartReport(
                p.id,
                f"{p.folder}/part.yaml",
                tuple((f"{p.folder}/{c.source}", f"parts/{p.id}/{c.target}") for c in plan.copies),
            )
            for p, plan, _ in converted
        ),
        dropped=tuple(i for _, _, r in converted for i in r.dropped),
        not_carried=tuple(i for _, _, r in converted for i in r.not_carried),
        to_settle=tuple(i for p, _, r in converted for i in findings(p.id, r.doc)),
        diagnostics=relative,
        refused=tuple(sorted(refused, key=lambda r: r.path)),
        loaded=len(loaded),
        left_out=tuple(
            sorted(
                (set(p.id for p, _, _ in converted) - set(loaded))
                | {r.part for r in refused if r.left_out and r.part}
            )
        ),
    )
    return report, shown


def _moved(d: Diagnostic, old: str, new: str) -> Diagnostic:
    """``d`` naming files under ``new`` (relative when ``new`` is "") instead of ``old``."""

    def span(s: Span) -> Span:
        if not s.file.startswith(old + os.sep):
            return s
        rest = s.file[len(old) + 1 :].replace(os.sep, "/")
        return replace(s, file=os.path.join(new, rest) if new else rest)

    return replace(
        d,
        span=span(d.span) if d.span is not None else None,
        labels=tuple(Label(span(l.span), l.message) for l in d.labels),
    )

"""Loading a component library: ``library.yaml``, then every registered declaration.

- ``load_manifest(root)``: the manifest alone (see ``manifest``).
- ``load_part(root, library_name, part_id)``: one ``parts/<id>/component.yaml``. It reads that
  file and stats the files it names, nothing else, so the build graph can run it as a task
  of its own. A declaration with any problem gives no ``Part``; its problems come back as
  warnings, since they block only a program that names the part.
- ``load_library(root)``: all of it, by ``phases.run_library`` (the same loads, part by
  part, that the build graph runs). A manifest problem blocks (None and errors); a part,
  object, environment or walker with a problem is left out (``Library.left_out``) and the
  others still load.
"""

from __future__ import annotations

import gc
import os
from collections.abc import Sequence
from contextlib import contextmanager

from ..diagnostics import Diagnostic, Severity, Sink, Span, error
from ..inputs import Folders
from ..yamlio import YNode, read_yaml
from .fields import Fields
from .manifest import ID, Manifest, load_manifest
from .model import CATEGORIES, Library, Part
from .objects import check_environment_fields, check_object_fields
from .parts import COMMON, COMMON_FIELDS, PART_FIELDS, SCHEMA_VERSION, check_part_fields
from .reading import read_declaration
from .spantable import SpanTable

OBJECT_FIELDS = ("visual", "collision", "provenance")
ENVIRONMENT_FIELDS = ("ground_plane", "entities", "provenance")
ALL_FIELDS = COMMON_FIELDS + PART_FIELDS + ("ground_plane", "entities")

# (SCHEMA_VERSION and CATEGORIES are read from here too)
__all__ = [
    "load_library",
    "load_manifest",
    "load_part",
    "check_declaration",
    "Manifest",
    "SCHEMA_VERSION",
    "CATEGORIES",
]


def part_paths(root: str | os.PathLike, part_id: str) -> tuple[str, str]:
    """(part directory, component.yaml) built from the root as given."""
    part_dir = os.path.join(os.fspath(root), "parts", part_id)
    return part_dir, os.path.join(part_dir, "component.yaml")


def as_warnings(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    return [
        d.with_severity(Severity.WARNING) if d.severity is Severity.ERROR else d
        for d in diagnostics
    ]


@contextmanager
def _collector_paused():
    """Loading builds many small acyclic objects that reference counting frees; the cyclic
    collector's passes over the growing set of records would otherwise cost more than the
    parsing itself. It is paused while loading and left as it was."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            if not gc.get_freeze_count():
                # What was built is long-lived: moved to the oldest generation at once (what
                # the collector's first pass over it would do), so that pass is not paid now.
                gc.freeze()
                gc.unfreeze()
            gc.enable()


# the warm core checks a program under the same rule
collector_paused = _collector_paused


def load_part(
    root: str | os.PathLike,
    library_name: str,
    part_id: str,
    *,
    listed_at: Span | None = None,
    folders: Folders | None = None,
) -> tuple[Part | None, list[Diagnostic]]:
    """Load one registered part, object or environment. Problems are warnings; with any,
    the result is None. ``listed_at`` is where library.yaml lists the id, which a missing
    declaration is reported at (else at the declaration's path); ``folders``: the
    library's folders kept open between parts (see ``inputs.Folders``)."""
    with _collector_paused():
        return _load_part(root, library_name, part_id, listed_at, folders)


def _load_part(
    root: str | os.PathLike,
    library_name: str,
    part_id: str,
    listed_at: Span | None,
    folders: Folders | None = None,
) -> tuple[Part | None, list[Diagnostic]]:
    part_dir, file = part_paths(root, part_id)
    if not ID.match(part_id):
        return None, [
            error(
                "library.part_missing",
                f"'{part_id}' is no part id: an id is a directory name under parts/",
                listed_at or Span(file),
            ).with_severity(Severity.WARNING)
        ]
    try:
        data = read_declaration(root, file, folders)
    except OSError as exc:
        if isinstance(exc, (FileNotFoundError, NotADirectoryError)):
            message = f"'{part_id}' is registered, and there is no {file}"
        else:
            message = (
                f"'{part_id}' is registered, and {file} cannot be read ({exc.strerror or exc})"
            )
        return None, [
            error(
                "library.part_missing",
                message,
                listed_at or Span(file),
                label="registered without a declaration",
                help=f"add parts/{part_id}/component.yaml, or delete '{part_id}' from library.yaml",
            ).with_severity(Severity.WARNING)
        ]
    if isinstance(data, Diagnostic):  # not read: nothing of it is kept
        return None, as_warnings([data])
    node, diags = read_yaml(data, file)
    if node is None:
        return None, as_warnings(diags)
    part, diags = check_declaration(node, file, part_dir, part_id, library_name, diags)
    return part, as_warnings(diags)


def load_part_text(
    root: str | os.PathLike, library_name: str, part_id: str, text: str
) -> tuple[Part | None, list[Diagnostic]]:
    """Load one part from ``text``, its component.yaml as an editor holds it (unsaved),
    exactly as ``load_part`` loads the file."""
    part_dir, file = part_paths(root, part_id)
    with _collector_paused():
        node, diags = read_yaml(text, file)
        if node is None:
            return None, as_warnings(diags)
        part, diags = check_declaration(node, file, part_dir, part_id, library_name, diags)
    return part, as_warnings(diags)


def check_declaration(
    node: YNode,
    file: str,
    part_dir: str,
    part_id: str,
    library_name: str,
    prior: Sequence[Diagnostic] = (),
) -> tuple[Part | None, list[Diagnostic]]:
    """Check a read component.yaml. Problems are returned as reported (errors)."""
    sink = Sink(list(prior))
    F = Fields(sink, file)
    if prior:
        F.failed = any(d.severity is Severity.ERROR for d in prior)
    if node.kind != "map":
        F.wrong_type(node, "component.yaml", "a mapping of the part's fields")
        return None, sink.items
    values = node.value
    common = COMMON.read(F, node, "", part_id)  # the four fields, whatever else is wrong
    id_node = values.get("id")
    category, description = common.get("category"), common.get("description")
    if category is None:
        _top_keys(F, node, ALL_FIELDS, None)
        return None, sink.items
    allowed, allowed_set = _ALLOWED.get(category, _PART_ALLOWED)
    if not values.keys() <= allowed_set:  # else every key is allowed
        _top_keys(F, node, allowed, category)
    if category == "object":
        fields = check_object_fields(F, node, part_dir)
    elif category == "environment":
        fields = check_environment_fields(
            F, node, id_node.value if id_node is not None and id_node.is_str else None
        )
    else:
        fields = check_part_fields(F, node, part_dir, category)
    if F.failed or fields is None or description is None:
        return None, sink.items
    part = Part(
        library=library_name,
        id=part_id,
        category=category,
        description=description,
        file=file,
        dir=part_dir,
        spans=SpanTable(node),
        **fields,
    )
    return part, sink.items


# the top-level keys a declaration of each category may state
# (a part's, else an object's or an environment's), in order and as a set
_PART_ALLOWED = (COMMON_FIELDS + PART_FIELDS, frozenset(COMMON_FIELDS + PART_FIELDS))
_ALLOWED = {
    "object": (COMMON_FIELDS + OBJECT_FIELDS, frozenset(COMMON_FIELDS + OBJECT_FIELDS)),
    "environment": (
        COMMON_FIELDS + ENVIRONMENT_FIELDS,
        frozenset(COMMON_FIELDS + ENVIRONMENT_FIELDS),
    ),
}


def _top_keys(F: Fields, node: YNode, allowed: tuple[str, ...], category: str | None) -> None:
    for key in node.value:
        if key not in ALL_FIELDS:
            F.error(
                "library.unknown_field",
                f"'{key}' is not a field of {'a ' + category if category else 'a declaration'}",
                node.key_span(key),
                label="unknown field",
                help=f"the allowed fields are: {', '.join(allowed)}",
            )
        elif key not in allowed:
            if category == "object":
                why = "an object states only what is shown of it and what of it collides"
            elif category == "environment":
                why = "an environment states only its floor and its entities"
            else:
                why = f"ground_plane and entities are an environment's, and this is a {category}"
            F.unsupported(node, key, key, why)


def load_library(root: str | os.PathLike) -> tuple[Library | None, list[Diagnostic]]:
    """Load every declaration ``<root>/library.yaml`` registers, as ``library check`` does
    (``phases.run_library``: the manifest, then each part's and each walker's load)."""
    from ..phases import run_library

    return run_library(os.fspath(root))

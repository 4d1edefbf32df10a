"""``library.yaml``: the library's name and the ids it registers.

```yaml
name: demo_parts          # an identifier
parts: [standard_80, ...] # parts, objects and environments: parts/<id>/component.yaml
walkers: [quad_walker]    # optional: walkers/<id>/walker.yaml
```

A problem with this file blocks the whole library (errors), except an id listed twice,
which is a warning (library.duplicate_part): the id is loaded once, from its one directory.
"""

from __future__ import annotations

import os
import re
from dataclasses import field

from ..diagnostics import Diagnostic, Label, Severity, Sink, Span, error, excerpt, warning
from ..recordtype import record
from ..yamlio import YNode, read_yaml
from .fields import Fields
from .reading import read_declaration

MANIFEST = "library.yaml"
# An id is a directory name: letters, digits, _, - and . (not first), so never . or ..
ID = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*\Z")


@record
class Manifest:
    name: str
    file: str  # <root>/library.yaml as given
    parts: dict[str, Span] = field(default_factory=dict)  # id -> where it is listed
    walkers: dict[str, Span] = field(default_factory=dict)  # id -> where it is listed
    name_span: Span | None = None  # where ``name:`` states the name


def manifest_path(root: str | os.PathLike) -> str:
    return os.path.join(os.fspath(root), MANIFEST)


def load_manifest(root: str | os.PathLike) -> tuple[Manifest | None, list[Diagnostic]]:
    """Read and check ``<root>/library.yaml``. Returns (None, errors) when it blocks."""
    file = manifest_path(root)
    try:
        data = read_declaration(root, file)
    except FileNotFoundError:
        return None, [
            _missing(file, f"there is no library.yaml at the library root '{os.fspath(root)}'")
        ]
    except NotADirectoryError:
        return None, [_missing(file, f"the library root '{os.fspath(root)}' is not a directory")]
    except OSError as exc:
        return None, [_missing(file, f"library.yaml cannot be read: {exc.strerror or exc}")]
    if isinstance(data, Diagnostic):
        return None, [data]
    node, diags = read_yaml(data, file)
    if node is None:
        return None, diags
    sink = Sink(list(diags))
    F = Fields(sink, file)
    manifest = _check(F, node, file, sink)
    blocking = [d for d in sink.items if d.severity is Severity.ERROR]
    if blocking or manifest is None:
        return None, sink.items
    return manifest, sink.items


def _missing(file: str, message: str) -> Diagnostic:
    return error(
        "library.manifest_missing",
        message,
        Span(file),
        help="pass the directory that holds library.yaml to --library",
    )


def _check(F: Fields, node: YNode, file: str, sink: Sink) -> Manifest | None:
    if not F.mapping(node, "library.yaml"):
        return None
    F.keys(node, "", ("name", "parts"), ("walkers",))
    name = F.identifier(node.get("name"), "name")
    parts = _ids(F, node.get("parts"), "parts", sink)
    walkers = (
        _ids(F, node.get("walkers"), "walkers", sink) if node.get("walkers") is not None else {}
    )
    if name is None or parts is None or walkers is None:
        return None
    return Manifest(name, file, parts, walkers, _stated(node, "name"))


def _stated(node: YNode, key: str) -> Span:
    """Where ``key: value`` is written: from the key's first character to the value's last
    (a comment after it left out)."""
    start, end = node.key_span(key), node.value[key].span
    if start.line is None or end.end_line is None:
        return Span(start.file)
    return Span(start.file, start.line, start.column, end.end_line, end.end_column)


def _ids(F: Fields, node: YNode | None, path: str, sink: Sink) -> dict[str, Span] | None:
    if node is None:
        return None
    if not node.is_seq:
        F.wrong_type(node, path, "a list of ids")
        return None
    ids: dict[str, Span] = {}
    ok = True
    for i, item in enumerate(node.value):
        text = F.string(item, f"{path}[{i}]")
        if text is None:
            ok = False
            continue
        if not ID.match(text):
            F.invalid(
                item,
                f"{path}[{i}]",
                f"is '{excerpt(text)}', which is no directory "
                "name: an id is letters, digits, _, - and . (not first)",
                help="name the id as its directory is named",
            )
            ok = False
            continue
        if text in ids:
            what = "part" if path == "parts" else "walker"
            sink.add(
                warning(
                    "library.duplicate_part",
                    f"the {what} '{text}' is registered twice",
                    item.span,
                    label="registered again here",
                    labels=(Label(ids[text], "first registered here"),),
                    help=f"delete one of the two entries '{text}'",
                    notes=f"'{text}' is loaded once",
                )
            )
            continue
        ids[text] = item.span
    return ids if ok else None

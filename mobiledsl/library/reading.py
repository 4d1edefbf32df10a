"""Reading a declaration (library.yaml, component.yaml, walker.yaml) as hostile input.

Only a regular file of at most 16 MiB that resolves inside the library root is read; each
refusal is a diagnostic of its own that quotes nothing of the file. Loading reads each
declaration once.
"""

from __future__ import annotations

import os

from ..diagnostics import Diagnostic, Span, error
from ..inputs import MAX_BYTES, Folders, Refused, read_regular, size_text

_CODES = {
    "too_large": "library.file_too_large",
    "not_regular": "library.not_a_file",
    "outside": "library.links_outside",
}
_HELP = {
    "too_large": f"a declaration holds at most {size_text(MAX_BYTES)}: simplify what makes "
    "it so large",
    "not_regular": "put the declaration there as a plain file",
    "outside": "copy the file into the library instead of linking to it",
}


def read_declaration(
    root: str | os.PathLike, file: str, folders: Folders | None = None
) -> bytes | Diagnostic:
    """The bytes of ``file``, or the error that says why it is not read. The OSError of a
    file that cannot be opened (absent, permissions) propagates: the caller words it.
    ``folders``: the library's folders kept open between declarations."""
    try:
        return read_regular(file, within=root, folders=folders)
    except Refused as refused:
        return error(
            _CODES[refused.kind],
            f"{file} is not read: {refused.why}",
            Span(file),
            label="not read",
            help=_HELP[refused.kind],
        )

"""How much of a cache is read at most: a store is a stranger, and a build must not be held
or swollen by what it sends.

- ``blob``: one output's bytes (``MOBILEDSL_CACHE_MAX_BLOB``, 64 MiB unless set). The
  largest output a build writes is a record of a large program, a few MiB.
- ``entry``: one task's outputs together (``MOBILEDSL_CACHE_MAX_ENTRY``, 256 MiB): a restore
  holds them all in memory until every one checked out.
- ``entry_list``: the entry itself (the list of outputs and digests), 1 MiB; ``files``: the
  outputs one entry names, 10,000. An emission writes tens.

Both settings are a whole number of bytes; anything else leaves the default.
"""

from __future__ import annotations

import os

from ..recordtype import record

MAX_BLOB_ENV = "MOBILEDSL_CACHE_MAX_BLOB"
MAX_ENTRY_ENV = "MOBILEDSL_CACHE_MAX_ENTRY"
MIB = 1024 * 1024
DEFAULT_BLOB = 64 * MIB
DEFAULT_ENTRY = 256 * MIB
ENTRY_LIST = 1 * MIB
FILES = 10_000


def _bytes(name: str, default: int) -> int:
    try:
        value = int(os.environ.get(name, "").strip() or default)
    except ValueError:
        return default
    return value if value > 0 else default


@record
class Limits:
    blob: int = DEFAULT_BLOB
    entry: int = DEFAULT_ENTRY
    entry_list: int = ENTRY_LIST
    files: int = FILES

    @staticmethod
    def from_env() -> Limits:
        return Limits(_bytes(MAX_BLOB_ENV, DEFAULT_BLOB), _bytes(MAX_ENTRY_ENV, DEFAULT_ENTRY))

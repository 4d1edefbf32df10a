"""Where the build graph keeps what it writes, all below ``build/`` (paths relative to the
project root, written with ``/``, so the records and doit's database hold no machine path).

::

    build/.doit.db                          doit's database (sqlite3)
    build/.libraries.json                   the ids each library.yaml registers, by its hash
    build/.code.json                        each compiler module's hash and imports (code.py)
    build/.walkers.json                     the parts each walker.yaml names, by its hash
    build/.stat.json                        trusted file hashes by stat, one entry a cell for its
                                            files (hashing.StatCache)
    build/.config/<kind>.json               the code fingerprint (and settings) of a kind of task
    build/.positions/...                    each record's positions table (positions.py)
    build/<library>/library.json            manifest record: the registered ids, diagnostics
    build/<library>/parts/<id>.json         part record: {"part": Part | null, "diagnostics"}
    build/<library>/walkers/<id>.json       walker record: {"walker": Walker | null, "diagnostics"}
    build/<program>/records/parse.json      {"program": {"core", "world", "task"}, "diagnostics"}
    build/<program>/records/resolve.json    {"resolution": {"resolved", "walkers"}, "diagnostics"}
    build/<program>/records/assemble.json   {"robot", "diagnostics"}
    build/<program>/records/analyse.json    {"analysis", "diagnostics"}
    build/<program>/records/emit-<target>.json   the emission: files by hash, assets, diagnostics
    build/<program>/records/emit-<target>.blobs/<hash>   the bytes of each emitted file
    build/<program>/records/assets-<target>.json the asset files copied
    build/<program>/report/analysis.json    the analysis, for people and tools
    build/<program>/report/topview.svg      the robot seen from above: footprint, support
    build/<program>/<target>/...            the target's files
    build/.runs/<pid>                       one marker a running doit (see state.py)
    build/.summary.json                     diagnostic counts the reporter keeps
"""

from __future__ import annotations

import re

BUILD = "build"
POSITIONS = ".positions"  # below BUILD: the positions tables of the records
DEP_FILE = f"{BUILD}/.doit.db"
MANIFEST_CACHE = f"{BUILD}/.libraries.json"  # the ids each library.yaml registers
CODE_CACHE = f"{BUILD}/.code.json"  # each compiler module's hash and imports
WALKERS_CACHE = f"{BUILD}/.walkers.json"  # the parts each walker.yaml names
STAT_CACHE = f"{BUILD}/.stat.json"  # trusted file hashes by stat (hashing.StatCache)
CONFIG_DIR = f"{BUILD}/.config"  # what each kind of task runs with (Graph.config)

# What may name a directory under build/ (libraries, parts, programs, targets).
SAFE_NAME = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.\-]*\Z")

_PART_RECORD = re.compile(rf"{BUILD}/([^/]+)/parts/([^/]+)\.json\Z")
_WALKER_RECORD = re.compile(rf"{BUILD}/([^/]+)/walkers/([^/]+)\.json\Z")


def library_record(library: str) -> str:
    return f"{BUILD}/{library}/library.json"


def part_record(library: str, part_id: str) -> str:
    return f"{BUILD}/{library}/parts/{part_id}.json"


def walker_record(library: str, walker_id: str) -> str:
    return f"{BUILD}/{library}/walkers/{walker_id}.json"


def split_part_record(path: str) -> tuple[str, str] | None:
    """(library, id) of a part record path, or None for any other path."""
    m = _PART_RECORD.match(path.replace("\\", "/"))
    return (m.group(1), m.group(2)) if m else None


def split_walker_record(path: str) -> tuple[str, str] | None:
    """(library, walker id) of a walker record path, or None for any other path."""
    m = _WALKER_RECORD.match(path.replace("\\", "/"))
    return (m.group(1), m.group(2)) if m else None


def program_dir(program: str) -> str:
    return f"{BUILD}/{program}"


def program_record(program: str, phase: str) -> str:
    return f"{BUILD}/{program}/records/{phase}.json"


def emission_record(program: str, target: str) -> str:
    return program_record(program, f"emit-{target}")


def blob_dir(emission_record: str) -> str:
    """Where an emission keeps its files' bytes, one file per distinct content, named by
    its xxh3 hash: beside the record, ``emit-<target>.blobs/``."""
    return emission_record[: -len(".json")] + ".blobs"


def assets_record(program: str, target: str) -> str:
    return program_record(program, f"assets-{target}")


REPORT_FILES = ("analysis.json", "topview.svg")


def report_dir(program: str) -> str:
    return f"{BUILD}/{program}/report"


def target_dir(program: str, target: str) -> str:
    return f"{BUILD}/{program}/{target}"

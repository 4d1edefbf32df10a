"""What type a plain scalar reads back as, under the YAML 1.1 rules PyYAML's safe loader
follows (null, bool, int, float, timestamp, and the merge, value and node-mark keys).

The parameter files are read by rcl's parser and by PyYAML in Nav2's launch files, both of
which apply these implicit types: a string written plain must not read back as anything
else, and a float must read back as a float. ``yamltext`` asks this once per distinct text;
it spares a compile PyYAML's import (its package loads every stage of its loader and
dumper). ``tests/targets/test_yamltypes.py`` holds it to PyYAML's own resolver.
"""

from __future__ import annotations

import re

_DIGITS = "[0-9][0-9_]*"
_SEXAGESIMAL = "(?::[0-5]?[0-9])+"

# each type: the first characters the loader tries it for ("" for the empty text), its
# pattern; in the order the loader tries them, the first match winning
_TYPES = (
    (
        "bool",
        "yYnNtTfFoO",
        "yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF",
    ),
    (
        "float",
        "-+0123456789.",
        "|".join(
            (
                rf"[-+]?{_DIGITS}\.[0-9_]*(?:[eE][-+][0-9]+)?",  # 1.5, 1., 1.5e+3
                r"\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?",  # .5
                rf"[-+]?{_DIGITS}{_SEXAGESIMAL}\.[0-9_]*",  # 1:30.5
                r"[-+]?\.(?:inf|Inf|INF)",
                r"\.(?:nan|NaN|NAN)",
            )
        ),
    ),
    (
        "int",
        "-+0123456789",
        "|".join(
            (
                r"[-+]?0b[0-1_]+",
                r"[-+]?0[0-7_]+",
                r"[-+]?(?:0|[1-9][0-9_]*)",
                r"[-+]?0x[0-9a-fA-F_]+",
                rf"[-+]?[1-9][0-9_]*{_SEXAGESIMAL}",
            )
        ),
    ),
    ("merge", "<", "<<"),
    ("null", "~nN", "~|null|Null|NULL|"),
    (
        "timestamp",
        "0123456789",
        "|".join(
            (
                "[0-9]{4}-[0-9]{2}-[0-9]{2}",
                "[0-9]{4}-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9]{2}:[0-9]{2}"
                r"(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9]{2})?))?",
            )
        ),
    ),
    ("value", "=", "="),
    ("yaml", "!&*", r"!|&|\*"),
)


def _by_first() -> dict[str, tuple]:
    """The (type, matcher) pairs to try for each first character. ``$`` matches as the
    loader's does, also before a final line break."""
    table: dict[str, list] = {"": [("null", re.compile("^$").match)]}
    for name, firsts, pattern in _TYPES:
        match = re.compile(f"^(?:{pattern})$").match
        for first in firsts:
            table.setdefault(first, []).append((name, match))
    return {first: tuple(pairs) for first, pairs in table.items()}


_BY_FIRST = _by_first()


def implicit_type(text: str) -> str:
    """The type a plain ``text`` reads back as: one of the names above, else "str"."""
    for name, match in _BY_FIRST.get(text[:1], ()):
        if match(text):
            return name
    return "str"

"""PyYAML's binding of libyaml (the parser ``yamlread`` reads events from), imported for
less.

Importing PyYAML imports its pure-Python reader too, which compiles, as a class attribute,
a regular expression over the characters YAML may not hold: a class of ranges up to
U+10FFFF that ``re`` spends more than half of the whole import's instructions compiling
(53 M of 96 M, a fourteenth of a small compile's). The binding never uses that reader (libyaml
reads the text itself). So before the import, ``re``'s cache is given, under that
expression's text, the same set of characters written as the ranges it leaves out, which
compiles in a fraction of the time; the entry is taken out again after the import.
``re.compile`` of the text then returns the equivalent expression: it matches the same
characters (tests/test_yamlbinding.py checks every code point). On a Python whose ``re``
keeps no such cache, nothing is given and the import costs what it costs.
"""

from __future__ import annotations

import re

# PyYAML's text (yaml/reader.py, Reader.NON_PRINTABLE), and the same set as the characters
# outside it: C0 controls but tab, line feed and carriage return; DEL to U+0084; U+0086 to
# U+009F; the surrogates; U+FFFE and U+FFFF.
NON_PRINTABLE = "[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
NON_PRINTABLE_SHORT = "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ud800-\udfff\ufffe\uffff]"


def _import():
    cache = getattr(re, "_cache", None)
    key = (str, NON_PRINTABLE, 0)
    seeded = isinstance(cache, dict) and key not in cache
    if seeded:
        cache[key] = re.compile(NON_PRINTABLE_SHORT)  # type: ignore[index]
    try:
        from yaml import YAMLError
        from yaml._yaml import CParser
    finally:
        if seeded:
            cache.pop(key, None)  # type: ignore[union-attr]
    return YAMLError, CParser


YAMLError, CParser = _import()

from yaml.events import (  # noqa: E402  (after the binding, whose import is above)
    AliasEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
    StreamStartEvent,
)

__all__ = [
    "AliasEvent",
    "CParser",
    "MappingEndEvent",
    "MappingStartEvent",
    "ScalarEvent",
    "SequenceEndEvent",
    "SequenceStartEvent",
    "StreamEndEvent",
    "StreamStartEvent",
    "YAMLError",
]

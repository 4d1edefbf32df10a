"""PyYAML's binding, imported for less (mobiledsl/yamlbinding.py): the expression given to
``re`` in place of PyYAML's matches the same characters, and the import took it."""

from __future__ import annotations

import re
import subprocess
import sys

import yaml

from mobiledsl import yamlbinding

EVERY = "".join(map(chr, range(0x110000)))


def test_the_short_expression_matches_the_same_characters():
    # re.UNICODE, a str pattern's default, only makes the cache's key another
    full = re.compile(yamlbinding.NON_PRINTABLE, re.UNICODE)
    short = re.compile(yamlbinding.NON_PRINTABLE_SHORT)
    hits = [m.start() for m in short.finditer(EVERY)]
    assert hits == [m.start() for m in full.finditer(EVERY)]
    assert len(hits) == 29 + 6 + 26 + 2048 + 2  # C0, DEL to U+0084, C1, surrogates, U+FFFE/F


_FRESH = """
import re
import mobiledsl.yamlread
import yaml.reader
from mobiledsl import yamlbinding
print(yaml.reader.Reader.NON_PRINTABLE.pattern == yamlbinding.NON_PRINTABLE_SHORT)
print((str, yamlbinding.NON_PRINTABLE, 0) in re._cache)
"""


def test_a_fresh_import_takes_the_short_expression_and_leaves_the_cache_as_it_was():
    done = subprocess.run(
        [sys.executable, "-c", _FRESH], capture_output=True, text=True, check=True
    )
    assert done.stdout.split() == ["True", "False"]


def test_pyyaml_refuses_a_control_character_as_before():
    try:
        yaml.safe_load("a: \x07")
    except yaml.reader.ReaderError as exc:
        assert exc.character == 7
    else:  # pragma: no cover
        raise AssertionError("PyYAML took a control character")

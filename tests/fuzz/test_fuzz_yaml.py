"""Mutated demo declarations through the loader: never an exception, every diagnostic a
library code placed inside the file, and the reader agrees with ruamel.yaml's
(tests/yaml_reference.py) wherever that one reads the file.

Derandomized, as the language fuzz; FUZZ_EXAMPLES raises the count.
"""
from __future__ import annotations

import pytest
import os
import random
import shutil
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobiledsl.library.loader import load_part
from mobiledsl.yamlio import read_yaml
from tests.test_yamlread import agree as agree_with_ruamel

from .mutations import YAML_TOKENS, mutate

REPO = Path(__file__).resolve().parents[2]
PARTS = sorted(p for p in (REPO / "libraries" / "demo_parts" / "parts").iterdir()
               if (p / "component.yaml").is_file())

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "200")), deadline=None,
                    derandomize=True, database=None,
                    suppress_health_check=[HealthCheck.too_slow,
                                           HealthCheck.function_scoped_fixture])


def last_line(text: str) -> int:
    return text.count("\n") + 1


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_a_mutated_declaration_is_diagnosed_in_place(tmp_path_factory, seed):
    rng = random.Random(seed)
    part = rng.choice(PARTS)
    lib = tmp_path_factory.mktemp("lib")
    shutil.copytree(part, lib / "parts" / part.name, symlinks=True)
    text = mutate((part / "component.yaml").read_text(encoding="utf-8"), rng, YAML_TOKENS)
    file = lib / "parts" / part.name / "component.yaml"
    file.write_text(text, encoding="utf-8")
    result, diags = load_part(lib, "demo", part.name)
    for d in diags:
        assert d.code.startswith("library."), d
        assert d.span is not None
        for span in [d.span] + [label.span for label in d.labels]:
            if span.file == str(file) and span.line is not None:
                assert 1 <= span.line <= last_line(text), (d, text)
    assert (result is None) == bool(diags) or result is not None


@pytest.mark.slow
@SETTINGS
@given(seed=st.integers(0, 2**32 - 1))
def test_the_reader_agrees_with_ruamel_on_mutated_declarations(seed):
    rng = random.Random(seed)
    part = rng.choice(PARTS)
    text = mutate((part / "component.yaml").read_text(encoding="utf-8"), rng, YAML_TOKENS)
    agree(text, "f.yaml")


def agree(data, name: str) -> None:
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:          # no text for ruamel: the reader refuses it
            node, diags = read_yaml(data, name)
            assert node is None and [d.code for d in diags] == ["library.yaml_syntax"]
            return
    agree_with_ruamel(data, name)


def test_the_reader_agrees_with_ruamel_on_every_yaml_file_of_the_repository():
    """The demo library, its walkers, and every other YAML file the repository holds."""
    files = [p for p in sorted(REPO.rglob("*.y*ml")) if ".venv" not in p.parts and p.is_file()]
    assert len(files) > 30
    for path in files:
        agree(path.read_bytes(), str(path))


@pytest.mark.slow
def test_the_reader_agrees_with_ruamel_on_every_declaration_of_the_corpus(tmp_path):
    """Each corpus case's edited declarations (tests/corpus), as the case writes them."""
    from tests.corpus import test_corpus_library as corpus
    from tests.corpus.harness import apply_edit
    demo = REPO / "libraries" / "demo_parts"
    seen = 0
    for n, case in enumerate(corpus.CASES + corpus.NEAR_MISSES):
        for edit in case.edits:
            if not edit.path.startswith("lib/") or not edit.path.endswith(".yaml") or \
                    edit.kind in ("link", "remove", "copy"):
                continue
            root = tmp_path / str(n)
            original = demo / edit.path[len("lib/"):]
            target = root / edit.path
            target.parent.mkdir(parents=True, exist_ok=True)
            if original.is_file() and not target.exists():
                shutil.copyfile(original, target)
            apply_edit(root, edit)
            agree(target.read_bytes(), str(target))
            seen += 1
    assert seen > 200

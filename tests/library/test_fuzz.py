"""Whatever a library's files hold, loading gives diagnostics, never an exception."""
from __future__ import annotations

import pytest
import atexit
import json
import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobiledsl.diagnostics import Diagnostic, Severity
from mobiledsl.library.loader import load_library, load_part
from mobiledsl.yamlio import read_yaml
from tests.library.examples import EXAMPLES, write_part

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "150")), deadline=None,
                    suppress_health_check=[HealthCheck.function_scoped_fixture,
                                           HealthCheck.too_slow])

YAMLISH = st.sampled_from(["", ":", "- ", "{", "}", "[", "]", ",", "&a ", "*a", "!!str ",
                           "? ", "'", '"', "#", "\n", "  ", "\t", "|", ">", "%YAML 1.2\n",
                           "---\n", "...\n", "\ufeff", "id", "parts", "name", "1e-400",
                           "1.1e30", "null", "true", "<<: ", "\\", "\x00", "é"])
TEXT = st.one_of(st.text(max_size=300),
                 st.lists(st.one_of(YAMLISH, st.text(max_size=5)), max_size=60).map("".join))
JSON = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
              st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
              st.sampled_from(["assets/model.dae", "mount", "box", "hull", "Motor", "chassis",
                               "estimated", "1e-400", "continuous"])),
    lambda children: st.one_of(st.lists(children, max_size=5),
                               st.dictionaries(st.text(max_size=8), children, max_size=5)),
    max_leaves=25)


class Workspace:
    def __init__(self):
        self.root = Path(tempfile.mkdtemp(prefix="mobiledsl-fuzz-"))
        atexit.register(shutil.rmtree, self.root, True)

    def fresh(self) -> Path:
        lib = self.root / "lib"
        if lib.exists():
            shutil.rmtree(lib)
        lib.mkdir()
        return lib


WS = Workspace()


def check(result):
    library, diags = result
    assert isinstance(diags, list) and all(isinstance(d, Diagnostic) for d in diags)
    for d in diags:
        assert d.code.startswith("library.") and d.span is not None
        assert d.span.line is None or d.span.line >= 1
    return library, diags


@pytest.mark.slow
@SETTINGS
@given(source=st.one_of(TEXT, st.binary(max_size=300)))
def test_any_component_yaml_gives_diagnostics(source):
    lib = WS.fresh()
    part_dir = write_part(lib, "p", "")
    data = source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source
    (part_dir / "component.yaml").write_bytes(data)
    (lib / "library.yaml").write_text("name: fuzz\nparts: [p]\n")
    library, diags = check(load_library(lib))
    assert library is not None
    assert ("p" in library.parts) != ("p" in library.left_out)
    assert all(d.severity is Severity.WARNING for d in diags)
    part, again = load_part(lib, "fuzz", "p")
    assert again == diags


@pytest.mark.slow
@SETTINGS
@given(source=st.one_of(TEXT, st.binary(max_size=300)))
def test_any_library_yaml_gives_diagnostics(source):
    lib = WS.fresh()
    data = source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source
    (lib / "library.yaml").write_bytes(data)
    library, diags = check(load_library(lib))
    if library is None:
        assert any(d.severity is Severity.ERROR for d in diags)
    else:
        assert not any(d.severity is Severity.ERROR for d in diags)


def _plain(text: str):
    node, diags = read_yaml(text, "x")
    assert node is not None and not diags
    return node.plain()


PLAIN = {k: _plain(v) for k, v in EXAMPLES.items()}


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


@pytest.mark.slow
@SETTINGS
@given(data=st.data())
def test_any_value_anywhere_in_an_example_gives_diagnostics(data):
    part_id = data.draw(st.sampled_from(sorted(PLAIN)))
    decl = json.loads(json.dumps(PLAIN[part_id]))
    paths = [p for p in _paths(decl) if p]
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        target = decl
        try:
            for key in path[:-1]:
                target = target[key]
            if data.draw(st.booleans()) and isinstance(target, dict):
                target.pop(path[-1], None)
            else:
                target[path[-1]] = data.draw(JSON)
        except (KeyError, IndexError, TypeError):
            continue
    lib = WS.fresh()
    write_part(lib, part_id, json.dumps(decl))
    part, diags = check(load_part(lib, "fuzz", part_id))
    assert (part is None) == bool(diags)
    assert all(d.severity is not Severity.ERROR for d in diags)

"""What loading leaves behind: the collector as it was, nothing that changes a result, and
no numpy import a plain library does not need."""
from __future__ import annotations

import gc

from mobiledsl import yamlread
from mobiledsl.library.loader import _collector_paused
from mobiledsl.yamlio import read_yaml
from tests.test_yamlread import dump


def test_the_collector_is_left_as_it_was():
    was = gc.isenabled()
    try:
        gc.enable()
        with _collector_paused():
            assert not gc.isenabled()
            junk = [[] for _ in range(1000)]
        assert gc.isenabled() and gc.get_freeze_count() == 0 and junk
        gc.disable()
        with _collector_paused():
            pass
        assert not gc.isenabled()
        # objects another caller froze stay frozen
        gc.enable()
        gc.freeze()
        frozen = gc.get_freeze_count()
        with _collector_paused():
            [[] for _ in range(10)]
        assert gc.get_freeze_count() == frozen
    finally:
        gc.unfreeze()
        (gc.enable if was else gc.disable)()


def test_what_the_readers_keep_changes_no_result():
    text = "a: [1, {b: 2}]\nc: 0.5\nd: [1, {b: 2}]\ne: [1, {b: 2}]\n"
    first = dump(read_yaml(text, "f.yaml")[0])
    assert dump(read_yaml(text, "f.yaml")[0]) == first        # from what was kept
    yamlread.forget()
    assert not yamlread._RESOLVED and not yamlread._NAMES
    assert dump(read_yaml(text, "f.yaml")[0]) == first


def test_a_library_of_plain_tensors_and_hulls_loads_without_numpy(tmp_path):
    """numpy is imported for a tensor near the edge of what a body can have or a hull plain
    Python cannot decide, not for every library (its import is a good part of a check's)."""
    import subprocess
    import sys
    from tests.library.examples import EXAMPLES, write_library
    root = write_library(tmp_path / "lib", EXAMPLES)
    code = ("import sys; from mobiledsl.library.loader import load_library; "
            f"lib, _ = load_library({str(root)!r}); "
            "print(len(lib.parts), 'diff_base' in lib.parts, 'numpy' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.split() == [str(len(EXAMPLES)), "True", "False"]

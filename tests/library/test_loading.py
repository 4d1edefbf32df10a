"""What loading leaves behind: the collector as it was, and nothing that changes a result."""
from __future__ import annotations

import gc

from mobiledsl.library import fields, plainyaml
from mobiledsl.library.loader import _collector_paused
from tests.library.test_fastyaml import dump


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
    first = dump(plainyaml.read_plain(text, "f.yaml"))
    assert dump(plainyaml.read_plain(text, "f.yaml")) == first        # from what was kept
    plainyaml.forget()
    fields.forget()
    assert not plainyaml._SEEN_LINES and not plainyaml._SEEN_FLOWS and not fields._PLAIN
    assert dump(plainyaml.read_plain(text, "f.yaml")) == first

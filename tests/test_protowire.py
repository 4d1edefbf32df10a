"""The varint both protobuf readers share: written and read back across its range, and cut
short or too long refused."""
from __future__ import annotations

import pytest
from hypothesis import given, strategies as st

from mobiledsl.protowire import CutShort, read_varint, varint


@given(st.integers(min_value=0, max_value=2**64 - 1))
def test_a_varint_reads_back_as_written(n):
    data = b"\x01" + varint(n) + b"\x02"
    assert read_varint(data, 1) == (n, len(data) - 1)


@pytest.mark.parametrize("data", [b"", b"\x80", b"\xff" * 3, b"\xff" * 10 + b"\x01"])
def test_a_cut_short_or_overlong_varint_is_refused(data):
    with pytest.raises(CutShort):
        read_varint(data, 0)

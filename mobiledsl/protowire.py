"""Protocol Buffers' wire format at its smallest: the base-128 varint, read and written.
The remote cache's ActionResult and a walker's ONNX policy are both protobuf messages; each
reader walks its own fields and says in its own words what is wrong with its file."""

from __future__ import annotations


class CutShort(ValueError):
    """A varint that runs past the end of its buffer or past 64 bits."""


def read_varint(buf: bytes | memoryview, i: int) -> tuple[int, int]:
    """The varint at ``buf[i]`` and the index after it."""
    value = shift = 0
    while True:
        if i >= len(buf) or shift > 63:
            raise CutShort("a varint runs past the end or past 64 bits")
        byte = buf[i]
        i += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, i
        shift += 7


def varint(n: int) -> bytes:
    """``n`` (not negative) as a varint."""
    out = bytearray()
    while True:
        low = n & 0x7F
        n >>= 7
        if n:
            out.append(low | 0x80)
        else:
            out.append(low)
            return bytes(out)

"""The action-cache entry of the remote-cache protocol: an ``ActionResult`` message of the
Remote Execution API (build.bazel.remote.execution.v2), in protobuf's wire format.

A task's outputs are written as ``output_files``: each a path and the digest (sha256, size)
of its content, which lives in the CAS. Servers that check what is stored under ac/
(bazel-remote does by default) read exactly this. Only these fields are written; reading
skips every other field, as protobuf does, so an entry another client wrote with more in it
still reads.

Field numbers: ActionResult.output_files = 2; OutputFile.path = 1, OutputFile.digest = 2;
Digest.hash = 1, Digest.size_bytes = 2.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..protowire import CutShort, read_varint, varint

VARINT, I64, LEN, I32 = 0, 1, 2, 5


class Malformed(ValueError):
    """Bytes that are no ActionResult this module can read."""


@dataclass(frozen=True)
class OutputFile:
    path: str
    sha256: str
    size: int


# -- writing ------------------------------------------------------------------------------------
def _field(number: int, payload: bytes) -> bytes:
    return varint(number << 3 | LEN) + varint(len(payload)) + payload


def encode(files: list[OutputFile]) -> bytes:
    out = bytearray()
    for f in files:
        digest = _field(1, f.sha256.encode("ascii")) + varint(2 << 3 | VARINT) + varint(f.size)
        out += _field(2, _field(1, f.path.encode("utf-8")) + _field(2, digest))
    return bytes(out)


# -- reading ------------------------------------------------------------------------------------
def _read_varint(data: bytes, i: int) -> tuple[int, int]:
    try:
        return read_varint(data, i)
    except CutShort:
        raise Malformed("a varint runs past the end") from None


def _fields(data: bytes):
    """(number, wire type, value) of each field: an int for a varint, bytes for a length."""
    i = 0
    while i < len(data):
        tag, i = _read_varint(data, i)
        number, wire = tag >> 3, tag & 7
        if wire == VARINT:
            value, i = _read_varint(data, i)
        elif wire == LEN:
            size, i = _read_varint(data, i)
            if i + size > len(data):
                raise Malformed("a field runs past the end")
            value, i = data[i : i + size], i + size  # type: ignore[assignment]
        elif wire in (I64, I32):
            i += 8 if wire == I64 else 4
            value = None
        else:
            raise Malformed(f"wire type {wire}")
        if i > len(data):
            raise Malformed("a field runs past the end")
        yield number, wire, value


def decode(data: bytes) -> list[OutputFile]:
    files = []
    for number, wire, value in _fields(data):
        if number != 2 or wire != LEN:
            continue
        path = sha = None
        size = 0
        for n, w, v in _fields(value):
            if n == 1 and w == LEN:
                path = v.decode("utf-8", errors="strict")
            elif n == 2 and w == LEN:
                for dn, dw, dv in _fields(v):
                    if dn == 1 and dw == LEN:
                        sha = dv.decode("ascii", errors="strict")
                    elif dn == 2 and dw == VARINT:
                        size = dv
        if path is None or sha is None:
            raise Malformed("an output file without its path or digest")
        files.append(OutputFile(path, sha, size))
    return files

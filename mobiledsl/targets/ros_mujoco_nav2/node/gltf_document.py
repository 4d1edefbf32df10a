"""The document of a glTF file, read under caps: its JSON (the whole .gltf, or a .glb's first
chunk) as pygltflib's objects, and a .glb's binary chunk.

The caps are the node's, one set for every file (Limits); a file over one is refused
(GltfRefused), never half read. Its JSON objects are counted as they are parsed, before
pygltflib builds one of its own for each: a few megabytes of ``{},`` would otherwise be
millions of them.

This file is copied into the generated ROS package: it imports pygltflib and the modules
beside it only.
"""
from __future__ import annotations

import struct
import warnings
from dataclasses import dataclass

from package_files import Unreadable, read_inside

GLB_MAGIC = b"glTF"
JSON_CHUNK, BIN_CHUNK = b"JSON", b"BIN\x00"
MiB = 2 ** 20


@dataclass(frozen=True)
class Limits:
    """What the node reads of one glTF file at most (the tests lower them)."""
    file_bytes: int = 128 * MiB      # each file: the glTF itself, a buffer, a picture
    total_bytes: int = 256 * MiB     # those files and the data URIs of one glTF together
    json_bytes: int = 32 * MiB       # a .gltf's text or a .glb's JSON chunk
    json_objects: int = 200_000      # JSON objects ({...}) in it
    triangles: int = 1_000_000       # laid from the file, a mesh once per node that shows it
    vertices: int = 3_000_000        # likewise
    pieces: int = 4_096              # primitives laid, each a MuJoCo mesh of its own
    depth: int = 128                 # nodes from a scene's root down to the deepest
    pixels: int = 64 * MiB           # of the pictures laid, one per textured primitive


LIMITS = Limits()


class GltfRefused(ValueError):
    """A glTF file the node does not read, with the file and the rule in its message."""

    def __init__(self, path: str, rule: str):
        super().__init__(f"{path}: {rule}")
        self.path, self.rule = path, rule


def brief(value, most: int = 60) -> str:
    """A value from the file as a message quotes it: no longer than ``most`` characters."""
    text = str(value)
    return text if len(text) <= most else text[:most - 3] + "..."


def load_document(path: str, root: str, limits: Limits):
    """(the pygltflib document, a .glb's binary chunk or None, the file's size)."""
    try:
        data = read_inside(path, root, limits.file_bytes)
    except Unreadable as exc:
        raise GltfRefused(path, f"the file {exc}") from exc
    text, blob = split_glb(path, data) if data[:4] == GLB_MAGIC else (data, None)
    if len(text) > limits.json_bytes:
        raise GltfRefused(path, f"its JSON is {len(text)} bytes, more than the "
                                f"{limits.json_bytes} the node reads; move the buffers "
                                "out of it into .bin files beside it")
    from pygltflib import GLTF2  # only the node (and its tests) need the reader
    try:
        with warnings.catch_warnings():      # its warnings would print the file's text
            warnings.simplefilter("ignore")
            gltf = GLTF2.from_json(text.decode("utf-8-sig"), infer_missing=True,
                                   object_hook=object_counter(path, limits.json_objects))
    except GltfRefused:
        raise
    except Exception as exc:      # not UTF-8, not JSON, or a field pygltflib cannot convert
        raise GltfRefused(path, f"not a glTF 2.0 file ({brief(exc)})") from exc
    return gltf, blob, len(data)


def split_glb(path: str, data: bytes) -> tuple[bytes, bytes | None]:
    """A .glb's JSON chunk and its binary chunk (None without one)."""
    def refuse(what: str):
        raise GltfRefused(path, f"not a glTF 2.0 file (a .glb {what})")
    if len(data) < 12 or struct.unpack_from("<I", data, 4)[0] != 2:
        refuse("of a version other than 2")
    chunks: list[tuple[bytes, bytes]] = []
    offset = 12
    while offset + 8 <= len(data) and len(chunks) < 2:
        length, kind = struct.unpack_from("<I4s", data, offset)
        body = data[offset + 8:offset + 8 + length]
        if len(body) < length:
            refuse(f"chunk that runs {length - len(body)} bytes past the end of the file")
        chunks.append((kind, body))
        offset += 8 + length
    if not chunks or chunks[0][0] != JSON_CHUNK:
        refuse("that does not begin with its JSON chunk")
    blob = chunks[1][1] if len(chunks) > 1 and chunks[1][0] == BIN_CHUNK else None
    return chunks[0][1], blob


def object_counter(path: str, most: int):
    """The JSON parser's hook for each object it reads: past ``most`` the file is refused."""
    count = [0]

    def counted(obj: dict) -> dict:
        count[0] += 1
        if count[0] > most:
            raise GltfRefused(path, f"its JSON holds more than the {most} objects the node "
                                    "reads")
        return obj
    return counted

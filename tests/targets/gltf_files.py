"""glTF files made for the tests: a square (two triangles) with texture coordinates, written
as a .glb, a .gltf with its buffer beside it, or a .gltf with the buffer embedded, and each
rule the node refuses by available as a change to it."""
from __future__ import annotations

import base64
import json
import struct
import zlib
from pathlib import Path

import numpy as np

SQUARE = np.array([[0, 0, 0], [1, 0, 0], [1, 1, 0], [0, 1, 0]], dtype="<f4")
UV = np.array([[0, 1], [1, 1], [1, 0], [0, 0]], dtype="<f4")
INDICES = np.array([0, 1, 2, 0, 2, 3], dtype="<u2")
JPEG = b"\xff\xd8\xff\xe0" + b"\x00" * 16


def png(width: int = 2, height: int = 3) -> bytes:
    raw = b"".join(b"\x00" + bytes([200, 30, 30] * width) for _ in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        crc = zlib.crc32(kind + data) & 0xFFFFFFFF
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


def square(picture: bytes | None = None, rgba=(0.2, 0.4, 0.6, 1.0)) -> tuple[dict, bytes]:
    """The document and its one buffer's bytes (positions, texture coordinates, indices and
    the picture, when given, each 4-byte aligned)."""
    blob = SQUARE.tobytes() + UV.tobytes() + INDICES.tobytes() + b"\x00\x00"
    views = [{"buffer": 0, "byteOffset": 0, "byteLength": 48},
             {"buffer": 0, "byteOffset": 48, "byteLength": 32},
             {"buffer": 0, "byteOffset": 80, "byteLength": 12}]
    material = {"pbrMetallicRoughness": {"baseColorFactor": list(rgba)},
                "emissiveFactor": [1, 1, 1]}
    doc = {
        "asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}],
        "nodes": [{"mesh": 0, "translation": [1.0, 2.0, 3.0]}],
        "meshes": [{"primitives": [{"attributes": {"POSITION": 0, "TEXCOORD_0": 1},
                                    "indices": 2, "material": 0}]}],
        "materials": [material],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3",
             "min": [0, 0, 0], "max": [1, 1, 0]},
            {"bufferView": 1, "componentType": 5126, "count": 4, "type": "VEC2"},
            {"bufferView": 2, "componentType": 5123, "count": 6, "type": "SCALAR"}],
        "bufferViews": views,
    }
    if picture is not None:
        views.append({"buffer": 0, "byteOffset": len(blob), "byteLength": len(picture)})
        blob += picture + b"\x00" * (-len(picture) % 4)
        mime = "image/png" if picture.startswith(b"\x89PNG") else "image/jpeg"
        doc["images"] = [{"bufferView": 3, "mimeType": mime}]
        doc["textures"] = [{"source": 0}]
        material["pbrMetallicRoughness"]["baseColorTexture"] = {"index": 0}
    doc["buffers"] = [{"byteLength": len(blob)}]
    return doc, blob


def write(folder: Path, doc: dict, blob: bytes, form: str = "glb") -> Path:
    """``form``: glb, external (model.gltf + model.bin) or embedded (a data URI)."""
    folder.mkdir(parents=True, exist_ok=True)
    doc = json.loads(json.dumps(doc))
    if form == "glb":
        text = json.dumps(doc).encode()
        text += b" " * (-len(text) % 4)
        body = blob + b"\x00" * (-len(blob) % 4)
        chunks = (struct.pack("<I4s", len(text), b"JSON") + text
                  + struct.pack("<I4s", len(body), b"BIN\x00") + body)
        path = folder / "model.glb"
        path.write_bytes(struct.pack("<4sII", b"glTF", 2, 12 + len(chunks)) + chunks)
        return path
    if form == "external":
        (folder / "model.bin").write_bytes(blob)
        doc["buffers"][0]["uri"] = "model.bin"
    else:
        doc["buffers"][0]["uri"] = ("data:application/octet-stream;base64,"
                                    + base64.b64encode(blob).decode())
    path = folder / "model.gltf"
    path.write_text(json.dumps(doc))
    return path

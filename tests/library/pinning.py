"""The loader's verdict on every declaration we have and on systematic mutations of each,
pinned: for each case the loaded Part (canonical JSON) and every diagnostic in full.

The cases are the component.yaml files under libraries/ and tests/golden/, the examples of
``tests.library.examples``, and for each of them: every field removed, misspelt, given a
value of the wrong type, out of range or outside its options, every mapping given an
unknown key, every list shortened or emptied; the category changed to each other one; each
profile type that allows a block added; each block of one kind of part moved onto every
other declaration. Fields of the legged blocks (links, feet, gait, controller) are not
mutated: their schema is ``legged``'s.

    python -m tests.library.pinning          # rewrite tests/library/golden/schema_pin.jsonl.gz

The test (test_schema_pin.py) loads every case again and compares.
"""
from __future__ import annotations

import copy
import gzip
import hashlib
import json
import os
import sys
import tempfile
import textwrap
from collections.abc import Iterator
from pathlib import Path

from mobiledsl.library.loader import load_part_text
from mobiledsl.records import dumps, to_json
from mobiledsl.yamlio import YNode, read_yaml

REPO = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).parent / "golden" / "schema_pin.jsonl.gz"
LEGGED = ("links", "feet", "gait", "controller")
CATEGORIES = ("chassis", "wheel", "track", "sensor", "attachment", "leg", "motor", "battery",
              "motor_driver", "object", "environment")
PROFILE_TYPES = ("Track", "Motor", "Battery", "MotorDriver", "Range", "Ultrasonic", "Caster")
DONATED = ("wheel", "track", "motor", "battery", "driver", "range", "collision", "contacts",
           "visual", "inertial", "ground_plane", "entities", "provenance")


class Num(str):
    """A number, kept as the text it was written in."""


def plain(node: YNode):
    """The tree as plain data, numbers as ``Num`` (their texts)."""
    if node.kind == "map":
        return {k: plain(v) for k, v in node.value.items()}
    if node.kind == "seq":
        return [plain(v) for v in node.value]
    if node.kind == "number":
        return Num(node.raw)
    return node.value


def flow(value) -> str:
    if isinstance(value, Num):
        return str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    return "{" + ", ".join(f"{key(k)}: {flow(v)}" for k, v in value.items()) + "}"


def key(k: str) -> str:
    return k if k.replace("_", "a").isalnum() and not k[:1].isdigit() else json.dumps(k)


def emit(data) -> str:
    """Block YAML for the top level and for mappings of mappings (as declarations are
    written), flow below."""
    if not isinstance(data, dict):
        return flow(data) + "\n"
    return "".join(_block(k, v, 0) for k, v in data.items())


def _block(k: str, v, indent: int) -> str:
    pad = " " * indent
    if isinstance(v, dict) and v and indent < 4 and any(isinstance(x, dict) for x in v.values()):
        return f"{pad}{key(k)}:\n" + "".join(_block(k2, v2, indent + 2) for k2, v2 in v.items())
    return f"{pad}{key(k)}: {flow(v)}\n"


def bases() -> list[tuple[str, str, str, str]]:
    """(name, root, part id, text) of every declaration the cases start from."""
    from tests.library.examples import EXAMPLES, write_part
    out = []
    for file in sorted(REPO.glob("libraries/**/component.yaml")) + \
            sorted(REPO.glob("tests/golden/**/component.yaml")):
        part_dir = file.parent
        out.append((str(file.relative_to(REPO)), str(part_dir.parent.parent), part_dir.name,
                    file.read_text(encoding="utf-8")))
    root = Path(tempfile.mkdtemp(prefix="mobiledsl-pin-")) / "lib"
    for part_id, text in EXAMPLES.items():
        write_part(root, part_id, text)
        out.append((f"examples/{part_id}", str(root), part_id, textwrap.dedent(text)))
    return out


def _paths(data, path=()) -> Iterator[tuple]:
    # a list's first item stands for the others: most lists are vectors and corners
    items = data.items() if isinstance(data, dict) else enumerate(data[:1]) \
        if isinstance(data, list) else ()
    for k, v in items:
        if not path and k in LEGGED:
            continue
        yield path + (k,)
        yield from _paths(v, path + (k,))


def _at(data, path):
    for k in path:
        data = data[k]
    return data


def _set(data, path, value):
    _at(data, path[:-1])[path[-1]] = value


def _renamed(d: dict, old: str, new: str) -> dict:
    return {(new if k == old else k): v for k, v in d.items()}


def _wrong_type(value):
    if isinstance(value, Num):
        return "x"
    if isinstance(value, bool) or value is None:
        return Num("1")
    if isinstance(value, str):
        return Num("7")
    if isinstance(value, dict):
        return [Num("1")]
    return {"a": Num("1")}


def mutations(data: dict) -> Iterator[tuple[str, dict]]:
    """(what was changed, the changed declaration) for one declaration's data."""
    for path in _paths(data):
        where = ".".join(str(p) for p in path)
        parent, last = _at(data, path[:-1]), path[-1]
        value = parent[last]

        def changed(new, name, path=path, where=where):
            out = copy.deepcopy(data)
            _set(out, path, new)
            return f"{where}: {name}", out

        if isinstance(parent, dict):
            out = copy.deepcopy(data)
            del _at(out, path[:-1])[last]
            yield f"{where}: removed", out
            out = copy.deepcopy(data)
            misspelt = last[:-1] if len(last) > 1 else last + "x"
            if path[:-1]:
                _set(out, path[:-1], _renamed(_at(out, path[:-1]), last, misspelt))
            else:
                out = _renamed(out, last, misspelt)
            yield f"{where}: misspelt", out
        else:
            out = copy.deepcopy(data)
            del _at(out, path[:-1])[last]
            yield f"{where}: item removed", out
        yield changed(_wrong_type(value), "wrong type")
        if isinstance(value, Num):
            for text in ("0", "-1", "1.1e30", "2.5", "1e-400"):
                if text != value:
                    yield changed(Num(text), f"number {text}")
        elif isinstance(value, str) and not isinstance(value, bool):
            yield changed("bogus_value", "another string")
            yield changed("", "empty string")
        elif isinstance(value, dict):
            yield changed({**value, "zz_unknown": Num("1")}, "unknown key")
            yield changed({}, "empty mapping")
        elif isinstance(value, list) and value:
            yield changed(value[:-1], "last item removed")
            yield changed([], "empty list")
    yield "unknown top-level key", {**data, "zz_unknown": Num("1")}
    for category in CATEGORIES:
        if data.get("category") != category:
            yield f"category {category}", {**data, "category": category}
    profiles = data.get("profiles")
    for kind in PROFILE_TYPES:
        if isinstance(profiles, dict) and kind not in profiles:
            yield f"profile {kind} added", {**data, "profiles": {
                **profiles, kind: {"mounts": {"default": next(iter(data.get("connectors")
                                                                or {"mount": 0}))}}}}


def donations(declarations: list[dict]) -> Iterator[tuple[str, dict]]:
    """Each block of one kind of part, from the first declaration stating it, put on every
    declaration that has none."""
    for block in DONATED:
        donor = next((d for d in declarations if block in d), None)
        if donor is None:
            continue
        for i, data in enumerate(declarations):
            if block not in data:
                yield i, f"{block} added", {**data, block: copy.deepcopy(donor[block])}


def cases() -> Iterator[tuple[str, str, str, str]]:
    """(case name, root, part id, text), each text once."""
    seen: set[str] = set()
    found = bases()
    datas = []
    for name, root, part_id, text in found:
        seen.add(text)
        yield name, root, part_id, text
        node, _ = read_yaml(text, "component.yaml")
        datas.append(plain(node) if node is not None and node.kind == "map" else None)
    for (name, root, part_id, _), data in zip(found, datas):
        if data is None:
            continue
        for what, changed in mutations(data):
            text = emit(changed)
            if text not in seen:
                seen.add(text)
                yield f"{name} | {what}", root, part_id, text
    kept = [(b, d) for b, d in zip(found, datas) if d is not None]
    for i, what, changed in donations([d for _, d in kept]):
        text = emit(changed)
        if text not in seen:
            seen.add(text)
            name, root, part_id, _ = kept[i][0]
            yield f"{name} | {what}", root, part_id, text


def outcome(root: str, part_id: str, text: str) -> dict:
    """What loading ``text`` as ``root``'s part ``part_id`` gives, paths made relative."""
    part, diags = load_part_text(root, "pin", part_id, text)
    out = {"diagnostics": [to_json(d) for d in diags],
           "part": None if part is None else to_json(part)}
    blob = json.dumps(out, sort_keys=True, ensure_ascii=False)
    blob = blob.replace(json.dumps(root)[1:-1], "<root>")
    return json.loads(blob)


def digest(part_json) -> str:
    return hashlib.sha256(dumps(part_json).encode()).hexdigest()


def record(name: str, root: str, part_id: str, text: str) -> dict:
    """One line of the golden file: the diagnostics in full, the Part's canonical JSON in
    full for a declaration as written and as its digest for a mutation."""
    got = outcome(root, part_id, text)
    part = got["part"]
    if " | " in name and part is not None:
        part = {"sha256": digest(part)}
    return {"case": name, "diagnostics": got["diagnostics"], "part": part}


def read_golden() -> list[dict]:
    with gzip.open(GOLDEN, "rt", encoding="utf-8") as f:
        return [json.loads(line) for line in f]


def main() -> int:
    lines = [json.dumps(record(*case), sort_keys=True, ensure_ascii=False) + "\n"
             for case in cases()]
    GOLDEN.parent.mkdir(parents=True, exist_ok=True)
    with open(GOLDEN, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as f:
        f.write("".join(lines).encode("utf-8"))
    print(f"{len(lines)} cases written to {os.path.relpath(GOLDEN)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

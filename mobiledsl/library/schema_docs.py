"""What the schema's tables tell besides checking: the keys an editor may offer, and the
field tables of docs/library-format.md.

- ``schema_keys(category)``: for a category, each block a declaration of it may hold, by its
  path pattern ("" the top level, "connectors.*" every connector, "contacts[]" every
  contact), to its keys, each with the values it is one of (empty when it is free).
- ``python -m mobiledsl.library.schema_docs [--check] [FILE]``: writes the tables between
  the ``<!-- schema:NAME -->`` and ``<!-- /schema:NAME -->`` marker lines of FILE
  (docs/library-format.md), or with ``--check`` says whether they are as the tables make
  them.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from .model import CATEGORIES
from .objects import ENVIRONMENT, OBJECT
from .parts import COMMON_FIELDS, PART, PartScope
from .schema import KIND_WORDS, Block, Field, Rule

DOC = Path(__file__).resolve().parents[2] / "docs" / "library-format.md"
# the profile types that allow a block of one kind of part
KIND_PROFILES = frozenset(("Track", "Motor", "Battery", "MotorDriver", "Range", "Ultrasonic"))


def top_block(category: str) -> Block:
    return {"object": OBJECT, "environment": ENVIRONMENT}.get(category, PART)


def blocks(category: str) -> Iterator[tuple[str, Block, Field | None]]:
    """(path pattern, block, the field holding it) of every block a declaration of
    ``category`` may hold, the top level first, each after the block holding it."""
    if category not in CATEGORIES:
        raise ValueError(f"no category {category!r}: one of {', '.join(CATEGORIES)}")
    scope = PartScope(category, category == "track", KIND_PROFILES)
    yield from _walk("", top_block(category), None, scope)


def _walk(
    path: str, block: Block, holder: Field | None, scope: PartScope | None
) -> Iterator[tuple[str, Block, Field | None]]:
    """The blocks under ``block``: those ``scope`` allows, or with None every one."""
    yield path, block, holder
    for f in block.fields:
        if scope is not None and f.allowed is not None and not f.allowed(scope):
            continue
        here = f"{path}.{f.name}" if path else f.name
        table = f.block or f.table
        if table is not None:
            yield from _walk(here, table, f, scope)
        elif f.each is not None:
            yield from _walk(here + (".*" if f.keyed else "[]"), f.each, f, scope)


def schema_keys(category: str) -> dict[str, dict[str, tuple[str, ...]]]:
    """For a category: each block a declaration of it may hold (with some profile), by its
    path pattern, to its keys, each to the values it is one of (empty when free). The top
    level holds the common fields too, ``category`` with the categories."""
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    scope = PartScope(category, category == "track", KIND_PROFILES)
    for path, block, _ in blocks(category):
        keys = {f.name: f.options for f in block.fields if f.allowed is None or f.allowed(scope)}
        if not path:
            keys = {
                **{key: CATEGORIES if key == "category" else () for key in COMMON_FIELDS},
                **keys,
            }
        out[path] = keys
    return out


# -- the reference -----------------------------------------------------------------------
def value_words(f: Field) -> str:
    """The value of a field as the reference says it."""
    if f.kind == "custom" or (f.kind == "choice" and not f.options):
        text = _keys(f.table) if f.table is not None else f.what
        if text == "one of":
            text = "one of " + ", ".join(f.options)
    elif f.kind == "choice":
        text = "one of " + ", ".join(f.options)
    elif f.kind == "string" and f.options:
        text = "one of " + ", ".join(f.options)
    elif f.kind == "block" and f.block is not None:
        text = _keys(f.block)
    else:
        text = KIND_WORDS[f.kind]
    if f.bound == "positive":
        text = ("positive " + text) if f.kind in ("number", "integer") else text + ", positive"
    elif f.bound == "nonnegative":
        text = text + ", not negative"
    if f.nullable:
        text += ", or null"
    return text


def required_words(f: Field) -> str:
    if f.required:
        return "yes"
    if f.required_if is not None:
        return f"with {f.required_doc}" if f.required_doc else "conditionally"
    return "no"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def field_table(path: str, block: Block) -> list[str]:
    lines = [
        f"**`{path or block.name}`** — {block.doc}",
        "",
        "| key | value | unit | required | meaning |",
        "|---|---|---|---|---|",
    ]
    for f in block.fields:
        meaning = f.doc
        if f.allowed_doc:
            meaning += f" (only on {f.allowed_doc})"
        lines.append(
            f"| `{f.name}` | {_cell(value_words(f))} | {f.unit} | "
            f"{required_words(f)} | {_cell(meaning)} |"
        )
    rules = [s for s in block.steps if isinstance(s, Rule) and s.doc]
    if rules:
        lines.append("")
        lines += [f"- {r.doc}" for r in rules]
    return lines


def reference() -> list[str]:
    """Every block's table: a part's, then an object's and an environment's; each once."""
    lines: list[str] = []
    seen: set[int] = set()
    for category, title in (
        ("chassis", "A robot part"),
        ("object", "An object"),
        ("environment", "An environment"),
    ):
        for path, block, _ in _walk("", top_block(category), None, None):
            if id(block) in seen:
                continue
            seen.add(id(block))
            if not path:
                lines += [f"#### {title}", ""]
            lines += field_table(path, block) + [""]
    return lines[:-1]


def contents(block: Block) -> str:
    """A block's keys in one line: each with its value's bounds, then its rules."""
    parts = []
    for f in block.fields:
        words = [w for w in (f.unit, _bound_words(f), "optional" if not f.required else "") if w]
        parts.append(f"`{f.name}`" + (f" ({', '.join(words)})" if words else ""))
    text = ", ".join(parts)
    rules = [s.doc for s in block.steps if isinstance(s, Rule) and s.doc]
    if rules:
        text += ". " + "; ".join(rules)
    return text


def _keys(block: Block) -> str:
    return "{" + ", ".join(f.name for f in block.fields) + "}"


def _bound_words(f: Field) -> str:
    if f.kind == "block" and f.block is not None:
        rules = [s.doc for s in f.block.steps if isinstance(s, Rule) and s.doc]
        return _keys(f.block) + (": " + "; ".join(rules) if rules else "")
    if f.kind == "custom":
        return f.what
    if f.kind in ("choice",) or f.options:
        return "one of " + ", ".join(f.options)
    words = {"positive": "positive", "nonnegative": "not negative"}.get(f.bound, "")
    if f.kind == "integer":
        return f"{words} whole number".strip()
    if f.kind == "unit_vec3":
        return "unit vector"
    if f.kind == "identifier":
        return "an identifier"
    return words


def kind_blocks() -> list[str]:
    """The table of the blocks that belong to one kind of part."""
    lines = ["| block | allowed on | required by | contents |", "|---|---|---|---|"]
    for f in PART.fields:
        if f.kind == "block" and f.allowed_doc and f.required_doc and f.block is not None:
            lines.append(
                f"| `{f.name}` | {f.allowed_doc} | {f.required_doc} | {_cell(contents(f.block))} |"
            )
    return lines


SECTIONS = {"kind-blocks": kind_blocks, "reference": reference}


def rewrite(text: str) -> str:
    """``text`` with every marked section as the tables make it."""
    for name, make in SECTIONS.items():
        pattern = re.compile(rf"(<!-- schema:{name} -->\n)(.*?)(<!-- /schema:{name} -->)", re.S)
        match = pattern.search(text)
        if match is None:
            raise ValueError(f"no <!-- schema:{name} --> ... <!-- /schema:{name} --> section")
        body = "\n".join(make()) + "\n"
        text = text[: match.start(2)] + body + text[match.end(2) :]
    return text


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description="write the library schema's field tables into the library format's page"
    )
    parser.add_argument("file", nargs="?", type=Path, default=DOC)
    parser.add_argument(
        "--check",
        action="store_true",
        help="say whether the page's tables are as the schema makes them",
    )
    args = parser.parse_args(argv)
    text = args.file.read_text(encoding="utf-8")
    made = rewrite(text)
    if args.check:
        if made != text:
            print(
                f"{args.file}: the schema's tables differ; run python -m "
                "mobiledsl.library.schema_docs",
                file=sys.stderr,
            )
            return 1
        return 0
    if made != text:
        args.file.write_text(made, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""What ``read_yaml`` gives for a wide set of documents: the reader's contract, recorded.

``CORPUS`` is a fixed list of (name, source): hand-written edge cases (every scalar form,
quoting, block scalars, flow collections, anchors and aliases, merge keys, duplicate keys,
tags, several documents, BOMs, every line break, tabs, bytes that are not UTF-8, deep
nesting, alias bombs, large files), documents generated from a seeded random tree the way a
component.yaml is written, and mutations of the example declarations. ``describe`` writes
what the reader gives for one as plain JSON data: every value with its kind, its Python type,
its spelling and its place, every key's place, every diagnostic with its code, message,
place and labels. ``yaml_contract.json`` holds those descriptions; tests/library/
test_yaml_contract.py checks that the reader still gives them.

    PYTHONPATH=$PWD python -m tests.library.yaml_contract     # rewrite yaml_contract.json

(rewrite it only when a change of the reader's behaviour is meant, and say which in the
commit.)
"""
from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from tests.fuzz.mutations import YAML_TOKENS, mutate
from tests.library.examples import EXAMPLES

GOLDEN = Path(__file__).with_name("yaml_contract.json")


def _span(span):
    if span is None:
        return None
    return [span.file, span.line, span.column, span.end_line, span.end_column]


def _value(value):
    """A scalar's value as JSON keeps it exactly (floats by repr: inf and -0.0 too)."""
    if isinstance(value, float):
        return ["float", repr(value)]
    return [type(value).__name__, value]


def describe_node(node):
    if node is None:
        return None
    out = {"kind": node.kind, "span": _span(node.span)}
    if node.raw is not None:
        out["raw"] = node.raw
    if node.kind == "map":
        out["keys"] = [[k, _span(node.key_spans[k])] for k in node.value]
        out["values"] = [describe_node(v) for v in node.value.values()]
        assert list(node.key_spans) == list(node.value)
    elif node.kind == "seq":
        out["items"] = [describe_node(v) for v in node.value]
    else:
        out["value"] = _value(node.value)
    return out


def describe_diagnostic(d):
    return {"severity": d.severity.value, "code": d.code, "message": d.message,
            "span": _span(d.span), "label": d.label,
            "labels": [[_span(l.span), l.message] for l in d.labels], "help": list(d.help)}


def describe(read, source, file="f.yaml"):
    """What ``read`` gives for ``source``; a large tree by the digest of its description
    (the file stays small; a difference in it is found by comparing two readers)."""
    node, diagnostics = read(source, file)
    tree = describe_node(node)
    text = json.dumps(tree, sort_keys=True)
    if len(text) > 20_000:
        tree = {"sha256": hashlib.sha256(text.encode()).hexdigest(), "chars": len(text)}
    return {"tree": tree, "diagnostics": [describe_diagnostic(d) for d in diagnostics]}


# -- the hand-written cases ---------------------------------------------------------------

SCALARS = ["yes", "no", "on", "off", "Yes", "NO", "y", "n", "true", "false", "True", "FALSE",
           "~", "null", "Null", "NULL", "", "0x1F", "0o17", "017", "-017", "0", "-0", "+1",
           "1e3", "1E3", "1e+3", "1.5e-3", "1.", ".5", "1.0", "-1.25", "1_000", "1,000",
           ".inf", "-.inf", "+.INF", ".nan", "-.NaN", ".NAN", "nan", "inf", "0b101",
           "2001-12-14t21:59:43.10-05:00", "2002-12-14", "12:30:00", "1:20", "190:20:30",
           "1" * 20, "1" * 21, "1" * 25, "12345678901234567890", "9" * 400, "1e999", "-1e999",
           "5e-324", "1e-400", "0.1", "00", "01.5", "-", "--", "-x", "=", "<<", "'", "a'b",
           "é😀 ünï", "x y  z", "a:b", "a#b", "50%", "@x", "`x", "%x", "!x", "&x", "*x",
           "|", ">"]

QUOTED = ["'yes'", '"no"', "'1'", '"1e3"', "''", '""', "'it''s'", '"tab\\t"', '"\\x41"',
          '"\\u00e9"', '"\\U0001F600"', '"a\\\nb"', "'a\n  b'", '"a\n\n  b"', "'~'", '"null"',
          '"true"', "' lead'", '"trail "', '"\\0"', '"\\e\\a\\b"', '"\\N\\_\\L\\P"']

BLOCK_SCALARS = ["|\n  a\n  b\n", "|-\n  a\n  b\n", "|+\n  a\n  b\n\n", ">\n  a\n  b\n\n  c\n",
                 ">-\n  a\n  b\n", ">+\n  a\n\n", "|2\n   a\n  b\n", "|\n  a\n\n\n",
                 ">\n  a\n   indented\n  b\n", "|\n", ">-\n", "|\n  x\ny: 1\n",
                 "| # c\n  text\n"]


def _hand_written():
    out = []
    for n, s in enumerate(SCALARS):
        out.append((f"scalar value {n}: {s!r}", f"a: {s}\n"))
        out.append((f"scalar key {n}: {s!r}", f"{s}: 1\n"))
        out.append((f"scalar item {n}: {s!r}", f"- {s}\n- [{s}]\n"))
        out.append((f"scalar root {n}: {s!r}", s))
    for n, s in enumerate(QUOTED):
        out.append((f"quoted value {n}", f"a: {s}\n"))
        out.append((f"quoted key {n}", f"{s}: 1\n"))
        out.append((f"quoted in flow {n}", f"a: [{s}, x]\n"))
    for n, s in enumerate(BLOCK_SCALARS):
        out.append((f"block scalar {n}", f"a: {s}"))
        out.append((f"block scalar item {n}", f"- {s}"))
    out += [
        ("flow collections", "a: [1, [2, 3], {b: c, d: [e]}, []]\nf: {}\ng: {h: }\n"),
        ("flow over lines", "a: [1,\n  2,\n   3]\nb: {c: 1,\n  d: 2}\n"),
        ("flow trailing comma", "a: [1, 2,]\nb: {c: 1,}\n"),
        ("flow with a colon", "a: [b:c, d]\n"),
        ("flow with a question mark", "a: [b?c, d]\n"),
        ("flow single pair", "a: [b: c, d: e]\n"),
        ("flow key without value", "a: {b, c: 1}\n"),
        ("flow url", "a: [http://x.y/z]\n"),
        ("flow json-like", '{"a": 1, "b": [true, null]}'),
        ("flow unclosed", "a: [1, 2\nb: 3\n"),
        ("flow unclosed map", "a: {b: 1\n"),
        ("flow closed twice", "a: [1]]\n"),
        ("empty", ""),
        ("only a comment", "# nothing\n"),
        ("only spaces", "   \n  \n"),
        ("document marker empty", "---\n"),
        ("document markers", "---\na: 1\n...\n"),
        ("two documents", "a: 1\n---\nb: 2\n"),
        ("two documents both marked", "---\na: 1\n---\nb: 2\n"),
        ("document end then doc", "a: 1\n...\n---\nb: 1\n"),
        ("yaml directive 1.1", "%YAML 1.1\n---\na: 1\n"),
        ("yaml directive 1.2", "%YAML 1.2\n---\na: 1\n"),
        ("yaml directive 2.0", "%YAML 2.0\n---\na: 1\n"),
        ("tag directive", "%TAG !e! tag:example.com,2000:\n---\na: !e!x 1\n"),
        ("unknown directive", "%FOO bar\n---\na: 1\n"),
        ("anchor and alias", "a: &x [1, 2]\nb: *x\n"),
        ("anchored scalar alias", "a: &x 5\nb: *x\nc: [*x, *x]\n"),
        ("alias as key", "a: &k name\n*k : 2\n"),
        ("alias as bad key", "a: &k 1\n*k : 2\n"),
        ("alias to map with bad key", "a: &m {1: 2, b: 3}\nc: *m\nd: [*m]\n"),
        ("alias undefined", "a: *nope\n"),
        ("alias recursive", "a: &x [1, *x]\n"),
        ("alias recursive map", "a: &x {b: *x}\n"),
        ("anchor redefined", "a: &x 1\nb: &x 2\nc: *x\n"),
        ("anchor on empty", "a: &x\nb: *x\n"),
        ("alias bomb small", "a: &a [1, 2, 3]\nb: &b [*a, *a, *a]\nc: [*b, *b]\n"),
        ("alias bomb", "a: &a [1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                       "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
                       "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"),
        ("alias deep", "a: &a " + "[" * 40 + "]" * 40 + "\nb: " + "[" * 30 + "*a" +
         "]" * 30 + "\n"),
        ("alias deep at bound", "a: &a " + "[" * 32 + "]" * 32 + "\nb: " + "[" * 31 + "*a" +
         "]" * 31 + "\n"),
        ("merge key", "base: &b {x: 1}\nc:\n  <<: *b\n  y: 2\n"),
        ("merge key list", "a: &a {x: 1}\nb: &b {y: 1}\nc: {<<: [*a, *b]}\n"),
        ("duplicate keys", "a: 1\nb: 2\na: 3\n"),
        ("duplicate keys nested", "a:\n  b: 1\n  b: {c: 1, c: 2}\n"),
        ("duplicate keys quoted", "a: 1\n'a': 2\n\"a\": 3\n"),
        ("duplicate with bad value", "a: 1\na: {1: 2}\n"),
        ("complex key", "? [a, b]\n: 1\nc: 2\n"),
        ("complex key map", "? {a: 1}\n: {2: 3}\n"),
        ("explicit key", "? a\n: 1\n"),
        ("explicit key no value", "? a\nb: 1\n"),
        ("key not a name", "a b: 1\n'x y': 2\n1a: 3\n_ok.x-y: 4\n"),
        ("long key", "k" * 1100 + ": 1\n"),
        ("tags", "a: !!str 1\nb: !!int '2'\nc: !foo bar\nd: !!map {x: 1}\ne: !<tag:x> y\n"
                 "f: !!binary aGk=\ng: !!null\nh: !!bool yes\n"),
        ("tag on key", "!!str 1: a\n!foo b: c\n"),
        ("tag bad", "a: !!\n"),
        ("set", "!!set\n? a\n? b\n"),
        ("omap", "!!omap\n- a: 1\n- b: 2\n"),
        ("indentless list", "a:\n- 1\n- 2\nb: 3\n"),
        ("list of maps", "- a: 1\n  b: 2\n- c: 3\n"),
        ("nested lists", "- - 1\n  - 2\n- - 3\n"),
        ("empty values", "a:\nb:\n  c:\nd: [ ]\n- \n"),
        ("empty list items", "- \n-\n- ~\n"),
        ("multi-line plain", "a: one\n  two\n\n  three\nb: x\n"),
        ("multi-line plain in list", "- one\n  two\n- three\n"),
        ("comment everywhere", "# head\na: 1 # one\n# mid\nb: # two\n  - x # three\n# tail"),
        ("hash in plain", "a: b#c\nd: e #f\n"),
        ("colon in plain", "a: b:c\nurl: http://x.y:80/z\n"),
        ("bad indentation", "a:\n  b: 1\n c: 2\n"),
        ("bad mapping value", "a: b: c\n"),
        ("missing colon block", "a: 1\nb\nc: 2\n"),
        ("stray dash", "a: 1\n- b\n"),
        ("unclosed quote", "a: 'x\nb: 1\n"),
        ("unclosed double quote", 'a: "x\n'),
        ("bad escape", 'a: "\\q"\n'),
        ("escaped single in double", "a: \"\\'\"\n"),
        ("tab indentation", "a:\n\tb: 1\n"),
        ("tab after value", "a: 1\t\nb:\t2\n"),
        ("tab in value", "a: x\ty\n"),
        ("tab in flow", "a: [1,\t2]\n"),
        ("tab before comment", "a: 1\t# c\n"),
        ("control character", "a: x\x1by\n"),
        ("control character after wide", "é: é\x01\n"),
        ("nul", "a: \x00\n"),
        ("del", "a: \x7f\n"),
        ("c1 character", "a: \x9f\n"),
        ("surrogate-free wide", "a: 😀\nb: [é, ü]\n'ö': 1\n"),
        ("private use", "a: \ue000\n"),
        ("noncharacter", "a: \ufffe\n"),
        ("bom", "\ufeffa: 1\n"),
        ("bom bytes", b"\xef\xbb\xbfa: 1\n"),
        ("bom in middle", "a: 1\n\ufeffb: 2\n"),
        ("bom in value", "a: x\ufeffy\n"),
        ("bom then doc marker", "\ufeff---\na: 1\n"),
        ("utf-16 bom bytes", b"\xff\xfea\x00:\x00 \x001\x00\n\x00"),
        ("not utf-8", b"a: 1\nb: \xff\n"),
        ("not utf-8 after wide", "a: é\nb: ü".encode() + b"\xc3\n"),
        ("bytes plain", b"a: [1, 2]\nb: {c: d}\n"),
        ("bytes wide", "é: ü\n".encode()),
        ("crlf", "a: 1\r\nb:\r\n  - x\r\n  - y\r\n"),
        ("cr", "a: 1\rb:\r  - x\r  - y\r"),
        ("nel", "a: 1\x85b:\x85  - x\x85  - y\x85"),
        ("line separator", "a: 1\u2028b:\u2028  - x\u2028"),
        ("paragraph separator", "a: 1\u2029b: 2\u2029"),
        ("ls in value", "a: x\u2028y\n"),
        ("mixed endings", "a: 1\r\nb: 2\rc: 3\nd: 4\x85e: [1,\u2028 2]\n"),
        ("crlf block scalar", "a: |\r\n  x\r\n  y\r\nb: 1\r\n"),
        ("crlf error", "a: [1,\r\nb: 2\r\n"),
        ("no final break", "a: 1\nb: [1, 2]"),
        ("no final break error", "a: 1\nb: [1, 2"),
        ("no final break block", "a:\n  b: 1"),
        ("trailing spaces", "a: 1   \nb: x  \n"),
        ("deep lists at bound", "a: " + "[" * 63 + "]" * 63 + "\n"),
        ("deep lists past bound", "a: " + "[" * 64 + "]" * 64 + "\n"),
        ("deep root lists past bound", "[" * 65 + "]" * 65),
        ("very deep lists", "[" * 5000 + "]" * 5000),
        ("very deep unclosed", "[" * 5000),
        ("deep maps past bound", "".join(" " * i + f"k{i}:\n" for i in range(70))),
        ("deep block past bound", "".join(" " * i + "-\n" for i in range(70))),
        ("unicode key", "é: 1\n"),
        ("root list", "- 1\n- a\n"),
        ("root scalar", "hello"),
        ("root number", "12"),
        ("root quoted", "'x'"),
        ("key with spaces before colon", "a  : 1\n"),
        ("quoted key then flow", "'a': [1]\n\"b\": {c: 1}\n"),
        ("reserved indicator", "a: @x\n"),
        ("backtick", "a: `x\n"),
        ("percent plain", "a: %x\n"),
        ("question plain", "a: ?x\n"),
        ("dash plain", "a: -x\nb: - x\n"),
        ("exclamation", "a: !\n"),
        ("ampersand alone", "a: &\n"),
        ("star alone", "a: *\n"),
        ("long line", "a: " + "x" * 20_000 + "\n"),
        ("many keys", "".join(f"k{i}: {i}\n" for i in range(3000))),
        ("many items", "a: [" + ", ".join(["[0, 0, 0]"] * 20_000) + "]\n"),
        ("many values past bound", "a: [" + ", ".join(["0"] * 300_001) + "]\n"),
        ("big hull", "vertices:\n" + "".join(f"  - [{i}, {i}.5, -{i}e-3]\n"
                                             for i in range(5000))),
        ("number forms", "a: [0, -0, 0.0, -0.0, 1e5, 1E-5, 1.5e+10, 10000000000000000000,"
                         " 100000000000000000000, 123456789012345678901]\n"),
        ("integer past digits", "a: " + "7" * 5000 + "\n"),
        ("escapes line break", '"a\\\n  b"'),
        ("key on two lines", "a\n b: 1\n"),
    ]
    return out


# -- generated documents ------------------------------------------------------------------

NAMES = ["a", "b", "mass", "xyz", "origin_xyz", "_x", "a.b", "a-b", "K9", "type", "file",
         "z" * 30, "id", "pos", "dir"]
PLAIN = ["0", "1", "-1", "0.5", "-0.25", "1e-5", "2.5E+3", "-0", "007", "1.", ".5", "0x10",
         "1_000", "null", "~", "true", "false", "True", "yes", "continuous", "assets/model.glb",
         "solid box at the stated mass", "part#3", "a-b", "-x", "é😀 ünï", "1" * 25, "x" * 80,
         "Nan", "1.2.3", "0.0824982", "12", "estimated"]
QUOTED_WORDS = ["'a b'", "'true'", "'1'", "''", '"x"', '"a: b"', '"#"', "'#x'", '"é"',
                "'it''s'", '"tab\\t"']
BLOCK_ONLY = ["https://example.com/x", "a, b and c", "x]", "{y", "a:b", "50% off"]
COMMENTS = ["", "", "", " # note", "  #: x", " #"]


def _tree(rng, depth):
    if depth == 0 or rng.random() < 0.4:
        return rng.choice(PLAIN + QUOTED_WORDS)
    if rng.random() < 0.5:
        return ("seq", [_tree(rng, depth - 1) for _ in range(rng.randint(0, 4))])
    keys = rng.sample(NAMES, rng.randint(0, 4))
    return ("map", [(k, _tree(rng, depth - 1)) for k in keys])


def _flow(rng, node, wrap):
    if isinstance(node, str):
        return node
    kind, items = node
    sep = ",\n    " if wrap and rng.random() < 0.5 else ", "
    if kind == "seq":
        return "[" + sep.join(_flow(rng, v, wrap) for v in items) + "]"
    return "{" + sep.join(f"{k}: {_flow(rng, v, wrap)}" for k, v in items) + "}"


def _block(rng, node, indent, lines, step):
    kind, items = node
    pad = " " * indent
    if not items:
        lines.append(pad + ("[]" if kind == "seq" else "{}") + rng.choice(COMMENTS))
        return
    for item in items:
        key, value = (None, item) if kind == "seq" else item
        prefix = pad + ("- " if kind == "seq" else f"{key}: ")
        if isinstance(value, str):
            text = rng.choice(BLOCK_ONLY) if key is not None and rng.random() < 0.15 \
                else value
            lines.append(prefix + text + rng.choice(COMMENTS))
        elif rng.random() < 0.3 or not value[1]:
            lines.append(prefix + _flow(rng, value, rng.random() < 0.3) + rng.choice(COMMENTS))
        elif key is not None:
            lines.append(prefix.rstrip() + rng.choice(COMMENTS))
            if rng.random() < 0.2:
                lines.append(rng.choice(["", "# between", "   # deeper"]))
            indentless = value[0] == "seq" and rng.random() < 0.5
            _block(rng, value, indent + (0 if indentless else step), lines, step)
        else:
            lines.append(pad + "-")
            _block(rng, value, indent + step, lines, step)


def generated(seed):
    rng = random.Random(seed)
    root = ("map", [(k, _tree(rng, 4)) for k in rng.sample(NAMES, rng.randint(1, 5))]) \
        if rng.random() < 0.8 else ("seq", [_tree(rng, 4) for _ in range(rng.randint(1, 4))])
    lines: list[str] = []
    _block(rng, root, rng.choice([0, 0, 0, 2]), lines, rng.choice([1, 2, 4]))
    return "\n".join(lines) + rng.choice(["\n", "\n", "", "\n\n", "\n# end", "\n  "])


SPOILERS = ["\t", "\r", "\ufeff", "---\n", "&a ", "*a", "!!str ", "? ", "|\n", "%YAML 1.1\n",
            "\u2028", "\x85", "...\n", "- ", ": ", "#", "'", '"', "[", "}", ",", "\\", "\n "]


def spoiled(seed):
    rng = random.Random(seed)
    text = generated(seed)
    at = rng.randrange(len(text) + 1)
    return text[:at] + rng.choice(SPOILERS) + text[at:]


def mutated(seed):
    rng = random.Random(seed)
    name = rng.choice(sorted(EXAMPLES))
    return mutate(EXAMPLES[name], rng, YAML_TOKENS)


def corpus():
    out = _hand_written()
    for name, text in sorted(EXAMPLES.items()):
        out.append((f"example {name}", text))
        out.append((f"example {name} crlf", text.replace("\n", "\r\n")))
    out += [(f"generated {n}", generated(n)) for n in range(200)]
    out += [(f"spoiled {n}", spoiled(n)) for n in range(150)]
    out += [(f"mutated {n}", mutated(n)) for n in range(150)]
    names = [name for name, _ in out]
    assert len(set(names)) == len(names)
    return out


def write(read) -> None:
    golden = {name: describe(read, source) for name, source in corpus()}
    lines = [json.dumps(name) + ": " + json.dumps(golden[name], sort_keys=True)
             for name in sorted(golden)]
    GOLDEN.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


if __name__ == "__main__":
    from mobiledsl.yamlio import read_yaml
    write(read_yaml)
    print(f"wrote {GOLDEN}", file=sys.stderr)

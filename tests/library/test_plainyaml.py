"""The scanner of the common YAML subset reads exactly what read_yaml reads, or steps aside.

Files are generated as a person writes them: block mappings and lists (indented or not),
[ ] and { } on one line or over several, plain and quoted scalars, comments at line ends
and on lines of their own, blank lines, with or without a final newline; then some are
spoiled (a tab, CR, a BOM, a document marker, an anchor...). Every one must give read_yaml's
tree and diagnostics, and the clean ones must be read by the scanner itself.
"""
from __future__ import annotations

import pytest
import os
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mobiledsl import yamlio
from mobiledsl.library import plainyaml
from mobiledsl.library.plainyaml import read_plain
from mobiledsl.yamlio import read_yaml
from tests.library.test_fastyaml import dump, same

SETTINGS = settings(max_examples=int(os.environ.get("FUZZ_EXAMPLES", "300")), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

NAMES = st.sampled_from(["a", "b", "mass", "xyz", "origin_xyz", "_x", "a.b", "a-b", "K9",
                         "type", "file", "é" * 0 + "z" * 30])
PLAIN = st.sampled_from(["0", "1", "-1", "0.5", "-0.25", "1e-5", "2.5E+3", "-0", "007", "1.",
                         ".5", "0x10", "1_000", "null", "~", "true", "false", "True", "yes",
                         "continuous", "assets/model.glb", "solid box at the stated mass",
                         "part#3", "a-b", "-x", "é😀 ünï", "1" * 25, "x" * 80, "Nan",
                         "1.2.3", "a,b", "[x]"])
BLOCK_ONLY = st.sampled_from(["https://example.com/x", "a, b and c", "x]", "{y", "a:b",
                              "50% off"])
SENTENCES = st.sampled_from(["solid box at the stated mass", "1 2", "true x", "x -y z- w",
                             "the chassis, 4 mm aluminium:plate", "é😀 ünï", "a, b and c",
                             "trained on a CPU (make.py); 80 to 120 % of it", "'a b'",
                             "- a", "b: c", "x #y z"])
QUOTED = st.sampled_from(["'a b'", "'true'", "'1'", "''", '"x"', '"a: b"', '"#"', "'#x'",
                          '"é"', "'it''s'", '"tab\\t"'])


def scalars(block: bool):
    options = [PLAIN, QUOTED] + ([BLOCK_ONLY] if block else [])
    return st.one_of(*options)


def trees(depth: int = 4):
    leaf = st.one_of(PLAIN, QUOTED)
    return st.recursive(
        leaf, lambda inner: st.one_of(
            st.lists(inner, max_size=4).map(lambda x: ("seq", x)),
            st.dictionaries(NAMES, inner, max_size=4).map(lambda x: ("map", list(x.items())))),
        max_leaves=12)


@st.composite
def documents(draw):
    """A document as text, from a random tree and random choices of layout."""
    root = draw(st.one_of(st.dictionaries(NAMES, trees(), min_size=1, max_size=5)
                          .map(lambda x: ("map", list(x.items()))),
                          st.lists(trees(), min_size=1, max_size=4).map(lambda x: ("seq", x))))
    step = draw(st.sampled_from([1, 2, 4]))
    lines: list[str] = []
    comment = st.sampled_from(["", "", "", " # note", "  #: x", " #"])

    def flow(node, wrap: bool) -> str:
        if isinstance(node, str):
            return node
        kind, items = node
        sep = ",\n    " if wrap and draw(st.booleans()) else ", "
        if kind == "seq":
            return "[" + sep.join(flow(v, wrap) for v in items) + "]"
        return "{" + sep.join(f"{k}: {flow(v, wrap)}" for k, v in items) + "}"

    def block(node, indent: int, lead: str) -> None:
        """Write ``node`` whose first line starts with ``lead`` at ``indent``."""
        kind, items = node
        pad = " " * indent
        if not items:
            lines.append(pad + lead + ("[]" if kind == "seq" else "{}") + draw(comment))
            return
        first = True
        for item in items:
            key, value = (None, item) if kind == "seq" else item
            head = (lead if first else " " * len(lead)) if lead else ""
            first = False
            prefix = pad + head + ("- " if kind == "seq" else "") + \
                (f"{key}:" if key is not None else "")
            if isinstance(value, str) or draw(st.integers(0, 3)) == 0:
                text = value if isinstance(value, str) else flow(value, draw(st.booleans()))
                if isinstance(value, str) and key is not None and draw(st.integers(0, 5)) == 0:
                    text = draw(BLOCK_ONLY)
                start = prefix + (" " if key is not None else "")
                if isinstance(value, str) and draw(st.integers(0, 2)) == 0:
                    # a scalar over lines: its later lines at, or deeper than, its key
                    # or '-' (deeper goes on with it; at it is another thing or wrong)
                    words = draw(SENTENCES).split(" ")
                    cut = draw(st.integers(1, len(words) - 1))
                    deeper = " " * (len(pad + head) + draw(st.sampled_from([1, 1, 2, 3, 0])))
                    lines.append(start + " ".join(words[:cut]) + draw(comment))
                    if draw(st.integers(0, 3)) == 0:
                        lines.append(draw(st.sampled_from(["", "  # between"])))
                    text, start = " ".join(words[cut:]), deeper
                lines.append(start + text + draw(comment))
            elif key is not None:
                lines.append(prefix + draw(comment))
                if draw(st.integers(0, 4)) == 0:
                    lines.append(draw(st.sampled_from(["", "# between", "   # deeper"])))
                child_indent = len(pad + head) + (0 if value[0] == "seq" and
                                                  draw(st.booleans()) else step)
                block(value, child_indent, "")
            else:   # an item that is a collection: on the line of its '-'
                if value[0] == "map" and value[1]:
                    _compact(value, len(pad + head), lines, draw, comment, flow)
                else:
                    lines.append(prefix + " " + flow(value, False) + draw(comment))

    block(root, draw(st.sampled_from([0, 0, 0, 2])), "")
    text = "\n".join(lines)
    return text + draw(st.sampled_from(["\n", "\n", "", "\n\n", "\n# end", "\n  "]))


def _compact(node, dash_col, lines, draw, comment, flow):
    """A mapping as a list item: its first key on the line of the '-'."""
    pad = " " * dash_col
    for i, (key, value) in enumerate(node[1]):
        lead = pad + ("- " if i == 0 else "  ")
        text = value if isinstance(value, str) else flow(value, False)
        lines.append(f"{lead}{key}: {text}" + draw(comment))


SPOILERS = ["\t", "\r", "\ufeff", "---\n", "&a ", "*a", "!!str ", "? ", "|\n", "%YAML 1.1\n",
            "\u2028", "\x85", "...\n", "- ", ": ", "#", "'", '"', "[", "}", ",", "\\", "\n "]


@pytest.mark.slow
@SETTINGS
@given(text=documents())
def test_a_plain_file_reads_as_read_yaml_reads_it(text):
    same(text)


@pytest.mark.slow
@SETTINGS
@given(text=documents(), spoiler=st.sampled_from(SPOILERS), where=st.floats(0, 1))
def test_a_spoiled_file_reads_as_read_yaml_reads_it(text, spoiler, where):
    at = int(where * len(text))
    same(text[:at] + spoiler + text[at:])


@pytest.mark.slow
@SETTINGS
@given(text=documents())
def test_the_scanner_reads_what_it_should(text):
    """A clean file is the scanner's own unless it holds what it leaves to the longer
    way (an empty value, '' quotes, a ':' or '#' in a flow scalar, a key that is a
    constant, a flow over lines that start at the left)."""
    node = read_plain(text, "f.yaml")
    expected, diags = read_yaml(text, "f.yaml")
    if node is not None:
        assert diags == [] and dump(node) == dump(expected)


def test_the_benchmark_shape_is_read_by_the_scanner():
    text = ("schema_version: 1\nid: wheel_1\ncategory: wheel\n"
            "description: A wheel, 80 mm across.  # measured\n"
            "visual: {file: assets/model.glb, xyz: [0, 0, 0.003], rpy: [0, 0, 0]}\n"
            "inertial:\n  mass: 0.25\n  origin_xyz: [0, 0, 0]\n"
            "  inertia: {ixx: 1e-5, ixy: 0, ixz: 0, iyy: 1.2e-5, iyz: 0, izz: 1.5e-5}\n"
            "  source: estimated\n"
            "connectors:\n  mount: {pos: [0, 0, 0], dir: [0, 0, 1], joint: {type: continuous, "
            "axis: [0, 0, 1]}}\n"
            "contacts:\n  - {xyz: [-0.15, 0, -0.035], radius: 0.025}\n"
            "  - xyz: [0.1, 0, 0]\n    radius: 0.02\n"
            "faces: [[0, 2, 1], [0, 3, 2],\n        [4, 5, 6]]  # closed\n"
            "list:\n- a\n- 'b'\n- \"c\"\nprovenance: {name: x, source_url: null}\n")
    node = read_plain(text, "f.yaml")
    assert node is not None
    same(text)


def test_the_scanner_steps_aside_for_what_it_does_not_read():
    for text in ["a: &x 1\n", "a: *x\n", "a: !!str 1\n", "a:\n", "a: 1\na: 2\n", "true: 1\n",
                 "a: |\n  x\n", "a:\tb\n", "a: b\r\n", "\ufeffa: 1\n",
                 "---\na: 1\n", "a: [1,\n2]\n", "a: {b: http://x}\n", "a: [b#c]\n",
                 "a: 'it''s'\n", 'a: "x\\ty"\n', "- - 1\n", "-\n  a: 1\n", "'a b': 1\n",
                 "a: [1, 2,]\n", "a: {b}\n", "a: 1\n  b: 2\n", "", "# only\n", "x\n",
                 "a : 1\n", "[1, 2]\n---\n"]:
        assert read_plain(text, "f.yaml") is None, text
        same(text)


def test_limits_are_left_to_the_longer_way(monkeypatch):
    # two mappings, three keys, two lists and four numbers: 11 values
    at_bound = "a: [1, 2, 3]\nb: {c: [4]}\n"
    monkeypatch.setattr(yamlio, "MAX_VALUES", 11)
    assert read_plain(at_bound, "f.yaml") is not None
    assert read_yaml(at_bound, "f.yaml")[1] == []
    assert read_plain(at_bound.replace("4]", "4, 5]"), "f.yaml") is None
    same(at_bound.replace("4]", "4, 5]"))
    monkeypatch.setattr(yamlio, "MAX_VALUES", 10)
    assert read_plain(at_bound, "f.yaml") is None
    same(at_bound)
    monkeypatch.setattr(yamlio, "MAX_DEPTH", 3)
    assert read_plain("a:\n  b: [1]\n", "f.yaml") is not None
    assert read_plain("a:\n  b: [[1]]\n", "f.yaml") is None
    assert read_plain("a:\n  b:\n    c: [1]\n", "f.yaml") is None
    same("a:\n  b: [[1]]\n")


def test_a_line_or_flow_read_before_is_placed_where_it_now_stands():
    """The scanner keeps what it made of a line and of a one-line [ ] or { } by their
    text; met again, at another line, column or file, they are placed anew."""
    first = "a: [1, {b: [2, 'x']}, 3]  # c\nk: v\n"
    again = "z:\n  y:\n    k: v\n    w: [1, {b: [2, 'x']}, 3]  # c\n  a: [1, {b: [2, 'x']}, 3]  # c\n"
    for text, file in [(first, "one.yaml"), (again, "two.yaml"), (first, "three.yaml")]:
        assert read_plain(text, file) is not None
        same(text, file)


def test_kept_shapes_still_meet_the_limits(monkeypatch):
    text = "a: [[1, 2], [3]]\n"
    assert read_plain(text, "f.yaml") is not None          # kept
    monkeypatch.setattr(yamlio, "MAX_DEPTH", 2)             # the map and one list
    assert read_plain(text, "f.yaml") is None
    same(text)
    monkeypatch.setattr(yamlio, "MAX_DEPTH", 3)
    monkeypatch.setattr(yamlio, "MAX_VALUES", 7)            # map, key, 3 lists, 3 numbers: 8
    assert read_plain(text, "f.yaml") is None
    same(text)


def _commented(text: str, comment: str) -> str:
    return "".join(line + comment + "\n" for line in text.split("\n")[:-1]) + \
        text.rpartition("\n")[2]


@pytest.mark.slow
@SETTINGS
@given(text=documents(), comment=st.sampled_from([" # c", "  #x # y", " #", "   #: 'q' [z"]),
       first=st.booleans())
def test_a_line_met_before_with_another_comment_reads_as_read_yaml_reads_it(text, comment,
                                                                             first):
    """Lines and [ ] or { } are kept by their text before a comment: read with a comment
    after every line, before or after the same file without, each reads as read_yaml."""
    texts = [text, _commented(text, comment)]
    for t in texts if first else texts[::-1]:
        same(t)


def test_a_comment_is_cut_at_its_own_hash_only():
    """A ' #' inside quotes is no comment: the text before it is no line or [ ] read
    before, whatever was read before with that text."""
    for text in ["a: 'x\n", "a: 'x #y'\n", "b: ['x\n", "b: ['x #y', 1]  # c\n",
                 "a: [1]\n", "a: [1]  # c\n", "- a\n", "- a #b\n", "- 'a #b'\n",
                 "a:\n  b: 1\n", "a:  # c\n  b: 1\n", "a: #c\n  - 1\n", "  # only\n"]:
        same(text)
    assert read_plain("b: ['x #y', 1]  # c\n", "f.yaml") is not None
    assert read_plain("a:  # c\n  b: 1\n", "f.yaml") is not None


def test_a_flow_over_lines_read_before_is_placed_where_it_now_stands():
    """A [ ] or { } over lines is kept by its first line once met twice; met again with
    the same lines, it is placed at its new line and column (later lines stand as they
    are); with other lines after the first, or lines that are no longer more indented
    than the one it opens on, it is read anew (or left to the longer way)."""
    flow = "[[1, 2], {a: x,\n      b: [3,\n          4]},\n    'q']  # c\n"
    texts = [f"k: {flow}", f"k: {flow}", f"z:\n  longer_key: {flow}", f"- {flow}",
             f"a_key_longer_than_the_last_line: {flow}", f"z:\n   y: {flow}",
             f"k: {flow.replace('3,', '3, 5,')}", f"z:\n   y: {flow}", f"z:\n  y: {flow}",
             "k: [1,\n  2]\n", "k: [1,\n  2]\n", "much_longer: [1,\n  2]\n",
             "k: {a: [1,\n 2]}\n", "k: {a: [1,\n 2]}\n", "kk: {a: [1,\n 2]}\n",
             "k:  {a: [1,\n 2]}\n", "- - [1,\n   2]\n"]
    for n, text in enumerate(texts + texts):
        same(text, f"f{n}.yaml")
    assert read_plain(f"- {flow}", "f.yaml") is not None
    assert read_plain(f"z:\n     y: {flow}", "f.yaml") is None    # '    'q']' is not inside


def test_a_flow_over_lines_kept_still_meets_the_limits(monkeypatch):
    text = "a: [[1, 2],\n  [3]]\n"          # map, key, 3 lists, 3 numbers: 8 values
    for _ in range(3):
        assert read_plain(text, "f.yaml") is not None
    monkeypatch.setattr(yamlio, "MAX_VALUES", 7)
    assert read_plain(text, "f.yaml") is None
    same(text)
    monkeypatch.setattr(yamlio, "MAX_VALUES", 8)
    assert read_plain(text, "f.yaml") is not None
    monkeypatch.setattr(yamlio, "MAX_DEPTH", 2)
    assert read_plain(text, "f.yaml") is None
    same(text)


@pytest.mark.slow
@SETTINGS
@given(text=documents(), above=st.integers(0, 3))
def test_a_file_read_again_lower_down_reads_as_read_yaml_reads_it(text, above):
    """Read three times (so that its lines and [ ] { } are kept, then built from what was
    kept), the last time below some comment lines: each time read_yaml's tree."""
    for t in [text, text, "# above\n" * above + text]:
        same(t)


_WIDE = re.compile("[^\n\x20-\x7e\xa0-\u2027\u202a-\ud7ff\ue000-\ufefe\uff00-\ufffd"
                   "\U00010000-\U0010ffff]")


@pytest.mark.slow
@settings(max_examples=2000, deadline=None)
@given(st.text(alphabet=st.one_of(st.characters(max_codepoint=0x300),
                                  st.sampled_from("\u2028\u2029\ufeff\ufffe\ue000\U0001f600\x85\t\r")),
               max_size=8))
def test_the_characters_left_to_the_longer_way(text):
    """ASCII text is judged by the ASCII part of the class alone: the same verdict."""
    assert plainyaml._outside(text) == (_WIDE.search(text) is not None)


def test_a_line_known_by_the_text_before_its_value_reads_as_read_yaml_reads_it():
    """A line whose value is a [ ] or { }, a number, null or a bool is read from the text
    before its value once that text was met (a library's lines differ in their numbers);
    any other value is read with its line. Read in turn, each file reads as read_yaml."""
    plainyaml.forget()
    files = ["k:\n  mass: 0.5\n  pos: [1, 2]\n", "k:\n  mass: 0.25\n  pos: {a: 1}\n",
             "k:\n  mass: -1e-5\n  pos: [3]\n", "k:\n  mass: true\n  pos: null\n",
             "k:\n  mass: ~\n  pos: 7\n", "k:\n  mass: x\n  pos: 0x10\n",
             "k:\n  mass: 1 # c\n  pos: [1]  # c\n", "k:\n  mass: 1 \n  pos: [1] \n",
             "k:\n  mass: 007\n  pos: 1.\n", "k:\n  mass: 1:2\n  pos: 1#2\n",
             "k:\n  mass: '1'\n  pos: \"[1]\"\n", "k:\n  mass: [1,\n    2]\n",
             "k:\n   mass: 1\n   pos: [1]\n", "k:\n  mass: \n", "k:\n  mass: -\n",
             "- 1\n- [2]\n- {a: 3}\n- -4\n- 5 6\n- false\n", "- a: 1\n  b: [1]\n- a: 2\n  b: {}\n"]
    for text in files + files:
        same(text)
    for text in files[:5]:
        assert read_plain(text, "f.yaml") is not None


def test_a_one_line_flow_reads_as_read_yaml_reads_it_however_it_is_spaced():
    """A [ ] or { } of plain scalars and flat [ ] and { } is split at ', ' when written
    tidily and listed item by item otherwise: the same tree either way."""
    flows = ["[1, 2, 3]", "[1,2,3]", "[1,  2]", "[ 1, 2 ]", "[1 , 2]", "[]", "[ ]", "{}",
             "{ }", "{a: 1, b: 2}", "{a:  1, b: 2}", "{a: 1,b: 2}", "{ a: 1 }", "[x y, z]",
             "{a: x y, b: z}", "[-1, -0.5, 1e3]", "[null, true, ~]", "{a: [1, 2], b: {c: 3}}",
             "{a: [1,2], b: { c: 3 }}", "[[1, 2], [ 3 ], []]", "[{a: 1}, {}]", "{a: 1, a: 2}",
             "{true: 1}", "{a: {null: 1}}", "[a, , b]", "[1, 2,]", "{a: [1, [2]]}", "[a: 1]"]
    for flow in flows:
        for text in [f"k: {flow}\n", f"- {flow}  # c\n", f"k:\n  - {flow}\n"]:
            same(text)
    for flow in flows[:21]:
        assert read_plain(f"k: {flow}\n", "f.yaml") is not None, flow


def test_a_flow_over_lines_reads_as_read_yaml_reads_it():
    """A [ ] or { } of plain scalars and flat ones over lines (line breaks after an opening
    bracket or a ',', or before a closing bracket) is read by the scanner; one with a line
    break elsewhere, a comment inside or a line not indented enough is left as before."""
    readable = ["k: [[1, 2],\n    [3, 4]]\n", "k: {a: 1,\n  b: [2, 3]}\n",
                "k: [\n  1, 2\n  ]\n", "k: [1,   \n\n   2]  # c\n", "k: {a: 1,\n b: 2}\nz: 1\n",
                "- [1,\n   {a: x}]\n", "a_long_key: [1,\n  2]\n"]
    others = ["k: [1,\n2]\n", "k: [1\n  , 2]\n", "k: {a:\n  1}\n", "k: [1, # c\n  2]\n",
              "k: [1,\n  'x']\n", "k: [[1,\n  2]]\n"]
    for text in readable + others + readable:
        same(text)
    for text in readable:
        assert read_plain(text, "f.yaml") is not None, text


def test_a_plain_scalar_over_lines_reads_as_read_yaml_reads_it():
    """Its later lines deeper than its key or '-' go on with it, folded with a space; a
    comment, a blank line or a line not deeper ends it, and what is not plain text below
    it (a key, a '-', a comment after it, a quoted first line) is left to the longer way."""
    read = ["a: b\n  c\n", "a: b\n  c\nd: 1\n", "a: 1\n  2\n", "a: true\n x\n",
            "- a\n  b\n- c\n", "- k: a\n   b  \n  j: 2\n", "a:\n- b\n  c\n",
            "a: b\n    cccc dd\n   e", "x:\n  a: long text\n    over\n    lines\n  b: 2\n",
            "a: b\n  c:d e\n", "a: b \n  c\n", "a: b\n  c\n# end", "a: b\n  c\n  ", "a: b\n  c",
            "a: b\n c\n  d\ne: f\n", "a: b\n  -c\n", "a: b\n  x  y   z\n",
            "a: b\n  c\n  # after\nd: e\n"]
    aside = ["a: b\n  c\n\n  d\n", "a: b # x\n  c\n", "a: b\n  # x\n  c\n", "a: b\n  c: d\n",
             "a: b\n  - c\n", "a: 'b'\n  c\n", 'a: "b"\n  c\n', "a: b\n  c #d\n",
             "a: b\n  c:\n", "a: b\n  [c]\n", "- - a\n    b\n"]
    for text in read:
        assert read_plain(text, "f.yaml") is not None, text
        same(text)
    for text in aside:
        assert read_plain(text, "f.yaml") is None, text
        same(text)


WORDS = st.sampled_from(["solid", "box", "1", "true", "-y", "z-", "a,b", "(make.py);", "80",
                         "%", "é😀", "x:y", "null"] * 4 + ["- a", "b: c", "#x", "'q'", "[x]"])


@st.composite
def scalars_over_lines(draw):
    """Keys and items (at the left, nested under a key, or a list's mappings) whose plain
    values go on over lines below, deeper or not, with comments and blank lines among them."""
    lines = []
    nest = draw(st.sampled_from(["", "n:\n", "-"]))
    items = draw(st.integers(0, 4)) == 0        # a list, else a mapping (or both: wrong)
    for i in range(draw(st.integers(1, 4))):
        if nest == "-":
            head, col = ("- " if i == 0 or draw(st.booleans()) else "  ") + f"k{i}: ", 2
        else:
            col = 2 if nest else 0
            head = " " * col + ("- " if items != (draw(st.integers(0, 9)) == 0) else f"k{i}: ")
        lines.append(head + " ".join(draw(st.lists(WORDS, min_size=1, max_size=3))) +
                     draw(st.sampled_from(["", "", " # c", "  "])))
        for _ in range(draw(st.integers(0, 3))):
            if draw(st.integers(0, 6)) == 0:
                lines.append(draw(st.sampled_from(["", "  # c", "#"])))
                continue
            deeper = " " * (col + draw(st.sampled_from([1, 1, 2, 4, 0, -1 if col else 0])))
            lines.append(deeper + " ".join(draw(st.lists(WORDS, min_size=1, max_size=3))) +
                         draw(st.sampled_from(["", "", " # c", "  "])))
    return nest + "\n".join(lines) + draw(st.sampled_from(["\n", "", "\n\n", "\n# end"]))


@pytest.mark.slow
@SETTINGS
@given(text=scalars_over_lines())
def test_values_over_lines_read_as_read_yaml_reads_them(text):
    same(text)

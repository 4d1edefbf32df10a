"""The pure parts of the language server: places, conversions, features (no server)."""
from __future__ import annotations

from lsprotocol import types as lsp

from mobiledsl.diagnostics import Fix, Label, Span, error, insertion
from mobiledsl.lsp import convert, features
from mobiledsl.lsp.positions import LineIndex
from mobiledsl.lsp.workspace import kind_of, refs_in


def test_columns_are_utf16_and_lines_lsps():
    # 𝄞 is two UTF-16 units, é one; U+2028 ends a line for the compiler, not for LSP
    text = "a𝄞é x\u2028yz\nq"
    index = LineIndex(text)
    start, end = index.span_offsets(1, 5, 1, 5)          # the compiler's "x"
    assert text[start:end] == "x"
    assert index.position(start) == (0, 5)
    start, _ = index.span_offsets(2, 1, 2, 2)            # the compiler's line 2 is "yz"
    assert text[start:start + 2] == "yz" and index.position(start) == (0, 7)
    assert index.position(text.index("q")) == (1, 0)
    assert index.from_position(0, 5) == text.index("x")
    assert index.from_position(0, 99) == text.index("\n")
    assert LineIndex(text, "utf-8").position(text.index("x")) == (0, 8)
    assert LineIndex(text, "utf-32").position(text.index("x")) == (0, 4)


def test_a_diagnostic_keeps_code_range_labels_help_and_fixes():
    text = "Robot r {\n    Lidar l(ref = \"ld\")\n}\n"
    d = error("resolve.unknown_part", "no part 'ld'", Span("/p/r.core", 2, 20, 2, 21),
              labels=(Label(Span("/p/r.core", 1, 1, 1, 5), "the robot"),),
              help="did you mean 'lidar_ld06'?",
              fixes=(Fix(Span("/p/r.core", 2, 20, 2, 21), "lidar_ld06"),))
    out = convert.to_lsp(d, lambda f: text, lambda f: "file://" + f)
    assert out.code == "resolve.unknown_part" and out.source == "mobiledsl"
    assert out.range == lsp.Range(lsp.Position(1, 19), lsp.Position(1, 21))
    assert out.message == "no part 'ld'\nhelp: did you mean 'lidar_ld06'?"
    assert out.related_information[0].message == "the robot"
    [action] = convert.code_actions("file:///p/r.core", text, [out])
    [edit] = action.edit.changes["file:///p/r.core"]
    assert edit.new_text == "lidar_ld06" and edit.range == out.range


def test_an_insertion_and_a_yaml_fix_become_edits():
    text = "a b\n"
    [edit] = convert.fix_edits([insertion("/f.core", 1, 2, ",")], text)
    assert edit.range.start == edit.range.end == lsp.Position(0, 1)
    yaml = "inertial:\n  mass: 0.1\n"
    [edit] = convert.fix_edits([Fix(Span("/c.yaml"), "{ixx: 1}", ("inertial", "inertia"))], yaml)
    assert "inertia: {ixx: 1}" in edit.new_text and edit.range.start == lsp.Position(0, 0)
    assert convert.fix_edits([Fix(Span("/c.yaml"), "1", ("nope", "x"))], yaml) == []
    assert convert.fixes_of("not ours") == [] and convert.fixes_of({"fixes": [{}]}) == []


class _Part:
    def __init__(self, pid, category, profiles=(), mass=1.0):
        self.id, self.library, self.category, self.description = pid, "lib", category, pid
        self.profiles = {p: {} for p in profiles}
        self.inertial = type("I", (), {"mass": mass})()
        self.links = ()
        self.connectors = {}


PARTS = [_Part("w", "wheel", ["Standard"]), _Part("c", "wheel", ["Caster"]),
         _Part("box", "object"), _Part("room", "environment")]


def test_ref_completion_is_filtered_by_the_profile_the_type_needs():
    text = 'Robot r {\n    Standard a(ref = "'
    items = features.completion("core", text, len(text), PARTS, {})
    assert [i.label for i in items] == ["w"] and items[0].detail == "1 kg · wheel, lib"
    text = 'World w {\n    Obstacle o(ref = "'
    assert [i.label for i in features.completion("world", text, len(text), PARTS, {})] == ["box"]
    text = 'World w {\n    environment = "r'
    assert [i.label for i in features.completion("world", text, len(text), PARTS, {})] == \
        ["room"]
    text = "Robot r {\n    Sta"
    assert "Standard" in {i.label for i in features.completion("core", text, len(text),
                                                                PARTS, {})}


def test_half_typed_text_answers_empty_and_never_raises():
    for text in ["", "(", 'ref = "', "@", "@core/", "Robot {", '"""']:
        for kind in ("core", "world", "task", "component"):
            for offset in range(len(text) + 1):
                features.completion(kind, text, offset, PARTS, {})
                assert features.hover(text, offset, lambda r: None) is None
                assert features.definition(text, offset, lambda r: None, {}, PARTS) is None


def test_kinds_and_refs():
    assert kind_of("/a/parts/x/component.yaml") == "component"
    assert kind_of("/a/b.task") == "task" and kind_of("/a/b.yaml") is None
    assert refs_in('X a(ref = "lib/w")\nenvironment = "room"') == {"lib/w", "w", "room"}

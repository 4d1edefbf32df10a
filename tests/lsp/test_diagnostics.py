"""Diagnostics while typing and their quick fixes, over stdio with a real client."""
from __future__ import annotations

from lsprotocol import types as lsp

from .session import apply_edits, make_project, run, uri

GLUE = "glue = (0, 0.12, -0.02, 0, 1, 0)"
OFF = "glue = (0, 0.14, -0.02, 0, 1, 0)"


def test_glue_error_published_with_its_code_and_range_then_fixed(tmp_path):
    root = make_project(tmp_path)
    core = root / "programs" / "diff_bot" / "diff_bot.core"
    good = core.read_text()
    # a comment with non-ASCII text before the glue on its line: the columns are UTF-16
    bad = good.replace(f"Standard wheel_l(ref = \"standard_80\", {GLUE})",
                       f"Standard wheel_l(ref = \"standard_80\", /* ré𝄞 */ {OFF})")
    assert bad != good

    async def scenario(s):
        mark = s.mark()
        s.open(core, good)
        assert await s.published_for(core, mark) == []
        mark = s.mark()
        s.change(core, bad)
        diags = await s.published_for(core, mark)
        assert [d.code for d in diags] == ["validation.assembly.glue_on_connector"]
        d = diags[0]
        line_no = next(i for i, line in enumerate(bad.splitlines()) if "wheel_l" in line)
        line = bad.splitlines()[line_no]
        start = line.index("(0, 0.14")
        utf16 = len(line[:start].encode("utf-16-le")) // 2
        assert d.range.start == lsp.Position(line_no, utf16)
        assert d.range.end == lsp.Position(line_no, utf16 + len("(0, 0.14, -0.02, 0, 1, 0)"))
        assert d.severity == lsp.DiagnosticSeverity.Error
        assert "help: to mount on 'chassis.hub_left'" in d.message

        actions = await s.client.text_document_code_action_async(lsp.CodeActionParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri(core)), range=d.range,
            context=lsp.CodeActionContext(diagnostics=[d])))
        assert len(actions) == 1 and actions[0].kind == lsp.CodeActionKind.QuickFix
        fixed = apply_edits(bad, actions[0].edit.changes[uri(core)])
        assert f"/* ré𝄞 */ {GLUE})" in fixed
        mark = s.mark()
        s.change(core, fixed, version=3)
        assert await s.published_for(core, mark) == []

    run(scenario, root)


def test_component_yaml_edit_rechecks_the_open_program(tmp_path):
    root = make_project(tmp_path)
    core = root / "programs" / "diff_bot" / "diff_bot.core"
    wheel = root / "libraries" / "demo_parts" / "parts" / "standard_80" / "component.yaml"
    text = wheel.read_text()

    async def scenario(s):
        mark = s.mark()
        s.open(core)
        assert await s.published_for(core, mark) == []
        mark = s.mark()
        s.open(wheel, text, language="yaml")
        await s.published_for(wheel, mark)
        await s.published_for(core, mark)           # re-checked on the open as well
        # the wheel loses its Standard profile (unsaved): the program that uses it says so
        mark = s.mark()
        s.change(wheel, text.replace("  Standard: {mounts: {default: mount}}",
                                     "  Caster: {mounts: {default: mount}}"))
        diags = await s.published_for(core, mark)
        assert [(d.code, d.range.start.line) for d in diags] == [
            ("semantic.profile_missing", 7), ("semantic.profile_missing", 8)]
        related = diags[0].related_information[0].location
        assert related.uri == uri(wheel) and related.range.start.line == 15
        mark = s.mark()
        s.change(wheel, text, version=3)
        assert await s.published_for(core, mark) == []

    run(scenario, root)

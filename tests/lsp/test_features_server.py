"""Completion, hover and go to definition over stdio with a real client."""
from __future__ import annotations

from lsprotocol import types as lsp

from .session import make_project, run, uri


def _pos(text: str, needle: str) -> lsp.Position:
    """The position just after the first ``needle`` (ASCII text: UTF-16 is characters)."""
    offset = text.index(needle) + len(needle)
    line = text.count("\n", 0, offset)
    return lsp.Position(line, offset - (text.rfind("\n", 0, offset) + 1))


def test_complete_hover_and_go_to_a_ref(tmp_path):
    root = make_project(tmp_path)
    core = root / "programs" / "diff_bot" / "diff_bot.core"
    text = core.read_text()
    typing = text.replace('Standard wheel_l(ref = "standard_80"', 'Standard wheel_l(ref = "st')

    async def scenario(s):
        mark = s.mark()
        s.open(core, typing)
        await s.published_for(core, mark)
        doc = lsp.TextDocumentIdentifier(uri=uri(core))
        got = await s.client.text_document_completion_async(lsp.CompletionParams(
            text_document=doc, position=_pos(typing, 'wheel_l(ref = "st')))
        labels = {item.label: item for item in got.items}
        # the parts with a Standard profile only, each with its mass
        assert "standard_80" in labels and "caster_ball" not in labels
        assert "mecanum_black" not in labels
        assert labels["standard_80"].detail.startswith("0.1 kg")

        mark = s.mark()
        s.change(core, text)
        await s.published_for(core, mark)
        at = _pos(text, 'wheel_l(ref = "stan')
        hover = await s.client.text_document_hover_async(lsp.HoverParams(
            text_document=doc, position=at))
        assert "demo_parts/standard_80" in hover.contents.value
        assert "radius 0.04 m" in hover.contents.value and "mass: 0.1 kg" in hover.contents.value

        where = await s.client.text_document_definition_async(lsp.DefinitionParams(
            text_document=doc, position=at))
        assert where.uri == uri(root / "libraries" / "demo_parts" / "parts" / "standard_80"
                                / "component.yaml")

    run(scenario, root)


def test_markers_complete_and_go_to_their_world_entity(tmp_path):
    root = make_project(tmp_path)
    task = root / "programs" / "diff_bot" / "diff_bot.task"
    world = root / "programs" / "diff_bot" / "diff_bot.world"
    text = task.read_text()

    async def scenario(s):
        mark = s.mark()
        s.open(task, text)
        await s.published_for(task, mark)
        doc = lsp.TextDocumentIdentifier(uri=uri(task))
        at = _pos(text, "goal = @world/")
        got = await s.client.text_document_completion_async(lsp.CompletionParams(
            text_document=doc, position=at))
        labels = {item.label for item in got.items}
        assert {"station", "crate", "dock"} <= labels          # the dock is the room's
        where = await s.client.text_document_definition_async(lsp.DefinitionParams(
            text_document=doc, position=at))
        assert where.uri == uri(world) and where.range.start.line == 7

        outside = tmp_path / "elsewhere.core"
        outside.write_text("Robot r {\n")
        s.open(outside)
        none = await s.client.text_document_hover_async(lsp.HoverParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri(outside)),
            position=lsp.Position(0, 3)))
        assert none is None

    run(scenario, root)

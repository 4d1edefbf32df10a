"""A program's files in the editor, over stdio with a real client: a glue's seat on hover
and definition, the outline, semantic tokens, and the code actions of every fix."""
from __future__ import annotations

from lsprotocol import types as lsp

from .session import apply_edits, edited, make_project, opened, position, run, uri

GLUE = "glue = (0, 0.12, -0.02, 0, 1, 0)"
HALF_MM_OFF = "glue = (0, 0.1205, -0.02, 0, 1, 0)"
TWO_CM_OFF = "glue = (0, 0.14, -0.02, 0, 1, 0)"
AT_GLUE = 'wheel_l(ref = "standard_80", glue = (0'


def _program(root):
    folder = root / "programs" / "diff_bot"
    return folder / "diff_bot.core", folder / "diff_bot.world", folder / "diff_bot.task"


def test_a_glue_shows_and_goes_to_the_connector_it_seats_its_part_on(tmp_path):
    root = make_project(tmp_path)
    core, _, _ = _program(root)
    base = root / "libraries" / "demo_parts" / "parts" / "diff_base" / "component.yaml"
    text = core.read_text()

    async def hover(s, doc, typed):
        return await s.client.text_document_hover_async(lsp.HoverParams(
            text_document=doc, position=position(typed, AT_GLUE + ", 0.1")))

    async def scenario(s):
        _, doc = await opened(s, core, text)
        shown = await hover(s, doc, text)
        assert "**chassis.hub_left**" in shown.contents.value
        assert "diff_base" in shown.contents.value and "0.00 mm" in shown.contents.value
        where = await s.client.text_document_definition_async(lsp.DefinitionParams(
            text_document=doc, position=position(text, AT_GLUE)))
        hub = next(i for i, line in enumerate(base.read_text().splitlines())
                   if line.startswith("  hub_left:"))
        assert where.uri == uri(base) and where.range.start.line == hub

        # half a millimetre off still seats the wheel, and the hover says how far
        typed = text.replace(GLUE, HALF_MM_OFF, 1)
        assert await edited(s, core, typed, 2) == []
        assert "0.50 mm" in (await hover(s, doc, typed)).contents.value

        # nearly: two centimetres off seats nothing; the hover is the error's
        typed = text.replace(GLUE, TWO_CM_OFF, 1)
        [d] = await edited(s, core, typed, 3)
        shown = (await hover(s, doc, typed)).contents.value
        assert "chassis.hub_left**" not in shown
        assert d.code in shown and "matches no connector" in shown
        assert await s.client.text_document_definition_async(lsp.DefinitionParams(
            text_document=doc, position=position(typed, AT_GLUE))) is None

    run(scenario, root)


def test_outlines_of_the_three_languages(tmp_path):
    root = make_project(tmp_path)
    core, world, task = _program(root)

    async def outline(s, path, text=None):
        _, doc = await opened(s, path, text)
        return await s.client.text_document_document_symbol_async(
            lsp.DocumentSymbolParams(text_document=doc))

    async def scenario(s):
        [robot] = await outline(s, core)
        assert (robot.name, robot.kind) == ("diff_bot", lsp.SymbolKind.Class)
        assert [c.name for c in robot.children] == ["intent", "chassis", "wheel_l", "wheel_r",
                                                    "ball", "top_lidar"]
        wheel = robot.children[2]
        assert wheel.detail == 'Standard "standard_80"'
        assert wheel.selection_range.start == lsp.Position(7, 13)
        [room] = await outline(s, world)
        assert [c.name for c in room.children] == ["environment", "start", "crate", "ramp",
                                                   "station"]
        [patrol] = await outline(s, task)
        assert patrol.children[3].name == "4. Navigate"
        # nearly: a half-typed core still has the components read so far
        half = core.read_text().replace('    Caster ball(ref = "caster_ball",', "    Caster ball(")
        [robot] = await outline(s, core, half)
        assert "wheel_r" in [c.name for c in robot.children]

    run(scenario, root)


def _decode(data: list[int], text: str, legend: lsp.SemanticTokensLegend):
    lines = text.split("\n")
    out, line, char = [], 0, 0
    for i in range(0, len(data), 5):
        dl, dc, length, kind, mods = data[i:i + 5]
        line, char = line + dl, (char + dc if dl == 0 else dc)
        out.append((lines[line][char:char + length], legend.token_types[kind],
                    [m for b, m in enumerate(legend.token_modifiers) if mods >> b & 1]))
    return out


def test_semantic_tokens_come_from_the_lexer(tmp_path):
    root = make_project(tmp_path)
    core, _, task = _program(root)
    text = core.read_text().replace(
        '    intent "', '    /* two\n       lines */ intent "// not a comment ')

    async def scenario(s):
        legend = s.capabilities.semantic_tokens_provider.legend
        _, doc = await opened(s, core, text)
        got = await s.client.text_document_semantic_tokens_full_async(
            lsp.SemanticTokensParams(text_document=doc))
        tokens = _decode(got.data, text, legend)
        assert ("Robot", "keyword", []) in tokens
        assert ("diff_bot", "variable", ["declaration"]) in tokens
        assert ("Standard", "type", []) in tokens and ("wheel_l", "variable",
                                                       ["declaration"]) in tokens
        assert ("ref", "parameter", []) in tokens and ('"standard_80"', "string", []) in tokens
        assert ("0.12", "number", []) in tokens
        # a block comment is one token a line; "//" in a string is the string's
        assert ("/* two", "comment", []) in tokens and ("       lines */", "comment", []) in tokens
        assert not any(t.startswith("// not") for t, kind, _ in tokens if kind == "comment")
        assert tokens[0] == (text.splitlines()[0], "comment", [])

        ttext, tdoc = await opened(s, task)
        tokens = _decode((await s.client.text_document_semantic_tokens_full_async(
            lsp.SemanticTokensParams(text_document=tdoc))).data, ttext, legend)
        assert ("@world/station", "macro", []) in tokens and ("left", "enumMember", []) in tokens
        assert ("Advance", "type", []) in tokens

    run(scenario, root)


def test_code_actions_for_the_range_asked_and_for_the_whole_file(tmp_path):
    root = make_project(tmp_path)
    core, _, _ = _program(root)
    good = core.read_text()
    bad = good.replace('ref = "lidar_ld06"', 'ref = "lidar_ld6"').replace(
        'ref = "caster_ball"', 'ref = "caster_bal"')

    async def scenario(s):
        await opened(s, core, good)
        diags = await edited(s, core, bad, 2)
        assert sorted(d.code for d in diags) == ["resolve.unknown_part"] * 2
        doc = lsp.TextDocumentIdentifier(uri=uri(core))
        lidar = position(bad, "lidar_l")
        # a client that sends no diagnostics gets the fixes of those in the range
        actions = await s.client.text_document_code_action_async(lsp.CodeActionParams(
            text_document=doc, range=lsp.Range(lidar, lidar),
            context=lsp.CodeActionContext(diagnostics=[])))
        quick = [a for a in actions if a.kind == lsp.CodeActionKind.QuickFix]
        assert [a.title for a in quick] == ['write "lidar_ld06"']
        every = [a for a in actions if a.kind == lsp.CodeActionKind.SourceFixAll]
        assert len(every) == 1
        assert apply_edits(bad, every[0].edit.changes[uri(core)]) == good
        # nearly: a range with no diagnostic gets the whole file's action only, and a
        # client asking for quick fixes alone gets none there
        start = lsp.Position(0, 0)
        actions = await s.client.text_document_code_action_async(lsp.CodeActionParams(
            text_document=doc, range=lsp.Range(start, start),
            context=lsp.CodeActionContext(diagnostics=[])))
        assert [a.kind for a in actions] == [lsp.CodeActionKind.SourceFixAll]
        actions = await s.client.text_document_code_action_async(lsp.CodeActionParams(
            text_document=doc, range=lsp.Range(start, start),
            context=lsp.CodeActionContext(diagnostics=[],
                                          only=[lsp.CodeActionKind.QuickFix])))
        assert not actions
        assert await edited(s, core, good, 3) == []

    run(scenario, root)


def test_a_powered_robot_datasheets_references_and_a_wheel_on_a_shaft(tmp_path):
    root = make_project(tmp_path, programs=("diff_drive",))
    core = root / "programs" / "diff_drive" / "diff_drive.core"
    text = core.read_text()

    async def hover(s, doc, needle):
        got = await s.client.text_document_hover_async(lsp.HoverParams(
            text_document=doc, position=position(text, needle)))
        return got.contents.value if got else None

    async def scenario(s):
        _, doc = await opened(s, core, text)
        motor = await hover(s, doc, 'motor_fl(ref = "gear')
        assert "motor:" in motor and "V rated" in motor and "stall" in motor
        battery = await hover(s, doc, 'pack(ref = "lipo')
        assert "battery:" in battery and "V nominal (" in battery
        # a wheel mates on its motor's shaft, not on the chassis
        shaft = await hover(s, doc, 'wheel_fl(ref = "standard_80", glue = (0.1')
        assert "**motor_fl.shaft**" in shaft
        # @core/ offers the components, and goes to the one named
        got = await s.client.text_document_completion_async(lsp.CompletionParams(
            text_document=doc, position=position(text, "power = @core/")))
        assert {"pack": "Battery", "driver_l": "MotorDriver"}.items() <= \
            {i.label: i.detail for i in got.items}.items()
        where = await s.client.text_document_definition_async(lsp.DefinitionParams(
            text_document=doc, position=position(text, "power = @core/pa")))
        assert where.uri == uri(core) and where.range.start == position(text, "    Battery ")
        # part ids: the one-line summary beside each
        typed = text.replace('pack(ref = "lipo_3s_2200"', 'pack(ref = "')
        await edited(s, core, typed, 2)
        got = await s.client.text_document_completion_async(lsp.CompletionParams(
            text_document=doc, position=position(typed, 'pack(ref = "')))
        [pack] = [i for i in got.items if i.label == "lipo_3s_2200"]
        assert pack.label_details.description and "kg" in pack.detail
        assert {i.label for i in got.items} == {"lipo_3s_2200"}     # the one Battery
        # nearly: the name of a component is not a reference
        assert await hover(s, doc, "Battery pa") is None

    run(scenario, root)


def test_an_edit_of_the_world_republishes_the_task_it_breaks(tmp_path):
    root = make_project(tmp_path)
    _, world, task = _program(root)
    text = world.read_text()

    async def settled(s, act) -> list[lsp.Diagnostic]:
        """Do ``act`` and wait for the world's publication, the last of the program's (they
        go out in the files' order), so none is still on its way; the task's then."""
        mark = s.mark()
        act()
        await s.published_for(world, mark)
        return s.diagnostics[uri(task)]

    async def scenario(s):
        await settled(s, lambda: s.open(task))
        assert await settled(s, lambda: s.open(world, text)) == []
        diags = await settled(s, lambda: s.change(world, text.replace("Marker station(",
                                                                      "Marker stop(")))
        assert [d.code for d in diags] and all("station" in d.message for d in diags)
        # nearly: renaming what the task does not name leaves it clean
        assert await settled(s, lambda: s.change(
            world, text.replace("Obstacle crate(", "Obstacle box_1("), 3)) == []

    run(scenario, root)

"""component.yaml and library.yaml in the editor, over stdio with a real client: the keys
and values the library schema's tables allow, a connector's name to its declaration, and
the outline of a declaration."""
from __future__ import annotations

from lsprotocol import types as lsp

from mobiledsl.library.inertia import SOURCES
from mobiledsl.library.loader import CATEGORIES
from mobiledsl.library.parts import JOINT_TYPES
from mobiledsl.model.vocabulary import COMPONENT_TYPES

from .session import edited, make_project, opened, position, run, uri

PARTS = ("libraries", "demo_parts", "parts")


def _labels(got) -> list[str]:
    return [item.label for item in got.items] if got else []


def test_keys_and_values_are_the_loader_s_own(tmp_path):
    root = make_project(tmp_path)
    wheel = root.joinpath(*PARTS, "standard_80", "component.yaml")
    text = wheel.read_text()

    async def complete(s, doc, typed, needle):
        await edited(s, wheel, typed, complete.version)
        complete.version += 1
        return _labels(await s.client.text_document_completion_async(lsp.CompletionParams(
            text_document=doc, position=position(typed, needle))))
    complete.version = 2

    async def scenario(s):
        _, doc = await opened(s, wheel, text, "yaml")
        # a value: the categories the loader allows, in its order
        assert await complete(s, doc, text.replace("category: wheel", "category: "),
                              "category: ") == list(CATEGORIES)
        # nearly: a free text's value has none
        assert await complete(s, doc, text, "description: ") == []
        # a key of inertial: the one not written yet
        assert await complete(s, doc, text.replace("  source: estimated", "  so"),
                              "\n  so") == ["source"]
        # ... with its value and its meaning, as the table says them
        typed = text.replace("  source: estimated", "  so")
        got = await s.client.text_document_completion_async(lsp.CompletionParams(
            text_document=doc, position=position(typed, "\n  so")))
        [item] = got.items
        assert item.detail == "one of " + ", ".join(SOURCES)
        assert item.documentation.startswith("Where the numbers come from")
        # nearly: the same letters in a comment
        assert await complete(s, doc, text.replace("  source: estimated",
                                                   "  source: estimated  # so"),
                              "# so") == []
        # an enum inside a flow mapping
        typed = text.replace("joint: {type: continuous", "joint: {type: ")
        assert await complete(s, doc, typed, "joint: {type: ") == list(JOINT_TYPES)
        typed = text.replace("  source: estimated", "  source: ")
        assert await complete(s, doc, typed, "  source: ") == list(SOURCES)
        # a profile's name is a component type (the one stated already left out)
        typed = text.replace("profiles:\n", "profiles:\n  \n")
        assert await complete(s, doc, typed, "profiles:\n  ") == \
            [t for t in COMPONENT_TYPES if t != "Standard"]
        # a block mapping's mount names a connector the file declares
        typed = text.replace("  Standard: {mounts: {default: mount}}",
                             "  Standard:\n    mounts:\n      default: ")
        assert await complete(s, doc, typed, "default: ") == ["mount"]

    run(scenario, root)


def test_a_connector_goes_to_its_declaration_and_a_declaration_has_an_outline(tmp_path):
    root = make_project(tmp_path)
    base = root.joinpath(*PARTS, "diff_base", "component.yaml")
    library = root / "libraries" / "demo_parts" / "library.yaml"
    text = base.read_text()

    async def scenario(s):
        _, doc = await opened(s, base, text, "yaml")
        where = await s.client.text_document_definition_async(lsp.DefinitionParams(
            text_document=doc, position=position(text, "left_wheel: hub_l")))
        declared = text.splitlines().index(next(line for line in text.splitlines()
                                                if line.startswith("  hub_left:")))
        assert where.uri == uri(base) and where.range.start == lsp.Position(declared, 2)
        # nearly: a mount's own name is no connector
        assert await s.client.text_document_definition_async(lsp.DefinitionParams(
            text_document=doc, position=position(text, "left_whe"))) is None

        symbols = await s.client.text_document_document_symbol_async(
            lsp.DocumentSymbolParams(text_document=doc))
        top = {sym.name: sym for sym in symbols}
        assert {"id", "category", "connectors", "profiles", "inertial"} <= set(top)
        assert "hub_left" in {c.name for c in top["connectors"].children}
        assert top["connectors"].range.start.line < top["connectors"].range.end.line

        _, ldoc = await opened(s, library, None, "yaml")
        symbols = await s.client.text_document_document_symbol_async(
            lsp.DocumentSymbolParams(text_document=ldoc))
        parts = next(sym for sym in symbols if sym.name == "parts")
        assert "standard_80" in {c.name for c in parts.children}

        # nearly: a YAML file that is neither declaration is not the server's
        other = root / "notes.yaml"
        other.write_text("parts: [a]\n")
        s.open(other, language="yaml")
        assert await s.client.text_document_document_symbol_async(lsp.DocumentSymbolParams(
            text_document=lsp.TextDocumentIdentifier(uri=uri(other)))) is None

    run(scenario, root)


def test_an_estimated_inertia_is_a_quick_fix_of_the_component_yaml(tmp_path):
    from .session import apply_edits
    root = make_project(tmp_path)
    wheel = root.joinpath(*PARTS, "standard_80", "component.yaml")
    text = wheel.read_text()
    tensor = "  inertia: {ixx: 0.00005, ixy: 0, ixz: 0, iyy: 0.00005, iyz: 0, izz: 0.00008}\n"
    assert tensor in text
    without = text.replace(tensor, "")

    async def scenario(s):
        _, doc = await opened(s, wheel, text, "yaml")
        diags = await edited(s, wheel, without, 2)
        [missing] = [d for d in diags if convert_fixes(d)]
        actions = await s.client.text_document_code_action_async(lsp.CodeActionParams(
            text_document=doc, range=missing.range,
            context=lsp.CodeActionContext(diagnostics=[missing])))
        [action] = actions
        fixed = apply_edits(without, action.edit.changes[uri(wheel)])
        assert "inertia: {" in fixed and fixed.count("ixx") == 1
        assert not [d for d in await edited(s, wheel, fixed, 3)
                    if d.severity == lsp.DiagnosticSeverity.Error]
        # nearly: a mass of no size has no solid to estimate from, and no fix
        diags = await edited(s, wheel, without.replace("mass: 0.1", "mass: 0"), 4)
        assert diags and not any(convert_fixes(d) for d in diags)

    run(scenario, root)


def convert_fixes(d: lsp.Diagnostic) -> list:
    from mobiledsl.lsp.convert import fixes_of
    return fixes_of(d.data)

"""The component.yaml completion reads the schema's tables (``library.schema_query``): every
key a demo declaration states is offered at its place, the keys offered are the loader's own
(what its checks list when a key is unknown there), and the values offered are the tables'
options. No server: the completion's pure parts."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from mobiledsl.library import schema_query
from mobiledsl.library.controller import (CONTROLLER, GAIT_FORM, INTEGRATORS,
                                          OBSERVATION_TERMS, controller_form)
from mobiledsl.library.controller import POLICY as POLICY_FORM
from mobiledsl.library.inertia import INERTIAL
from mobiledsl.library.legged import LINK
from mobiledsl.library.loader import COMMON_FIELDS, SCHEMA_VERSION, check_declaration
from mobiledsl.library.model import CATEGORIES
from mobiledsl.library.objects import ENTITY
from mobiledsl.library.parts import COLLISION, COMMON, JOINT
from mobiledsl.library.shapes import LINK_SHAPES, OBJECT_SHAPES, SHAPE
from mobiledsl.lsp import features, schema
from mobiledsl.yamlio import read_yaml

REPO = Path(__file__).resolve().parents[2]
PARTS = REPO / "libraries" / "demo_parts" / "parts"
DECLARATIONS = sorted(PARTS.glob("*/component.yaml"))
# the mappings whose keys the declaration names itself: no key to offer
NAMED_BY_THE_FILE = {"connectors", "links", "feet", "entities"}
BOGUS = "zzbogus"


def _mappings(node, path=()):
    """(path, node) of every mapping in a tree, lists' items by their index."""
    if node.kind == "map":
        yield path, node
        for key, child in node.value.items():
            yield from _mappings(child, (*path, key))
    elif node.kind == "seq":
        for i, child in enumerate(node.value):
            yield from _mappings(child, (*path, i))


def _blocks(file: Path):
    """(path, mapping, the keys offered there) of every block a declaration states."""
    root, _ = read_yaml(file.read_text(encoding="utf-8"), str(file))
    where = schema.where_of(root)
    for path, node in _mappings(root):
        yield path, node, where, schema_query.schema_keys(path, where, set(node.value))


def test_the_common_fields_are_the_loader_s():
    """The query reads the loader's own tables, not copies of them."""
    assert schema_query.COMMON is COMMON and schema_query.LINK is LINK
    assert schema_query.CONTROLLER is CONTROLLER
    assert tuple(f.name for f in COMMON.fields) == COMMON_FIELDS
    assert COMMON.field("category").options == CATEGORIES
    assert COMMON.field("schema_version").options == (str(SCHEMA_VERSION),)
    top = schema_query.schema_keys((), schema_query.Where("wheel"))
    assert [k.name for k in top.keys][:4] == list(COMMON_FIELDS)


def test_a_controller_s_keys_are_its_two_forms_tables():
    """Either form's keys as its table holds them (the part's check reads by it), in the
    order the loader lists them."""
    policy = schema_query.schema_keys(("controller",), schema_query.Where("chassis",
                                      frozenset({"Legged"})), {"policy"})
    assert [k.name for k in policy.keys] == [*POLICY_FORM.required, *POLICY_FORM.optional]
    gait = schema_query.schema_keys(("controller",), schema_query.Where("chassis",
                                    frozenset({"Legged"})), {"gait"})
    assert {k.name for k in gait.keys} == GAIT_FORM.allowed_keys
    assert controller_form({"policy", "gait"}) is POLICY_FORM


@pytest.mark.parametrize("file", DECLARATIONS, ids=lambda f: f.parent.name)
def test_every_key_a_demo_declaration_states_is_offered_at_its_place(file):
    seen = 0
    for path, node, _, keys in _blocks(file):
        if keys is None:
            # only a mapping the file names the keys of, or a free value inside one
            assert path[-1] in NAMED_BY_THE_FILE or path[:1] == ("provenance",), path
            continue
        seen += 1
        offered = {k.name: k for k in keys.keys}
        for key, child in node.value.items():
            if keys.block in ("provenance", "mounts") and key not in offered:
                # the library's own keys, neither checked nor kept; a mount the vocabulary
                # does not name (the loader takes any identifier, resolving judges it)
                continue
            assert key in offered, (path, key, sorted(offered))
            options = offered[key].options
            values = child.value if child.kind == "seq" else [child]
            for value in values if options else ():
                if value.kind in ("str", "bool", "number"):
                    assert (value.raw or str(value.value).lower()) in options or \
                        value.value in options, (path, key, value.value, options)
    assert seen >= 2


def _loader_allowed(file: Path, path: tuple, extra: dict | None = None) -> list[str] | None:
    """The keys the loader lists as allowed when an unknown one is stated at ``path`` of the
    declaration (``extra`` keys written there too), or None when it lists none."""
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    at = data
    for part in path:
        at = at[part]
    at.update(extra or {})
    at[BOGUS] = 0
    text = json.dumps(data)
    node, diags = read_yaml(text, str(file))
    _, diags = check_declaration(node, str(file), str(file.parent), file.parent.name, "demo",
                                 diags)
    for d in diags:
        if d.code == "library.unknown_field" and BOGUS in d.message:
            for h in d.help:
                m = re.match(r"the allowed fields are: (.*)", h)
                if m:
                    return m.group(1).split(", ")
    return None


def _unsupported_there(file: Path, path: tuple, key: str) -> bool:
    data = yaml.safe_load(file.read_text(encoding="utf-8"))
    at = data
    for part in path:
        at = at[part]
    at[key] = 0
    node, diags = read_yaml(json.dumps(data), str(file))
    _, diags = check_declaration(node, str(file), str(file.parent), file.parent.name, "demo",
                                 diags)
    where = ".".join(str(p) for p in (*path, key))
    return any(d.code == "library.unsupported" and f"'{where}'" in d.message for d in diags)


@pytest.mark.slow
@pytest.mark.parametrize("file", DECLARATIONS, ids=lambda f: f.parent.name)
def test_the_keys_offered_are_those_the_loader_allows(file):
    """At every block of the declaration: the loader's list of allowed keys is what is
    offered, but for the keys the declaration may not state there (the loader says so of
    each: library.unsupported)."""
    for path, _, _, keys in _blocks(file):
        if keys is None or any(isinstance(p, int) and p > 0 for p in path):
            continue
        allowed = _loader_allowed(file, path)
        if allowed is None:
            continue  # a free-form block, or one the loader did not read so far
        offered = [k.name for k in keys.keys]
        assert set(offered) <= set(allowed), (path, offered, allowed)
        for key in set(allowed) - set(offered):
            assert _unsupported_there(file, path, key), (path, key)


def test_the_blocks_the_loader_is_asked_about_are_many():
    """Nearly: the pin above reaches the tables and the legged checks alike."""
    names = set()
    for file in DECLARATIONS:
        names |= {keys.block for *_, keys in _blocks(file) if keys is not None}
    assert {"declaration", "inertial", "inertia", "visual", "collision", "wheel", "connector",
            "well", "steering", "driveline", "profile", "mounts", "motor", "battery",
            "track", "ground", "shape", "entity", "link", "link joint", "servo", "foot",
            "gait", "controller", "stepping"} <= names, names


QUAD = PARTS / "quad_body" / "component.yaml"
POLICY = {"policy": "assets/p.onnx", "period": 0.02, "imu": {"link": None, "xyz": [0, 0, 0],
          "rpy": [0, 0, 0]}, "observation": ["gravity", "phase"], "action_scale": 0.25,
          "simulator": {"timestep": 0.004, "integrator": "Euler", "iterations": 1,
                        "ls_iterations": 5, "eulerdamp": False},
          "basis": "trained", "phase": {"frequency": 1.5, "offsets": [0, 0.5]}}


BASE = PARTS / "diff_base" / "component.yaml"
CONTACTS = {"contacts": [{"xyz": [0.1, 0, -0.05], "radius": 0.01, "note": "a skid"}]}


@pytest.mark.parametrize("file, added, path", [
    (QUAD, {"controller": POLICY}, ("controller",)),
    (QUAD, {"controller": POLICY}, ("controller", "imu")),
    (QUAD, {"controller": POLICY}, ("controller", "simulator")),
    (QUAD, {"controller": POLICY}, ("controller", "phase")),
    (BASE, CONTACTS, ("contacts", 0)),
])
def test_the_keys_of_blocks_no_demo_declaration_states_are_the_loader_s(file, added, path):
    """A policy controller (controller.py's checks) and a contact: their keys as the
    loader lists them."""
    data = {**yaml.safe_load(file.read_text(encoding="utf-8")), **json.loads(json.dumps(added))}
    root, _ = read_yaml(json.dumps(data), str(file))
    at = data
    for part in path:
        at = at[part]
    stated = set(at)
    at[BOGUS] = 0
    node, diags = read_yaml(json.dumps(data), str(file))
    _, diags = check_declaration(node, str(file), str(file.parent), file.parent.name, "demo",
                                 diags)
    [listed] = [h for d in diags if d.code == "library.unknown_field" and BOGUS in d.message
                for h in d.help if h.startswith("the allowed fields are: ")]
    allowed = listed[len("the allowed fields are: "):].split(", ")
    keys = schema_query.schema_keys(path, schema.where_of(root), stated)
    assert [k.name for k in keys.keys] == allowed


def _offer(file: Path, old: str, new: str, needle: str, extra: str = "") -> schema.Offer:
    text = file.read_text(encoding="utf-8")
    assert old in text, old
    typed = text.replace(old, new, 1) + extra
    return schema.offer(typed, typed.index(needle) + len(needle), str(file))


@pytest.mark.parametrize("part, old, new, needle, options", [
    ("standard_80", "category: wheel", "category: ", "category: ", CATEGORIES),
    ("standard_80", "  source: estimated", "  source: ", "  source: ",
     INERTIAL.field("source").options),
    ("standard_80", "joint: {type: continuous", "joint: {type: ", "joint: {type: ",
     JOINT.field("type").options),
    ("hip_leg", "collision: {type: box", "collision: {type: ", "collision: {type: ",
     COLLISION.field("type").options),
    ("hip_leg", "- {type: capsule", "- {type: ", "- {type: ", SHAPE.field("type").options),
    ("cardboard_box", "- {type: box", "- {type: ", "- {type: ", OBJECT_SHAPES),
    ("hip_leg", "joint: {type: revolute, xyz: [0, 0, 0], rpy: [0, 0, 0], axis: [1",
     "joint: {type: , xyz: [0, 0, 0], rpy: [0, 0, 0], axis: [1", "joint: {type: ",
     ("revolute", "fixed")),
])
def test_the_values_offered_are_the_table_s_options(part, old, new, needle, options):
    found = _offer(PARTS / part / "component.yaml", old, new, needle)
    assert found.kind == "value" and found.words == tuple(options)


def test_values_the_declaration_or_the_checks_name():
    assert SHAPE.field("type").options == LINK_SHAPES
    room = PARTS / "room_6x4" / "component.yaml"
    typed = re.sub(r"ground_plane: \w+", "ground_plane: ", room.read_text(encoding="utf-8"),
                   count=1)
    at = typed.index("ground_plane: ") + len("ground_plane: ")
    assert schema.offer(typed, at, str(room)).words == ("true", "false")
    # an entity's type: the table's
    typed = re.sub(r"type: \w+", "type: ", room.read_text(encoding="utf-8"), count=1)
    at = typed.index("type: ") + len("type: ")
    assert schema.offer(typed, at, str(room)).words == ENTITY.field("type").options
    # the simulator's integrator and a policy's observation: the controller's own tuples
    quad = PARTS / "quad_body" / "component.yaml"
    base = quad.read_text(encoding="utf-8").split("controller:")[0]
    typed = base + ("controller:\n  policy: assets/p.onnx\n  simulator: {integrator: }\n")
    at = typed.index("integrator: ") + len("integrator: ")
    assert schema.offer(typed, at, str(quad)).words == INTEGRATORS
    typed = base + "controller:\n  observation: [gravity, ]\n"
    at = typed.index("[gravity, ") + len("[gravity, ")
    assert schema.offer(typed, at, str(quad)).words == tuple(
        t for t in OBSERVATION_TERMS if t != "gravity")
    # a foot's link: the links the part declares
    leg = PARTS / "hip_leg" / "component.yaml"
    found = _offer(leg, "foot: {link: knee", "foot: {link: ", "foot: {link: ")
    assert found.words == ("abduct", "hip", "knee")


def test_a_key_the_declaration_may_not_state_there_is_not_offered():
    wheel = PARTS / "standard_80" / "component.yaml"
    found = _offer(wheel, "description:", "co\ndescription:", "\nco")
    assert "collision" not in found.words and "connectors" not in found.words
    assert "contacts" in found.words
    # nearly: a chassis may state a collision
    base = PARTS / "diff_base" / "component.yaml"
    text = base.read_text(encoding="utf-8")
    typed = re.sub(r"(?m)^collision:.*\n", "", text)
    typed = typed.replace("description:", "co\ndescription:", 1)
    found = schema.offer(typed, typed.index("\nco") + 3, str(base))
    assert "collision" in found.words
    # a track's connector carries no joint; another part's may
    track = PARTS / "track_unit" / "component.yaml"
    t = track.read_text(encoding="utf-8")
    m = re.search(r"(?m)^  (\w+): \{pos: ([^}]*)\}", t)
    assert m, "a track's connector written in a flow mapping"
    typed = t.replace(m.group(0), f"  {m.group(1)}: {{pos: {m.group(2)}, }}", 1)
    at = typed.index(f"{m.group(2)}, ") + len(f"{m.group(2)}, ")
    words = schema.offer(typed, at, str(track)).words
    assert "joint" not in words and "well" in words


def test_a_key_s_item_says_its_value_unit_and_meaning():
    wheel = PARTS / "standard_80" / "component.yaml"
    text = wheel.read_text(encoding="utf-8")
    m = re.search(r"wheel: \{radius: [\d.]+, ", text)
    assert m, "the wheel's block written in a flow mapping"
    typed = text.replace(m.group(0), "wheel: { ", 1)
    at = typed.index("wheel: { ") + len("wheel: {")
    [radius] = [i for i in features.completion("component", typed, at, [], {}, None, str(wheel))
                if i.label == "radius"]
    assert radius.detail == "positive number (m)"
    assert "rolling radius" in radius.documentation and "required" in radius.documentation
    assert radius.insert_text == "radius: "

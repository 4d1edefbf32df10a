"""Resolving a ``.world`` file (docs/languages.md): its settings, the environment it takes and that
environment's entities, and its own entities, into a ``World`` record.

A taken environment's entities are resolved here, when a program takes it: their entity
types and object refs, with diagnostics that point into the environment's component.yaml.
They join the world's one namespace.
"""

from __future__ import annotations

import math

from ..diagnostics import Label, Sink, Span
from ..lang.ast import Arg, Item, String, Tuple, Word, WorldFile
from ..library.model import EnvEntity, Part, Shape
from ..model import vocabulary as vocab
from ..model.world import Entity, World
from .catalog import Catalog
from .values import wrong_value

QUAT_TOLERANCE = 1e-3
#: the name of the world a program without a .world file stands in
EMPTY_WORLD = "empty"


def default_world() -> World:
    """Without a .world file the robot stands on a ground plane alone."""
    return World(name=EMPTY_WORLD, file=None, ground_plane=True)


def resolve_world(
    ast: WorldFile | None, catalog: Catalog, sink: Sink
) -> tuple[World, frozenset[str]]:
    """The world, and every entity name it declares (its own and its environment's), whether
    or not the entity resolved."""
    if ast is None:
        return default_world(), frozenset()
    settings = _settings(ast, sink)
    env: Part | None = None
    env_arg = ast.setting("environment")
    if settings.get("environment") and env_arg is not None:  # a setting read from its arg
        env = catalog.lookup(
            settings["environment"], env_arg.value.span, sink, "environment", f"world '{ast.name}'"
        )

    ground = bool(settings.get("ground_plane", False))
    gp_arg = ast.setting("ground_plane")
    if env is not None and env.ground_plane and ground and gp_arg is not None:
        sink.error(
            "semantic.ground_plane",
            f"world '{ast.name}' adds a ground plane, but environment '{env.id}' brings its floor",
            gp_arg.span,
            label="a second floor",
            labels=(Label(env.span("ground_plane"), "the environment's floor"),),
            help=(
                "delete `ground_plane = true`: the environment's floor is the world's ground plane",
            ),
        )
    if env is not None and env.ground_plane:
        ground = True

    entities: list[Entity] = []
    spans: dict[str, tuple[Span | None, str]] = {}  # name -> (where declared, what)
    objects: dict[str, Part] = {}
    if env is not None and env_arg is not None:  # env is looked up from env_arg alone
        taken = Label(env_arg.value.span, f"environment '{env.id}' is taken here")
        for e in env.entities:
            entity = _env_entity(e, env, catalog, sink, taken, objects)
            if entity is not None:
                entities.append(entity)
            spans.setdefault(e.name, (e.span, f"an entity of environment '{env.id}'"))

    for item in ast.entities:
        name = item.name or ""
        if name in spans:
            where, what = spans[name]
            labels = (Label(where, f"'{name}' is {what}"),) if where is not None else ()
            sink.error(
                "resolve.duplicate_name",
                f"two entities are named '{name}'",
                item.name_span,
                label="declared again",
                labels=labels,
                help=(
                    "the world and the environment it takes share one namespace: "
                    "give this entity another name",
                ),
            )
            continue
        spans[name] = (item.name_span, "declared here")
        entity = _world_entity(item, catalog, sink, objects)
        if entity is not None:
            entities.append(entity)

    start = settings.get("start", (0.0, 0.0, 0.0))
    world = World(
        name=ast.name,
        file=ast.file,
        ground_plane=ground,
        start=start,
        environment=env.key if env is not None else None,
        entities=tuple(entities),
        parts=dict(sorted(objects.items())),
        span=ast.span,
    )
    return world, frozenset(spans)


# -- settings --------------------------------------------------------------------------------


def _settings(ast: WorldFile, sink: Sink) -> dict:
    out: dict = {}
    for a in ast.settings:
        if a.name == "environment":
            if isinstance(a.value, String):
                out["environment"] = a.value.value
            else:
                wrong_value(
                    sink, a, "a string, the id of an environment", 'environment = "room_6x4"'
                )
        elif a.name == "ground_plane":
            b = _bool(a)
            if b is None:
                wrong_value(sink, a, "true or false", "ground_plane = true")
            else:
                out["ground_plane"] = b
        elif a.name == "start":
            if isinstance(a.value, Tuple) and len(a.value.items) == 3:
                out["start"] = tuple(n.value for n in a.value.items)
            else:
                wrong_value(sink, a, "a tuple of three numbers: x, y, yaw", "start = (0, 0, 0)")
        else:
            sink.error(
                "semantic.unknown_argument",
                f"'{a.name}' is not a setting of a world",
                a.name_span,
                label="unknown setting",
                help=vocab.suggestion(a.name, vocab.WORLD_SETTINGS, "settings"),
            )
    return out


def _bool(a: Arg) -> bool | None:
    if isinstance(a.value, Word) and a.value.word in ("true", "false"):
        return a.value.word == "true"
    return None


# -- entities --------------------------------------------------------------------------------


def _world_entity(
    item: Item, catalog: Catalog, sink: Sink, objects: dict[str, Part]
) -> Entity | None:
    name = item.name or ""
    if item.kind not in vocab.ENTITY_TYPES:
        sink.error(
            "semantic.unknown_type",
            f"'{item.kind}' is not an entity type",
            item.kind_span,
            label="unknown entity type",
            help=vocab.suggestion(item.kind, vocab.ENTITY_TYPES, "entity types"),
        )
        return None
    ok = True
    for a in item.args:
        if a.name not in vocab.ENTITY_ARGS:
            sink.error(
                "semantic.unknown_argument",
                f"'{a.name}' is not an argument of an entity",
                a.name_span,
                label="unknown argument",
                help=vocab.suggestion(a.name, vocab.ENTITY_ARGS, "arguments of an entity"),
            )
            ok = False
    type_arg, size_arg, ref_arg = item.arg("type"), item.arg("size"), item.arg("ref")
    pos_arg, coll_arg = item.arg("pos"), item.arg("collision")

    primitive = size = pos = ref = None
    collision = vocab.ENTITY_TYPES[item.kind]
    if type_arg is not None and ref_arg is not None:
        sink.error(
            "semantic.argument_value",
            f"entity '{name}' gives both type and ref; give one",
            ref_arg.name_span,
            label="ref beside type",
            labels=(Label(type_arg.name_span, "type"),),
            help=('a primitive: type = box, size = (x, y, z); an object: ref = "<object id>"',),
        )
        ok = False
    elif type_arg is None and ref_arg is None:
        sink.error(
            "semantic.missing_argument",
            f"entity '{name}' has neither type nor ref",
            item.name_span,
            label="no shape",
            help=('a primitive: type = box, size = (x, y, z); an object: ref = "<object id>"',),
        )
        ok = False
    if type_arg is not None:
        v = type_arg.value
        word = v.word if isinstance(v, Word) else (v.value if isinstance(v, String) else None)
        if word in vocab.PRIMITIVES:
            primitive = word
        else:
            wrong_value(sink, type_arg, "box, sphere or cylinder", "type = box")
            ok = False
        if size_arg is None and ref_arg is None:
            sink.error(
                "semantic.missing_argument",
                f"entity '{name}' has a type but no size",
                type_arg.span,
                label="no size",
                help=(
                    "write size = (x, y, z): a box's sides; a sphere's diameter and a "
                    "cylinder's in x, a cylinder's height in z",
                ),
            )
            ok = False
    if size_arg is not None:
        if ref_arg is not None and type_arg is not None:
            pass  # type beside ref is reported; size goes with the type
        elif ref_arg is not None:
            sink.error(
                "semantic.unknown_argument",
                f"entity '{name}' is made of an object, which has its own size",
                size_arg.name_span,
                label="size with ref",
                help=("delete size; an object is placed as it is, not scaled",),
            )
            ok = False
        else:
            size = _positive_triple(size_arg, sink)
            ok = ok and size is not None
    if ref_arg is not None:
        if isinstance(ref_arg.value, String):
            ref = ref_arg.value.value
        else:
            wrong_value(sink, ref_arg, "a string, the id of an object", 'ref = "work_table"')
            ok = False
    if pos_arg is None:
        sink.error(
            "semantic.missing_argument",
            f"entity '{name}' has no pos",
            item.name_span,
            label="no pos",
            help=(
                "write pos = (x, y, z, qx, qy, qz, qw), the quaternion "
                "of unit length: (…, 0, 0, 0, 1) is unturned",
            ),
        )
        ok = False
    else:
        pos = _pose(pos_arg, sink)
        ok = ok and pos is not None
    if coll_arg is not None:
        b = _bool(coll_arg)
        if b is None:
            wrong_value(sink, coll_arg, "true or false", "collision = false")
            ok = False
        else:
            collision = b

    part = None
    if ref is not None and ref_arg is not None:  # ref is read from ref_arg alone
        part = catalog.lookup(ref, ref_arg.value.span, sink, "object", f"entity '{name}'")
        if part is None:
            ok = False
        elif collision and not part.collision:
            if coll_arg is not None:  # collision = true, on any entity type
                helps = (
                    "delete `collision = true`: an object without collision shapes is only shown",
                )
            else:  # an Obstacle or a SupportSurface collides by default
                helps = ("write collision = false, or place it as a Marker",)
            sink.error(
                "semantic.entity_collision",
                f"{item.kind} '{name}' collides, but object '{part.id}' has no collision shapes",
                ref_arg.value.span,
                label="only shown",
                labels=(Label(part.span(""), f"'{part.id}' states no collision"),),
                help=helps + (f"to let it collide, state its collision shapes in {part.file}",),
            )
            ok = False
    if not ok:
        return None
    return _entity(
        name, item.kind, pos, collision, primitive, size, part, objects, "world", item.span
    )


def _env_entity(
    e: EnvEntity, env: Part, catalog: Catalog, sink: Sink, taken: Label, objects: dict[str, Part]
) -> Entity | None:
    """An environment's entity, resolved; diagnostics point at its line in component.yaml."""
    span = e.span or env.span(f"entities.{e.name}")
    if e.entity not in vocab.ENTITY_TYPES:
        sink.error(
            "semantic.unknown_type",
            f"entity '{e.name}' of environment '{env.id}' is of type '{e.entity}', "
            "which is not an entity type",
            span,
            label="unknown entity type",
            labels=(taken,),
            help=vocab.suggestion(e.entity, vocab.ENTITY_TYPES, "entity types"),
        )
        return None
    collision = vocab.ENTITY_TYPES[e.entity] if e.collision is None else e.collision
    part = None
    if e.ref is not None:
        part = catalog.lookup(
            e.ref,
            span,
            sink,
            "object",
            f"entity '{e.name}' of environment '{env.id}'",
            labels=(taken,),
        )
        if part is None:
            return None
        if collision and not part.collision:
            sink.error(
                "semantic.entity_collision",
                f"{e.entity} '{e.name}' of environment '{env.id}' collides, but object "
                f"'{part.id}' has no collision shapes",
                span,
                label="only shown",
                labels=(taken,),
                help=(
                    (
                        f"delete its `collision: true` in {env.file}: an object without "
                        "collision shapes is only shown",
                    )
                    if e.collision
                    else (f"state collision: false on it, or make it a Marker, in {env.file}",)
                ),
            )
            return None
    elif e.type is None or e.size is None:
        return None  # the loader refuses this; nothing to place
    return _entity(
        e.name, e.entity, tuple(e.pos), collision, e.type, e.size, part, objects, env.key, e.span
    )


def _entity(name, kind, pos, collision, primitive, size, part, objects, origin, span) -> Entity:
    """An entity made of an object (``part``, which joins ``objects``), else of its primitive."""
    shapes: tuple[Shape, ...]
    if part is not None:
        objects[part.key] = part
        shapes, primitive = tuple(part.collision), None
    else:
        shapes = (Shape(primitive, tuple(size), (0.0, 0.0, 0.0), (0.0, 0.0, 0.0)),)
    return Entity(
        name=name,
        entity=kind,
        pos=pos,
        collision=collision,
        shapes=shapes,
        primitive=primitive,
        part=part.key if part is not None else None,
        visual=part.visual if part is not None else None,
        origin=origin,
        span=span,
    )


def _positive_triple(a: Arg, sink: Sink) -> tuple[float, float, float] | None:
    v = a.value
    if not (isinstance(v, Tuple) and len(v.items) == 3):
        wrong_value(sink, a, "a tuple of three positive numbers", "size = (0.4, 0.4, 0.4)")
        return None
    bad = [n for n in v.items if not (n.value > 0 and math.isfinite(n.value))]
    if bad:
        sink.error(
            "semantic.argument_value",
            f"'{a.name}' must be positive: {bad[0].raw}",
            bad[0].span,
            label="not positive",
            help=(
                "a box's sides; a sphere's diameter and a cylinder's in x, a "
                "cylinder's height in z: all positive, in metres",
            ),
        )
        return None
    return tuple(n.value for n in v.items)  # type: ignore[return-value]


def _pose(a: Arg, sink: Sink):
    v = a.value
    if not (isinstance(v, Tuple) and len(v.items) == 7):
        wrong_value(
            sink,
            a,
            "a tuple of seven numbers: x, y, z, qx, qy, qz, qw",
            "pos = (1.0, 0.5, 0.2, 0, 0, 0, 1)",
        )
        return None
    values = tuple(n.value for n in v.items)
    norm = math.sqrt(sum(c * c for c in values[3:]))
    if abs(norm - 1.0) > QUAT_TOLERANCE:
        q = v.items[3:]
        # the quaternion's four numbers, when their places are known here (the build
        # graph keeps them in a table of its own: then the whole tuple)
        span = (
            Span(
                q[0].span.file,
                q[0].span.line,
                q[0].span.column,
                q[-1].span.end_line,
                q[-1].span.end_column,
            )
            if q[0].span
            and q[-1].span
            and q[0].span.line is not None
            and q[-1].span.line is not None
            else v.span
        )
        sink.error(
            "semantic.argument_value",
            f"the quaternion of '{a.name}' is not of unit length (its length is {norm:.4g})",
            span,
            label="not a unit quaternion",
            help=(
                "pos is (x, y, z, qx, qy, qz, qw); an unturned entity ends in "
                "0, 0, 0, 1, and a turn of yaw about z in 0, 0, sin(yaw/2), cos(yaw/2)",
            ),
        )
        return None
    return values

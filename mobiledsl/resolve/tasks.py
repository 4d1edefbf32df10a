"""Resolving a ``.task`` file (docs/languages.md, ".task"): each step's type and arguments, and a
Navigate's goal, which must be a Marker of the world."""

from __future__ import annotations

import math

from ..diagnostics import Label, Sink
from ..lang.ast import Arg, Item, Number, Ref, TaskFile, Word
from ..model import vocabulary as vocab
from ..model.world import Step, Task, World
from .values import wrong_value


def resolve_task(
    ast: TaskFile | None,
    world: World,
    has_world_file: bool,
    sink: Sink,
    declared: frozenset[str] = frozenset(),
) -> Task | None:
    """``declared``: every entity name the world declares, resolved or not (a goal naming
    one that failed to resolve is not reported again)."""
    if ast is None:
        return None
    steps = []
    for item in ast.steps:
        step = _step(item, world, has_world_file, sink, declared)
        if step is not None:
            steps.append(step)
    return Task(name=ast.name, file=ast.file, steps=tuple(steps), span=ast.span)


def _step(
    item: Item, world: World, has_world_file: bool, sink: Sink, declared: frozenset[str]
) -> Step | None:
    st = vocab.STEP_TYPES.get(item.kind)
    if st is None:
        sink.error(
            "semantic.unknown_type",
            f"'{item.kind}' is not a task step",
            item.kind_span,
            label="unknown step",
            help=vocab.suggestion(item.kind, vocab.STEP_TYPES, "steps"),
        )
        return None
    ok = True
    args: dict = {}
    spans = {}
    names = [a.name for a in st.args]
    for a in item.args:
        spec = st.arg(a.name)
        if spec is None:
            sink.error(
                "semantic.unknown_argument",
                f"{st.name} takes no '{a.name}'",
                a.name_span,
                label="unknown argument",
                help=vocab.suggestion(a.name, names, f"arguments of {st.name}"),
            )
            ok = False
            continue
        value = _value(st.name, spec, a, world, has_world_file, sink, declared)
        if value is None:
            ok = False
            continue
        args[a.name] = value
        spans[a.name] = a.value.span
    for spec in st.args:
        if spec.required and item.arg(spec.name) is None:
            example = {
                "positive": f"{spec.name} = 1.0",
                "direction": f"{spec.name} = left",
                "marker": f"{spec.name} = @world/<marker>",
            }[spec.kind]
            sink.error(
                "semantic.missing_argument",
                f"{st.name} needs {spec.name}",
                item.kind_span,
                label=f"no {spec.name}",
                help=(f"write {st.name}({example}" + (", ..." if len(st.args) > 1 else "") + ")",),
            )
            ok = False
    if not ok:
        return None
    return Step(kind=st.name, args=args, span=item.span, arg_spans=spans)


def _value(
    step: str,
    spec: vocab.StepArg,
    a: Arg,
    world: World,
    has_world_file: bool,
    sink: Sink,
    declared: frozenset[str],
):
    v = a.value
    if spec.kind == "positive":
        if not isinstance(v, Number):
            wrong_value(sink, a, "a positive number", f"{a.name} = 0.5")
            return None
        if not (v.value > 0 and math.isfinite(v.value)):
            sink.error(
                "semantic.argument_value",
                f"'{a.name}' must be positive, not {v.raw}",
                v.span,
                label="not positive",
                help=(
                    "distances, speeds and angles are positive; the step's type or "
                    "direction says which way (BackUp goes back, Spin direction = "
                    "right turns right)",
                ),
            )
            return None
        return float(v.value)
    if spec.kind == "direction":
        if isinstance(v, Word) and v.word in vocab.DIRECTIONS:
            return v.word
        wrong_value(sink, a, "left or right", f"{a.name} = left")
        return None
    # a Navigate goal: a Marker of the world
    if isinstance(v, Ref) and v.kind != "world":
        # a reference, of the wrong kind: to the robot (or the task), not to the world
        what = {"core": "a component"}.get(v.kind, f"a name of the {v.kind}")
        markers = [e.name for e in world.entities if e.entity == "Marker"]
        sink.error(
            "semantic.reference_kind",
            f"'{a.name}' names @{v.kind}/{v.name}, {what}; a goal must be @world/<Marker>",
            v.span,
            label="not a Marker of the world",
            help=(
                f"the markers of world '{world.name}' are: "
                f"{', '.join(f'@world/{m}' for m in markers)}"
                if markers
                else "declare a Marker in the world where the robot is to go, and write "
                "goal = @world/<marker>",
            ),
        )
        return None
    if not isinstance(v, Ref):
        wrong_value(sink, a, "a reference to a Marker of the world", "goal = @world/<marker>")
        return None
    entity = next((e for e in world.entities if e.name == v.name), None)
    if entity is None and v.name in declared:
        return None  # declared, but its own errors kept it out of the world
    if entity is None:
        markers = [e.name for e in world.entities if e.entity == "Marker"]
        helps: tuple[str, ...] | list[str]
        if not has_world_file:
            helps = ("compile the task with a .world file that declares the marker",)
        else:
            close = (
                vocab.suggestion(v.name, [e.name for e in world.entities], "entities")[:1]
                if world.entities
                else ()
            )
            helps = [h for h in close if h.startswith("did you mean")]
            helps.append(
                f"the markers of world '{world.name}' are: {', '.join(markers)}"
                if markers
                else f"world '{world.name}' has no Marker: declare one, e.g. Marker "
                f"{v.name}(type = cylinder, size = (0.3, 0.3, 0.002), "
                f"pos = (x, y, 0.001, 0, 0, 0, 1))"
            )
        sink.error(
            "resolve.unknown_reference",
            f"goal '@world/{v.name}' names no entity"
            + (f" of world '{world.name}'" if has_world_file else ": there is no world"),
            v.span,
            label="names nothing",
            help=tuple(helps),
        )
        return None
    if entity.entity != "Marker":
        markers = [e.name for e in world.entities if e.entity == "Marker"]
        labels = (
            (Label(entity.span, f"'{entity.name}' is declared here"),)
            if entity.span is not None
            else ()
        )
        sink.error(
            "semantic.reference_kind",
            f"the goal of {step} names '{v.name}', {vocab.a(entity.entity)}; a goal is a Marker",
            v.span,
            label="not a Marker",
            labels=labels,
            help=(
                f"the markers of world '{world.name}' are: {', '.join(markers)}"
                if markers
                else "declare a Marker where the robot is to go",
            ),
        )
        return None
    return entity.name

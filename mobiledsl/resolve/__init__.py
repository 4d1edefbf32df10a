"""The resolve phase: names, the vocabulary, worlds and tasks (docs/assembly.md, "Resolve").

``resolve_program(core, world, task, libraries) -> (Resolved or None, diagnostics)``. The
result is None when any error was reported: a later phase never sees a half-resolved program.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..diagnostics import Diagnostic, Sink
from ..lang.ast import CoreFile, TaskFile, WorldFile
from ..library.model import Library
from .catalog import Catalog
from .model import Glue, Resolved, ResolvedComponent
from .names import resolve_core
from .tasks import resolve_task
from .worlds import default_world, resolve_world

__all__ = ["resolve_program", "Resolved", "ResolvedComponent", "Glue", "default_world"]


def resolve_program(
    core: CoreFile, world: WorldFile | None, task: TaskFile | None, libraries: Sequence[Library]
) -> tuple[Resolved | None, list[Diagnostic]]:
    sink = Sink()
    catalog = Catalog(libraries)
    catalog.check_names(sink)
    result = resolve_core(core, catalog, sink)
    resolved_world, declared = resolve_world(world, catalog, sink)
    resolved_task = resolve_task(task, resolved_world, world is not None, sink, declared)
    if sink.has_errors or result.chassis is None or result.chassis_type is None:  # both or neither
        return None, sink.items
    intent = core.intent.value if core.intent is not None else None
    return Resolved(
        name=core.name,
        file=core.file,
        components=result.components,
        chassis=result.chassis,
        chassis_type=result.chassis_type,
        world=resolved_world,
        task=resolved_task,
        intent=intent,
        span=core.span,
    ), sink.items

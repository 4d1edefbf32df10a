"""What of its libraries a program needs: the one rule every driver loads by.

The command line (``pipeline``), the build graph (``refs:`` and ``deps:`` tasks, whose
results are resolve's file_dep) and the warm core (the language server, ``watch``) all ask
``program_needs``. It is pure: the ids a program names (``program_refs``), what each
library registers (``Registry``) and the typed part records read so far in, the parts and
walkers to load out. An environment's objects are known only from its record, so a driver
asks twice: once with the parts it has (none), and again with the records of the parts
the first answer named; the second answer is the whole of it.

- a ref means the parts ``parts_meant`` gives (``"<library>/<id>"`` that id in the
  libraries of that name, a bare id in every library registering it);
- a part that is an environment names its entities' objects (one level: an object names
  nothing);
- a walker is needed when its body is among the parts needed; so are the parts its
  walker.yaml names (its limbs');
- a ref that means no part, and two libraries of one name, need every part of every library
  as *context*: resolve words its "did you mean" and its "both register" from them. What
  loading the context reports is not the program's business (``library check`` reports it).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import Any

from .recordtype import record

PartKey = tuple[int, str]  # (the library's place among the registries, an id)


@record
class WalkerNames:
    """The parts a walker.yaml names, read without checking it: its body and every part
    (the body and its limbs')."""

    body: str
    parts: tuple[str, ...]


@record
class Registry:
    """What one library registers, as its manifest lists it."""

    name: str
    parts: tuple[str, ...]
    # walker id -> what its walker.yaml names; None when the file does not read as one
    walkers: Mapping[str, WalkerNames | None]


@record
class Needs:
    """The parts (by ``PartKey``) and walkers a program needs, and the context parts
    loaded only so that resolve can word its messages (none of ``parts``)."""

    parts: tuple[PartKey, ...] = ()
    walkers: tuple[PartKey, ...] = ()
    context: tuple[PartKey, ...] = ()

    def libraries(self) -> set[int]:
        return {i for i, _ in self.parts + self.walkers + self.context}


def parts_meant(
    ref: str, registries: Sequence[tuple[str, Collection[str]]]
) -> tuple[list[PartKey], list[int]]:
    """What a ref can mean among libraries given as (name, registered ids), by their place:
    ``"<library>/<id>"`` that id in every library of that name, a bare id in every library
    that registers it (resolve reports an ambiguous one); and the libraries it was looked
    for in."""
    lib, sep, pid = ref.partition("/")
    if not sep:
        pid = ref
    searched = [i for i, (name, _) in enumerate(registries) if not sep or name == lib]
    return [(i, pid) for i in searched if pid in registries[i][1]], searched


def environment_refs(part: Any) -> list[str]:
    """The object refs an environment part's entities name (none for any other part)."""
    if part is None or part.category != "environment":
        return []
    return [entity.ref for entity in part.entities if entity.ref]


def program_needs(
    refs: Iterable[str], registries: Sequence[Registry], parts: Mapping[PartKey, Any] | None = None
) -> Needs:
    """What a program naming ``refs`` needs of ``registries``, given the typed part records
    ``parts`` read so far (``mobiledsl.library.model.Part``, or None for one that did not
    load): see the module's docstring."""
    parts = parts or {}
    ids = [(reg.name, reg.parts) for reg in registries]
    lost = False

    def meant(named: Iterable[str]) -> set[PartKey]:
        nonlocal lost
        out: set[PartKey] = set()
        for ref in named:
            found, searched = parts_meant(ref, ids)
            lost = lost or (not found and bool(searched))
            out.update(found)
        return out

    direct = meant(refs)
    needed = direct | meant(
        ref for key in sorted(direct) for ref in environment_refs(parts.get(key))
    )
    walkers: set[PartKey] = set()
    for i, reg in enumerate(registries):
        for wid, names in sorted(reg.walkers.items()):
            if names is not None and (i, names.body) in needed:
                walkers.add((i, wid))
                needed.update((i, pid) for pid in names.parts if pid in reg.parts)
    names_taken = len({reg.name for reg in registries}) < len(registries)
    context: set[PartKey] = set()
    if lost or names_taken:
        context = {(i, pid) for i, reg in enumerate(registries) for pid in reg.parts} - needed
    return Needs(tuple(sorted(needed)), tuple(sorted(walkers)), tuple(sorted(context)))


def registry_of(library: Any) -> Registry:
    """What a library loaded already (``library.model.Library``) registers, for a driver
    that keeps its libraries in memory (``needs_in``): its parts and left-out ids,
    and what each walker it loaded names. A walker left out names nothing, so no program
    needs it."""
    ids = list(library.parts) + [pid for pid in library.left_out if "/" not in pid]
    walkers: dict[str, WalkerNames | None] = {
        wid: WalkerNames(w.body, tuple(sorted({w.body, *(limb.part for limb in w.limbs)})))
        for wid, w in library.walkers.items()
    }
    return Registry(library.name, tuple(ids), walkers)


def needs_in(refs: Iterable[str], libraries: Sequence[Any]) -> Needs:
    """``program_needs`` among libraries loaded already (by their place in ``libraries``):
    every part's record is at hand, so the answer is whole at once."""
    registries = [registry_of(lib) for lib in libraries]
    parts = {(i, pid): part for i, lib in enumerate(libraries) for pid, part in lib.parts.items()}
    return program_needs(refs, registries, parts)

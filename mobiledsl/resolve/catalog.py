"""Looking a ref up across the libraries a program is compiled with.

``"<id>"`` is searched in every library, in the order given; two libraries that both register
it make the ref ambiguous. ``"<library>/<id>"`` picks one library. An id whose declaration
failed to load is reported with the load diagnostics that kept it out. Two libraries that
declare one name cannot be told apart by any ref: ``check_names`` reports that once.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from ..diagnostics import Diagnostic, Fix, Label, Sink, Span
from ..library.model import PART_CATEGORIES, Library, Part
from ..model.vocabulary import did_you_mean

WANTED = {
    "part": ("a part", PART_CATEGORIES),
    "object": ("an object", ("object",)),
    "environment": ("an environment", ("environment",)),
}


class Catalog:
    def __init__(self, libraries: Sequence[Library]):
        self.libraries = list(libraries)

    def same_name(self, lib: Library) -> list[Library]:
        """The libraries given that declare ``lib``'s name (``lib`` among them)."""
        return [other for other in self.libraries if other.name == lib.name]

    def check_names(self, sink: Sink) -> None:
        """Report, once for each, a library that declares the name of one given before it:
        no ref, bare or "<library>/<id>", can tell the two apart."""
        for i, lib in enumerate(self.libraries):
            first = next((o for o in self.libraries[:i] if o.name == lib.name), None)
            if first is None:
                continue
            ids = sorted(set(first.parts) & set(lib.parts))
            shared = f"; both register {_few(ids)}" if ids else ""
            sink.error(
                "resolve.ambiguous_part",
                f"two libraries are named '{lib.name}': {_root(first)} and "
                f"{_root(lib)}{shared}, and no ref can say which one it means",
                _name_span(lib),
                label="a second library of this name",
                labels=(Label(_name_span(first), "the first library of this name"),),
                help=(
                    "rename one of them (the name: of its library.yaml), or give "
                    "only one of them with --library",
                ),
            )

    def ids(self, want: str) -> list[str]:
        categories = WANTED[want][1]
        return sorted(
            {
                pid
                for lib in self.libraries
                for pid, p in lib.parts.items()
                if p.category in categories
            }
        )

    def with_profile(self, profile: str) -> list[str]:
        """The ids of the robot parts whose profiles list ``profile`` (a component type)."""
        return sorted(
            {
                pid
                for lib in self.libraries
                for pid, p in lib.parts.items()
                if p.category in PART_CATEGORIES and profile in p.profiles
            }
        )

    def lookup(
        self,
        ref: str,
        span: Span | None,
        sink: Sink,
        want: str = "part",
        user: str = "",
        labels: Sequence[Label] = (),
        profile: str | None = None,
    ) -> Part | None:
        """The entry ``ref`` names, of the category ``want`` asks for, or None after
        reporting why not. ``user`` says who names it, for messages ("'wheel_l'");
        ``profile``, the component type it is to be used as, for the help of an id that
        names nothing."""
        what, categories = WANTED[want]
        who = f" of {user}" if user else ""
        by = f" (the ref of {user})" if user else ""
        if "/" in ref:
            lib_name, _, pid = ref.partition("/")
            libs = [lib for lib in self.libraries if lib.name == lib_name]
            if not libs:
                given = ", ".join(lib.name for lib in self.libraries) or "none"
                sink.error(
                    "resolve.unknown_part",
                    f"the ref{who} names library '{lib_name}', which is not given",
                    span,
                    label="no such library",
                    labels=labels,
                    help=(f"the libraries given are: {given}", "add it with --library DIR"),
                )
                return None
            found = [(lib, lib.parts[pid]) for lib in libs if pid in lib.parts]
            searched = libs
        else:
            pid = ref
            found = [(lib, lib.parts[pid]) for lib in self.libraries if pid in lib.parts]
            searched = self.libraries
            if len(found) > 1:
                names = [lib.name for lib, _ in found]
                helps, clashes = [], []
                for lib, _ in found:
                    if names.count(lib.name) == 1:
                        helps.append(f'write "{lib.name}/{pid}" to take {lib.name}\'s')
                    elif lib.name not in clashes:
                        # "<name>/<id>" would name them all: no prefix picks one
                        clashes.append(lib.name)
                        roots = ", ".join(_root(o) for o in self.same_name(lib))
                        helps.append(
                            f"the libraries {roots} "
                            f"are all named '{lib.name}', so \"{lib.name}/{pid}\" "
                            "cannot pick one: rename one of them (the name: of its "
                            "library.yaml), or give only one with --library"
                        )
                sink.error(
                    "resolve.ambiguous_part",
                    f"'{pid}'{by} is registered by "
                    f"{len(found)} libraries: "
                    + ", ".join(
                        f"'{lib.name}'" + (f" ({_root(lib)})" if names.count(lib.name) > 1 else "")
                        for lib, _ in found
                    ),
                    span,
                    label="which library's?",
                    labels=labels,
                    help=tuple(helps),
                )
                return None
        if found:
            part = found[0][1]
            if part.category not in categories:
                self._wrong_category(part, ref, span, sink, want, who, labels)
                return None
            return part
        for lib in searched:
            left = lib.left_out.get(pid)
            if left is not None:
                notes = tuple(_one_line(d) for d in left.diagnostics)
                sink.error(
                    "resolve.unknown_part",
                    f"'{pid}'{by} was left out of library "
                    f"'{lib.name}': its declaration did not load",
                    span,
                    label="left out",
                    labels=labels,
                    help=(f"fix {left.file} and compile again",),
                    notes=notes,
                )
                return None
        helps, fixes = [], []
        fitting = self.with_profile(profile) if profile else []
        # a close id that carries the profile is the fix; any other close one only a hint
        close = (did_you_mean(pid, fitting) if fitting else None) or did_you_mean(
            pid, self.ids(want)
        )
        if close is not None and close != pid:
            helps.append(f'did you mean "{close}"?')
            if span is not None and "/" not in ref and (not profile or close in fitting):
                fixes.append(Fix(span, f'"{close}"'))
        elif fitting:
            helps.append(
                f"the parts that can be used as {profile} are: " + _few(fitting, 12, quote='"')
            )
        elif profile:
            helps.append(f"no part of the libraries given lists a {profile} profile")
        if self.libraries:
            helps.append("searched: " + ", ".join(f"'{lib.name}'" for lib in searched))
        else:
            helps.append("no library is given: add one with --library DIR")
        sink.error(
            "resolve.unknown_part",
            f"no library registers {what} '{pid}'{by}",
            span,
            label=f"unknown {want}",
            labels=labels,
            help=helps,
            fixes=fixes,
        )
        return None

    def _wrong_category(
        self, part: Part, ref: str, span, sink: Sink, want: str, who: str, labels
    ) -> None:
        what = WANTED[want][0]
        usage = {
            "part": "a component's ref names a part of a robot",
            "object": "an entity's ref names an object, a thing a world places",
            "environment": "a world's environment names an environment",
        }[want]
        sink.error(
            "semantic.part_category",
            f"'{ref}'{who} is of category {part.category}, not {what}",
            span,
            label=f"not {what}",
            labels=labels,
            help=(usage,),
        )


def _one_line(d: Diagnostic) -> str:
    where = ""
    if d.span is not None and d.span.file:
        where = d.span.file
        if d.span.line is not None:
            where += f":{d.span.line}"
            if d.span.column is not None:
                where += f":{d.span.column}"
        where += ": "
    return f"{where}{d.severity.value}[{d.code}]: {d.message}"


def _root(lib: Library) -> str:
    return f"'{os.fspath(lib.root)}'"


def _few(ids: Sequence[str], most: int = 3, quote: str = "'") -> str:
    shown = ", ".join(f"{quote}{i}{quote}" for i in ids[:most])
    return shown + (f" and {len(ids) - most} more" if len(ids) > most else "")


def _name_span(lib: Library) -> Span:
    """Where ``lib``'s library.yaml states its name, as its manifest records it; the file
    alone where it does not say."""
    if lib.name_span is not None:
        return lib.name_span
    return Span(os.path.join(os.fspath(lib.root), "library.yaml"))

"""Every diagnostic code mobiledsl reports, gathered from the phase packages."""

from __future__ import annotations

import importlib

from .diagnostics import CodeInfo

_PHASES = ("library", "lang", "resolve", "assembly", "analysis", "targets", "run")


def all_codes() -> dict[str, CodeInfo]:
    codes: dict[str, CodeInfo] = {}
    for phase in _PHASES:
        try:
            module = importlib.import_module(f"mobiledsl.{phase}.codes")
        except ModuleNotFoundError as exc:
            if exc.name != f"mobiledsl.{phase}.codes":
                raise
            continue
        codes.update(module.CODES)
    return codes

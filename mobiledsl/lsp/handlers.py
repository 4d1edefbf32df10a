"""Completion, hover and definition registered on the server (``features`` answers)."""
from __future__ import annotations


def register(server) -> None:
    return None

"""Mutations of hostile input, shared by the fuzz tests and ``bench/fuzz.py``.

``mutate(text, rng, tokens)`` applies one to three of: a number set to an extreme (the
values the campaigns that found the crashes used), text deleted, repeated or inserted, two
lines swapped, a bit flipped. Everything comes from ``rng``, so a seed reproduces a case.
"""
from __future__ import annotations

import random
import re

EXTREMES = ["1e200", "-1e200", "1.8e308", "-1.8e308", "1e155", "-1e155", "5e-324",
            "1e-400", "0", "-0", "1e30", "1.0000001e30", "1e-100", "9e-101", "1.4e154",
            "1" * 100_000, "NaN", "inf", "-1", "1e999", "0.0000001"]
DSL_TOKENS = ["(", ")", "{", "}", ",", "=", '"', "@world/x", "@core/chassis", "ref", "glue",
              "//", "/*", "*/", "\x00", "é", "\n", "Robot", "World", "Task", "intent",
              "(0, 0, 1)", "Standard", "environment", " = ", "\"diff_base\"", "\ufeff"]
YAML_TOKENS = [":", "- ", "{", "}", "[", "]", ",", "&a ", "*a", "!!str ", "? ", "'", '"',
               "#", "\n", "  ", "\t", "|", ">", "---\n", "...\n", "<<: ", "\\", "\x00",
               "é", "null", "true", "~", "%YAML 1.2\n"]
NUMBER = re.compile(r"(?<![A-Za-z_])-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?")


def mutate(text: str, rng: random.Random, tokens: list[str]) -> str:
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(MUTATORS)(text, rng, tokens)
    return text


def _extreme_number(text, rng, tokens):
    spots = list(NUMBER.finditer(text))
    if not spots:
        return text
    m = rng.choice(spots)
    return text[:m.start()] + rng.choice(EXTREMES) + text[m.end():]


def _delete(text, rng, tokens):
    if not text:
        return text
    i = rng.randrange(len(text))
    return text[:i] + text[i + rng.randint(1, 20):]


def _repeat(text, rng, tokens):
    if not text:
        return text
    i = rng.randrange(len(text))
    j = min(len(text), i + rng.randint(1, 40))
    return text[:j] + text[i:j] * rng.randint(1, 3) + text[j:]


def _insert(text, rng, tokens):
    i = rng.randint(0, len(text))
    return text[:i] + rng.choice(tokens) + text[i:]


def _swap_lines(text, rng, tokens):
    lines = text.split("\n")
    if len(lines) < 2:
        return text
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines)


def _flip(text, rng, tokens):
    data = bytearray(text.encode("utf-8"))
    if not data:
        return text
    data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
    return data.decode("utf-8", errors="replace")


MUTATORS = [_extreme_number, _extreme_number, _delete, _repeat, _insert, _swap_lines, _flip]

"""The order, de-duplication and cap of a decode error's problems (spec section 5.2).

Problems are listed by pointer, comparing reference tokens left to right (two tokens written as
non-negative decimal integers compare as numbers, any other two by code points; a prefix comes first),
then by rule name; one problem per pointer and rule; at most 100, then one ``too-many-problems``.
A document with a million problems costs one pass and a 100-entry heap, not a sort of a million.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from typing import TypeVar

from wirechat.errors import Problem

__all__ = ["MAX_PROBLEMS", "finish_problems", "select_problems", "too_many_problems"]

MAX_PROBLEMS = 100


def _tokens(pointer: str) -> list[str]:
    tokens = pointer.split("/")[1:]
    return [token.replace("~1", "/").replace("~0", "~") for token in tokens] if "~" in pointer else tokens


class _Key:
    """A sort key for (pointer, rule, ...) items that splits each pointer once."""

    __slots__ = ("rule", "tokens")

    def __init__(self, item: tuple[str, str, object]) -> None:
        self.tokens = _tokens(item[0])
        self.rule = item[1]

    def __lt__(self, other: _Key) -> bool:
        for a, b in zip(self.tokens, other.tokens, strict=False):
            if a != b:
                if a.isascii() and a.isdigit() and b.isascii() and b.isdigit():
                    return (int(a), a) < (int(b), b)  # "01" and "1": equal numbers, told apart by text
                return a < b  # Python compares str by code points
        if len(self.tokens) != len(other.tokens):
            return len(self.tokens) < len(other.tokens)  # a prefix first
        return self.rule < other.rule


Item = TypeVar("Item", bound=tuple[str, str, object])


def select_problems(items: Iterable[Item]) -> tuple[list[Item], int]:
    """The first 100 ``(pointer, rule, ...)`` items in the spec's order, the first of each (pointer, rule)
    only, and how many more there are."""
    unique: dict[tuple[str, str], Item] = {}
    for item in items:
        unique.setdefault((item[0], item[1]), item)
    if len(unique) <= MAX_PROBLEMS:
        return sorted(unique.values(), key=_Key), 0
    return heapq.nsmallest(MAX_PROBLEMS, unique.values(), key=_Key), len(unique) - MAX_PROBLEMS


def too_many_problems(more: int) -> Problem:
    return Problem("", f"and {more} more problems", "too-many-problems")


def finish_problems(problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` in the spec's order, the first of each (pointer, rule) only, capped at 100."""
    first, more = select_problems((problem.pointer, problem.rule, problem) for problem in problems)
    return [problem for _, _, problem in first] + ([too_many_problems(more)] if more else [])

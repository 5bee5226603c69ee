"""The order, de-duplication and cap of a decode error's problems (spec section 5.2).

Problems are listed by pointer, comparing reference tokens as written left to right (a decimal token
before any other, two decimal tokens by value then as written, any other two by code points; a prefix
comes first), then by rule name; one problem per pointer and rule; at most 100, then one ``too-many-problems``.
A document with a million problems costs one pass and a 100-entry heap, not a sort of a million.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from typing import TypeVar

from wirechat.errors import Problem

__all__ = ["MAX_PROBLEMS", "finish_problems", "pointer_key", "select_problems", "too_many_problems"]

MAX_PROBLEMS = 100


def _token_key(token: str) -> tuple[int, int, str]:
    # a decimal token before any other, by value then as written ("02" < "2" < "10"); others by code points
    if token.isascii() and token.isdigit():
        return (0, int(token), token)
    return (1, 0, token)


def pointer_key(pointer: str) -> list[tuple[int, int, str]]:
    """The sort key of a JSON pointer in spec section 5.2's total order: its tokens as written (escaped,
    never unescaped), each a decimal token ``(0, value, text)`` or another ``(1, 0, text)``; a list, so a
    prefix comes first."""
    return [_token_key(token) for token in pointer.split("/")[1:]]


class _Key:
    """A sort key for (pointer, rule, ...) items."""

    __slots__ = ("pointer", "rule")

    def __init__(self, item: tuple[str, str, object]) -> None:
        self.pointer = pointer_key(item[0])
        self.rule = item[1]

    def __lt__(self, other: _Key) -> bool:
        if self.pointer != other.pointer:
            return self.pointer < other.pointer
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

"""The order, de-duplication and cap of a decode error's problems (spec section 5.2).

Problems are listed by pointer, comparing reference tokens left to right (two tokens written as
non-negative decimal integers compare as numbers, any other two by code points; a prefix comes first),
then by rule name; one problem per pointer and rule; at most 100, then one ``too-many-problems``.
A document with a million problems costs one pass and a 100-entry heap, not a sort of a million.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable
from functools import cmp_to_key

from wirechat.errors import Problem

__all__ = ["MAX_PROBLEMS", "compare_pointers", "finish_problems"]

MAX_PROBLEMS = 100


def _tokens(pointer: str) -> list[str]:
    return [token.replace("~1", "/").replace("~0", "~") for token in pointer.split("/")[1:]]


def _code_points(left: str, right: str) -> int:
    return (left > right) - (left < right)  # Python compares str by code points


def compare_pointers(left: str, right: str) -> int:
    """-1, 0 or 1 as ``left`` comes before, with or after ``right`` in the spec's pointer order."""
    if left == right:
        return 0
    for a, b in zip(_tokens(left), _tokens(right), strict=False):
        if a == b:
            continue
        if a.isascii() and a.isdigit() and b.isascii() and b.isdigit():
            by_number = (int(a) > int(b)) - (int(a) < int(b))
            return by_number or _code_points(a, b)  # "01" and "1": equal numbers, told apart by text
        return _code_points(a, b)
    return _code_points(left.count("/") * "/", right.count("/") * "/")  # the shorter (a prefix) first


def _compare(left: Problem, right: Problem) -> int:
    return compare_pointers(left.pointer, right.pointer) or _code_points(left.rule, right.rule)


_KEY = cmp_to_key(_compare)


def finish_problems(problems: Iterable[Problem]) -> list[Problem]:
    """``problems`` in the spec's order, the first of each (pointer, rule) only, capped at 100."""
    unique: dict[tuple[str, str], Problem] = {}
    for problem in problems:
        unique.setdefault((problem.pointer, problem.rule), problem)
    if len(unique) <= MAX_PROBLEMS:
        return sorted(unique.values(), key=_KEY)
    first = heapq.nsmallest(MAX_PROBLEMS, unique.values(), key=_KEY)
    more = len(unique) - MAX_PROBLEMS
    return [*first, Problem("", f"and {more} more problems", "too-many-problems")]

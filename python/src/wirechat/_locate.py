"""Find where values start in JSON text: the line each problem's pointer is on, for the command line.

One pass of ``wirechat._textfault``'s scanner over the text (regular expressions over every run of plain
characters, so the cost is linear and mostly at C speed) gives the offset and path of every value; the
line of a pointer is the line where its value starts, or where its nearest existing parent starts (a
missing member is reported where it should be).
"""

from __future__ import annotations

from collections.abc import Iterable

from wirechat._textfault import scan
from wirechat.errors import pointer_from_path

__all__ = ["line_of_pointer", "lines_of_pointers", "value_starts"]


def value_starts(text: str) -> list[tuple[int, tuple[str | int, ...]]]:
    """``(offset, path)`` where each value of ``text`` starts, in document order, up to a text fault."""
    starts: list[tuple[int, tuple[str | int, ...]]] = []
    scan(text, lambda offset, path: starts.append((offset, path)))
    return starts


def lines_of_pointers(text: str, pointers: Iterable[str]) -> dict[str, int]:
    """The 1-based line of each pointer: where its value, or its nearest existing parent, starts."""
    wanted = set(pointers)
    # Every prefix of a wanted pointer, so that a missing member falls back to its parent.
    prefixes: dict[str, list[str]] = {}
    for pointer in wanted:
        cut = len(pointer)
        while True:
            prefixes.setdefault(pointer[:cut], []).append(pointer)
            if cut == 0:
                break
            cut = pointer.rfind("/", 0, cut)
    best: dict[str, tuple[int, int]] = {}  # pointer -> (length of the matched prefix, offset)
    found: list[tuple[int, str]] = []

    def seen(offset: int, path: tuple[str | int, ...]) -> None:
        if len(path) <= max_depth:
            found.append((offset, pointer_from_path(path)))

    max_depth = max((pointer.count("/") for pointer in wanted), default=0)
    scan(text, seen)
    for offset, candidate in found:
        for pointer in prefixes.get(candidate, ()):
            if best.get(pointer, (-1, 0))[0] < len(candidate):
                best[pointer] = (len(candidate), offset)
    return {pointer: text.count("\n", 0, best.get(pointer, (0, 0))[1]) + 1 for pointer in wanted}


def line_of_pointer(text: str, pointer: str) -> int:
    """The 1-based line where the value at ``pointer`` (or its nearest existing parent) starts."""
    return lines_of_pointers(text, [pointer])[pointer]

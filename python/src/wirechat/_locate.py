"""Find places in JSON text: the JSON pointer at a character offset, and the line a pointer starts on.

Used only on error paths (a parser's line/column becomes a pointer; the command line prints the line of
each problem), so it favours tolerance over speed: it scans text that may be malformed and stops quietly
where the syntax breaks.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

from wirechat.errors import pointer_from_path

_WHITESPACE = " \t\r\n"
_DELIMITERS = _WHITESPACE + ",:]}"


def _read_string(text: str, start: int) -> tuple[str, int]:
    """The decoded string that starts at ``text[start] == '"'``, and the offset after it."""
    i = start + 1
    while i < len(text) and text[i] != '"':
        i += 2 if text[i] == "\\" else 1
    raw = text[start : i + 1]
    try:
        decoded = json.loads(raw)
    except ValueError:
        decoded = raw[1:-1]
    return (decoded if isinstance(decoded, str) else raw), i + 1


def value_starts(text: str) -> Iterator[tuple[int, tuple[str | int, ...]]]:
    """Yield ``(offset, path)`` where each value of ``text`` starts, in document order."""
    frames: list[list[str | int | None]] = []  # [kind, key or index, expecting a key?]
    i, n = 0, len(text)
    while i < n:
        char = text[i]
        if char in _WHITESPACE:
            i += 1
            continue
        top = frames[-1] if frames else None
        if top is not None and top[0] == "obj" and top[2] and char == '"':
            top[1], i = _read_string(text, i)
            top[2] = False
            continue
        if char in ",:":
            if char == "," and top is not None:
                if top[0] == "obj":
                    top[2] = True
                elif isinstance(top[1], int):
                    top[1] += 1
            i += 1
            continue
        if char in "]}":
            if frames:
                frames.pop()
            i += 1
            continue
        path = tuple(frame[1] for frame in frames if frame[1] is not None)
        yield i, path
        if char == "{":
            frames.append(["obj", None, True])
            i += 1
        elif char == "[":
            frames.append(["arr", 0, False])
            i += 1
        elif char == '"':
            _, i = _read_string(text, i)
        else:
            while i < n and text[i] not in _DELIMITERS:
                i += 1


def pointer_at(text: str, offset: int) -> str:
    """The pointer of the value at ``offset``: the last one starting at or before it, or the one just after
    it when only blanks and a colon lie between (parsers often report the position before a member's value).
    """
    ahead = offset
    while ahead < len(text) and text[ahead] in _WHITESPACE + ":":
        ahead += 1
    found: tuple[str | int, ...] = ()
    for start, path in value_starts(text):
        if start > ahead:
            break
        found = path
    return pointer_from_path(found)


def offset_from_line_column(text: str, line: int, column: int) -> int:
    """The character offset of a 1-based line and column."""
    lines = text.split("\n")
    return sum(len(previous) + 1 for previous in lines[: line - 1]) + max(column - 1, 0)


def line_of_pointer(text: str, pointer: str) -> int:
    """The 1-based line where the value at ``pointer`` (or its nearest existing parent) starts."""
    best_offset, best_depth = 0, -1
    for start, path in value_starts(text):
        candidate = pointer_from_path(path)
        if candidate == pointer:
            return text.count("\n", 0, start) + 1
        if pointer.startswith(candidate + "/") or candidate == "":
            depth = len(path)
            if depth > best_depth:
                best_offset, best_depth = start, depth
    return text.count("\n", 0, best_offset) + 1

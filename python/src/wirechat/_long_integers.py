"""Integer literals too long for the parser, and the document's other problems (issue 26 item 10).

jiter, like CPython's ``int()``, refuses an integer literal of more than about 4,300 digits ("number out
of range"). Such a literal is well-formed JSON that breaks section 2's rule 5 (an integer past 2^53-1),
and the spec wants it reported with the document's other problems (section 5), as TypeScript and Go do.
So the text is parsed again with each such literal replaced by a short integer that breaks the same rule,
and the problems at those pointers are given back their own description.
"""

from __future__ import annotations

import re

from wirechat._textfault import scan
from wirechat.errors import Problem, WireError, pointer_from_path

_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?")
_LONG = 1000  # far below the parser's limit, far above any safe integer (16 digits)
_STAND_IN = "9007199254740993"  # 2^53 + 1: breaks unsafe-integer, as the long literal does


def shorten(raw: bytes) -> tuple[bytes, dict[str, int]] | None:
    """``raw`` with every integer literal of more than ``_LONG`` digits replaced by ``_STAND_IN`` (its
    sign kept), and the pointers replaced with their digit counts; None when there is none."""
    text = raw.decode("utf-8")
    starts: list[tuple[int, str]] = []
    scan(text, lambda start, path: starts.append((start, pointer_from_path(path))))
    pieces: list[str] = []
    replaced: dict[str, int] = {}
    done = 0
    for start, pointer in starts:
        found = _NUMBER.match(text, start)
        if found is None or found.group(1) or found.group(2):
            continue
        digits = found.end() - start - (text[start] == "-")
        if digits > _LONG:
            pieces += [text[done:start], "-" * (text[start] == "-") + _STAND_IN]
            done = found.end()
            replaced[pointer] = digits
    if not replaced:
        return None
    pieces.append(text[done:])
    return "".join(pieces).encode("utf-8"), replaced


def restore(error: WireError, replaced: dict[str, int]) -> WireError:
    """``error`` of the shortened text, with each stand-in's problem describing the literal it stands for."""
    problems = [
        Problem(p.pointer, f"an integer literal of {replaced[p.pointer]} digits, outside +/-(2^53-1)", p.rule)
        if p.pointer in replaced and p.rule == "unsafe-integer"
        else p
        for p in error.problems
    ]
    return WireError(problems, error.type_name)

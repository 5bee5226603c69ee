"""What the adapters' fast request walks share (decision 023).

Each adapter's ``request_fast`` module encodes the messages of a request in one tight pass: dispatch on the
exact type of each part, no JSON pointer built, no ``Conversion`` consulted. It covers the shapes that
need no warning and no refusal; at anything else (a degraded or refused feature, provider data it does not
carry as is, a shape it does not know) it raises ``Slow``, and the adapter's ``request_encode`` runs its
full walk instead, which writes the warnings, the refusals and their pointers. So the full walk stays the
one definition of the conversion, and the fast pass may only ever agree with it (the tests compare them
on generated requests).
"""

from __future__ import annotations

from typing import Any

import jiter

from wirechat.tool_arguments import build_arguments

try:  # not a dependency of wirechat: with it the compact check is a byte comparison, without it compact_json
    import orjson
except ImportError:  # pragma: no cover - the wheel gate and tests/adapters/test_encode_fast.py run without it
    orjson = None  # type: ignore[assignment]

__all__ = ["Slow", "arguments_object", "json_kinds"]

_MAX_SAFE = 2**53 - 1
_WIDE_LOW, _WIDE_HIGH = 2.0**53, 1e21


class Slow(Exception):  # noqa: N818 (a hand-over to the full walk, not an error)
    """Raised by a fast walk at anything only the full walk handles; never reaches a caller."""


def json_kinds(value: dict[str, Any]) -> int:
    """For an object parsed from JSON text (string keys): 0 when it holds only strings, booleans, null
    and safe integers; 1 when it also holds floats that I-JSON accepts; -1 when it holds anything
    ``_ijson.find_fault`` would report (except lone surrogates, which the caller rules out)."""
    kinds = 0
    for item in value.values():  # the usual case first: a flat object of strings and small integers
        kind = type(item)
        if kind is str or kind is bool or item is None or (kind is int and -_MAX_SAFE <= item <= _MAX_SAFE):
            continue
        break
    else:
        return 0
    stack: list[Any] = [value]
    while stack:
        node = stack.pop()
        for item in node.values() if type(node) is dict else node:
            kind = type(item)
            if kind is str or kind is bool or item is None:
                continue
            if kind is int:
                if not -_MAX_SAFE <= item <= _MAX_SAFE:
                    return -1
            elif kind is dict or kind is list:
                stack.append(item)
            elif kind is float and item - item == 0.0 and not _WIDE_LOW <= abs(item) < _WIDE_HIGH:
                kinds = 1  # finite (inf - inf and nan - nan are nan), and not a whole number beyond 2^53
            else:
                return -1
    return kinds


def arguments_object(text: str) -> tuple[dict[str, Any], bool]:
    """Tool-call arguments as the object ``tool_arguments.parse_arguments`` returns, and whether the text
    is already the arguments form (``build_arguments`` of the object gives the text back; when not, the adapter
    degrades ``tool_call.arguments_not_compact``). Anything else (not JSON, not an object, an I-JSON fault,
    blank text) raises ``Slow``: the full walk refuses it, or degrades it with its own rule.

    Without floats, ``orjson.dumps`` writes exactly what ``json.dumps(ensure_ascii=False,
    separators=(",", ":"))`` writes (same escapes, same integers, key order kept), so comparing bytes decides;
    which is the arguments form for such a value; floats are written differently (``1e-05`` against
    ``0.00001``), so those go through ``build_arguments`` itself."""
    try:
        raw = text.encode("utf-8")
        value = jiter.from_json(raw, allow_inf_nan=False, catch_duplicate_keys=True)
    except ValueError:  # UnicodeEncodeError (a lone surrogate) is a ValueError too
        raise Slow from None
    if type(value) is not dict:
        raise Slow
    kinds = json_kinds(value)
    if kinds == 0 and orjson is not None:
        try:
            return value, orjson.dumps(value) == raw
        except orjson.JSONEncodeError:  # a lone surrogate written as an escape
            raise Slow from None
    if kinds in (0, 1):
        return value, build_arguments(value) == text
    raise Slow

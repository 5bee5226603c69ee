"""Tool-call arguments: build the JSON text from an object, and parse it back with a clear error.

``ToolCall.arguments`` is a string on the wire: the exact bytes a model produced, which are often but not
always valid JSON. These helpers are the one place that crosses between that text and Python objects.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import jiter

from wirechat._arguments_text import ArgumentsNormaliser, ArgumentsTextError, plain_kinds, write_arguments
from wirechat._generated.models import ToolCall
from wirechat._ijson import find_fault
from wirechat._textfault import MAX_DEPTH
from wirechat.errors import WirechatError, pointer_from_path

__all__ = ["ArgumentsNormaliser", "ArgumentsTextError", "ToolArgumentsError", "build_arguments", "parse_arguments"]

_EXCERPT = 80
_COMPACT = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), allow_nan=False)
"""Writes the arguments form for values without floats (same escapes, integers and member order)."""


class ToolArgumentsError(WirechatError, ValueError):
    """Tool-call arguments that are not a JSON object (or an object that cannot be written as I-JSON)."""

    def __init__(self, message: str, *, tool_name: str | None = None, tool_call_id: str | None = None) -> None:
        self.tool_name = tool_name
        self.tool_call_id = tool_call_id
        where = f"tool call {tool_call_id!r} ({tool_name})" if tool_call_id else "tool arguments"
        super().__init__(f"{where}: {message}")


def build_arguments(value: Mapping[str, Any]) -> str:
    """The arguments text of an object, in the one form every language writes (spec section 6, "Arguments
    built from an object"): compact, members in the object's order, RFC 8785 strings and numbers
    (``{"x":1.0}`` gives ``{"x":1}``). Every adapter that gets arguments as an object calls this.

    Raises ``ToolArgumentsError`` for what other languages could not read back (an integer beyond
    +/-(2^53-1), a non-finite number, a lone surrogate) or a value that is not a mapping.
    """
    if not isinstance(value, Mapping):
        raise ToolArgumentsError(f"arguments must be an object (a mapping), not {type(value).__name__}")
    plain = dict(value)
    kinds = plain_kinds(plain)
    if kinds >= 0:  # the common case: no fault to name, and without floats the C encoder writes the form
        text = _COMPACT.encode(plain) if kinds == 0 else write_arguments(plain)
        if text.isascii() or not _has_lone_surrogate(text):
            return text
    fault = find_fault(plain)
    if fault is not None:
        path, _rule, message = fault
        raise ToolArgumentsError(f"{pointer_from_path(path) or '(root)'}: {message}")
    return write_arguments(plain)


def _has_lone_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def parse_arguments(arguments: ToolCall | str) -> dict[str, Any]:
    """The arguments as a dict. Empty or blank text (JSON whitespace only: space, tab, LF, CR) means no
    arguments and gives ``{}``.

    Raises ``ToolArgumentsError`` naming the call, the position and an excerpt when the text is not a
    JSON object (models do produce truncated or malformed arguments).
    """
    name = call_id = None
    if isinstance(arguments, ToolCall):
        name, call_id, text = arguments.name, arguments.id, arguments.arguments
    elif isinstance(arguments, str):
        text = arguments
    else:
        raise TypeError(f"parse_arguments() takes a ToolCall or a str, not {type(arguments).__name__}")
    if not text.strip(" \t\n\r"):  # blank: JSON whitespace only (spec section 6), not str.isspace
        return {}
    try:
        value = jiter.from_json(text.encode("utf-8", "surrogatepass"), allow_inf_nan=False, catch_duplicate_keys=True)
    except ValueError as exc:
        excerpt = text if len(text) <= _EXCERPT else text[:_EXCERPT] + "..."
        raise ToolArgumentsError(
            f"not valid JSON: {exc}; the text was {excerpt!r}", tool_name=name, tool_call_id=call_id
        ) from None
    if not isinstance(value, dict):
        raise ToolArgumentsError(
            f"arguments must be a JSON object, got {type(value).__name__}", tool_name=name, tool_call_id=call_id
        )
    deep = _too_deep(value)
    if deep is not None:
        message = f"{deep}: nesting deeper than {MAX_DEPTH} levels (spec section 2, rule 6)"
        raise ToolArgumentsError(message, tool_name=name, tool_call_id=call_id)
    fault = find_fault(value)
    if fault is not None:
        path, _rule, message = fault
        raise ToolArgumentsError(f"{pointer_from_path(path)}: {message}", tool_name=name, tool_call_id=call_id)
    return value


def _too_deep(value: dict[str, Any]) -> str | None:
    """The pointer of the first array or object past level ``MAX_DEPTH`` (the top-level object is level 1),
    or None. jiter's own recursion limit lets an empty array or object through at level 201."""
    stack: list[tuple[Any, int, list[str | int]]] = [(value, 1, [])]
    while stack:
        node, level, path = stack.pop()
        if level > MAX_DEPTH:
            return pointer_from_path(path) or "(root)"
        items = node.items() if isinstance(node, dict) else enumerate(node)
        stack += [(child, level + 1, [*path, key]) for key, child in items if isinstance(child, (dict, list))]
    return None

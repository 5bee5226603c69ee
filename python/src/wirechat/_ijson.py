"""The I-JSON rules for free-form JSON (``JsonValue``, ``JsonObject``) that no schema keyword reaches.

Typed fields get their bounds from the schema. Free-form data (``DataRef.value``, tool schemas,
provider metadata) can hold any JSON, so these types check it themselves: numbers must be finite doubles,
whole numbers must lie within +/-(2^53-1) unless they are at least 1e21 (which canonical form writes with
an exponent), and strings (keys too) must not hold lone surrogates. The same
check runs on decoded documents and on values built in Python, so ``encode`` never writes what ``decode``
would reject. The generated models use these types through datamodel-codegen's ``customTypePath``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from contextvars import ContextVar, Token
from typing import Annotated, Any

from pydantic import AfterValidator
from pydantic_core import PydanticCustomError
from typing_extensions import TypeAliasType

MAX_SAFE_INTEGER = 2**53 - 1
_WIDE_LOW, _WIDE_HIGH = 2.0**53, 1e21  # whole doubles in this range canonicalise to unsafe integer literals


def _has_lone_surrogate(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _fault(value: Any) -> tuple[str, str] | None:
    """The rule broken by one scalar and what is wrong with it, or None."""
    if isinstance(value, bool) or value is None:
        return None
    if isinstance(value, int):
        if -MAX_SAFE_INTEGER <= value <= MAX_SAFE_INTEGER:
            return None
        return "unsafe-integer", f"integer {value} is outside +/-(2^53-1), which not every language reads exactly"
    if isinstance(value, float):
        if not math.isfinite(value):
            return "number-overflow", f"number {value} is not a finite double"
        if _WIDE_LOW <= abs(value) < _WIDE_HIGH and value.is_integer():
            return "unsafe-integer", (
                f"number {value:.17g} is a whole number outside +/-(2^53-1): "
                "its canonical form is an integer literal not every language reads exactly"
            )
        return None
    if isinstance(value, str):
        return ("lone-surrogate", "string holds a lone surrogate") if _has_lone_surrogate(value) else None
    return "json-value", f"{type(value).__name__} is not a JSON value"


Fault = tuple[list[str | int], str, str]


def find_faults(value: Any) -> Iterator[Fault]:
    """The path to, rule of and description of every I-JSON fault inside ``value``."""
    stack: list[tuple[list[str | int], Any]] = [([], value)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict):
            for key, item in node.items():
                if not isinstance(key, str):
                    yield path, "json-value", f"object key {key!r} is not a string"
                    continue
                if _has_lone_surrogate(key):
                    yield path, "lone-surrogate", "object key holds a lone surrogate"
                if isinstance(item, (dict, list)):
                    stack.append(([*path, key], item))
                elif (fault := _fault(item)) is not None:
                    yield [*path, key], *fault
        elif isinstance(node, list):
            for index, item in enumerate(node):
                if isinstance(item, (dict, list)):
                    stack.append(([*path, index], item))
                elif (fault := _fault(item)) is not None:
                    yield [*path, index], *fault
        elif (fault := _fault(node)) is not None:
            yield path, *fault


def find_fault(value: Any) -> Fault | None:
    """The first I-JSON fault found inside ``value``, or None."""
    return next(find_faults(value), None)


_DEEP_HINT = 150  # far below 200 minus the depth of any typed field that holds free-form data
_deep_value_seen: ContextVar[bool] = ContextVar("wirechat_deep_value_seen", default=False)


def watch_for_deep_values() -> Token[bool]:
    """Start noting free-form values nested deeper than 150 levels (``deep_value_seen`` says if any was).

    ``decode`` uses this to skip the exact depth check of the text (spec rule 6) on documents that cannot
    nest 200 levels: their typed structure is shallow, so only free-form data can.
    """
    return _deep_value_seen.set(False)


def deep_value_seen() -> bool:
    return _deep_value_seen.get()


def _is_clean(value: Any) -> bool:
    """The fast check, without paths: True when ``value`` holds only JSON with I-JSON numbers. Reads the
    value one level at a time, and notes one more than 150 levels deep."""
    level = [value]
    depth = 0
    while level:
        depth += 1
        below: list[Any] = []
        extend = below.extend
        for node in level:
            kind = type(node)
            if kind is str or kind is bool or node is None:
                continue
            if kind is dict:
                for key in node:
                    if type(key) is not str:
                        return False
                extend(node.values())
            elif kind is list:
                extend(node)
            elif kind is int:
                if not -MAX_SAFE_INTEGER <= node <= MAX_SAFE_INTEGER:
                    return False
            elif kind is float:
                if node - node != 0.0 or _WIDE_LOW <= abs(node) < _WIDE_HIGH:  # inf - inf and nan - nan are nan
                    return False
            else:
                return False
        level = below
    if depth > _DEEP_HINT:
        _deep_value_seen.set(True)
    return True


def _check(value: Any) -> Any:
    if _is_clean(value):
        return value
    faults = list(find_faults(value))
    if faults:
        path, rule, message = faults[0]
        # One pydantic error carries them all; wirechat._pointers makes one problem of each.
        context = {"message": message, "path": path, "rule": rule, "faults": faults}
        raise PydanticCustomError("i_json", "{message}", context)
    return value


JsonValue = TypeAliasType("JsonValue", Annotated[Any, AfterValidator(_check)])
"""Any JSON value, ``None`` included, that follows the I-JSON number and string rules."""

JsonObject = TypeAliasType("JsonObject", Annotated[dict[str, Any], AfterValidator(_check)])
"""Any JSON object that follows the I-JSON number and string rules."""


def reset_deep_value_watch(token: Token[bool]) -> None:
    _deep_value_seen.reset(token)

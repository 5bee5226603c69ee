"""Bookkeeping shared by the go-model converters: warnings and refusals taken from the manifest's texts,
and checked reads of go-model JSON that name the JSON pointer of whatever is wrong.

The warning and refusal bookkeeping is the adapters' shared ``Conversion``, re-exported here.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from wirechat.adapters._conversion import Conversion

__all__ = ["Conversion", "compact", "expect_members", "read_object", "read_string"]


def compact(value: Any) -> str:
    """JSON text without insignificant whitespace, non-ASCII kept (how the SSE framing writes data)."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


def read_object(value: Any, where: str) -> dict[str, Any]:
    """``value`` checked to be a JSON object; ``ValueError`` naming ``where`` otherwise."""
    if not isinstance(value, Mapping):
        raise ValueError(f"{where or '(root)'}: expected an object, got {_kind(value)}")
    return dict(value)


def read_string(obj: Mapping[str, Any], key: str, where: str, *, required: bool = False) -> str | None:
    """``obj[key]`` checked to be a string (None when absent and not required)."""
    if key not in obj:
        if required:
            raise ValueError(f"{where}/{key}: required member is missing")
        return None
    value = obj[key]
    if not isinstance(value, str):
        raise ValueError(f"{where}/{key}: expected a string, got {_kind(value)}")
    return value


def expect_members(obj: Mapping[str, Any], allowed: tuple[str, ...], where: str, type_name: str) -> None:
    """Refuse members the seed's type does not have (the SDK would drop them silently)."""
    for key in obj:
        if key not in allowed:
            raise ValueError(f"{where}/{key}: {type_name} has no member {key!r} (it has {', '.join(allowed)})")


def _kind(value: Any) -> str:
    if value is None:
        return "null"
    return {bool: "a boolean", str: "a string", int: "a number", float: "a number", list: "an array"}.get(
        type(value), "an object" if isinstance(value, Mapping) else type(value).__name__
    )

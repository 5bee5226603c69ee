"""TokenUsage and ToolDefinition between go-model JSON and canonical wirechat JSON, both ways.

The seed's TokenUsage has the three counts (always written) and ``model``, ``latency_ms``,
``cost_micros`` (``omitempty``); wirechat's cache and reasoning counts have no go-model member.
The seed's ToolDefinition always writes ``description`` (``""`` for none) and ``input_schema``.
"""

from __future__ import annotations

from typing import Any

from wirechat._tables.go_model import USAGE
from wirechat.adapters.go_model.conversion import Conversion, expect_members, read_object, read_string

__all__ = ["tool_from_wirechat", "tool_to_wirechat", "usage_from_wirechat", "usage_to_wirechat"]

_COUNTS = ("input_tokens", "output_tokens", "total_tokens")
_EXTRA_COUNTS = ("latency_ms", "cost_micros")
_MEMBER = {count: USAGE.member(count) for count in (*_COUNTS, *_EXTRA_COUNTS)}
"""Each canonical count's go-model member, from the usage map (always written; the extra ones omitempty)."""
_MAX = 2**53 - 1


def usage_to_wirechat(value: Any, where: str = "") -> dict[str, Any]:
    """The canonical TokenUsage for a go-model TokenUsage (zero or empty omitempty members are absent)."""
    obj = read_object(value, where)
    expect_members(
        obj, (*(_MEMBER[c] for c in _COUNTS), "model", *(_MEMBER[c] for c in _EXTRA_COUNTS)), where, "TokenUsage"
    )
    out: dict[str, Any] = {key: _count(obj, _MEMBER[key], where) for key in _COUNTS}
    model = read_string(obj, "model", where)
    if model:
        out["model"] = model
    for key in _EXTRA_COUNTS:
        if _MEMBER[key] in obj and _count(obj, _MEMBER[key], where):
            out[key] = obj[_MEMBER[key]]
    return out


def _count(obj: dict[str, Any], key: str, where: str) -> int:
    value = obj.get(key, 0)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{where}/{key}: expected an integer count, got {value!r}")
    if not 0 <= value <= _MAX:
        raise ValueError(f"{where}/{key}: {value} is outside 0 .. 2^53-1 (a negative int64 count has no wirechat form)")
    return value


def usage_from_wirechat(usage: dict[str, Any], where: str, conv: Conversion) -> dict[str, Any]:
    """The go-model TokenUsage for a canonical one."""
    out = {_MEMBER[key]: usage[key] for key in _COUNTS}
    if "model" in usage:
        out["model"] = usage["model"]
    for key in _EXTRA_COUNTS:
        if key in usage:
            if usage[key]:
                out[_MEMBER[key]] = usage[key]
            else:
                conv.degrade("zero_values", f"{where}/{key}")
    if "cache_read_input_tokens" in usage or "cache_write_input_tokens" in usage:
        conv.degrade("usage.cache", where)
    if "reasoning_output_tokens" in usage:
        conv.degrade("usage.reasoning", f"{where}/reasoning_output_tokens")
    return out


def tool_to_wirechat(value: Any, where: str = "") -> dict[str, Any]:
    """The canonical ToolDefinition for a go-model one (an empty description is none)."""
    obj = read_object(value, where)
    expect_members(obj, ("name", "description", "input_schema"), where, "ToolDefinition")
    out: dict[str, Any] = {"name": read_string(obj, "name", where, required=True)}
    description = read_string(obj, "description", where)
    if description:
        out["description"] = description
    schema = obj.get("input_schema")
    if not isinstance(schema, dict):
        raise ValueError(
            f"{where}/input_schema: wirechat needs a JSON Schema object here (got {type(schema).__name__})"
        )
    out["input_schema"] = schema
    return out


def tool_from_wirechat(tool: dict[str, Any], where: str, conv: Conversion) -> dict[str, Any]:
    """The go-model ToolDefinition for a canonical one."""
    if tool.get("description") == "":
        conv.degrade("zero_values", f"{where}/description")
    for member in ("strict", "output_schema", "annotations"):
        if member in tool:
            conv.degrade(f"tools.{member}", f"{where}/{member}")
    return {"name": tool["name"], "description": tool.get("description", ""), "input_schema": tool["input_schema"]}

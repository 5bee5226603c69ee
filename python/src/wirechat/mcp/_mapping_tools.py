"""MCP ``Tool`` <-> wirechat ``ToolDefinition``, as pure functions over JSON values.

Both sides are plain JSON (``dict``): the MCP side with MCP's member names (``inputSchema``,
``readOnlyHint``), the wirechat side as its schema writes it. Every MCP member is either carried
(lossless), dropped with a :class:`MappingWarning` naming its pointer (degraded), or makes the mapping
raise :class:`McpMappingError` (refused). The field table is in ``schema/README.md`` section 13.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wirechat._order import pointer_key
from wirechat.errors import WirechatError

__all__ = [
    "MappingWarning",
    "McpMappingError",
    "definition_to_tool",
    "tool_to_definition",
]

_HINTS = {
    "readOnlyHint": "read_only_hint",
    "destructiveHint": "destructive_hint",
    "idempotentHint": "idempotent_hint",
    "openWorldHint": "open_world_hint",
}


@dataclass(frozen=True)
class MappingWarning:
    """A value the mapping could not carry: where it was (a JSON pointer into the input) and why."""

    pointer: str
    message: str

    def __str__(self) -> str:
        return f"{self.pointer or '(root)'}: {self.message}"


class McpMappingError(WirechatError, ValueError):
    """The input cannot be mapped at all: ``pointer`` names the value, ``reason`` says why."""

    def __init__(self, pointer: str, reason: str) -> None:
        super().__init__(f"{pointer or '(root)'}: {reason}")
        self.pointer = pointer
        self.reason = reason


def in_pointer_order(warnings: list[MappingWarning]) -> list[MappingWarning]:
    """Warnings in the order of their pointers (spec section 5.2), the same in every language."""
    return sorted(warnings, key=lambda w: pointer_key(w.pointer))


def _object(value: Any, pointer: str, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise McpMappingError(pointer, f"{what} must be a JSON object (got {type(value).__name__})")
    return value


def _string(value: Any, pointer: str) -> str:
    if not isinstance(value, str):
        raise McpMappingError(pointer, f"must be a string (got {type(value).__name__})")
    return value


def _boolean(value: Any, pointer: str) -> bool:
    if not isinstance(value, bool):
        raise McpMappingError(pointer, f"must be a boolean (got {type(value).__name__})")
    return value


def tool_to_definition(tool: Any) -> tuple[dict[str, Any], list[MappingWarning]]:
    """Map an MCP ``Tool`` to a ``ToolDefinition``; returns it with the warnings for what was dropped."""
    tool = _object(tool, "", "an MCP Tool")
    warnings: list[MappingWarning] = []
    if "name" not in tool:
        raise McpMappingError("/name", "an MCP Tool needs a name")
    name = _string(tool["name"], "/name")
    if not 1 <= len(name) <= 128:
        raise McpMappingError("/name", f"a tool name is 1 to 128 characters (got {len(name)})")
    if "inputSchema" not in tool:
        raise McpMappingError("/inputSchema", "an MCP Tool needs an inputSchema")
    out: dict[str, Any] = {
        "name": name,
        "input_schema": _object(tool["inputSchema"], "/inputSchema", "inputSchema"),
    }
    annotations: dict[str, Any] = {}
    for key, value in tool.items():
        pointer = "/" + key.replace("~", "~0").replace("/", "~1")
        if key in ("name", "inputSchema"):
            continue
        if key == "description":
            out["description"] = _string(value, pointer)
        elif key == "outputSchema":
            out["output_schema"] = _object(value, pointer, "outputSchema")
        elif key == "title":
            annotations["title"] = _string(value, pointer)
        elif key == "annotations":
            _annotations(_object(value, pointer, "annotations"), tool, annotations, warnings)
        else:
            warnings.append(MappingWarning(pointer, "ToolDefinition has no field for it; dropped"))
    if annotations:
        out["annotations"] = annotations
    return out, in_pointer_order(warnings)


def _annotations(
    given: dict[str, Any], tool: dict[str, Any], into: dict[str, Any], warnings: list[MappingWarning]
) -> None:
    for key, value in given.items():
        pointer = "/annotations/" + key.replace("~", "~0").replace("/", "~1")
        if key in _HINTS:
            into[_HINTS[key]] = _boolean(value, pointer)
        elif key == "title":
            title = _string(value, pointer)
            if "title" not in tool:
                into["title"] = title
            elif tool["title"] != title:
                warnings.append(
                    MappingWarning(pointer, "differs from the tool's title, which MCP shows first and is kept; dropped")
                )
        else:
            warnings.append(MappingWarning(pointer, "ToolAnnotations has no field for it; dropped"))


def definition_to_tool(definition: Any) -> tuple[dict[str, Any], list[MappingWarning]]:
    """Map a ``ToolDefinition`` (JSON) to an MCP ``Tool``; ``annotations.title`` becomes the tool's
    ``title``, and ``strict`` (which MCP has no member for) is dropped with a warning."""
    definition = _object(definition, "", "a ToolDefinition")
    warnings: list[MappingWarning] = []
    tool: dict[str, Any] = {"name": _string(definition.get("name"), "/name")}
    if "input_schema" not in definition:
        raise McpMappingError("/input_schema", "a ToolDefinition needs an input_schema")
    for key, value in definition.items():
        if key in ("name",):
            continue
        if key == "input_schema":
            tool["inputSchema"] = _object(value, "/input_schema", "input_schema")
        elif key == "description":
            tool["description"] = _string(value, "/description")
        elif key == "output_schema":
            tool["outputSchema"] = _object(value, "/output_schema", "output_schema")
        elif key == "annotations":
            hints: dict[str, Any] = {}
            for hint_key, hint in _object(value, "/annotations", "annotations").items():
                mcp_key = next((m for m, w in _HINTS.items() if w == hint_key), None)
                if hint_key == "title":
                    tool["title"] = _string(hint, "/annotations/title")
                elif mcp_key is not None:
                    hints[mcp_key] = _boolean(hint, f"/annotations/{hint_key}")
                else:
                    raise McpMappingError(f"/annotations/{hint_key}", "not a ToolAnnotations member")
            if hints:
                tool["annotations"] = hints
        elif key == "strict":
            warnings.append(MappingWarning("/strict", "MCP tools have no strict mode; dropped"))
        else:
            raise McpMappingError("/" + key, "not a ToolDefinition member")
    return tool, in_pointer_order(warnings)

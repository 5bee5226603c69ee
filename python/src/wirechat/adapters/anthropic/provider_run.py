"""Anthropic's provider-run blocks -> ``provider_tool_call`` / ``provider_tool_result`` parts (spec section 15).

Claude runs server tools (web search, web fetch, code execution, bash and text-editor code execution, tool
search, advisor...) and MCP connector calls itself, and writes the call and its result into its own turn:

- a **call** is a ``server_tool_use`` or ``mcp_tool_use`` block -> ``provider_tool_call`` with ``id``,
  ``name``, ``input`` and, for MCP, ``server`` (the block's ``server_name``);
- a **result** is any block whose type ends in ``_tool_result`` (``web_search_tool_result``,
  ``web_fetch_tool_result``, ``code_execution_tool_result``, ``bash_code_execution_tool_result``,
  ``text_editor_code_execution_tool_result``, ``tool_search_tool_result``, ``mcp_tool_result``,
  ``advisor_tool_result``, and the ones Anthropic adds later), except the caller's own ``tool_result`` ->
  ``provider_tool_result`` with ``tool_call_id`` (``tool_use_id``), ``name`` (the name of the call it
  answers, when the same content holds that call), ``output`` and ``is_error``.

Both keep the block byte for byte in ``block`` with issuer ``anthropic``: that is what goes back to
Anthropic in the next turn (``_provider_run.provider_part_out``), so every member of the block, ``caller``
included, is kept. ``output`` is a reading of the block's ``content`` for consumers and other providers: the
content as Anthropic wrote it, without the members whose names start with ``encrypted_`` (opaque data only
Anthropic reads, such as a search result's ``encrypted_content``; the block keeps them). ``is_error`` is the
block's own ``is_error`` (MCP), else true when the content is an error object (its ``type`` ends in
``_error``: ``web_search_tool_result_error``, ``web_fetch_tool_error``, ...); absent otherwise.

@see https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/server-tools
@see https://docs.anthropic.com/en/docs/agents-and-tools/mcp-connector
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from wirechat.adapters._conversion import get_str
from wirechat.adapters.anthropic.shapes import PROVIDER

__all__ = ["CALL_TYPES", "decode_call", "decode_result", "is_call", "is_result", "reading"]

CALL_TYPES = frozenset({"server_tool_use", "mcp_tool_use"})
"""The block types of a call Anthropic runs itself."""
_RESULT_SUFFIX = "_tool_result"


def is_call(kind: object) -> bool:
    return kind in CALL_TYPES


def is_result(kind: object) -> bool:
    """A provider-run result block: its type ends in ``_tool_result`` and is not the caller's ``tool_result``."""
    return isinstance(kind, str) and kind.endswith(_RESULT_SUFFIX) and kind != "tool_result"


def reading(value: Any) -> Any:
    """``value`` without the members whose names start with ``encrypted_``, at any depth."""
    if isinstance(value, Mapping):
        return {key: reading(item) for key, item in value.items() if not str(key).startswith("encrypted_")}
    if isinstance(value, list):
        return [reading(item) for item in value]
    return value


def decode_call(block: Mapping[str, Any], where: str) -> dict[str, Any]:
    """The ``provider_tool_call`` part (as a dict) for a ``server_tool_use`` or ``mcp_tool_use`` block."""
    call: dict[str, Any] = {
        "id": get_str(block, "id", where),
        "name": get_str(block, "name", where),
        "issuer": PROVIDER,
    }
    if block.get("input") is not None:
        call["input"] = block["input"]
    server = block.get("server_name")
    if isinstance(server, str) and server:
        call["server"] = server
    call["block"] = dict(block)
    return {"type": "provider_tool_call", "provider_tool_call": call}


def decode_result(block: Mapping[str, Any], where: str, names: Mapping[str, str]) -> dict[str, Any]:
    """The ``provider_tool_result`` part (as a dict) for a ``*_tool_result`` block; ``names`` maps the ids of
    the calls read so far to their names."""
    call_id = get_str(block, "tool_use_id", where) or ""
    result: dict[str, Any] = {"tool_call_id": call_id, "issuer": PROVIDER}
    if call_id in names:
        result["name"] = names[call_id]
    content = block.get("content")
    if content is not None:
        result["output"] = reading(content)
    if isinstance(block.get("is_error"), bool):
        result["is_error"] = block["is_error"]
    elif isinstance(content, Mapping) and str(content.get("type", "")).endswith("_error"):
        result["is_error"] = True
    result["block"] = dict(block)
    return {"type": "provider_tool_result", "provider_tool_result": result}

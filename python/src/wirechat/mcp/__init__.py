"""MCP (Model Context Protocol) for wirechat: server configs, the mappings between MCP's tool types and
wirechat's, and a client on the official ``mcp`` SDK.

The mappings are pure functions over JSON values and need nothing beyond wirechat; the client
(:func:`connect`, :class:`McpClient`, :class:`McpServers`) needs the ``mcp`` extra
(``pip install 'wirechat[mcp]'``) and imports the SDK only when first used.
"""

from __future__ import annotations

from typing import Any

from wirechat.mcp._mapping_results import (
    call_result_to_tool_result,
    jsonrpc_to_tool_result,
    tool_result_to_call_result,
    tool_result_to_jsonrpc,
)
from wirechat.mcp._mapping_tools import MappingWarning, McpMappingError, definition_to_tool, tool_to_definition

__all__ = [
    "MappingWarning",
    "McpMappingError",
    "call_result_to_tool_result",
    "definition_to_tool",
    "jsonrpc_to_tool_result",
    "tool_result_to_call_result",
    "tool_result_to_jsonrpc",
    "tool_to_definition",
]

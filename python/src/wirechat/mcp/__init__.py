"""MCP (Model Context Protocol) for wirechat: server configs, the mappings between MCP's tool types and
wirechat's, and a client on the official ``mcp`` SDK.

The mappings are pure functions over JSON values and need nothing beyond wirechat; the client
(:func:`connect`, :class:`McpClient`, :class:`McpServers`) needs the ``mcp`` extra
(``pip install 'wirechat[mcp]'``) and imports the SDK only when it first connects.
"""

from __future__ import annotations

from wirechat.mcp._errors import (
    McpConfigError,
    McpConnectError,
    McpError,
    McpLimitError,
    McpMalformedResultError,
    McpRpcError,
    McpSecretNotAllowedError,
    McpServerDiedError,
    McpTimeoutError,
    McpUnsupportedTransportError,
)
from wirechat.mcp._limits import McpLimits
from wirechat.mcp._mapping_results import (
    call_result_to_tool_result,
    jsonrpc_to_tool_result,
    tool_result_to_call_result,
    tool_result_to_jsonrpc,
)
from wirechat.mcp._mapping_tools import MappingWarning, McpMappingError, definition_to_tool, tool_to_definition
from wirechat.mcp.client import McpClient, McpMappingWarning, connect
from wirechat.mcp.config import load_configs
from wirechat.mcp.servers import McpServers
from wirechat.mcp.sync import SyncMcp, connect_sync

__all__ = [
    "MappingWarning",
    "McpClient",
    "McpConfigError",
    "McpConnectError",
    "McpError",
    "McpLimitError",
    "McpLimits",
    "McpMalformedResultError",
    "McpMappingError",
    "McpMappingWarning",
    "McpRpcError",
    "McpSecretNotAllowedError",
    "McpServerDiedError",
    "McpServers",
    "McpTimeoutError",
    "McpUnsupportedTransportError",
    "SyncMcp",
    "call_result_to_tool_result",
    "connect",
    "connect_sync",
    "definition_to_tool",
    "jsonrpc_to_tool_result",
    "load_configs",
    "tool_result_to_call_result",
    "tool_result_to_jsonrpc",
    "tool_to_definition",
]

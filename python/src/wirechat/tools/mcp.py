"""Tools from MCP servers (``wirechat.mcp``) for the tool loop: each server tool becomes a ``Tool`` whose
call goes to the server, whose ``ToolResult`` (text, rich parts, ``is_error``) the model receives as it is.
The server validates the arguments against its own schema; a failure comes back as an error result."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wirechat._generated.models import ToolCall, ToolResult
from wirechat.messages import tool_results
from wirechat.tool_arguments import build_arguments
from wirechat.tools._context import current_context
from wirechat.tools._tool import Tool

if TYPE_CHECKING:
    from wirechat.mcp import McpClient, McpServers

__all__ = ["mcp_tools"]


async def mcp_tools(target: McpClient | McpServers) -> list[Tool]:
    """The tools of a started ``McpClient`` or ``McpServers``, ready for ``arun`` (asyncio forms only: the
    MCP session lives on the caller's event loop)."""
    tools = []
    for definition in await target.list_tools():

        async def invoke(arguments: dict[str, Any], name: str = definition.name) -> ToolResult:
            try:
                call_id = current_context().call_id  # the model's id travels on (a server may log or key on it)
            except LookupError:  # invoked outside the loop
                call_id = "mcp"
            message = await target.call(ToolCall(id=call_id, name=name, arguments=build_arguments(arguments)))
            return tool_results(message)[0]

        tools.append(Tool(definition, invoke))
    return tools

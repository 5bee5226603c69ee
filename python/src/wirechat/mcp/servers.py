"""Several MCP servers as one tool set.

Tool names that more than one server offers are **prefixed** with the server's config name and two
underscores (``github__search`` and ``jira__search``); a name only one server offers stays as it is, so
adding a server renames only the tools it collides with. ``call`` routes a ``ToolCall`` by the name
``list_tools`` gave, and calls the server with the tool's own name; the ``tool_call_id`` is kept.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterable

from wirechat._generated.models import Message, ToolCall, ToolDefinition
from wirechat.mcp._errors import McpConfigError, McpError, McpMalformedResultError
from wirechat.mcp._limits import McpLimits
from wirechat.mcp.client import McpClient
from wirechat.mcp.config import ServerConfig

__all__ = ["SEPARATOR", "McpServers"]

SEPARATOR = "__"


class McpServers:
    """Connections to several servers (unique config names), their tools merged under unique names.
    ``allow_secrets`` and ``limits`` apply to each server (see :class:`McpClient`)."""

    def __init__(
        self, configs: Iterable[ServerConfig], *, allow_secrets: Iterable[str] = (), limits: McpLimits | None = None
    ) -> None:
        allowed = frozenset(allow_secrets)
        self.clients: dict[str, McpClient] = {}
        for config in configs:
            if config.name in self.clients:
                raise McpConfigError(config.name, "two servers in one list have this name")
            self.clients[config.name] = McpClient(config, allow_secrets=allowed, limits=limits)
        self._routes: dict[str, tuple[McpClient, str]] = {}

    async def start(self) -> McpServers:
        """Connect to every server at once; the first failure is raised after the others are closed."""
        results = await asyncio.gather(*(c.start() for c in self.clients.values()), return_exceptions=True)
        failures = [r for r in results if isinstance(r, BaseException)]
        if failures:
            await self.aclose()
            raise failures[0]
        return self

    async def aclose(self) -> None:
        await asyncio.gather(*(c.aclose() for c in self.clients.values()))

    async def __aenter__(self) -> McpServers:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def list_tools(self) -> list[ToolDefinition]:
        """Every server's tools, in config order, colliding names prefixed (see the module's text)."""
        per_server = await asyncio.gather(*(c.list_tools() for c in self.clients.values()))
        count: dict[str, int] = {}
        for tools in per_server:
            for tool in tools:
                count[tool.name] = count.get(tool.name, 0) + 1
        routes: dict[str, tuple[McpClient, str]] = {}
        merged: list[ToolDefinition] = []
        for client, tools in zip(self.clients.values(), per_server, strict=True):
            for tool in tools:
                name = tool.name if count[tool.name] == 1 else f"{client.name}{SEPARATOR}{tool.name}"
                if len(name) > 128 or name in routes:
                    raise McpMalformedResultError(
                        client.name, f"tool {tool.name!r}: its prefixed name {name!r} is too long or taken"
                    )
                routes[name] = (client, tool.name)
                merged.append(tool.model_copy(update={"name": name}))
        self._routes = routes
        return merged

    async def call(self, tool_call: ToolCall) -> Message:
        """Route the call to the server that offers the tool (by the name ``list_tools`` gave)."""
        if not self._routes:
            await self.list_tools()
        if tool_call.name not in self._routes:
            raise McpError(",".join(self.clients), f"no server offers a tool named {tool_call.name!r}")
        client, name = self._routes[tool_call.name]
        return await client.call(tool_call.model_copy(update={"name": name}))

"""Blocking wrappers over the async MCP client, for code without an event loop.

:class:`SyncMcp` runs an event loop in a daemon thread it owns and forwards each call to it; it wraps an
:class:`~wirechat.mcp.client.McpClient` or an :class:`~wirechat.mcp.servers.McpServers`. Use it as a
context manager or call :meth:`SyncMcp.close`.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine, Iterable
from typing import Any, TypeVar

from wirechat._generated.models import (
    McpHttpServer,
    McpStdioServer,
    McpWebsocketServer,
    Message,
    ToolCall,
    ToolDefinition,
)
from wirechat.mcp._limits import McpLimits
from wirechat.mcp.client import McpClient
from wirechat.mcp.config import ServerConfig
from wirechat.mcp.servers import McpServers

__all__ = ["SyncMcp", "connect_sync"]

T = TypeVar("T")


class SyncMcp:
    """A started ``McpClient`` or ``McpServers`` behind blocking methods."""

    def __init__(self, target: McpClient | McpServers) -> None:
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, name="wirechat-mcp", daemon=True)
        self._thread.start()
        self.target = target
        try:
            self._run(target.start())
        except BaseException:
            self._stop_loop()
            raise

    def _run(self, coroutine: Coroutine[Any, Any, T]) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self._loop).result()

    def list_tools(self) -> list[ToolDefinition]:
        return self._run(self.target.list_tools())

    def call(self, tool_call: ToolCall) -> Message:
        return self._run(self.target.call(tool_call))

    def close(self) -> None:
        if self._loop.is_running():
            try:
                self._run(self.target.aclose())
            finally:
                self._stop_loop()

    def _stop_loop(self) -> None:
        self._loop.call_soon_threadsafe(self._loop.stop)
        self._thread.join(10)

    def __enter__(self) -> SyncMcp:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def connect_sync(
    configs: ServerConfig | Iterable[ServerConfig],
    *,
    allow_secrets: Iterable[str] = (),
    limits: McpLimits | None = None,
) -> SyncMcp:
    """Connect to one server, or to several as :class:`McpServers`, and return the blocking wrapper
    (``allow_secrets`` and ``limits`` as for :class:`McpClient`)."""
    if isinstance(configs, (McpStdioServer, McpHttpServer, McpWebsocketServer)):
        return SyncMcp(McpClient(configs, allow_secrets=allow_secrets, limits=limits))
    return SyncMcp(McpServers(configs, allow_secrets=allow_secrets, limits=limits))

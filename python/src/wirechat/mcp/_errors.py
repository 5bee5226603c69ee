"""The errors an MCP connection raises: one hierarchy under :class:`McpError`, each naming the server.

Messages name the server, the tool and what went wrong; they never carry a secret (a config holds only
the names of the environment variables that hold secrets, and those names are what errors mention).
"""

from __future__ import annotations

from wirechat.errors import WirechatError

__all__ = [
    "McpConfigError",
    "McpConnectError",
    "McpError",
    "McpMalformedResultError",
    "McpRpcError",
    "McpServerDiedError",
    "McpTimeoutError",
    "McpUnsupportedTransportError",
]


class McpError(WirechatError):
    """Something went wrong talking to an MCP server; ``server`` is its config name."""

    def __init__(self, server: str, message: str) -> None:
        super().__init__(f"MCP server {server!r}: {message}")
        self.server = server


class McpConfigError(McpError):
    """The config cannot be used as it is (a secret's environment variable is not set, say)."""


class McpUnsupportedTransportError(McpConfigError):
    """The config names a transport this client has no implementation of (``websocket``)."""


class McpConnectError(McpError):
    """The server could not be started or reached, or did not complete ``initialize``."""


class McpServerDiedError(McpError):
    """The connection ended while a request was in flight (the process exited, the stream closed).
    The next request reconnects."""


class McpTimeoutError(McpError):
    """A request got no answer within its timeout. The connection stays open for the next request."""


class McpRpcError(McpError):
    """The server answered with a JSON-RPC error (``code``, ``rpc_message``, ``data``)."""

    def __init__(self, server: str, code: int, message: str, data: object = None) -> None:
        super().__init__(server, f"JSON-RPC error {code}: {message}")
        self.code = code
        self.rpc_message = message
        self.data = data


class McpMalformedResultError(McpError):
    """The server answered with something that is not a valid MCP result, or that wirechat cannot map."""

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
    "McpLimitError",
    "McpMalformedResultError",
    "McpRpcError",
    "McpSecretNotAllowedError",
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


class McpLimitError(McpError):
    """The server's answer passed a limit the client sets (``McpLimits``): ``limit`` names it (``pages``,
    ``time``, ``bytes``, ``content-encoding``) and ``value`` is the limit's value. The connection stays usable
    (a response cut off at ``bytes`` is abandoned, not read further)."""

    def __init__(self, server: str, limit: str, value: object, message: str) -> None:
        super().__init__(server, message)
        self.limit = limit
        self.value = value
        self.detail = message


class McpSecretNotAllowedError(McpConfigError):
    """The config names an environment variable (``secret_env``, ``secret_headers``) that the program did not
    allow: a config names secrets but only the program decides which of its variables leave it."""

    def __init__(self, server: str, variable: str, where: str) -> None:
        super().__init__(
            server,
            f"{where} names the environment variable {variable}, which this program does not allow to be sent: "
            f"pass allow_secrets=[{variable!r}] (wirechat mcp: --allow-secret {variable}) to let this server have it",
        )
        self.variable = variable

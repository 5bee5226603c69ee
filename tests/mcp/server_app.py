"""An MCP server written with the official SDK for the client tests: ``python server_app.py stdio`` or
``python server_app.py http PORT`` (streamable HTTP on 127.0.0.1). Its tools cover each kind of result
and each way a call can go wrong."""

from __future__ import annotations

import asyncio
import os
import sys

from mcp.server import MCPServer
from mcp.server.mcpserver.utilities.types import Image
from mcp.shared.exceptions import MCPError
from mcp.types import ImageContent, ToolAnnotations
from pydantic import BaseModel

server = MCPServer("wirechat-test")
PNG = bytes.fromhex("89504e470d0a1a0a")


class Weather(BaseModel):
    city: str
    celsius: float


@server.tool(title="Echo", annotations=ToolAnnotations(readOnlyHint=True, idempotentHint=True))
def echo(text: str) -> str:
    """Return the text unchanged."""
    return text


@server.tool()
def weather(city: str) -> Weather:
    """Structured weather for a city."""
    return Weather(city=city, celsius=21.5)


@server.tool()
def picture() -> Image:
    """A tiny PNG header."""
    return Image(data=PNG, format="png")


@server.tool()
def fail(reason: str) -> str:
    """Always fails with the reason."""
    raise ValueError(reason)


@server.tool()
async def sleep(seconds: float) -> str:
    """Answer after a while."""
    await asyncio.sleep(seconds)
    return "awake"


@server.tool()
def die() -> str:
    """Exit the process in the middle of the call."""
    os._exit(3)


@server.tool()
def rpc_error() -> str:
    """Answer with a JSON-RPC error instead of a result."""
    raise MCPError(-32001, "rpc failure on purpose", {"hint": "test"})


@server.tool()
def bad_image() -> list[ImageContent]:
    """An image whose data is not base64: a result wirechat cannot carry."""
    return [ImageContent(type="image", data="not base64!", mime_type="image/png")]


@server.tool()
def secret_env(name: str) -> str:
    """Whether an environment variable is set in the server's process (never its value)."""
    return "set" if os.environ.get(name) else "unset"


if __name__ == "__main__":
    if sys.argv[1] == "stdio":
        server.run("stdio")
    else:
        server.run("streamable-http", host="127.0.0.1", port=int(sys.argv[2]))

"""The MCP client against the reference server ``@modelcontextprotocol/server-everything`` from npm, started
with node over stdio. ``npm ci --prefix tests/mcp/npm`` installs the version its lock pins (the nox
``pytest`` session does it)."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from wirechat import McpStdioServer, ToolCall, encode
from wirechat.mcp import McpClient, McpMappingWarning

SERVER = Path(__file__).parent / "npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js"
pytestmark = pytest.mark.skipif(
    not SERVER.exists() or shutil.which("node") is None,
    reason="run `npm ci --prefix tests/mcp/npm` (and have node) to test against server-everything",
)
CONFIG = McpStdioServer(transport="stdio", name="everything", command="node", args=[str(SERVER), "stdio"])


async def _call(client: McpClient, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    message = await client.call(ToolCall(id=f"call-{name}", name=name, arguments=json.dumps(arguments)))
    result: dict[str, Any] = json.loads(encode(message))["parts"][0]["tool_result"]
    assert result["tool_call_id"] == f"call-{name}"
    return result


def test_server_everything() -> None:
    async def main() -> None:
        async with McpClient(CONFIG) as client:
            with pytest.warns(McpMappingWarning, match="/execution: ToolDefinition has no field for it"):
                tools = {t.name: json.loads(encode(t)) for t in await client.list_tools()}
            assert {"echo", "get-sum", "get-tiny-image", "get-structured-content"} <= set(tools)
            assert tools["get-tiny-image"]["annotations"]["read_only_hint"] is True
            assert "output_schema" in tools["get-structured-content"]

            assert (await _call(client, "echo", {"message": "hi"}))["content"] == "Echo: hi"
            image = await _call(client, "get-tiny-image", {})
            kinds = [p["type"] for p in image["parts"]]
            assert "image" in kinds
            png = next(p for p in image["parts"] if p["type"] == "image")["image"]
            assert png["source"] == "base64" and png["media_type"] == "image/png" and len(png["base64"]) > 100

            structured = await _call(client, "get-structured-content", {"location": "New York"})
            data = [p for p in structured["parts"] if p["type"] == "data"]
            assert len(data) == 1 and isinstance(data[0]["data"]["value"], dict)

            links = await _call(client, "get-resource-links", {"count": 2})
            uris = [p["file"]["uri"] for p in links["parts"] if p["type"] == "file"]
            assert len(uris) == 2 and all(":" in u for u in uris)
            embedded = await _call(client, "get-resource-reference", {"resourceType": "Text", "resourceId": 1})
            files = [p for p in embedded["parts"] if p["type"] == "file"]
            assert files and files[0]["provider_metadata"]["mcp"]["resource"]["uri"]

            refused = await _call(client, "get-sum", {"a": "one", "b": 2})
            assert refused["is_error"] is True and refused["content"]

    asyncio.run(main())

"""The MCP client against a real server written with the official SDK (``server_app.py``), over stdio and
streamable HTTP: tools and results as wirechat values, and a typed error for each failure, after which
the same client still works."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from wirechat import McpHttpServer, McpStdioServer, McpWebsocketServer, Message, ToolCall, decode, encode
from wirechat.mcp import (
    McpClient,
    McpConfigError,
    McpConnectError,
    McpMalformedResultError,
    McpRpcError,
    McpSecretNotAllowedError,
    McpServerDiedError,
    McpServers,
    McpTimeoutError,
    McpUnsupportedTransportError,
    connect,
    connect_sync,
)
from wirechat.mcp.client import without_protocol_members

from .conftest import stdio_config


def _call(name: str, arguments: dict[str, Any] | None = None, call_id: str = "call_1") -> ToolCall:
    return ToolCall(id=call_id, name=name, arguments=json.dumps(arguments or {}))


def _result(message: Message) -> dict[str, Any]:
    value = json.loads(encode(message))
    assert value["role"] == "tool" and len(value["parts"]) == 1
    decode(encode(message), Message)
    return value["parts"][0]["tool_result"]


async def _tools_and_calls(client: McpClient) -> None:
    tools = {t.name: json.loads(encode(t)) for t in await client.list_tools()}
    assert {"echo", "weather", "picture", "fail", "sleep", "die"} <= set(tools)
    assert tools["echo"]["annotations"] == {"title": "Echo", "read_only_hint": True, "idempotent_hint": True}
    assert tools["weather"]["output_schema"]["properties"]["celsius"]["type"] == "number"

    echo = _result(await client.call(_call("echo", {"text": "héllo"}, "c-echo")))
    assert echo["tool_call_id"] == "c-echo" and echo["content"] == "héllo"
    weather = _result(await client.call(_call("weather", {"city": "Oslo"})))
    assert weather["parts"][-1] == {"type": "data", "data": {"value": {"city": "Oslo", "celsius": 21.5}}}
    picture = _result(await client.call(_call("picture")))
    assert picture["parts"] == [
        {"type": "image", "image": {"source": "base64", "base64": "iVBORw0KGgo=", "media_type": "image/png"}}
    ]
    failed = _result(await client.call(_call("fail", {"reason": "boom"})))
    assert failed["is_error"] is True and failed["content"]


def test_stdio_tools_and_results() -> None:
    async def main() -> None:
        async with McpClient(stdio_config()) as client:
            await _tools_and_calls(client)

    asyncio.run(main())


def test_streamable_http_tools_and_results(http_config: McpHttpServer) -> None:
    async def main() -> None:
        async with McpClient(http_config) as client:
            await _tools_and_calls(client)

    asyncio.run(main())


def test_each_failure_is_typed_and_the_client_stays_usable() -> None:
    async def main() -> None:
        client = await connect(stdio_config(call_timeout_ms=1500))
        try:
            with pytest.raises(McpTimeoutError, match=r"'sleep': no answer within 1\.5 s"):
                await client.call(_call("sleep", {"seconds": 30}))
            assert _result(await client.call(_call("echo", {"text": "after timeout"})))["content"] == "after timeout"
            with pytest.raises(McpRpcError) as rpc:
                await client.call(_call("rpc_error"))
            assert (rpc.value.code, rpc.value.rpc_message) == (-32001, "rpc failure on purpose")
            with pytest.raises(McpMalformedResultError, match="/content/0/data"):
                await client.call(_call("bad_image"))
            with pytest.raises(McpServerDiedError, match="'die'"):
                await client.call(_call("die"))
            assert _result(await client.call(_call("echo", {"text": "restarted"})))["content"] == "restarted"
        finally:
            await client.aclose()

    asyncio.run(main())


def test_http_rpc_error_and_timeout(http_url: str) -> None:
    async def main() -> None:
        config = McpHttpServer(transport="http", name="web", url=http_url, call_timeout_ms=1000)
        async with McpClient(config) as client:
            with pytest.raises(McpRpcError):
                await client.call(_call("rpc_error"))
            with pytest.raises(McpTimeoutError):
                await client.call(_call("sleep", {"seconds": 5}))
            assert _result(await client.call(_call("echo", {"text": "ok"})))["content"] == "ok"

    asyncio.run(main())


def test_connect_failures_are_connect_errors() -> None:
    async def main() -> None:
        with pytest.raises(McpConnectError, match=r"'missing'.*could not connect"):
            await connect(McpStdioServer(transport="stdio", name="missing", command="/nonexistent/mcp-server"))
        silent = McpStdioServer(
            transport="stdio", name="silent", command=sys.executable,
            args=["-c", "import time; time.sleep(30)"], connect_timeout_ms=700,
        )  # fmt: skip
        with pytest.raises(McpConnectError, match=r"no answer to initialize within 0\.7 s"):
            await connect(silent)
        with pytest.raises(McpConnectError, match="'nobody'"):
            await connect(McpHttpServer(transport="http", name="nobody", url="http://127.0.0.1:9/mcp"))

    asyncio.run(main())


def test_websocket_is_refused_clearly() -> None:
    with pytest.raises(McpUnsupportedTransportError, match="no WebSocket client transport"):
        McpClient(McpWebsocketServer(transport="websocket", name="ws", url="wss://example.com/mcp"))


def test_secrets_are_read_by_name_and_never_printed(monkeypatch: pytest.MonkeyPatch) -> None:
    config = stdio_config(secret_env=["WIRECHAT_TEST_TOKEN"])
    monkeypatch.delenv("WIRECHAT_TEST_TOKEN", raising=False)

    async def missing(allow: list[str]) -> None:
        await connect(config, allow_secrets=allow)

    with pytest.raises(McpConfigError, match="WIRECHAT_TEST_TOKEN is not set"):
        asyncio.run(missing(["WIRECHAT_TEST_TOKEN"]))
    monkeypatch.setenv("WIRECHAT_TEST_TOKEN", "s3cr3t-value")
    with pytest.raises(McpSecretNotAllowedError, match="allow_secrets=\\['WIRECHAT_TEST_TOKEN'\\]"):
        asyncio.run(missing([]))

    async def present() -> str:
        async with McpClient(config, allow_secrets=["WIRECHAT_TEST_TOKEN"]) as client:
            assert "s3cr3t" not in repr(client)
            return _result(await client.call(_call("secret_env", {"name": "WIRECHAT_TEST_TOKEN"})))["content"]

    assert asyncio.run(present()) == "set"


def test_several_servers_prefix_only_colliding_names(http_config: McpHttpServer) -> None:
    async def main() -> None:
        async with McpServers([stdio_config("local"), http_config]) as servers:
            names = [t.name for t in await servers.list_tools()]
            assert "local__echo" in names and "web__echo" in names and "echo" not in names
            local = _result(await servers.call(_call("local__echo", {"text": "to local"}, "c9")))
            assert local == {"tool_call_id": "c9", "content": "to local", "parts": local["parts"]}

    asyncio.run(main())
    with pytest.raises(McpConfigError, match="two servers"):
        McpServers([stdio_config("same"), stdio_config("same")])


def test_sync_wrapper() -> None:
    with connect_sync(stdio_config()) as client:
        assert "echo" in [t.name for t in client.list_tools()]
        assert _result(client.call(_call("echo", {"text": "sync"})))["content"] == "sync"


def test_a_result_that_is_not_a_call_tool_result_is_malformed() -> None:
    raw = str(Path(__file__).with_name("raw_server.py"))
    config = McpStdioServer(transport="stdio", name="raw", command=sys.executable, args=[raw])

    async def main() -> None:
        async with McpClient(config) as client:
            assert [t.name for t in await client.list_tools()] == ["malformed"]
            with pytest.raises(McpMalformedResultError, match=r"'raw'.*tools/call 'malformed'"):
                await client.call(_call("malformed"))
            with pytest.raises(McpMalformedResultError):  # and again: the connection is still there
                await client.call(_call("malformed"))

    asyncio.run(main())


def test_protocol_meta_keys_are_not_warned_about() -> None:
    """The Go SDK's server stamps ``_meta["io.modelcontextprotocol/serverInfo"]`` on every result: not the
    tool's answer, so it is dropped before mapping (a tool's own ``_meta`` keys are kept and reported)."""
    stamped = {"content": [], "resultType": "complete", "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "s"}}}
    assert without_protocol_members(stamped) == {"content": []}
    meta = {"io.modelcontextprotocol/serverInfo": {}, "trace": "t"}
    own = {"content": [], "resultType": "input_required", "_meta": meta}
    assert without_protocol_members(own) == {"content": [], "resultType": "input_required", "_meta": {"trace": "t"}}

"""MCP servers' tools in the tool loop: the SDK test server (``tests/mcp/server_app.py``) over stdio, its
tools offered to the model, a call answered by the server, and a server-side failure as a failed result."""

from __future__ import annotations

import asyncio

import pytest

pytest.importorskip("mcp", reason="the mcp extra is not installed")

from tests.mcp.conftest import stdio_config
from tests.tools.conftest import REQUEST, ServeFn, async_client_for, call, calls_turn, text_turn
from wirechat import ToolResultPart
from wirechat.mcp import connect
from wirechat.tools import arun, mcp_tools

pytestmark = pytest.mark.timeout(120)


def test_mcp_tools_run_in_the_loop(serve: ServeFn) -> None:
    script = [
        calls_turn(call("c1", "echo", {"text": "hello"}), call("c2", "fail", {"reason": "on purpose"})),
        text_turn("ok"),
    ]
    fake = serve("openai-chat", script)

    async def main() -> list[object]:
        server = await connect(stdio_config(call_timeout_ms=10000))
        try:
            tools = await mcp_tools(server)
            async with async_client_for(fake) as client:
                result = await arun(client, REQUEST, tools)
        finally:
            await server.aclose()
        assert "echo" in str(fake.requests[0].body["tools"])
        return [p.tool_result for m in result.messages for p in m.parts if isinstance(p, ToolResultPart)]

    echo, failure = asyncio.run(main())
    assert (echo.tool_call_id, echo.content, echo.status) == ("c1", "hello", "completed")  # type: ignore[attr-defined]
    assert (failure.tool_call_id, failure.status, failure.is_error) == ("c2", "failed", True)  # type: ignore[attr-defined]
    assert failure.content == "Error executing tool fail"  # type: ignore[attr-defined]  # the SDK server's own words

"""The bounds of issue 27 item 5 against a real HTTP server on 127.0.0.1 (``hostile_http_server``): a
``tools/list`` that pages forever ends in an ``McpLimitError`` (before: ~340 requests a second, never
returning), and a gzip body is capped after decompression (before: a 1 MB body reached 5.2 GB)."""

from __future__ import annotations

import asyncio
import resource
import time

import pytest

from tests.mcp import hostile_http_server
from wirechat import McpHttpServer
from wirechat.mcp import McpClient, McpLimitError, McpLimits

pytest.importorskip("mcp", reason="the mcp extra is not installed")
pytestmark = pytest.mark.timeout(120)


def _config(url: str) -> McpHttpServer:
    return McpHttpServer(transport="http", name="hostile", url=url)


def _list(url: str, limits: McpLimits) -> McpLimitError:
    async def main() -> McpLimitError:
        async with McpClient(_config(url), limits=limits) as client:
            with pytest.raises(McpLimitError) as caught:
                await client.list_tools()
            return caught.value

    return asyncio.run(main())


def test_a_server_paging_forever_ends_at_the_page_limit() -> None:
    with hostile_http_server.serve("paging") as server:
        started = time.monotonic()
        error = _list(server.url, McpLimits(max_list_pages=20))
        elapsed = time.monotonic() - started
    assert (error.limit, error.value) == ("pages", 20)
    assert server.requests.count("tools/list") == 20
    assert "a next page is still offered after 20 pages" in str(error) and elapsed < 30


def test_a_server_paging_forever_ends_at_the_time_limit() -> None:
    with hostile_http_server.serve("paging") as server:
        started = time.monotonic()
        error = _list(server.url, McpLimits(max_list_pages=10**9, list_timeout=0.5))
        elapsed = time.monotonic() - started
    assert (error.limit, error.value) == ("time", 0.5)
    assert "took longer than 0.5 s in all" in str(error) and elapsed < 10


def test_a_gzip_bomb_is_cut_off_after_decompression() -> None:
    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with hostile_http_server.serve("bomb", bomb_inflated=256 << 20) as server:
        assert len(server.bomb) < 300_000  # 256 MiB of JSON whitespace in ~250 KB
        error = _list(server.url, McpLimits(max_response_bytes=4 << 20))
    grown_mib = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) / 1024
    assert (error.limit, error.value) == ("bytes", 4 << 20)
    assert "tools/list: a response body is larger than 4194304 bytes decompressed" in str(error)
    assert grown_mib < 64, f"the peak RSS grew by {grown_mib:.0f} MiB"


def test_an_event_stream_is_capped_the_same_way() -> None:
    with hostile_http_server.serve("sse-bomb", bomb_inflated=64 << 20) as server:
        error = _list(server.url, McpLimits(max_response_bytes=4 << 20))
    assert (error.limit, error.value) == ("bytes", 4 << 20)


def test_a_coding_the_client_did_not_ask_for_is_refused() -> None:
    with hostile_http_server.serve("brotli") as server:
        error = _list(server.url, McpLimits())
    assert (error.limit, error.value) == ("content-encoding", "gzip, deflate")
    assert "the response is encoded br" in str(error)

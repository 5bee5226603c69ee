"""Fixtures for the MCP client tests: configs for the SDK test server (``server_app.py``) over stdio, and
the same server over streamable HTTP on 127.0.0.1, started for the session."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("mcp", reason="the mcp extra is not installed")

from wirechat import McpHttpServer, McpStdioServer

APP = str(Path(__file__).with_name("server_app.py"))


def stdio_config(name: str = "test", **fields: object) -> McpStdioServer:
    return McpStdioServer(transport="stdio", name=name, command=sys.executable, args=[APP, "stdio"], **fields)  # type: ignore[arg-type]


@pytest.fixture(scope="session")
def http_url() -> Iterator[str]:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen(
        [sys.executable, APP, "http", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                if time.monotonic() > deadline or process.poll() is not None:
                    raise RuntimeError("the MCP test server did not start listening") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        process.terminate()
        process.wait(10)


@pytest.fixture
def http_config(http_url: str) -> McpHttpServer:
    return McpHttpServer(transport="http", name="web", url=http_url)

"""Not a test: time to connect to server-everything (npm, stdio) and list its tools, through
``wirechat.mcp.McpClient`` and through the bare ``mcp`` SDK, alternating in one process.

    .nox/pytest/bin/python tests/mcp/bench_connect.py [ROUNDS]
"""

from __future__ import annotations

import asyncio
import statistics
import sys
import time
import warnings

from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

from wirechat import McpStdioServer
from wirechat.mcp import McpClient

SERVER = "tests/mcp/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js"


async def bare() -> int:
    params = StdioServerParameters(command="node", args=[SERVER, "stdio"])
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        await session.initialize()
        return len((await session.list_tools()).tools)


async def wirechat() -> int:
    config = McpStdioServer(transport="stdio", name="everything", command="node", args=[SERVER, "stdio"])
    async with McpClient(config) as client:
        return len(await client.list_tools())


async def main(rounds: int) -> None:
    warnings.simplefilter("ignore")
    times: dict[str, list[float]] = {"bare mcp": [], "wirechat": []}
    await bare(), await wirechat()  # warm-up: imports, node's file cache
    for _ in range(rounds):
        for name, run in (("bare mcp", bare), ("wirechat", wirechat)):
            start = time.perf_counter()
            count = await run()
            times[name].append(time.perf_counter() - start)
    for name, values in times.items():
        print(f"{name:9} median {statistics.median(values) * 1000:7.1f} ms  ({rounds} rounds, {count} tools)")
    ratio = statistics.median(times["wirechat"]) / statistics.median(times["bare mcp"])
    print(f"ratio wirechat / bare: {ratio:.2f}")


if __name__ == "__main__":
    asyncio.run(main(int(sys.argv[1]) if len(sys.argv) > 1 else 10))

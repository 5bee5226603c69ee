"""Issue 27's MCP rows, measured: a ``tools/list`` that pages forever, and a gzip bomb, against
``hostile_http_server`` on 127.0.0.1, with the time, the growth of the peak RSS and the requests made.

PYTHONPATH=python/src:. python -m tests.mcp.measure_limits paging 0
PYTHONPATH=python/src:. python -m tests.mcp.measure_limits bomb 1024     # MiB once inflated

A run that does not end within 10 s is stopped and says ``TimeoutError`` (main before decision 033).
"""

from __future__ import annotations

import asyncio
import resource
import sys
import time

from tests.mcp import hostile_http_server
from wirechat import McpHttpServer, mcp


async def _list(url: str) -> str:
    async with mcp.McpClient(McpHttpServer(transport="http", name="h", url=url)) as client:
        try:
            await asyncio.wait_for(client.list_tools(), 10)
        except Exception as error:  # the outcome is what is measured
            return f"{type(error).__name__}: {str(error)[:150]}"
        return "returned"


def main(mode: str, mib: int) -> None:
    with hostile_http_server.serve(mode, bomb_inflated=mib << 20) as server:
        before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        started = time.monotonic()
        outcome = asyncio.run(_list(server.url))
        elapsed = time.monotonic() - started
        grown = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024
        requests = server.requests.count("tools/list")
    print(f"{mode} {mib} MiB (body {len(server.bomb)} B): {outcome}; {elapsed:.2f} s, peak RSS +{grown} MiB, "
          f"{requests} tools/list requests")  # fmt: skip


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))

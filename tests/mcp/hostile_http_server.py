"""A hand-written streamable-HTTP MCP server on 127.0.0.1 that misbehaves in the ways issue 27 lists: its
``tools/list`` offers a next page forever (``paging``), or answers with a small gzip body that inflates
far past any sane size (``bomb`` as JSON, ``sse-bomb`` as an event stream), or with a coding the client
did not ask for (``brotli``). Enough of the protocol for the SDK's client: ``initialize`` and requests
answered as JSON, notifications with 202, the GET stream refused with 405. Runs in a thread of the test
process (``serve``)."""

from __future__ import annotations

import json
import threading
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

TOOL = {"name": "echo", "inputSchema": {"type": "object"}}


def gzip_bomb(inflated: int, sse: bool = False) -> bytes:
    """A gzip body: a JSON-RPC answer to id 2 followed by ``inflated`` bytes of spaces (valid JSON, if read),
    or with ``sse`` one event of comment lines (``:`` and 1 MiB of spaces each) before that answer."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    head = b'{"jsonrpc":"2.0","id":2,"result":{"tools":[]}}'
    if sse:
        line = b":" + b" " * ((1 << 20) - 2) + b"\n"
        parts = [compressor.compress(line) for _ in range(inflated >> 20)]
        parts.append(compressor.compress(b"event: message\ndata: " + head + b"\n\n"))
        parts.append(compressor.flush())
        return b"".join(parts)
    parts = [compressor.compress(head)]
    block = b" " * (1 << 20)
    for _ in range(inflated >> 20):
        parts.append(compressor.compress(block))
    parts.append(compressor.flush())
    return b"".join(parts)


class _Handler(BaseHTTPRequestHandler):
    server: _Server

    def log_message(self, *args: object) -> None:
        pass

    def _send(self, status: int, body: bytes = b"", headers: dict[str, str] | None = None) -> None:
        self.send_response(status)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.send_header("content-length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self) -> None:  # http.server names them so
        self._send(405)

    def do_DELETE(self) -> None:
        self._send(200)

    def do_POST(self) -> None:
        message = json.loads(self.rfile.read(int(self.headers["content-length"])))
        self.server.requests.append(message.get("method", ""))
        if "id" not in message:
            self._send(202)
            return
        method = message["method"]
        if method == "initialize":
            result: Any = {
                "protocolVersion": message["params"]["protocolVersion"],
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "hostile", "version": "1"},
            }
        elif method == "tools/list" and self.server.mode in ("bomb", "sse-bomb"):
            kind = "application/json" if self.server.mode == "bomb" else "text/event-stream"
            self._send(200, self.server.bomb, {"content-type": kind, "content-encoding": "gzip"})
            return
        elif method == "tools/list" and self.server.mode == "brotli":
            headers = {"content-type": "application/json", "content-encoding": "br"}
            self._send(200, b"\x0b\x02\x80{}\x03", headers)
            return
        elif method == "tools/list":
            result = {"tools": [TOOL], "nextCursor": "again"}
        else:
            result = {"content": [{"type": "text", "text": "ok"}]}
        body = json.dumps({"jsonrpc": "2.0", "id": message["id"], "result": result}).encode()
        self._send(200, body, {"content-type": "application/json"})


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    mode = "paging"
    bomb = b""
    url = ""
    requests: list[str]


@contextmanager
def serve(mode: str, bomb_inflated: int = 0) -> Iterator[_Server]:
    """The server in ``mode`` on a free port of 127.0.0.1; ``server.url`` is its MCP endpoint."""
    server = _Server(("127.0.0.1", 0), _Handler)
    server.mode = mode
    server.requests = []
    if mode in ("bomb", "sse-bomb"):
        server.bomb = gzip_bomb(bomb_inflated, sse=mode == "sse-bomb")
    server.url = f"http://127.0.0.1:{server.server_address[1]}/mcp"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()

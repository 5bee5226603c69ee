"""A hand-written MCP server over stdio (no SDK) that answers ``tools/call`` with a result that is not a
valid ``CallToolResult`` (``content`` is a string), which no SDK server can be made to send."""

from __future__ import annotations

import json
import sys


def answer(request_id: object, result: object) -> None:
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": request_id, "result": result}) + "\n")
    sys.stdout.flush()


for line in sys.stdin:
    message = json.loads(line)
    if "id" not in message:
        continue  # a notification
    method = message.get("method")
    if method == "initialize":
        version = message["params"]["protocolVersion"]
        answer(
            message["id"],
            {"protocolVersion": version, "capabilities": {"tools": {}}, "serverInfo": {"name": "raw", "version": "1"}},
        )
    elif method == "tools/list":
        answer(message["id"], {"tools": [{"name": "malformed", "inputSchema": {"type": "object"}}]})
    elif method == "tools/call":
        answer(message["id"], {"content": "not a list of blocks"})
    else:
        sys.stdout.write(
            json.dumps({"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32601, "message": "no"}}) + "\n"
        )
        sys.stdout.flush()

"""Hostile answers for the client fault suite (``conformance/faults/client-faults.json``): what an attacker or
an unlucky network sends, played on the socket with no more memory on the server than one chunk.

A ``hostile`` turn (``{"hostile": {"body": ..., ...}}``) stands alone, as a raw answer does:

``flood``      ``bytes`` of a JSON-looking body with ``status`` (200, or an error status for a huge error body)
``gzip_bomb``  a gzip body that inflates to ``bytes`` (a few KiB on the wire per MiB inflated)
``sse_line``   a 200 event stream whose one ``data:`` line grows to ``bytes`` without ever ending, sent in
               ``chunk_bytes`` pieces (1 KiB by default: finely chunked, as the quadratic case was)
``redirect``   ``status`` (307 by default) to ``location``, in which ``{origin}`` is this server under another
               host name (``http://localhost:PORT``): a client that follows it is seen in the request log
``trickle``    a 200 JSON body of ``bytes`` (declared in content-length), one byte every ``interval_ms``
"""

from __future__ import annotations

import asyncio
import json
import zlib
from dataclasses import dataclass
from typing import Any, Literal

__all__ = ["HOSTILE_BODIES", "Hostile", "HostileError", "parse_hostile", "play_hostile"]

HostileBody = Literal["flood", "gzip_bomb", "sse_line", "redirect", "trickle"]
HOSTILE_BODIES: tuple[HostileBody, ...] = ("flood", "gzip_bomb", "sse_line", "redirect", "trickle")

_BLOCK = 64 * 1024


@dataclass(frozen=True)
class Hostile:
    body: HostileBody
    status: int = 200
    bytes: int = 0
    location: str = "{origin}/v1/elsewhere"
    chunk_bytes: int = 1024
    interval_ms: int = 1000


class HostileError(ValueError):
    """A mistake in a ``hostile`` member: ``where`` names the field (the script reports it as a ``ScriptError``)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where
        self.message = message


def parse_hostile(where: str, obj: Any) -> Hostile:
    """A ``Hostile`` from a turn's ``hostile`` member; ``HostileError`` naming the field otherwise."""
    if not isinstance(obj, dict):
        raise HostileError(where, "must be an object with a body")
    unknown = sorted(set(obj) - {"body", "status", "bytes", "location", "chunk_bytes", "interval_ms"})
    if unknown:
        raise HostileError(where, f"unknown field(s) {', '.join(unknown)}")
    if obj.get("body") not in HOSTILE_BODIES:
        raise HostileError(
            f"{where}.body", f"must be one of {', '.join(HOSTILE_BODIES)}, got {json.dumps(obj.get('body'))}"
        )
    for key in ("status", "bytes", "chunk_bytes", "interval_ms"):
        value = obj.get(key, 1)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise HostileError(f"{where}.{key}", f"must be a whole number >= 0, got {json.dumps(value)}")
    if not isinstance(obj.get("location", ""), str):
        raise HostileError(f"{where}.location", "must be a string")
    status = obj.get("status", 307 if obj["body"] == "redirect" else 200)
    return Hostile(**{**obj, "status": status})


def _head(status: int, headers: dict[str, str]) -> bytes:
    lines = [f"HTTP/1.1 {status} Hostile"] + [f"{name}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)


async def _pieces(writer: asyncio.StreamWriter, first: bytes, total: int, fill: bytes, size: int) -> None:
    """``first`` then ``fill`` bytes up to ``total``, in chunked pieces of ``size``, never more held."""
    writer.write(_chunk(first))
    sent, piece = len(first), fill * (size // len(fill) or 1)
    while sent < total:
        part = piece[: total - sent]
        writer.write(_chunk(part))
        sent += len(part)
        await writer.drain()


async def play_hostile(writer: asyncio.StreamWriter, hostile: Hostile, origin: str) -> None:
    """Write the hostile answer on ``writer``; the connection is not reused after it."""
    match hostile.body:
        case "redirect":
            location = hostile.location.replace("{origin}", origin)
            writer.write(_head(hostile.status, {"location": location, "content-length": "0"}))
        case "flood":
            writer.write(_head(hostile.status, {"content-type": "application/json", "transfer-encoding": "chunked"}))
            await _pieces(writer, b'{"error": {"message": "', hostile.bytes, b"a", _BLOCK)
            writer.write(b"0\r\n\r\n")
        case "sse_line":
            headers = {"content-type": "text/event-stream", "transfer-encoding": "chunked"}
            writer.write(_head(hostile.status, headers))
            await _pieces(writer, b"data: ", hostile.bytes, b"a", max(hostile.chunk_bytes, 1))
            writer.write(b"0\r\n\r\n")
        case "gzip_bomb":
            headers = {"content-type": "application/json", "content-encoding": "gzip", "transfer-encoding": "chunked"}
            writer.write(_head(hostile.status, headers))
            packer = zlib.compressobj(9, zlib.DEFLATED, 31)
            zeros, left = b"0" * (1 << 20), hostile.bytes
            writer.write(_chunk(packer.compress(b'{"x": "')))
            while left > 0:
                packed = packer.compress(zeros[:left])
                left -= min(left, len(zeros))
                if packed:
                    writer.write(_chunk(packed))
                    await writer.drain()
            writer.write(_chunk(packer.flush()) + b"0\r\n\r\n")
        case "trickle":
            writer.write(_head(hostile.status, {"content-type": "application/json",
                                                "content-length": str(hostile.bytes)}))  # fmt: skip
            for _ in range(hostile.bytes):
                writer.write(b" ")
                await writer.drain()
                await asyncio.sleep(hostile.interval_ms / 1000)
    await writer.drain()

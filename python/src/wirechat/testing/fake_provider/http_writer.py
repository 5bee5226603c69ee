"""The fake provider's side of one HTTP/1.1 answer: status line and headers, a JSON body, an error in the
provider's format, or an SSE stream in chunked transfer encoding with the script's faults played on the socket
(a drop, a cut event, an error event after a 200). ``server.py`` reads requests and picks the answer.
"""

from __future__ import annotations

import asyncio
import http
from typing import Any

from wirechat.testing.fake_provider.script import Fault, RawAnswer
from wirechat.testing.fake_provider.wire import Frame, ProviderWire, dumps, sse_bytes

__all__ = ["ClosedError", "Writer"]


def _reason(status: int) -> str:
    try:
        return http.HTTPStatus(status).phrase
    except ValueError:
        return "Overloaded" if status == 529 else "Unknown"


def _head(status: int, headers: dict[str, str]) -> bytes:
    lines = [f"HTTP/1.1 {status} {_reason(status)}"] + [f"{name}: {value}" for name, value in headers.items()]
    return ("\r\n".join(lines) + "\r\n\r\n").encode("latin-1")


class ClosedError(Exception):
    """The fault asked for the connection to be dropped."""


class Writer:
    """Writes one answer on a connection, in the provider's format, with its request id header."""

    def __init__(self, writer: asyncio.StreamWriter, wire: ProviderWire, request_id: str) -> None:
        self._writer = writer
        self._wire = wire
        self._request_id = request_id

    async def send(self, status: int, content: bytes, media: str, extra: dict[str, str] | None = None) -> None:
        headers = {"content-type": media, "content-length": str(len(content)),
                   self._wire.request_id_header: self._request_id}  # fmt: skip
        self._writer.write(_head(status, {**headers, **(extra or {})}) + content)
        await self._writer.drain()

    async def json(self, status: int, body: Any, extra: dict[str, str] | None = None) -> None:
        await self.send(status, dumps(body).encode(), "application/json", extra)

    async def error(
        self,
        status: int,
        *,
        error_type: str | None = None,
        code: str | None = None,
        message: str | None = None,
        extra: dict[str, str] | None = None,
    ) -> None:
        body = self._wire.error_body(status, error_type, code, message, self._request_id)
        await self.json(status, body, extra)

    async def status_fault(self, fault: Fault) -> None:
        extra: dict[str, str] = {}
        if fault.retry_after is not None:
            extra["retry-after"] = fault.retry_after
        if fault.retry_after_ms is not None:
            extra["retry-after-ms"] = str(fault.retry_after_ms)
        if fault.should_retry is not None:
            extra["x-should-retry"] = "true" if fault.should_retry else "false"
        assert fault.status is not None
        await self.error(fault.status, error_type=fault.error_type, code=fault.code, message=fault.message,
                         extra=extra)  # fmt: skip

    async def raw(self, raw: RawAnswer, delay_ms: int) -> None:
        if raw.sse is None:
            await asyncio.sleep(delay_ms / 1000)
            return await self.json(raw.status, raw.body, raw.headers)
        await self.stream(list(raw.sse), None, delay_ms, status=raw.status, extra=raw.headers)

    async def stream(
        self,
        frames: list[Frame],
        fault: Fault | None,
        delay_ms: int,
        *,
        status: int = 200,
        extra: dict[str, str] | None = None,
    ) -> None:
        writer = self._writer
        headers = {"content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache",
                   "transfer-encoding": "chunked", self._wire.request_id_header: self._request_id}  # fmt: skip
        writer.write(_head(status, {**headers, **(extra or {})}))
        for index in range(len(frames) + 1):
            if fault is not None and index == min(fault.after, len(frames)):
                if fault.type == "drop":
                    await writer.drain()
                    writer.transport.abort()
                    raise ClosedError
                if fault.type == "malformed":
                    writer.write(_chunk(sse_bytes(self._wire.malformed_frame())))
                elif fault.type == "error_event":
                    writer.write(_chunk(sse_bytes(self._wire.error_frame(fault.error_type, fault.message))))
                    break
            if index == len(frames):
                break
            if delay_ms:
                await writer.drain()
                await asyncio.sleep(delay_ms / 1000)
            writer.write(_chunk(sse_bytes(frames[index])))
            if index % 16 == 15:
                await writer.drain()
        writer.write(b"0\r\n\r\n")
        await writer.drain()


def _chunk(data: bytes) -> bytes:
    return b"%x\r\n%s\r\n" % (len(data), data)

"""An ``httpx2`` transport that bounds an MCP server's HTTP response bodies after decompression.

The SDK's client would let ``httpx2`` inflate a body of any size (a 1 MB gzip body reached 5.2 GB). This
transport asks for ``gzip, deflate`` only, decompresses those itself in pieces of at most 64 KiB, stops at
``McpLimits.max_response_bytes`` and refuses other codings; the response it hands on carries no
``Content-Encoding``, so nothing decompresses it again. A body past the cap ends in a
``httpx2.StreamError`` (which the SDK turns into an error for the request) and is recorded, so that the
client raises the typed :class:`McpLimitError` (``on_limit``).
"""

from __future__ import annotations

import zlib
from collections.abc import AsyncIterator, Callable

import httpx2

from wirechat.mcp._errors import McpLimitError

__all__ = ["ACCEPT_ENCODING", "CappedTransport"]

ACCEPT_ENCODING = "gzip, deflate"
_PIECE = 64 * 1024


class _Refused(httpx2.StreamError):
    """A body the client will not read further (too large, or in a coding it did not ask for)."""


class _Inflater:
    """``gzip`` or ``deflate`` (zlib-wrapped, or raw as some servers send it), at most 64 KiB out per call."""

    def __init__(self, coding: str) -> None:
        self.coding = coding
        self.raw_tried = False
        self.inflater = zlib.decompressobj(zlib.MAX_WBITS | 32 if coding == "gzip" else zlib.MAX_WBITS)

    def first(self, data: bytes) -> bytes:
        try:
            return self.inflater.decompress(data, _PIECE)
        except zlib.error:
            if self.coding != "deflate" or self.raw_tried:
                raise
            self.raw_tried = True
            self.inflater = zlib.decompressobj(-zlib.MAX_WBITS)
            return self.inflater.decompress(data, _PIECE)

    def more(self) -> bytes:
        """The next piece of the last input (empty when it is all out)."""
        tail = self.inflater.unconsumed_tail
        return self.inflater.decompress(tail, _PIECE) if tail else b""


class _CappedStream(httpx2.AsyncByteStream):
    def __init__(
        self, raw: httpx2.AsyncByteStream, coding: str | None, cap: int, too_large: Callable[[], McpLimitError]
    ) -> None:
        self.raw = raw
        self.coding = coding
        self.cap = cap
        self.too_large = too_large

    async def __aiter__(self) -> AsyncIterator[bytes]:
        total = 0
        inflater = _Inflater(self.coding) if self.coding else None
        async for chunk in self.raw:
            try:
                piece = chunk if inflater is None else inflater.first(chunk)
                while piece:
                    total += len(piece)
                    if total > self.cap:
                        raise _Refused(str(self.too_large()))
                    yield piece
                    piece = b"" if inflater is None else inflater.more()
            except zlib.error as error:
                raise _Refused(f"the {self.coding} body could not be decompressed: {error}") from None
        if inflater is not None and (rest := inflater.inflater.flush()):
            if total + len(rest) > self.cap:
                raise _Refused(str(self.too_large()))
            yield rest

    async def aclose(self) -> None:
        await self.raw.aclose()


class CappedTransport(httpx2.AsyncBaseTransport):
    """Wraps ``inner``: each response body is capped at ``cap`` decompressed bytes; ``on_limit`` receives the
    typed error before the stream fails with it."""

    def __init__(
        self, inner: httpx2.AsyncBaseTransport, server: str, cap: int, on_limit: Callable[[McpLimitError], None]
    ) -> None:
        self.inner = inner
        self.server = server
        self.cap = cap
        self.on_limit = on_limit

    def _error(self, limit: str, value: object, message: str) -> McpLimitError:
        error = McpLimitError(self.server, limit, value, message)
        self.on_limit(error)
        return error

    async def handle_async_request(self, request: httpx2.Request) -> httpx2.Response:
        response = await self.inner.handle_async_request(request)
        codings = [
            value.strip().lower()
            for value in response.headers.get_list("content-encoding", split_commas=True)
            if value.strip().lower() not in ("", "identity")
        ]
        if len(codings) > 1 or (codings and codings[0] not in ("gzip", "deflate")):
            await response.aclose()
            error = self._error(
                "content-encoding",
                ACCEPT_ENCODING,
                f"the response is encoded {', '.join(codings)}; the client asked for {ACCEPT_ENCODING} only",
            )
            raise _Refused(str(error))
        headers = [
            (name, value)
            for name, value in response.headers.raw
            if name.lower() not in (b"content-encoding", b"content-length")
        ]
        stream = response.stream
        assert isinstance(stream, httpx2.AsyncByteStream)

        def too_large() -> McpLimitError:
            return self._error(
                "bytes",
                self.cap,
                f"a response body is larger than {self.cap} bytes decompressed (McpLimits.max_response_bytes)",
            )

        capped = _CappedStream(stream, codings[0] if codings else None, self.cap, too_large)
        return httpx2.Response(response.status_code, headers=headers, stream=capped, extensions=response.extensions)

    async def aclose(self) -> None:
        await self.inner.aclose()

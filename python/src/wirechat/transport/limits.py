"""The bounds every call keeps (spec section 5.3): how many bytes an answer may take, how long a call may last,
and the typed errors for an answer that breaks them.

* ``Limits``: the response body cap (after decompression, 64 MiB), the error body cap (1 MiB, read before
  the body is parsed or redacted), and the SSE line and event cap (16 MiB).
* ``Deadline``: the total time one call may take, retries and the reading of a stream included, beside the
  idle read timeout of ``Timeouts``.
* ``read_capped``: a body read chunk by chunk into a list (linear, never more than the cap plus one chunk held),
  stopped at the cap and at the deadline.
* ``decoded`` / ``adecoded``: a body's bytes after its gzip or deflate coding is undone, at most ``STEP`` bytes
  at a time (httpx inflates a whole network read at once: 64 KiB of a gzip bomb is 64 MiB).
* ``ResponseTooLargeError`` and ``RedirectRefusedError``: both ``InvalidResponseError``\\ s (kind
  ``invalid_response``, not retryable), so existing handlers still catch them.

A body over its cap is never read to its end: the connection is closed, which is all a client can do
against a server that keeps sending.
"""

from __future__ import annotations

import time
import zlib
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass

import httpx

from wirechat._generated.models import Error
from wirechat.transport.errors import APITimeoutError, InvalidResponseError
from wirechat.transport.secrets import Secret, redact

__all__ = [
    "MIB",
    "Deadline",
    "Limits",
    "RedirectRefusedError",
    "ResponseTooLargeError",
    "adecoded",
    "aread_capped",
    "decoded",
    "read_capped",
    "redirect_error",
    "too_large",
]

MIB = 1 << 20


@dataclass(frozen=True)
class Limits:
    """Byte caps on what a provider may send back. ``max_body_bytes`` bounds a non-streamed answer after
    decompression; ``max_error_body_bytes`` an error answer (a larger one is judged by its status alone);
    ``max_event_bytes`` one SSE line and the data of one SSE event."""

    max_body_bytes: int = 64 * MIB
    max_error_body_bytes: int = 1 * MIB
    max_event_bytes: int = 16 * MIB

    def __post_init__(self) -> None:
        for name in ("max_body_bytes", "max_error_body_bytes", "max_event_bytes"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise ValueError(f"Limits.{name} must be a positive whole number of bytes, got {value!r}")


class ResponseTooLargeError(InvalidResponseError):
    """The provider's answer was larger than a cap of ``Limits``; ``limit`` names the cap, ``limit_bytes`` is
    its value. The rest of the answer was not read."""

    limit: str = ""
    limit_bytes: int = 0


class RedirectRefusedError(InvalidResponseError):
    """The provider answered with a redirect (3xx). The client follows none: the request carries the API key,
    and the place it points to was not chosen by the caller. ``location`` is where it pointed (redacted)."""

    location: str | None = None


def too_large(limit: str, limit_bytes: int, what: str, attempts: int = 1) -> ResponseTooLargeError:
    """The typed error for ``what`` (``"the response body"``) over the cap named ``limit``."""
    message = f"{what} is larger than the {limit} limit of {limit_bytes} bytes; the rest was not read"
    error = ResponseTooLargeError(Error(kind="invalid_response", message=message, retryable=False), attempts=attempts)
    error.limit, error.limit_bytes = limit, limit_bytes
    return error


def redirect_error(
    status: int, headers: Mapping[str, str], secret: Secret | None, attempts: int
) -> RedirectRefusedError:
    """The typed error for a 3xx answer, naming its ``Location``."""
    location = headers.get("location")
    shown = redact(location[:500], secret) if location is not None else None
    where = f"to {shown}" if shown is not None else "without a Location"
    message = (f"the provider answered HTTP {status}, a redirect {where}; wirechat follows no redirects (the request "
               "carries the API key): use the final address as base_url")  # fmt: skip
    error = RedirectRefusedError(
        Error(kind="invalid_response", message=message, retryable=False, status=status), attempts=attempts
    )
    error.location = shown
    return error


class Deadline:
    """The end of a call: ``total`` seconds after it starts (``None``: no end)."""

    __slots__ = ("_end", "total")

    def __init__(self, total: float | None) -> None:
        self.total = total
        self._end = None if total is None else time.monotonic() + total

    def remaining(self) -> float | None:
        """Seconds left (at least a millisecond while not passed), ``None`` without a deadline."""
        return None if self._end is None else max(self._end - time.monotonic(), 0.001)

    def passed(self) -> bool:
        return self._end is not None and time.monotonic() >= self._end

    def allows(self, delay: float) -> bool:
        """Whether waiting ``delay`` seconds still leaves time for another attempt."""
        return self._end is None or time.monotonic() + delay < self._end

    def error(self, stage: str, attempts: int = 1) -> APITimeoutError:
        message = f"timed out {stage}: the call's total deadline of {self.total} s passed"
        return APITimeoutError(Error(kind="timeout", message=message, retryable=True), attempts=attempts)


def read_capped(chunks: Iterator[bytes], limit: int, deadline: Deadline) -> bytes | None:
    """The whole body, or ``None`` when it is longer than ``limit`` (reading stops there). Raises the
    deadline's ``APITimeoutError`` when the call's time runs out between two chunks."""
    held: list[bytes] = []
    size = 0
    for chunk in chunks:
        size += len(chunk)
        if size > limit:
            return None
        held.append(chunk)
        if deadline.passed():
            raise deadline.error("reading the response")
    return b"".join(held)


async def aread_capped(chunks: AsyncIterator[bytes], limit: int, deadline: Deadline) -> bytes | None:
    """``read_capped`` for an asynchronous body."""
    held: list[bytes] = []
    size = 0
    async for chunk in chunks:
        size += len(chunk)
        if size > limit:
            return None
        held.append(chunk)
        if deadline.passed():
            raise deadline.error("reading the response")
    return b"".join(held)


STEP = 64 * 1024
"""The most bytes one step of inflating produces."""

_ZLIB_CODINGS = {"gzip": 47, "x-gzip": 47, "deflate": 47}  # 47: a gzip or a zlib header, detected


def _inflater(response: httpx.Response) -> zlib._Decompress | bool | None:
    """A decompressor for the response's coding, ``None`` for none, ``False`` for one httpx must undo."""
    coding = response.headers.get("content-encoding", "").strip().lower()
    if coding in ("", "identity"):
        return None
    wbits = _ZLIB_CODINGS.get(coding)
    return False if wbits is None else zlib.decompressobj(wbits)


def _inflate(inflater: zlib._Decompress, raw: bytes) -> Iterator[bytes]:
    try:
        out = inflater.decompress(raw, STEP)
        while True:
            if out:
                yield out
            if not inflater.unconsumed_tail:
                return
            out = inflater.decompress(inflater.unconsumed_tail, STEP)
    except zlib.error as exc:
        raise httpx.DecodingError(f"the body's content-encoding could not be undone: {exc}") from None


def decoded(response: httpx.Response) -> Iterator[bytes]:
    """The body's bytes, its gzip or deflate coding undone a step at a time (other codings by httpx)."""
    inflater = _inflater(response)
    if inflater is False or response.is_stream_consumed:  # other codings; or a body already in memory (a mock)
        yield from response.iter_bytes()
        return
    for raw in response.iter_raw():
        if inflater is None:
            yield raw
        else:
            yield from _inflate(inflater, raw)  # type: ignore[arg-type]


async def adecoded(response: httpx.Response) -> AsyncIterator[bytes]:
    """``decoded`` for an asynchronous response."""
    inflater = _inflater(response)
    if inflater is False or response.is_stream_consumed:
        async for chunk in response.aiter_bytes():
            yield chunk
        return
    async for raw in response.aiter_raw():
        if inflater is None:
            yield raw
        else:
            for chunk in _inflate(inflater, raw):  # type: ignore[arg-type]
                yield chunk

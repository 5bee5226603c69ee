"""The bounds every call keeps (spec section 5.3): how many bytes an answer may take, how long a call may last,
and the typed errors for an answer that breaks them.

* ``Limits``: the response body cap (after decompression, 64 MiB), the error body cap (1 MiB, read before
  the body is parsed or redacted), and the SSE line and event cap (16 MiB).
* ``Deadline``: the total time one call may take, retries and the reading of a stream included, beside the
  idle read timeout of ``Timeouts``.
* ``read_capped``: a body read chunk by chunk into a list (linear, never more than the cap plus one chunk held),
  stopped at the cap and at the deadline.
* ``ResponseTooLargeError`` and ``RedirectRefusedError``: both ``InvalidResponseError``\\ s (kind
  ``invalid_response``, not retryable), so existing handlers still catch them.

A body over its cap is never read to its end: the connection is closed, which is all a client can do
against a server that keeps sending.
"""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator, Mapping
from dataclasses import dataclass

from wirechat._generated.models import Error
from wirechat.transport.errors import APITimeoutError, InvalidResponseError
from wirechat.transport.secrets import Secret, redact

__all__ = [
    "MIB",
    "Deadline",
    "Limits",
    "RedirectRefusedError",
    "ResponseTooLargeError",
    "aread_capped",
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

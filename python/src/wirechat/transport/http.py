"""The HTTP layer, over httpx: send a request with timeouts and retries, get bytes or a byte stream back.

``HttpTransport`` (blocking) and ``AsyncHttpTransport`` (asyncio) share everything but the I/O
(``_call_policy.CallCore``, with ``Timeouts`` and ``status_error``, re-exported here): the
retry loop asks ``RetryPolicy`` after each failure, a failed status is turned into a canonical ``Error``
by the adapter's ``decode_error`` (or by ``status_error`` when the body is not the provider's, such as
a proxy's HTML page), and httpx's exceptions become ``NetworkError`` / ``APITimeoutError``. A stream is
only retried before its first byte is handed over; after that, a break is the caller's to report (with
what arrived). Credentials are added per request and never logged; every message passes the redactor.

Every call is bounded (``limits.py``, spec section 5.3): a body is read chunk by chunk up to its cap after
decompression (``ResponseTooLargeError``), an error body up to a smaller cap (a larger one is judged by its
status alone), the whole call, retries and the reading of a stream included, ends at ``Timeouts.total``, and a
redirect is never followed (``RedirectRefusedError``: the request carries the key). A failed attempt's
response leaves the frame before the error is raised, so no frame of the traceback holds its headers.
"""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from typing import TYPE_CHECKING

import httpx

from wirechat._generated.models import Error
from wirechat.transport._call_policy import CallCore, ErrorDecoder, FailedAttempt, HttpReply, Timeouts, status_error
from wirechat.transport.errors import APIError, error_for
from wirechat.transport.limits import (
    Deadline,
    Limits,
    adecoded,
    aread_capped,
    decoded,
    read_capped,
    too_large,
)
from wirechat.transport.retry import RetryPolicy
from wirechat.transport.secrets import Secret

if TYPE_CHECKING:
    from wirechat.transport.call_options import CallOptions

__all__ = [
    "AsyncHttpTransport",
    "ErrorDecoder",
    "HttpReply",
    "HttpTransport",
    "Timeouts",
    "status_error",
]


class HttpTransport:
    """Blocking HTTP with retries; one connection pool, closed by ``close()`` or ``with``."""

    def __init__(
        self,
        base_url: str,
        *,
        auth_headers: Mapping[str, str],
        secret: Secret | None,
        decode_error: ErrorDecoder,
        timeouts: Timeouts | None = None,
        retry: RetryPolicy | None = None,
        extra_headers: Mapping[str, str] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        http_client: httpx.Client | None = None,
        limits: Limits | None = None,
    ) -> None:
        self._core = CallCore(
            base_url,
            auth_headers=auth_headers,
            secret=secret,
            decode_error=decode_error,
            retry=retry or RetryPolicy(),
            extra_headers=extra_headers,
            timeouts=timeouts,
            limits=limits,
        )
        self._sleep = sleep
        self._owns_client = http_client is None
        self._http = http_client or httpx.Client(timeout=self._core.timeouts.to_httpx())

    def __repr__(self) -> str:
        return f"HttpTransport(base_url={self._core.base_url!r})"

    def post(self, path: str, body: bytes, call: CallOptions | None = None) -> HttpReply:
        """POST ``body`` (JSON) and read the answer whole, retrying as the policy allows; ``call`` holds
        this call's own timeout, retry count and headers."""
        core = self._core.with_call(call)
        url, what, deadline = core.url(path), f"POST {path}", core.deadline()
        for retry in range(core.retry.max_retries + 1):
            sent = self._attempt(url, body, deadline, retry + 1, stream=False, core=core)
            outcome = self._read(sent, deadline, retry + 1) if isinstance(sent, httpx.Response) else sent
            del sent
            if isinstance(outcome, HttpReply):
                return outcome
            if isinstance(outcome, APIError):
                raise outcome
            delay = core.waits(outcome, retry, what, deadline)
            if delay is None:
                raise core.raise_final(outcome.error, retry + 1)
            self._sleep(delay)
        raise AssertionError("unreachable: the last attempt either returns or raises")  # pragma: no cover

    def _attempt(self, url: str, body: bytes, deadline: Deadline, attempts: int, *, stream: bool,
                 core: CallCore) -> httpx.Response | FailedAttempt | APIError:  # fmt: skip
        """One request: the open 2xx response, or what went wrong (the response closed)."""
        if deadline.passed():
            return deadline.error("before sending the request", attempts)
        request = core.build(self._http, url, body, stream, deadline)
        try:
            response = self._http.send(request, stream=True, follow_redirects=False)
        except httpx.HTTPError as exc:
            return FailedAttempt(core.network_failure(exc), {})
        if response.status_code < 300:
            return response
        try:
            refused = core.refused(response, attempts)
            if refused is not None:
                return refused
            content = read_capped(decoded(response), core.limits.max_error_body_bytes, deadline)
        except httpx.HTTPError as exc:
            return FailedAttempt(core.network_failure(exc), {})
        except APIError as exc:
            return exc
        finally:
            response.close()
        return core.judged(response, content)

    def _read(
        self, response: httpx.Response, deadline: Deadline, attempts: int
    ) -> HttpReply | FailedAttempt | APIError:
        cap = self._core.limits.max_body_bytes
        try:
            content = read_capped(decoded(response), cap, deadline)
        except httpx.HTTPError as exc:
            return FailedAttempt(self._core.network_failure(exc), {})
        except APIError as exc:
            return exc
        finally:
            response.close()
        if content is None:
            return too_large("max_body_bytes", cap, "the response body", attempts)
        return HttpReply(response.status_code, response.headers, content)

    @contextlib.contextmanager
    def stream(self, path: str, body: bytes, call: CallOptions | None = None) -> Iterator[Iterator[bytes]]:
        """POST ``body`` and give the answer's bytes as they arrive; the response is closed on exit.

        Retries happen only until a 2xx status arrives. Reading the bytes raises ``NetworkError`` or
        ``APITimeoutError`` when the connection breaks or goes silent, or the call's deadline passes.
        """
        core = self._core.with_call(call)
        url, what, deadline = core.url(path), f"POST {path} (stream)", core.deadline()
        for retry in range(core.retry.max_retries + 1):
            outcome = self._attempt(url, body, deadline, retry + 1, stream=True, core=core)
            if isinstance(outcome, httpx.Response):
                try:
                    yield self._chunks(outcome, deadline)
                finally:
                    outcome.close()
                return
            if isinstance(outcome, APIError):
                raise outcome
            delay = core.waits(outcome, retry, what, deadline)
            if delay is None:
                raise core.raise_final(outcome.error, retry + 1)
            self._sleep(delay)

    def _chunks(self, response: httpx.Response, deadline: Deadline) -> Iterator[bytes]:
        failure: Error | None = None
        try:
            for chunk in decoded(response):
                if deadline.passed():
                    break
                yield chunk
        except httpx.HTTPError as exc:
            failure = self._core.network_failure(exc)
        if failure is not None:  # raised here, not in the handler: no __context__ holds the httpx request
            raise error_for(failure.kind)(failure)
        if deadline.passed():
            raise deadline.error("reading the stream")

    def close(self) -> None:
        if self._owns_client:
            self._http.close()

    def __enter__(self) -> HttpTransport:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class AsyncHttpTransport:
    """The asyncio twin of ``HttpTransport``. Cancelling the task closes the response it was reading."""

    def __init__(
        self,
        base_url: str,
        *,
        auth_headers: Mapping[str, str],
        secret: Secret | None,
        decode_error: ErrorDecoder,
        timeouts: Timeouts | None = None,
        retry: RetryPolicy | None = None,
        extra_headers: Mapping[str, str] | None = None,
        sleep: Callable[[float], object] = asyncio.sleep,
        http_client: httpx.AsyncClient | None = None,
        max_connections: int = 100,
        limits: Limits | None = None,
    ) -> None:
        self._core = CallCore(
            base_url,
            auth_headers=auth_headers,
            secret=secret,
            decode_error=decode_error,
            retry=retry or RetryPolicy(),
            extra_headers=extra_headers,
            timeouts=timeouts,
            limits=limits,
        )
        self._sleep = sleep
        self._owns_client = http_client is None
        pool = httpx.Limits(max_connections=max_connections, max_keepalive_connections=max_connections)
        self._http = http_client or httpx.AsyncClient(timeout=self._core.timeouts.to_httpx(), limits=pool)

    def __repr__(self) -> str:
        return f"AsyncHttpTransport(base_url={self._core.base_url!r})"

    async def post(self, path: str, body: bytes, call: CallOptions | None = None) -> HttpReply:
        """POST ``body`` (JSON) and read the answer whole, retrying as the policy allows (``call``: as
        ``HttpTransport.post``)."""
        core = self._core.with_call(call)
        url, what, deadline = core.url(path), f"POST {path}", core.deadline()
        for retry in range(core.retry.max_retries + 1):
            sent = await self._attempt(url, body, deadline, retry + 1, stream=False, core=core)
            outcome = await self._read(sent, deadline, retry + 1) if isinstance(sent, httpx.Response) else sent
            del sent
            if isinstance(outcome, HttpReply):
                return outcome
            if isinstance(outcome, APIError):
                raise outcome
            delay = core.waits(outcome, retry, what, deadline)
            if delay is None:
                raise core.raise_final(outcome.error, retry + 1)
            await _wait(self._sleep(delay))
        raise AssertionError("unreachable: the last attempt either returns or raises")  # pragma: no cover

    async def _attempt(self, url: str, body: bytes, deadline: Deadline, attempts: int,
                       *, stream: bool, core: CallCore) -> httpx.Response | FailedAttempt | APIError:  # fmt: skip
        if deadline.passed():
            return deadline.error("before sending the request", attempts)
        request = core.build(self._http, url, body, stream, deadline)
        try:
            response = await self._http.send(request, stream=True, follow_redirects=False)
        except httpx.HTTPError as exc:
            return FailedAttempt(core.network_failure(exc), {})
        if response.status_code < 300:
            return response
        try:
            refused = core.refused(response, attempts)
            if refused is not None:
                return refused
            content = await aread_capped(adecoded(response), core.limits.max_error_body_bytes, deadline)
        except httpx.HTTPError as exc:
            return FailedAttempt(core.network_failure(exc), {})
        except APIError as exc:
            return exc
        finally:
            await response.aclose()
        return core.judged(response, content)

    async def _read(self, response: httpx.Response, deadline: Deadline,
                    attempts: int) -> HttpReply | FailedAttempt | APIError:  # fmt: skip
        cap = self._core.limits.max_body_bytes
        try:
            content = await aread_capped(adecoded(response), cap, deadline)
        except httpx.HTTPError as exc:
            return FailedAttempt(self._core.network_failure(exc), {})
        except APIError as exc:
            return exc
        finally:
            await response.aclose()
        if content is None:
            return too_large("max_body_bytes", cap, "the response body", attempts)
        return HttpReply(response.status_code, response.headers, content)

    @contextlib.asynccontextmanager
    async def stream(
        self, path: str, body: bytes, call: CallOptions | None = None
    ) -> AsyncIterator[AsyncIterator[bytes]]:
        """POST ``body`` and give the answer's bytes as they arrive; the response is closed on exit."""
        core = self._core.with_call(call)
        url, what, deadline = core.url(path), f"POST {path} (stream)", core.deadline()
        for retry in range(core.retry.max_retries + 1):
            outcome = await self._attempt(url, body, deadline, retry + 1, stream=True, core=core)
            if isinstance(outcome, httpx.Response):
                try:
                    yield self._chunks(outcome, deadline)
                finally:
                    await outcome.aclose()
                return
            if isinstance(outcome, APIError):
                raise outcome
            delay = core.waits(outcome, retry, what, deadline)
            if delay is None:
                raise core.raise_final(outcome.error, retry + 1)
            await _wait(self._sleep(delay))

    async def _chunks(self, response: httpx.Response, deadline: Deadline) -> AsyncIterator[bytes]:
        failure: Error | None = None
        try:
            async for chunk in adecoded(response):
                if deadline.passed():
                    break
                yield chunk
        except httpx.HTTPError as exc:
            failure = self._core.network_failure(exc)
        if failure is not None:  # raised here, not in the handler: no __context__ holds the httpx request
            raise error_for(failure.kind)(failure)
        if deadline.passed():
            raise deadline.error("reading the stream")

    async def aclose(self) -> None:
        if self._owns_client:
            await self._http.aclose()

    async def __aenter__(self) -> AsyncHttpTransport:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


async def _wait(pending: object) -> None:
    if asyncio.iscoroutine(pending) or isinstance(pending, asyncio.Future):
        await pending

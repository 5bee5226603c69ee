"""The HTTP layer, over httpx: send a request with timeouts and retries, get bytes or a byte stream back.

``HttpTransport`` (blocking) and ``AsyncHttpTransport`` (asyncio) share everything but the I/O: the
retry loop asks ``RetryPolicy`` after each failure, a failed status is turned into a canonical ``Error``
by the adapter's ``decode_error`` (or by ``status_error`` when the body is not the provider's, such as
a proxy's HTML page), and httpx's exceptions become ``NetworkError`` / ``APITimeoutError``. A stream is
only retried before its first byte is handed over; after that, a break is the caller's to report (with
what arrived). Credentials are added per request and never logged; every message passes the redactor.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import httpx

from wirechat._generated.models import Error, ErrorKind
from wirechat.exchange import classify, header
from wirechat.transport.errors import APIError, error_for
from wirechat.transport.retry import RetryPolicy
from wirechat.transport.secrets import Secret, guard_logs, redact, redact_error

if TYPE_CHECKING:
    from httpx._client import UseClientDefault  # the type of httpx.USE_CLIENT_DEFAULT

    from wirechat.transport.call_options import CallOptions

__all__ = [
    "AsyncHttpTransport",
    "ErrorDecoder",
    "HttpReply",
    "HttpTransport",
    "Timeouts",
    "status_error",
]

logger = logging.getLogger("wirechat.transport")

ErrorDecoder = Callable[[int, Mapping[str, str], bytes], Error]

USER_AGENT = "wirechat-python/0.1"


@dataclass(frozen=True)
class Timeouts:
    """Seconds allowed to connect, to send, to wait for the next bytes of the answer, and to get a pooled
    connection. ``read`` bounds the silence between two chunks of a stream, not the whole stream.
    """

    connect: float = 10.0
    read: float = 600.0
    write: float = 60.0
    pool: float = 60.0

    @classmethod
    def of(cls, value: float | Timeouts | None) -> Timeouts:
        """``None`` gives the defaults; a number bounds connect, read, write and pool alike."""
        if value is None:
            return cls()
        if isinstance(value, Timeouts):
            return value
        if not value > 0:
            raise ValueError(f"a timeout must be a positive number of seconds, got {value!r}")
        return cls(connect=value, read=value, write=value, pool=value)

    def to_httpx(self) -> httpx.Timeout:
        return httpx.Timeout(connect=self.connect, read=self.read, write=self.write, pool=self.pool)


@dataclass(frozen=True)
class HttpReply:
    """A successful (2xx) answer read whole."""

    status: int
    headers: httpx.Headers
    content: bytes


def status_error(status: int, headers: Mapping[str, str], body: bytes) -> Error:
    """A canonical ``Error`` from the status alone (``wirechat.exchange.classify``, the adapters' table), for
    bodies that are not the provider's error JSON, such as a proxy's HTML page."""
    decided = classify(status, headers)
    snippet = body[:200].decode("utf-8", "replace").strip() or "(empty body)"
    fields: dict[str, object] = {}
    request_id = header(headers, "x-request-id") or header(headers, "request-id")
    if request_id:
        fields["request_id"] = request_id
    if decided.retry_after_ms is not None:
        fields["retry_after_ms"] = decided.retry_after_ms
    return Error(
        kind=cast(ErrorKind, decided.kind),
        message=f"HTTP {status}: {snippet}",
        retryable=decided.retryable,
        status=status,
        **fields,  # type: ignore[arg-type]
    )


def _exception_error(exc: httpx.HTTPError, secret: Secret | None) -> Error:
    what = redact(str(exc) or type(exc).__name__, secret)
    if isinstance(exc, httpx.TimeoutException):
        stage = {
            httpx.ConnectTimeout: "connecting",
            httpx.ReadTimeout: "waiting for the response",
            httpx.WriteTimeout: "sending the request",
            httpx.PoolTimeout: "waiting for a free connection",
        }.get(type(exc), "talking to the provider")
        return Error(kind="timeout", message=f"timed out {stage} ({type(exc).__name__}: {what})", retryable=True)
    return Error(kind="network", message=f"{type(exc).__name__}: {what}", retryable=True)


class _Core:
    """What the blocking and asyncio transports share: URLs, headers, error decoding, retry decisions."""

    def __init__(
        self,
        base_url: str,
        *,
        auth_headers: Mapping[str, str],
        secret: Secret | None,
        decode_error: ErrorDecoder,
        retry: RetryPolicy,
        extra_headers: Mapping[str, str] | None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self._auth_headers = dict(auth_headers)
        self.secret = secret
        guard_logs(secret)
        self._decode_error = decode_error
        self.retry = retry
        self._headers = {"content-type": "application/json", "accept": "application/json", "user-agent": USER_AGENT}
        self._headers.update(extra_headers or {})

    def url(self, path: str) -> str:
        return self.base_url + path

    def headers(self, stream: bool, call: CallOptions | None = None) -> dict[str, str]:
        headers = dict(self._headers)
        if stream:
            headers["accept"] = "text/event-stream"
        if call is not None:
            headers.update(call.headers)
        headers.update(self._auth_headers)
        return headers

    def per_call(self, call: CallOptions | None) -> tuple[RetryPolicy, httpx.Timeout | UseClientDefault]:
        """The retry policy and the httpx timeout of one call: the client's, or the call's own."""
        if call is None:
            return self.retry, httpx.USE_CLIENT_DEFAULT
        return call.retry(self.retry), call.httpx_timeout() or httpx.USE_CLIENT_DEFAULT

    def failure(self, status: int, headers: httpx.Headers, body: bytes) -> Error:
        try:
            error = self._decode_error(status, headers, body)
        except Exception:  # the body is not the provider's error JSON: judge by the status
            error = status_error(status, headers, body)
        request_id = headers.get("x-request-id") or headers.get("request-id")
        if request_id and not isinstance(error.request_id, str):
            error = error.model_copy(update={"request_id": request_id})
        return redact_error(error, self.secret)

    def network_failure(self, exc: httpx.HTTPError) -> Error:
        return _exception_error(exc, self.secret)

    def next_delay(
        self, error: Error, headers: Mapping[str, str], retry: int, what: str, policy: RetryPolicy | None = None
    ) -> float | None:
        policy = policy or self.retry
        delay = policy.delay(error, headers, retry)
        if delay is not None:
            logger.info("%s failed (%s), retry %d of %d in %.3fs", what, error.kind, retry + 1, policy.max_retries,
                        delay)  # fmt: skip
        return delay

    def raise_final(self, error: Error, attempts: int) -> APIError:
        return error_for(error.kind)(error, attempts=attempts)


_NO_HEADERS = httpx.Headers()


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
    ) -> None:
        self._core = _Core(
            base_url,
            auth_headers=auth_headers,
            secret=secret,
            decode_error=decode_error,
            retry=retry or RetryPolicy(),
            extra_headers=extra_headers,
        )
        self._sleep = sleep
        self._owns_client = http_client is None
        self._http = http_client or httpx.Client(timeout=(timeouts or Timeouts()).to_httpx())

    def __repr__(self) -> str:
        return f"HttpTransport(base_url={self._core.base_url!r})"

    def post(self, path: str, body: bytes, call: CallOptions | None = None) -> HttpReply:
        """POST ``body`` (JSON) and read the answer whole, retrying as the policy allows."""
        url, what = self._core.url(path), f"POST {path}"
        policy, timeout = self._core.per_call(call)
        for retry in range(policy.max_retries + 1):
            headers: httpx.Headers = _NO_HEADERS
            try:
                response = self._http.post(
                    url, content=body, headers=self._core.headers(stream=False, call=call), timeout=timeout
                )
            except httpx.HTTPError as exc:
                error = self._core.network_failure(exc)
            else:
                if response.status_code < 400:
                    return HttpReply(response.status_code, response.headers, response.content)
                headers = response.headers
                error = self._core.failure(response.status_code, headers, response.content)
            delay = self._core.next_delay(error, headers, retry, what, policy)
            if delay is None:
                raise self._core.raise_final(error, retry + 1)
            self._sleep(delay)
        raise AssertionError("unreachable: the last attempt either returns or raises")  # pragma: no cover

    @contextlib.contextmanager
    def stream(self, path: str, body: bytes, call: CallOptions | None = None) -> Iterator[Iterator[bytes]]:
        """POST ``body`` and give the answer's bytes as they arrive; the response is closed on exit.

        Retries happen only until a 2xx status arrives. Reading the bytes raises ``NetworkError`` or
        ``APITimeoutError`` when the connection breaks or goes silent.
        """
        url, what = self._core.url(path), f"POST {path} (stream)"
        policy, timeout = self._core.per_call(call)
        for retry in range(policy.max_retries + 1):
            headers: httpx.Headers = _NO_HEADERS
            request = self._http.build_request(
                "POST", url, content=body, headers=self._core.headers(stream=True, call=call), timeout=timeout
            )
            try:
                response = self._http.send(request, stream=True)
            except httpx.HTTPError as exc:
                error = self._core.network_failure(exc)
            else:
                if response.status_code < 400:
                    try:
                        yield self._chunks(response)
                    finally:
                        response.close()
                    return
                try:
                    content = response.read()
                except httpx.HTTPError as exc:
                    error = self._core.network_failure(exc)
                else:
                    headers = response.headers
                    error = self._core.failure(response.status_code, headers, content)
                finally:
                    response.close()
            delay = self._core.next_delay(error, headers, retry, what, policy)
            if delay is None:
                raise self._core.raise_final(error, retry + 1)
            self._sleep(delay)

    def _chunks(self, response: httpx.Response) -> Iterator[bytes]:
        failure: Error | None = None
        try:
            yield from response.iter_bytes()
        except httpx.HTTPError as exc:
            failure = self._core.network_failure(exc)
        if failure is not None:  # raised here, not in the handler: no __context__ holds the httpx request
            raise error_for(failure.kind)(failure)

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
    ) -> None:
        self._core = _Core(
            base_url,
            auth_headers=auth_headers,
            secret=secret,
            decode_error=decode_error,
            retry=retry or RetryPolicy(),
            extra_headers=extra_headers,
        )
        self._sleep = sleep
        self._owns_client = http_client is None
        limits = httpx.Limits(max_connections=max_connections, max_keepalive_connections=max_connections)
        self._http = http_client or httpx.AsyncClient(timeout=(timeouts or Timeouts()).to_httpx(), limits=limits)

    def __repr__(self) -> str:
        return f"AsyncHttpTransport(base_url={self._core.base_url!r})"

    async def post(self, path: str, body: bytes, call: CallOptions | None = None) -> HttpReply:
        """POST ``body`` (JSON) and read the answer whole, retrying as the policy allows."""
        url, what = self._core.url(path), f"POST {path}"
        policy, timeout = self._core.per_call(call)
        for retry in range(policy.max_retries + 1):
            headers: httpx.Headers = _NO_HEADERS
            try:
                response = await self._http.post(
                    url, content=body, headers=self._core.headers(stream=False, call=call), timeout=timeout
                )
            except httpx.HTTPError as exc:
                error = self._core.network_failure(exc)
            else:
                if response.status_code < 400:
                    return HttpReply(response.status_code, response.headers, response.content)
                headers = response.headers
                error = self._core.failure(response.status_code, headers, response.content)
            delay = self._core.next_delay(error, headers, retry, what, policy)
            if delay is None:
                raise self._core.raise_final(error, retry + 1)
            await _wait(self._sleep(delay))
        raise AssertionError("unreachable: the last attempt either returns or raises")  # pragma: no cover

    @contextlib.asynccontextmanager
    async def stream(
        self, path: str, body: bytes, call: CallOptions | None = None
    ) -> AsyncIterator[AsyncIterator[bytes]]:
        """POST ``body`` and give the answer's bytes as they arrive; the response is closed on exit."""
        url, what = self._core.url(path), f"POST {path} (stream)"
        policy, timeout = self._core.per_call(call)
        for retry in range(policy.max_retries + 1):
            headers: httpx.Headers = _NO_HEADERS
            request = self._http.build_request(
                "POST", url, content=body, headers=self._core.headers(stream=True, call=call), timeout=timeout
            )
            try:
                response = await self._http.send(request, stream=True)
            except httpx.HTTPError as exc:
                error = self._core.network_failure(exc)
            else:
                if response.status_code < 400:
                    try:
                        yield self._chunks(response)
                    finally:
                        await response.aclose()
                    return
                try:
                    content = await response.aread()
                except httpx.HTTPError as exc:
                    error = self._core.network_failure(exc)
                else:
                    headers = response.headers
                    error = self._core.failure(response.status_code, headers, content)
                finally:
                    await response.aclose()
            delay = self._core.next_delay(error, headers, retry, what, policy)
            if delay is None:
                raise self._core.raise_final(error, retry + 1)
            await _wait(self._sleep(delay))

    async def _chunks(self, response: httpx.Response) -> AsyncIterator[bytes]:
        failure: Error | None = None
        try:
            async for chunk in response.aiter_bytes():
                yield chunk
        except httpx.HTTPError as exc:
            failure = self._core.network_failure(exc)
        if failure is not None:  # raised here, not in the handler: no __context__ holds the httpx request
            raise error_for(failure.kind)(failure)

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

"""The HTTP layer, over httpx: send a request with timeouts and retries, get bytes or a byte stream back.

``HttpTransport`` (blocking) and ``AsyncHttpTransport`` (asyncio) share everything but the I/O: the
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
import copy
import logging
import time
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import httpx

from wirechat._generated.models import Error, ErrorKind
from wirechat.exchange import classify, header
from wirechat.transport.errors import APIError, error_for
from wirechat.transport.limits import (
    Deadline,
    Limits,
    adecoded,
    aread_capped,
    decoded,
    read_capped,
    redirect_error,
    too_large,
)
from wirechat.transport.retry import RetryPolicy
from wirechat.transport.secrets import Secret, guard_logs, redact, redact_error

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

logger = logging.getLogger("wirechat.transport")

ErrorDecoder = Callable[[int, Mapping[str, str], bytes], Error]

USER_AGENT = "wirechat-python/0.1"


@dataclass(frozen=True)
class Timeouts:
    """Seconds allowed to connect, to send, to wait for the next bytes of the answer, and to get a pooled
    connection. ``read`` bounds the silence between two chunks of a stream, not the whole stream; ``total``
    bounds the whole call, retries, waits between them and the reading of a stream included (``None``: no
    bound).
    """

    connect: float = 10.0
    read: float = 600.0
    write: float = 60.0
    pool: float = 60.0
    total: float | None = 3600.0

    @classmethod
    def of(cls, value: float | Timeouts | None) -> Timeouts:
        """``None`` gives the defaults; a number bounds every phase and the whole call alike."""
        if value is None:
            return cls()
        if isinstance(value, Timeouts):
            return value
        if not value > 0:
            raise ValueError(f"a timeout must be a positive number of seconds, got {value!r}")
        return cls(connect=value, read=value, write=value, pool=value, total=value)

    def to_httpx(self, remaining: float | None = None) -> httpx.Timeout:
        """httpx's timeouts, each cut to ``remaining`` seconds (what is left of the call's deadline)."""
        if remaining is None:
            return httpx.Timeout(connect=self.connect, read=self.read, write=self.write, pool=self.pool)
        return httpx.Timeout(connect=min(self.connect, remaining), read=min(self.read, remaining),
                             write=min(self.write, remaining), pool=min(self.pool, remaining))  # fmt: skip


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


_RETRY_HEADERS = ("retry-after", "retry-after-ms", "x-should-retry")


@dataclass(frozen=True)
class _Failed:
    """A failed attempt, without its response: the canonical error and the headers the retry policy reads."""

    error: Error
    retry_headers: Mapping[str, str]


def _retry_headers(headers: httpx.Headers) -> dict[str, str]:
    return {name: headers[name] for name in _RETRY_HEADERS if name in headers}


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
        timeouts: Timeouts | None,
        limits: Limits | None,
    ) -> None:
        self.base_url = base_url.rstrip("/")
        self.timeouts = timeouts or Timeouts()
        self.given_timeouts = timeouts is not None  # else a caller's http_client keeps its own phase timeouts
        self.limits = limits or Limits()
        self._auth_headers = dict(auth_headers)
        self.secret = secret
        guard_logs(secret)
        self._decode_error = decode_error
        self.retry = retry
        self._headers = {"content-type": "application/json", "accept": "application/json", "user-agent": USER_AGENT}
        self._headers.update(extra_headers or {})

    def url(self, path: str) -> str:
        return self.base_url + path

    def with_call(self, call: CallOptions | None) -> _Core:
        """This core for one call: the call's timeouts (and its deadline), retry count and extra headers in
        place of the client's, or this core itself when the call sets none. The credentials stay last."""
        if call is None:
            return self
        core = copy.copy(self)
        core.retry = call.retry(self.retry)
        if call.timeout is not None:
            core.timeouts, core.given_timeouts = Timeouts.of(call.timeout), True
        core._headers = {**self._headers, **call.headers}
        return core

    def headers(self, stream: bool) -> dict[str, str]:
        headers = dict(self._headers)
        if stream:
            headers["accept"] = "text/event-stream"
        headers.update(self._auth_headers)
        return headers

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

    def deadline(self) -> Deadline:
        return Deadline(self.timeouts.total)

    def build(self, http: httpx.Client | httpx.AsyncClient, url: str, body: bytes, stream: bool,
              deadline: Deadline) -> httpx.Request:  # fmt: skip
        """The request of one attempt, its timeouts cut to what is left of the deadline."""
        remaining = deadline.remaining()
        if self.given_timeouts or remaining is None:
            timeout = self.timeouts.to_httpx(remaining)
        else:  # the caller's client's own timeouts, cut to the deadline
            own = http.timeout
            cut = {phase: remaining if value is None else min(value, remaining)
                   for phase, value in (("connect", own.connect), ("read", own.read), ("write", own.write),
                                        ("pool", own.pool))}  # fmt: skip
            timeout = httpx.Timeout(**cut)
        return http.build_request("POST", url, content=body, headers=self.headers(stream), timeout=timeout)

    def refused(self, response: httpx.Response, attempts: int) -> APIError | None:
        """The typed error for a redirect, ``None`` for any other status."""
        if 300 <= response.status_code < 400:
            return redirect_error(response.status_code, response.headers, self.secret, attempts)
        return None

    def judged(self, response: httpx.Response, content: bytes | None) -> _Failed:
        """A non-2xx answer as a canonical error; ``content`` is ``None`` when the body was over its cap."""
        if content is None:
            cap = self.limits.max_error_body_bytes
            error = status_error(response.status_code, response.headers, b"")
            message = f"HTTP {response.status_code}: the error body is larger than the {cap}-byte limit; not read"
            error = redact_error(error.model_copy(update={"message": message}), self.secret)
        else:
            error = self.failure(response.status_code, response.headers, content)
        return _Failed(error, _retry_headers(response.headers))

    def waits(self, failed: _Failed, retry: int, what: str, deadline: Deadline) -> float | None:
        """The delay before the next attempt, or ``None`` to give up (the policy says so, or the deadline
        would pass)."""
        delay = self.next_delay(failed.error, failed.retry_headers, retry, what)
        return delay if delay is not None and deadline.allows(delay) else None

    def next_delay(self, error: Error, headers: Mapping[str, str], retry: int, what: str) -> float | None:
        delay = self.retry.delay(error, headers, retry)
        if delay is not None:
            logger.info("%s failed (%s), retry %d of %d in %.3fs", what, error.kind, retry + 1, self.retry.max_retries,
                        delay)  # fmt: skip
        return delay

    def raise_final(self, error: Error, attempts: int) -> APIError:
        return error_for(error.kind)(error, attempts=attempts)


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
        self._core = _Core(
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
                 core: _Core) -> httpx.Response | _Failed | APIError:  # fmt: skip
        """One request: the open 2xx response, or what went wrong (the response closed)."""
        if deadline.passed():
            return deadline.error("before sending the request", attempts)
        request = core.build(self._http, url, body, stream, deadline)
        try:
            response = self._http.send(request, stream=True, follow_redirects=False)
        except httpx.HTTPError as exc:
            return _Failed(core.network_failure(exc), {})
        if response.status_code < 300:
            return response
        try:
            refused = core.refused(response, attempts)
            if refused is not None:
                return refused
            content = read_capped(decoded(response), core.limits.max_error_body_bytes, deadline)
        except httpx.HTTPError as exc:
            return _Failed(core.network_failure(exc), {})
        except APIError as exc:
            return exc
        finally:
            response.close()
        return core.judged(response, content)

    def _read(self, response: httpx.Response, deadline: Deadline, attempts: int) -> HttpReply | _Failed | APIError:
        cap = self._core.limits.max_body_bytes
        try:
            content = read_capped(decoded(response), cap, deadline)
        except httpx.HTTPError as exc:
            return _Failed(self._core.network_failure(exc), {})
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
        self._core = _Core(
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
                       *, stream: bool, core: _Core) -> httpx.Response | _Failed | APIError:  # fmt: skip
        if deadline.passed():
            return deadline.error("before sending the request", attempts)
        request = core.build(self._http, url, body, stream, deadline)
        try:
            response = await self._http.send(request, stream=True, follow_redirects=False)
        except httpx.HTTPError as exc:
            return _Failed(core.network_failure(exc), {})
        if response.status_code < 300:
            return response
        try:
            refused = core.refused(response, attempts)
            if refused is not None:
                return refused
            content = await aread_capped(adecoded(response), core.limits.max_error_body_bytes, deadline)
        except httpx.HTTPError as exc:
            return _Failed(core.network_failure(exc), {})
        except APIError as exc:
            return exc
        finally:
            await response.aclose()
        return core.judged(response, content)

    async def _read(self, response: httpx.Response, deadline: Deadline,
                    attempts: int) -> HttpReply | _Failed | APIError:  # fmt: skip
        cap = self._core.limits.max_body_bytes
        try:
            content = await aread_capped(adecoded(response), cap, deadline)
        except httpx.HTTPError as exc:
            return _Failed(self._core.network_failure(exc), {})
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

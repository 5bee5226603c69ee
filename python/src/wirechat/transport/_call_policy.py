"""What ``HttpTransport`` and ``AsyncHttpTransport`` share, everything but the I/O: the timeouts, one call's
settings (``CallCore``: URL, headers, the deadline, how a failed status or a network error becomes a canonical
``Error``, whether and when to retry), and ``status_error`` for a body that is not the provider's. The two
transports in ``http.py`` do the sending and the reading with these.
"""

from __future__ import annotations

import copy
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

import httpx

from wirechat._generated.models import Error, ErrorKind
from wirechat.exchange import classify, header
from wirechat.transport.errors import APIError, error_for
from wirechat.transport.limits import Deadline, Limits, redirect_error
from wirechat.transport.retry import RetryPolicy
from wirechat.transport.secrets import Secret, guard_logs, redact, redact_error

if TYPE_CHECKING:
    from wirechat.transport.call_options import CallOptions

__all__ = ["USER_AGENT", "CallCore", "ErrorDecoder", "FailedAttempt", "HttpReply", "Timeouts", "status_error"]

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
class FailedAttempt:
    """A failed attempt, without its response: the canonical error and the headers the retry policy reads."""

    error: Error
    retry_headers: Mapping[str, str]


def _retry_headers(headers: httpx.Headers) -> dict[str, str]:
    return {name: headers[name] for name in _RETRY_HEADERS if name in headers}


class CallCore:
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

    def with_call(self, call: CallOptions | None) -> CallCore:
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

    def judged(self, response: httpx.Response, content: bytes | None) -> FailedAttempt:
        """A non-2xx answer as a canonical error; ``content`` is ``None`` when the body was over its cap."""
        if content is None:
            cap = self.limits.max_error_body_bytes
            error = status_error(response.status_code, response.headers, b"")
            message = f"HTTP {response.status_code}: the error body is larger than the {cap}-byte limit; not read"
            error = redact_error(error.model_copy(update={"message": message}), self.secret)
        else:
            error = self.failure(response.status_code, response.headers, content)
        return FailedAttempt(error, _retry_headers(response.headers))

    def waits(self, failed: FailedAttempt, retry: int, what: str, deadline: Deadline) -> float | None:
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

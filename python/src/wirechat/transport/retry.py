"""When to send a failed request again, and how long to wait first.

Only retryable errors are retried (the canonical ``Error.retryable``, which the adapter set from the
status and the provider's error type), unless the server says otherwise with ``x-should-retry``. The wait
is the server's when it gives one (``retry-after-ms``, then ``retry-after`` in seconds or as an HTTP date,
then the adapter's ``retry_after_ms`` from the body), else exponential backoff with jitter. A server wait
longer than ``max_retry_after`` is not sat out: the error is raised at once, carrying ``retry_after_ms``
for a caller who wants to wait that long (a daily quota, say).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from pydantic import MISSING

from wirechat._generated.models import Error
from wirechat.exchange import retry_after_ms, should_retry

__all__ = ["RetryPolicy", "server_retry_after", "should_retry_header"]


@dataclass(frozen=True)
class RetryPolicy:
    """``max_retries`` further attempts after the first, waits of ``initial_delay * 2**n`` capped at
    ``max_delay`` less up to ``jitter`` (a fraction) of it; a server-requested wait is honoured up to
    ``max_retry_after`` seconds.
    """

    max_retries: int = 2
    initial_delay: float = 0.5
    max_delay: float = 8.0
    jitter: float = 0.25
    max_retry_after: float = 60.0
    random: Callable[[], float] = field(default=random.random, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.max_retries < 0:
            raise ValueError(f"max_retries must be 0 or more, got {self.max_retries}")
        for name in ("initial_delay", "max_delay", "max_retry_after"):
            value = getattr(self, name)
            if not (value >= 0 and math.isfinite(value)):
                raise ValueError(f"{name} must be a finite number of seconds >= 0, got {value!r}")
        if not 0 <= self.jitter <= 1:
            raise ValueError(f"jitter must be a fraction between 0 and 1, got {self.jitter!r}")

    def backoff(self, retry: int) -> float:
        """The wait before retry number ``retry`` (0 for the first) when the server named none."""
        base = min(self.initial_delay * 2.0**retry, self.max_delay)
        return base * (1 - self.jitter * self.random())

    def delay(self, error: Error, headers: Mapping[str, str], retry: int) -> float | None:
        """Seconds to wait before retry number ``retry``, or ``None`` when the request must not be retried."""
        if retry >= self.max_retries:
            return None
        verdict = should_retry_header(headers)
        if verdict is False or (verdict is None and not error.retryable):
            return None
        asked = server_retry_after(headers)
        if asked is None and error.retry_after_ms is not MISSING:
            asked = error.retry_after_ms / 1000
        if asked is None:
            return self.backoff(retry)
        if asked > self.max_retry_after:
            return None
        return asked


def should_retry_header(headers: Mapping[str, str]) -> bool | None:
    """The server's ``x-should-retry`` verdict: ``True``, ``False`` or ``None`` when it gives none
    (``wirechat.exchange.should_retry``, which the adapters' error table uses too)."""
    return should_retry(headers)


def server_retry_after(headers: Mapping[str, str], now: float | None = None) -> float | None:
    """The wait in seconds the server asked for: ``retry-after-ms``, else ``retry-after`` (seconds or an
    HTTP date, measured from the response's ``date`` header or else the clock). ``None`` when neither is
    present or parses; a date in the past means 0. The parsing is ``wirechat.exchange.retry_after_ms``, which
    the adapters share."""
    millis = retry_after_ms(headers, now=time.time() if now is None else now)
    return None if millis is None else millis / 1000

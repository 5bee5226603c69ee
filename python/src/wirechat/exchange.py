"""What the transport and the adapters share, and nothing else: the neutral layer between them.

The transport reads bytes off a socket and knows nothing of providers; the adapters turn provider JSON into
canonical values and know nothing of HTTP connections. Both still speak of the same few things, which live
here so that neither imports the other:

* ``SseEvent``: one server-sent event, as the transport parses it and a stream codec reads or writes it;
* ``StreamDecoder`` / ``StreamEncoder``: the shape of a stateful stream codec, which the transport drives;
* ``ConversionWarning``: what a codec reports when it changed or set aside data (a stream decoder keeps
  them in its ``warnings``);
* the HTTP error table: ``header`` (case-insensitive lookup), ``retry_after_ms`` (``retry-after-ms``, then
  ``retry-after`` in seconds or as an HTTP date), ``should_retry`` (``x-should-retry``), ``kind_for_status``
  and ``classify``, the one mapping from a status and its headers to a canonical error kind, the retry
  verdict and the wait, which every adapter starts from and the spec states (section 5 of the adapters'
  decision record, ``docs/decisions/008-layers.md``). The table itself is data, ``adapters/status.json``,
  generated into ``wirechat._tables.status`` (decision 028).

Everything here is pure: no I/O, and no clock unless the caller passes the time.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from email.utils import parsedate_to_datetime
from typing import Protocol

from wirechat._generated.models import StreamEvent
from wirechat._tables.status import (
    NO_STATUS_KIND,
    OTHER_STATUS_KIND,
    RETRYABLE_KINDS,
    SERVER_ERROR_KIND,
    STATUS_KINDS,
)

__all__ = [
    "RETRYABLE_KINDS",
    "STATUS_KINDS",
    "UNREADABLE",
    "Classification",
    "ConversionWarning",
    "SseEvent",
    "StreamDecoder",
    "StreamEncoder",
    "classify",
    "header",
    "kind_for_status",
    "retry_after_ms",
    "should_retry",
]

_MAX_SAFE = 2**53 - 1

UNREADABLE: tuple[type[Exception], ...] = (ValueError, TypeError, AttributeError, IndexError, KeyError)
"""What reading a provider's body or event may raise when it is not shaped as the provider's API writes it: an
adapter names the member in a ``ValueError`` where it checks, and a walk that meets a list where it reads an
object raises one of the others. The client and the adapters' binding catch all of them, so a hostile or
broken body is an ``invalid_response`` error, never a ``TypeError`` out of the library (issue 27)."""


@dataclass(frozen=True, slots=True)
class ConversionWarning:
    """A degradation a codec applied: which manifest feature, what happened to the data, and ``where``: the
    JSON pointer of the value concerned (into the canonical value when encoding, into the provider's body
    when decoding; empty where no single place applies)."""

    feature: str
    message: str
    where: str = ""

    def __str__(self) -> str:
        return f"{self.feature}: {self.message}"


@dataclass(frozen=True, slots=True)
class SseEvent:
    """One server-sent event as the transport parsed it: the ``event:`` name (None when absent) and the
    ``data:`` text (multi-line data already joined with ``\\n``). OpenAI's ``data: [DONE]`` arrives as
    ``SseEvent(None, "[DONE]")``."""

    event: str | None
    data: str


class StreamDecoder(Protocol):
    """Turns one response's provider SSE events into canonical stream events, statefully. What it sets aside
    or changes on the way (a member it does not map, an event it cannot carry) it reports in ``warnings``,
    in the order it met them; the pointers there are ``/<n>/...``: the n-th SSE event (from 0), then the
    pointer into its JSON data."""

    warnings: list[ConversionWarning]

    def feed(self, event: SseEvent) -> list[StreamEvent]:
        """The canonical events this provider event yields (often none, sometimes several)."""
        ...

    def close(self) -> list[StreamEvent]:
        """Call at the end of the body: the closing events still owed (an ``error`` event with kind
        ``invalid_response`` when the provider's stream was cut before its terminal event)."""
        ...


class StreamEncoder(Protocol):
    """Turns canonical stream events into the provider's SSE events, statefully."""

    def feed(self, event: StreamEvent) -> list[SseEvent]:
        """The provider events for this canonical event."""
        ...

    def close(self) -> list[SseEvent]:
        """The provider's closing events still owed (OpenAI's usage chunk and ``[DONE]``, ...)."""
        ...


def header(headers: Mapping[str, str], name: str) -> str | None:
    """The value of header ``name``, whatever the case of the keys."""
    wanted = name.lower()
    for key, value in headers.items():
        if key.lower() == wanted:
            return value
    return None


def retry_after_ms(headers: Mapping[str, str], now: float | None = None) -> int | None:
    """How long the server asked us to wait: ``retry-after-ms`` first, then ``retry-after`` in seconds
    or as an HTTP date, measured from the response's own ``date`` header, else from ``now`` (seconds since
    the epoch) when the caller gives it; no clock is read here. A date in the past means 0. A number is
    decimal digits with an optional fraction (spec section 5.3, Retries): ``1_000``, ``0x10``, ``1e3``,
    ``-1`` and ``inf`` are unreadable."""
    raw_ms = header(headers, "retry-after-ms")
    value = None if raw_ms is None else _decimal(raw_ms)
    if value is not None:
        return min(round(value), _MAX_SAFE)
    raw = header(headers, "retry-after")
    if raw is None:
        return None
    seconds = _decimal(raw)
    if seconds is None:
        return _from_http_date(raw, header(headers, "date"), now)
    return min(round(seconds * 1000), _MAX_SAFE)


_DECIMAL = re.compile(r"[ \t]*([0-9]+(?:\.[0-9]+)?)[ \t]*")


def _decimal(text: str) -> float | None:
    """A header's wait as a number: ASCII digits, an optional fraction, spaces or tabs around."""
    found = _DECIMAL.fullmatch(text)
    return None if found is None else float(found.group(1))


def _from_http_date(raw: str, date: str | None, now: float | None) -> int | None:
    try:
        later = parsedate_to_datetime(raw)
        reference = parsedate_to_datetime(date).timestamp() if date is not None else now
    except (TypeError, ValueError, IndexError):
        return None
    if later.tzinfo is None or reference is None:
        return None
    return max(0, round((later.timestamp() - reference) * 1000))


def should_retry(headers: Mapping[str, str]) -> bool | None:
    """The server's ``x-should-retry`` verdict (any case, surrounding spaces ignored): ``True``, ``False``,
    or ``None`` when it gives none or an unreadable one."""
    value = (header(headers, "x-should-retry") or "").strip().lower()
    return True if value == "true" else False if value == "false" else None


def kind_for_status(status: int | None) -> str:
    """The error kind an HTTP status means when the body says nothing more precise (``None``, an error
    that arrived inside a 200 stream, is ``provider``)."""
    if status is None:
        return NO_STATUS_KIND
    if status in STATUS_KINDS:
        return STATUS_KINDS[status]
    return SERVER_ERROR_KIND if status >= 500 else OTHER_STATUS_KIND


@dataclass(frozen=True, slots=True)
class Classification:
    """What a failed HTTP exchange means: the canonical kind, whether to send it again, and the wait the
    server asked for (milliseconds, ``None`` when it named none)."""

    kind: str
    retryable: bool
    retry_after_ms: int | None


def classify(
    status: int | None, headers: Mapping[str, str], kind: str | None = None, now: float | None = None
) -> Classification:
    """The one table from a status and its headers to a kind, a retry verdict and a wait.

    ``kind`` is what the provider's error body said, when an adapter could read one; without it the status
    decides (``kind_for_status``). The kind alone sets the default verdict (``RETRYABLE_KINDS``), and the
    server's ``x-should-retry`` overrides the verdict, never the kind: a 503 with ``x-should-retry: false``
    is ``overloaded`` and not retryable, whichever adapter reads it."""
    decided_kind = kind if kind is not None else kind_for_status(status)
    verdict = should_retry(headers)
    retryable = decided_kind in RETRYABLE_KINDS if verdict is None else verdict
    return Classification(decided_kind, retryable, retry_after_ms(headers, now))

"""Keeping API keys out of sight: a ``Secret`` that never shows its value, and a redactor for text.

The key lives in a ``Secret`` from the moment the client receives it; only the transport asks for the value,
when it writes the auth header of one request. Text that came from outside (a provider's error message
may echo the key, an exception from the network layer may quote a header) goes through ``redact`` before
it reaches an exception message or a log line.

The redactor replaces a key only where it stands as a whole token (no ASCII letter or digit touching it on
either side) and only a key of at least ``MIN_REDACTED_LENGTH`` characters: a one-letter test key must not
turn "Rate limit" into "Ra[redacted]e limi[redacted]" (spec section 5.3).
"""

from __future__ import annotations

import logging
import re
import weakref
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the fake server imports this module: no models or pydantic on its start-up path
    from wirechat._generated.models import Error

__all__ = [
    "HTTP_LOGGERS",
    "MIN_REDACTED_LENGTH",
    "REDACTED",
    "SENSITIVE_HEADERS",
    "Secret",
    "guard_logs",
    "redact",
    "redact_error",
    "redact_headers",
]

REDACTED = "[redacted]"

MIN_REDACTED_LENGTH = 8
"""A shorter key is never searched for in text: it would match ordinary words (no real key is this short)."""

# Headers whose values are credentials, for every provider the client speaks (lower case).
SENSITIVE_HEADERS = frozenset(
    {"authorization", "proxy-authorization", "x-api-key", "api-key", "x-goog-api-key", "cookie", "set-cookie"}
)

# A long key-like token after a key-ish prefix ("sk-...", "Bearer ...").
_KEY_LIKE = re.compile(r"(?i)(bearer\s+|sk-(?:ant-|proj-)?)[A-Za-z0-9_\-]{8,}")


class Secret:
    """A credential: ``str()``, ``repr()`` and formatting show ``[redacted]``; ``reveal()`` gives the value."""

    __slots__ = ("__weakref__", "_value")

    def __init__(self, value: str) -> None:
        if not isinstance(value, str) or not value:
            raise ValueError("an API key must be a non-empty string")
        self._value = value

    def reveal(self) -> str:
        """The value itself, for the one place that writes it into a request header."""
        return self._value

    def __repr__(self) -> str:
        return f"Secret({REDACTED!r})"

    def __str__(self) -> str:
        return REDACTED

    def __format__(self, spec: str) -> str:
        return REDACTED

    def __reduce__(self) -> str | tuple[object, ...]:
        raise TypeError("a Secret is not pickled (it would write the key out)")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Secret) and other._value == self._value

    def __hash__(self) -> int:
        return hash(self._value)


def redact(text: str, *secrets: Secret | None) -> str:
    """``text`` with each secret where it stands as a whole token, and anything shaped like a bearer key,
    replaced. Secrets shorter than ``MIN_REDACTED_LENGTH`` are not searched for."""
    for secret in secrets:
        if secret is not None:
            value = secret.reveal()
            if len(value) >= MIN_REDACTED_LENGTH and value in text:
                text = re.sub(rf"(?<![A-Za-z0-9]){re.escape(value)}(?![A-Za-z0-9])", REDACTED, text)
    return _KEY_LIKE.sub(lambda match: match.group(1) + REDACTED, text)


def redact_headers(headers: dict[str, str]) -> dict[str, str]:
    """A copy of ``headers`` with every credential header's value replaced."""
    return {name: REDACTED if name.lower() in SENSITIVE_HEADERS else value for name, value in headers.items()}


def _redact_value(value: Any, secrets: tuple[Secret | None, ...]) -> Any:
    if isinstance(value, str):
        return redact(value, *secrets)
    if isinstance(value, dict):
        return {redact(key, *secrets): _redact_value(item, secrets) for key, item in value.items()}
    if isinstance(value, list):
        return [_redact_value(item, secrets) for item in value]
    return value


def redact_error(error: Error, *secrets: Secret | None) -> Error:
    """A copy of ``error`` whose provider-supplied text is redacted: the message, the provider's code, the
    request id (a server may echo the key in any of them) and every string in ``provider_metadata``."""
    updates: dict[str, Any] = {"message": redact(error.message, *secrets)}
    for name in ("provider_code", "request_id"):
        value = getattr(error, name)
        if isinstance(value, str):  # present (absent is pydantic's MISSING)
            updates[name] = redact(value, *secrets)
    if isinstance(error.provider_metadata, dict):
        updates["provider_metadata"] = _redact_value(error.provider_metadata, secrets)
    return error.model_copy(update=updates)


HTTP_LOGGERS = (
    "httpx",
    "httpcore.connection",
    "httpcore.connection_pool",
    "httpcore.http11",
    "httpcore.http2",
    "httpcore.proxy",
)
"""The loggers of the HTTP stack. At DEBUG, httpcore logs every response's headers, and a careless server
may echo the key in one (a request id), so their records are redacted too."""

_GUARDED: weakref.WeakSet[Secret] = weakref.WeakSet()


class _RedactingFilter(logging.Filter):
    """Rewrites a record whose text shows a guarded key (or a key-shaped token) before any handler sees it."""

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        cleaned = redact(message, *_GUARDED)
        if cleaned != message:
            record.msg, record.args = cleaned, ()
        return True


_FILTER = _RedactingFilter()


def guard_logs(secret: Secret | None) -> None:
    """Keep ``secret`` out of the HTTP stack's log records for as long as it lives (transports call this)."""
    if secret is not None:
        _GUARDED.add(secret)
    for name in HTTP_LOGGERS:
        logger = logging.getLogger(name)
        if _FILTER not in logger.filters:
            logger.addFilter(_FILTER)

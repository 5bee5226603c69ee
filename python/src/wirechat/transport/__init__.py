"""The transport: the one place that imports httpx. HTTP with timeouts and retries, SSE framing, the
exceptions a call raises, and secret handling.

* ``HttpTransport`` / ``AsyncHttpTransport``: POST a JSON body and read the answer whole or as a byte
  stream, with ``Timeouts`` (on by default) and a ``RetryPolicy`` (exponential backoff with jitter, the
  server's ``retry-after-ms`` / ``retry-after`` / ``x-should-retry`` honoured up to a cap).
* ``SseDecoder``: bytes in any chunking to ``SseEvent`` objects.
* ``APIError`` and one subclass per canonical error kind (``RateLimitedError``, ``OverloadedError`` ...),
  each carrying the canonical ``Error`` and, for a stream, the partial message.
* ``Secret`` and ``redact``: an API key never shows in a repr, a log line or an exception message.
* ``Limits``, ``ResponseTooLargeError``, ``RedirectRefusedError``: the caps on what a provider may send back,
  and the typed errors for an answer over them or a redirect (which is never followed).

Each name is loaded on first use (PEP 562, as in ``wirechat``): the fake server needs ``redact_headers``,
not httpx, and a program that never calls a provider never imports httpx (decision 031).
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from wirechat.transport.errors import APIError as APIError
    from wirechat.transport.errors import APITimeoutError as APITimeoutError
    from wirechat.transport.errors import AuthenticationError as AuthenticationError
    from wirechat.transport.errors import ContentFilterError as ContentFilterError
    from wirechat.transport.errors import ContextLengthExceededError as ContextLengthExceededError
    from wirechat.transport.errors import InvalidRequestError as InvalidRequestError
    from wirechat.transport.errors import InvalidResponseError as InvalidResponseError
    from wirechat.transport.errors import NetworkError as NetworkError
    from wirechat.transport.errors import NotFoundError as NotFoundError
    from wirechat.transport.errors import OverloadedError as OverloadedError
    from wirechat.transport.errors import PermissionDeniedError as PermissionDeniedError
    from wirechat.transport.errors import ProviderError as ProviderError
    from wirechat.transport.errors import RateLimitedError as RateLimitedError
    from wirechat.transport.errors import RequestCancelledError as RequestCancelledError
    from wirechat.transport.errors import StreamInterruptedError as StreamInterruptedError
    from wirechat.transport.errors import error_for as error_for
    from wirechat.transport.http import AsyncHttpTransport as AsyncHttpTransport
    from wirechat.transport.http import ErrorDecoder as ErrorDecoder
    from wirechat.transport.http import HttpReply as HttpReply
    from wirechat.transport.http import HttpTransport as HttpTransport
    from wirechat.transport.http import Timeouts as Timeouts
    from wirechat.transport.http import status_error as status_error
    from wirechat.transport.limits import Limits as Limits
    from wirechat.transport.limits import RedirectRefusedError as RedirectRefusedError
    from wirechat.transport.limits import ResponseTooLargeError as ResponseTooLargeError
    from wirechat.transport.retry import RetryPolicy as RetryPolicy
    from wirechat.transport.retry import server_retry_after as server_retry_after
    from wirechat.transport.retry import should_retry_header as should_retry_header
    from wirechat.transport.secrets import REDACTED as REDACTED
    from wirechat.transport.secrets import Secret as Secret
    from wirechat.transport.secrets import redact as redact
    from wirechat.transport.secrets import redact_headers as redact_headers
    from wirechat.transport.sse import SseDecoder as SseDecoder
    from wirechat.transport.sse import SseEvent as SseEvent
    from wirechat.transport.sse import aiter_sse as aiter_sse
    from wirechat.transport.sse import iter_sse as iter_sse

_EXPORTS: dict[str, str] = {
    "APIError": "wirechat.transport.errors",
    "APITimeoutError": "wirechat.transport.errors",
    "AuthenticationError": "wirechat.transport.errors",
    "ContentFilterError": "wirechat.transport.errors",
    "ContextLengthExceededError": "wirechat.transport.errors",
    "InvalidRequestError": "wirechat.transport.errors",
    "InvalidResponseError": "wirechat.transport.errors",
    "NetworkError": "wirechat.transport.errors",
    "NotFoundError": "wirechat.transport.errors",
    "OverloadedError": "wirechat.transport.errors",
    "PermissionDeniedError": "wirechat.transport.errors",
    "ProviderError": "wirechat.transport.errors",
    "RateLimitedError": "wirechat.transport.errors",
    "RequestCancelledError": "wirechat.transport.errors",
    "StreamInterruptedError": "wirechat.transport.errors",
    "error_for": "wirechat.transport.errors",
    "AsyncHttpTransport": "wirechat.transport.http",
    "ErrorDecoder": "wirechat.transport.http",
    "HttpReply": "wirechat.transport.http",
    "HttpTransport": "wirechat.transport.http",
    "Timeouts": "wirechat.transport.http",
    "status_error": "wirechat.transport.http",
    "Limits": "wirechat.transport.limits",
    "RedirectRefusedError": "wirechat.transport.limits",
    "ResponseTooLargeError": "wirechat.transport.limits",
    "RetryPolicy": "wirechat.transport.retry",
    "server_retry_after": "wirechat.transport.retry",
    "should_retry_header": "wirechat.transport.retry",
    "REDACTED": "wirechat.transport.secrets",
    "Secret": "wirechat.transport.secrets",
    "redact": "wirechat.transport.secrets",
    "redact_headers": "wirechat.transport.secrets",
    "SseDecoder": "wirechat.transport.sse",
    "SseEvent": "wirechat.transport.sse",
    "aiter_sse": "wirechat.transport.sse",
    "iter_sse": "wirechat.transport.sse",
}
"""Each public name, and the module under ``wirechat.transport`` that defines it."""

__all__ = [
    "REDACTED",
    "APIError",
    "APITimeoutError",
    "AsyncHttpTransport",
    "AuthenticationError",
    "ContentFilterError",
    "ContextLengthExceededError",
    "ErrorDecoder",
    "HttpReply",
    "HttpTransport",
    "InvalidRequestError",
    "InvalidResponseError",
    "Limits",
    "NetworkError",
    "NotFoundError",
    "OverloadedError",
    "PermissionDeniedError",
    "ProviderError",
    "RateLimitedError",
    "RedirectRefusedError",
    "RequestCancelledError",
    "ResponseTooLargeError",
    "RetryPolicy",
    "Secret",
    "SseDecoder",
    "SseEvent",
    "StreamInterruptedError",
    "Timeouts",
    "aiter_sse",
    "error_for",
    "iter_sse",
    "redact",
    "redact_headers",
    "server_retry_after",
    "should_retry_header",
    "status_error",
]


def __getattr__(name: str) -> Any:
    """Load a public name on first use and keep it."""
    if name not in _EXPORTS:
        raise AttributeError(f"module 'wirechat.transport' has no attribute {name!r}")
    value = getattr(importlib.import_module(_EXPORTS[name]), name)
    globals()[name] = value
    return value

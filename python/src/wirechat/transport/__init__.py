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
"""

from wirechat.transport.errors import (
    APIError,
    APITimeoutError,
    AuthenticationError,
    ContentFilterError,
    ContextLengthExceededError,
    InvalidRequestError,
    InvalidResponseError,
    NetworkError,
    NotFoundError,
    OverloadedError,
    PermissionDeniedError,
    ProviderError,
    RateLimitedError,
    RequestCancelledError,
    StreamInterruptedError,
    error_for,
)
from wirechat.transport.http import AsyncHttpTransport, ErrorDecoder, HttpReply, HttpTransport, Timeouts, status_error
from wirechat.transport.limits import Limits, RedirectRefusedError, ResponseTooLargeError
from wirechat.transport.retry import RetryPolicy, server_retry_after, should_retry_header
from wirechat.transport.secrets import REDACTED, Secret, redact, redact_headers
from wirechat.transport.sse import SseDecoder, SseEvent, aiter_sse, iter_sse

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

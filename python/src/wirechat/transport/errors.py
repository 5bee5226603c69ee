"""The exceptions a client call raises: one hierarchy that mirrors the canonical ``Error`` kinds.

Every exception is an ``APIError`` holding the canonical ``Error`` (``.error``) with its kind, status,
provider code, request id, ``retry_after_ms`` and any usage consumed before the failure, plus, for a
stream, the partial message that arrived (``.partial``). One subclass per kind, so callers catch what they
can act on (``except RateLimitedError``); ``error_for`` picks the class for an ``Error``.

Messages never contain credentials: whatever text came from outside is passed through the client's
redactor before it reaches an exception.
"""

from __future__ import annotations

import builtins

from pydantic import MISSING
from typing_extensions import assert_never

from wirechat._generated.models import Error, ErrorKind, Message, TokenUsage
from wirechat.errors import WirechatError

__all__ = [
    "APIError",
    "APITimeoutError",
    "AuthenticationError",
    "ContentFilterError",
    "ContextLengthExceededError",
    "InvalidRequestError",
    "InvalidResponseError",
    "NetworkError",
    "NotFoundError",
    "OverloadedError",
    "PermissionDeniedError",
    "ProviderError",
    "RateLimitedError",
    "RequestCancelledError",
    "StreamInterruptedError",
    "error_for",
]


class APIError(WirechatError):
    """A provider call failed. ``error`` is the canonical ``Error``; ``partial`` the message so far, if streamed."""

    def __init__(self, error: Error, partial: Message | None = None, attempts: int = 1) -> None:
        super().__init__(_describe(error, partial, attempts))
        self.error = error
        self.partial = partial
        self.attempts = attempts

    @property
    def kind(self) -> ErrorKind:
        return self.error.kind

    @property
    def retryable(self) -> bool:
        return self.error.retryable

    @property
    def status(self) -> int | None:
        return None if self.error.status is MISSING else self.error.status

    @property
    def provider_code(self) -> str | None:
        return None if self.error.provider_code is MISSING else self.error.provider_code

    @property
    def request_id(self) -> str | None:
        return None if self.error.request_id is MISSING else self.error.request_id

    @property
    def retry_after_ms(self) -> int | None:
        return None if self.error.retry_after_ms is MISSING else self.error.retry_after_ms

    @property
    def usage(self) -> TokenUsage | None:
        return None if self.error.usage is MISSING else self.error.usage


def _describe(error: Error, partial: Message | None, attempts: int) -> str:
    details = [f"status {error.status}" if error.status is not MISSING else None]
    details.append(f"code {error.provider_code}" if error.provider_code is not MISSING else None)
    details.append(f"request id {error.request_id}" if error.request_id is not MISSING else None)
    details.append(f"after {attempts} attempts" if attempts > 1 else None)
    if partial is not None:
        details.append(f"{len(partial.parts)} parts arrived before it")
    shown = [detail for detail in details if detail]
    suffix = f" ({', '.join(shown)})" if shown else ""
    return f"{error.kind}: {error.message}{suffix}"


class NetworkError(APIError):
    """The connection failed or broke (refused, reset, closed early)."""


class StreamInterruptedError(NetworkError):
    """A streamed response broke off before its end; ``partial`` and ``usage`` hold what arrived."""


class APITimeoutError(APIError, builtins.TimeoutError):
    """Connecting, sending or waiting for the next bytes took longer than the configured timeout."""


class RateLimitedError(APIError):
    """Too many requests (429), or a quota; ``retryable`` is false for a spent quota."""


class OverloadedError(APIError):
    """The provider is overloaded (503, Anthropic's 529)."""


class AuthenticationError(APIError):
    """The API key is missing, wrong or revoked (401)."""


class PermissionDeniedError(APIError):
    """The key is valid but may not do this (403)."""


class NotFoundError(APIError):
    """The model or endpoint does not exist (404)."""


class InvalidRequestError(APIError):
    """The provider rejected the request as malformed or unsupported (400, 422 ...)."""


class ContextLengthExceededError(InvalidRequestError):
    """The prompt is longer than the model's context window."""


class ContentFilterError(APIError):
    """The provider's content filter refused the request or the output."""


class ProviderError(APIError):
    """The provider failed on its side (500 and other 5xx)."""


class InvalidResponseError(APIError):
    """The provider's answer could not be understood (bad JSON, a malformed stream chunk)."""


class RequestCancelledError(APIError):
    """The call was cancelled before it finished."""


def error_for(kind: ErrorKind) -> type[APIError]:
    """The exception class for a canonical error kind."""
    match kind:
        case "network":
            return NetworkError
        case "timeout":
            return APITimeoutError
        case "rate_limited":
            return RateLimitedError
        case "overloaded":
            return OverloadedError
        case "authentication":
            return AuthenticationError
        case "permission_denied":
            return PermissionDeniedError
        case "not_found":
            return NotFoundError
        case "invalid_request":
            return InvalidRequestError
        case "context_length_exceeded":
            return ContextLengthExceededError
        case "content_filter":
            return ContentFilterError
        case "provider":
            return ProviderError
        case "invalid_response":
            return InvalidResponseError
        case "cancelled":
            return RequestCancelledError
        case _:
            assert_never(kind)

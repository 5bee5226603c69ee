"""What the blocking and the asyncio clients share: the adapter and transport settings of one client, the
request bodies, the choice of a codec for a call, and reading a provider's reply into a canonical value.

``wirechat.client`` composes these with the transport; nothing here sends a byte.
"""

from __future__ import annotations

import json
import logging
import os
import warnings
from collections.abc import Mapping
from typing import Any

from pydantic import MISSING

from wirechat._base_url import resolve_base_url
from wirechat._body import dumps_body
from wirechat._generated.models import (
    ChatRequest,
    ChatResponse,
    EmbedRequest,
    EmbedResponse,
    Error,
)
from wirechat.adapters import Adapter, ConversionRefused, ConversionWarning, RequestKind, get, names
from wirechat.adapters._contract import RoutedCodec
from wirechat.errors import WirechatError, WirechatWarning
from wirechat.exchange import UNREADABLE
from wirechat.transport.errors import APIError, InvalidResponseError
from wirechat.transport.events import EventPump
from wirechat.transport.http import HttpReply, Timeouts
from wirechat.transport.limits import Limits
from wirechat.transport.retry import RetryPolicy
from wirechat.transport.secrets import Secret, redact

__all__ = [
    "ClientSetup",
    "DegradedRequestWarning",
    "ResponseDataWarning",
    "UnsupportedCallError",
    "check_count",
    "dumps_body",
    "invalid_response",
    "warn_degraded",
    "warn_response_data",
    "with_profile",
]

logger = logging.getLogger("wirechat.client")


class DegradedRequestWarning(WirechatWarning):
    """The adapter had to degrade part of the request to send it (the message says what and how)."""


class ResponseDataWarning(WirechatWarning):
    """The provider's answer held data the adapter set aside: a member it does not map, an event it cannot
    carry (the message names the manifest feature and the JSON pointer into the provider's body). Turn it
    into an error to hold a provider to what wirechat carries: ``-W error::wirechat.client.ResponseDataWarning``."""


class UnsupportedCallError(WirechatError, NotImplementedError):
    """The provider (or its adapter) has no such call, such as embeddings on Anthropic."""


def invalid_response(message: str) -> InvalidResponseError:
    return InvalidResponseError(Error(kind="invalid_response", message=message, retryable=False))


def with_profile(name: str, profile: str | None) -> str:
    """The adapter name for ``name`` with a named ``profile`` (``openai-compatible`` + ``ollama`` is
    ``openai-compatible:ollama``); ``ValueError`` listing the profiles there are when it has no such one."""
    if profile is None:
        return name
    known = [n.partition(":")[2] for n in names() if n.startswith(name + ":")]
    if profile not in known:
        listed = f"its profiles: {', '.join(known)}" if known else "it has no profiles"
        raise ValueError(f"profile={profile!r}: the adapter {name!r} has no such profile; {listed}")
    return f"{name}:{profile}"


class ClientSetup:
    """What both clients resolve the same way: the adapter, the key, the base URL (``wirechat._base_url``),
    extra headers, timeouts and retries."""

    def __init__(
        self,
        provider: str | Adapter,
        *,
        api_key: str | None,
        base_url: str | None,
        timeout: float | Timeouts | None,
        max_retries: int | None,
        retry: RetryPolicy | None,
        profile: str | None = None,
        limits: Limits | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> None:
        if profile is not None and not isinstance(provider, str):
            raise ValueError("profile= names a profile of an adapter given by name, not of an adapter object")
        self.adapter = get(with_profile(provider, profile)) if isinstance(provider, str) else provider
        key = api_key if api_key is not None else os.environ.get(self.adapter.api_key_env)
        key = key or getattr(self.adapter, "default_api_key", None)  # servers that check no key still want one
        if not key:
            raise ValueError(
                f"no API key for {self.adapter.name}: pass api_key=... or set the {self.adapter.api_key_env} "
                "environment variable"
            )
        self.secret = Secret(key)
        self.base_url = resolve_base_url(self.adapter, base_url)
        self.headers = dict(headers or {})
        self.timeouts = Timeouts.of(timeout)
        self.limits = limits or Limits()
        if retry is not None and max_retries is not None and retry.max_retries != max_retries:
            raise ValueError("give max_retries or a RetryPolicy, not two different retry counts")
        self.retry = retry or RetryPolicy(max_retries=2 if max_retries is None else max_retries)

    def transport_options(self) -> dict[str, Any]:
        return {
            "auth_headers": self.adapter.auth_headers(self.secret.reveal()),
            "secret": self.secret,
            "decode_error": self.adapter.decode_error,
            "timeouts": self.timeouts,
            "retry": self.retry,
            "limits": self.limits,
            "extra_headers": self.headers,
        }

    def pump(self) -> EventPump:
        """The pump for one streamed call: the adapter's decoder, the redactor and the SSE caps."""
        return EventPump(self.adapter.stream_decoder(), self.secret, self.limits.max_event_bytes)

    def path(self, kind: RequestKind) -> str:
        try:
            return self.adapter.endpoint_path(kind)
        except ConversionRefused as exc:
            raise self.unsupported(kind, f"the API has no such endpoint ({exc.reason})") from None

    def route(self, kind: RequestKind, path: str, body: dict[str, Any], stream: bool = False) -> tuple[str, bytes]:
        """The path and bytes to send: ``path`` as given, or the adapter's own (``RoutedCodec``) for an API
        whose URL depends on the request."""
        if isinstance(self.adapter, RoutedCodec):
            try:
                path, body = self.adapter.request_target(kind, body, stream=stream)
            except ConversionRefused as exc:
                raise self.unsupported(kind, exc.reason) from None
        return path, dumps_body(body)

    def chat_call(self, request: ChatRequest, stream: bool) -> tuple[str, bytes]:
        """The path and body of a chat call (``chat_body`` with the path, for every adapter)."""
        path = self.path("chat")
        body, degraded = self.adapter.encode_request(request)
        warn_degraded(degraded, request)
        return self.route("chat", path, self.adapter.stream_request_flags(body) if stream else body, stream)

    def chat_body(self, request: ChatRequest, stream: bool) -> bytes:
        body, degraded = self.adapter.encode_request(request)
        warn_degraded(degraded, request)
        return dumps_body(self.adapter.stream_request_flags(body) if stream else body)

    def codec(self, kind: RequestKind, name: str) -> Any:
        function = getattr(self.adapter, name, None)
        if function is None:
            raise self.unsupported(kind, f"the adapter has no codec for it ({name})")
        return function

    def unsupported(self, kind: RequestKind, why: str) -> UnsupportedCallError:
        offered = ["chat"] + [
            call for call, methods in _CODECS.items() if all(hasattr(self.adapter, method) for method in methods)
        ]
        return UnsupportedCallError(
            f"{self.adapter.name} offers no {_CALLS[kind]} (Client.{kind}): {why}; calls it offers: "
            + ", ".join(offered)
        )

    def decode(self, reply: HttpReply, decoder: Any, what: str) -> Any:
        # Errors are raised after the handler ends: json's exception holds the whole body as ``doc``, and a
        # careless server may have put the key in it (see transport/events.py).
        failure: APIError | None = None
        try:
            body = json.loads(reply.content)
        except ValueError as exc:
            begins = redact(repr(reply.content[:80]), self.secret)
            failure = invalid_response(f"the provider's {what} is not JSON ({exc}); it begins {begins}")
        if failure is not None:
            raise failure
        if not isinstance(body, dict):
            raise invalid_response(f"the provider's {what} is not a JSON object")
        try:
            return decoder(body)
        except UNREADABLE as exc:  # a body not shaped as the provider writes it, whatever the walk met
            failure = invalid_response(redact(f"the provider's {what} could not be read: {exc}", self.secret))
        raise failure

    def decode_chat(self, reply: HttpReply) -> ChatResponse:
        """The canonical response of a chat call; what the adapter set aside is warned about."""
        found: list[ConversionWarning] = []
        response: ChatResponse = self.decode(reply, lambda body: self.adapter.decode_response(body, found), "response")
        warn_response_data(found)
        return response

    def describe(self, kind: str) -> str:
        return f"{kind}(provider={self.adapter.name!r}, base_url={self.base_url!r}, api_key={self.secret!r})"


_CALLS = {"chat": "chat", "embed": "embeddings", "complete": "text completions"}
_CODECS = {
    "embed": ("encode_embed_request", "decode_embed_response"),
    "complete": ("encode_complete_request", "decode_complete_response"),
}


def check_count(response: EmbedResponse, request: EmbedRequest) -> EmbedResponse:
    if len(response.embeddings) != len(request.inputs):
        raise invalid_response(
            f"the provider returned {len(response.embeddings)} embeddings for {len(request.inputs)} inputs"
        )
    return response


def warn_response_data(found: list[ConversionWarning], stacklevel: int = 4) -> None:
    for warning in found:
        warnings.warn(str(warning), ResponseDataWarning, stacklevel=stacklevel)


LIBRARY_DEFAULTS = frozenset({"options.max_tokens.absent"})
"""Degradations that fill in a default for what the request left out (Anthropic needs ``max_tokens``):
nothing the caller sent is changed, so they are logged at debug, never warned about."""

LOOP_SHAPES = frozenset({"tool_result.grouped", "tool_result.is_error"})
"""Degradations of the shape the tool loop gives the result messages it builds: all the results of a
turn in one ``tool`` message (the canonical shape, which Chat Completions splits into one message per
result, in order) and ``is_error`` on a failed or rejected call, whose ``content`` the loop writes to say
so (``tool get_weather raised ...``, ``rejected: ...``). On results the loop built (they carry its
``status``, spec section 14.1) they lose nothing the caller sent: logged at debug."""


def warn_degraded(degraded: list[ConversionWarning], request: ChatRequest | None = None) -> None:
    """Warn (``DegradedRequestWarning``) about each change to what the caller sent; what wirechat built or
    defaulted itself (``LIBRARY_DEFAULTS``, ``LOOP_SHAPES`` on the tool loop's results) goes to the
    debug log of ``wirechat.client`` instead."""
    for warning in degraded:
        if _built_by_wirechat(warning, request):
            logger.debug("request degraded where wirechat built or defaulted it: %s", warning)
        else:
            warnings.warn(str(warning), DegradedRequestWarning, stacklevel=4)


def _built_by_wirechat(warning: ConversionWarning, request: ChatRequest | None) -> bool:
    if warning.feature in LIBRARY_DEFAULTS:
        return True
    if warning.feature not in LOOP_SHAPES or request is None:
        return False
    # "/messages/3/parts" (grouped) or "/messages/3/parts/1/tool_result/is_error"
    steps = warning.where.split("/")
    if len(steps) < 4 or steps[1] != "messages" or not steps[2].isdigit() or steps[3] != "parts":
        return False
    index = int(steps[2])
    if index >= len(request.messages):
        return False
    parts = request.messages[index].parts
    if len(steps) > 4:
        if not steps[4].isdigit() or int(steps[4]) >= len(parts):
            return False
        parts = [parts[int(steps[4])]]
    results = [getattr(part, "tool_result", None) for part in parts]
    return bool(results) and all(result is not None and result.status is not MISSING for result in results)

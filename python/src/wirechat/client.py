"""``wirechat.Client`` and ``wirechat.AsyncClient``: call a provider with canonical requests, get canonical
responses and stream events back.

    with wirechat.Client("anthropic") as client:          # the key from ANTHROPIC_API_KEY
        response = client.chat(request)
        with client.stream(request) as stream:
            for event in stream:                          # canonical StreamEvents, as they arrive
                ...
            response = stream.response                    # the folded ChatResponse

The adapter (``wirechat.adapters.get(provider)``) translates; the transport (``wirechat.transport``) does
the HTTP, with timeouts on by default and retries for retryable errors. Failures raise one ``APIError``
subclass per canonical error kind; a stream that fails carries the partial message (``.partial``). The API
key is kept in a ``Secret``: no repr, log line or exception message shows it.
"""

from __future__ import annotations

import json
import logging
import os
import warnings
from collections.abc import AsyncIterator, Iterator, Mapping
from types import TracebackType
from typing import Any

from wirechat._generated.models import (
    ChatRequest,
    ChatResponse,
    CompleteRequest,
    CompleteResponse,
    EmbedRequest,
    EmbedResponse,
    Error,
    StreamEvent,
)
from wirechat.adapters import Adapter, ConversionRefused, ConversionWarning, RequestKind, get
from wirechat.transport.errors import APIError, InvalidResponseError
from wirechat.transport.events import EventPump
from wirechat.transport.http import AsyncHttpTransport, HttpReply, HttpTransport, Timeouts
from wirechat.transport.retry import RetryPolicy
from wirechat.transport.secrets import Secret, redact

__all__ = ["AsyncChatStream", "AsyncClient", "ChatStream", "Client", "DegradedRequestWarning", "UnsupportedCallError"]

logger = logging.getLogger("wirechat.client")


class DegradedRequestWarning(UserWarning):
    """The adapter had to degrade part of the request to send it (the message says what and how)."""


class UnsupportedCallError(NotImplementedError):
    """The provider (or its adapter) has no such call, such as embeddings on Anthropic."""


def _dumps(body: Mapping[str, Any]) -> bytes:
    return json.dumps(body, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def _invalid(message: str) -> InvalidResponseError:
    return InvalidResponseError(Error(kind="invalid_response", message=message, retryable=False))


class _Setup:
    """What both clients resolve the same way: the adapter, the key, the base URL, timeouts and retries."""

    def __init__(
        self,
        provider: str | Adapter,
        *,
        api_key: str | None,
        base_url: str | None,
        timeout: float | Timeouts | None,
        max_retries: int | None,
        retry: RetryPolicy | None,
    ) -> None:
        self.adapter = get(provider) if isinstance(provider, str) else provider
        key = api_key if api_key is not None else os.environ.get(self.adapter.api_key_env)
        if not key:
            raise ValueError(
                f"no API key for {self.adapter.name}: pass api_key=... or set the {self.adapter.api_key_env} "
                "environment variable"
            )
        self.secret = Secret(key)
        self.base_url = base_url or self.adapter.default_base_url
        self.timeouts = Timeouts.of(timeout)
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
        }

    def path(self, kind: RequestKind) -> str:
        try:
            return self.adapter.endpoint_path(kind)
        except ConversionRefused as exc:
            raise self.unsupported(kind, f"the API has no such endpoint ({exc.reason})") from None

    def chat_body(self, request: ChatRequest, stream: bool) -> bytes:
        body, degraded = self.adapter.encode_request(request)
        _warn(degraded)
        return _dumps(self.adapter.stream_request_flags(body) if stream else body)

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
            failure = _invalid(f"the provider's {what} is not JSON ({exc}); it begins {begins}")
        if failure is not None:
            raise failure
        if not isinstance(body, dict):
            raise _invalid(f"the provider's {what} is not a JSON object")
        try:
            return decoder(body)
        except ValueError as exc:
            failure = _invalid(redact(f"the provider's {what} could not be read: {exc}", self.secret))
        raise failure

    def describe(self, kind: str) -> str:
        return f"{kind}(provider={self.adapter.name!r}, base_url={self.base_url!r}, api_key={self.secret!r})"


_CALLS = {"chat": "chat", "embed": "embeddings", "complete": "text completions"}
_CODECS = {
    "embed": ("encode_embed_request", "decode_embed_response"),
    "complete": ("encode_complete_request", "decode_complete_response"),
}


def _check_count(response: EmbedResponse, request: EmbedRequest) -> EmbedResponse:
    if len(response.embeddings) != len(request.inputs):
        raise _invalid(f"the provider returned {len(response.embeddings)} embeddings for {len(request.inputs)} inputs")
    return response


def _warn(degraded: list[ConversionWarning]) -> None:
    for warning in degraded:
        warnings.warn(str(warning), DegradedRequestWarning, stacklevel=4)


class ChatStream:
    """The events of one streamed chat, as they arrive. Iterate it; then ``response`` is the folded
    ``ChatResponse``. ``close()`` (or leaving ``with``) closes the connection, read to the end or not.
    """

    def __init__(self, transport: HttpTransport, path: str, body: bytes, pump: EventPump) -> None:
        self._pump = pump
        self._events = self._run(transport, path, body)

    def _run(self, transport: HttpTransport, path: str, body: bytes) -> Iterator[StreamEvent]:
        pump = self._pump
        with transport.stream(path, body) as chunks:
            failure: APIError | None = None
            try:
                for chunk in chunks:
                    yield from pump.feed(chunk)
            except APIError as exc:
                if exc.partial is not None:  # the pump's own verdict, already carrying what arrived
                    raise
                failure = pump.broken(exc)  # reading the body failed; raised outside the handler
            if failure is not None:
                raise failure
            yield from pump.finish()

    def __iter__(self) -> Iterator[StreamEvent]:
        return self._events

    def __next__(self) -> StreamEvent:
        return next(self._events)

    @property
    def response(self) -> ChatResponse:
        """The folded response; ``RuntimeError`` until the stream has been read to its end."""
        return self._pump.response()

    def until_done(self) -> ChatResponse:
        """Read the rest of the stream and return the folded response."""
        for _ in self._events:
            pass
        return self._pump.response()

    def close(self) -> None:
        self._events.close()  # type: ignore[attr-defined]

    def __enter__(self) -> ChatStream:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class Client:
    """A blocking client for one provider. ``provider`` is an adapter name (``openai-chat``,
    ``anthropic``) or an adapter; the key comes from ``api_key`` or the provider's environment variable.
    ``timeout`` is seconds for every phase or a ``Timeouts``; retries follow ``max_retries`` or ``retry``.
    """

    def __init__(
        self,
        provider: str | Adapter,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float | Timeouts | None = None,
        max_retries: int | None = None,
        retry: RetryPolicy | None = None,
    ) -> None:
        self._setup = _Setup(
            provider, api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries, retry=retry
        )
        self._transport = HttpTransport(self._setup.base_url, **self._setup.transport_options())

    def __repr__(self) -> str:
        return self._setup.describe("Client")

    @property
    def adapter(self) -> Adapter:
        return self._setup.adapter

    def chat(self, request: ChatRequest) -> ChatResponse:
        """Send ``request`` and return the provider's answer as a canonical ``ChatResponse``."""
        reply = self._transport.post(self._setup.path("chat"), self._setup.chat_body(request, stream=False))
        response: ChatResponse = self._setup.decode(reply, self._setup.adapter.decode_response, "response")
        return response

    def stream(self, request: ChatRequest) -> ChatStream:
        """Send ``request`` for a streamed answer; iterate the result for canonical ``StreamEvent``s."""
        body = self._setup.chat_body(request, stream=True)
        pump = EventPump(self._setup.adapter.stream_decoder(), self._setup.secret)
        return ChatStream(self._transport, self._setup.path("chat"), body, pump)

    def embed(self, request: EmbedRequest) -> EmbedResponse:
        """Embed ``request.inputs``; ``UnsupportedCallError`` where the provider has no embeddings."""
        path = self._setup.path("embed")
        encode = self._setup.codec("embed", "encode_embed_request")
        decode = self._setup.codec("embed", "decode_embed_response")
        reply = self._transport.post(path, _dumps(encode(request)))
        response: EmbedResponse = self._setup.decode(reply, decode, "embeddings response")
        return _check_count(response, request)

    def complete(self, request: CompleteRequest) -> CompleteResponse:
        """A plain text completion; ``UnsupportedCallError`` where the provider has none."""
        path = self._setup.path("complete")
        encode = self._setup.codec("complete", "encode_complete_request")
        decode = self._setup.codec("complete", "decode_complete_response")
        reply = self._transport.post(path, _dumps(encode(request)))
        response: CompleteResponse = self._setup.decode(reply, decode, "completion response")
        return response

    def close(self) -> None:
        """Close the connection pool."""
        self._transport.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class AsyncChatStream:
    """The asyncio twin of ``ChatStream``: ``async for`` the events, then ``response``; ``aclose()`` or
    ``async with`` closes the connection. Cancelling the task that reads it closes it too.
    """

    def __init__(self, transport: AsyncHttpTransport, path: str, body: bytes, pump: EventPump) -> None:
        self._pump = pump
        self._events = self._run(transport, path, body)

    async def _run(self, transport: AsyncHttpTransport, path: str, body: bytes) -> AsyncIterator[StreamEvent]:
        pump = self._pump
        async with transport.stream(path, body) as chunks:
            failure: APIError | None = None
            try:
                async for chunk in chunks:
                    for event in pump.feed(chunk):
                        yield event
            except APIError as exc:
                if exc.partial is not None:  # the pump's own verdict, already carrying what arrived
                    raise
                failure = pump.broken(exc)  # reading the body failed; raised outside the handler
            if failure is not None:
                raise failure
            for event in pump.finish():
                yield event

    def __aiter__(self) -> AsyncIterator[StreamEvent]:
        return self._events

    async def __anext__(self) -> StreamEvent:
        return await anext(self._events)

    @property
    def response(self) -> ChatResponse:
        """The folded response; ``RuntimeError`` until the stream has been read to its end."""
        return self._pump.response()

    async def until_done(self) -> ChatResponse:
        """Read the rest of the stream and return the folded response."""
        async for _ in self._events:
            pass
        return self._pump.response()

    async def aclose(self) -> None:
        await self._events.aclose()  # type: ignore[attr-defined]

    async def __aenter__(self) -> AsyncChatStream:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()


class AsyncClient:
    """The asyncio client; the same arguments as ``Client``, plus ``max_connections`` for the pool."""

    def __init__(
        self,
        provider: str | Adapter,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float | Timeouts | None = None,
        max_retries: int | None = None,
        retry: RetryPolicy | None = None,
        max_connections: int = 100,
    ) -> None:
        self._setup = _Setup(
            provider, api_key=api_key, base_url=base_url, timeout=timeout, max_retries=max_retries, retry=retry
        )
        options = self._setup.transport_options()
        self._transport = AsyncHttpTransport(self._setup.base_url, max_connections=max_connections, **options)

    def __repr__(self) -> str:
        return self._setup.describe("AsyncClient")

    @property
    def adapter(self) -> Adapter:
        return self._setup.adapter

    async def chat(self, request: ChatRequest) -> ChatResponse:
        """Send ``request`` and return the provider's answer as a canonical ``ChatResponse``."""
        body = self._setup.chat_body(request, stream=False)
        reply = await self._transport.post(self._setup.path("chat"), body)
        response: ChatResponse = self._setup.decode(reply, self._setup.adapter.decode_response, "response")
        return response

    def stream(self, request: ChatRequest) -> AsyncChatStream:
        """Send ``request`` for a streamed answer; ``async for`` the result for canonical events."""
        body = self._setup.chat_body(request, stream=True)
        pump = EventPump(self._setup.adapter.stream_decoder(), self._setup.secret)
        return AsyncChatStream(self._transport, self._setup.path("chat"), body, pump)

    async def embed(self, request: EmbedRequest) -> EmbedResponse:
        """Embed ``request.inputs``; ``UnsupportedCallError`` where the provider has no embeddings."""
        path = self._setup.path("embed")
        encode = self._setup.codec("embed", "encode_embed_request")
        decode = self._setup.codec("embed", "decode_embed_response")
        reply = await self._transport.post(path, _dumps(encode(request)))
        response: EmbedResponse = self._setup.decode(reply, decode, "embeddings response")
        return _check_count(response, request)

    async def complete(self, request: CompleteRequest) -> CompleteResponse:
        """A plain text completion; ``UnsupportedCallError`` where the provider has none."""
        path = self._setup.path("complete")
        encode = self._setup.codec("complete", "encode_complete_request")
        decode = self._setup.codec("complete", "decode_complete_response")
        reply = await self._transport.post(path, _dumps(encode(request)))
        response: CompleteResponse = self._setup.decode(reply, decode, "completion response")
        return response

    async def aclose(self) -> None:
        """Close the connection pool."""
        await self._transport.aclose()

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        await self.aclose()

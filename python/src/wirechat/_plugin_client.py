"""``wirechat.Client("querymt", plugin="provider.wasm", config={...})``: the clients for a QueryMT plugin.

``Client(..., plugin=...)`` builds a ``PluginClient`` (``AsyncClient`` an ``AsyncPluginClient``): the
adapter (``querymt``) encodes each canonical request into the plugin's JSON, ``wirechat.transport.plugin``
runs the export in its sandbox, the adapter decodes the answer. A failure the plugin reports (its
``PluginError`` JSON) is read by the adapter's ``decode_error`` and raised as the ``APIError`` subclass of
its kind; the plugin failing as a plugin raises ``PluginError``. QueryMT has no streaming export a generic
host can serve, so ``stream`` calls ``chat`` and yields the events of the whole reply (the manifest's
``STREAMING`` note). The async client runs each call in a worker thread.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Iterator, Mapping
from pathlib import Path
from typing import Any

from wirechat._calls import check_count, warn_degraded
from wirechat._generated.models import (
    ChatRequest,
    ChatResponse,
    CompleteRequest,
    CompleteResponse,
    EmbedRequest,
    EmbedResponse,
    StreamEvent,
)
from wirechat.adapters import Adapter, get
from wirechat.client import AsyncClient, Client
from wirechat.stream import StreamFold, events_from_response
from wirechat.structured_output import Output, astructured_chat, structured_chat
from wirechat.transport.plugin import PluginHost, PluginReported, Sandbox
from wirechat.transport.plugin_errors import PluginError, provider_failure

__all__ = ["AsyncPluginClient", "AsyncPluginStream", "PluginCalls", "PluginClient", "PluginStream"]


class PluginCalls:
    """What both plugin clients do, without I/O of their own: encode, call the export, decode."""

    def __init__(
        self,
        provider: str | Adapter,
        plugin: str | Path,
        config: Mapping[str, Any] | None,
        sandbox: Sandbox | None,
        timeout: Any,
    ) -> None:
        self.adapter = get(provider) if isinstance(provider, str) else provider
        if sandbox is None and isinstance(timeout, (int, float)) and not isinstance(timeout, bool):
            sandbox = Sandbox(timeout_s=float(timeout))
        self.host = PluginHost(plugin, config=config, sandbox=sandbox)

    def _run(self, export: str, body: dict[str, Any]) -> Any:
        try:
            return self.host.call(export, body)
        except PluginReported as reported:
            error = self.adapter.decode_error(None, {}, reported.text.encode("utf-8"))
            failure = provider_failure(error, plugin=reported.plugin, export=export)
        raise failure

    def _decode(self, export: str, decoder: Any, answer: Any) -> Any:
        try:
            return decoder(answer)
        except ValueError as exc:
            pointer = str(exc).split(":", 1)[0] if str(exc).startswith("/") else None
            raise PluginError(
                "invalid_output",
                f"the answer is not what {export} returns: {exc}",
                plugin=self.host.source,
                export=export,
                pointer=pointer,
            ) from None

    def chat(self, request: ChatRequest) -> ChatResponse:
        body, degraded = self.adapter.encode_request(request)
        warn_degraded(degraded, request)
        answer = self._run("chat", body)
        if not isinstance(answer, dict):
            raise PluginError(
                "invalid_output",
                "chat must return an ExtismChatResponse object",
                plugin=self.host.source,
                export="chat",
            )
        response: ChatResponse = self._decode("chat", self.adapter.decode_response, answer)
        return response

    def embed(self, request: EmbedRequest) -> EmbedResponse:
        encode = getattr(self.adapter, "encode_embed_request")  # noqa: B009 (an optional capability)
        answer = self._run("embed", encode(request))
        response: EmbedResponse = self._decode("embed", getattr(self.adapter, "decode_embed_response"), answer)  # noqa: B009
        return check_count(response, request)

    def complete(self, request: CompleteRequest) -> CompleteResponse:
        encode = getattr(self.adapter, "encode_complete_request")  # noqa: B009
        answer = self._run("complete", encode(request))
        response: CompleteResponse = self._decode("complete", getattr(self.adapter, "decode_complete_response"), answer)  # noqa: B009
        return response

    def describe(self, kind: str) -> str:
        return f"{kind}(provider={self.adapter.name!r}, plugin={self.host.source!r})"


class PluginStream:
    """The events of a whole reply, read as a stream (``for event in stream``; then ``response``)."""

    def __init__(self, events: list[StreamEvent]) -> None:
        self._events = list(events)
        self._fold = StreamFold()
        self._iterator = self._run()

    def _run(self) -> Generator[StreamEvent, None, None]:
        for event in self._events:
            self._fold.add(event)
            yield event

    def __iter__(self) -> Iterator[StreamEvent]:
        return self._iterator

    def __next__(self) -> StreamEvent:
        return next(self._iterator)

    @property
    def response(self) -> ChatResponse:
        return self._fold.response()

    def until_done(self) -> ChatResponse:
        for _ in self._iterator:
            pass
        return self._fold.response()

    def close(self) -> None:
        self._iterator.close()

    def __enter__(self) -> PluginStream:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class AsyncPluginStream:
    """The asyncio twin: ``async for`` the events of the whole reply (the chat runs in a worker thread
    when iteration starts), then ``response``."""

    def __init__(self, chat: Callable[[], Awaitable[ChatResponse]]) -> None:
        self._chat = chat
        self._fold = StreamFold()
        self._events = self._run()

    async def _run(self) -> AsyncIterator[StreamEvent]:
        for event in events_from_response(await self._chat()):
            self._fold.add(event)
            yield event

    def __aiter__(self) -> AsyncIterator[StreamEvent]:
        return self._events

    async def __anext__(self) -> StreamEvent:
        return await anext(self._events)

    @property
    def response(self) -> ChatResponse:
        return self._fold.response()

    async def until_done(self) -> ChatResponse:
        async for _ in self._events:
            pass
        return self._fold.response()

    async def aclose(self) -> None:
        await self._events.aclose()  # type: ignore[attr-defined]

    async def __aenter__(self) -> AsyncPluginStream:
        return self

    async def __aexit__(self, *exc_info: object) -> None:
        await self.aclose()


class PluginClient(Client):
    """``Client`` for a QueryMT plugin (see the module docstring); ``timeout`` (seconds) or ``sandbox``
    bound each call."""

    def __init__(
        self,
        provider: str | Adapter,
        *,
        plugin: str | Path | None = None,
        config: Mapping[str, Any] | None = None,
        sandbox: Sandbox | None = None,
        timeout: Any = None,
        **ignored: Any,
    ) -> None:
        _refuse_http_settings(ignored)
        assert plugin is not None
        self._calls = PluginCalls(provider, plugin, config, sandbox, timeout)

    def __repr__(self) -> str:
        return self._calls.describe("Client")

    @property
    def adapter(self) -> Adapter:
        return self._calls.adapter

    def chat(  # the per-call HTTP options are taken and refused (a plugin does its own I/O)
        self, request: ChatRequest, *, output: Output | None = None, output_retries: int = 0, **call: Any
    ) -> Any:
        _refuse_http_settings(call)
        if output is not None:  # structured output, as Client.chat does it
            return structured_chat(self._calls.chat, request, output, output_retries)
        return self._calls.chat(request)

    def stream(self, request: ChatRequest) -> PluginStream:  # type: ignore[override]
        return PluginStream(events_from_response(self._calls.chat(request)))

    def embed(self, request: EmbedRequest) -> EmbedResponse:
        return self._calls.embed(request)

    def complete(self, request: CompleteRequest) -> CompleteResponse:
        return self._calls.complete(request)

    def close(self) -> None:
        self._calls.host.close()


class AsyncPluginClient(AsyncClient):
    """``AsyncClient`` for a QueryMT plugin: each call runs in a worker thread."""

    def __init__(
        self,
        provider: str | Adapter,
        *,
        plugin: str | Path | None = None,
        config: Mapping[str, Any] | None = None,
        sandbox: Sandbox | None = None,
        timeout: Any = None,
        **ignored: Any,
    ) -> None:
        _refuse_http_settings(ignored)
        assert plugin is not None
        self._calls = PluginCalls(provider, plugin, config, sandbox, timeout)

    def __repr__(self) -> str:
        return self._calls.describe("AsyncClient")

    @property
    def adapter(self) -> Adapter:
        return self._calls.adapter

    async def chat(  # the per-call HTTP options are taken and refused (a plugin does its own I/O)
        self, request: ChatRequest, *, output: Output | None = None, output_retries: int = 0, **call: Any
    ) -> Any:
        _refuse_http_settings(call)
        if output is not None:  # structured output, as AsyncClient.chat does it
            return await astructured_chat(self.chat, request, output, output_retries)
        return await asyncio.to_thread(self._calls.chat, request)

    def stream(self, request: ChatRequest) -> AsyncPluginStream:  # type: ignore[override]
        return AsyncPluginStream(lambda: self.chat(request))

    async def embed(self, request: EmbedRequest) -> EmbedResponse:
        return await asyncio.to_thread(self._calls.embed, request)

    async def complete(self, request: CompleteRequest) -> CompleteResponse:
        return await asyncio.to_thread(self._calls.complete, request)

    async def aclose(self) -> None:
        self._calls.host.close()


def _refuse_http_settings(ignored: Mapping[str, Any]) -> None:
    given = {key: value for key, value in ignored.items() if value is not None and key != "max_connections"}
    if given:
        names = ", ".join(sorted(given))
        raise TypeError(f"a plugin client takes no HTTP settings: {names} (the plugin does its own I/O)")

"""``wirechat.Client`` and ``wirechat.AsyncClient``: call a provider with canonical requests, get canonical
responses and stream events back.

    with wirechat.Client("anthropic") as client:          # the key from ANTHROPIC_API_KEY
        response = client.chat(request)
        with client.stream(request) as stream:
            for event in stream:                          # canonical StreamEvents, as they arrive
                ...
            response = stream.response                    # the folded ChatResponse
        print(client.chat(request).text)                  # the reply's text
        for text in client.stream_text(request):          # only the text, as it arrives
            print(text, end="")

Per call, ``timeout=``, ``max_retries=`` and ``headers=`` override the client's for that call only:
``client.chat(request, timeout=5, max_retries=0, headers={"x-trace": "1"})``. ``Client(..., headers=,
http_client=)`` sets headers for every call and brings your own ``httpx.Client`` (its pool, proxies,
certificates; timeouts then come from it, unless a call sets one). ``base_url`` comes from the argument,
the provider SDK's own variable (``OPENAI_BASE_URL``, ``ANTHROPIC_BASE_URL`` ...) or the adapter's
default, with or without the version path (``wirechat._base_url``).

The adapter (``wirechat.adapters.get(provider)``) translates; the transport (``wirechat.transport``) does
the HTTP, with timeouts on by default and retries for retryable errors. Failures raise one ``APIError``
subclass per canonical error kind; a stream that fails carries the partial message (``.partial``). The API
key is kept in a ``Secret``: no repr, log line or exception message shows it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator, Mapping
from os import PathLike
from types import TracebackType
from typing import TYPE_CHECKING, Any, TypeVar, overload

from pydantic import BaseModel

from wirechat._calls import (
    ClientSetup,
    DegradedRequestWarning,
    ResponseDataWarning,
    UnsupportedCallError,
    check_count,
    dumps_body,
)
from wirechat._generated.models import (
    ChatRequest,
    ChatResponse,
    CompleteRequest,
    CompleteResponse,
    EmbedRequest,
    EmbedResponse,
)
from wirechat.adapters import Adapter
from wirechat.chat_stream import AsyncChatStream, ChatStream
from wirechat.structured_output import Output, Structured, astructured_chat, structured_chat
from wirechat.transport.call_options import CallOptions
from wirechat.transport.http import AsyncHttpTransport, HttpTransport, Timeouts
from wirechat.transport.limits import Limits
from wirechat.transport.retry import RetryPolicy

if TYPE_CHECKING:
    import httpx

M = TypeVar("M", bound=BaseModel)
_Timeout = float | Timeouts | None
_Headers = Mapping[str, str] | None

__all__ = [
    "AsyncChatStream",
    "AsyncClient",
    "ChatStream",
    "Client",
    "DegradedRequestWarning",
    "ResponseDataWarning",
    "UnsupportedCallError",
]


class Client:
    """A blocking client for one provider. ``provider`` is an adapter name (``openai-chat``,
    ``anthropic``) or an adapter; the key comes from ``api_key`` or the provider's environment variable.
    ``timeout`` is seconds for every phase and the whole call, or a ``Timeouts``; ``limits`` caps what the
    provider may send back (``Limits``); retries follow ``max_retries`` or ``retry``.
    ``profile`` picks a named profile of an adapter that has them (``Client("openai-compatible",
    profile="ollama")`` is the adapter ``openai-compatible:ollama``). ``headers`` go with every call;
    ``http_client`` is your own ``httpx.Client`` (you close it). An unknown ``provider`` raises
    ``UnknownAdapterError``, which suggests the close names and lists them all.
    """

    def __new__(cls, *args: Any, plugin: str | PathLike[str] | None = None, **kwargs: Any) -> Client:
        """With ``plugin=`` (a QueryMT plugin: ``Client("querymt", plugin="p.wasm", config={...})``), a
        ``wirechat._plugin_client.PluginClient``, which runs the plugin instead of calling over HTTP."""
        if plugin is not None and cls is Client:
            from wirechat._plugin_client import PluginClient  # noqa: PLC0415 (only plugin users load it)

            return super().__new__(PluginClient)
        if args and args[0] == "querymt":
            raise ValueError("querymt is a plugin format: pass plugin='provider.wasm' (and its config=...)")
        return super().__new__(cls)

    def __init__(
        self,
        provider: str | Adapter,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float | Timeouts | None = None,
        max_retries: int | None = None,
        retry: RetryPolicy | None = None,
        plugin: str | PathLike[str] | None = None,
        config: Mapping[str, Any] | None = None,
        sandbox: Any = None,
        profile: str | None = None,
        headers: Mapping[str, str] | None = None,
        http_client: httpx.Client | None = None,
        limits: Limits | None = None,
    ) -> None:
        _no_plugin_here(plugin)
        self._setup = ClientSetup(
            provider,
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            retry=retry,
            profile=profile,
            headers=headers,
            limits=limits,
        )
        options = self._setup.transport_options()
        self._transport = HttpTransport(self._setup.base_url, http_client=http_client, **options)

    def __repr__(self) -> str:
        return self._setup.describe("Client")

    @property
    def adapter(self) -> Adapter:
        return self._setup.adapter

    @overload
    def chat(
        self,
        request: ChatRequest,
        *,
        timeout: _Timeout = None,
        max_retries: int | None = None,
        headers: _Headers = None,
    ) -> ChatResponse: ...
    @overload
    def chat(
        self, request: ChatRequest, *, output: type[M], output_retries: int = 0, timeout: _Timeout = None,
        max_retries: int | None = None, headers: _Headers = None,
    ) -> Structured[M]: ...  # fmt: skip
    @overload
    def chat(
        self, request: ChatRequest, *, output: Mapping[str, Any], output_retries: int = 0, timeout: _Timeout = None,
        max_retries: int | None = None, headers: _Headers = None,
    ) -> Structured[Any]: ...  # fmt: skip
    def chat(
        self,
        request: ChatRequest,
        *,
        output: Output | None = None,
        output_retries: int = 0,
        timeout: _Timeout = None,
        max_retries: int | None = None,
        headers: _Headers = None,
    ) -> Any:
        """Send ``request`` and return the provider's answer as a canonical ``ChatResponse``. With ``output``
        (a pydantic model or a JSON Schema), return ``Structured(value, response)`` with the validated
        value, or raise ``StructuredOutputError`` (``wirechat.structured_output``). ``timeout``,
        ``max_retries`` and ``headers`` apply to this call only."""
        call = CallOptions.of(timeout, max_retries, headers)
        if output is not None:
            return structured_chat(lambda sent: self._chat(sent, call), request, output, output_retries)
        return self._chat(request, call)

    def _chat(self, request: ChatRequest, call: CallOptions | None) -> ChatResponse:
        path, body = self._setup.chat_call(request, stream=False)
        reply = self._transport.post(path, body, call)
        return self._setup.decode_chat(reply)

    def stream(
        self,
        request: ChatRequest,
        *,
        timeout: _Timeout = None,
        max_retries: int | None = None,
        headers: _Headers = None,
    ) -> ChatStream:
        """Send ``request`` for a streamed answer; iterate the result for canonical ``StreamEvent``s.
        ``timeout``, ``max_retries`` and ``headers`` apply to this call only."""
        call = CallOptions.of(timeout, max_retries, headers)
        path, body = self._setup.chat_call(request, stream=True)
        pump = self._setup.pump()
        return ChatStream(self._transport, path, body, pump, call)

    def stream_text(
        self,
        request: ChatRequest,
        *,
        timeout: _Timeout = None,
        max_retries: int | None = None,
        headers: _Headers = None,
    ) -> Iterator[str]:
        """Stream ``request`` and give only the answer's text as it arrives; the connection is closed when
        the iteration ends or is abandoned. Takes ``stream``'s per-call options."""
        with self.stream(request, timeout=timeout, max_retries=max_retries, headers=headers) as stream:
            yield from stream.text_deltas()

    def embed(self, request: EmbedRequest) -> EmbedResponse:
        """Embed ``request.inputs``; ``UnsupportedCallError`` where the provider has no embeddings."""
        path = self._setup.path("embed")
        encode = self._setup.codec("embed", "encode_embed_request")
        decode = self._setup.codec("embed", "decode_embed_response")
        path, sent = self._setup.route("embed", path, encode(request))
        reply = self._transport.post(path, sent)
        response: EmbedResponse = self._setup.decode(reply, decode, "embeddings response")
        return check_count(response, request)

    def complete(self, request: CompleteRequest) -> CompleteResponse:
        """A plain text completion; ``UnsupportedCallError`` where the provider has none."""
        path = self._setup.path("complete")
        encode = self._setup.codec("complete", "encode_complete_request")
        decode = self._setup.codec("complete", "decode_complete_response")
        reply = self._transport.post(path, dumps_body(encode(request)))
        response: CompleteResponse = self._setup.decode(reply, decode, "completion response")
        return response

    def close(self) -> None:
        """Close the connection pool."""
        self._transport.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()


class AsyncClient:
    """The asyncio client; the same arguments as ``Client``, plus ``max_connections`` for the pool."""

    def __new__(cls, *args: Any, plugin: str | PathLike[str] | None = None, **kwargs: Any) -> AsyncClient:
        """With ``plugin=`` (a QueryMT plugin: ``AsyncClient("querymt", plugin="p.wasm", config={...})``), a
        ``wirechat._plugin_client.AsyncPluginClient``, which runs the plugin instead of calling over HTTP."""
        if plugin is not None and cls is AsyncClient:
            from wirechat._plugin_client import AsyncPluginClient  # noqa: PLC0415 (only plugin users load it)

            return super().__new__(AsyncPluginClient)
        if args and args[0] == "querymt":
            raise ValueError("querymt is a plugin format: pass plugin='provider.wasm' (and its config=...)")
        return super().__new__(cls)

    def __init__(
        self,
        provider: str | Adapter,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float | Timeouts | None = None,
        max_retries: int | None = None,
        retry: RetryPolicy | None = None,
        profile: str | None = None,
        max_connections: int = 100,
        plugin: str | PathLike[str] | None = None,
        config: Mapping[str, Any] | None = None,
        sandbox: Any = None,
        headers: Mapping[str, str] | None = None,
        http_client: httpx.AsyncClient | None = None,
        limits: Limits | None = None,
    ) -> None:
        _no_plugin_here(plugin)
        self._setup = ClientSetup(
            provider,
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            retry=retry,
            profile=profile,
            headers=headers,
            limits=limits,
        )
        options = self._setup.transport_options()
        self._transport = AsyncHttpTransport(
            self._setup.base_url, max_connections=max_connections, http_client=http_client, **options
        )

    def __repr__(self) -> str:
        return self._setup.describe("AsyncClient")

    @property
    def adapter(self) -> Adapter:
        return self._setup.adapter

    @overload
    async def chat(
        self,
        request: ChatRequest,
        *,
        timeout: _Timeout = None,
        max_retries: int | None = None,
        headers: _Headers = None,
    ) -> ChatResponse: ...
    @overload
    async def chat(
        self, request: ChatRequest, *, output: type[M], output_retries: int = 0, timeout: _Timeout = None,
        max_retries: int | None = None, headers: _Headers = None,
    ) -> Structured[M]: ...  # fmt: skip
    @overload
    async def chat(
        self, request: ChatRequest, *, output: Mapping[str, Any], output_retries: int = 0, timeout: _Timeout = None,
        max_retries: int | None = None, headers: _Headers = None,
    ) -> Structured[Any]: ...  # fmt: skip
    async def chat(
        self,
        request: ChatRequest,
        *,
        output: Output | None = None,
        output_retries: int = 0,
        timeout: _Timeout = None,
        max_retries: int | None = None,
        headers: _Headers = None,
    ) -> Any:
        """The asyncio form of ``Client.chat``, ``output`` and the per-call options included."""
        call = CallOptions.of(timeout, max_retries, headers)
        if output is not None:
            return await astructured_chat(lambda sent: self._chat(sent, call), request, output, output_retries)
        return await self._chat(request, call)

    async def _chat(self, request: ChatRequest, call: CallOptions | None) -> ChatResponse:
        path, body = self._setup.chat_call(request, stream=False)
        reply = await self._transport.post(path, body, call)
        return self._setup.decode_chat(reply)

    def stream(
        self,
        request: ChatRequest,
        *,
        timeout: _Timeout = None,
        max_retries: int | None = None,
        headers: _Headers = None,
    ) -> AsyncChatStream:
        """Send ``request`` for a streamed answer; ``async for`` the result for canonical events.
        ``timeout``, ``max_retries`` and ``headers`` apply to this call only."""
        call = CallOptions.of(timeout, max_retries, headers)
        path, body = self._setup.chat_call(request, stream=True)
        pump = self._setup.pump()
        return AsyncChatStream(self._transport, path, body, pump, call)

    async def stream_text(
        self,
        request: ChatRequest,
        *,
        timeout: _Timeout = None,
        max_retries: int | None = None,
        headers: _Headers = None,
    ) -> AsyncIterator[str]:
        """The asyncio form of ``Client.stream_text``."""
        async with self.stream(request, timeout=timeout, max_retries=max_retries, headers=headers) as stream:
            async for text in stream.text_deltas():
                yield text

    async def embed(self, request: EmbedRequest) -> EmbedResponse:
        """Embed ``request.inputs``; ``UnsupportedCallError`` where the provider has no embeddings."""
        path = self._setup.path("embed")
        encode = self._setup.codec("embed", "encode_embed_request")
        decode = self._setup.codec("embed", "decode_embed_response")
        path, sent = self._setup.route("embed", path, encode(request))
        reply = await self._transport.post(path, sent)
        response: EmbedResponse = self._setup.decode(reply, decode, "embeddings response")
        return check_count(response, request)

    async def complete(self, request: CompleteRequest) -> CompleteResponse:
        """A plain text completion; ``UnsupportedCallError`` where the provider has none."""
        path = self._setup.path("complete")
        encode = self._setup.codec("complete", "encode_complete_request")
        decode = self._setup.codec("complete", "decode_complete_response")
        reply = await self._transport.post(path, dumps_body(encode(request)))
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


def _no_plugin_here(plugin: object) -> None:
    if plugin is not None:  # only a subclass that did not handle plugin= gets here
        raise TypeError("plugin= is handled by wirechat.Client and wirechat.AsyncClient themselves")
